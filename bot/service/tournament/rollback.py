"""What one deal's end changed in its tournament (``DealEnd``), kept until the transaction that stores
it commits: put back exactly if that fails, its announcements sent only once it committed.

``table_hooks.after_deal`` changes the tournament in memory inside the transaction of the action that
ended a deal (knock-outs, places and prizes, the pool, hand for hand, the win), under the table's lock
only. When that transaction fails at its commit, the member is told nothing was changed and the table
is put back as storage has it (``StoredLock``); the tournament must be too, or the deal played again
would knock its player out and pay their prize a second time. Reading the tournament anew from storage
could drop another table's change whose transaction is still open (in memory, not stored yet), so
the changes are undone from a record instead: the entries this deal's end changed, as they were; the
state's fields it changed, as they were (not the save's number, which only grows: a save that failed
has used its number up); its status; and the pool, by the delta it moved.

The record is the difference between a copy taken as ``after_deal`` begins and the tournament as it
ends: ``after_deal`` awaits nothing between its changes (storage's writes wait for the commit), but
the ratings it reads at a win, when the tournament has no other table dealing; so the difference is
its changes alone. Another table's deal end in the moment before the commit may have counted on
them (its knocked-out player was out); what it stored stays, and the next save writes the tournament
as memory has it then.
"""
from __future__ import annotations

import copy
from dataclasses import fields
from typing import Any, Coroutine, Protocol

from bot.storage.records import MttEntry, MttRow

Work = Coroutine[Any, Any, None]


class Kept(Protocol):
    """What a deal's end changes of a tournament (``bot.service.tournament.multi_table.Tournament``)."""

    row: MttRow
    entries: dict[int, MttEntry]

    def spawn(self, work: Work) -> None: ...


class DealEnd:
    """One tournament table's end of deal, from ``after_deal``'s start to its transaction's end: until
    ``done``, the tournament as it was (the entries still in, the state, status and pool); after, only
    what it changed, as it was (and the pool's delta)."""

    def __init__(self, mtt: Kept):
        self._mtt = mtt
        self._entries = {user: vars(entry).copy() for user, entry in mtt.entries.items()
                         if entry.place is None}  # a place once given is never taken back
        self._state = vars(copy.deepcopy(mtt.row.state))
        self._status: str | None = mtt.row.status
        self._pool = mtt.row.pool
        self._done = False
        self._later: list[Work] = []

    def spawn(self, work: Work) -> None:
        """Send ``work`` (an announcement) once the transaction committed; never if it fails."""
        self._later.append(work)

    def done(self) -> None:
        """``after_deal`` made its last change: keep what it changed as it was before, and no more."""
        row, entries, state = self._mtt.row, self._mtt.entries, self._mtt.row.state
        self._entries = {user: before for user, before in self._entries.items()
                         if user not in entries or vars(entries[user]) != before}
        self._state = {f.name: self._state[f.name] for f in fields(state)
                       if f.name != "saved" and self._state[f.name] != getattr(state, f.name)}
        self._status = None if row.status == self._status else self._status
        self._pool = row.pool - self._pool
        self._done = True

    def committed(self) -> None:
        """Stored: its announcements go out."""
        for work in self._later:
            self._mtt.spawn(work)

    def undo(self) -> None:
        """Not stored (its commit, or ``after_deal`` itself, failed): what it changed back as it was,
        its announcements dropped unsaid."""
        if not self._done:
            self.done()
        row = self._mtt.row
        self._mtt.entries.update({user: MttEntry(**before) for user, before in self._entries.items()})
        for name, value in self._state.items():
            setattr(row.state, name, value)
        if self._status is not None:
            row.status = self._status
        row.pool -= self._pool
        for work in self._later:
            work.close()
