"""Storage transactions that fail at their commit, as when the database goes away or a constraint
breaks at the commit: the transaction's writes are rolled back whole and the error raised where the
commit was, after the service changed what it changes in memory."""
from __future__ import annotations

from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from typing import Any, AsyncIterator, Iterator

from bot.storage.interface import Storage


class CommitFailed(RuntimeError):
    """The failure a test injected."""


@dataclass
class Failures:
    """Transactions to let through before failing (``skip``), then how many to fail (``times``)."""

    skip: int = 0
    times: int = 1
    failed: int = 0


@contextmanager
def failing_commits(storage: Storage, *, skip: int = 0, times: int = 1) -> Iterator[Failures]:
    """While inside: after ``skip`` transactions commit, the next ``times`` fail at their commit."""
    failures = Failures(skip, times)
    original = storage.transaction

    @asynccontextmanager
    async def transaction() -> AsyncIterator[Any]:
        async with original() as tx:
            yield tx
            if failures.skip:
                failures.skip -= 1
            elif failures.times:
                failures.times -= 1
                failures.failed += 1
                raise CommitFailed("the database went away at the commit")

    storage.transaction = transaction  # type: ignore[method-assign]
    try:
        yield failures
    finally:
        del storage.transaction  # type: ignore[attr-defined]
