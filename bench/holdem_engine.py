"""Hold'em engine speed: hands and actions per second of random legal play, no computer player.

Random play: each seat picks a legal action uniformly, raises to a random preset. Views are
timed apart, since the table service builds one per seat and one public after every action.

Run: ``python -m bench.holdem_engine [hands]`` from the repository root (default 2,000 per line).
"""
from __future__ import annotations

import random
import sys
import time

from bot.games.base import Action, Seat
from bot.games.holdem import HoldemEngine


def run(players: int, limit: str, hands: int, seed: int = 0) -> tuple[float, float, float]:
    """Hands/s and actions/s of random play, and views/s, over ``hands`` hands."""
    rng = random.Random(seed)
    actions = views = 0
    playing = viewing = 0.0
    for hand in range(hands):
        start = time.perf_counter()
        engine = HoldemEngine({"limit": limit}, [Seat(f"P{i}", 1000) for i in range(players)],
                              f"{rng.getrandbits(256):064x}", {"dealer": hand % players})
        while engine.outcome is None:
            (seat,) = engine.to_act()
            spec = rng.choice(engine.legal_actions(seat))
            amount = rng.choice(spec.presets)[1] if spec.presets else None
            engine.apply(seat, Action(spec.kind, amount))
            actions += 1
        playing += time.perf_counter() - start
        start = time.perf_counter()
        engine.view(None)
        engine.view(0)
        viewing += time.perf_counter() - start
        views += 2
    return hands / playing, actions / playing, views / viewing


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    for players, limit in ((2, "no-limit"), (6, "no-limit"), (6, "pot-limit"), (6, "fixed-limit"),
                           (10, "no-limit")):
        per_hand, per_action, per_view = run(players, limit, hands)
        print(f"{players:>2} players {limit:<12} hands/s {per_hand:>7,.0f}  actions/s "
              f"{per_action:>7,.0f}  views/s {per_view:>7,.0f}", flush=True)


if __name__ == "__main__":
    main()
