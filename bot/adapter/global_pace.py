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
from typing import Any

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

    def __init__(self, rate: float):
        if rate <= 0:
            raise ValueError("the request rate must be above zero")
        self.rate = rate
        self._granted: deque[float] = deque()
        # by rank, each in the order asked: (order, when asked, its waiter)
        self._waiting: tuple[deque[tuple[int, float, asyncio.Future[None]]], ...] = (deque(), deque())
        self._order = itertools.count()
        self._release: asyncio.TimerHandle | None = None
        self.taken = 0
        self.waited = 0

    @property
    def per_window(self) -> int:
        return max(1, int(self.rate))

    def _free(self, now: float) -> bool:
        while self._granted and now - self._granted[0] >= self.WINDOW:
            self._granted.popleft()
        return len(self._granted) < self.per_window

    async def take(self, rank: int = NEEDED) -> None:
        """Wait for a slot (at once while the window has one and nobody waits)."""
        loop = asyncio.get_running_loop()
        self.taken += 1
        if not any(self._waiting) and self._free(loop.time()):
            self._granted.append(loop.time())
            return
        self.waited += 1
        future: asyncio.Future[None] = loop.create_future()
        self._waiting[rank].append((next(self._order), loop.time(), future))
        self._schedule(loop)
        await future

    def _next(self, now: float) -> asyncio.Future[None]:
        """The next waiter: needed first, unless the oldest replaceable one came earlier and has
        waited ``PROMOTE_AFTER``."""
        needed, replaceable = self._waiting
        if replaceable and (not needed or (now - replaceable[0][1] >= self.PROMOTE_AFTER
                                           and replaceable[0][0] < needed[0][0])):
            return replaceable.popleft()[2]
        return needed.popleft()[2]

    def _schedule(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._release is None and any(self._waiting):
            now = loop.time()
            delay = 0.0 if self._free(now) else self._granted[0] + self.WINDOW - now
            self._release = loop.call_later(max(0.0, delay), self._grant, loop)

    def _grant(self, loop: asyncio.AbstractEventLoop) -> None:
        self._release = None
        while any(self._waiting) and self._free(loop.time()):
            future = self._next(loop.time())
            if future.cancelled():  # its waiter went away: the slot goes to the next
                continue
            self._granted.append(loop.time())
            future.set_result(None)
        self._schedule(loop)


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
