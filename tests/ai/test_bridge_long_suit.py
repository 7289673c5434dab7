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


def test_after_openers_notrump_rebid_a_two_suiter_bids_its_second_suit() -> None:
    """1♥–1♠–1NT: 9 HCP with five spades and six clubs bid 2♣ to play (they passed 1NT, 4♠ made);
    six clubs beside four spades too. After 1♣–1♠–1NT, 2♦ is new minor forcing: no weak 2♦;
    with 13 HCP the natural rules look for game instead."""
    assert robot_call("As Ts 8s 7s 3s 9d 8d Kc Qc Tc 5c 4c 2c", "1H P 1S P 1NT P") == "2C"
    assert explain(calls_of("1H P 1S P 1NT P 2C"), 6) == "Later call: 6–10 HCP, 5+ clubs, a second suit: to play."
    assert robot_call("Ks Js 3s 2s 5h 4h 2d Kc Qc Jc Tc 6c 2c", "1H P 1S P 1NT P") == "2C"
    assert robot_call("8s 6s 5s 3s 2s 2h Kd Td 6d 5d 2d Kc 7c", "1C P 1S P 1NT P") != "2D"
    assert robot_call("As Ts 8s 7s 3s 9d 8d Kc Qc Tc 5c 4c 2c".replace("9d", "Ad"), "1H P 1S P 1NT P") != "2C"


def test_after_openers_suit_again_a_new_suit_is_forcing_one_round() -> None:
    """1♦–1♠–2♦: five spades and four hearts with 12 HCP bid 2♥ rather than 3NT (a 5-3 spade fit or
    a 4-4 heart fit plays better), and five-five bid it with 6–9 (the robot passed 2♦ where 4♥
    made); with 10 five-five the natural rules invite or pass. Opener never passes it: three spades
    give preference, four hearts raise, a club stopper bids 2NT, and else opener bids its diamonds
    again; responder with game values then bids game."""
    assert robot_call("As Qs 9s 5s 4s Kh Jh 8h 3h 7d Qc 5c 4c", "1D P 1S P 2D P") == "2H"
    assert explain(calls_of("1D P 1S P 2D P 2H"), 6) == (
        "Later call: 5+ spades, 4+ hearts, a new suit: forcing one round.")
    assert robot_call("Js 6s 5s 3s 2s Ah Qh 5h 3h 2h Jc 7c 6c", "1D P 1S P 2D P") == "2H"
    assert robot_call("Js 6s 5s 3s Ah Qh 5h 3h 2h 7d Jc 7c 6c", "1D P 1S P 2D P") != "2H"
    assert robot_call("Ks Ts 7s 6s 3s Ah Jh 9h 8h 2h 8d Qc 2c", "1D P 1S P 2D P") != "2H"  # 10 HCP: no game forced
    opener = "1D P 1S P 2D P 2H P"
    assert robot_call("Qs 8s 3s Kh Jh 7h Ad Qd 9d 7d 6d 4d 5c", opener) == "2S"
    assert robot_call("Qs 8s Kh Jh 7h 4h Ad Qd 9d 7d 6d 4d 5c", opener) == "3H"
    assert robot_call("Qs 8s Kh Jh 7h Ad Qd 9d 7d 6d 4d Kc 5c", opener) == "2NT"
    assert robot_call("Qs 8s Kh Jh 7h Ad Qd 9d 7d 6d 4d 8c 5c", opener) == "3D"
    assert explain(calls_of(opener + " 2NT"), 8) == "Later call: a stopper in the unbid suit."
    responder = "As Qs 9s 5s 4s Kh Jh 8h 3h 7d Qc 5c 4c"
    assert robot_call(responder, opener + " 2S P") == "4S"
    assert robot_call(responder, opener + " 3H P") == "4H"
    assert robot_call(responder, opener + " 2NT P") == "3NT"


def test_after_a_major_again_the_new_suit_is_at_the_three_level() -> None:
    """1♥–1♠–2♥: five spades and four diamonds with 12 HCP bid 3♦ (forcing); opener with a club
    stopper bids 3NT, and raises diamonds only without one (4♦ is past 3NT)."""
    assert robot_call("As Qs 9s 5s 4s 7h Kd Jd 8d 3d Qc 5c 4c", "1H P 1S P 2H P") == "3D"
    assert robot_call("As Qs 9s 5s 4s 7h Kd Jd 8d 3d 6c 5c 4c", "1H P 1S P 2H P") != "3D"  # 10 HCP
    assert robot_call("8s Ah Kh Jh 7h 6h 4h Qd 9d 7d 6d Kc 5c", "1H P 1S P 2H P 3D P") == "3NT"
    assert robot_call("8s 5s Ah Kh Jh 7h 6h 4h Qd 9d 7d 6d 5c", "1H P 1S P 2H P 3D P") == "4D"
