"""Poker Squared: matches per second and the computer player's win rate against a random player.

Run: ``python -m bench.squared [matches]`` from the repository root.
"""
from __future__ import annotations

import random
import sys
import time
from typing import Any, Callable, Mapping, Sequence

from bot.ai import squared as robot
from bot.games.base import Action, ActionSpec, Seat
from bot.games.squared import CELLS, SquaredEngine

Player = Callable[[Mapping[str, Any], Sequence[ActionSpec], random.Random], Action]


def random_player(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """Any legal move, amounts uniform in their range."""
    spec = rng.choice(list(legal))
    if spec.kind == "place":
        empty = [CELLS[i] for i, c in enumerate(view["grids"][view["viewer"]]) if c is None]
        return Action("place", cards=(rng.choice(spec.choices),), target=rng.choice(empty))
    if spec.min_amount is not None and spec.max_amount is not None:
        return Action(spec.kind, amount=rng.randint(spec.min_amount, spec.max_amount))
    return Action(spec.kind)


def play(players: Sequence[Player], seed: int) -> tuple[int, ...]:
    """One match; returns its ranking (0 = first)."""
    rng = random.Random(seed)
    engine = SquaredEngine({}, [Seat("P0", 40), Seat("P1", 40)], f"{seed:064x}")
    while engine.outcome is None:
        seat = engine.to_act()[0]
        engine.apply(seat, players[seat](engine.view(seat), engine.legal_actions(seat), rng))
    assert engine.outcome.ranking is not None
    return engine.outcome.ranking


def measure(players: Sequence[Player], matches: int) -> tuple[float, float, float]:
    """(matches per second, share won by seat 0's player, share drawn), seats swapped every match."""
    wins = draws = 0
    start = time.perf_counter()
    for i in range(matches):
        order = list(players) if i % 2 == 0 else list(reversed(players))
        ranking = play(order, i)
        first = 0 if i % 2 == 0 else 1
        if ranking[0] == ranking[1]:
            draws += 1
        elif ranking[first] == 0:
            wins += 1
    return matches / (time.perf_counter() - start), wins / matches, draws / matches


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    play([robot.choose, robot.choose], 10**6)
    for label, players in (
        ("random vs random", (random_player, random_player)),
        ("robot vs random", (robot.choose, random_player)),
        ("robot vs robot", (robot.choose, robot.choose)),
    ):
        rate, won, drawn = measure(players, matches)
        print(f"{label:18} {rate:8.1f} matches/s   first player wins {won:6.1%}   draws {drawn:5.1%}")


if __name__ == "__main__":
    main()
