"""The SQLite backend: one file, the embedded default.

One aiosqlite connection in WAL mode. Every write runs inside ``transaction()`` (``BEGIN IMMEDIATE``
... ``COMMIT``, one at a time) together with the record of the action that moved chips, so a crash at
any instant leaves either both or neither. The queries are ``bot.storage.queries`` and
``bot.storage.writes``, shared with PostgreSQL.
"""
from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Sequence

import aiosqlite

from bot.storage.dialect import SQLITE
from bot.storage.queries import Queries
from bot.storage.schema import migrations
from bot.storage.writes import Writes


class _Connection:
    """``bot.storage.queries.Db`` over one aiosqlite connection."""

    dialect = SQLITE

    def __init__(self, conn: aiosqlite.Connection):
        self.conn = conn

    async def fetch(self, sql: str, *args: Any) -> list[Sequence[Any]]:
        async with self.conn.execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def execute(self, sql: str, *args: Any) -> None:
        await self.conn.execute(sql, args)

    async def executemany(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        await self.conn.executemany(sql, rows)


class SQLiteStorage(Queries):
    """The database in one SQLite file. Open with ``await SQLiteStorage.open(path)``; close with
    ``await close()``."""

    def __init__(self, conn: aiosqlite.Connection, defaults: tuple[int, int]):
        self._conn = conn
        self._db = _Connection(conn)
        self._lock = asyncio.Lock()
        self._defaults = defaults

    @classmethod
    async def open(cls, path: str, starting_balance: int = 1000, daily_amount: int = 200, *,
                   schema_version: int | None = None) -> "SQLiteStorage":
        """``schema_version``: migrate no further than that (tests of the migrations); default all."""
        conn = await aiosqlite.connect(path, isolation_level=None)
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=NORMAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        storage = cls(conn, (starting_balance, daily_amount))
        await storage._migrate(schema_version)
        return storage

    async def close(self) -> None:
        await self._conn.close()

    async def _migrate(self, upto: int | None) -> None:
        async with self._conn.execute("PRAGMA user_version") as cur:
            (version,) = await cur.fetchone()  # type: ignore[misc]
        for number, script in enumerate(migrations(SQLITE)[version:upto], start=version + 1):
            await self._conn.executescript(f"BEGIN; {script}; PRAGMA user_version={number}; COMMIT;")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Writes]:
        """All writes of one logical step; rolled back whole if anything inside raises."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield Writes(self._db, self._defaults)
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            else:
                await self._conn.execute("COMMIT")
