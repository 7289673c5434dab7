"""The SQLite backend of ``bot.storage.interface``: wallets, guild settings, tables and the actions of
their deals, hands, results.

One aiosqlite connection in WAL mode. Every write that moves chips runs inside ``transaction()``
(``BEGIN IMMEDIATE`` ... ``COMMIT``) together with the record of the action that moved them, so a
crash at any instant leaves either both or neither.
"""
from __future__ import annotations

import asyncio
import json
import time
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Iterable

import aiosqlite

from bot.storage.interface import HOUSE, HOUSE_BANKROLL, InsufficientChips, TableRow
from bot.storage.schema import MIGRATIONS

_TABLE_COLUMNS = (
    "id, guild_id, channel_id, game, host_id, status, settings, seats, carry, hand, hand_no, step,"
    " deadline, message_id"
)


def _table_from_row(row: Iterable[Any]) -> TableRow:
    (id_, guild, channel, game, host, status, settings, seats, carry, hand, hand_no, step,
     deadline, message_id) = row
    return TableRow(
        id=id_, guild_id=guild, channel_id=channel, game=game, host_id=host, status=status,
        settings=json.loads(settings), seats=json.loads(seats), carry=json.loads(carry),
        hand=None if hand is None else json.loads(hand), hand_no=hand_no, step=step,
        deadline=deadline, message_id=message_id,
    )


class SQLiteStorage:
    """The database in one SQLite file. Open with ``await SQLiteStorage.open(path)``; close with
    ``await close()``."""

    def __init__(self, conn: aiosqlite.Connection, defaults: tuple[int, int]):
        self._conn = conn
        self._lock = asyncio.Lock()
        self._defaults = defaults

    @classmethod
    async def open(cls, path: str, starting_balance: int = 1000, daily_amount: int = 200) -> "SQLiteStorage":
        conn = await aiosqlite.connect(path, isolation_level=None)
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=NORMAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        storage = cls(conn, (starting_balance, daily_amount))
        await storage._migrate()
        return storage

    async def close(self) -> None:
        await self._conn.close()

    async def _migrate(self) -> None:
        async with self._conn.execute("PRAGMA user_version") as cur:
            (version,) = await cur.fetchone()  # type: ignore[misc]
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            await self._conn.executescript(f"BEGIN; {script}; PRAGMA user_version={number}; COMMIT;")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator["SQLiteTx"]:
        """All writes of one logical step; rolled back whole if anything inside raises."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield SQLiteTx(self._conn, self._defaults)
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            else:
                await self._conn.execute("COMMIT")

    # -- reads (no transaction needed) ------------------------------------------------------

    async def _all(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        async with self._conn.execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def open_tables(self) -> list[TableRow]:
        tables = [_table_from_row(r) for r in await self._all(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE status != 'closed'")]
        await self._load_actions(tables, "tables.status != 'closed'")
        return tables

    async def table(self, table_id: int) -> TableRow | None:
        rows = await self._all(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?", table_id)
        if not rows:
            return None
        table = _table_from_row(rows[0])
        await self._load_actions([table], "tables.id = ?", table_id)
        return table

    async def _load_actions(self, tables: list[TableRow], where: str, *args: Any) -> None:
        """Put each deal in progress's action rows, in order, into its ``hand["actions"]``."""
        dealing = {t.id: t.hand for t in tables if t.hand is not None}
        for hand in dealing.values():
            hand["actions"] = []
        rows = await self._all(
            "SELECT actions.table_id, actions.seat, actions.action FROM actions"
            " JOIN tables ON tables.id = actions.table_id AND tables.hand_no = actions.hand_no"
            f" WHERE tables.hand IS NOT NULL AND {where} ORDER BY actions.table_id, actions.step", *args)
        for table_id, seat, action in rows:
            dealing[table_id]["actions"].append([seat, json.loads(action)])

    async def guild_settings(self, guild_id: int) -> tuple[int, int]:
        rows = await self._all(
            "SELECT starting_balance, daily_amount FROM guild_settings WHERE guild_id = ?", guild_id)
        return (rows[0][0], rows[0][1]) if rows else self._defaults

    async def balance(self, guild_id: int, user_id: int) -> int:
        rows = await self._all(
            "SELECT balance FROM wallets WHERE guild_id = ? AND user_id = ?", guild_id, user_id)
        if rows:
            return int(rows[0][0])
        return (await self.guild_settings(guild_id))[0]

    async def hand_record(self, table_id: int, hand_no: int) -> dict[str, Any] | None:
        rows = await self._all(
            "SELECT game, seed, commitment, record, export FROM hands WHERE table_id = ? AND hand_no = ?",
            table_id, hand_no)
        if not rows:
            return None
        game, seed, commitment, record, export = rows[0]
        return {"game": game, "seed": seed, "commitment": commitment,
                "record": json.loads(record), "export": export}

    async def hand_exports(self, table_id: int) -> list[tuple[int, str]]:
        return [(n, e) for n, e in await self._all(
            "SELECT hand_no, export FROM hands WHERE table_id = ? ORDER BY hand_no", table_id)]

    async def leaderboard(self, guild_id: int, game: str | None, limit: int = 10) -> list[tuple[int, int, float | None, int]]:
        """(user_id, chips_won, rating, matches) best first: by rating, then chips."""
        where, args = ("AND game = ?", (game,)) if game else ("", ())
        rows = await self._all(
            f"""SELECT user_id, SUM(chips_won), MAX(mu - 3 * sigma), SUM(matches) FROM results
                WHERE guild_id = ? AND user_id > 0 {where} GROUP BY user_id
                ORDER BY MAX(mu - 3 * sigma) IS NULL, MAX(mu - 3 * sigma) DESC, SUM(chips_won) DESC
                LIMIT ?""", guild_id, *args, limit)
        return [(u, c, r, m) for u, c, r, m in rows]

    async def stats(self, guild_id: int, user_id: int) -> list[tuple[str, int, int, int, int, float | None]]:
        """Per game: (game, hands, chips_won, matches, wins, rating)."""
        return [tuple(r) for r in await self._all(  # type: ignore[misc]
            "SELECT game, hands, chips_won, matches, wins, mu - 3 * sigma FROM results"
            " WHERE guild_id = ? AND user_id = ? ORDER BY game", guild_id, user_id)]

    async def ratings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, tuple[float, float]]:
        rows = await self._all(
            f"SELECT user_id, mu, sigma FROM results WHERE guild_id = ? AND game = ? AND mu IS NOT NULL"
            f" AND user_id IN ({','.join('?' * len(user_ids))})", guild_id, game, *user_ids)
        return {u: (mu, sigma) for u, mu, sigma in rows}

    async def event_results(self, guild_id: int, event: str, deal_key: str | None = None) -> list[dict[str, Any]]:
        """Every table's recorded result of one event deal (``None``: of every deal), in the order
        they finished."""
        only_one = "AND deal_key = ?" if deal_key is not None else ""
        rows = await self._all(
            "SELECT deal_key, table_id, hand_no, players, result FROM event_results"
            f" WHERE guild_id = ? AND event = ? {only_one} ORDER BY rowid",
            guild_id, event, *([deal_key] if deal_key is not None else []))
        return [{"deal_key": k, "table_id": t, "hand_no": n, "players": json.loads(p), "result": json.loads(r)}
                for k, t, n, p, r in rows]

    async def total_chips(self) -> int:
        """Every chip in wallets and at tables (selfplay and soak tests check it never changes)."""
        (wallets,) = (await self._all("SELECT COALESCE(SUM(balance), 0) FROM wallets"))[0]
        at_tables = 0
        for (seats,) in await self._all("SELECT seats FROM tables WHERE status != 'closed'"):
            at_tables += sum(int(s["stack"]) for s in json.loads(seats))
        return int(wallets) + at_tables


class SQLiteTx:
    """Writes inside one transaction. Only ``SQLiteStorage.transaction()`` creates it."""

    def __init__(self, conn: aiosqlite.Connection, defaults: tuple[int, int]):
        self._conn = conn
        self._defaults = defaults

    async def _ensure_wallet(self, guild_id: int, user_id: int) -> None:
        async with self._conn.execute(
                "SELECT starting_balance FROM guild_settings WHERE guild_id = ?", (guild_id,)) as cur:
            row = await cur.fetchone()
        start = row[0] if row else self._defaults[0]
        if user_id == HOUSE:
            start = HOUSE_BANKROLL
        await self._conn.execute(
            "INSERT OR IGNORE INTO wallets (guild_id, user_id, balance) VALUES (?, ?, ?)",
            (guild_id, user_id, start))

    async def move_wallet(self, guild_id: int, user_id: int, amount: int) -> int:
        """Add ``amount`` (negative to take) to a wallet; refuses to go below zero. Returns the balance."""
        await self._ensure_wallet(guild_id, user_id)
        async with self._conn.execute(
                "SELECT balance FROM wallets WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)) as cur:
            (balance,) = await cur.fetchone()  # type: ignore[misc]
        if balance + amount < 0:
            raise InsufficientChips(f"You have {balance} chips; that needs {-amount}.")
        await self._conn.execute(
            "UPDATE wallets SET balance = ? WHERE guild_id = ? AND user_id = ?",
            (balance + amount, guild_id, user_id))
        return balance + amount

    async def claim_daily(self, guild_id: int, user_id: int, now: float, period: float = 86400) -> tuple[int, float]:
        """Top up by the guild's daily amount once per ``period``. Returns (balance, seconds to wait)."""
        await self._ensure_wallet(guild_id, user_id)
        async with self._conn.execute(
                "SELECT last_daily FROM wallets WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)) as cur:
            (last,) = await cur.fetchone()  # type: ignore[misc]
        if last is not None and now - last < period:
            async with self._conn.execute(
                    "SELECT balance FROM wallets WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)) as cur:
                (balance,) = await cur.fetchone()  # type: ignore[misc]
            return balance, period - (now - last)
        async with self._conn.execute(
                "SELECT daily_amount FROM guild_settings WHERE guild_id = ?", (guild_id,)) as cur:
            row = await cur.fetchone()
        amount = row[0] if row else self._defaults[1]
        await self._conn.execute(
            "UPDATE wallets SET last_daily = ? WHERE guild_id = ? AND user_id = ?", (now, guild_id, user_id))
        return await self.move_wallet(guild_id, user_id, amount), 0.0

    async def set_guild_settings(self, guild_id: int, starting_balance: int, daily_amount: int) -> None:
        await self._conn.execute(
            "INSERT INTO guild_settings VALUES (?, ?, ?) ON CONFLICT(guild_id) DO UPDATE SET"
            " starting_balance = excluded.starting_balance, daily_amount = excluded.daily_amount",
            (guild_id, starting_balance, daily_amount))

    async def insert_table(self, guild_id: int, channel_id: int, game: str, host_id: int,
                           settings: dict[str, Any]) -> int:
        cur = await self._conn.execute(
            "INSERT INTO tables (guild_id, channel_id, game, host_id, status, settings, seats, created_at)"
            " VALUES (?, ?, ?, ?, 'lobby', ?, '[]', ?)",
            (guild_id, channel_id, game, host_id, json.dumps(settings), time.time()))
        return int(cur.lastrowid)  # type: ignore[arg-type]

    async def save_table(self, t: TableRow) -> None:
        header = None if t.hand is None else json.dumps({k: v for k, v in t.hand.items() if k != "actions"})
        await self._conn.execute(
            "UPDATE tables SET status = ?, seats = ?, carry = ?, hand = ?, hand_no = ?, step = ?,"
            " deadline = ?, message_id = ?, host_id = ? WHERE id = ?",
            (t.status, json.dumps(t.seats), json.dumps(t.carry), header, t.hand_no, t.step, t.deadline,
             t.message_id, t.host_id, t.id))

    async def append_action(self, table: TableRow, seat: int, action: dict[str, Any], *,
                            seats_changed: bool) -> None:
        await self._conn.execute(
            "INSERT INTO actions (table_id, hand_no, step, seat, action, at) VALUES (?, ?, ?, ?, ?, ?)",
            (table.id, table.hand_no, table.step, seat, json.dumps(action), time.time()))
        if seats_changed:
            await self._conn.execute("UPDATE tables SET step = ?, deadline = ?, seats = ? WHERE id = ?",
                                     (table.step, table.deadline, json.dumps(table.seats), table.id))
        else:
            await self._conn.execute("UPDATE tables SET step = ?, deadline = ? WHERE id = ?",
                                     (table.step, table.deadline, table.id))

    async def clear_actions(self, table_id: int) -> None:
        await self._conn.execute("DELETE FROM actions WHERE table_id = ?", (table_id,))

    async def insert_hand(self, table_id: int, hand_no: int, game: str, seed: str, commitment: str,
                          record: dict[str, Any], export: str) -> None:
        await self._conn.execute(
            "INSERT INTO hands VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (table_id, hand_no, game, seed, commitment, json.dumps(record), export, time.time()))

    async def event_seed(self, guild_id: int, event: str, deal_key: str, candidate: str) -> str:
        """The seed of an event's deal: ``candidate`` if this is the first table to deal it, else the
        seed the first table stored (so every table of the event plays the same cards)."""
        await self._conn.execute(
            "INSERT OR IGNORE INTO event_deals VALUES (?, ?, ?, ?)", (guild_id, event, deal_key, candidate))
        async with self._conn.execute(
                "SELECT seed FROM event_deals WHERE guild_id = ? AND event = ? AND deal_key = ?",
                (guild_id, event, deal_key)) as cur:
            (seed,) = await cur.fetchone()  # type: ignore[misc]
        return str(seed)

    async def insert_event_result(self, guild_id: int, event: str, deal_key: str, table_id: int,
                                  hand_no: int, players: list[dict[str, Any]], result: dict[str, Any]) -> None:
        await self._conn.execute(
            "INSERT INTO event_results VALUES (?, ?, ?, ?, ?, ?, ?)",
            (guild_id, event, deal_key, table_id, hand_no, json.dumps(players), json.dumps(result)))

    async def add_result(self, guild_id: int, game: str, user_id: int, chips: int, *,
                         hands: int = 1, match: bool = False, win: bool = False,
                         rating: tuple[float, float] | None = None) -> None:
        await self._conn.execute(
            "INSERT INTO results (guild_id, game, user_id) VALUES (?, ?, ?)"
            " ON CONFLICT DO NOTHING", (guild_id, game, user_id))
        await self._conn.execute(
            "UPDATE results SET hands = hands + ?, chips_won = chips_won + ?, matches = matches + ?,"
            " wins = wins + ?, mu = COALESCE(?, mu), sigma = COALESCE(?, sigma)"
            " WHERE guild_id = ? AND game = ? AND user_id = ?",
            (hands, chips, int(match), int(win), rating[0] if rating else None,
             rating[1] if rating else None, guild_id, game, user_id))
