"""The reads of ``bot.storage.interface.Storage``, written once for every backend.

A backend gives a ``Db`` (run a query in its dialect) and inherits these; its own module holds only
connecting, migrating and ``transaction()``.
"""
from __future__ import annotations

import asyncio
import json
from typing import Any, Iterable, Protocol, Sequence

from bot.games.base import Action
from bot.games.event_records import EventPlayer, EventResult
from bot.storage.dialect import Dialect
from bot.storage.mtt_store import MttQueries
from bot.storage.season_queries import SeasonQueries
from bot.storage.records import (Deal, Move, EventState, LedgerEntry, PlayedHand, Standing, StoredHand, TableRow,
                                 TableCarry, TableSettings, seats_from_json)
from bot.storage.web_store import WebQueries

NAMES_AT_ONCE = 500
"""Members whose names one query reads (SQLite's oldest limit is 999 parameters a query)."""
TABLE_COLUMNS = (
    "id, guild_id, channel_id, game, host_id, status, settings, seats, carry, hand, hand_no, step,"
    " deadline, message_id"
)


class Db(Protocol):
    """One connection (or a pool) of a backend; queries use ``?`` placeholders."""

    dialect: Dialect

    async def fetch(self, sql: str, *args: Any) -> list[Sequence[Any]]: ...

    async def execute(self, sql: str, *args: Any) -> None: ...

    async def executemany(self, sql: str, rows: list[tuple[Any, ...]]) -> None: ...


def table_from_row(row: Iterable[Any]) -> TableRow:
    (id_, guild, channel, game, host, status, settings, seats, carry, hand, hand_no, step,
     deadline, message_id) = row
    table_settings = json.loads(settings)
    header = None if hand is None else json.loads(hand)
    if header is not None:
        header.setdefault("settings", table_settings)  # deals stored before a deal kept its own settings
    return TableRow(
        id=id_, guild_id=guild, channel_id=channel, game=game, host_id=host, status=status,
        settings=TableSettings.from_json(table_settings), seats=seats_from_json(json.loads(seats)), carry=TableCarry.from_json(json.loads(carry)),
        deal=None if header is None else Deal.from_json(header), hand_no=hand_no, step=step,
        deadline=deadline, message_id=message_id,
    )


def _played_hands(rows: list[Sequence[Any]]) -> list[PlayedHand]:
    return [PlayedHand(int(t), int(n), str(g), int(s), int(net), float(at), json.loads(rec), str(exp))
            for t, n, g, s, net, at, rec, exp in rows]


class Queries(MttQueries, WebQueries, SeasonQueries):
    """Reads (no transaction needed). ``self._db`` runs them; ``self._defaults`` is (starting
    balance, daily amount) of a server that set neither."""

    _db: Db
    _defaults: tuple[int, int]

    async def open_tables(self) -> list[TableRow]:
        tables = [table_from_row(r) for r in await self._db.fetch(
            f"SELECT {TABLE_COLUMNS} FROM tables WHERE status != 'closed' ORDER BY id")]
        await self._load_actions(tables, "tables.status != 'closed'")
        return tables

    async def table(self, table_id: int) -> TableRow | None:
        rows = await self._db.fetch(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?", table_id)
        if not rows:
            return None
        table = table_from_row(rows[0])
        await self._load_actions([table], "tables.id = ?", table_id)
        return table

    async def _load_actions(self, tables: list[TableRow], where: str, *args: Any) -> None:
        """Put each deal in progress's action rows, in order, into its ``deal.actions``; an action
        row later than the table row's step brings the step, the deadline, and the seats if it wrote
        them (an action writes only its own row: see ``Writes.append_action``)."""
        dealing = {t.id: t for t in tables if t.deal is not None}
        actions: dict[int, list[Move]] = {}  # each deal's ``deal.actions`` list, by table
        for t in dealing.values():
            assert t.deal is not None  # only tables dealing were taken
            t.deal.actions = actions[t.id] = []
        rows = await self._db.fetch(
            "SELECT actions.table_id, actions.step, actions.seat, actions.action, actions.deadline, actions.seats"
            " FROM actions JOIN tables ON tables.id = actions.table_id AND tables.hand_no = actions.hand_no"
            f" WHERE tables.hand IS NOT NULL AND {where} ORDER BY actions.table_id, actions.step", *args)
        saved = {t.id: t.step for t in dealing.values()}  # the step the table row was written at
        for table_id, step, seat, action, deadline, seats in rows:
            table = dealing.get(table_id)
            if table is None:  # a table opened after the first read is not in this list
                continue
            actions[table_id].append(Move(int(seat), Action.from_json(json.loads(action))))
            if step > saved[table_id]:
                table.step, table.deadline = step, deadline
                if seats is not None:
                    table.seats = seats_from_json(json.loads(seats))

    async def guild_settings(self, guild_id: int) -> tuple[int, int]:
        rows = await self._db.fetch(
            "SELECT starting_balance, daily_amount FROM guild_settings WHERE guild_id = ?", guild_id)
        return (int(rows[0][0]), int(rows[0][1])) if rows else self._defaults

    async def balance(self, guild_id: int, user_id: int) -> int:
        rows = await self._db.fetch(
            "SELECT balance FROM wallets WHERE guild_id = ? AND user_id = ?", guild_id, user_id)
        if rows:
            return int(rows[0][0])
        return (await self.guild_settings(guild_id))[0]

    async def hand_record(self, table_id: int, hand_no: int) -> StoredHand | None:
        rows = await self._db.fetch(
            "SELECT game, seed, commitment, record, export, finished_at FROM hands WHERE table_id = ? AND hand_no = ?",
            table_id, hand_no)
        if not rows:
            return None
        return _stored_hand(rows[0])

    async def hand_records(self, table_id: int) -> list[tuple[int, StoredHand]]:
        rows = await self._db.fetch(
            "SELECT game, seed, commitment, record, export, finished_at, hand_no FROM hands WHERE table_id = ?"
            " ORDER BY hand_no", table_id)
        return [(int(row[6]), _stored_hand(row)) for row in rows]

    async def hand_exports(self, table_id: int) -> list[tuple[int, str]]:
        return [(int(n), e) for n, e in await self._db.fetch(
            "SELECT hand_no, export FROM hands WHERE table_id = ? ORDER BY hand_no", table_id)]

    async def stats(self, guild_id: int, user_id: int) -> list[tuple[str, int, int, int, int, float | None]]:
        """Per game: (game, hands, chips_won, matches, wins, rating)."""
        return [tuple(r) for r in await self._db.fetch(
            "SELECT game, hands, chips_won, matches, wins, mu - 3 * sigma FROM results"
            " WHERE guild_id = ? AND user_id = ? ORDER BY game", guild_id, user_id)]

    async def played_hands(self, guild_id: int, user_id: int, game: str) -> list[PlayedHand]:
        rows = await self._db.fetch(
            "SELECT p.table_id, p.hand_no, p.game, p.seat, p.net, p.finished_at, h.record, h.export"
            " FROM hand_players p JOIN hands h ON h.table_id = p.table_id AND h.hand_no = p.hand_no"
            " WHERE p.guild_id = ? AND p.user_id = ? AND p.game = ? ORDER BY p.finished_at, p.table_id, p.hand_no",
            guild_id, user_id, game)
        return await asyncio.to_thread(_played_hands, rows)  # thousands of records: decoded off the loop

    async def standings(self, guild_id: int, game: str | None, since: float | None) -> list[Standing]:
        only_game, args = ("AND game = ?", [game]) if game else ("", [])
        rated = await self._db.fetch(
            f"SELECT user_id, MAX(mu - 3 * sigma), SUM(chips_won), SUM(hands) FROM results"
            f" WHERE guild_id = ? AND user_id > 0 {only_game} GROUP BY user_id", guild_id, *args)
        ratings = {int(u): r for u, r, _, _ in rated}
        if since is None:  # all time: the running totals, which also count deals older than hand_players
            lines = [Standing(int(u), int(c), int(h), r) for u, r, c, h in rated]
            return sorted(lines, key=lambda s: (s.rating is None, -(s.rating or 0.0), -s.chips_won, s.user_id))
        played = await self._db.fetch(
            f"SELECT user_id, SUM(net), COUNT(*) FROM hand_players WHERE guild_id = ? AND finished_at >= ?"
            f" {only_game} GROUP BY user_id", guild_id, since, *args)
        lines = [Standing(int(u), int(c), int(n), ratings.get(int(u))) for u, c, n in played]
        return sorted(lines, key=lambda s: (-s.chips_won, s.rating is None, -(s.rating or 0.0), s.user_id))

    async def hand_seat_holders(self, table_id: int, hand_no: int) -> dict[int, int]:
        rows = await self._db.fetch("SELECT seat, user_id FROM hand_players WHERE table_id = ? AND hand_no = ?",
                                    table_id, hand_no)
        return {int(seat): int(user) for seat, user in rows}

    async def player_names(self, guild_id: int, user_ids: list[int]) -> dict[int, str]:
        """Each member's name as of their latest finished deal here, in one query a ``NAMES_AT_ONCE``
        members: each one's latest time from the hand index first (``hand_players_by_user`` covers
        it), then only those deals' records are read; deals that ended at the same time, the latest
        table and hand."""
        latest: dict[int, tuple[tuple[int, int], int, str]] = {}
        for start in range(0, len(user_ids), NAMES_AT_ONCE):
            some = user_ids[start:start + NAMES_AT_ONCE]
            rows = await self._db.fetch(
                "SELECT p.user_id, p.table_id, p.hand_no, p.seat, h.record FROM (SELECT user_id, MAX(finished_at) AS at"
                f" FROM hand_players WHERE guild_id = ? AND user_id IN ({','.join('?' * len(some))}) GROUP BY user_id) last"
                " JOIN hand_players p ON p.guild_id = ? AND p.user_id = last.user_id AND p.finished_at = last.at"
                " JOIN hands h ON h.table_id = p.table_id AND h.hand_no = p.hand_no", guild_id, *some, guild_id)
            for user, table_id, hand_no, seat, record in rows:
                if int(user) not in latest or (int(table_id), int(hand_no)) > latest[int(user)][0]:
                    latest[int(user)] = ((int(table_id), int(hand_no)), int(seat), str(record))
        return {user: str(json.loads(record)["names"][seat]) for user, (_, seat, record) in latest.items()}

    async def ratings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, tuple[float, float]]:
        rows = await self._db.fetch(
            f"SELECT user_id, mu, sigma FROM results WHERE guild_id = ? AND game = ? AND mu IS NOT NULL"
            f" AND user_id IN ({','.join('?' * len(user_ids))})", guild_id, game, *user_ids)
        return {u: (mu, sigma) for u, mu, sigma in rows}

    async def event_results(self, guild_id: int, event: str, deal_key: str | None = None) -> list[EventResult]:
        """Every table's recorded result of one event deal (``None``: of every deal), in the order
        they finished."""
        only_one = "AND deal_key = ?" if deal_key is not None else ""
        rows = await self._db.fetch(
            "SELECT deal_key, table_id, hand_no, players, result FROM event_results"
            f" WHERE guild_id = ? AND event = ? {only_one} ORDER BY rowid",
            guild_id, event, *([deal_key] if deal_key is not None else []))
        return [EventResult(str(k), int(t), int(n), tuple(EventPlayer(**player) for player in json.loads(p)),
                            json.loads(r)) for k, t, n, p, r in rows]

    async def event_state(self, guild_id: int, event: str) -> EventState | None:
        events = await self._db.fetch("SELECT closed_at FROM events WHERE guild_id = ? AND event = ?", guild_id, event)
        if not events:
            return None
        tables = await self._db.fetch(
            "SELECT t.id, t.channel_id, t.status, t.hand_no FROM event_tables e JOIN tables t ON t.id = e.table_id"
            " WHERE e.guild_id = ? AND e.event = ? ORDER BY t.id", guild_id, event)
        deals = await self._db.fetch(
            "SELECT deal_key, revealed_at FROM event_deals WHERE guild_id = ? AND event = ?", guild_id, event)
        finished: dict[int, set[str]] = {}
        for table_id, key in await self._db.fetch(
                "SELECT table_id, deal_key FROM event_results WHERE guild_id = ? AND event = ?", guild_id, event):
            finished.setdefault(int(table_id), set()).add(str(key))
        return EventState({int(t): (int(c), str(st), int(n)) for t, c, st, n in tables},
                          {str(k): r is not None for k, r in deals}, finished, events[0][0] is not None)

    async def event_of_hand(self, table_id: int, hand_no: int) -> tuple[int, str, str] | None:
        rows = await self._db.fetch(
            "SELECT guild_id, event, deal_key FROM event_results WHERE table_id = ? AND hand_no = ?", table_id, hand_no)
        return (int(rows[0][0]), str(rows[0][1]), str(rows[0][2])) if rows else None

    async def ledger_entries(self, guild_id: int, table_ids: list[int]) -> list[LedgerEntry]:
        if not table_ids:
            return []
        rows = await self._db.fetch(
            "SELECT table_id, user_id, name, kind, chips, hand_no, at FROM ledger WHERE guild_id = ?"
            f" AND table_id IN ({','.join('?' * len(table_ids))}) ORDER BY rowid", guild_id, *table_ids)
        return [LedgerEntry(int(t), int(u), str(name), str(kind), int(chips), int(n), float(at))
                for t, u, name, kind, chips, n, at in rows]

    async def ledger_tables(self, guild_id: int, channel_id: int, since: float) -> list[int]:
        rows = await self._db.fetch(
            "SELECT DISTINCT ledger.table_id FROM ledger JOIN tables ON tables.id = ledger.table_id"
            " AND tables.guild_id = ledger.guild_id WHERE ledger.guild_id = ? AND tables.channel_id = ?"
            " AND ledger.at >= ? ORDER BY ledger.table_id", guild_id, channel_id, since)
        return [int(table_id) for (table_id,) in rows]

    async def table_hands(self, guild_id: int, table_id: int) -> list[StoredHand]:
        rows = await self._db.fetch(
            "SELECT h.game, h.seed, h.commitment, h.record, h.export FROM hands h JOIN tables t ON t.id = h.table_id"
            " WHERE t.guild_id = ? AND h.table_id = ? ORDER BY h.hand_no", guild_id, table_id)
        return await asyncio.to_thread(
            lambda: [StoredHand(str(g), str(s), str(c), json.loads(r), str(e)) for g, s, c, r, e in rows])

    async def dm_channel(self, user_id: int) -> int | None:
        rows = await self._db.fetch("SELECT channel_id FROM dm_channels WHERE user_id = ?", user_id)
        return int(rows[0][0]) if rows else None

    async def total_chips(self) -> int:
        """Every chip in wallets, at tables and held by tournaments for their prizes (selfplay and soak
        tests check it never changes). A multi-table tournament's tables hold its own chips, no wallet's.

        One statement, so one snapshot: chips moving between a wallet and a table meanwhile (another
        process, another connection of the pool) are counted once."""
        total = 0
        for kind, value in await self._db.fetch(
                "SELECT 'wallets', CAST(COALESCE(SUM(balance), 0) AS TEXT) FROM wallets"
                " UNION ALL SELECT 'wallets', CAST(COALESCE(SUM(pool), 0) AS TEXT) FROM mtts"
                " UNION ALL SELECT 'seats', seats FROM tables"
                " WHERE status != 'closed' AND id NOT IN (SELECT table_id FROM mtt_tables)"):
            total += int(value) if kind == "wallets" else sum(int(s["stack"]) for s in json.loads(value))
        return total


def _stored_hand(row: Sequence[Any]) -> StoredHand:
    game, seed, commitment, record, export, finished_at = row[:6]
    return StoredHand(str(game), str(seed), str(commitment), json.loads(record), str(export), float(finished_at))
