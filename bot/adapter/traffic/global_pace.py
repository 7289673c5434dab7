"""This process's share of the bot token's 50 requests a second, kept by the bot itself.

Discord counts every request a bot token makes against one global limit, every process of the bot
together, except the interaction callback and the webhook routes of an interaction's token. Past it
Discord answers global 429s and discord.py holds every channel request of the process until the
window passes: every table of every server freezes at once. So every request through discord.py's
``HTTPClient`` (all of them are counted; interaction answers go through its webhook adapter and carry
no token) takes a slot from a token bucket of ``rate`` a second as it is sent (``traced``).

When requests must wait, the most useful go first: a table edit that a newer state will replace
anyway waits behind everything else (a hand by DM, a table's first post, a roll-over), and, since the
presenter keeps at most one edit of a table in flight and folds every state asked for meanwhile into
the next, waiting merges a table's updates instead of queueing them. But not for long: the table
shows nothing new while its edit waits, so an edit that has waited ``PROMOTE_AFTER`` goes in its turn
with the rest.
"""
from __future__ import annotations

import asyncio
import itertools
import re
from collections import deque
from typing import Any, Callable, Protocol

import aiohttp

GLOBAL_PER_SECOND = 50.0
"""Discord's global limit for one bot token, every process together."""
REPLACEABLE, NEEDED = 1, 0
"""Priorities: lower goes first."""
_TABLE_EDIT = re.compile(r"/channels/\d+/messages/\d+$")


def share(shard_ids: tuple[int, ...] | None, shard_count: int | None) -> float:
    """The requests a second this process may make: all of them alone, else its shards' part of them
    (each cluster holds some shards of the same token)."""
    if not shard_ids or not shard_count:
        return GLOBAL_PER_SECOND
    return GLOBAL_PER_SECOND * len(shard_ids) / shard_count


class Clock(Protocol):
    """Where the pace reads the time and sets its wake-up: the running event loop (``loop.time``,
    ``loop.call_at``), or a test's clock that moves only when the test moves it."""

    def time(self) -> float: ...

    def call_at(self, when: float, callback: Callable[[], object]) -> "Cancellable": ...


class Cancellable(Protocol):
    def cancel(self) -> None: ...


def priority(method: str, path: str) -> int:
    """A message edit is replaceable (a newer state of the table supersedes it); the rest is needed."""
    return REPLACEABLE if method == "PATCH" and _TABLE_EDIT.search(path) else NEEDED


class GlobalPace:
    """At most ``rate`` requests in any ``WINDOW`` seconds (a sliding window, as strict as any way
    Discord may count its second); waiters leave by priority, then in the order they came."""

    WINDOW = 1.3
    """Seconds a grant counts for: a second, and a margin for requests that reach Discord unevenly
    (a busy event loop sends a second's requests late and together). With 1.05 s, 375 tables on two
    busy cores still met 19 global 429s in 4,363 counted requests (bench/discord_limits.py); with
    1.2 s, 400 tables at 154 presses a second on a quiet machine met one in 3,992, in the first
    minute, when every table starts pressing at once."""

    PROMOTE_AFTER = 3.0
    """Seconds a replaceable edit waits behind needed requests at most (two full windows and more);
    then it takes its turn in the order it came. Without it, at 420 tables with every window full, a
    table's edit by the channel route waited up to 15 s, and its table with it (bench/discord_limits.py)."""

    def __init__(self, rate: float, clock: Clock | None = None):
        if rate <= 0:
            raise ValueError("the request rate must be above zero")
        self.rate = rate
        self.clock = clock
        """The time the windows are counted in (None: the running event loop's)."""
        self._granted: deque[float] = deque()
        # by rank, each in the order asked: (order, when asked, its waiter)
        self._waiting: tuple[deque[tuple[int, float, asyncio.Future[None]]], ...] = (deque(), deque())
        self._order = itertools.count()
        self._release: Cancellable | None = None
        self.taken = 0
        self.waited = 0

    @property
    def per_window(self) -> int:
        return max(1, int(self.rate))

    def _clock(self) -> Clock:
        return self.clock if self.clock is not None else asyncio.get_running_loop()

    def _free(self, now: float) -> bool:
        # a grant ages out at ``granted + WINDOW``, the very sum ``_schedule`` wakes at
        while self._granted and self._granted[0] + self.WINDOW <= now:
            self._granted.popleft()
        return len(self._granted) < self.per_window

    async def take(self, rank: int = NEEDED) -> None:
        """Wait for a slot (at once while the window has one and nobody waits)."""
        now = self._clock().time()
        self.taken += 1
        if not any(self._waiting) and self._free(now):
            self._granted.append(now)
            return
        self.waited += 1
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[rank].append((next(self._order), now, future))
        self._schedule()
        await future

    def _next(self, now: float) -> asyncio.Future[None]:
        """The next waiter: needed first, unless the oldest replaceable one came earlier and has
        waited ``PROMOTE_AFTER``."""
        needed, replaceable = self._waiting
        if replaceable and (not needed or (now - replaceable[0][1] >= self.PROMOTE_AFTER
                                           and replaceable[0][0] < needed[0][0])):
            return replaceable.popleft()[2]
        return needed.popleft()[2]

    def _schedule(self) -> None:
        if self._release is None and any(self._waiting):
            clock = self._clock()
            now = clock.time()
            self._release = clock.call_at(now if self._free(now) else self._granted[0] + self.WINDOW, self._grant)

    def _grant(self) -> None:
        self._release = None
        now = self._clock().time()
        while any(self._waiting) and self._free(now):
            future = self._next(now)
            if future.cancelled():  # its waiter went away: the slot goes to the next
                continue
            self._granted.append(now)
            future.set_result(None)
        self._schedule()


def traced(pace: GlobalPace) -> aiohttp.TraceConfig:
    """discord.py's HTTP trace: each request that carries the bot token takes its slot as it is sent,
    so a retry after a 429 takes one too, and a request that waited in discord.py's bucket for its
    route, or behind its global lock, is counted when it goes, not when it was asked for (counted at
    the ask, such requests went out together past the pace, and met global 429s). Interaction
    answers carry no token: they never wait here."""
    trace = aiohttp.TraceConfig()

    async def on_request_start(session: aiohttp.ClientSession, context: Any,
                               params: aiohttp.TraceRequestStartParams) -> None:
        if "Authorization" in params.headers:
            await pace.take(priority(params.method, str(params.url)))

    trace.on_request_start.append(on_request_start)
    return trace


class WallTimers:
    """The wall clock a press's age is read on (``now``: seconds since the epoch, as Discord's
    snowflakes count them), with the running event loop's timers set on it. The loop's own clock is
    monotonic, not the epoch, so a time on ``now`` becomes the loop's by their difference when the
    timer is set: a press's guard is due ``ANSWER_BY`` after its creation on the real clock. (On a
    clock that runs faster than real time, a bench's, a timer comes that many real seconds later.)"""

    def __init__(self, now: Callable[[], float]):
        self.now = now

    def time(self) -> float:
        return self.now()

    def call_at(self, when: float, callback: Callable[[], object]) -> asyncio.TimerHandle:
        loop = asyncio.get_running_loop()
        return loop.call_at(loop.time() + (when - self.now()), callback)
