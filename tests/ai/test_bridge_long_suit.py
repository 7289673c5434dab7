"""Responder's own six-card suit after 1♥/1♠–1NT–two of a new suit: bid at the cheapest level to
play, or a level higher with 10–12 HCP and a good suit, rather than passed in a short fit."""
from __future__ import annotations

from bot.ai.bridge_explain import explain
from tests.ai.test_bridge_ai import robot_call
from tests.ai.test_bridge_games import calls_of


def test_a_good_six_card_suit_and_ten_hcp_invite_game() -> None:
    assert robot_call("7s Kh Qh Th 9h 8h 6h Kd 5d 4d Qc 7c 3c", "1S P 1NT P 2C P") == "3H"
    assert explain(calls_of("1S P 1NT P 2C P 3H"), 6) == (
        "Later call: 10–12 HCP, 6+ hearts, a good six-card suit: invites game.")
    assert robot_call("As Ks Js 8s 5s Ah 4h 3d Kc Qc 8c 5c 2c", "1S P 1NT P 2C P 3H P") == "4H"


def test_a_weak_six_card_suit_is_bid_to_play() -> None:
    assert robot_call("7s Kh Qh Th 9h 8h 6h 9d 5d 4d Qc 7c 3c", "1S P 1NT P 2C P") == "2H"
    assert robot_call("7s 3h Kd Qd Td 9d 8d 6d 8h Qc 7c 3c 2s", "1H P 1NT P 2S P") == "3D"


def test_four_cards_of_openers_second_suit_raise_it() -> None:
    assert robot_call("Qs 7s 2h Kd Qd Td 9d 8d 6d Qc 7c 3c 2c", "1H P 1NT P 2C P") == "3C"


def test_game_values_found_only_with_partner_holding_two_of_the_suit_bid_it_again() -> None:
    """1♦–2♣–2♦: 10 HCP and AKQJ76 of clubs add up to game only if opener holds two clubs: the
    robot bids 3♣ again rather than passing 2♦."""
    assert robot_call("8s 4s 6h 3h 5d 3d 2d Ac Kc Qc Jc 7c 6c", "1D P 2C P 2D P") == "3C"
