"""Selfplay throughput per game: the engine alone, and through the full service (engine + SQLite +
renderer).

    python bench/selfplay.py [--scale X]

Prints one line per game: deals played, actions, action p50/p99 (engine apply + the SQLite
transaction that records it), render p50, deals per second with persistence, deals per second of the
engine and computer players alone, and whether chips were conserved.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bot.games.base import Seat  # noqa: E402
from bot.registry import GameSpec, game, game_names  # noqa: E402
from bot.selfplay import selfplay  # noqa: E402

GAMES = {"holdem": (40, 6), "gin": (1, 2), "bridge": (1, 4), "saint": (2, 4), "squared": (1, 2),
         "sigma": (20, 4), "presidential": (20, 4)}


def engine_only(spec: GameSpec, deals: int, players: int) -> float:
    """Deals per second with the computer players on the bare engine: no storage, no rendering."""
    rng = random.Random(1)
    seats = [Seat(f"P{i}", spec.default_buy_in or 1000 if spec.chips else 0, True) for i in range(players)]
    started = time.perf_counter()
    carry: dict = {}
    for deal in range(deals):
        engine = spec.engine(dict(spec.default_settings), seats, "%064x" % rng.getrandbits(256),
                             {**carry, "dealer": deal % players, "hand_no": deal + 1})
        while engine.outcome is None:
            for seat in engine.to_act():
                if engine.outcome is None and seat in engine.to_act():
                    engine.apply(seat, spec.choose(engine.view(seat), engine.legal_actions(seat), rng))
        carry = {} if engine.outcome.match_over or spec.moves_button else dict(engine.outcome.carry)
    return deals / (time.perf_counter() - started)


async def main(scale: float) -> None:
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"{'game':<14}{'games':>6}{'deals':>7}{'actions':>9}{'act p50':>9}{'act p99':>9}"
          f"{'render':>8}{'deals/s':>9}{'engine':>9}  chips")
    for name in game_names():
        games, players = GAMES.get(name, (5, game(name).min_players))
        games = max(1, int(games * scale))
        with tempfile.TemporaryDirectory() as directory:
            result = await selfplay(name, games, players, seed=1, db=f"{directory}/bench.db")
        bare = engine_only(game(name), max(1, result["hands"]), players)
        print(f"{name:<14}{result['games']:>6}{result['hands']:>7}{result['actions']:>9}"
              f"{result['action_ms_p50']:>8.2f}m{result['action_ms_p99']:>8.2f}m"
              f"{result['render_ms_p50']:>7.1f}m{result['hands_per_second']:>9.2f}{bare:>9.2f}  "
              f"{'conserved' if result['chips_conserved'] else 'NOT CONSERVED'}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the number of games")
    asyncio.run(main(parser.parse_args().scale))
