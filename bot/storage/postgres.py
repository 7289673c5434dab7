"""The PostgreSQL backend: the shared store of several bot processes (clusters), through an asyncpg pool.

Same schema, migrations and queries as SQLite (``bot.storage.schema``, ``queries``, ``writes``), in
PostgreSQL's dialect. A transaction takes a pooled connection at its first trip to the server and
gives it back at its commit (``bot.storage.batch``: writes wait and go with the next read or the
commit), so the pool is not used up by transactions waiting on the service's work between their
statements; reads take any free connection. Migrations run under an advisory lock, so processes
starting together migrate once.

Two processes' transactions can deadlock (each holds a wallet row the other's needs) or fail to
serialize; PostgreSQL then aborts one of them. That one is run again, whole: every statement it had run
is replayed in a new transaction, and it goes on from where it failed, a few times at most
(``bot.storage.replay``). A process of a cluster fences its writes: each transaction first checks that its
shards are still its own (``bot.storage.guard``), else nothing is written and ``NotOwner`` is raised.
"""
from __future__ import annotations

import time
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Callable, Sequence

import asyncpg

from bot.storage.batch import Statement, TransactionFailed, batched
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


class _Trips:
    """``bot.storage.batch.Trips`` of one transaction: a pooled connection from the first trip to the
    commit, the fence checked in ``BEGIN``'s round trip, a deadlock's victim replayed
    (``bot.storage.replay``)."""

    dialect = POSTGRESQL

    def __init__(self, storage: "PostgresStorage"):
        self.storage = storage
        self.conn: Any = None
        self.db: Replaying | None = None
        self.since = 0.0
        self.failed = False

    async def send(self, statements: list[Statement], query: Statement) -> list[Sequence[Any]]:
        try:
            db = await self._begun()
            await self._run(db, statements)
            return await db.fetch(query[0], *query[1])
        except BaseException as error:
            await self._fail(error)
            raise

    async def commit(self, statements: list[Statement]) -> None:
        if self.db is None and not statements:
            return
        try:
            db = await self._begun()
            await self._run(db, statements)
            await db.commit()
        except BaseException as error:
            await self._fail(error)
            raise
        await self._give_back()

    async def rollback(self) -> None:
        if self.db is not None:
            try:
                await self.db.rollback()
            except (asyncpg.PostgresError, asyncpg.InterfaceError):
                pass  # a broken connection: the pool's reset rolls back what is left
            finally:
                await self._give_back()

    async def _begun(self) -> Replaying:
        if self.failed:
            raise TransactionFailed("a statement of this transaction failed; it was rolled back")
        if self.db is None:
            self.conn = await self.storage.pool.acquire()
            self.since = time.perf_counter()
            self.db = Replaying(_Connection(self.conn), self.storage._begin(), self.storage._counted)
            await self.db.begin()
        return self.db

    @staticmethod
    async def _run(db: Replaying, statements: list[Statement]) -> None:
        for sql, args in statements:
            await db.execute(sql, *args)

    async def _fail(self, error: BaseException) -> None:
        """Roll back; the fence's refusal is raised as ``NotOwner`` (and the process told to stop)."""
        self.failed = True
        await self.rollback()
        if isinstance(error, asyncpg.PostgresError) and error.sqlstate == NotOwner.SQLSTATE:
            self.storage.on_fenced()
            raise NotOwner() from error

    async def _give_back(self) -> None:
        conn, self.conn, self.db = self.conn, None, None
        if conn is not None:
            self.storage.held += time.perf_counter() - self.since
            await self.storage.pool.release(conn)


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
        self.held = 0.0
        """Seconds transactions have held a connection so far, summed over connections."""

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
        async with batched(_Trips(self), self._defaults) as writes:
            yield writes

    def _begin(self) -> str:
        """``BEGIN``, and the fence's check in the same round trip (its numbers are ours, not input)."""
        if self.fence is None:
            return "BEGIN"
        return (f"BEGIN; SELECT cardroom_fence({int(self.fence.count)},"
                f" '{{{','.join(map(str, map(int, self.fence.shards)))}}}',"
                f" '{{{','.join(map(str, map(int, self.fence.generations)))}}}')")

    def _counted(self) -> None:
        self.retries += 1
