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
from collections import deque
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


class _Gate:
    """The order in which transactions reach the connection's thread.

    A transaction of one trip needs nothing but its place in the thread's order. A transaction of
    several trips keeps every other out from its first trip to its last (its statements and theirs
    share the one connection). Those that come meanwhile wait here, in order, and when it has sent
    its last trip the gate sends them on at once: every transaction of one trip queued behind it goes
    to the thread in the same turn of the event loop, up to the next one of several trips, which then
    keeps the others out in turn. (An ``asyncio.Lock`` handed the connection on one waiter per turn of
    the event loop: with 200 tables pressing, every action queued behind a settlement waited for as
    many turns as there were actions before it.)"""

    def __init__(self, thread: _Thread):
        self.thread = thread
        self.open = False  # a transaction of several trips is between its first and its last trip
        self._queue: deque[tuple[Callable[[sqlite3.Connection], Any], bool, asyncio.Future[Any]]] = deque()

    def first_trip(self, work: Callable[[sqlite3.Connection], T], keeps: bool) -> "asyncio.Future[asyncio.Future[T]]":
        """Send a transaction's first trip (``keeps``: more trips follow) when its turn comes; the
        future gives the trip's own future once it is sent."""
        sent: asyncio.Future[asyncio.Future[T]] = asyncio.get_running_loop().create_future()
        if self.open or self._queue:
            self._queue.append((work, keeps, sent))
        else:
            sent.set_result(self._send(work, keeps))
        return sent

    def last_trip_sent(self) -> None:
        """The open transaction has sent its last trip (or its rollback): send on those waiting."""
        self.open = False
        while self._queue and not self.open:
            work, keeps, sent = self._queue.popleft()
            if not sent.cancelled():
                sent.set_result(self._send(work, keeps))

    def _send(self, work: Callable[[sqlite3.Connection], T], keeps: bool) -> "asyncio.Future[T]":
        self.open = keeps
        return self.thread.submit(work)


class _Trips:
    """``bot.storage.batch.Trips`` of one transaction: its first trip goes through the storage's
    ``_Gate``, the others straight to the thread (nothing else is sent meanwhile)."""

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
        work: Callable[[sqlite3.Connection], list[Sequence[Any]]] = \
            lambda conn: self._trip(conn, begin, statements, query, commit)
        if begin:
            sent = self.storage.gate.first_trip(work, keeps=not commit)
            try:
                future = await sent
            except asyncio.CancelledError:
                if sent.done() and not sent.cancelled():  # sent, but its caller is gone: undo it
                    self.holding = not commit
                    self.failed = True
                    await asyncio.shield(self.rollback())
                raise
            self.holding = not commit
        else:
            future = self.storage.thread.submit(work)
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
            self.storage.gate.last_trip_sent()


class SQLiteStorage(Queries):
    """The database in one SQLite file. Open with ``await SQLiteStorage.open(path)``; close with
    ``await close()``. ``held``: seconds transactions have held the connection so far (from their
    ``BEGIN`` to their ``COMMIT``, as the connection's thread ran them)."""

    def __init__(self, thread: _Thread, defaults: tuple[int, int]):
        self.thread = thread
        self._db = _Connection(thread)
        self.gate = _Gate(thread)
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
            def step(conn: sqlite3.Connection, s: str = script, n: int = number) -> sqlite3.Cursor:
                return conn.executescript(f"BEGIN; {s}; PRAGMA user_version={n}; COMMIT;")
            await self.thread.run(step)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Writes]:
        """All writes of one logical step; rolled back whole if anything inside raises."""
        async with batched(_Trips(self), self._defaults) as writes:
            yield writes
