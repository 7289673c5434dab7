"""The PostgreSQL backend: the shared store of several bot processes (clusters), through an asyncpg pool.

Same schema, migrations and queries as SQLite (``bot.storage.schema``, ``queries``, ``writes``), in
PostgreSQL's dialect. A transaction holds one pooled connection; reads take any free one. Migrations run
under an advisory lock, so processes starting together migrate once.
"""
from __future__ import annotations

from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Sequence

import asyncpg

from bot.storage.dialect import POSTGRESQL
from bot.storage.queries import Queries
from bot.storage.schema import migrations
from bot.storage.writes import Writes

MIGRATION_LOCK = 0x63617264  # pg_advisory_xact_lock key of schema changes ("card")


class _Connection:
    """``bot.storage.queries.Db`` over an asyncpg connection or pool."""

    dialect = POSTGRESQL

    def __init__(self, conn: "asyncpg.Connection[Any] | asyncpg.Pool[Any]"):
        self.conn = conn

    async def fetch(self, sql: str, *args: Any) -> list[Sequence[Any]]:
        return list(await self.conn.fetch(POSTGRESQL.sql(sql), *args))

    async def execute(self, sql: str, *args: Any) -> None:
        await self.conn.execute(POSTGRESQL.sql(sql), *args)

    async def executemany(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        await self.conn.executemany(POSTGRESQL.sql(sql), rows)


async def _keep_session(conn: "asyncpg.Connection[Any]") -> None:
    """What a connection needs before it goes back to the pool: nothing. asyncpg's default resets the
    session (``RESET ALL``, ``UNLISTEN *``, ``pg_advisory_unlock_all()``...), one more round trip per
    transaction, for state this backend never sets: no ``SET``, no ``LISTEN``, no session lock (the
    shard locks live on the guard's own connection, ``bot.storage.guard``)."""


class PostgresStorage(Queries):
    """The database on a PostgreSQL server. Open with ``await PostgresStorage.open(url)``."""

    def __init__(self, pool: "asyncpg.Pool[Any]", defaults: tuple[int, int]):
        self.pool = pool
        self._db = _Connection(pool)
        self._defaults = defaults

    @classmethod
    async def open(cls, url: str, starting_balance: int = 1000, daily_amount: int = 200, *,
                   pool_size: int = 10, schema_version: int | None = None) -> "PostgresStorage":
        """``schema_version``: migrate no further than that (tests of the migrations); default all."""
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, reset=_keep_session)
        storage = cls(pool, (starting_balance, daily_amount))
        try:
            await storage._migrate(schema_version)
        except BaseException:
            await pool.close()
            raise
        return storage

    async def close(self) -> None:
        await self.pool.close()

    async def _migrate(self, upto: int | None) -> None:
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            version = await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
            for number, script in enumerate(migrations(POSTGRESQL)[version:upto], start=version + 1):
                await conn.execute(script)
                await conn.execute("INSERT INTO schema_version VALUES ($1)", number)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Writes]:
        """All writes of one logical step on one connection; rolled back whole if anything inside raises."""
        async with self.pool.acquire() as conn, conn.transaction():
            yield Writes(_Connection(conn), self._defaults)
