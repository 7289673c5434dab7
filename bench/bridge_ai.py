"""How long a bridge robot takes to decide, and how well four robots do, on the engine alone.

Four robots play boards of rubber bridge. Prints, for card decisions (the double-dummy ones) and
for calls, the wall-clock p50 / p95 / worst in milliseconds and the CPU time (all solver threads
together), with the opening lead and the rest of the first trick apart since they are the hardest
for the solver (most cards unseen). Then the quality: contracts made, and declarer's tricks against the double-dummy
number for the contract (negative: the robots did worse than perfect play on open cards). The
load average is printed too: on a busy machine wall-clock figures grow, CPU figures do not.

Run: ``python bench/bridge_ai.py [boards]`` from the repository root (default 8).
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from endplay.dds import calc_dd_table  # noqa: E402
from endplay.types import Deal, Denom, Player  # noqa: E402

from bot.ai import bridge as robot  # noqa: E402
from bot.games.base import Seat  # noqa: E402
from bot.games.bridge import BridgeEngine, pbn_hand  # noqa: E402

SEATS = [Seat(name, is_bot=True) for name in ("North", "East", "South", "West")]


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return (f"n={len(ordered):4d}  p50 {statistics.median(ordered):7.1f}  p95 {p95:7.1f}  "
            f"max {ordered[-1]:7.1f}")


def main() -> None:
    boards = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    print(f"load average at start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs; "
          f"{robot.SAMPLES} sampled deals per card decision")
    wall: dict[str, list[float]] = {"opening lead": [], "first trick": [], "later cards": [], "calls": []}
    cpu: dict[str, list[float]] = {key: [] for key in wall}
    made = played = 0
    versus_dd: list[int] = []
    carry: dict = {}
    for board in range(boards):
        game = BridgeEngine({"scoring": "rubber"}, SEATS, f"{board + 1:064x}", carry)
        rng = random.Random(board)
        while game.outcome is None:
            seat = game.to_act()[0]
            view, legal = game.view(seat), game.legal_actions(seat)
            start_wall, start_cpu = time.perf_counter(), time.process_time()
            action = robot.choose(view, legal, rng)
            spent_wall = (time.perf_counter() - start_wall) * 1000
            spent_cpu = (time.process_time() - start_cpu) * 1000
            if action.kind == "play":
                key = "opening lead" if not view["play"] else "first trick" if len(view["play"]) < 4 else "later cards"
            else:
                key = "calls"
            wall[key].append(spent_wall)
            cpu[key].append(spent_cpu)
            game.apply(seat, action)
        outcome = game.outcome
        result = game.result
        assert result is not None
        print(f"board {board + 1}: {outcome.summary}")
        if not result.passed_out:
            played += 1
            made += result.overtricks >= 0
            deal = Deal("N:" + " ".join(pbn_hand(hand) for hand in game.dealt))
            dd = calc_dd_table(deal)[Denom.find(result.strain), Player(result.declarer)]
            versus_dd.append(result.tricks - dd)
        carry = {} if outcome.match_over else dict(outcome.carry)
    print("\ndecision time, wall ms (CPU ms)")
    for key in wall:
        if wall[key]:
            print(f"  {key:12s} wall {percentiles(wall[key])}")
            print(f"  {'':12s} cpu  {percentiles(cpu[key])}")
    cards = wall["opening lead"] + wall["first trick"] + wall["later cards"]
    print(f"  all cards    wall {percentiles(cards)}")
    print(f"\ncontracts made: {made} of {played}")
    if versus_dd:
        print(f"declarer tricks minus double-dummy tricks: mean "
              f"{statistics.fmean(versus_dd):+.2f}, per board {versus_dd}")
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
