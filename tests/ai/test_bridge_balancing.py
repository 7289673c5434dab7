"""The pass-out seat over the opponents' fit at the two level: a takeout double or a five-card
suit rather than let them play there, and partner's answer to the double."""
from __future__ import annotations

from bot.ai.bridge_explain import explain
from tests.ai.test_bridge_ai import robot_call
from tests.ai.test_bridge_games import calls_of


def test_the_pass_out_seat_reopens_over_their_fit() -> None:
    """1♠ P 2♠ P P: a doubleton spade and three or more in each other suit double; three spades
    pass; after our 2♥ overcall a void in spades and four-four in the minors doubles too."""
    assert robot_call("Ks 4s Qh Jh 4h 3h Qd 8d 7d 5d Kc 3c 2c", "1S P 2S P P") == "X"
    assert robot_call("Ks Qs 4s Jh 4h 3h Qd 8d 7d 5d Kc 3c 2c", "1S P 2S P P") == "P"
    assert robot_call("Ah Qh Jh Th 2h Qd Jd 6d 4d Ac Tc 9c 8c", "P 1S 2H 2S P P") == "X"
    assert explain(calls_of("1S P 2S P P X"), 5) == ("Double: 8–17 HCP, takeout in the pass-out seat: short in their suit, "
                                                    "support for the other suits.")


def test_partner_answers_the_reopening_double() -> None:
    """1♠ P 2♠ P P X P: the longest other suit, or a pass with five good spades (QJ964 bid their
    longest other suit: the trumps sit in front of the opener)."""
    assert robot_call("Ks 4s Qh Jh 4h 3h Qd 8d 7d 5d Kc 3c 2c", "1S P 2S P P X P") == "3H"
    assert robot_call("Ks Qs Ts 6s 4s 4h 3h 8d 7d 5d Jc 3c 2c", "1S P 2S P P X P") == "P"
    assert explain(calls_of("1S P 2S P P X P P"), 7) == "Advance: 5+ spades, for penalty: five good trumps of theirs, or six."
    assert robot_call("Qs Js 9s 6s 4s 4h 3h 8d 7d 5d Kc 3c 2c", "1S P 2S P P X P") == "3D"


def test_opener_reopens_their_two_level_overcall_and_partner_may_pass_for_penalty() -> None:
    """1♦ 2♣ P P: two clubs or fewer reopen with a double, three pass; partner passes the double
    with five clubs, else bids its longest other suit."""
    assert robot_call("Ks 9s 5s Ah Jh 8h 4h Ad Qd 7d 6d 3d 5c", "1D 2C P P") == "X"
    assert robot_call("Ks 5s Ah Jh 8h 4h Ad Qd 7d 6d 8c 3d 5c", "1D 2C P P") == "X"
    assert robot_call("Ks 5s Ah Jh 8h Ad Qd 7d 6d 3d 8c 4c 5c", "1D 2C P P") == "P"
    assert robot_call("Ks Qs 5s 8h 4h Ad Jd 5d Qc Jc 4c 3c 2c", "1D 2C P P X P") == "P"
    assert robot_call("Qs 5s Kh Jh 8h 4h Ad Jd 5d 4c 3c 2c 6d", "1D 2C P P X P") == "2H"
    assert explain(calls_of("1D 2C P P X"), 4) == ("Later call: 12–21 HCP, reopening: short in their suit, partner may "
                                                  "pass it for penalty.")


def test_four_of_their_suit_with_an_honour_and_values_leave_the_reopening_double_in() -> None:
    """1♦ 2♥ P P X P: four hearts to the queen and 9 HCP pass for penalty (3♣ went four down);
    four small hearts bid."""
    assert robot_call("Ts 8s 3s Qh 9h 8h 5h Jd 2d Ac Qc 4c 3c", "1D 2H P P X P") == "P"
    assert explain(calls_of("1D 2H P P X P P"), 6) == "Response: 4+ hearts, for penalty: length in their suit."
    assert robot_call("Ts 8s 3s 9h 8h 6h 5h Jd 2d Ac Qc 4c 3c", "1D 2H P P X P") != "P"


def test_the_protective_doubler_raises_and_partner_s_notrump_stops_their_suit() -> None:
    """3♣ P P X P 3♠ P: 21 HCP and five spades raise to game; 2♠ 2NT P: 10 HCP bid 3NT without a
    spade stopper, since partner's 2NT showed one."""
    assert robot_call("As Qs 6s 4s 3s Ah Qh 8h 3h Ad Kd Qd Td", "3C P P X P 3S P") == "4S"
    assert robot_call("9s 8s 9h 6h 3h Qd Jd 4d 3d Ac Kc 6c 3c", "2S 2NT P") == "3NT"


def test_opener_reopens_a_one_level_overcall_short_or_strong() -> None:
    """1♦ 1♠ P P: a singleton spade doubles on 14 HCP, two spades need 15; 1♦ P P 1♠ (partner
    passed the opening): 19 HCP and two spades double for takeout, 14 and a singleton pass."""
    singleton = "5s Ah Kh 6h 5h Ad Qd 6d 4d 3d Jc 8c 7c"
    assert robot_call(singleton, "1D 1S P P") == "X"
    assert robot_call("5s 4s Ah Kh 6h Ad Qd 6d 4d 3d Jc 8c 7c", "1D 1S P P") == "P"
    assert robot_call("5s 4s Ah Kh 6h Ad Qd 6d 4d 3d Kc 8c 7c", "1D 1S P P") == "X"
    nineteen = "5s 4s Ah Kh Jh 6h Ad Kd 6d 4d 3d Ac 7c"
    assert robot_call(nineteen, "1D P P 1S") == "X"
    assert explain(calls_of("1D P P 1S X"), 4) == "Later call: 16–21 HCP, takeout: a strong hand, short in their suit."
    assert robot_call(singleton, "1D P P 1S") == "P"
    assert robot_call("Ks 9s 8s 6s 9h 8h 5h 3h Qd Td 8d 7d 6c", "1D P P 1S X P") == "2H"


def test_opener_bids_a_long_suit_again_in_the_pass_out_seat() -> None:
    """1♦ 1♠ P P: seven diamonds and two spades (no double with 13 HCP) compete in 2♦ (they had
    passed 1♠ with game in diamonds between the hands); 1♦ 1♥ P P: six diamonds and three hearts
    too. Five diamonds pass."""
    assert robot_call("Ks Qs Kh Jh 2h Kd Jd Td 8d 6d 5d 2d 6c", "P 1D 1S P P") == "2D"
    assert explain(calls_of("P 1D 1S P P 2D"), 5) == \
        "Later call: 5+ diamonds, a long suit: competes in the pass-out seat."
    assert robot_call("Ks Js 8s 3s Ah 4h 3h Qd Jd Td 8d 6d 3d", "1D 1H P P") == "2D"
    assert robot_call("Ks Js 8s 3s Ah 4h 3h Qd Jd Td 8d 6d 3c", "1D 1H P P") == "P"


def test_the_answer_to_opener_s_reopening_double_prefers_opener_s_major() -> None:
    """1♥ P P 2♣ X P: four hearts and four spades bid 2♥ (the fit found), not the spades; opener's
    21 HCP then bid game."""
    assert robot_call("6s 5s 4s 3s Kh Th 8h 5h 9d 6d Jc 8c 2c", "1H P P 2C X P") == "2H"
    assert explain(calls_of("1H P P 2C X P 2H"), 6) == "Response: 3+ hearts, a fit with partner's major."
    assert robot_call("As Ks Qs 8s Ah Qh 9h 6h 2h Ad Qd 8d 5c", "1H P P 2C X P 2H P") == "4H"


def test_over_their_bid_after_the_reopening_double_a_six_card_suit_competes() -> None:
    """1♦ 1♠ P P X 2♠: six hearts to the ace-jack-ten and 5 HCP bid 3♥ (they played 2♠ with 4♥ on
    our way); five hearts pass."""
    assert robot_call("Ts 7s 6s 2s Ah Jh Th 8h 7h 6h 5d Tc 7c", "1D 1S P P X 2S") == "3H"
    assert explain(calls_of("1D 1S P P X 2S 3H"), 6) == "Response: 6+ hearts, competes: a six-card suit."
    assert robot_call("Ts 7s 6s 2s Ah Jh Th 8h 7h 6d 5d Tc 7c", "1D 1S P P X 2S") == "P"


def test_opener_doubles_their_raise_for_takeout_with_a_strong_hand() -> None:
    """1♣ 1♠ P 3♠: 19 HCP and a singleton spade double (for takeout: partner passed the overcall);
    partner bids its longest other suit, six diamonds at the four level. 13 HCP pass."""
    assert robot_call("Ts Kh Jh 3h Ad Kd Td 9d Ac Kc Jc 7c 2c", "1C 1S P 3S") == "X"
    assert explain(calls_of("1C 1S P 3S X"), 4) == "Later call: 16–21 HCP, takeout: a strong hand, short in their suit."
    assert robot_call("Js Qh 9h 5h Qd Jd 6d 5d 3d 2d Qc 8c 3c", "1C 1S P 3S X P") == "4D"
    assert robot_call("Ts Kh Jh 3h Qd Td 9d 8d Ac Qc Jc 7c 2c", "1C 1S P 3S") == "P"


def test_opener_reopens_their_three_level_overcall_with_extra_values() -> None:
    """1♥ 3♦ P P: 20 HCP with two diamonds double (it passed); partner with five hearts bids 3♥ and
    opener raises to game. 13 HCP with two diamonds pass, 14 with a singleton double."""
    assert robot_call("As Ah Kh Qh Th 3h Ad 2d Qc Jc Tc 8c 3c", "1H 3D P P") == "X"
    assert explain(calls_of("1H 3D P P X"), 4) == \
        "Later call: 14–21 HCP, reopening: short in their suit, partner may pass it for penalty."
    assert robot_call("Js 9s 8s 7s 9h 8h 7h 6h 4h 5d Kc 7c 5c", "1H 3D P P X P") == "3H"
    assert robot_call("As Ah Kh Qh Th 3h Ad 2d Qc Jc Tc 8c 3c", "1H 3D P P X P 3H P") == "4H"
    assert robot_call("Qs 5s Ah Kh Th 6h 3h 8d 2d Kc Jc 8c 3c", "1H 3D P P") == "P"
    assert robot_call("Qs 5s 4s Ah Kh Th 6h 3h 2d Kc Qc 8c 3c", "1H 3D P P") == "X"


def test_the_reopening_doubler_raises_partner_s_answer_with_four_trumps() -> None:
    """1♦ P P 1♠ X P 2♥ P: partner, who passed the opening, answered in hearts; 19 HCP with four
    of them bid game (the robot passed 2♥ and made ten tricks), 17 invite, 14 pass."""
    assert robot_call("5s 4s Ah Kh Jh 6h Ad Kd 6d 4d 3d Ac 7c", "1D P P 1S X P 2H P") == "4H"
    assert robot_call("5s 4s Ah Kh Jh 6h Ad Kd 6d 4d 3d Qc 7c", "1D P P 1S X P 2H P") == "3H"
    assert explain(calls_of("1D P P 1S X P 2H P 3H"), 8) == "Opener's rebid: 4+ hearts, extra values: invites game."
    assert robot_call("5s 4s Ah Qh Jh 6h Ad Kd 6d 4d 3d 8c 7c", "1D P P 1S X P 2H P") == "P"
