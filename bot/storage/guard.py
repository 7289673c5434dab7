"""The ownership guard: one process drives a shard's tables at a time, enforced by PostgreSQL.

A process holds a session advisory lock per shard on a connection of its own for as long as it runs.
PostgreSQL releases the locks the moment that connection ends, a killed process's too, so a second
process started with the same shards waits (``acquire`` polls, and says once what it waits for) and
takes over as soon as the first is gone. All or nothing: a process never holds part of its shards,
so two processes with overlapping ranges cannot each hold half and wait forever.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable

import asyncpg

log = logging.getLogger(__name__)
LOCK_SPACE = 0x6361  # first key of every shard lock ("ca"); the second is count * 65536 + shard


class ShardGuard:
    """Advisory locks on ``shards`` (ids) of ``count``, held on one dedicated connection."""

    def __init__(self, url: str, shard_ids: tuple[int, ...], count: int):
        self.url = url
        self.keys = [count * 65536 + shard for shard in shard_ids]
        self.conn: "asyncpg.Connection[Any] | None" = None

    async def try_acquire(self) -> bool:
        """Take every lock at once, or none (those taken are let go again)."""
        conn = self.conn or await asyncpg.connect(self.url)
        self.conn = conn
        taken = []
        for key in self.keys:
            if not await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", LOCK_SPACE, key):
                for held in taken:
                    await conn.execute("SELECT pg_advisory_unlock($1, $2)", LOCK_SPACE, held)
                return False
            taken.append(key)
        return True

    async def acquire(self, what: str, *, poll: float = 2.0, say: Callable[[str], None] = log.warning) -> None:
        """Wait until every lock is ours; ``what`` names the shards in the one message said while waiting."""
        told = False
        while not await self.try_acquire():
            if not told:
                say(f"{what} are driven by another process; waiting for it to stop (it may be"
                    " started twice by mistake: stop this one if so)")
                told = True
            await asyncio.sleep(poll)

    def on_lost(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` if the lock connection ends (the server restarted, the network broke):
        the locks are gone, another process may take over, so this one must stop driving."""
        assert self.conn is not None
        self.conn.add_termination_listener(lambda _conn: callback())

    async def release(self) -> None:
        if self.conn is not None:
            await self.conn.close()
            self.conn = None
