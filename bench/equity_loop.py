"""All-in equity and the event loop: how long the move that closes the betting holds the loop.

Every seat goes all in before the flop (Omaha hi-lo, no-limit, 3, 4 and 6 seats; hold'em heads-up), so
the rest of the board is dealt at once. ``apply`` runs on the event loop in the table service, so its
time is time no other table is served. The figures that are drawn on the table (each live hand's
chances, street by street) are counted where the picture is drawn, in the render pool; their time
is shown apart: it is spent in a worker process.

Run: ``python -m bench.equity_loop [deals]`` from the repository root (default 30 per line).
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any

from bot.games.base import Action, Seat
from bot.registry import game

try:  # the figures counted from the view (where the picture is drawn)
    from bot.games.runout_equity import with_equity
except ImportError:  # before: the engine counted them in apply
    def with_equity(view: dict[str, Any]) -> dict[str, Any]:
        return view


def all_in_deal(name: str, players: int, seed: str) -> tuple[float, float]:
    """(ms of the apply that closes the betting, ms to count the figures from the finished view)."""
    engine = game(name).engine({"limit": "no-limit"}, [Seat(f"P{i}", 1000) for i in range(players)], seed,
                               {"dealer": 0})
    closing = 0.0
    while engine.outcome is None:
        (seat,) = engine.to_act()
        specs = {spec.kind: spec for spec in engine.legal_actions(seat)}
        action = (Action("raise", amount=specs["raise"].max_amount) if "raise" in specs
                  else Action("call") if "call" in specs else Action("check"))
        started = time.perf_counter()
        engine.apply(seat, action)
        closing = time.perf_counter() - started  # the last apply deals the runout
    view = engine.view(None)
    started = time.perf_counter()
    counted = with_equity(view)
    counting = time.perf_counter() - started
    assert "equity" in counted, "an all-in runout has figures"
    return closing * 1000, counting * 1000


def main(deals: int) -> None:
    rng = random.Random(7)
    print("| deal | apply that closes the betting, p50 / max (event loop) | counting the figures, p50 / max (render pool) |")
    print("|---|---|---|")
    for name, players in (("omaha-hilo", 6), ("omaha-hilo", 4), ("omaha-hilo", 3), ("holdem", 2)):
        runs = [all_in_deal(name, players, f"{rng.getrandbits(256):064x}") for _ in range(deals)]
        applies, counts = [r[0] for r in runs], [r[1] for r in runs]
        print(f"| {name}, {players} seats all in before the flop | {statistics.median(applies):.1f} / "
              f"{max(applies):.1f} ms | {statistics.median(counts):.1f} / {max(counts):.1f} ms |")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
