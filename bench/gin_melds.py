"""How fast the gin meld search is: the best arrangement of 10 and 11 cards, the deadwood after each
of 11 discards (what every discard turn costs), and the best layoffs after a knock.

Run: ``python bench/gin_melds.py``. The arrangement figures are without the result cache, on random
hands and on "dense" hands drawn from the 20 cards ace to five, where sets and runs overlap most.
"""
from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games import gin_melds  # noqa: E402
from bot.games.cards import DECK  # noqa: E402

HANDS = 5000
DENSE = [rank + suit for rank in "A2345" for suit in "cdhs"]


def per_call_us(fn: Callable[[list[str]], object], hands: list[list[str]]) -> tuple[float, float, float]:
    """Mean, 99th percentile and worst microseconds per call, the caches cleared before each call."""
    times = []
    for hand in hands:
        gin_melds._best.cache_clear()
        gin_melds._after_discards.cache_clear()
        start = time.perf_counter()
        fn(hand)
        times.append((time.perf_counter() - start) * 1e6)
    return statistics.fmean(times), statistics.quantiles(times, n=100)[98], max(times)


def main() -> None:
    gc.disable()  # a collection inside one timed call is not the search's cost
    rng = random.Random(1)
    cases = {
        "random 10 cards": [rng.sample(DECK, 10) for _ in range(HANDS)],
        "random 11 cards": [rng.sample(DECK, 11) for _ in range(HANDS)],
        "dense 11 cards": [rng.sample(DENSE, 11) for _ in range(HANDS)],
    }
    print(f"{'case':<40} {'mean us':>9} {'p99 us':>9} {'worst us':>9}")
    for name, hands in cases.items():
        row(f"best arrangement, {name}", per_call_us(gin_melds.best_arrangement, hands))
    for name in ("random 11 cards", "dense 11 cards"):
        row(f"deadwood after each discard, {name[:-9]}", per_call_us(gin_melds.deadwood_after_discards, cases[name]))
    table = [("2h", "3h", "4h"), ("9c", "9d", "9s"), ("Jd", "Qd", "Kd")]
    free = [c for c in DECK if all(c not in meld for meld in table)]
    near = ["Ah", "5h", "6h", "7h", "9h", "Td", "8d", "5c", "5d", "5s", "6s", "Ad"]
    layoff_hands = [rng.sample(free, 10) for _ in range(1000)] + [rng.sample(near, 10) for _ in range(200)]
    row("best layoffs onto 3 melds, 10 cards", per_call_us(lambda h: gin_melds.best_layoffs(h, table), layoff_hands))


def row(name: str, figures: tuple[float, float, float]) -> None:
    print(f"{name:<40} " + " ".join(f"{x:9.1f}" for x in figures))


if __name__ == "__main__":
    main()
