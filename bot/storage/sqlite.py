"""The SQLite backend: one file, the embedded default.

One connection in WAL mode, used by one thread of its own (sqlite3 blocks: the event loop never
waits on it). Every write runs inside ``transaction()`` (``BEGIN IMMEDIATE`` ... ``COMMIT``)
together with the record of the action that moved chips, so a crash at any instant leaves either
both or neither. A transaction goes to that thread in as few trips as it can (``bot.storage.batch``):
an action's is one, so presses at different tables wait for each other only while the database
itself works, not while the service does. The queries are ``bot.storage.queries`` and
``bot.storage.writes``, shared with PostgreSQL.
"""
from __future__ import annotations

import asyncio
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Callable, Sequence, TypeVar

from bot.storage.batch import Statement, TransactionFailed, batched
from bot.storage.dialect import SQLITE
from bot.storage.queries import Queries
from bot.storage.schema import migrations
from bot.storage.writes import Writes

T = TypeVar("T")


class _Thread:
    """The connection and the one thread that uses it: ``submit`` hands it a function to call with the
    connection; calls run one after another, in the order they were submitted."""

    def __init__(self) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self.conn: sqlite3.Connection | None = None

    async def open(self, path: str) -> None:
        def connect() -> sqlite3.Connection:
            conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA foreign_keys=ON")
            return conn

        self.conn = await asyncio.get_running_loop().run_in_executor(self._executor, connect)

    def submit(self, work: Callable[[sqlite3.Connection], T]) -> "asyncio.Future[T]":
        """Queue ``work`` now (its place in the order is taken at once); await the result."""
        assert self.conn is not None
        return asyncio.get_running_loop().run_in_executor(self._executor, work, self.conn)

    async def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        return await self.submit(work)

    async def close(self) -> None:
        if self.conn is not None:
            await self.run(sqlite3.Connection.close)
            self.conn = None
        self._executor.shutdown(wait=False)


class _Connection:
    """``bot.storage.queries.Db`` for reads (and writes that commit alone) on the connection."""

    dialect = SQLITE

    def __init__(self, thread: _Thread):
        self.thread = thread

    async def fetch(self, sql: str, *args: Any) -> list[Sequence[Any]]:
        return await self.thread.run(lambda conn: conn.execute(sql, args).fetchall())

    async def execute(self, sql: str, *args: Any) -> None:
        await self.thread.run(lambda conn: conn.execute(sql, args))

    async def executemany(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        await self.thread.run(lambda conn: conn.executemany(sql, rows))


class _Trips:
    """``bot.storage.batch.Trips`` of one transaction.

    Trips run in the order they are submitted, so a transaction of one trip needs nothing but its
    place in that order. One of several trips keeps the others out from its first submission to its
    last with the storage's lock: every transaction takes the lock to submit, and gives it back once
    its last trip is submitted (not run: whatever is submitted next runs after it anyway)."""

    dialect = SQLITE

    def __init__(self, storage: "SQLiteStorage"):
        self.storage = storage
        self.holding = False  # between the first trip's submission and the last one's
        self.began = 0.0  # when the first trip started to run (in the connection's thread)
        self.failed = False

    async def send(self, statements: list[Statement], query: Statement) -> list[Sequence[Any]]:
        return await self._go(statements, query, commit=False)

    async def commit(self, statements: list[Statement]) -> None:
        if self.holding or statements:
            await self._go(statements, None, commit=True)

    async def rollback(self) -> None:
        if self.holding:
            future = self.storage.thread.submit(self._rollback)
            self._give_back()
            await future

    async def _go(self, statements: list[Statement], query: Statement | None, *, commit: bool
                  ) -> list[Sequence[Any]]:
        if self.failed:
            raise TransactionFailed("a statement of this transaction failed; it was rolled back")
        begin = not self.holding
        if begin:
            await self.storage.lock.acquire()
            self.holding = True
        future = self.storage.thread.submit(lambda conn: self._trip(conn, begin, statements, query, commit))
        if commit:
            self._give_back()
        try:
            return await future
        except BaseException:
            self.failed = True
            await self.rollback()  # a failed trip rolled back; a cancelled wait may leave one running
            raise

    def _trip(self, conn: sqlite3.Connection, begin: bool, statements: list[Statement],
              query: Statement | None, commit: bool) -> list[Sequence[Any]]:
        """One trip, in the connection's thread; rolls back if a statement fails."""
        try:
            if begin:
                self.began = time.perf_counter()
                conn.execute("BEGIN IMMEDIATE")
            for sql, args in statements:
                conn.execute(sql, args)
            rows = conn.execute(*query).fetchall() if query is not None else []
            if commit:
                conn.execute("COMMIT")
                self._count()
            return rows
        except BaseException:
            self._rollback(conn)
            raise

    def _rollback(self, conn: sqlite3.Connection) -> None:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
            self._count()

    def _count(self) -> None:
        self.storage.held += time.perf_counter() - self.began

    def _give_back(self) -> None:
        if self.holding:
            self.holding = False
            self.storage.lock.release()


class SQLiteStorage(Queries):
    """The database in one SQLite file. Open with ``await SQLiteStorage.open(path)``; close with
    ``await close()``. ``held``: seconds transactions have held the connection so far (from their
    ``BEGIN`` to their ``COMMIT``, as the connection's thread ran them)."""

    def __init__(self, thread: _Thread, defaults: tuple[int, int]):
        self.thread = thread
        self._db = _Connection(thread)
        self.lock = asyncio.Lock()
        self._defaults = defaults
        self.held = 0.0

    @classmethod
    async def open(cls, path: str, starting_balance: int = 1000, daily_amount: int = 200, *,
                   schema_version: int | None = None) -> "SQLiteStorage":
        """``schema_version``: migrate no further than that (tests of the migrations); default all."""
        thread = _Thread()
        await thread.open(path)
        storage = cls(thread, (starting_balance, daily_amount))
        await storage._migrate(schema_version)
        return storage

    async def close(self) -> None:
        await self.thread.close()

    async def _migrate(self, upto: int | None) -> None:
        (version,) = (await self._db.fetch("PRAGMA user_version"))[0]
        for number, script in enumerate(migrations(SQLITE)[version:upto], start=version + 1):
            await self.thread.run(
                lambda conn, s=script, n=number: conn.executescript(f"BEGIN; {s}; PRAGMA user_version={n}; COMMIT;"))

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Writes]:
        """All writes of one logical step; rolled back whole if anything inside raises."""
        async with batched(_Trips(self), self._defaults) as writes:
            yield writes
