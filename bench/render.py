"""Render speed and PNG size of the table images: p50/p99 milliseconds and KB per render.

Run: ``python bench/render.py [renders per case]``. The first render of each case is left out of the
figures (it fills the font and card sprite caches once per process). Wall-clock times suffer when the
machine is busy, so the CPU time of the rendering thread is printed too, with the load average.
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.base import Action, Seat  # noqa: E402
from bot.games.gin import GinEngine  # noqa: E402
from images import gin, poker  # noqa: E402

BOARD = ["As", "Kd", "7h", "Td"]
NAMES = ["Alice", "Bob", "Charlotte", "Dmitri", "Eve", "Françoise", "Gustavo", "Hiroshi", "Ingrid", "José"]
FOOTER = "Deck SHA-256 3f2a9c0e…c9"


def poker_view(seats: int) -> dict[str, Any]:
    """A busy turn: every seat with cards and a bet, a few folded, seat 1 to act, viewer 0's cards shown."""
    return {
        "game": "holdem", "variant": "No-limit hold'em", "hand_no": 128, "street": "turn", "board": BOARD,
        "stakes": "Blinds 50/100", "viewer": 0, "finished": False, "winners": [],
        "log": ["Alice raises to 300", "Bob calls 300", "Charlotte folds", "Dmitri raises to 1,200"],
        "pots": [{"amount": 4_500, "eligible": list(range(seats))}, {"amount": 900, "eligible": [0, 1]}],
        "seats": [
            {"name": NAMES[i], "stack": 25_000 + 1_337 * i, "bet": 100 * i, "folded": i % 4 == 3,
             "cards": ["Qh", "Jh"] if i == 0 else ["??", "??"], "all_in": False, "is_dealer": i == 0,
             "to_act": i == 1, "last_action": "calls 300", "hand_name": "", "won": 0}
            for i in range(seats)
        ],
    }


def gin_engine() -> GinEngine:
    """A gin hand a dozen random moves in, so both hands, the pile and the score have content."""
    engine = GinEngine({"match": "best-of-five"}, [Seat("Alice"), Seat("Bob")], "ab" * 32, {})
    rng = random.Random(1)
    for _ in range(12):
        seat = engine.to_act()[0]
        spec = rng.choice([s for s in engine.legal_actions(seat) if s.kind in ("pass", "draw_stock", "discard")])
        engine.apply(seat, Action(spec.kind, cards=(rng.choice(spec.choices),) if spec.choices else ()))
    return engine


def measure(render: Callable[[], bytes], runs: int) -> tuple[float, float, float, float]:
    """(wall p50 ms, wall p99 ms, CPU p50 ms, PNG KB)."""
    render()
    wall, cpu, size = [], [], 0
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.thread_time()
        size = len(render())
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
    wall.sort()
    return statistics.median(wall), wall[min(runs - 1, round(runs * 0.99))], statistics.median(cpu), size / 1024


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    cases: dict[str, Callable[[], bytes]] = {}
    for seats in (2, 6, 10):
        view = poker_view(seats)
        cases[f"poker table {seats}"] = lambda view=view: poker.render_table(view, FOOTER)
        cases[f"poker hand {seats}"] = lambda view=view: poker.render_hand(view)
    engine = gin_engine()
    public, own = engine.view(None), engine.view(engine.to_act()[0])
    cases["gin table"] = lambda: gin.render_table(public, FOOTER)
    cases["gin hand"] = lambda: gin.render_hand(own)
    cases["gin scores"] = lambda: gin.render_scores(public)

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs, {runs} renders per case")
    print(f"{'render':<18}{'p50 ms':>9}{'p99 ms':>9}{'CPU p50':>9}{'PNG KB':>9}")
    for label, render in cases.items():
        p50, p99, cpu, kb = measure(render, runs)
        print(f"{label:<18}{p50:>9.1f}{p99:>9.1f}{cpu:>9.1f}{kb:>9.1f}")


if __name__ == "__main__":
    main()
