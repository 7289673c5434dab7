"""The lock of what is kept in memory as storage has it (a table, a tournament): what keeps a failed
command's words true.

A command takes its object's lock, changes the object in memory and stores the change in one
transaction. When it fails in between (the transaction raises at its commit, or the code between the
change and the commit does), memory is ahead of storage: the member would read that nothing changed
while the table in memory shows their move, and the next press would be judged against a state that
was never stored (and is lost at the next restart). So a command that fails puts its object back as
storage has it (``Restorable.restore``) before the lock is let go; if that fails too (storage out of
reach), the next holder of the lock restores it first, before it judges anything. A tournament
table's deal end also changes its tournament, under the table's lock alone: that part is undone from a
record of it, not read anew (``bot.service.tournament.rollback``).

A refusal (``UserError``) is judged before anything changes and restores nothing, except storage's
own refusals (``InsufficientChips``, ``NotOwner``), which may come at the commit. Whether a request
that failed had stored part of its work first (a seat taken, then its wait for the big blind) is for
the words the member reads (``bot.adapter.seat.checks.failure_text``).
"""
from __future__ import annotations

import asyncio
import logging
from types import TracebackType
from typing import Any, Callable, Protocol

from bot.errors import UserError
from bot.storage.interface import InsufficientChips, NotOwner

log = logging.getLogger(__name__)


class Restorable(Protocol):
    """An object whose lock is a ``StoredLock``."""

    def checkpoint(self) -> Any:
        """What memory alone holds of it (its log, what it last showed), taken as the lock is taken."""

    async def restore(self, checkpoint: Any) -> None:
        """Put it back as storage has it, with ``checkpoint``'s memory."""


def refused_before_changing(error: BaseException) -> bool:
    """Whether ``error`` is a refusal judged before anything changed (nothing to put back)."""
    return isinstance(error, UserError) and not isinstance(error, (InsufficientChips, NotOwner))


class StoredLock(asyncio.Lock):
    """``asyncio.Lock`` for ``owner``: a holder that fails leaves it as storage has it."""

    def __init__(self, owner: Restorable):
        super().__init__()
        self._owner = owner
        self.on_release: Callable[[], None] = lambda: None
        """Told each time the lock is let go: what holds the owner (the table service) looks again at
        its deadlines, which a holder may have set (``bot.service.clock``)."""
        self._held: Any = None  # the checkpoint taken when the lock was taken
        self._behind: list[Any] = []  # a checkpoint to restore before the next holder goes on

    async def __aenter__(self) -> None:
        await self.acquire()
        try:
            if self._behind:
                await self._owner.restore(self._behind[0])
                self._behind.clear()
            self._held = self._owner.checkpoint()
        except BaseException:
            self.release()
            raise

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        traceback: TracebackType | None) -> None:
        try:
            if error is None or refused_before_changing(error):
                return
            if isinstance(error, Exception):
                await self.restore_now()
            else:  # cancelled (the table or the bot closing): no waiting on storage; the next holder restores
                self._behind[:] = [self._held]
        finally:
            self.release()
            self.on_release()

    async def restore_now(self, checkpoint: Any = None) -> None:
        """Put the owner back as storage has it now (with ``checkpoint``'s memory, else that of when
        the lock was taken); if storage cannot be read, the next holder does it first."""
        self._behind[:] = [self._held if checkpoint is None else checkpoint]
        try:
            await self._owner.restore(self._behind[0])
        except Exception:
            log.exception("could not restore %s %s from storage; its next command will",
                          type(self._owner).__name__, getattr(self._owner, "id", "?"))
            return
        self._behind.clear()
