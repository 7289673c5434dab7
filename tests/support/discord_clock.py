"""The clocks tests move instead of waiting.

``CLOCK``: the wall clock Discord's snowflakes are read against, which a test may move forward.
Discord reads a message's age (edits of messages older than an hour are limited) and an
interaction's age (its token lives 15 minutes) from the snowflake id's timestamp. The recorder and
the loopback Discord mint every id from ``CLOCK`` and the bot's presenter reads ages against
``CLOCK.now``, so a test can make a message an hour old by ``CLOCK.advance(3601)`` instead of
waiting. The clock only moves forward and is never reset between tests: ids stay increasing for
the whole run, as Discord's do.

Short deadlines (an interaction's 3 seconds, a channel's allowance of edits to hour-old messages)
are read on the part of the clock tests move (``moved_since``), not on the wall clock: a busy machine
makes the bot slower in wall time, and a test must wait longer then, never fail. A test delivers a
press late by moving the clock between the press's creation and its delivery. The bot's own guard on
those 3 seconds (a press not answered ``ANSWER_BY`` after its creation is deferred) is set on the
same part (``MovedTimers``): a press the bot takes long to handle is still answered directly.

``ManualClock``: time that stands still until the test moves it, for what counts requests in
windows of a second (the bot's pace, the loopback's rate limits). Read by both, a request takes no
time between the bot's count and Discord's, however slow the machine: a test of the limits counts
requests, not how fast the machine sends them (docs/testing.md, "How the suite keeps time").
"""
from __future__ import annotations

import asyncio
import heapq
import itertools
import threading
import time
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Awaitable, Callable, TypeVar

import discord

from tests.support.waiting import until

if TYPE_CHECKING:
    from bot.adapter.client import CardroomBot

T = TypeVar("T")


class DiscordClock:
    """``time.time()`` plus an offset tests add to, and snowflakes minted at that time."""

    def __init__(self) -> None:
        self.offset = 0.0
        self._last = 0
        self._moves: list[tuple[float, float]] = [(0.0, 0.0)]  # (time from which, offset from then on)
        self._moved = ManualClock()  # the offset, and the timers set on it (``after_moved``)
        self._lock = threading.Lock()  # the loopback mints ids on its own thread

    def now(self) -> float:
        """Seconds since the Unix epoch, as Discord's snowflakes count them, moved by ``advance``."""
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        """Move the clock forward (never back: ids minted later must be larger)."""
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        with self._lock:
            self.offset += seconds
            if seconds:
                self._moves.append((time.time() + self.offset, self.offset))
            self._moved.advance(seconds)

    def after_moved(self, seconds: float, callback: Callable[[], object]) -> "_Timer":
        """``callback`` (run inside ``advance``) once the clock has been moved ``seconds`` further."""
        with self._lock:
            return self._moved.call_at(self._moved.time() + seconds, callback)

    def moved_since(self, snowflake: int) -> float:
        """Seconds the clock was moved forward (``advance``) since ``snowflake`` was minted: its age
        with the wall clock's own passing left out."""
        minted = snowflake_seconds(snowflake) + 0.001  # a snowflake keeps whole milliseconds
        with self._lock:
            then = next(offset for since, offset in reversed(self._moves) if since <= minted)
            return self.offset - then

    def snowflake(self) -> int:
        """A new id whose timestamp is ``now()``: larger than every id minted before, as Discord's
        ids are (two in the same millisecond differ in their low bits)."""
        with self._lock:
            minted = discord.utils.time_snowflake(datetime.fromtimestamp(self.now(), tz=timezone.utc))
            self._last = max(self._last + 1, minted)
            return self._last


def snowflake_seconds(snowflake: int) -> float:
    """When ``snowflake`` was minted, in seconds since the Unix epoch."""
    return discord.utils.snowflake_time(snowflake).timestamp()


class ManualClock:
    """Seconds that pass only on ``advance``, and the timers set on them: the ``time`` and
    ``call_at`` of an event loop, as the bot's pace reads them (``GlobalPace(clock=...)``)."""

    def __init__(self, start: float = 0.0) -> None:
        self.now = start
        self._timers: list[tuple[float, int, _Timer]] = []
        self._order = itertools.count()

    def time(self) -> float:
        return self.now

    def call_at(self, when: float, callback: Callable[[], object]) -> "_Timer":
        timer = _Timer(callback)
        heapq.heappush(self._timers, (when, next(self._order), timer))
        return timer

    def advance(self, seconds: float) -> None:
        """Move on by ``seconds``, running each timer due on the way at its own time, in order."""
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        until = self.now + seconds
        while self._timers and self._timers[0][0] <= until:
            when, _, timer = heapq.heappop(self._timers)
            self.now = max(self.now, when)
            timer.run()
        self.now = until


class _Timer:
    def __init__(self, callback: Callable[[], object]) -> None:
        self._callback: Callable[[], object] | None = callback

    def cancel(self) -> None:
        self._callback = None

    def run(self) -> None:
        if self._callback is not None:
            callback, self._callback = self._callback, None
            callback()


CLOCK = DiscordClock()
"""The one clock the recorder harness, the loopback Discord and the bot's presenter share."""


class MovedTimers:
    """The bot's reading of ``CLOCK`` (``now``: ``CLOCK.now``, or a test's shifted copy of it) with
    timers that come due only as a test moves ``CLOCK`` (``advance``), never as the wall clock passes:
    what is left until a timer's time when it is set must be moved, the way the loopback judges an
    interaction's 3 seconds (``moved_since``). A timer runs on the event loop that set it."""

    def __init__(self, now: Callable[[], float], clock: DiscordClock = CLOCK) -> None:
        self.now = now
        self.clock = clock

    def time(self) -> float:
        return self.now()

    def call_at(self, when: float, callback: Callable[[], object]) -> "asyncio.Handle | _LoopTimer":
        loop = asyncio.get_running_loop()
        left = when - self.now()
        if left <= 0:
            return loop.call_soon(callback)
        timer = _LoopTimer(loop, callback)
        self.clock.after_moved(left, timer.due)
        return timer


class _LoopTimer:
    """A timer of ``MovedTimers``: due when the clock is moved past it (on whatever thread moves it),
    run on its loop; a cancelled one holds neither."""

    def __init__(self, loop: asyncio.AbstractEventLoop, callback: Callable[[], object]) -> None:
        self._loop: asyncio.AbstractEventLoop | None = loop
        self._callback: Callable[[], object] | None = callback

    def cancel(self) -> None:
        self._loop = self._callback = None

    def due(self) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._run)

    def _run(self) -> None:
        if self._callback is not None:
            callback, self._callback, self._loop = self._callback, None, None
            callback()


def keep_test_time(bot: CardroomBot) -> None:
    """The bot's presenter reads message and press ages on ``CLOCK`` and sets its press guards, and
    the tournament announcements their catch-up edits, on the part of it tests move: what every
    harness does."""
    bot.presenter.clock = CLOCK.now
    bot.presenter.messages.timers = bot.mtt_presenter.timers = MovedTimers(bot.presenter.messages.clock)


async def waiting_out_429s(clock: ManualClock, limited: Callable[[], int], work: Awaitable[T], step: float = 2.0) -> T:
    """``work`` (requests that discord.py retries after a 429), with ``clock`` moved on by ``step``
    each time the server (``limited``: its 429s so far) has answered another 429. discord.py sleeps
    the ``retry_after`` in real time and tries again; the window it waits for passes on ``clock``
    when the test moves it, so a retry meets a window Discord has emptied, and none is refused again
    because the machine was slow."""
    task = asyncio.ensure_future(work)
    seen = limited()

    def retried() -> bool:
        nonlocal seen
        if limited() > seen:
            seen = limited()
            clock.advance(step)
        return task.done()

    await until(retried)
    return task.result()
