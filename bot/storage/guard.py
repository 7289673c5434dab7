"""The ownership guard: one process drives a shard's tables at a time, enforced by PostgreSQL.

A process holds a session advisory lock per shard on a connection of its own for as long as it runs.
PostgreSQL releases the locks the moment that connection ends, a killed process's too, so a second
process started with the same shards waits (``acquire`` polls, and says once what it waits for) and
takes over as soon as the first is gone. All or nothing: a process never holds part of its shards,
so two processes with overlapping ranges cannot each hold half and wait forever.

A lock alone does not stop a process that lost it without noticing (paused, its lock connection cut)
from writing once more. So taking the shards also bumps their generation in ``shard_leases`` (a
fencing token), and the process's storage checks in every write transaction that the generations are
still the ones it took (``bot.storage.postgres``): the database refuses the stale process's writes.
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any, Callable

import asyncpg

log = logging.getLogger(__name__)
LOCK_SPACE = 0x6361  # first key of every shard lock ("ca"); the second is count * 65536 + shard
FENCE_SPACE = 0x6366  # ("cf") writes hold it shared per shard while they check the generations


@dataclass(frozen=True)
class Fence:
    """The generations of the shards a process took: its writes are valid while they are current."""

    count: int
    shards: tuple[int, ...]
    generations: tuple[int, ...]


class ShardGuard:
    """Advisory locks on ``shards`` (ids) of ``count``, held on one dedicated connection."""

    def __init__(self, url: str, shard_ids: tuple[int, ...], count: int):
        self.url = url
        self.shard_ids, self.count = shard_ids, count
        self.keys = [count * 65536 + shard for shard in shard_ids]
        self.conn: "asyncpg.Connection[Any] | None" = None
        self.fence: Fence | None = None
        """Set once the shards are ours (the schema must be migrated: ``shard_leases``)."""

    async def try_acquire(self) -> bool:
        """Take every lock at once, or none (those taken are let go again)."""
        conn = self.conn or await asyncpg.connect(self.url)
        self.conn = conn
        taken: list[int] = []
        for key in self.keys:
            if not await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", LOCK_SPACE, key):
                for held in taken:
                    await conn.execute("SELECT pg_advisory_unlock($1, $2)", LOCK_SPACE, held)
                return False
            taken.append(key)
        async with conn.transaction():  # the exclusive fence locks wait for the last owner's writes in flight
            for key in self.keys:
                await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", FENCE_SPACE, key)
            rows = await conn.fetch(
                "INSERT INTO shard_leases (shard_count, shard, generation) SELECT $1, shard, 1"
                " FROM unnest($2::bigint[]) AS shard ON CONFLICT (shard_count, shard)"
                " DO UPDATE SET generation = shard_leases.generation + 1 RETURNING shard, generation",
                self.count, list(self.shard_ids))
        generation = {int(shard): int(number) for shard, number in rows}
        self.fence = Fence(self.count, self.shard_ids, tuple(generation[s] for s in self.shard_ids))
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
