"""Achievements' cost per deal: the check that runs after every stored deal of members
(``bot.service.seasons.awards``), measured against the same deals without it.

Tables of hold'em (``--tables``, default 4) of three members each play ``--deals`` deals each
(default 100) through the table service, as ``bench/report.py`` drives it: one SQLite file, the
members' moves chosen by the computer players' ``choose`` and pressed as commands, a presenter that
shows nothing. The same seeded deals are played with the achievements' check and with it turned off
(``awards.after_deal`` a no-op); each run counts the database reads the storage makes outside
transactions (every ``fetch`` of its connection: the check reads outside the deal's transaction)
and the transactions it opens, and times the process's CPU. The difference per deal is the check's
cost. ``--repeat`` runs each way that many times, alternating, and keeps the median CPU.

Run: ``python bench/achievements.py [--tables 4] [--deals 100] [--repeat 3]`` from the repository root.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.report import act_once, new_service, open_table  # noqa: E402
from bot.service.seasons import awards  # noqa: E402
from bot.storage import open_storage  # noqa: E402


@dataclass
class Run:
    deals: int
    reads: int
    transactions: int
    cpu: float  # seconds of the process's CPU for the whole run
    earned: int  # achievements stored


async def run(directory: str, label: str, tables: int, deals: int, checked: bool) -> Run:
    storage = await open_storage(f"{directory}/{label}.db", starting_balance=10**9)
    service = new_service(storage)
    live_tables = [await open_table(service, "holdem", 1000 + n, 3) for n in range(tables)]
    db: Any = storage._db  # type: ignore[attr-defined]  # the backend's connection: its reads counted
    counts = {"reads": 0, "transactions": 0}
    fetch, transaction = db.fetch, storage.transaction

    async def counted_fetch(sql: str, *args: Any) -> Any:
        counts["reads"] += 1
        return await fetch(sql, *args)

    def counted_transaction() -> Any:
        counts["transactions"] += 1
        return transaction()

    db.fetch, storage.transaction = counted_fetch, counted_transaction  # type: ignore[method-assign]
    after_deal = awards.after_deal
    if not checked:
        awards.after_deal = lambda table, hand: None  # type: ignore[assignment]
    rng = random.Random(3)
    started_deals, started_cpu = service.deals_finished, time.process_time()
    try:
        while service.deals_finished - started_deals < tables * deals:
            for live in live_tables:
                await act_once(service, live, rng)
            await asyncio.gather(*(task for live in live_tables for task in list(live.tasks)
                                   if task is not asyncio.current_task()), return_exceptions=True)
        cpu = time.process_time() - started_cpu
    finally:
        awards.after_deal = after_deal  # type: ignore[assignment]
    finished = service.deals_finished - started_deals
    earned = (await fetch("SELECT COUNT(*) FROM achievements"))[0][0]
    await service.deadlines.stop()
    await storage.close()
    return Run(finished, counts["reads"], counts["transactions"], cpu, int(earned))


async def main(tables: int, deals: int, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as directory:
        runs: dict[bool, list[Run]] = {True: [], False: []}
        for n in range(repeat):
            for checked in (False, True):
                runs[checked].append(await run(directory, f"{checked}-{n}", tables, deals, checked))
    load = os.getloadavg()[0]
    print(f"{tables} hold'em tables of 3 members, {deals} deals each, {repeat} runs each way "
          f"(load average {load:.1f} at the end)")
    print("| | deals | reads a deal | transactions a deal | CPU a deal (median) | achievements stored |")
    print("|---|---|---|---|---|---|")
    per: dict[bool, tuple[float, float, float]] = {}
    for checked, label in ((False, "without the check"), (True, "with the check")):
        first = runs[checked][0]
        cpu = statistics.median(r.cpu / r.deals for r in runs[checked]) * 1000
        per[checked] = (first.reads / first.deals, first.transactions / first.deals, cpu)
        print(f"| {label} | {first.deals} | {per[checked][0]:.2f} | {per[checked][1]:.2f} | {cpu:.2f} ms | {first.earned} |")
    reads, transactions, cpu = (per[True][i] - per[False][i] for i in range(3))
    print(f"| the check's cost | | {reads:+.2f} | {transactions:+.2f} | {cpu:+.2f} ms ({cpu / per[False][2]:+.0%}) | |")


if __name__ == "__main__":
    parse = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parse.add_argument("--tables", type=int, default=4)
    parse.add_argument("--deals", type=int, default=100, help="deals each table plays")
    parse.add_argument("--repeat", type=int, default=3)
    options = parse.parse_args()
    asyncio.run(main(options.tables, options.deals, options.repeat))
