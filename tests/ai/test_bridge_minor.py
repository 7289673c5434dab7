"""Responses to one of a minor with inverted raises: a strong hand with a fit forces and goes
slowly towards a slam, a weak one preempts, and opener and responder place the game after
opener's minimum; new minor forcing after opener's 1NT rebid."""
from __future__ import annotations

from bot.ai.bridge_explain import explain
from tests.ai.test_bridge_ai import robot_call
from tests.ai.test_bridge_games import calls_of

SIX_DIAMONDS = "Ks Qs 6s 6h 3h Ad Td 9d 7d 4d 2d Ac Jc"
"""14 HCP, six diamonds, no four-card major."""


def test_a_fit_with_ten_or_more_raises_to_two_and_forces() -> None:
    assert robot_call(SIX_DIAMONDS, "P 1D P") == "2D"
    assert explain(calls_of("P 1D P 2D"), 3) == (
        "Response: 10+ HCP, 4+ diamonds, an inverted raise: forcing, no four-card major.")


def test_five_five_in_the_majors_answer_one_spade_four_four_one_heart() -> None:
    """1♦: the higher of two five-card majors first, the lower of two four-card ones."""
    assert robot_call("Qs 9s 7s 6s 4s Ah Qh 7h 3h 2h 8d 2d Ac", "1D P") == "1S"
    assert robot_call("Qs 9s 7s 6s Ah Qh 7h 3h 8d 5d 2d Ac 4c", "1D P") == "1H"
    assert robot_call("Qs 9s 7s 6s 4s Ah Qh 7h 3h 8d 5d 2d Ac", "1D P") == "1S"


def test_opener_shows_extra_values_in_a_new_suit() -> None:
    """1♦–2♦–2♠: 13 HCP, six diamonds and four spades (15 points)."""
    assert robot_call("As Ts 3s 2s Ah Qh Qd Jd 8d 6d 5d 3d 8c", "1D P 2D P") == "2S"
    assert explain(calls_of("1D P 2D P 2S"), 4) == (
        "Opener's rebid: 15+ points (HCP with length or shortness), 4+ spades, extra values: forcing.")


def test_opener_with_a_minimum_bids_2nt_balanced_else_three_of_the_minor() -> None:
    assert robot_call("Ks 5s 3s Qh 7h 4h Ad Jd 6d 2d Kc 8c 3c", "1D P 2D P") == "2NT"
    assert robot_call("9s 7s 3s 4h Kd Jd 8d 5d 4d Ac Kc Qc 8c", "P 1D P 2D P") == "3D"
    assert explain(calls_of("P 1D P 2D P 3D"), 5) == (
        "Opener's rebid: 10–14 HCP, an unbalanced minimum: not forcing.")


def test_over_the_minimum_responder_places_the_game_or_passes() -> None:
    """Over 1♦–2♦–3♦: 11 HCP with a singleton (13 support points) bid 5♦; 15 balanced bid 3NT;
    10 balanced pass. Over 2NT (12–14), 15 and 12 bid 3NT and 11 pass."""
    assert robot_call("As Jh 8h 2h Ad Qd 9d 6d 3d Tc 9c 7c 4c", "P 1D P 2D P 3D P") == "5D"
    assert robot_call("Ks Qs 2s Jh 8h 2h Ad Qd 9d 6d Kc 9c 7c", "P 1D P 2D P 3D P") == "3NT"
    assert robot_call("Ks 8s 2s Jh 8h 2h Ad Qd 9d 6d Tc 9c 7c", "P 1D P 2D P 3D P") == "P"
    assert robot_call("Ks Qs 2s Jh 8h 2h Ad Qd 9d 6d Kc 9c 7c", "1D P 2D P 2NT P") == "3NT"
    assert robot_call("Ks Qs 2s Jh 8h 2h Ad Qd 9d 6d Tc 9c 7c", "1D P 2D P 2NT P") == "3NT"
    assert robot_call("Ks Js 2s Jh 8h 2h Ad Qd 9d 6d Tc 9c 7c", "1D P 2D P 2NT P") == "P"
    assert explain(calls_of("1D P 2D P 2NT"), 4) == (
        "Opener's rebid: 12–14 HCP, balanced, a balanced minimum: not forcing.")


def test_a_weak_hand_with_five_trumps_preempts() -> None:
    assert robot_call("8s 4s 3h 2h Kd 7d 3d Qc Jc 9c 8c 6c 2c", "1C P") == "3C"
    assert explain(calls_of("1C P 3C"), 2) == (
        "Response: 6–9 HCP, 5+ clubs, preemptive: a weak hand, five or more trumps.")
    assert robot_call("As Ks Qs Ah Qh 2h Kd Qd 2d Jc 9c 7c 4c", "1C P 3C P") == "3NT"


def test_balanced_hands_without_a_fit_bid_notrump() -> None:
    assert robot_call("Ks 8s 2s Qh 8h 2h Jd 6d 2d Ac Jc 9c 7c", "1D P") == "2NT"
    assert robot_call("As Ks 2s Ah Qh 2h Kd Qd 2d Jc 9c 7c 4c", "1C P") == "3NT"


def test_new_minor_forcing_finds_the_five_three_major_fit() -> None:
    """1♦–1♠–1NT: five spades and 13 HCP ask with 2♣ (they had bid 3NT); opener with three spades
    bids 2♠ and responder game in them; with four hearts opener bids 2♥, with neither 2NT (12–13)
    or 3NT (14). Five spades, four hearts and 11 HCP invite in hearts over 2♥ (12 bid game);
    opener accepts with 13+."""
    responder = "Ks Qs Js 5s 3s Ah 5h 3h 9d 8d Kc 8c 2c"
    assert robot_call(responder, "1D P 1S P 1NT P") == "2C"
    assert explain(calls_of("1D P 1S P 1NT P 2C"), 6) == \
        "Later call: 11+ HCP, 5+ spades, new minor forcing: asks for three-card support or the other major."
    assert robot_call("Ks 5s 3s Ah 5h 3h Kd 9d 8d 2d Kc 8c 2c", "1D P 1S P 1NT P 2C P") == "2S"
    assert robot_call(responder, "1D P 1S P 1NT P 2C P 2S P") == "4S"
    assert robot_call("Ks 5s Ah Qh 5h 3h Kd 9d 8d 2d Qc 8c 2c", "1D P 1S P 1NT P 2C P") == "2H"
    assert robot_call("Ks 5s Ah 6h 5h Kd 9d 8d 2d Qc 8c 3c 2c", "1D P 1S P 1NT P 2C P") == "2NT"
    assert robot_call("5s 3s Ah Qh 5h Kd 9d 8d 2d Kc Qc 8c 2c", "1D P 1S P 1NT P 2C P") == "3NT"
    assert robot_call("Ks Qs Js 5s 3s Ah Jh 5h 3h 8d 7c 8c 2c", "1D P 1S P 1NT P 2C P 2H P") == "3H"
    assert robot_call("Ks Qs Js 5s 3s Ah Qh 5h 3h 8d 7c 8c 2c", "1D P 1S P 1NT P 2C P 2H P") == "4H"
    assert robot_call("Ks 5s Ah Qh 5h 3h Kd 9d 8d 2d Jc 8c 2c", "1D P 1S P 1NT P 2C P 2H P 3H P") == "4H"
    assert robot_call("Ks 5s Ah Qh 5h 3h Kd 9d 8d 2d Qc 8c 2c", "1D P 1S P 1NT P 2C P 2H P 3H P") == "4H"


def test_opener_bids_four_spades_over_one_heart_before_notrump() -> None:
    """1♦–1♥: balanced 12 HCP with four spades rebids 1♠ (1NT had hidden a 4-4 spade fit);
    responder's four spades and 12 HCP raise to game. Six diamonds rebid them instead."""
    assert robot_call("As Qs Js Ts Kh 8h 8d 6d 5d 3d Qc 7c 5c", "1D P 1H P") == "1S"
    assert explain(calls_of("1D P 1H P 1S"), 4) == "Opener's rebid: 4+ spades."
    assert robot_call("7s 6s 5s 4s Ah Qh Th 3h Kd Td Kc Tc 9c", "1D P 1H P 1S P") == "4S"
    assert robot_call("As Qs Js Ts Kh 8d 7d 6d 5d 3d 2d Qc 7c", "1D P 1H P") == "2D"


def test_an_unbalanced_eighteen_count_bids_its_four_spades_over_one_heart_too() -> None:
    """1♦–1♥ with 18 HCP, 4-1-4-4 (too little for the jump shift's 19 points): 1♠, not 2♣ (partner
    passed 2♣ with three spades and 3NT was there)."""
    assert robot_call("Ks 7s 4s 3s Ah Kd Qd 6d 5d Ac Qc 8c 5c", "1D P 1H P") == "1S"


def test_a_minor_bid_again_over_a_one_level_answer_reads_as_five() -> None:
    """1♦–1♥–2♦: five diamonds at least (fewer bid notrump or another suit); over 2♣ a 4-4-4-1
    hand repeats four, so nothing is read there."""
    assert explain(calls_of("1D P 1H P 2D"), 4) == "Opener's rebid: 5+ diamonds."
    assert explain(calls_of("1D P 2C P 2D"), 4) == "Opener's rebid: nothing new about the hand in this system."
