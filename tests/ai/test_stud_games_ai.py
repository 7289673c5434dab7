"""The razz and stud hi-lo computer players: what they keep and fold on third street, and the pot
shares their equity counts (the lowest hand; half to the high and half to an eight-or-better low)."""
from __future__ import annotations

import random

import pytest

from bot.ai import razz as razz_ai
from bot.ai import stud_hilo as hilo_ai
from bot.games.base import Action, Seat
from bot.games.razz import RazzEngine
from bot.games.stud_hilo import StudHiLoEngine
from tests.engines.test_stud_engine import NAMES, SEED, rig


def _cards(text: str) -> list[str]:
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def test_razz_ranks_any_five_different_ranks_above_a_pair_and_the_lower_top_card_first() -> None:
    assert razz_ai.low_rank(_cards("As2d3c4h5sKdKh")) < razz_ai.low_rank(_cards("As2d3c4h6s"))
    assert razz_ai.low_rank(_cards("KsQdJcTh9s")) < razz_ai.low_rank(_cards("As2d3c4h4sAdAh"))
    assert razz_ai.low_rank(_cards("7s5d4c3h2s")) < razz_ai.low_rank(_cards("8sAd2c3h4s"))
    assert razz_ai.razz_share(_cards("7s5d4c3h2s"), [_cards("7d5c4s3d2h"), _cards("8sAd2c3h4d")]) == 0.5


def test_stud_hilo_shares_half_to_the_high_and_half_to_the_low() -> None:
    flush, wheel, nothing = _cards("KsQsJs9s2sKdKh"), _cards("As2d3c4h5dKcQh"), _cards("9c9dTdJcKcKsJh")
    assert hilo_ai.hilo_share(wheel, [flush]) == 0.5  # the straight loses the high to the flush, takes the low
    assert hilo_ai.hilo_share(flush, [wheel]) == 0.5
    assert hilo_ai.hilo_share(flush, [nothing]) == 1.0  # no low: the high takes all
    assert hilo_ai.hilo_share(wheel, [nothing]) == 1.0  # a scoop


@pytest.mark.parametrize("door, folds", [("Qd", True), ("9s", True), ("4d", False)])
def test_the_razz_robot_folds_a_high_door_card_to_a_bet_and_plays_three_low_cards(
        monkeypatch: pytest.MonkeyPatch, door: str, folds: bool) -> None:
    rig(monkeypatch, ["2s3sKh", "2c3c" + door, "7c8c5h"])
    e = RazzEngine({}, [Seat(name, 1000) for name in NAMES[:3]], SEED, {"dealer": 0})
    assert e.to_act() == (0,)  # the king brings in, and completes
    e.apply(0, Action("raise", amount=5))
    chosen = razz_ai.choose(e.view(1), e.legal_actions(1), random.Random(1))
    assert (chosen.kind == "fold") == folds


def test_the_stud_hilo_robot_plays_three_low_cards_or_a_big_pair_and_folds_the_rest(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert hilo_ai.good_start(_cards("As3d6c")) and hilo_ai.good_start(_cards("QsQd4c"))
    assert hilo_ai.good_start(_cards("5s5d5c")) and not hilo_ai.good_start(_cards("KsTd9c"))
    assert not hilo_ai.good_start(_cards("6s6d9c"))
    rig(monkeypatch, ["AsKs2h", "Jc9cTd", "7c8c3h"])
    e = StudHiLoEngine({}, [Seat(name, 1000) for name in NAMES[:3]], SEED, {"dealer": 0})
    (bringer,) = e.to_act()
    assert bringer == 0
    e.apply(0, Action("bring_in"))
    e.apply(1, Action("raise", amount=5))
    e.apply(2, Action("call"))
    assert hilo_ai.choose(e.view(0), e.legal_actions(0), random.Random(1)).kind == "fold"
