"""This process's share of the bot token's 50 requests a second, kept by the bot itself.

Discord counts every request a bot token makes against one global limit, every process of the bot
together, except the interaction callback and the webhook routes of an interaction's token. Past it
Discord answers global 429s and discord.py holds every channel request of the process until the
window passes: every table of every server freezes at once. So every request through discord.py's
``HTTPClient`` (all of them are counted; interaction answers go through its webhook adapter and never
come here) first takes a slot from a token bucket of ``rate`` a second.

When requests must wait, the most useful go first: a table edit that a newer state will replace
anyway waits behind everything else (a hand by DM, a table's first post, a roll-over), and, since the
presenter keeps at most one edit of a table in flight and folds every state asked for meanwhile into
the next, waiting merges a table's updates instead of queueing them.
"""
from __future__ import annotations

import asyncio
import heapq
import itertools
import re
from typing import Any, Awaitable, Callable

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
    """A token bucket of ``rate`` a second holding at most a second's worth; waiters leave by priority,
    then in the order they came."""

    def __init__(self, rate: float):
        if rate <= 0:
            raise ValueError("the request rate must be above zero")
        self.rate = rate
        self.capacity = max(1.0, rate)
        self._tokens = self.capacity
        self._stamp: float | None = None
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._release: asyncio.TimerHandle | None = None
        self.taken = 0
        self.waited = 0

    def _refill(self, now: float) -> None:
        if self._stamp is not None:
            self._tokens = min(self.capacity, self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now

    async def take(self, rank: int = NEEDED) -> None:
        """Wait for a slot (at once while the bucket holds one and nobody waits)."""
        loop = asyncio.get_running_loop()
        self._refill(loop.time())
        self.taken += 1
        if not self._waiting and self._tokens >= 1:
            self._tokens -= 1
            return
        self.waited += 1
        future: asyncio.Future[None] = loop.create_future()
        heapq.heappush(self._waiting, (rank, next(self._order), future))
        self._schedule(loop)
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self._tokens += 1  # its slot was granted as it was cancelled: give it back
            raise

    def _schedule(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._release is None and self._waiting:
            delay = max(0.0, (1 - self._tokens) / self.rate)
            self._release = loop.call_later(delay, self._grant, loop)

    def _grant(self, loop: asyncio.AbstractEventLoop) -> None:
        self._release = None
        self._refill(loop.time())
        while self._waiting and self._tokens >= 1:
            _, _, future = heapq.heappop(self._waiting)
            if future.cancelled():
                continue
            self._tokens -= 1
            future.set_result(None)
        self._schedule(loop)


def paced(request: Callable[..., Awaitable[Any]], pace: GlobalPace) -> Callable[..., Awaitable[Any]]:
    """``HTTPClient.request`` that takes its slot first."""

    async def request_paced(route: Any, **kwargs: Any) -> Any:
        await pace.take(priority(route.method, route.path))
        return await request(route, **kwargs)

    return request_paced
