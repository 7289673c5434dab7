"""Invitations a club player makes and answers: responder's 2NT with 11-12 after opener's rebid,
three of a minor both hands bid inviting 3NT, 1NT rather than a 4-1 fit, the opener's six-card
major with 19 points; the takeout double with both majors over a minor or with three of it and
15+ HCP, and its answer in the pass-out seat."""
from __future__ import annotations

from bot.ai.bridge_explain import explain
from tests.ai.test_bridge_ai import robot_call
from tests.ai.test_bridge_games import calls_of

RESPONDER_11 = "Ks 7s 2s Ah 9h 5h 3h Kd 8d 4d Jc 9c 6c"
"""11 HCP, four hearts, no fit with diamonds or spades."""


def test_responder_invites_with_2nt_and_the_call_says_so() -> None:
    """1♦ 1♥ 1NT: 11 HCP opposite opener's 12-14 is worth an invitation, not a pass; 13 bid game."""
    assert explain(calls_of("1D P 1H P 1NT"), 4) == "Opener's rebid: 12–14 HCP, balanced."
    assert robot_call(RESPONDER_11, "1D P 1H P 1NT P") == "2NT"
    assert explain(calls_of("1D P 1H P 1NT P 2NT"), 6) == "Later call: 11–12 HCP."
    assert robot_call(RESPONDER_11.replace("Jc", "Kc"), "1D P 1H P 1NT P") == "3NT"
    assert robot_call("Ks 7s 2s Qh 9h 5h 3h Qd 8d 4d Jc 9c 6c", "1D P 1H P 1NT P") == "P"  # 8 HCP


def test_opener_accepts_the_invitation_above_a_minimum() -> None:
    """13 and 14 of the 1NT rebid's 12-14 accept; 12 passes."""
    maximum = "Qs Ts 4s Kh 6h Ad Qd 9d 5d Kc 8c 7c 2c"      # 14 HCP
    middle = "Qs Ts 4s Kh 6h Ad Jd 9d 5d Kc 8c 7c 2c"       # 13 HCP
    minimum = "Qs Ts 4s Kh 6h Ad Td 9d 5d Kc 8c 7c 2c"      # 12 HCP
    assert robot_call(maximum, "1D P 1H P 1NT P 2NT P") == "3NT"
    assert robot_call(middle, "1D P 1H P 1NT P 2NT P") == "3NT"
    assert robot_call(minimum, "1D P 1H P 1NT P 2NT P") == "P"


def test_responder_s_jump_in_a_six_card_major_invites_game() -> None:
    """1♣ 1♠ 1NT 3♠: six spades and 9 HCP invite; opener (balanced: two spades at least) with more
    than a minimum bids 4♠, and passes with 12 HCP."""
    assert robot_call("As Js Ts 8s 7s 2s Ah Th 3h 8d 9c 7c 3c", "1C P 1S P 1NT P") == "3S"
    assert explain(calls_of("1C P 1S P 1NT P 3S"), 6) == "Later call: 6+ spades."
    assert robot_call("9s 4s Kh 7h 2h Ad Qd 7d Ac 8c 5c 4c 2c", "1C P 1S P 1NT P 3S P") == "4S"  # 13 HCP
    assert robot_call("9s 4s Kh 7h 2h Ad Jd 7d Ac 8c 5c 4c 2c", "1C P 1S P 1NT P 3S P") == "P"  # 12 HCP


def test_the_six_card_major_invitation_stands_over_their_double() -> None:
    """1♦ P 1♠ X 1NT P 3♠ P: their takeout double is no bid, so 3♠ still invites with six spades;
    13 HCP with three spades accept (it passed, and 4♠ made), 12 pass."""
    assert robot_call("Ks 6s 4s Ah 8h 6h 2h Kd Td 7d 5d Kc 4c", "1D P 1S X 1NT P 3S P") == "4S"
    assert robot_call("Ks 6s 4s Ah 8h 6h 2h Kd Td 7d 5d Qc 4c", "1D P 1S X 1NT P 3S P") == "P"


def test_a_long_minor_counts_its_length_opposite_a_balanced_rebid() -> None:
    """1♣ 1♦ 1NT: a balanced opener holds two diamonds, so seven of them to the ace-king are a fit
    and 10 HCP with three length points bid 3NT (the robot bid 2♦ and made ten tricks); with 7 HCP
    the suit again, to play."""
    assert robot_call("Ks 6s 8h 7h 5h Ad Kd 7d 6d 4d 3d 2d 8c", "1C P 1D P 1NT P") == "3NT"
    assert robot_call("Ks 6s 8h 7h 5h Qd Jd 7d 6d 4d 3d 2d 8c", "1C P 1D P 1NT P") == "2D"


def test_a_raise_of_partner_s_long_suit_counts_shortness() -> None:
    """1♣ 1♦ 2♣ (five clubs): 10 HCP with four clubs and a doubleton count 11 support points and
    invite with 3♣ (it passed; 5♣ made); with 8 HCP it passes."""
    assert robot_call("Js 2s 9h 6h 3h Ad Qd Jd 5d Qc 4c 3c 2c", "1C P 1D P 2C P") == "3C"
    assert robot_call("Js 2s 9h 6h 3h Ad Jd 6d 5d Qc 4c 3c 2c", "1C P 1D P 2C P") == "P"


def test_three_of_a_minor_both_hands_bid_invites_3nt() -> None:
    """1♦ 1♠ 2♦ 3♦: responder's raise invites; opener accepts with 13+ HCP, in notrump with a club
    stopper, else with seven diamonds in five of them (the simulation's choice over the rules' 3NT:
    2♦ showed five, so the raise may hold three)."""
    assert robot_call("Ks 4s Jh 7h 6h Ad Qd 9d 8d 5d Kc 7c 2c", "1D P 1S P 2D P 3D P") == "3NT"
    assert robot_call("Ks 4s Ah 6h Ad Qd Jd 9d 8d 5d 4d 7c 2c", "1D P 1S P 2D P 3D P") == "5D"
    assert robot_call("Ks 4s Qh Jh 6h Ad Jd 9d 8d 5d Jc 7c 2c", "1D P 1S P 2D P 3D P") == "P"  # 12 HCP


def test_opener_with_six_hearts_and_nineteen_points_bids_game_over_1nt() -> None:
    assert robot_call("As 7s Ah Kh Qh Jh 9h 3h 9d 8d Kc 4c 2c", "1H P 1NT P") == "4H"
    assert robot_call("Qs 7s Ah Kh Qh Jh 9h 3h 9d 8d Kc 4c 2c", "1H P 1NT P") == "3H"  # 17 points


def test_both_majors_double_their_minor_with_three_cards_in_it() -> None:
    assert robot_call("Ks Qs 7s 4s Ah Jh 8h 3h 9d 6d 2d Kc 5c", "1D") == "X"


def test_a_strong_hand_with_three_of_their_minor_and_no_stopper_doubles() -> None:
    """1♦: 17 HCP, three small diamonds and three or more of every other suit double (it passed:
    a pass shows at most 17); with 13 HCP it passes, with a diamond stopper and 17 HCP it bids 1NT."""
    assert robot_call("Ks Qs 4s Ah Qh 5h 7d 6d 2d Ac Qc 9c 4c", "1D") == "X"
    assert explain(calls_of("1D X"), 1).startswith("Double: 12+ HCP, takeout")
    assert robot_call("Ks Qs 4s Ah Qh 5h 7d 6d 2d Jc Tc 9c 4c", "1D") == "P"
    assert robot_call("Ks Qs 4s Ah Qh 5h Kd 6d 2d Qc Jc 9c 4c", "1D") == "1NT"


def test_the_double_in_the_pass_out_seat_is_answered() -> None:
    """1♥ P P X P: partner's protective double asks for a suit; six hearts behind the opener pass
    for penalty."""
    assert robot_call("Qs 9s 7s 4s 8h 5h Kd 9d 6d 2d Jc 8c 3c", "1H P P X P") == "1S"
    assert explain(calls_of("1H P P X P 1S"), 5) == "Advance: an answer to the takeout double."
    assert robot_call("9s 7s Kh 8h 7h 5h 4h 3h 9d 6d 2d 8c 3c", "1H P P X P") == "P"


def test_responder_does_not_pass_opener_s_new_suit_with_a_singleton_in_it() -> None:
    """1♣ 1♥ 1♠: eight HCP and one spade bid 1NT rather than leave a 4-1 fit; four HCP pass."""
    assert robot_call("5s Ah 6h 3h 2h 9d 8d 5d 4d 3d Ac 9c 7c", "1C P 1H P 1S P") == "1NT"
    assert robot_call("5s Ah 6h 3h 2h 9d 8d 5d 4d 3d 2c 9c 7c", "1C P 1H P 1S P") == "P"


def test_responder_with_more_than_a_minimum_does_not_pass_opener_s_new_suit_without_four_of_it() -> None:
    """1♣ 1♦ 1♥: ten HCP and three hearts bid 1NT (opener's 16–18 would make a game); 1♦ 1♥ 1♠: so
    do nine HCP and two spades; seven HCP and three hearts pass."""
    assert robot_call("Ks Qs 3s Th 7h 6h Qd Jd 6d 5d 4d Qc 7c", "1C P 1D P 1H P") == "1NT"
    assert robot_call("Qs 9s Jh Th 9h 4h 2h Ad 9d 4d Qc 8c 7c", "1D P 1H P 1S P") == "1NT"
    assert robot_call("Ks Js 3s Th 7h 6h Qd Jd 6d 5d 4d 8c 7c", "1C P 1D P 1H P") == "P"


def test_partner_s_three_of_our_major_over_their_three_competes_rather_than_invites() -> None:
    """1♣ P 1♠ P 2♠ P P X P 3♦ 3♠ P: responder's cheapest 3♠ over 3♦ competes, so 15 HCP pass; the
    same 15 HCP accept 1♣ P 1♠ P 2♠ P 3♠ P, an invitation."""
    opener = "As Ks Ts 3s Kh 8h 7h 5h 4d Kc 9c 6c 2c"
    assert robot_call(opener, "1C P 1S P 2S P P X P 3D 3S P") == "P"
    assert robot_call(opener, "1C P 1S P 2S P 3S P") == "4S"


def test_a_six_card_major_opposite_a_balanced_rebid_is_a_fit() -> None:
    """1♣ 1♥ 1NT: six hearts and 9 HCP invite with 3♥ (opener's balanced hand holds two), 10 or 13
    bid game."""
    assert robot_call("2s Th 9h 8h 7h 4h 3h Qd 5d 3d Ac Kc 9c", "1C P 1H P 1NT P") == "3H"
    assert robot_call("2s Th 9h 8h 7h 4h 3h Kd 5d 3d Ac Kc 9c", "1C P 1H P 1NT P") == "4H"
    assert robot_call("2s Th 9h 8h 7h 4h 3h Kd Qd 3d Ac Kc Jc", "1C P 1H P 1NT P") == "4H"


def test_a_strong_opener_keeps_going() -> None:
    """1♦ 1NT: 17 HCP with four hearts reverse into 2♥; 1♦ (1♥) P (2♥): 20 HCP with six diamonds
    bid 3♦ rather than pass, and with five clubs beside them show the clubs."""
    assert robot_call("Ks Ah Qh Th 6h Ad Qd Jd 7d 6d Jc 7c 2c", "1D P 1NT P") == "2H"
    assert robot_call("Ah 8h 7s Ad Kd Qd 9d 8d 4d Ac Qc Jc 6c", "1D 1H P 2H") == "3D"
    assert robot_call("Ah 8h Ad Kd Qd 9d 8d 4d Ac Qc Jc Tc 6c", "1D 1H P 2H") == "3C"


def test_opener_plays_a_six_card_suit_opposite_the_2nt_invitation() -> None:
    """1♥ 1♠ 2♥ 2NT: a minimum with six hearts and a singleton spade declines in 3♥ (2NT went
    down, the field played hearts); a maximum bids 4♥ rather than 3NT; with five hearts, a pass."""
    assert robot_call("3s Ah Jh Th 9h 8h 2h Jd 9d 2d Kc Qc 4c", "P 1H P 1S P 2H P 2NT P") == "3H"
    assert robot_call("3s Ah Kh Th 9h 8h 2h Ad 9d 2d Kc Qc 4c", "P 1H P 1S P 2H P 2NT P") == "4H"
    assert robot_call("Qs Js Kh Qh Jh 9h 8h Qd 9d 2d 7c 5c 4c", "P 1H P 1S P 2H P 2NT P") == "P"
    assert robot_call("Qs Ts 9s 8s 7s Kh Kd Qd Td 4d Jc 6c 2c", "P 1H P 1S P 2H P 2NT P 3H P") == "P"


def test_responder_invites_with_2nt_where_they_have_bid() -> None:
    """1♣ P 1♦ 1♥ 1♠ P: 11 HCP, three spades and a heart stopper invite with 2NT (the robot passed;
    the field played 3NT); opener accepts with 15 and passes with 11."""
    assert robot_call("Qs 7s 3s Ah Jh 2h Kd 6d 5d 2d Jc 8c 6c", "P 1C P 1D 1H 1S P") == "2NT"
    assert explain(calls_of("P 1C P 1D 1H 1S P 2NT"), 7) == "Later call: 11–12 HCP, invites 3NT: their suits stopped."
    assert robot_call("Qs 7s 3s 8h 6h 2h Kd 6d 5d 2d Ac Jc 6c", "P 1C P 1D 1H 1S P") == "P"
    assert robot_call("As Ks Ts 2s Th Ad Qd 7d Qc Tc 9c 4c 2c", "P 1C P 1D 1H 1S P 2NT P") == "3NT"
    assert robot_call("As Ks Ts 2s Th Jd 8d 7d Qc Tc 9c 4c 2c", "P 1C P 1D 1H 1S P 2NT P") == "P"


def test_opener_s_jump_in_a_six_card_minor_invites_and_nineteen_hcp_bid_3nt() -> None:
    """1♣ 1♥ 3♣ invites with up to 18 HCP (it was read as up to 21): opener with 19+ HCP and six
    clubs bids 3NT itself; responder counts the jump for 18 and bids 3NT with 6 HCP (on 2,000
    random deals this scored better than the book's 8), passing with 5."""
    assert explain(calls_of("1C P 1H P 3C"), 4) == ("Opener's rebid: 10–18 HCP, 16+ points (HCP with length or shortness), "
                                                   "6+ clubs.")
    assert robot_call("Ts 5s 2s Kh Jh 8h 4h Qd 7d 3d 8c 6c 2c", "1C P 1H P 3C P") == "3NT"
    assert robot_call("Ts 5s 2s Kh Jh 8h 4h Jd 7d 3d 8c 6c 2c", "1C P 1H P 3C P") == "P"
    assert robot_call("Ks 5s Ah 4h Qd 7d 2d Ac Kc Qc Jc 5c 2c", "1C P 1H P") == "3NT"
    assert robot_call("Ks 5s Ah 4h Qd 7d 2d Ac Kc Qc Jc 5c 2c", "1C P 1NT P") == "3NT"


def test_opener_accepting_the_2nt_invitation_shows_three_cards_of_responder_s_major() -> None:
    """1♥ 1♠ 2♦ 2NT: opener's 15 HCP with three spades bid 3♠ (3NT went down where five-three in
    spades made game); responder with five spades bids 4♠, with four 3NT. A minimum passes 2NT."""
    opener = "As Ks 5s Ah Jh 7h 5h 3h Kd 9d 6d 3d 5c"
    assert robot_call(opener, "1H P 1S P 2D P 2NT P") == "3S"
    assert explain(calls_of("1H P 1S P 2D P 2NT P 3S"), 8) == ("Later call: 3+ spades, three cards of partner's major, "
                                                             "accepting the invitation: forcing.")
    assert robot_call("Qs Js 7s 4s 3s Kh 6h 8d 7d Ac Jc 8c 2c", "1H P 1S P 2D P 2NT P 3S P") == "4S"
    assert robot_call("Qs Js 7s 4s Kh 6h 3h 8d 7d Ac Jc 8c 2c", "1H P 1S P 2D P 2NT P 3S P") == "3NT"
    assert robot_call("As 7s 5s Ah Jh 7h 5h 3h Qd 9d 6d 3d 5c", "1H P 1S P 2D P 2NT P") == "P"
