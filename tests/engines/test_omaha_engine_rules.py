"""Omaha hi-lo rules that only show in particular deals: a side pot no hand in it can win low, a high
winner whose own low is beaten; and the pot-limit buttons. Known deals, expectations from the rules."""
from __future__ import annotations

import pytest

from bot.games.omaha import OmahaEngine, OmahaHiLoEngine
from tests.engines.test_omaha_engine import act, check_down, engine, rig

BOARD = "Ac2d7hKdQs"


def test_a_side_pot_that_no_hand_in_it_can_win_low_goes_whole_to_its_best_high(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Ann (all in for 100) holds the only low; Dan (all in for 300) the best high, kings; Bob's
    # queens beat Cat's tens for the last side pot. Main pot 400: high to Dan, low to Ann. Side pot
    # 600 (Bob, Cat, Dan; none has a low): all of it to Dan's high, none of it to Bob as a "low".
    rig(monkeypatch, ["3s4s9c9d", "QhQc5c5s", "ThTd8c8d", "KhKsJcJd"], BOARD)
    e = engine(OmahaHiLoEngine, [100, 1000, 1000, 300], limit="no-limit")
    act(e, "raise 300", "call", "call", "call", "raise 200", "call")
    check_down(e)
    assert e.outcome is not None and e.outcome.deltas == (100, -100, -500, 500)
    assert e.view(None)["winners"] == ["Ann wins 200 (low) with 7-4 low: 7-4-3-2-A",
                                       "Bob wins 400 (high) with Three of a kind, Queens",
                                       "Dan wins 800 (high) with Three of a kind, Kings"]


def test_a_high_winner_whose_low_is_beaten_is_said_to_win_the_high(monkeypatch: pytest.MonkeyPatch) -> None:
    # Ann's kings win the high and her 8-7-6-2-A low loses to Bob's 7-4-3-2-A: each wins half of 30.
    rig(monkeypatch, ["KhKs8c6d", "3s4s9c9d", "QhQc5c5s"], BOARD)
    e = engine(OmahaHiLoEngine, [1000, 1000, 1000])
    check_down(e)
    assert e.outcome is not None and e.outcome.deltas == (5, 5, -10)
    view = e.view(None)
    assert view["winners"] == ["Ann wins 15 (high) with Three of a kind, Kings",
                               "Bob wins 15 (low) with 7-4 low: 7-4-3-2-A"]
    assert view["seats"][0]["hand_name"] == "Three of a kind, Kings; 8-7 low: 8-7-6-2-A"


def test_at_pot_limit_only_the_bet_or_raise_button_names_its_maximum() -> None:
    e = engine(OmahaEngine, [1000, 1000, 1000])
    labels = [spec.label for spec in e.legal_actions(e.to_act()[0])]
    assert labels == ["Fold", "Call 10", "Raise (max 35)"]  # pot 15 + the 10 called: raise to 35
    act(e, "call", "call", "check")
    assert [spec.label for spec in e.legal_actions(e.to_act()[0])] == ["Check", "Bet (max 30)"]
