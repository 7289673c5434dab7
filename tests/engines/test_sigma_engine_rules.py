"""Sigma Poker rules a player reads off the table: the table's ante, small bet and dealer, the log
lines of each stage and placement, the option buttons, a hand won by folds in either stage, and the
refusals word for word (``docs/rules/sigma.md``)."""
from __future__ import annotations

from typing import Any

import pytest

from bot.games.base import HIDDEN, Action, IllegalAction, NotYourTurn, Seat
from bot.games.card_names import card_name
from bot.games.cards import shuffled
from bot.games.sigma import SigmaEngine
from bot.games.sigma_shapes import CODES
from tests.engines.test_sigma_engine import SCRIPT, SEED, new, play

CHECKS = [(1, Action("check")), (2, Action("check")), (0, Action("check"))]
"""Stage 1 or 2 checked round when seat 0 deals (seat 1 acts first)."""


def engine(settings: dict[str, Any], carry: dict[str, Any], n: int = 3) -> SigmaEngine:
    return SigmaEngine(settings, [Seat("ABCDEF"[i], 20) for i in range(n)], SEED, carry)


def refused(kind: type[Exception], call: Any, *args: Any) -> str:
    with pytest.raises(kind) as error:
        call(*args)
    return str(error.value)


# ---- table settings ---------------------------------------------------------------------------
@pytest.mark.parametrize(("settings", "ante", "first_line"), [
    ({}, 1, "Each player antes 1."),                 # the default ante is 1 chip
    ({"ante": 2}, 2, "Each player antes 2."),
    ({"ante": 0}, 0, "B checks"),                    # no ante: nothing put in, nothing said
])
def test_each_player_antes_what_the_table_says(settings: dict[str, Any], ante: int, first_line: str) -> None:
    e = engine(settings, {})
    view = e.view(None)
    assert view["ante"] == ante
    assert [s["stack"] for s in view["seats"]] == [20 - ante] * 3
    assert [s["in_pot"] for s in view["seats"]] == [ante] * 3
    e.apply(1, Action("check"))
    assert e.log[0] == first_line


def test_a_small_bet_of_one_chip_is_a_table_that_plays() -> None:
    e = engine({"small_bet": 1}, {})
    bet = next(s for s in e.legal_actions(1) if s.kind == "bet")
    assert (bet.min_amount, bet.max_amount) == (1, 1)


@pytest.mark.parametrize(("settings", "reason"), [
    ({"limit": "pot-limit"}, "limit must be one of fixed-limit, no-limit, not 'pot-limit'"),
    ({"ante": -1}, "ante must be >= 0 and small_bet >= 1"),
    ({"small_bet": 0}, "ante must be >= 0 and small_bet >= 1"),
])
def test_impossible_table_settings_are_refused_with_the_reason(settings: dict[str, Any], reason: str) -> None:
    assert refused(ValueError, engine, settings, {}) == reason


# ---- the dealer and the hand number -----------------------------------------------------------
def test_without_a_carry_seat_0_deals_hand_1() -> None:
    e = engine({}, {})
    view = e.view(None)
    assert [s["is_dealer"] for s in view["seats"]] == [True, False, False]
    assert view["hand_no"] == 1
    assert e.to_act() == (1,)


def test_the_seat_left_of_the_carried_dealer_gets_the_first_base_card_and_acts_first() -> None:
    e = engine({}, {"dealer": 2, "hand_no": 7})
    deck = shuffled(SEED, CODES)
    view = e.view(None)
    assert [s["is_dealer"] for s in view["seats"]] == [False, False, True]
    assert view["hand_no"] == 7
    assert [s["cards"][0]["code"] for s in view["seats"]] == [deck[2], deck[3], deck[4]]
    assert e.to_act() == (0,)


# ---- before anybody acts ----------------------------------------------------------------------
def test_before_anybody_acts_nobody_has_won_or_done_anything() -> None:
    view = new().view(None)
    assert [(s["won"], s["last_action"], s["option"]) for s in view["seats"]] == [(0, "", None)] * 3
    assert view["winners"] == []


# ---- the log and the options, placement by placement -------------------------------------------
def test_the_log_tells_each_stage_and_where_each_card_went_never_a_face_down_card() -> None:
    e = new()
    play(e, CHECKS)
    assert e.log[-1] == "Stage 1 betting is over: cards are placed in turn."
    dealt = e.in_hand[1]
    play(e, [(1, Action("place", target="1:0:2,0"))])             # option 1: face down, columns 3-4
    assert e.log[-1] == "B plays option 1: a card face down, upright at column 3, row 1"
    assert dealt is not None and dealt not in " ".join(e.log) and card_name(dealt) not in " ".join(e.log)
    face_up = e.in_hand[2]
    play(e, [(2, Action("place", target="2:90:1,1"))])            # option 2: turned, rows 2-3
    assert face_up is not None and e.log[-1] == (
        f"C plays option 2: {card_name(face_up)} face up, turned 90° at column 2, row 2, and takes a third card")
    play(e, [(2, Action("place", target="3:0:2,0"))])             # over the corner still open
    assert e.log[-1] == "C places the third card face down, upright at column 3, row 1"
    assert [s["option"] for s in e.view(None)["seats"]] == [None, 1, 2]
    play(e, [(0, Action("place", target="1:180:0,0"))])
    assert e.log[-2:] == ["A plays option 1: a card face down, turned 180° at column 1, row 1",
                          "Every frame is complete: stage 2 betting."]
    assert [s["option"] for s in e.view(None)["seats"]] == [1, 1, 2]
    play(e, CHECKS[:1])
    assert e.log[-1] == "B checks"


def test_the_placement_buttons_offer_the_two_options_then_the_third_card() -> None:
    e = new()
    play(e, CHECKS)
    one, two = e.legal_actions(1)
    assert (one.label, two.label) == ("Option 1: place it face down",
                                      "Option 2: place it face up, take a third card")
    play(e, [(1, Action("place", target="2:0:0,0"))])
    (third,) = e.legal_actions(1)
    assert third.label == "Place your third card face down"
    for spec in (one, two, third):                  # one placement picked from the select
        assert (spec.min_choices, spec.max_choices) == (1, 1)


# ---- won by folds -----------------------------------------------------------------------------
def test_a_hand_won_by_folds_in_stage_one_ends_with_nobody_to_act() -> None:
    e = new()
    play(e, [(1, Action("bet", amount=2)), (2, Action("fold")), (0, Action("fold"))])
    assert e.finished and e.to_act() == ()
    assert all(e.legal_actions(seat) == [] for seat in range(3))


def test_a_hand_won_by_folds_in_stage_two_shows_no_face_down_card() -> None:
    e = new()
    play(e, SCRIPT[:9])                              # B's third card S52 lies face down
    play(e, [(1, Action("bet", amount=4)), (2, Action("fold")), (0, Action("fold"))])
    assert e.to_act() == ()
    for viewer in (None, 0, 2):
        view = e.view(viewer)
        assert view["phase"] == "folded" and view["seats"][1]["score"] is None
        assert view["seats"][1]["cards"][2]["code"] == HIDDEN
    assert e.log[-1] == "B wins 7: everyone else folded."      # 3 antes and B's bet of 4
    assert e.outcome is not None and e.outcome.deltas == (-1, 2, -1)


# ---- refusals, word for word ------------------------------------------------------------------
def test_the_refusals_say_why() -> None:
    e = new()
    assert refused(NotYourTurn, e.apply, 0, Action("check")) == "It is not your turn."
    assert refused(NotYourTurn, e.timeout_action, 0) == "It is not your turn."
    play(e, CHECKS)
    assert refused(IllegalAction, e.apply, 1, Action("bet", amount=2)) == (
        "Place your card now: betting resumes when every frame is complete.")
    assert refused(IllegalAction, e.apply, 1, Action("place", cards=("S01",), target="1:0:0,0")) == (
        "You must place the card you were dealt.")
    play(e, SCRIPT[3:])
    assert refused(IllegalAction, e.apply, 1, Action("check")) == "This hand is over."
