"""The reads and writes of multi-table tournaments (``bot.storage.mtt_interface``), written once for
every backend: mixed into ``Queries`` and ``Writes``."""
from __future__ import annotations

import json
from typing import Any, Sequence

from bot.errors import UserError
from bot.storage.records import MttEntry, MttRow
from bot.storage.tournament_records import TournamentSettings, TournamentState

MTT_COLUMNS = "id, guild_id, channel_id, message_id, host_id, name, game, status, settings, state, pool, created_at"
ENTRY_COLUMNS = "user_id, name, is_bot, entries, table_id, chips, place, prize"
RUNNING = "('registering', 'playing')"


def _mtt(row: Sequence[Any]) -> MttRow:
    (id_, guild_id, channel_id, message_id, host_id, name, game, status, settings, state, pool, created_at) = row
    return MttRow(int(id_), int(guild_id), int(channel_id), None if message_id is None else int(message_id),
                  int(host_id), str(name), str(game), str(status),
                  TournamentSettings.from_json(json.loads(settings)), TournamentState.from_json(json.loads(state)),
                  int(pool), float(created_at))


def _entry(row: Sequence[Any]) -> MttEntry:
    user_id, name, is_bot, entries, table_id, chips, place, prize = row
    return MttEntry(int(user_id), str(name), bool(is_bot), int(entries), None if table_id is None else int(table_id),
                    int(chips), None if place is None else int(place), int(prize))


class MttQueries:
    _db: Any  # ``bot.storage.queries.Db``

    async def running_mtts(self) -> list[MttRow]:
        return [_mtt(r) for r in await self._db.fetch(
            f"SELECT {MTT_COLUMNS} FROM mtts WHERE status IN {RUNNING} ORDER BY id")]

    async def mtt(self, mtt_id: int) -> MttRow | None:
        rows = await self._db.fetch(f"SELECT {MTT_COLUMNS} FROM mtts WHERE id = ?", mtt_id)
        return _mtt(rows[0]) if rows else None

    async def mtt_named(self, guild_id: int, name: str) -> MttRow | None:
        rows = await self._db.fetch(
            f"SELECT {MTT_COLUMNS} FROM mtts WHERE guild_id = ? AND name = ?"
            f" ORDER BY CASE WHEN status IN {RUNNING} THEN 0 ELSE 1 END, id DESC LIMIT 1", guild_id, name)
        return _mtt(rows[0]) if rows else None

    async def mtt_entries(self, mtt_id: int) -> list[MttEntry]:
        return [_entry(r) for r in await self._db.fetch(
            f"SELECT {ENTRY_COLUMNS} FROM mtt_entries WHERE mtt_id = ? ORDER BY rowid", mtt_id)]

    async def mtt_tables(self, mtt_id: int) -> dict[int, int]:
        rows = await self._db.fetch("SELECT table_id, number FROM mtt_tables WHERE mtt_id = ?", mtt_id)
        return {int(t): int(n) for t, n in rows}


class MttWrites:
    _db: Any  # ``bot.storage.queries.Db``

    async def insert_mtt(self, guild_id: int, channel_id: int, host_id: int, name: str, game: str,
                         settings: TournamentSettings, now: float) -> int:
        taken = await self._db.fetch(f"SELECT 1 FROM mtts WHERE guild_id = ? AND name = ? AND status IN {RUNNING}",
                                     guild_id, name)
        if taken:
            raise UserError(f"A tournament named {name!r} is already open on this server: choose another name.")
        rows = await self._db.fetch(
            "INSERT INTO mtts (guild_id, channel_id, host_id, name, game, status, settings, state, created_at)"
            " VALUES (?, ?, ?, ?, ?, 'registering', ?, '{}', ?) RETURNING id",
            guild_id, channel_id, host_id, name, game, json.dumps(settings.to_json()), now)
        return int(rows[0][0])

    async def save_mtt(self, mtt: MttRow, entries: Sequence[MttEntry] = ()) -> None:
        """Its status, message and state, and ``entries`` as they are now (new ones added), as the
        tournament's next save (its number kept in ``state.saved``): a row already written by a
        later save is left as it is. Two tables' transactions send their writes at commit, so the one
        that took its copy first may commit last; the stored tournament is the newest copy all the
        same. The pool is not written here: it moves by ``add_to_mtt_pool`` with the wallets."""
        saved = mtt.state.saved = mtt.state.saved + 1
        await self._db.execute("UPDATE mtts SET status = ?, message_id = ?, state = ?, saved = ? WHERE id = ? AND saved < ?",
                               mtt.status, mtt.message_id, json.dumps(mtt.state.to_json()), saved, mtt.id, saved)
        await self._db.executemany(
            f"INSERT INTO mtt_entries (mtt_id, {ENTRY_COLUMNS}, saved) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (mtt_id, user_id) DO UPDATE SET name = excluded.name, entries = excluded.entries,"
            " table_id = excluded.table_id, chips = excluded.chips, place = excluded.place, prize = excluded.prize,"
            " saved = excluded.saved WHERE mtt_entries.saved < excluded.saved",
            [(mtt.id, e.user_id, e.name, int(e.is_bot), e.entries, e.table_id, e.chips, e.place, e.prize, saved)
             for e in entries])

    async def add_to_mtt_pool(self, mtt_id: int, chips: int) -> None:
        await self._db.execute("UPDATE mtts SET pool = pool + ? WHERE id = ?", chips, mtt_id)

    async def drop_mtt_entry(self, mtt_id: int, user_id: int) -> None:
        await self._db.execute("DELETE FROM mtt_entries WHERE mtt_id = ? AND user_id = ?", mtt_id, user_id)

    async def move_table(self, table_id: int, channel_id: int) -> None:
        await self._db.execute("UPDATE tables SET channel_id = ? WHERE id = ?", channel_id, table_id)

    async def add_mtt_table(self, mtt_id: int, table_id: int, number: int) -> None:
        await self._db.execute("INSERT INTO mtt_tables (table_id, mtt_id, number) VALUES (?, ?, ?)",
                               table_id, mtt_id, number)
