"""Opener's jump shift: a strong two-suiter forces to game instead of rebidding its second suit at
the two level, where partner's 1NT would pass it."""
from __future__ import annotations

from bot.ai.bridge_explain import explain
from tests.ai.test_bridge_ai import robot_call
from tests.ai.test_bridge_games import calls_of

TWO_SUITER = "As Kh 3h Ad Kd 8d 6d 2d Kc Qc 6c 4c 3c"
"""19 HCP, five diamonds and five clubs."""


def test_nineteen_points_and_a_second_suit_jump_shift() -> None:
    assert robot_call(TWO_SUITER, "1D P 1NT P") == "3C"
    assert explain([(0, "1D"), (1, "Pass"), (2, "1NT"), (3, "Pass"), (0, "3C")], 4) == (
        "Opener's rebid: 17–21 HCP, 19+ points (HCP with length or shortness), 4+ clubs, "
        "a jump shift: a second suit, forcing to game.")
    assert robot_call(TWO_SUITER, "1D P 1H P") == "3C"
    assert robot_call("As Ks Js 9s 7s Ah Kh 5h Kd 9d 8d 6d 2d", "1S P 1NT P") == "3D"
    assert robot_call("As Js 2s Kh Qh 7h 6h Qd Ac Qc Jc 7c 4c", "1C P 1S P") == "3H"


def test_a_minimum_two_suiter_rebids_at_the_two_level() -> None:
    assert robot_call("As Kh 3h Ad Jd 8d 6d 2d Kc Jc 6c 4c 3c", "1D P 1NT P") == "2C"


def test_a_major_four_cards_long_jump_shifts_at_the_two_level() -> None:
    """1♦–1♥–2♠: the jump in spades, the cheaper of the jumps."""
    assert robot_call("As Ks Qs 3s 6h Ad Kd 8d 6d 2d Kc 6c 4c", "1D P 1H P") == "2S"


def test_responder_places_the_game() -> None:
    assert robot_call("Ts 5s 3h 2h Ad Td 5d 3d Kc Tc 9c 8c 2c", "1S P 1NT P 3D P") == "3NT"
    assert robot_call("Ts 5s 2s 3h 2h Ad Td 5d Kc Tc 9c 8c 2c", "1S P 1NT P 3D P") == "4S"
    assert robot_call("Ts 5s 2s 7s Kh 3h 2h Td 5d Tc 9c 8c 2c", "1D P 1H P 2S P") == "4S"
    responder = "Ts 5s Kh Qh 9h 7h 3h 2h Td 5d Tc 9c 2c"
    assert robot_call(responder, "1D P 1H P 3C P") == "3H"
    assert explain([(0, "1D"), (1, "Pass"), (2, "1H"), (3, "Pass"), (0, "3C"), (1, "Pass"), (2, "3H")], 6) == \
        "Later call: 5+ hearts, five cards or more: opener chooses the game."
    assert robot_call("Ks Js 8s 3s Qh Jh 4h 3h 2h Jd 6c 5c 2c", "1D P 1H P 3C P") == "3H"  # five hearts


def test_opener_raises_responder_s_major_with_three_cards_and_six_of_them_correct_3nt() -> None:
    """1♦–1♥–3♣–3♥: opener raises with three hearts, bids 3NT with two; over 3NT six hearts
    bid game (the 6-2 fit), five pass."""
    assert robot_call("As 6h 5h 3h Kd 8d 6d 2d Ac Kc Qc 6c 3c", "1D P 1H P 3C P 3H P") == "4H"
    assert robot_call("As 6s 3h Ad Kd 8d 6d 2d Kc Qc 6c 4c 3c", "1D P 1H P 3C P 3H P") == "3NT"
    assert robot_call("Ts 5s Kh Qh 9h 7h 3h 2h Td 5d Tc 9c 2c", "1D P 1H P 3C P 3H P 3NT P") == "4H"
    assert robot_call("Ks Js 8s 3s Qh Jh 4h 3h 2h Jd 6c 5c 2c", "1D P 1H P 3C P 3H P 3NT P") == "P"


def test_the_jump_shift_over_their_overcall() -> None:
    """1♥ P 1♠ 2♣: 19 HCP and four diamonds jump to 3♦ over their bid (2♦ had been passed with
    3NT on); responder shows five spades, and opener with two bids 3NT. A minimum bids 2♦. Over
    1♦ 1♠ 1NT P the two-suiter jumps in clubs."""
    strong = "As 5s Kh Qh 7h 6h 3h Ad Qd Jd 2d Kc 2c"
    assert robot_call(strong, "1H P 1S 2C") == "3D"
    assert explain([(0, "1H"), (1, "Pass"), (2, "1S"), (3, "2C"), (0, "3D")], 4) == (
        "Opener's rebid: 17–21 HCP, 19+ points (HCP with length or shortness), 4+ diamonds, "
        "a jump shift: a second suit, forcing to game.")
    assert robot_call("Ks Ts 4s 3s 2s Th Td 5d Ac 8c 7c 6c 3c", "1H P 1S 2C 3D P") == "3S"
    assert robot_call(strong, "1H P 1S 2C 3D P 3S P") == "3NT"
    assert robot_call("As 5s Kh Qh 7h 6h 3h Ad Jd 8d 2d 3c 2c", "1H P 1S 2C") == "2D"
    assert robot_call(TWO_SUITER, "1D 1S 1NT P") == "3C"


def test_over_their_overcall_responder_bids_3nt_with_their_suit_stopped() -> None:
    """1♠ P 1NT 2♣ 3♦ P: six diamonds and clubs unstopped bid 5♦ (3NT went three down, clubs
    run); with the king-queen of clubs, 3NT."""
    assert robot_call("5s 2s Jh Th 6h Kd Qd Jd Td 7d 3d Tc 7c", "1S P 1NT 2C 3D P") == "5D"
    assert explain(calls_of("1S P 1NT 2C 3D P 5D"), 6) == "Later call: 4+ diamonds, game in opener's second suit."
    assert robot_call("5s 2s Jh Th 6h Kd Qd Jd 7d 3d Kc Qc 7c", "1S P 1NT 2C 3D P") == "3NT"
