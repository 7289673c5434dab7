"""Preference after opener's (or the overcaller's) second, lower-ranking suit at the two level:
back to the first suit with as many cards in it as in the second, else pass."""
from __future__ import annotations

import pytest

from bot.ai.bridge_explain import explain
from tests.ai.test_bridge_ai import robot_call
from tests.ai.test_bridge_games import calls_of


@pytest.mark.parametrize("auction, hand", [
    ("1D P 1S P 2C P", "9s 8s 5s 2s Kh Th Kd 7d 5d 3d Tc 9c 4c"),   # four diamonds, three clubs
    ("1D P 1H P 2C P", "9s 8s 5s Kh Th 7h 2h Kd 7d 5d Tc 9c 4c"),   # three and three
    ("1S P 1NT P 2H P", "9s 8s Kh Th Kd 7d 5d 4d 3d Qc 9c 4c 3c"),  # two and two
    ("1D 1H 1S P 2C P", "As 9s 8s 6s 3s Kh 9h 8h 4h 3h Qd 4d 2d"),  # their overcall: three and a void
])
def test_as_many_of_openers_first_suit_go_back_to_it(auction: str, hand: str) -> None:
    call = robot_call(hand, auction)
    assert call == "2" + auction[1]
    assert explain(calls_of(f"{auction} {call}"), 6).endswith("preference: opener's first suit rather than the second.")


@pytest.mark.parametrize("auction, hand", [
    ("1D P 1S P 2C P", "9s 8s 5s 2s Kh Th 3h Kd 7d Jc Tc 9c 4c"),   # more clubs
    ("1S P 1NT P 2D P", "9s 8s Kh Th 8h Kd 7d 5d 4d Tc 9c 4c 3c"),  # more diamonds
    ("1H P 1NT P 2C P", "9s 8s 7s Kh Th Kd 7d 5d 4d Qc 9c 4c 3c"),  # more clubs
])
def test_more_of_the_second_suit_pass(auction: str, hand: str) -> None:
    assert robot_call(hand, auction) == "P"


def test_an_invitation_is_not_cut_to_a_preference() -> None:
    assert robot_call("Ks 8s 5s 2s Kh Qh 3h Kd 7d 5d 3d 9c 4c", "1D P 1S P 2C P") == "2NT"


def test_game_values_ask_for_a_stopper_rather_than_give_preference() -> None:
    """P 1♦ P 1♥ 1♠ 2♣ P: 15 HCP with four diamonds and a singleton king of spades bid 2♦, which
    opener passed with 3NT cold; the cue-bid asks for a spade stopper and opener bids 3NT."""
    assert robot_call("Ks Ah 9h 5h 4h 3h Ad 8d 6d 5d Kc Tc 8c", "P 1D P 1H 1S 2C P") == "2S"
    assert robot_call("As Qs Qh Th Kd Jd 9d 4d 2d Qc Jc 7c 3c", "P 1D P 1H 1S 2C P 2S P") == "3NT"


def test_as_many_of_the_overcaller_s_first_suit_go_back_to_it() -> None:
    """1♣ 1♠ X P 2♣ 2♥ P: four spades and a void in hearts give preference to 2♠ (2♥ was left in,
    the six-six major two-suiter's spades unplayed); with more hearts, a pass."""
    auction = "P 1C 1S X P 2C 2H P"
    assert robot_call("Js 8s 7s 6s Qd 9d 7d 6d 5d 4d Tc 6c 4c", auction) == "2S"
    assert explain(calls_of(auction + " 2S"), 8).endswith("preference: the overcaller's first suit rather than the second.")
    assert robot_call("8s 7s Jh 6h 4h Qd 9d 7d 6d 5d Tc 6c 4c", auction) == "P"
