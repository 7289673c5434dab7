"""The PostgreSQL backend: the shared store of several bot processes (clusters), through an asyncpg pool.

Same schema, migrations and queries as SQLite (``bot.storage.schema``, ``queries``, ``writes``), in
PostgreSQL's dialect. A transaction holds one pooled connection; reads take any free one. Migrations run
under an advisory lock, so processes starting together migrate once.

Two processes' transactions can deadlock (each holds a wallet row the other's needs) or fail to
serialize; PostgreSQL then aborts one of them. That one is run again, whole: every statement it had run
is replayed in a new transaction, and it goes on from where it failed, a few times at most
(``bot.storage.replay``). A process of a cluster fences its writes: each transaction first checks that its
shards are still its own (``bot.storage.guard``), else nothing is written and ``NotOwner`` is raised.
"""
from __future__ import annotations

from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Callable, Sequence

import asyncpg

from bot.storage.dialect import POSTGRESQL
from bot.storage.guard import Fence
from bot.storage.interface import NotOwner
from bot.storage.replay import Replaying
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
    """What a connection needs before it goes back to the pool: no transaction left open. asyncpg's
    default resets the session (``RESET ALL``, ``UNLISTEN *``, ``pg_advisory_unlock_all()``...), one
    more round trip per transaction, for state this backend never sets: no ``SET``, no ``LISTEN``, no
    session lock (the shard locks live on the guard's own connection, ``bot.storage.guard``)."""
    if conn.is_in_transaction():  # a transaction cancelled half-way
        await conn.execute("ROLLBACK")


class PostgresStorage(Queries):
    """The database on a PostgreSQL server. Open with ``await PostgresStorage.open(url)``."""

    def __init__(self, pool: "asyncpg.Pool[Any]", defaults: tuple[int, int]):
        self.pool = pool
        self._db = _Connection(pool)
        self._defaults = defaults
        self.fence: Fence | None = None
        """The shards this process holds and their generations: every transaction checks them first."""
        self.on_fenced: Callable[[], None] = lambda: None
        """Told when a transaction found the shards taken over: this process must stop driving."""
        self.retries = 0
        """Transactions run again after a deadlock or a serialization failure (tests, operators)."""

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
        """All writes of one logical step on one connection; rolled back whole if anything inside raises,
        run again whole if PostgreSQL aborts it for a deadlock or a serialization failure."""
        async with self.pool.acquire() as conn:
            db = Replaying(_Connection(conn), self._begin(), self._counted)
            try:
                await db.begin()
                yield Writes(db, self._defaults)
                await db.commit()
            except asyncpg.PostgresError as error:
                await db.rollback()
                if error.sqlstate == NotOwner.SQLSTATE:
                    self.on_fenced()
                    raise NotOwner() from error
                raise
            except BaseException:
                await db.rollback()
                raise

    def _begin(self) -> str:
        """``BEGIN``, and the fence's check in the same round trip (its numbers are ours, not input)."""
        if self.fence is None:
            return "BEGIN"
        return (f"BEGIN; SELECT cardroom_fence({int(self.fence.count)},"
                f" '{{{','.join(map(str, map(int, self.fence.shards)))}}}',"
                f" '{{{','.join(map(str, map(int, self.fence.generations)))}}}')")

    def _counted(self) -> None:
        self.retries += 1
