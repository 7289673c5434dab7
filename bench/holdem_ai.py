"""The hold'em computer player against always-call and always-raise players, on the engine alone.

Each hand every seat starts with 1,000 chips (a re-buy every hand), blinds 5/10, no-limit, and
the button moves one seat a hand. Prints, per match, the hands played, the computer player's chips
won per hand with a 95% confidence interval, and its decisions per second.

Run: ``python -m bench.holdem_ai [hands]`` from the repository root (default 2,000 per match).
"""
from __future__ import annotations

import math
import random
import statistics
import sys
import time
from typing import Any, Callable, Mapping, Sequence

from bot.ai import holdem as robot
from bot.games.base import Action, ActionSpec, Seat
from bot.games.holdem import HoldemEngine

Player = Callable[[Mapping[str, Any], Sequence[ActionSpec], random.Random], Action]
STACK = 1000
SETTINGS = {"limit": "no-limit", "small_blind": 5, "big_blind": 10}


def always_call(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    kinds = {spec.kind for spec in legal}
    return Action("call") if "call" in kinds else Action("check")


def always_min_raise(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    for spec in legal:
        if spec.kind == "raise":
            return Action("raise", spec.min_amount)
    return always_call(view, legal, rng)


def always_all_in(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    for spec in legal:
        if spec.kind == "raise":
            return Action("raise", spec.max_amount)
    return always_call(view, legal, rng)


class Match:
    """Seat 0 is the computer player; the others play ``opponent``. Keeps its results."""

    def __init__(self, opponent: Player, players: int, seed: int) -> None:
        self.players: list[Player] = [robot.choose] + [opponent] * (players - 1)
        self.rng = random.Random(seed)
        self.results: list[int] = []
        self.decisions = 0
        self.thinking = 0.0

    def play_hand(self) -> None:
        n = len(self.players)
        seats = [Seat(f"P{i}", STACK) for i in range(n)]
        engine = HoldemEngine(SETTINGS, seats, f"{self.rng.getrandbits(256):064x}",
                              {"dealer": len(self.results) % n})
        while engine.outcome is None:
            (seat,) = engine.to_act()
            view, legal = engine.view(seat), engine.legal_actions(seat)
            start = time.perf_counter()
            action = self.players[seat](view, legal, self.rng)
            if seat == 0:
                self.thinking += time.perf_counter() - start
                self.decisions += 1
            engine.apply(seat, action)
        self.results.append(engine.outcome.deltas[0])

    def report(self, name: str) -> str:
        mean = statistics.fmean(self.results)
        half = 1.96 * statistics.stdev(self.results) / math.sqrt(len(self.results))
        return (f"{name:<34} hands {len(self.results):>5}  won/hand {mean:+8.2f} "
                f"(95% CI {mean - half:+.2f} .. {mean + half:+.2f})  "
                f"decisions/s {self.decisions / self.thinking:,.0f}")


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    matchups = [
        ("heads-up vs always-call", always_call, 2),
        ("heads-up vs always-min-raise", always_min_raise, 2),
        ("heads-up vs always-all-in", always_all_in, 2),
        ("3-handed vs 2 always-call", always_call, 3),
        ("3-handed vs 2 always-min-raise", always_min_raise, 3),
        ("3-handed vs 2 always-all-in", always_all_in, 3),
    ]
    for index, (name, opponent, players) in enumerate(matchups):
        match = Match(opponent, players, seed=index)
        for _ in range(hands):
            match.play_hand()
        print(match.report(name), flush=True)


if __name__ == "__main__":
    main()
