"""Poker Squared computer player: legal moves only, sensible placing and betting, beats random play."""
from __future__ import annotations

import random
from typing import Any

from bot.ai import squared as robot
from bot.games.base import HIDDEN, Action, ActionSpec, Seat
from bot.games.squared import SquaredEngine


def view(grid0: list[str | None], grid1: list[str | None], hand: list[str],
         **extra: Any) -> dict[str, Any]:
    """Just the parts of a seat's view the robot reads."""
    return {"viewer": 0, "grids": [grid0, grid1], "hands": [hand, [HIDDEN] * len(hand)],
            "pot": 2, "bets": [0, 0], **extra}


def test_places_to_complete_a_straight_flush_line() -> None:
    grid: list[str | None] = ["Ah", "Kh", None,
                              "2c", "7d", "9s",
                              "3c", None, "4d"]
    hand = ["Qc", "Qd", "Qh", "Qs"]  # three queens stay in hand whichever goes down
    legal = [ActionSpec("place", "Place a card", choices=tuple(hand), min_choices=1, max_choices=1)]
    action = robot.choose(view(grid, [None] * 9, hand), legal, random.Random(1))
    assert action == Action("place", cards=("Qh",), target="C")


def test_keeps_three_of_a_kind_in_hand() -> None:
    hand = ["8c", "8d", "8h", "3s"]
    legal = [ActionSpec("place", "Place a card", choices=tuple(hand), min_choices=1, max_choices=1)]
    action = robot.choose(view([None] * 9, [None] * 9, hand), legal, random.Random(1))
    assert action.cards == ("3s",)


def test_bets_strong_hands_and_folds_junk_to_a_big_bet() -> None:
    facing = [ActionSpec("fold", "Fold"), ActionSpec("call", "Call 20"),
              ActionSpec("raise", "Raise", min_amount=40, max_amount=60)]
    big_bet = {"pot": 22, "bets": [0, 20]}
    empty: list[str | None] = [None] * 9
    strong = robot.choose(view(empty, empty, ["Ac", "Ad", "Ah"], **big_bet), facing, random.Random(3))
    assert strong.kind == "raise" and strong.amount is not None and 40 <= strong.amount <= 60
    junk = robot.choose(view(empty, empty, ["2c", "5d", "9h"], **big_bet), facing, random.Random(3))
    assert junk == Action("fold")
    opening = [ActionSpec("check", "Check"), ActionSpec("bet", "Bet", min_amount=1, max_amount=38)]
    assert robot.choose(view(empty, empty, ["Qs", "Ks", "As"]), opening, random.Random(3)).kind == "bet"


def random_player(v: dict[str, Any], legal: list[ActionSpec], rng: random.Random) -> Action:
    spec = rng.choice(legal)
    if spec.kind == "place":
        card, cell = rng.choice(spec.choices).split("@")
        return Action("place", cards=(card,), target=cell)
    if spec.min_amount is not None and spec.max_amount is not None:
        return Action(spec.kind, amount=rng.randint(spec.min_amount, spec.max_amount))
    return Action(spec.kind)


def test_only_legal_moves_and_it_beats_a_random_player() -> None:
    wins = 0
    matches = 12
    for i in range(matches):
        robot_seat = i % 2
        rng = random.Random(i)
        e = SquaredEngine({}, [Seat("A", 40), Seat("B", 40)], f"{i + 100:064x}")
        while e.outcome is None:
            seat = e.to_act()[0]
            player = robot.choose if seat == robot_seat else random_player
            e.apply(seat, player(e.view(seat), e.legal_actions(seat), rng))  # raises if illegal
        assert e.outcome.ranking is not None
        wins += e.outcome.ranking[robot_seat] == 0 and e.outcome.ranking[1 - robot_seat] == 1
    assert wins >= 9
