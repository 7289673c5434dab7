"""The service's one clock (``DeadlineClock``): a loop that sleeps until the next deadline, handles
every table and tournament due then, and sleeps again. The bot runs it, and so do the tests: the only
difference is the time source.

- **Real time** (``RealTime``, the bot's): the loop sleeps until the earliest table deadline or
  tournament time, and is woken early when something may have moved one (``changed``): every release
  of a table's or tournament's lock (``StoredLock.on_release``, set when the service takes the table
  in: a command or a handled deadline is where deadlines are set), a pause or resume, the tables
  restored. A table's release costs one comparison (is its deadline before what the loop sleeps
  until?); each wake reads every table. A tournament's table may set other tables' deadlines (players
  on their way): the tournaments are looked at ``LOOK_AFTER_CHANGE`` after a change, and what that
  sets is read after their round. The loop never sleeps longer than ``SAFETY_NET``, so a deadline set
  where nothing wakes it is late by that much at most, never missed.
- **A test's time** (any object with ``sleep_until``, e.g. ``tests/support/service_rig.Clock``): the
  test moves the time, and the loop's sleep ends when the time reaches what it sleeps until.
- **A plain function of time** (a test's ``lambda: now``, selfplay's): time its owner moves, which the
  loop never wakes for on its own; its deadlines are handled when the owner says it is time (``tick``).

Besides the tables and tournaments, the loop keeps time for its ``timers`` (``Timer``: a season's end).

``tick`` wakes the loop and waits until every table and tournament due at the current time has been
handled. Each due table is handled in a task the table owns, one at a time per table: a table whose
computer players think through a whole board holds up no other, and a table that closes cancels its
own. An error is logged and never stops the loop (``tick`` raises the first one of what it waited for).
"""
from __future__ import annotations

import asyncio
import logging
import math
import time
from typing import Any, Callable, Protocol, runtime_checkable

from bot.service.table import dealing
from bot.service.table.live import LiveTable

log = logging.getLogger(__name__)

SAFETY_NET = 30.0
"""The longest the loop sleeps on real time: a deadline that nothing woke it for is handled this late
at most."""
LOOK_AFTER_CHANGE = 0.5
"""Seconds after a change (a deal's end, a registration) the tournaments are looked at again: what
they do then (a hand-for-hand round complete, players on their way, a table to break) follows from
their tables' state, not from a time. At most this often, however busy the tables are."""
ASLEEP = "cardroom clock: asleep"
"""The loop task's name while it sleeps (a test harness that waits for the bot's work in progress
skips it then)."""


@runtime_checkable
class TimeSource(Protocol):
    """A time the loop can sleep on: now, and a sleep that ends when the time reaches ``when``."""

    def __call__(self) -> float: ...

    async def sleep_until(self, when: float, changed: asyncio.Event) -> bool:
        """Sleep until the time reaches ``when`` (True) or ``changed`` is set (False)."""


class RealTime:
    """The wall clock (``time.time``), slept on by the event loop, ``SAFETY_NET`` at most at a time."""

    def __call__(self) -> float:
        return time.time()

    async def sleep_until(self, when: float, changed: asyncio.Event) -> bool:
        delay = when - time.time()
        if delay <= 0:
            return True
        try:
            await asyncio.wait_for(changed.wait(), min(delay, SAFETY_NET))
        except TimeoutError:
            return True
        return False


class ClockedRoom(Protocol):
    """What the clock reads of the table service (``bot.service.tables.TableService``)."""

    clock: Callable[[], float]
    tables: dict[int, LiveTable]

    @property
    def mtts(self) -> "Tournaments": ...


class Tournaments(Protocol):
    """The multi-table tournaments' desk (``bot.service.tournament.desk.MttDesk``)."""

    running: dict[int, Any]

    def next_time(self) -> float | None:
        """The earliest time a tournament is due (a start, a new level), if any."""

    async def tick(self) -> None:
        """Do what is due for every tournament."""


class Timer(Protocol):
    """Something else the loop keeps time for (a season's end, ``bot.service.seasons.ends``): when it is
    next due, its work then (cheap when nothing is due: every round asks), and word that a time of
    its own may have moved (a season was made)."""

    def next_time(self) -> float | None: ...

    async def tick(self) -> None: ...

    def changed(self) -> None: ...


class Handling:
    """A due table's deadline, handled in a task the table owns."""

    def __init__(self, table: LiveTable):
        self.due = False
        self.error: Exception | None = None
        self.task = table.spawn(self._run(table))

    async def _run(self, table: LiveTable) -> None:
        try:
            self.due = await dealing.handle_deadline(table)
        except Exception as error:
            log.exception("the deadline of table %s failed", table.id)
            self.error = error


class DeadlineClock:
    """The service's one timer loop (the module's docstring says how it sleeps and wakes)."""

    def __init__(self, room: ClockedRoom):
        self.room = room
        self._changed = asyncio.Event()
        self._asked: list[asyncio.Future[list[Handling]]] = []  # ticks waiting for the next round
        self._handling: dict[int, Handling] = {}  # by table id, until its task ends
        self._again: dict[int, float] = {}  # by table id: when a table whose handling failed is looked at again
        self._looked = 0.0  # when the tournaments were last looked at
        self._unseen = False  # something changed since
        self._task: asyncio.Task[None] | None = None
        self._until = -math.inf  # what the loop sleeps until (while awake: -inf)
        self.timers: list[Timer] = []

    def start(self) -> None:
        """Run the loop (once: a second call does nothing while it runs)."""
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name=ASLEEP)

    async def stop(self) -> None:
        """Stop the loop (the tables' own tasks are theirs to end)."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.wait([self._task])
            self._task = None

    def changed(self, table: LiveTable | None = None) -> None:
        """Something may have moved a deadline (``table``'s, or any): the loop wakes to look again if
        it sleeps past it. A deadline moved later needs no wake: the loop wakes at the old one, finds
        nothing due and sleeps on."""
        self._unseen = True
        if table is None or (self.room.mtts.running and self._looked + LOOK_AFTER_CHANGE < self._until):
            self._changed.set()
        elif (when := self._when(table)) is not None and when < self._until:
            self._changed.set()

    def timers_changed(self) -> None:
        """A time of the ``timers``' own may have moved: they look again, and the loop with them."""
        for timer in self.timers:
            timer.changed()
        self.changed()

    async def tick(self) -> int:
        """Wake the loop and wait until every table and tournament due at the current time has been
        handled. Returns how many tables were; raises the first error a handler raised."""
        self.start()
        asked: asyncio.Future[list[Handling]] = asyncio.get_running_loop().create_future()
        self._asked.append(asked)
        self._changed.set()
        handlings = await asked
        if handlings:
            await asyncio.wait([h.task for h in handlings])
        errors = [h.error for h in handlings if h.error is not None]
        if errors:
            raise errors[0]
        return sum(h.due for h in handlings)

    async def _run(self) -> None:
        task = asyncio.current_task()
        assert task is not None
        try:
            while True:
                if not self._asked:
                    self._changed.clear()
                    self._until = self._wake_at()
                    task.set_name(ASLEEP)
                    reached = await self._sleep(self._until)
                    self._until = -math.inf  # awake: the next plan reads every change
                    if not reached and not self._asked:
                        continue  # woken by a change: look again at what to sleep until
                task.set_name("cardroom clock: handling")
                asked, self._asked = self._asked, []
                handlings = await self._round()
                for waiting in asked:
                    if not waiting.done():
                        waiting.set_result(handlings)
        finally:
            for waiting in self._asked:
                waiting.cancel()

    def _wake_at(self) -> float:
        try:
            return self._next_time()
        except Exception:  # a tournament's settings that make no time: its own round logs it
            log.exception("the clock could not tell its next time")
            return self.room.clock() + SAFETY_NET

    async def _sleep(self, when: float) -> bool:
        clock = self.room.clock
        if isinstance(clock, TimeSource):
            return await clock.sleep_until(when, self._changed)
        await self._changed.wait()  # a plain function of time: only ``tick`` makes a round
        return False

    async def _round(self) -> list[Handling]:
        """The tournaments' due work, then every due table started (or the one in hand joined)."""
        try:
            self._looked, self._unseen = self.room.clock(), False
            await self.room.mtts.tick()
        except Exception:
            log.exception("the tournaments' clock failed")
        for timer in self.timers:
            try:
                await timer.tick()
            except Exception:
                log.exception("a timer of the clock failed")
        now = self.room.clock()
        handlings = []
        for table in list(self.room.tables.values()):
            if (deadline := _deadline(table)) is None or deadline > now:
                continue
            handling = self._handling.get(table.id)
            if handling is None:
                handling = self._handling[table.id] = Handling(table)
                handling.task.add_done_callback(self._ended(table))
            handlings.append(handling)
        return handlings

    def _ended(self, table: LiveTable) -> Callable[[asyncio.Task[None]], None]:
        def ended(_: asyncio.Task[None]) -> None:
            self._handling.pop(table.id, None)
            deadline = _deadline(table)
            if deadline is not None and deadline <= self.room.clock() and table.id in self.room.tables:
                self._again[table.id] = self.room.clock() + LOOK_AFTER_CHANGE  # it failed: no busy retry
            else:
                self._again.pop(table.id, None)
            self.changed(table)  # its next deadline, which the loop skipped while it was handled
        return ended

    def _when(self, table: LiveTable) -> float | None:
        """When the loop wakes for the table: its deadline (a failed one's retry no sooner than
        ``LOOK_AFTER_CHANGE`` later), unless it is being handled."""
        deadline = _deadline(table)
        if deadline is None or table.id in self._handling:
            return None
        return max(deadline, self._again.get(table.id, deadline))

    def _next_time(self) -> float:
        """The earliest time a table or tournament is due (``SAFETY_NET`` from now at the latest).
        A table whose handling failed waits (but another table's round or a ``tick`` takes it)."""
        times = [when for t in self.room.tables.values() if (when := self._when(t)) is not None]
        mtts = self.room.mtts
        if (due := mtts.next_time()) is not None:
            times.append(due)
        times += [due for timer in self.timers if (due := timer.next_time()) is not None]
        if self._unseen and mtts.running:
            times.append(self._looked + LOOK_AFTER_CHANGE)
        return min(times, default=self.room.clock() + SAFETY_NET)


def _deadline(table: LiveTable) -> float | None:
    """The table's deadline, if it is playing and not paused."""
    if table.paused is not None or table.row.status != "playing":
        return None
    return table.row.deadline
