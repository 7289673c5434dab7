"""Gin rummy scoring from either seat: gin and big gin, a game won, its line and its chips.

Every expectation is worked out from the rules page (docs/rules/gin.md): knock, undercut, gin 25,
big gin 31, game bonus 100, line bonus 25 a hand won, a shutout doubling hand points and game bonus,
and a stake paying the difference of the final totals, never more than the payer sits with.
"""
from __future__ import annotations

from typing import Any, Sequence

import pytest

from bot.games.base import Action, IllegalAction, Seat
from bot.games.cards import DECK
from bot.games.gin import GinEngine, game_totals

ANN, BOB = 0, 1
SEATS = (Seat("Ann", stack=1000), Seat("Bob", stack=1000))
SEED = "cd" * 32

KNOCKS_WITH_8 = "2c 3c 4c 9h 9d 9s Js Qs Ks 8d"   # draws the K♥ and knocks, discarding it
HAS_14 = "6c 7c 7d 7h Tc Td Th Ad 3h 4s"          # nothing to lay off on the hand above: 6 + 1 + 3 + 4
GIN_AFTER_8H = "2c 3c 4c 9h 9d 9s 9c Js Qs Ks"      # draws the 8♥, discards it: gin
BIG_GIN_AFTER_6C = "2c 3c 4c 9h 9d 9s Js Qs Ks 5c"  # draws the 6♣: all eleven cards in melds
HAS_65 = "5d 7c 6d 7h Tc Td Qh Ad 3h 6s"          # no meld: 5+7+6+7+10+10+10+1+3+6


def drawn(mover: int, hands: tuple[str, str], card: str, settings: dict[str, Any] | None = None,
          carry: dict[str, Any] | None = None, seats: Sequence[Seat] = SEATS) -> GinEngine:
    """A hand in which ``mover`` has just drawn ``card`` from the stock, holding ``hands[mover]``."""
    engine = GinEngine(settings or {}, seats, SEED, carry or {})
    engine.hands = [h.split() for h in hands]
    rest = [c for c in DECK if c not in {*engine.hands[0], *engine.hands[1], card}]
    engine.pile, engine.stock = rest[:1], [card] + rest[1:]
    engine.phase, engine.turn = "draw", mover
    engine.apply(mover, Action("draw_stock"))
    return engine


def knock(mover: int, hands: tuple[str, str], **kwargs: Any) -> tuple[GinEngine, list[str]]:
    """``mover`` holds KNOCKS_WITH_8, draws the K♥ and knocks with 8."""
    engine = drawn(mover, hands, "Kh", **kwargs)
    return engine, engine.apply(mover, Action("knock", cards=("Kh",)))


def test_bob_going_gin_scores_25_and_anns_deadwood() -> None:
    engine = drawn(BOB, (HAS_65, GIN_AFTER_8H), "8h")
    lines = engine.apply(BOB, Action("gin", cards=("8h",)))
    assert lines[-1] == "Bob goes gin; Ann has 65: Bob scores 90 (25 + 65)."
    assert engine.sheet.lines == [{"hand": 1, "winner": BOB, "kind": "gin", "points": 90}]
    showdown = engine.view(ANN)["showdown"]
    assert (showdown["kind"], showdown["knocker"], showdown["discard"]) == ("gin", BOB, "8h")


def test_bob_going_big_gin_scores_31_and_keeps_all_eleven_cards() -> None:
    engine = drawn(BOB, (HAS_65, BIG_GIN_AFTER_6C), "6c")
    lines = engine.apply(BOB, Action("big_gin"))
    assert lines[-1] == "Bob goes big gin; Ann has 65: Bob scores 96 (31 + 65)."
    showdown = engine.view(ANN)["showdown"]
    assert (showdown["kind"], showdown["knocker"], showdown["discard"]) == ("big_gin", BOB, None)


def test_big_gin_refusals_say_why() -> None:
    engine = drawn(ANN, (BIG_GIN_AFTER_6C, HAS_65), "6c", settings={"big_gin": False})
    with pytest.raises(IllegalAction) as refused:
        engine.apply(ANN, Action("big_gin"))
    assert str(refused.value) == "Big gin is not played at this table."
    engine = drawn(ANN, (KNOCKS_WITH_8, HAS_14), "Kh")
    with pytest.raises(IllegalAction) as refused:
        engine.apply(ANN, Action("big_gin"))
    assert str(refused.value) == "Big gin needs all 11 cards in melds; you have 18 deadwood points."  # 8♦ + K♥


@pytest.mark.parametrize("points, hands_won, expected", [
    # Bob reaches 105 having won 3 hands to Ann's 2: no shutout.
    ([40, 105], [2, 3], {"shutout": False, "hand_points": [40, 105], "game_bonus": 100,
                         "line_bonus": [50, 75], "totals": [90, 280], "margin": 190}),
    # Ann won no hand: Bob's hand points and game bonus are doubled, then the line bonus added.
    ([0, 110], [0, 2], {"shutout": True, "hand_points": [0, 220], "game_bonus": 200,
                        "line_bonus": [0, 50], "totals": [0, 470], "margin": 470}),
])
def test_a_game_won_by_the_second_seat(points: list[int], hands_won: list[int], expected: dict[str, Any]) -> None:
    assert game_totals(points, hands_won, winner=BOB) == {"winner": BOB, "points": points, **expected}


# Bob has 95 points from two hands and Ann none: Bob's knock with 8 against 14 scores 6 and ends the
# game 101 to 0, a shutout: 2 x 101 + 2 x 100 + 3 x 25 = 477.
BOB_SHUTS_ANN_OUT = {"points": [0, 95], "hands_won": [0, 2]}


def test_bob_wins_a_game_by_a_shutout() -> None:
    engine, lines = knock(BOB, (HAS_14, KNOCKS_WITH_8), carry=BOB_SHUTS_ANN_OUT)
    assert lines[-1] == ("Bob wins the game 477 to 0: 202 points (shutout: doubled) + game bonus 200 "
                         "+ line bonus 75, against 0 + line bonus 0.")
    outcome = engine.outcome
    assert outcome is not None and outcome.match_over and outcome.ranking == (1, 0)
    assert outcome.carry["games_won"] == [0, 1] and outcome.deltas == (0, 0)
    assert outcome.summary == f"{lines[-2]} {lines[-1]}"  # the hand's result, then the game's


@pytest.mark.parametrize("ann_stack, deltas", [(1000, (-477, 477)), (300, (-300, 300))])
def test_a_stake_pays_bob_the_margin_up_to_what_ann_sits_with(ann_stack: int, deltas: tuple[int, int]) -> None:
    seats = (Seat("Ann", stack=ann_stack), Seat("Bob", stack=1000))
    engine, _ = knock(BOB, (HAS_14, KNOCKS_WITH_8), carry=BOB_SHUTS_ANN_OUT, settings={"stake": 1}, seats=seats)
    assert engine.outcome is not None and engine.outcome.deltas == deltas
    assert all(type(chips) is int for chips in engine.outcome.deltas)  # whole chips


# Ann reaches exactly 100 with one hand won (94 + 6): 100 + 100 + 25 = 225. Bob stays on 99 but won nine
# hands: 99 + 9 x 25 = 324. The totals' difference, 99, is paid by Ann, who has the lower total.
ANN_WINS_WITH_LESS = {"points": [94, 99], "hands_won": [0, 9]}


@pytest.mark.parametrize("ann_stack, deltas", [(1000, (-198, 198)), (150, (-150, 150))])
def test_the_player_with_the_lower_final_total_pays_even_after_reaching_the_target(
        ann_stack: int, deltas: tuple[int, int]) -> None:
    seats = (Seat("Ann", stack=ann_stack), Seat("Bob", stack=1000))
    engine, lines = knock(ANN, (KNOCKS_WITH_8, HAS_14), carry=ANN_WINS_WITH_LESS, settings={"stake": 2}, seats=seats)
    assert lines[-1].startswith("Ann wins the game 225 to 324: 100 points + game bonus 100 + line bonus 25")
    assert engine.outcome is not None and engine.outcome.deltas == deltas


def test_one_point_short_of_the_target_the_game_goes_on() -> None:
    engine, lines = knock(ANN, (KNOCKS_WITH_8, HAS_14), carry={"points": [93, 0], "hands_won": [1, 0]})
    outcome = engine.outcome
    assert outcome is not None and outcome.match_over is False and outcome.ranking is None
    assert lines == ["Ann knocks with 8, discarding K♥.", "Ann knocks with 8; Bob has 14: Ann scores 6."]
    assert outcome.summary == engine.view(BOB)["result"] == "Ann knocks with 8; Bob has 14: Ann scores 6."
    assert (outcome.carry["points"], outcome.carry["hands_won"], outcome.carry["game_no"]) == ([99, 0], [2, 0], 1)
    assert outcome.carry["games"] == [] and outcome.carry["dealer"] == 0  # the second seat dealt; now the first


def test_a_best_of_five_match_won_three_games_to_two() -> None:
    carry = {"points": [0, 95], "hands_won": [1, 2], "games_won": [2, 2], "game_no": 5, "hand_no": 17}
    engine, lines = knock(BOB, (HAS_14, KNOCKS_WITH_8), carry=carry, settings={"match": "best-of-five",
                                                                              "target": 100})
    assert lines[-1] == "Bob wins the match 3-2."
    outcome = engine.outcome
    assert outcome is not None and outcome.match_over and outcome.ranking == (1, 0)
    assert carry["hands_won"] == [1, 2]  # the carry handed in is read, not written to


def test_bob_undercuts_on_equal_deadwood_without_laying_off() -> None:
    engine, lines = knock(BOB, ("7s 7c 7d 7h Tc Td Th Ad 3h 4d", KNOCKS_WITH_8))
    assert lines[-1] == "Bob knocks with 8; Ann has 8: Ann undercuts and scores 25 (25 + 0)."
    assert engine.sheet.lines == [{"hand": 1, "winner": ANN, "kind": "undercut", "points": 25}]


def test_the_next_game_starts_from_nothing_with_the_other_seat_dealing() -> None:
    carry = {"dealer": 1, "points": [0, 95], "hands_won": [3, 2], "games_won": [1, 0], "game_no": 2,
             "lines": [{"hand": 1, "winner": ANN, "kind": "knock", "points": 5}]}
    engine, _ = knock(BOB, (HAS_14, KNOCKS_WITH_8), carry=carry, settings={"match": "best-of-five", "target": 100})
    outcome = engine.outcome
    assert outcome is not None and outcome.match_over is False
    game = {"winner": BOB, "points": [0, 101], "shutout": False, "hand_points": [0, 101], "game_bonus": 100,
            "line_bonus": [75, 75], "totals": [75, 276], "margin": 201}
    assert outcome.carry == {"dealer": 0, "game_no": 3, "points": [0, 0], "hands_won": [0, 0], "lines": [],
                             "games_won": [1, 1], "games": [game]}
    assert GinEngine({}, SEATS, SEED, outcome.carry).dealer == 0
