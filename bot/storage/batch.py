"""A transaction's statements sent to the database in as few trips as it can: no connection is held
while the service works between them.

A transaction that holds its connection from ``BEGIN`` to ``COMMIT`` holds it across every await of
the code inside (the engine, the ratings, other tables' work on the event loop), and SQLite has one
connection for every table of the process: each press would wait for the one in progress. So writes,
whose results nobody reads, wait in a list (``Batch``); a read takes them along, in the same trip, and
the commit takes the rest. A transaction without reads (an action: one INSERT) is one trip: ``BEGIN``,
its statements and ``COMMIT`` at once, and the connection is taken for that trip only; a transaction
with reads holds the connection from its first trip to its commit. A backend says how one trip runs
(``Trips``); ``batched`` gives the ``Writes`` of one transaction over it.

A write waiting in the list fails (a broken constraint) at the next trip, not at its own call: the
transaction is rolled back whole all the same.
"""
from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Protocol, Sequence

from bot.storage.dialect import Dialect
from bot.storage.interface import COMMITTED
from bot.storage.writes import Writes

Statement = tuple[str, tuple[Any, ...]]
"""SQL with ``?`` placeholders and its arguments."""


class Trips(Protocol):
    """One transaction of a backend, run in trips to the database."""

    dialect: Dialect

    async def send(self, statements: list[Statement], query: Statement) -> list[Sequence[Any]]:
        """Run ``statements`` then ``query`` in one trip (the first trip begins the transaction and
        takes the connection until the end); the query's rows. A failure rolls back and raises."""
        ...

    async def commit(self, statements: list[Statement]) -> None:
        """Run ``statements`` and commit, in one trip (the only one if nothing was sent before)."""
        ...

    async def rollback(self) -> None:
        """Undo whatever was sent (nothing to do if nothing was)."""
        ...


class Batch:
    """``bot.storage.queries.Db`` of one transaction: writes wait, a read sends them with it."""

    def __init__(self, trips: Trips):
        self.dialect = trips.dialect
        self.pending: list[Statement] = []
        self._trips = trips

    async def execute(self, sql: str, *args: Any) -> None:
        self.pending.append((sql, args))

    async def executemany(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        self.pending.extend((sql, tuple(row)) for row in rows)

    async def fetch(self, sql: str, *args: Any) -> list[Sequence[Any]]:
        pending, self.pending = self.pending, []
        return await self._trips.send(pending, (sql, args))


@asynccontextmanager
async def batched(trips: Trips, defaults: tuple[int, int]) -> AsyncIterator[Writes]:
    """The ``Writes`` of one transaction over ``trips``: committed at the end, rolled back whole if
    anything inside raises."""
    batch = Batch(trips)
    try:
        yield Writes(batch, defaults)
    except BaseException:
        await trips.rollback()
        raise
    await trips.commit(batch.pending)
    counting = COMMITTED.get()
    if counting is not None and counting[0] is asyncio.current_task():
        counting[1][0] += 1


class TransactionFailed(RuntimeError):
    """A statement of the transaction failed and it was rolled back; nothing more may be sent in it."""
