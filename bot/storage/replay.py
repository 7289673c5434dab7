"""A PostgreSQL transaction that survives being chosen as a deadlock's victim: it is run again, whole.

PostgreSQL aborts one of two transactions that wait on each other (``DeadlockDetectedError``) or that
cannot be serialized (``SerializationError``); the other goes on. The aborted one did nothing, so it
can be run again. The code that drives it (a service step inside ``async with transaction()``) cannot
be re-entered, so the statements are: ``Replaying`` records each statement and its result, and after
such an abort rolls back, begins again and replays them in order, then retries the one that failed and
returns to the caller as if nothing happened, a few times at most (``ATTEMPTS``, with a short random
wait, so the two do not meet again). A replay stands for the first run only if each statement gives
what the caller saw the first time: the same rows, except that an ``UPDATE ... RETURNING`` must hit the
same rows but may return other values (a wallet's balance after a relative change; the caller only
shows it). Otherwise, the first run's world is gone and the original error is raised (nothing written).
"""
from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import asyncpg

from bot.storage.dialect import Dialect
from bot.storage.queries import Db

ATTEMPTS = 5
RETRYABLE = (asyncpg.DeadlockDetectedError, asyncpg.SerializationError)


@dataclass
class _Statement:
    method: str  # "fetch", "execute" or "executemany"
    args: tuple[Any, ...]
    result: Any = None

    def same_result(self, result: Any) -> bool:
        if self.method != "fetch":
            return True
        if str(self.args[0]).lstrip().upper().startswith("UPDATE"):
            return len(result) == len(self.result)
        return [tuple(r) for r in result] == [tuple(r) for r in self.result]


@dataclass
class Replaying:
    """``Db`` over one connection inside a transaction begun with ``begin_sql``, recording what it ran.
    ``on_retry`` is told of each run again."""

    db: Db
    begin_sql: str
    on_retry: Callable[[], None] = lambda: None
    attempts: int = 0
    _done: list[_Statement] = field(default_factory=list)

    @property
    def dialect(self) -> Dialect:
        return self.db.dialect

    async def begin(self) -> None:
        await self.db.execute(self.begin_sql)

    async def commit(self) -> None:
        while True:
            try:
                await self.db.execute("COMMIT")
                return
            except RETRYABLE as error:
                await self._again(error)

    async def rollback(self) -> None:
        conn = getattr(self.db, "conn", None)
        if conn is not None and not conn.is_closed() and conn.is_in_transaction():
            await self.db.execute("ROLLBACK")

    async def fetch(self, sql: str, *args: Any) -> list[Sequence[Any]]:
        result: list[Sequence[Any]] = await self._run(_Statement("fetch", (sql, *args)))
        return result

    async def execute(self, sql: str, *args: Any) -> None:
        await self._run(_Statement("execute", (sql, *args)))

    async def executemany(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        await self._run(_Statement("executemany", (sql, rows)))

    async def _run(self, statement: _Statement) -> Any:
        while True:
            try:
                statement.result = await getattr(self.db, statement.method)(*statement.args)
            except RETRYABLE as error:
                await self._again(error)
                continue
            self._done.append(statement)
            return statement.result

    async def _again(self, error: Exception) -> None:
        """Roll back, begin again and replay what ran before ``error``; raise ``error`` when the
        attempts are spent or the replay differs from the first run."""
        await self.rollback()
        self.attempts += 1
        if self.attempts >= ATTEMPTS:
            raise error
        self.on_retry()
        await asyncio.sleep(random.uniform(0, 0.01 * self.attempts))
        await self.begin()
        for statement in self._done:
            try:
                result = await getattr(self.db, statement.method)(*statement.args)
            except RETRYABLE as again:
                await self._again(again)  # replays from the start once more
                return
            if not statement.same_result(result):
                await self.rollback()
                raise error
