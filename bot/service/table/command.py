"""One command of a table, written once: ``async with command(table) as run:`` takes the table's lock
(its ``StoredLock``, which puts the table back as stored if the body fails), gives the body the
command's transaction when it asks for one (``run.transaction()``), commits it before the lock is let
go, and then asks the presenter to show the table, once.

A command whose work is several stored steps (a move, then the computer players' turns, each its own
transaction) stores them itself under the same lock; the context only takes the lock and shows.
"""
from __future__ import annotations

from types import TracebackType
from typing import AsyncContextManager

from bot.service.table.live import LiveTable
from bot.storage.interface import Tx


class Command:
    """The lock, the transaction and the update of one command of ``table`` (``command``)."""

    def __init__(self, table: LiveTable, show: bool):
        self.table = table
        self.show = show
        self._opened: AsyncContextManager[Tx] | None = None
        self._tx: Tx | None = None

    async def __aenter__(self) -> Command:
        await self.table.lock.__aenter__()
        return self

    async def transaction(self) -> Tx:
        """The command's transaction (opened at the first ask): committed as the command ends, before
        its lock is let go, or rolled back with the lock's restore if the command fails."""
        if self._tx is None:
            self._opened = self.table.room.storage.transaction()
            self._tx = await self._opened.__aenter__()
        return self._tx

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        traceback: TracebackType | None) -> None:
        if self._opened is not None:
            try:
                await self._opened.__aexit__(kind, error, traceback)  # the commit, or the rollback
            except BaseException as failed:  # the commit failed: the lock puts the table back
                await self.table.lock.__aexit__(type(failed), failed, failed.__traceback__)
                raise
        await self.table.lock.__aexit__(kind, error, traceback)
        if error is None and self.show:
            await self.table.room.presenter.update(self.table)


def command(table: LiveTable, *, show: bool = True) -> Command:
    """One command of ``table``: its lock, its transaction if it asks for one, and then (``show``) the
    presenter's update of the table, after the lock is let go."""
    return Command(table, show)
