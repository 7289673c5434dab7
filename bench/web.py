"""The web process under load: pages and API calls a second, and their latency, on this machine; and
the tables' pace with and without the web process serving beside them.

    python bench/web.py [--hands 200] [--seconds 10] [--clients 8] [--json]

It deals ``--hands`` hands of hold'em by computer players into a new SQLite database (``python -m bot
selfplay``), turns the server's page on, starts ``python -m bot.web`` over it in a process of its own,
and sends requests from ``--clients`` concurrent clients for ``--seconds``: the leaderboard (HTML and
JSON), the tables, a table, a hand's replayer at a random step (HTML and JSON), a step's picture and a
ledger's CSV, in turn. It prints requests a second and p50/p99 per kind and overall. Then it deals the
same number of hands into another database twice, alone and with the web process serving the same load
meanwhile, and prints the hands a second of each (the tables' capacity, side by side).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.selfplay import GUILD  # noqa: E402
from bot.storage import open_storage  # noqa: E402
from bot.service.web_links import switch  # noqa: E402


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def _selfplay(db: str, hands: int) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-m", "bot", "selfplay", "holdem", "--games", str(hands), "--players", "4",
                          "--seed", "7", "--db", db, "--json"], cwd=ROOT, check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def _site(db: str) -> tuple[str, list[tuple[int, int, int]]]:
    """The page's key and the (table, hand, steps) there are to replay."""
    storage = await open_storage(db)
    try:
        key = (await switch(storage, GUILD, enabled=True)).token
        hands = []
        for table in await storage.web_tables(GUILD, 50):
            for hand_no, _ in await storage.web_hand_numbers(GUILD, table.table_id):
                stored = await storage.hand_record(table.table_id, hand_no)
                assert stored is not None
                hands.append((table.table_id, hand_no, len(stored.record["actions"])))
        return key, hands
    finally:
        await storage.close()


def _urls(key: str, hands: list[tuple[int, int, int]], rng: random.Random) -> list[tuple[str, str]]:
    """One round of requests: (kind, path)."""
    table, hand, steps = rng.choice(hands)
    step = rng.randint(0, steps)
    return [("leaderboard page", f"/s/{key}/"), ("leaderboard api", f"/api/v1/{key}/leaderboard"),
            ("tables api", f"/api/v1/{key}/tables"), ("table page", f"/s/{key}/tables/{table}"),
            ("replay page", f"/s/{key}/tables/{table}/hands/{hand}?step={step}"),
            ("replay api", f"/api/v1/{key}/tables/{table}/hands/{hand}"),
            ("step picture", f"/s/{key}/tables/{table}/hands/{hand}/{step}.png"),
            ("ledger csv", f"/s/{key}/tables/{table}/ledger.csv")]


async def _load(base: str, key: str, hands: list[tuple[int, int, int]], seconds: float, clients: int
                ) -> dict[str, list[float]]:
    timings: dict[str, list[float]] = {}
    failures: list[str] = []
    end = time.perf_counter() + seconds

    async def client(number: int) -> None:
        rng = random.Random(number)
        async with aiohttp.ClientSession(base) as session:
            while time.perf_counter() < end:
                for kind, path in _urls(key, hands, rng):
                    start = time.perf_counter()
                    async with session.get(path) as answer:
                        await answer.read()
                        if answer.status != 200:
                            failures.append(f"{answer.status} {path}")
                    timings.setdefault(kind, []).append(time.perf_counter() - start)

    await asyncio.gather(*(client(n) for n in range(clients)))
    if failures:
        raise SystemExit(f"{len(failures)} requests failed, e.g. {failures[:3]}")
    return timings


def _web_process(db: str, port: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen([sys.executable, "-m", "bot.web", "--db", db, "--port", str(port), "--rate", "1000000"],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert process.stdout is not None
    process.stdout.readline()  # "Serving the web pages on ..."
    return process


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        db = os.path.join(directory, "web.db")
        _selfplay(db, args.hands)
        key, hands = await _site(db)
        port = _free_port()
        web = _web_process(db, port)
        try:
            base = f"http://127.0.0.1:{port}"
            await _load(base, key, hands, 2.0, args.clients)  # warm-up: replays rebuilt, pictures drawn
            started = time.perf_counter()
            timings = await _load(base, key, hands, args.seconds, args.clients)
            elapsed = time.perf_counter() - started
            alone = _selfplay(os.path.join(directory, "alone.db"), args.hands)
            loaded = asyncio.create_task(_load(base, key, hands, 3600.0, args.clients))
            try:
                beside = await asyncio.to_thread(_selfplay, os.path.join(directory, "beside.db"), args.hands)
            finally:
                loaded.cancel()
        finally:
            web.terminate()
            web.wait()
    every = [t for values in timings.values() for t in values]
    report: dict[str, Any] = {
        "cpus": os.cpu_count(), "clients": args.clients, "seconds": round(elapsed, 1),
        "requests_per_second": round(len(every) / elapsed, 1),
        "p50_ms": round(1000 * _percentile(every, 0.5), 2), "p99_ms": round(1000 * _percentile(every, 0.99), 2),
        "kinds": {kind: {"per_second": round(len(values) / elapsed, 1), "p50_ms": round(1000 * _percentile(values, 0.5), 2),
                         "p99_ms": round(1000 * _percentile(values, 0.99), 2)} for kind, values in timings.items()},
        "tables_alone_hands_per_second": alone["hands_per_second"],
        "tables_beside_web_hands_per_second": beside["hands_per_second"],
        "tables_alone_action_ms_p99": alone["action_ms_p99"], "tables_beside_web_action_ms_p99": beside["action_ms_p99"],
    }
    if args.json:
        print(json.dumps(report))
        return
    print(f"{report['requests_per_second']} requests/s from {args.clients} clients over {report['seconds']} s, "
          f"p50 {report['p50_ms']} ms, p99 {report['p99_ms']} ms ({report['cpus']} CPUs)")
    for kind, figures in report["kinds"].items():
        print(f"  {kind:17} {figures['per_second']:8} /s  p50 {figures['p50_ms']:7} ms  p99 {figures['p99_ms']:7} ms")
    print(f"tables: {alone['hands_per_second']} hands/s alone (action p99 {alone['action_ms_p99']} ms), "
          f"{beside['hands_per_second']} hands/s beside the web process under load "
          f"(action p99 {beside['action_ms_p99']} ms)")


if __name__ == "__main__":
    asyncio.run(main())
