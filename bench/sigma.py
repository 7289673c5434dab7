"""Sigma Poker: speed of the expected-score search and strength of the computer player.

Prints
- the time of one placement decision (every legal placement valued), of one stage-1 hand value,
  and of one computer-player decision in each phase (6 seats, caches cold);
- the mean final score of three placement policies over the same deals: random legal placement,
  best option 1 only, and best expected score (the computer player's and the timeout's);
- the computer player's chips won per hand against always-call players that place at random,
  with a 95% confidence interval, and selfplay hands per second.

Run: ``python -m bench.sigma [hands]`` from the repository root (default 400).
"""
from __future__ import annotations

import math
import random
import statistics
import sys
import time
from typing import Any, Callable, Mapping, Sequence

from bot.ai import sigma as robot
from bot.games.base import Action, ActionSpec, Seat
from bot.games.sigma import SigmaEngine
from bot.games.sigma_shapes import CHOOSE, hand_value, placement_values, score

Player = Callable[[Mapping[str, Any], Sequence[ActionSpec], random.Random], Action]
STACK = 200


def random_caller(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """Calls every bet and places at random."""
    kinds = {spec.kind: spec for spec in legal}
    if "place" in kinds:
        me = view["seats"][view["viewer"]]
        targets = [t for spec in legal for t in spec.choices]
        return Action("place", cards=(me["in_hand"]["code"],), target=rng.choice(targets))
    return Action("call") if "call" in kinds else Action("check")


def seed_of(i: int) -> str:
    return f"{i * 7919 + 17:064x}"


def timed(fn: Callable[[], object], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat * 1000


def speed() -> None:
    engine = SigmaEngine({}, [Seat(f"P{i}", STACK) for i in range(6)], seed_of(1), {})
    seat = engine.to_act()[0]
    unseen = engine.unseen(seat)
    base = engine.layers[seat]
    card = unseen[0]
    print(f"placement decision (18 placements valued): "
          f"{timed(lambda: placement_values(engine.designated, base, card, CHOOSE, unseen), 50):.1f} ms")
    print(f"stage-1 hand value of one seat: "
          f"{timed(lambda: hand_value(engine.designated, base, unseen), 10):.1f} ms")
    rng = random.Random(0)
    start = time.perf_counter()
    robot.choose(engine.view(seat), engine.legal_actions(seat), rng)
    print(f"computer player, stage 1, 6 seats, cold cache: {(time.perf_counter() - start) * 1000:.0f} ms")
    while engine.view(None)["phase"] == "betting1":
        engine.apply(engine.to_act()[0], Action("check"))
    seat = engine.to_act()[0]
    print(f"computer player, placing: "
          f"{timed(lambda: robot.choose(engine.view(seat), engine.legal_actions(seat), rng), 20):.1f} ms")
    while engine.view(None)["phase"] == "placement":
        seat = engine.to_act()[0]
        engine.apply(seat, engine.timeout_action(seat))
    seat = engine.to_act()[0]
    print(f"computer player, stage 2: "
          f"{timed(lambda: robot.choose(engine.view(seat), engine.legal_actions(seat), rng), 20):.1f} ms")


def placement_policies(deals: int) -> None:
    """Mean score of a single seat placing by each policy over the same cards."""
    totals = {"random": 0, "best option 1": 0, "best expected": 0}
    rng = random.Random(1)
    for i in range(deals):
        for policy in totals:
            engine = SigmaEngine({}, [Seat("A", STACK), Seat("B", STACK)], seed_of(i), {})
            while engine.view(None)["phase"] == "betting1":
                engine.apply(engine.to_act()[0], Action("check"))
            while engine.view(None)["phase"] == "placement":
                seat = engine.to_act()[0]
                card = engine.in_hand[seat]
                assert card is not None and engine.step is not None
                values = placement_values(engine.designated, engine.layers[seat], card, engine.step,
                                          engine.unseen(seat))
                if policy == "random":
                    target = rng.choice(values)[1].target
                elif policy == "best option 1" and engine.step == CHOOSE:
                    target = max((v for v in values if v[1].option == "1"), key=lambda v: v[0])[1].target
                else:
                    target = max(values, key=lambda v: v[0])[1].target
                engine.apply(seat, Action("place", cards=(card,), target=target))
            totals[policy] += score(engine.designated, engine.layers[0])
    for policy, total in totals.items():
        print(f"mean score, {policy:>13}: {total / deals:.2f} of 9 ({deals} deals)")


def match(hands: int, players: list[Player]) -> tuple[list[float], float]:
    """Chips won per hand by seat 0 (the computer player), and hands per second."""
    won: list[float] = []
    rng = random.Random(2)
    start = time.perf_counter()
    for i in range(hands):
        n = len(players)
        engine = SigmaEngine({}, [Seat(f"P{s}", STACK) for s in range(n)], seed_of(i), {"dealer": i % n})
        while engine.outcome is None:
            (seat,) = engine.to_act()
            engine.apply(seat, players[seat](engine.view(seat), engine.legal_actions(seat), rng))
        won.append(engine.outcome.deltas[0])
    return won, hands / (time.perf_counter() - start)


def report(name: str, won: list[float], rate: float) -> None:
    mean = statistics.mean(won)
    half = 1.96 * statistics.stdev(won) / math.sqrt(len(won))
    print(f"{name}: {mean:+.2f} ± {half:.2f} chips/hand over {len(won)} hands, {rate:.1f} hands/s")


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    speed()
    placement_policies(hands // 4)
    report("computer player vs 3 random callers", *match(hands, [robot.choose] + [random_caller] * 3))
    won, rate = match(hands // 4, [robot.choose] * 6)
    print(f"selfplay, 6 computer players: {rate:.1f} hands/s")


if __name__ == "__main__":
    main()
