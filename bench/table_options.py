"""What the poker table options cost per action: hold'em tables with none, and with every option at
once, measured alternately in one run.

    python bench/table_options.py [--tables 500] [--actions 2000] [--repeat 3] [--json]

Each measurement is ``bench/report.py``'s action figure: N six-handed hold'em tables open in one
table service over SQLite (no Discord, no pictures), each a few untimed actions into its deal, then
round-robin actions over every table, each chosen as the computer player would, through
``TableService.act`` (the table's lock, the engine, the stored action row, a deal's settlement); p50
and p99 of one action in ms. "options" tables have a big-blind ante, a straddle under the gun that
every player chose, a bomb pot every 5th hand, a 30-second time bank refilled every 10 hands, run it
twice (pokerkit in its cash-game mode, asking for the runout count) and the rabbit hunt; "none"
tables have the defaults. The sides alternate, so other work on the machine
falls on both.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.report import FULL, measure_tables  # noqa: E402

OPTIONS = {"ante": 10, "ante_kind": "big blind", "straddle": "under the gun", "bomb_pot_every": 5, "bomb_pot": 20,
           "time_bank": 30, "time_bank_hands": 10, "rabbit_hunt": True, "run_it_twice": True}
SIDES = {"none": {}, "options": OPTIONS}


async def run(tables: int, actions: int, repeat: int) -> dict[str, list[tuple[float, float]]]:
    plan = replace(FULL, tables=tables, actions_many=actions)
    figures: dict[str, list[tuple[float, float]]] = {side: [] for side in SIDES}
    with tempfile.TemporaryDirectory() as directory:
        for round_no in range(repeat):
            for side, settings in SIDES.items():
                result = await measure_tables("holdem", tables, plan, directory, rendering=False,
                                              settings=settings, label=f"-{side}-{round_no}")
                figures[side].append((result.p50, result.p99))
                print(f"round {round_no + 1} {side:>8}: p50 {result.p50:.2f} ms  p99 {result.p99:.2f} ms", flush=True)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = asyncio.run(run(args.tables, args.actions, args.repeat))
    if args.json:
        print(json.dumps(figures))
        return
    print(f"\n{args.tables} six-handed hold'em tables, {args.actions} timed actions a round, median of {args.repeat}:")
    for side, runs in figures.items():
        p50 = statistics.median(r[0] for r in runs)
        p99 = statistics.median(r[1] for r in runs)
        print(f"  {side:>8}: action p50 {p50:.2f} ms, p99 {p99:.2f} ms"
              f"  (p99 range {min(r[1] for r in runs):.2f}-{max(r[1] for r in runs):.2f})")


if __name__ == "__main__":
    main()
