"""Selfplay throughput per game through the full service (engine + SQLite + renderer).

    python bench/selfplay.py [--games N]

Prints one line per game: deals played, actions, action p50/p99 (engine apply + the SQLite
transaction that records it), render p50 and deals per second, plus whether chips were conserved.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import platform
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bot.registry import game, game_names  # noqa: E402
from bot.selfplay import selfplay  # noqa: E402

GAMES = {"holdem": (40, 6), "gin": (1, 2), "bridge": (1, 4), "saint": (2, 4), "squared": (1, 2),
         "sigma": (20, 4), "presidential": (20, 4)}


async def main(scale: float) -> None:
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"{'game':<14}{'games':>6}{'deals':>7}{'actions':>9}{'act p50':>9}{'act p99':>9}"
          f"{'render':>8}{'deals/s':>9}  chips")
    for name in game_names():
        games, players = GAMES.get(name, (5, game(name).min_players))
        games = max(1, int(games * scale))
        with tempfile.TemporaryDirectory() as directory:
            result = await selfplay(name, games, players, seed=1, db=f"{directory}/bench.db")
        print(f"{name:<14}{result['games']:>6}{result['hands']:>7}{result['actions']:>9}"
              f"{result['action_ms_p50']:>8.2f}m{result['action_ms_p99']:>8.2f}m"
              f"{result['render_ms_p50']:>7.1f}m{result['hands_per_second']:>9.2f}  "
              f"{'conserved' if result['chips_conserved'] else 'NOT CONSERVED'}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the number of games")
    asyncio.run(main(parser.parse_args().scale))
