"""Saint Poker: selfplay games per second and the computer player's win rate against random choosers.

Run: ``python -m bench.saint [games]`` from the repository root.
"""
from __future__ import annotations

import random
import sys
import time
from typing import Any, Callable, Mapping, Sequence

from bot.ai import saint as robot
from bot.games.base import Action, ActionSpec, Seat
from bot.games.saint import SaintEngine

Player = Callable[[Mapping[str, Any], Sequence[ActionSpec], random.Random], Action]


def random_player(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """Any legal choice, uniformly."""
    spec = legal[0]
    return Action(spec.kind, cards=tuple(rng.sample(spec.choices, spec.max_choices)))


def play(players: Sequence[Player], seed: int) -> tuple[int, ...]:
    """One whole game; returns its ranking (0 = first, shared on equal totals)."""
    rng = random.Random(seed)
    engine = SaintEngine({}, [Seat(f"P{i}") for i in range(len(players))], f"{seed:064x}")
    while engine.outcome is None:
        for seat in engine.to_act():
            engine.apply(seat, players[seat](engine.view(seat), engine.legal_actions(seat), rng))
    assert engine.outcome.ranking is not None
    return engine.outcome.ranking


def selfplay_rate(player: Player, players: int, games: int) -> float:
    """Games per second with ``player`` in every seat."""
    start = time.perf_counter()
    for seed in range(games):
        play([player] * players, seed)
    return games / (time.perf_counter() - start)


def win_rate(players: int, games: int) -> float:
    """Share of first places (shared ones split) of one computer player among random choosers;
    its seat moves every game."""
    won = 0.0
    for seed in range(games):
        seat = seed % players
        lineup: list[Player] = [random_player] * players
        lineup[seat] = robot.choose
        ranking = play(lineup, 10**6 + seed)
        if ranking[seat] == 0:
            won += 1 / ranking.count(0)
    return won / games


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    play([robot.choose] * 2, 0)  # warm up imports and caches
    for players in range(2, 6):
        engine = selfplay_rate(random_player, players, max(10, games // 2))
        rate = selfplay_rate(robot.choose, players, max(10, games // 10))
        share = win_rate(players, games)
        print(f"{players} players: engine with random choosers {engine:.0f} games/s; "
              f"computer selfplay {rate:.1f} games/s; computer player vs random choosers "
              f"wins {share:.1%} of {games} games (fair share {1 / players:.0%})")


if __name__ == "__main__":
    main()
