"""The gin computer player: legal moves only, sensible choices, and it beats a plain player."""
from __future__ import annotations

import random
from dataclasses import asdict
from typing import Callable

from bot.ai.gin import Memory, choose
from bot.games.base import Action, Seat
from bot.games.cards import DECK
from bot.games.gin import GinEngine, ScoreSheet

SEATS = [Seat("Ann"), Seat("Robot", is_bot=True)]
Player = Callable[[GinEngine, int, random.Random], Action]


def engine_at(hand: str, other: str, pile: list[str], phase: str = "draw", stock_size: int | None = None) -> GinEngine:
    """Seat 0 to act in ``phase`` holding ``hand``; the rest of the deck is the stock."""
    engine = GinEngine({}, SEATS, "cd" * 32, {})
    engine.hands = [hand.split(), other.split()]
    used = set(engine.hands[0]) | set(engine.hands[1]) | set(pile)
    engine.stock = [c for c in DECK if c not in used]
    if stock_size is not None:
        engine.stock = engine.stock[:stock_size]
    engine.pile = list(pile)
    engine.phase, engine.turn = phase, 0
    return engine


def robot(engine: GinEngine, seat: int, rng: random.Random) -> Action:
    return choose(engine.view(seat), engine.legal_actions(seat), rng)


def plain(engine: GinEngine, seat: int, rng: random.Random) -> Action:
    """Never takes a discard, throws the card that leaves least deadwood, knocks at once."""
    specs = {spec.kind: spec for spec in engine.legal_actions(seat)}
    for kind in ("big_gin", "gin", "knock"):
        if kind in specs:
            return Action(kind, cards=specs[kind].choices[:1])
    return engine.timeout_action(seat)


def play_hands(players: list[Player], hands: int, seed: int) -> list[int]:
    """Points each seat scored over ``hands`` hands (the deal alternating). The engine refuses any
    move it does not offer, so a bad move fails the test."""
    rng = random.Random(seed)
    points = [0, 0]
    for n in range(hands):
        engine = GinEngine({}, SEATS, f"{rng.getrandbits(256):064x}", asdict(ScoreSheet(dealer=n % 2)))
        while engine.outcome is None:
            seat = engine.to_act()[0]
            engine.apply(seat, players[seat](engine, seat, rng))
        line = engine.sheet.lines[-1]
        if line["winner"] is not None:
            points[line["winner"]] += line["points"]
    return points


def test_robot_only_makes_legal_moves_and_hands_end() -> None:
    play_hands([robot, robot], hands=12, seed=5)


def test_robot_beats_a_plain_player() -> None:
    first = play_hands([robot, plain], hands=40, seed=11)
    second = play_hands([plain, robot], hands=40, seed=11)
    robot_points, plain_points = first[0] + second[1], first[1] + second[0]
    assert robot_points > 2 * plain_points


def test_takes_a_discard_that_makes_a_meld() -> None:
    engine = engine_at("3c 4c 9h 9d Js Qs 2h 7d Kd 8s", "Ac Ad Ah 2s 3s 4s 5d 6d 7h 8h", ["5c"])
    assert choose(engine.view(0), engine.legal_actions(0), random.Random(0)) == Action("draw_discard")


def test_leaves_a_useless_discard() -> None:
    engine = engine_at("3c 4c 9h 9d Js Qs 2h 7d Kd 8s", "Ac Ad Ah 2s 3s 4s 5d 6d 7h 8h", ["Kc"])
    assert choose(engine.view(0), engine.legal_actions(0), random.Random(0)) == Action("draw_stock")


def test_passes_or_takes_the_upcard_by_the_same_judgement() -> None:
    engine = engine_at("3c 4c 9h 9d Js Qs 2h 7d Kd 8s", "Ac Ad Ah 2s 3s 4s 5d 6d 7h 8h", ["9s"], phase="upcard")
    assert choose(engine.view(0), engine.legal_actions(0), random.Random(0)) == Action("take_upcard")
    engine.pile = ["Kc"]
    assert choose(engine.view(0), engine.legal_actions(0), random.Random(0)) == Action("pass")


def test_goes_gin_and_big_gin() -> None:
    engine = engine_at("2c 3c 4c 9h 9d 9s 9c Js Qs Ks 8h", "5d 7c 6d 7h Tc Td Qh Ad 3h 6s", ["2s"],
                       phase="discard")
    assert choose(engine.view(0), engine.legal_actions(0), random.Random(0)) == Action("gin", cards=("8h",))
    engine.hands[0] = "2c 3c 4c 5c 9h 9d 9s Js Qs Ks 6c".split()
    assert choose(engine.view(0), engine.legal_actions(0), random.Random(0)) == Action("big_gin")


def test_knocks_early_but_not_late_with_eight() -> None:
    hand = "2c 3c 4c 9h 9d 9s Js Qs Ks 8d Kh"
    early = engine_at(hand, "5d 7c 6d 7h Tc Td Qh Ad 3h 6s", ["2s"], phase="discard")
    assert choose(early.view(0), early.legal_actions(0), random.Random(0)) == Action("knock", cards=("Kh",))
    late = engine_at(hand, "5d 7c 6d 7h Tc Td Qh Ad 3h 6s", ["2s"], phase="discard", stock_size=4)
    assert choose(late.view(0), late.legal_actions(0), random.Random(0)) == Action("discard", cards=("Kh",))


def test_lays_off_what_leaves_least_deadwood() -> None:
    # Laying off the 5 of hearts from its own set lets the 6 follow; the other fives still meld.
    engine = engine_at("2h 3h 4h 9c 9d 9s Jd Qd Kd 7c Ks", "5c 5d 5h 5s 6h Ac 8c Tc Qc Kc", ["2s"],
                       phase="discard")
    engine.apply(0, Action("knock", cards=("Ks",)))
    run = str(engine.view(1)["showdown"]["table"].index(["2h", "3h", "4h"]))
    moves = []
    while engine.phase == "layoff":
        action = choose(engine.view(1), engine.legal_actions(1), random.Random(0))
        moves.append(action)
        engine.apply(1, action)
    assert [(a.cards, a.target) for a in moves] == [(("5h",), run), (("6h",), run)]
    assert engine.sheet.lines[-1] == {"hand": 1, "winner": 0, "kind": "knock", "points": 39 - 7}


def test_keeps_back_a_card_the_opponent_can_use() -> None:
    # The king of clubs and the queen of hearts are equally dead to us, and the king goes first,
    # unless the opponent picked up the jack of clubs.
    hand, other = "2c 3c 4c 9h 9d 9s 5s 6s Kc Qh 8d", "Jc Qd 8h 2h 2d 3d Ad Ah 4h Tc"
    engine = engine_at(hand, other, ["Th"], phase="discard")
    assert choose(engine.view(0), engine.legal_actions(0), random.Random(0)) == Action("discard", cards=("Kc",))
    engine.picked[1] = ["Jc"]
    assert choose(engine.view(0), engine.legal_actions(0), random.Random(0)) == Action("discard", cards=("Qh",))
    memory = Memory.from_view(engine.view(0))
    assert memory.opponent_holds == {"Jc"} and "Th" not in memory.unseen and "Kc" not in memory.unseen
    assert "Qd" in memory.unseen
