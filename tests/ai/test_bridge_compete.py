"""The robots compete and construct as a club player does: advancing partner's overcall (a cue-bid
raise, a preemptive jump raise, a new suit forcing for one round, notrump with a stopper), the
overcaller's rebid with extras, balancing in the pass-out seat, and the minor game past 3NT."""
from __future__ import annotations

import pytest

from bot.ai.bridge_explain import explain
from tests.ai.test_bridge_ai import robot_call
from tests.ai.test_bridge_games import calls_of


def test_advancer_cue_bids_their_suit_with_a_raise_of_eleven_points() -> None:
    """1♦ 1♠ P: three spades and 12 HCP raise through a cue-bid of 2♦; the overcaller's
    minimum signs off in 2♠, a maximum bids game."""
    advancer = "Ks 9s 4s Ah Qh 5h 3h 8d 6d Kc Jc 7c 2c"
    assert robot_call(advancer, "1D 1S P") == "2D"
    assert explain(calls_of("1D 1S P 2D"), 3) == \
        "Advance: 8+ HCP, 3+ spades, a cue-bid: a raise of partner's overcall to at least three, 11+ points."
    assert robot_call("Qs Js Ts 8s 6s Kh 6h 9d 4d 2d Ac 8c 3c", "1D 1S P 2D P") == "2S"
    assert robot_call("As Qs Js 8s 6s 2s Kh 6h 9d 4d Ac 8c 3c", "1D 1S P 2D P") == "4S"


def test_advancer_jumps_with_four_trumps_and_a_weak_hand() -> None:
    """1♦ 1♠ P: four spades and 5 HCP: a preemptive 3♠."""
    assert robot_call("Qs 9s 7s 4s Jh 9h 5h 8d 6d Kc 7c 5c 2c", "1D 1S P") == "3S"
    assert explain(calls_of("1D 1S P 3S"), 3) == "Advance: at most 9 HCP, 4+ spades, a preemptive raise."


def test_advancer_bids_notrump_with_a_stopper_in_their_suit() -> None:
    """1♥ 1♠ P: 13 HCP, balanced, a heart stopper and two spades: 2NT invites."""
    assert robot_call("Ks 4s Kh Jh 3h Ad 9d 7d 4d Qc 8c 6c 2c", "1H 1S P") == "2NT"


def test_advancer_with_game_values_and_a_singleton_in_partners_suit_bids_notrump() -> None:
    """1♣ 1♥ P: 17 HCP, the ace of hearts alone, three spades, four diamonds, five clubs to the ace:
    no raise, no five-card suit to bid, not balanced; 3NT rather than a pass. With 9 HCP it still
    passes (1NT is for balanced hands)."""
    assert robot_call("As 6s 4s Ah Ad Jd 6d 2d Ac 6c 5c 4c 3c", "1C 1H P") == "3NT"
    assert explain(calls_of("1C 1H P 3NT"), 3) == "Advance: 15+ HCP, a stopper in their suit."
    assert robot_call("9s 6s 4s Ah Qd Jd 6d 2d Ac 6c 5c 4c 3c", "1C 1H P") == "P"


def test_advancer_with_game_values_a_stopper_and_a_four_card_major_bids_notrump_short_in_partner_s_suit() -> None:
    """1♣ P P 1♠ P: 17 HCP with the king of spades alone, four hearts and five clubs to the king-queen
    passed (a four-card major nobody has bid stopped notrump, and no new suit has five cards); 3NT
    now. With 9 HCP it passes."""
    hand = "Ks Ah Jh 4h 3h Ad 8d 2d Kc Qc Tc 7c 3c"
    assert robot_call(hand, "1C P P 1S P") == "3NT"
    assert explain(calls_of("1C P P 1S P 3NT"), 5) == "Advance: 16–17 HCP, a stopper in their suit."
    assert robot_call(hand.replace("Ad", "5d").replace("Ah", "6h"), "1C P P 1S P") == "P"


def test_advancer_raises_a_pass_out_seat_overcall_to_three_over_their_rebid() -> None:
    """1♠ P P 2♥ 2♠: three hearts and 8 HCP compete in 3♥ (the pass let them play 2♠); four hearts
    need 5; a 2-count passes."""
    assert robot_call("Ks 9s 3s 2s Qh 7h 6h Ad Td 6d 5d 4c 3c", "1S P P 2H 2S") == "3H"
    assert robot_call("9s 3s 2s Qh 7h 6h 4h Kd Td 6d 5d 4c 3c", "1S P P 2H 2S") == "3H"
    assert robot_call("9s 3s 2s Qh 7h 6h 4h Jd Td 6d 5d 4c 3c", "1S P P 2H 2S") == "P"


def test_the_overcaller_places_the_contract_over_a_notrump_advance() -> None:
    """1♣ 1♠ P 1NT (8–11): five spades, four hearts, a club void and 16 HCP show the hearts (it
    had passed 1NT with slam in hearts); four hearts and an ace raise to game. Six spades and 16+
    points bid game; 16 balanced bid 3NT; a minimum passes."""
    assert robot_call("As Ks Qs 9s 3s Kh 9h 8h 4h Ad 8d 7d 6d", "1C 1S P 1NT P") == "2H"
    assert explain(calls_of("1C 1S P 1NT P 2H"), 5) == \
        "Competing: 13–17 HCP, 4+ hearts, a second suit: partner chooses."
    assert robot_call("7s 5s Qh Th 7h 6h Qd Jd 5d Ac Tc 9c 3c", "1C 1S P 1NT P 2H P") == "4H"
    assert robot_call("7s 5s Qh Th 7h 6h Qd Jd 5d Qc Tc 9c 3c", "1C 1S P 1NT P 2H P") == "P"
    assert robot_call("As Ks Js 9s 3s 2s Kh 9h Ad 8d 7d 6c 5c", "1C 1S P 1NT P") == "4S"
    assert robot_call("As Ks Qs 9s 3s Kh 9h 8h Ad 8d 7d 6c 5c", "1C 1S P 1NT P") == "3NT"
    assert robot_call("As Ks Js 9s 3s 5h 9h 4h Ad 8d 7d 6c 5c", "1C 1S P 1NT P") == "P"


def test_a_new_suit_by_advancer_is_forcing_and_the_overcaller_shows_extras() -> None:
    """1♠ 2♥ P: eight clubs and 9 HCP bid 3♣, forcing; the overcaller's eight hearts and 13 HCP
    jump to game; with three clubs and a minimum it raises."""
    advancer = "5s 8h 2h Qd 8d Ac Kc Tc 9c 8c 7c 5c 3c"
    assert robot_call(advancer, "1S 2H P") == "3C"
    assert explain(calls_of("1S 2H P 3C"), 3) == \
        "Advance: 8+ HCP, 11+ points (HCP with length or shortness), 5+ clubs, a new suit: forcing for one round."
    overcaller = "As Ts Kh Qh Jh 9h 7h 6h 4h 3h Kd 5d 6c"
    assert robot_call(overcaller, "1S 2H P 3C P") == "4H"
    assert robot_call("Ks 9s Kh Qh Jh 9h 7h 5d 4d Qc 8c 6c 2c", "1S 2H P 3C P") == "4C"


def test_the_pass_out_seat_balances_with_a_protective_notrump_or_a_light_overcall() -> None:
    """1♥ P P: 12 HCP balanced with a heart stopper is 1NT (11–14); 1♦ P P: five spades and 8 HCP
    overcall 1♠ without a good suit; 1♠ P P: so do 14 HCP and five poor hearts at the two level,
    where a direct overcall needs a good suit."""
    assert robot_call("Ks 8s 4s Kh Jh 3h Qd 9d 7d 4d Qc 8c 6c", "1H P P") == "1NT"
    assert explain(calls_of("1H P P 1NT"), 3).startswith("Overcall: 11–14 HCP, balanced")
    assert robot_call("As Ts 7s 3s 2s Th 7h Jd 9d Qc Jc 5c 2c", "1D P P") == "1S"
    assert robot_call("As Ks Qh 7h 6h 5h 4h Kd 6d 3d 2d Qc 5c", "1S P P") == "2H"
    assert robot_call("As Ks Qh 7h 6h 5h 4h Kd 6d 3d 2d Qc 5c", "1S") == "P"


def test_after_a_double_in_the_pass_out_seat_notrump_and_games_count_the_lighter_double() -> None:
    """1♠ P P X P 2♣ P: 17 HCP balanced with ♠A3 bid 2NT (15–18: 1NT would have shown 11–14), and
    partner's ♣AKQJT4 bid 3NT; 1♠ P P X P: 13 HCP with a spade stopper bid 2NT (12–14); 1♥ P P X P
    2♠ P: the doubler's four spades and a singleton heart accept the invitation on 9 HCP."""
    assert robot_call("As 3s Ah Kh Th Ad Jd Td 6d 3d 9c 7c 5c", "1S P P X P 2C P") == "2NT"
    assert explain(calls_of("1S P P X P 2C P 2NT"), 7) == \
        "Competing: 15–18 HCP, balanced, a strong hand with a stopper in their suit."
    assert robot_call("Ts 5s 2s 4h 2h 9d 8d Ac Kc Qc Jc Tc 4c", "1S P P X P 2C P 2NT P") == "3NT"
    assert robot_call("As Js 5s Th 9h 6h Ad 7d 5d 3d Ac Tc 6c", "1S P P X P") == "2NT"
    assert explain(calls_of("1S P P X P 2NT"), 5) == "Advance: 12–14 HCP, invites 3NT: a stopper in their suit."
    assert robot_call("Ks 9s 8s 7s 2h Kd 9d 7d 4d Kc Tc 8c 2c", "1H P P X P 2S P") == "4S"
    assert robot_call("Ks 9s 8s 7s 2h 9d 7d 4d 3d Kc Tc 8c 2c", "1H P P X P 2S P") == "P"


def test_the_pass_out_seat_overcaller_counts_partner_s_raise_a_king_lighter() -> None:
    """1♣ P P 1♠ P 2♠ P: 12 HCP, six spades and six losers invite with 3♠ rather than bid game (the
    raise, 9–13 after the pass, counts the king the overcall borrowed; 4♠ went two down)."""
    assert robot_call("Ks Qs Js 8s 5s 3s Ah Qh 9h 9d Tc 9c 2c", "1C P P 1S P 2S P") == "3S"


def test_past_3nt_the_fit_in_a_minor_bids_its_game() -> None:
    """1♣ P 1♥ 2♦ 4♣: responder's 9 HCP and three clubs bid 5♣ (3NT is no longer a bid)."""
    assert robot_call("2s Kh 9h 6h 5h Kd Qd Jd 9d 4d 9c 8c 4c", "1C P 1H 2D 4C P") == "5C"


def test_a_pass_over_their_opening_shows_at_most_seventeen() -> None:
    """Every hand of 18+ HCP doubles their opening (15+ in the pass-out seat), so a pass shows at
    most 17 (14), and the deals the robots sample keep it."""
    assert robot_call("As Kh Qh Jh Ad Kd Qd 5c 4c 3c 2c 7s 6s", "1S") == "X"   # 19 HCP, no five-card suit
    assert explain(calls_of("1S P"), 1) == "Overcall: at most 17 HCP."
    assert explain(calls_of("1S P P P"), 3) == "Overcall: at most 14 HCP."


def test_a_two_level_overcall_takes_a_sound_five_card_suit_and_twelve_hcp() -> None:
    """Over 2♥ 12 HCP and ♠QJ854 overcall 2♠ (it passed, with 4♠ on); over 1♠ five diamonds to
    the queen-jack and 13 HCP bid 2♦, to the queen-ten pass."""
    assert robot_call("Qs Js 8s 5s 4s Ah 7h 4h Qd 5d Kc 4c 3c", "2H") == "2S"
    assert explain(calls_of("2H 2S"), 1).startswith("Overcall: 12–17 HCP, 5+ spades")
    assert robot_call("As 7s 4s 3h Qd Jd 8d 5d 4d Ah Kc 4c 3c", "1S") == "2D"
    assert robot_call("As 7s 4s 3h Qd Td 8d 5d 4d Ah Kc 4c 3c", "1S") == "P"


def test_no_natural_overcall_in_a_suit_they_have_bid() -> None:
    """1♣ P 1♥ P 1NT: five hearts behind responder's hearts do not overcall 2♥ (it went three down
    doubled); five spades do overcall 2♠."""
    assert robot_call("Ks Qs 9s 3s Qh Th 9h 6h 5h Ac Jc 8c 6c", "1C P 1H P 1NT") == "P"
    assert robot_call("Qh Th 9h 3h Ks Qs 9s 6s 5s Ac Jc 8c 6c", "1C P 1H P 1NT") == "2S"


def test_the_overcaller_shows_a_second_five_card_suit_when_they_bid_on() -> None:
    """1♣ 1♠ 1NT P P: five-five in the majors bid 2♥ (they passed 1NT out before); with four hearts
    the overcaller passes."""
    assert robot_call("Qs Js Ts 8s 2s Ah Kh 8h 7h 2h Kd 2d 7c", "1C 1S 1NT P P") == "2H"
    assert robot_call("Qs Js Ts 8s 2s Ah Kh 8h 7h Kd 3d 2d 7c", "1C 1S 1NT P P") == "P"
    assert explain(calls_of("1C 1S 1NT P P 2H"), 5) == "Competing: 5+ hearts, a second five-card suit."


def test_the_overcaller_with_six_cards_and_extras_competes_again() -> None:
    """1♠ 2♥ P P 2♠: 17 HCP and six good hearts bid 3♥ (the robot passed, and later 3♣ doubled, a
    board the field played in hearts); with 13 HCP the overcall has said it all."""
    assert robot_call("Ks Ts 5s Ah Kh Qh Th 8h 4h Jd Kc Jc 9c", "1S 2H P P 2S") == "3H"
    assert robot_call("Ks Ts 5s Ah Kh Qh Th 8h 4h Jd 8c 6c 2c", "1S 2H P P 2S") == "P"
    assert explain(calls_of("1S 2H P P 2S 3H"), 5) == \
        "Competing: 6+ hearts, a six-card suit and extra values, or seven cards: competes again."


def test_the_overcaller_with_seven_cards_and_a_void_competes_at_the_three_level() -> None:
    """1NT 2♣ 2♥ P P: seven clubs and a void in hearts bid 3♣ (they made 2♥ with 5♣ on); seven
    clubs without a singleton or void pass."""
    assert robot_call("Ks Js 4s 6d 4d 2d Ac Qc Jc Tc 5c 4c 2c", "P P 1NT 2C 2H P P") == "3C"
    assert robot_call("Ks 4s 5h 3h 6d 4d Ac Qc Jc Tc 5c 4c 2c", "P P 1NT 2C 2H P P") == "P"


def test_the_overcaller_with_seven_cards_competes_again_at_the_two_level() -> None:
    """1♣ P 1♥ 1♠ 2♣ P P: eight spades to the ace-king and 11 HCP bid 2♠ (the robot passed 2♣,
    where 4♠ made); with six spades and 11 HCP the overcall has said it all, and after partner's
    double of 2♣ the seven-card hand leaves it in."""
    assert robot_call("As Ks Ts 8s 7s 6s 3s 2s 4h Kd Jd 3d 4c", "1C P 1H 1S 2C P P") == "2S"
    assert robot_call("As Ks Ts 8s 7s 6s 3s 2s 4h Kd Jd 3d 4c", "1C P 1H 1S 2C X P") == "P"
    assert robot_call("As Ks Ts 8s 7s 6s 4h 3h Kd Jd 3d 5c 4c", "1C P 1H 1S 2C P P") == "P"
    assert explain(calls_of("1C P 1H 1S 2C P P 2S"), 7) == \
        "Competing: 6+ spades, a six-card suit and extra values, or seven cards: competes again."


def test_a_jump_overcall_is_weak_and_advancer_raises_to_compete_or_to_game() -> None:
    """1♣ 2♠: six good spades and 6 HCP jump (they passed before); with 13 HCP it is an overcall of
    1♠. Advancer raises to 3♠ with three trumps, to 4♠ with four, or with game values; passes
    with a singleton."""
    weak = "Ks Qs Ts 8s 5s 3s 8h 4h Jd 9d 7d 4c 2c"
    assert robot_call(weak, "1C") == "2S"
    assert explain(calls_of("1C 2S"), 1) == "Overcall: 5–10 HCP, 6+ spades, a weak jump overcall: a good suit, a weak hand."
    assert robot_call("Ks Qs Ts 8s 5s 3s Ah 4h Kd 9d 7d 4c 2c", "1C") == "1S"
    assert robot_call("As 8s 4s Qh 7h 6h 5h 8d 9d 7d Qc 6c 2c", "1C 2S P") == "3S"
    assert robot_call("As 8s 4s 3s Qh 7h 6h 5h 9d 7d Qc 6c 2c", "1C 2S P") == "4S"
    assert robot_call("8s Ah Kh 7h 5h Kd 9d 7d 3d Jc Tc 6c 2c", "1C 2S P") == "P"
    assert explain(calls_of("1C 2S P 3S"), 3) == "Advance: 3+ spades, competes: nine trumps, to play."



def test_the_negative_double_with_one_major_takes_eight_hcp_over_a_two_level_overcall() -> None:
    """1♦ 2♣: four spades, three hearts and 9 HCP double (they passed, short of the values the
    rule asked); with 7 HCP they pass."""
    assert robot_call("Ks Js 8s 2s Qh 7h 4h Qd 9d 3d Jc 5c 2c", "1D 2C") == "X"
    assert explain(calls_of("1D 2C X"), 2) == \
        "Response: 8+ HCP, negative: the unbid suits, not a penalty double."
    assert robot_call("Ks Js 8s 2s 9h 7h 4h Qd 9d 3d Jc 5c 2c", "1D 2C") == "P"


def test_the_negative_doubler_places_the_contract_on_opener_s_answer() -> None:
    """1♣ 1♠ X P 1NT P: the doubler's 13 HCP bid 3NT and 11 invite with 2NT (13 HCP bid 2♥ before,
    read as a response, and partner passed); 1♦ 1♠ X P 2♥ P: four hearts and 12 points bid game,
    11 invite; over 2♣, five hearts and a weak hand play 2♥, and 13 HCP without a spade stopper
    cue-bid 2♠, forcing to game."""
    thirteen = "5s Kh Jh Th 6h Kd Ad 4d 2d Kc Jc Tc 9c"
    assert robot_call(thirteen, "1C 1S X P 1NT P") == "3NT"
    assert robot_call(thirteen, "1D 1S X P 2H P") == "4H"
    assert robot_call(thirteen, "1C 1S X P 2C P") == "2S"
    assert explain(calls_of("1C 1S X P 2C P 2S"), 6) == "Response: 12+ HCP, a cue-bid: forcing to game."
    eleven = "5s 4s Kh Jh Th 6h Kd Td 4d 2d Kc Jc 9c"
    assert robot_call(eleven, "1C 1S X P 1NT P") == "2NT"
    assert robot_call(eleven, "1D 1S X P 2H P") == "4H"
    assert robot_call("5s 4s Kh Jh Th 6h Kd Td 4d 2d Kc Tc 9c", "1D 1S X P 2H P") == "3H"
    assert robot_call(eleven, "1C 1S X P 2C P") == "P"
    assert robot_call("5s 4s Kh Jh Th 6h 5h Qd 4d 2d 8c 7c 9c", "1C 1S X P 2C P") == "2H"


def test_four_trumps_and_a_weak_hand_jump_to_three_of_partner_s_major_over_their_overcall() -> None:
    """1♥ 1♠: four hearts and 4 HCP jump to 3♥, preemptive (the law: nine trumps; it passed with
    too few HCP for the single raise); 9 HCP and three hearts raise once."""
    assert robot_call("7s Qh 6h 5h 3h Jd 8d 4d 3d 2d Jc 5c 2c", "1H 1S") == "3H"
    assert explain(calls_of("1H 1S 3H"), 2) == "Response: at most 7 HCP, 4+ hearts, a preemptive raise: nine trumps."
    assert robot_call("7s 5s Kh 6h 5h Qd 8d 4d 3d 2d Kc 5c 2c", "1H 1S") == "2H"


def test_the_negative_doubler_with_four_spades_shows_them_over_opener_s_hearts() -> None:
    """1♣ 1♦ X P 1♥ P: the double held four spades and two hearts (no five for 1♠), so 8 HCP bid
    1♠ (it passed 1♥, and 4♠ was on the 4-4 fit); opener with four spades raises."""
    assert robot_call("Qs 5s 3s 2s Qh 6h 8d 6d 5d Kc Jc 9c 2c", "1C 1D X P 1H P") == "1S"
    assert explain(calls_of("1C 1D X P 1H P 1S"), 6) == \
        "Response: 6–11 HCP, 4+ spades, four of them: the major the double showed."
    assert robot_call("Ks Ts 8s 7s Kh 9h 7h 4h Ad Qd Qc 5c 3c", "1C 1D X P 1H P 1S P") == "2S"


def test_the_negative_doubler_reads_opener_s_free_bid_over_their_raise_as_extras() -> None:
    """1♣ 1♠ X 2♠ 3♣ P: opener bid freely at the three level (14+ HCP read), so 12 HCP with a
    spade stopper bid 3NT (they had passed it, with eleven tricks there); four hearts and 11
    support points raise 3♥ to game; 8 HCP pass."""
    doubler = "Ks Ts 6s 5s Ah Th 9h 6h Qd 3d 2d Kc 9c"
    assert robot_call(doubler, "1C 1S X 2S 3C P") == "3NT"
    assert explain(calls_of("1C 1S X 2S 3C P 3NT"), 6) == "Response: 10+ HCP, a stopper in their suit."
    assert robot_call(doubler, "1C 1S X 2S 3H P") == "4H"
    assert robot_call("Ks Ts 6s 5s 8h Th 9h 6h Qd 3d 2d Kc 9c", "1C 1S X 2S 3C P") == "P"


def test_opener_competes_over_their_raise_of_the_negative_doubled_suit() -> None:
    """1♣ 2♥ X 3♥: 14 HCP, three spades and a heart void bid 3♠ (they passed 3♥ before); with
    four spades and six losers, game. 1♣ 1♥ X 2♥: four spades compete at the two level on a
    minimum, 2♠, which the doubler's 9 support points pass (read as 12+ HCP; 14+ would invite);
    a flat minimum with three spades passes."""
    assert robot_call("Ks Ts 8s Ad Qd 9d 3d Ac Jc Tc 8c 6c 3c", "1C 2H X 3H") == "3S"
    assert explain(calls_of("1C 2H X 3H 3S"), 4) == \
        "Later call: 14–21 HCP, 3+ spades, a free bid: a fit, extra values."
    assert robot_call("Ks Ts 8s 7s Qd 9d 3d Ac Jc Tc 8c 6c 3c", "1C 2H X 3H") == "4S"
    minimum = "Ks Ts 8s 7s 4h 3h Qd 9d Ac Jc Tc 8c 3c"
    assert robot_call(minimum, "1C 1H X 2H") == "2S"
    assert robot_call("Qs 9s 6s 5s 7h 6h Kd Jd 3d Qc 9c 4c 2c", "1C 1H X 2H 2S P") == "P"
    assert robot_call("Ks Ts 8s 4h 3h 2h Qd 9d Ac Jc Tc 8c 3c", "1C 1H X 2H") == "P"


def test_opener_bids_a_minor_the_negative_double_showed_over_their_raise() -> None:
    """1♥ 1♠ X 2♠ (the double showed the minors): 17 HCP with four diamonds and a singleton spade
    bid 3♦, as 13 HCP with the singleton do; the doubler with 9 support points and four diamonds
    invites with 4♦ (opener's free bid read as 14+), which opener's 17 raise to game. 13 HCP with
    two spades pass."""
    assert robot_call("9s Ah Kh Jh 5h 2h Ad Jd 6d 5d Ac Tc 3c", "1H 1S X 2S") == "3D"
    assert explain(calls_of("1H 1S X 2S 3D"), 4) == \
        "Later call: 4+ diamonds, a free bid: a fit with partner's minor."
    assert robot_call("9s Ah Kh Jh 5h 2h Kd Jd 6d 5d Qc Tc 3c", "1H 1S X 2S") == "3D"
    assert robot_call("7s 4s 2s Qh 4h Td 8d 7d 4d Kc Qc Jc 2c", "1H 1S X 2S 3D P") == "4D"
    assert robot_call("9s Ah Kh Jh 5h 2h Ad Jd 6d 5d Ac Tc 3c", "1H 1S X 2S 3D P 4D P") == "5D"
    assert robot_call("9s 8s Ah Kh Jh 5h 2h Kd Jd 6d 5d Jc 3c", "1H 1S X 2S") == "P"


def test_over_their_two_suited_call_a_double_shows_values() -> None:
    """1♦ 2♦ (Michaels): 10 HCP with two spades double, as over 1♠ 2♠ and 1♥ 2NT; with four
    hearts opposite 1♥ the raise comes first, and 7 HCP do not double."""
    assert robot_call("Js Ts Ah Qh 8h 3h Qd 8d 4d Jc 6c 4c 2c", "1D 2D") == "X"
    assert explain(calls_of("1D 2D X"), 2) == "Response: 10+ HCP, values: we may double them for penalty."
    assert robot_call("Js Ts Ah Qh 8h 3h Qd 8d 4d Jc 6c 4c 2c", "P 1S 2S") == "X"
    assert robot_call("Js Ts 9s Ah Qh Qd 8d 4d 3d Jc 6c 4c 2c", "1H 2NT") == "X"
    assert robot_call("Js Ts Ah Qh 8h 3h Qd 8d 4d Jc 6c 4c 2c", "1H 2NT") != "X"
    assert robot_call("Js Ts 8h 7h 6h 3h Qd Kd 4d Jc 6c 4c 2c", "1D 2D") != "X"


def test_after_our_double_of_their_two_suiter_either_hand_doubles_their_suit() -> None:
    """1♦ 2NT X 3♣: the deal is ours. The opener doubles with three clubs and 15+ HCP (19 HCP
    passed 3♣, with slam on), bids 3NT with both their suits stopped, and otherwise passes, which
    the doubler may not leave: three of their clubs double, four diamonds raise, five spades bid,
    else a double; three cards of partner's major raise it (a penalty double of 2NT by
    simulation may hold them; it doubled 3♦, which made). Over Michaels (1♥ 2♥ X 2♠) four spades double."""
    assert robot_call("As Ks Js 5s Ah Th Kd 8d 5d 3d Kc Jc 4c", "1D 2NT X 3C") == "X"
    assert explain(calls_of("1D 2NT X 3C X"), 4) == "Later call: for penalty: the deal is ours."
    assert robot_call("As Ks Js 5s Ah Kh Kd 8d 5d 3d Qc 5c 4c", "1D 2NT X 3H") == "3NT"
    assert robot_call("As Ks Js 5s Ah 8h Qd 8d 5d 3d 7c 5c 4c", "1D 2NT X 3C") == "P"
    assert explain(calls_of("1D 2NT X 3C P"), 4) == "Later call: forcing: partner doubles or bids."
    assert robot_call("Ts 8s 7s Kh 7h 4h Ad Qd Jd 9d Kc 9c 2c", "1D 2NT X 3C P P") == "X"
    assert explain(calls_of("1D 2NT X 3C P P X"), 6) == \
        "Response: for penalty: three of their suit, or values and no other bid."
    assert robot_call("Ts 8s 7s 6s 4s Kh 7h 4h Ad Qd Jd Td 9c", "1D 2NT X 3C P P") == "3D"
    assert robot_call("Ks Qs 8s 7s 6s Kh 7h 4h Ad Td 9d 8c 2c", "1D 2NT X 3C P P") == "3S"
    assert robot_call("Js 8s 6s 5s 4s 6h 4h 3h Ad Ac Jc Tc 7c", "1S 2NT X 3D P P") == "3S"
    assert robot_call("Qs 8s 7s 4s 2s Kh Qh 4h Ad Qd 9c 2c 3h", "1H 2H X 2S") == "X"


def test_two_suited_overcalls_michaels_and_the_unusual_notrump() -> None:
    """Five-five with 6–11 HCP: over a minor the cue-bid shows both majors, over a major the other
    major and a minor; 2NT the two lowest unbid suits. Advancer picks the suit (game with four
    trumps and 12 support points), asks for the minor with 2NT, and bids over their double."""
    majors = "As Qs 9s 7s 5s Kh Th 8h 6h 3h 4d 9c 3c"
    assert robot_call(majors, "1C") == "2C"
    assert explain(calls_of("1C 2C"), 1) == "Overcall: 6–11 HCP, 5+ spades, 5+ hearts, Michaels cue-bid: both majors."
    assert robot_call(majors, "1S") == "P"
    assert robot_call("Kh Th 8h 6h 3h Ad Qd 9d 7d 5d 4s 9c 3c", "1S") == "2S"
    assert robot_call("4s 3s Kh Jh 8h 6h 3h Ad Td 8d 6d 4d 3c", "1C") == "2NT"
    assert explain(calls_of("1C 2NT"), 1) == \
        "Overcall: 6–11 HCP, 5+ hearts, 5+ diamonds, the unusual notrump: diamonds and hearts."
    three_spades = "Ks 8s 4s Qh 7h 2h 8d 9d 7d Qc 6c 5c 2c"
    assert robot_call(three_spades, "1C 2C P") == "2S"
    assert robot_call(three_spades, "1C 2C X") == "2S"
    assert robot_call("Ks 8s 4s 3s Ah 7h 2h Kd 9d 7d Qc 6c 2c", "1C 2C P") == "4S"
    assert robot_call("8s 4s 7h 2h Kd 9d 7d 3d Ac Qc 6c 5c 2c", "1S 2S P") == "2NT"
    assert robot_call("4s Kh Jh 8h 6h 3h Ad Td 8d 6d 4d 3c 2c", "1S 2S P 2NT P") == "3D"
    assert robot_call("4s Kh Jh 8h 6h 3h Ad Td 8d 6d 4d 3c 2c", "1S 2S X 2NT P") == "3D"


def test_michaels_advancer_bids_game_with_ten_trumps() -> None:
    """P 1♠ 2♠ P: four hearts and a singleton bid 4♥ on 8 HCP (ten trumps at least); four hearts
    and no short suit prefer 3♥."""
    assert robot_call("Qs Js 3s Kh Th 6h 2h Qd 8d 6d 5d 3d 5c", "P 1S 2S P") == "4H"
    assert robot_call("Qs Js 3s Kh Th 6h 2h Qd 8d 6d 5d 3c 5c", "P 1S 2S P") == "3H"
    assert explain(calls_of("P 1S 2S P 4H"), 4) == "Advance: 3+ hearts, game in partner's suit."


def test_opener_shows_extras_and_stoppers_over_the_negative_double() -> None:
    """1♣ 2♠ X P: 17 HCP, six clubs and a spade stopper bid 3NT (3♣ before) and the doubler passes
    it; 13 balanced with a stopper bid 2NT. 1♣ 1♠ X P: 19 balanced with a stopper jump to 2NT, 16
    with six clubs and no stopper jump to 3♣."""
    assert robot_call("As Ks 4s Th Kd 9d 2d Ac Kc 9c 7c 5c 2c", "1C 2S X P") == "3NT"
    assert explain(calls_of("1C 2S X P 3NT"), 4) == "Later call: 17–21 HCP, extra values, a stopper in their suit."
    assert robot_call("9s 5s Ah Kh 8h 5h 4h Jd 7d 8c 6c Tc 3c", "1C 2S X P 3NT P") == "P"
    assert robot_call("Ks Js 4s Th 6h Kd 9d 2d Ac Qc 9c 7c 5c", "1C 2S X P") == "2NT"
    assert robot_call("Ks Js 4s Ah 6h Kd Qd 2d Ac Qc 9c 7c 5c", "1C 1S X P") == "2NT"
    assert robot_call("8s 4s Th Ad Kd 9d Ac Kc Qc 9c 7c 5c 2c", "1C 1S X P") == "3C"


def test_opener_bids_game_in_its_major_over_the_negative_double_of_a_three_level_overcall() -> None:
    """1♥ 3♦ X P: the double promises about 9 HCP, so 17 HCP and five hearts without a diamond
    stopper bid 4♥ (3♥ had been passed with ten tricks on); 13 HCP bid 3♥."""
    assert robot_call("As 4s Ah Qh Jh Th 4h 3d 2d Ac Qc 4c 3c", "1H 3D X P") == "4H"
    assert explain(calls_of("1H 3D X P 4H"), 4) == "Later call: 16–21 HCP, game values."
    assert robot_call("Ks 4s Ah Qh Jh Th 4h 3d 2d Kc 5c 4c 3c", "1H 3D X P") == "3H"


def test_advancer_competes_in_a_five_card_suit_over_their_bid() -> None:
    """1♣ 1♦ 1NT: five good spades and 9 HCP compete with 2♠ (passed before; the field played
    spades); with three diamonds it raises partner instead."""
    assert robot_call("Ks Qs 9s 8s 5s Kh 8h 2d Jc 6c 5c 3c 2c", "1C 1D 1NT") == "2S"
    assert explain(calls_of("1C 1D 1NT 2S"), 3) == "Advance: 8+ HCP, 5+ spades, competes: a five-card suit."
    assert robot_call("Ks Qs 9s 8s 5s Kh 8d 5d 2d Jc 6c 3c 2c", "1C 1D 1NT") == "2D"


def test_over_their_takeout_double_responder_redoubles_or_raises() -> None:
    """1♥ (X): 11 HCP redouble (1♦ (X) too); four hearts and 10+ bid 2NT (a raise to game strength
    or more); four hearts and 9 HCP jump to 3♥ preemptively, three hearts and 7 raise to 2♥. After
    1♥ X XX 1♠ opener passes, and the redoubler with four good spades doubles for penalty."""
    assert robot_call("As 8s 3s Kh 6h 2h Qd Jd 6d 5d 3c 5c 4c", "1H X") == "XX"
    assert robot_call("As 8s 3s Kh 6h 2h Qd Jd 6d 5d 3c 5c 4c", "1D X") == "XX"
    assert explain(calls_of("1H X XX"), 2) == "Response: 10+ HCP, redouble: 10+ HCP, we may double them for penalty."
    assert robot_call("As 8s Kh Th 6h 2h Qd Jd 6d 5d 3c 5c 4c", "1H X") == "2NT"
    assert robot_call("As 8s 3s Kh Th 6h 2h Qd 8d 6d 5d 3c 5c", "1H X") == "3H"
    assert robot_call("8s 7s 3s Kh Th 6h Qd Jd 6d 5d 3c 5c 4c", "1H X") == "2H"
    # seven clubs and 9 HCP: 2♣ to play, not 1NT (1♠ X 1NT P 2♦ went three down)
    assert robot_call("Ks 8s 7h 4h Qd Jd Qc Jc 9c 7c 5c 3c 2c", "1S X") == "2C"
    assert explain(calls_of("1S X 2C"), 2) == "Response: 6–9 HCP, 6+ clubs, to play: a long suit, not forcing."
    assert robot_call("As Js 4s Kh 3h 2h Kd Qd 5d 4d Jc 3c 2c", "1D X 2C P") == "P"
    assert robot_call("As Ks 4s Ah Kh 2h Kd Qd 5d 4d Jc 3c 2c", "1D X 2C P") == "3NT"
    assert robot_call("Ks Qs Ts 9s 6s Ah 6h Kd Jd 8d 6d 5d 3c", "1H X XX 1S") == "P"
    assert robot_call("Ks Qs Ts 9s Ah 6h Kd Jd 8d 6d 5d 3c 5c", "1H X XX 1S P P") == "X"


def test_opener_answers_the_raises_over_their_double() -> None:
    """1♥ X 2NT P: 12 HCP and seven losers sign off in 3♥, 16 bid game, and responder's 11 pass 3♥
    (13 go on); 1♥ X 3♥ P: 12 HCP pass the preemptive raise, six losers bid game; 1♠ X: four
    spades, a void and five losers bid game on 6 HCP; 1♥ X XX P: opener passes, the doubler must
    bid."""
    twelve = "Ks 3s 2s Ah Kh Jh 6h 2h 8d 6d Qc 9c 5c"
    assert robot_call(twelve, "1H X 2NT P") == "3H"
    assert robot_call("Ks 3s Ah Kh Jh 6h 2h Kd 6d Qc Jc 5c 4c", "1H X 2NT P") == "4H"
    assert robot_call("As 8s Kh Th 6h 2h Kd Jd 6d 5d 3c 5c 4c", "1H X 2NT P 3H P") == "P"
    assert robot_call("As 8s Kh Th 6h 2h Kd Qd 6d 5d Kc 5c 4c", "1H X 2NT P 3H P") == "4H"
    assert robot_call(twelve, "1H X 3H P") == "P"
    assert robot_call("As Ks Ts 9s 5s Ah Th 9h 2h 4d Ac 9c 7c", "1S X 3S P") == "4S"
    assert robot_call("Qs Js 7s 6s Kd Qd Jd Td 8d 6d 3d 7c 6c", "1S X") == "4S"
    assert robot_call(twelve, "1H X XX P") == "P"


def test_our_redoubled_takeout_double_escapes() -> None:
    """1♥ X XX: advancer bids its longest other suit (it had passed with five spades and 1 HCP),
    passes with five hearts; 1♥ X XX P P: the doubler with 4-4-4-1 bids 1♠ (it had passed 1♥
    redoubled), 18 balanced with a heart stopper bid 1NT."""
    assert robot_call("Js 8s 7s 6s 3s 2h Qd 9d 6d 5d 3c 5c 4c", "1H X XX") == "1S"
    assert robot_call("Js 8s 7s Th 6h 5h 4h 2h 9d 6d 5d 3c 4c", "1H X XX") == "P"
    assert robot_call("Ks 8s 3s 2s 6h Kd Qd 9d 6d Ac 5c 4c 3c", "1H X XX P P") == "1S"
    assert robot_call("Ks 8s 3s Ah 6h Kd Qd 9d 6d Ac Qc 4c 3c", "1H X XX P P") == "1NT"


def test_advancer_bids_freely_or_doubles_responsively_over_their_raise() -> None:
    """1♥ X 2♥: advancer no longer has to bid. Four spades and 6 HCP compete in 2♠, 10 HCP jump
    to 3♠, 12 bid game; three spades and both minors with 8+ double (responsive), 10+ over 3♥.
    Over 1♦ X 2♦ the double shows both majors; a 3-count passes."""
    assert robot_call("Qs Js 4s 2s 4h 3h Kd 5d 2d 8c 6c 3c 2c", "1H X 2H") == "2S"
    assert robot_call("As Js 4s 2s 4h 3h Kd 5d 2d Qc 6c 3c 2c", "1H X 2H") == "3S"
    assert robot_call("As Js 4s 2s 4h 3h Ad 5d 2d Kc 6c 3c 2c", "1H X 2H") == "4S"
    minors = "As 5s 4s Kd Qd 5d 2d 4h 3h {} 8c 3c 2c"
    assert robot_call(minors.format("9c"), "1H X 2H") == "X"
    assert explain(calls_of("1H X 2H X"), 3) == \
        "Advance: 8+ HCP, 3+ diamonds, 3+ clubs, responsive: values and the unbid suits, not a penalty double."
    assert robot_call(minors.format("9c"), "1H X 3H") == "P"
    assert robot_call(minors.format("Qc"), "1H X 3H") == "X"
    assert robot_call("Ks 8s 4s 2s Kh Qh 5h 2h 7d 3d 9c 6c 2c", "1D X 2D") == "X"
    assert explain(calls_of("1D X 2D X"), 3).startswith("Advance: 8+ HCP, 4+ spades, 4+ hearts, responsive")
    assert robot_call("8s 6s 4s 2s 9h 5h 2h 7d 3d Qc 6c 3c 2c", "1D X 2D") == "P"


def test_advancer_bids_freely_over_their_weak_two_raised_to_three() -> None:
    """2♦ X 3♦: a five-card spade suit with 9 HCP competes in 3♠ (it passed), 12 HCP bid game, a
    3-count passes; two majors with 10+ double, responsively."""
    spades = "Qs Js Ts 7s 4s Kh Th 8h Jd 4d {} 5c 3c"
    assert robot_call(spades.format("Qc"), "2D X 3D") == "3S"
    assert explain(calls_of("2D X 3D 3S"), 3) == "Advance: 5–11 HCP, 4+ spades, competes: values, not forced."
    assert robot_call("As Ks Ts 7s 4s Kh Th 8h Jd 4d Qc 5c 3c", "2D X 3D") == "4S"
    assert robot_call(spades.format("2c").replace("Kh", "2h"), "2D X 3D") == "P"
    assert explain(calls_of("2D X 3D X"), 3).startswith("Advance: 10+ HCP, 4+ spades, 4+ hearts, responsive")


def test_advancer_competes_when_the_opener_rebids_over_partner_s_double_in_the_pass_out_seat() -> None:
    """1♥ P P X 2♥: the hand that passed the opening is no longer forced. Five diamonds and 12 HCP
    compete in 3♦, six of them and 8 HCP too, four spades and 7 HCP in 2♠ (each passed before);
    partner's double may be 3 HCP light, so the jump that invites takes 12–14 HCP and the game 15.
    A 3-count passes. The doubler answers a responsive double as over a raise."""
    assert robot_call("As 7s 6s Qh 7h 5h Ad Jd 8d 5d 4d 9c 2c", "1H P P X 2H") == "3D"
    assert explain(calls_of("1H P P X 2H 3D"), 5) == "Advance: 5–14 HCP, 5+ diamonds, competes: values, not forced."
    assert robot_call("Js Ts 3s Th 9h 6h Ad Kd Td 5d 3d 2d 8c", "1H P P X 2H") == "3D"
    assert robot_call("Qs Js 9s 6s 7h 6h 5h 9d 8d 2d Ac Tc 9c", "1H P P X 2H") == "2S"
    assert robot_call("As Js 9s 6s 7h 6h 5h Kd 8d 2d Ac Tc 9c", "1H P P X 2H") == "3S"
    assert explain(calls_of("1H P P X 2H 3S"), 5) == "Advance: 12–14 HCP, 4+ spades, invites game."
    assert robot_call("As Js 9s 6s 7h 6h 5h Kd Qd 2d Ac Kc 9c", "1H P P X 2H") == "4S"
    assert robot_call("8s 6s 4s 2s 9h 5h 2h 7d 3d Qc 6c 3c 2c", "1H P P X 2H") == "P"
    assert robot_call("Ks Qs 4s 2s 3h Ad 8d 5d 2d Kc Jc 8c 2c", "1H P P X 2H X P") == "3D"


def test_five_spades_compete_at_the_three_level_on_less_over_their_jump_raise() -> None:
    """1♥ X 3♥: five spades and 6 HCP bid 3♠ (nine trumps with the doubler's four; the pass let
    them play 3♥ with 4♠ on); four spades need 7."""
    assert robot_call("Qs Js 7s 6s 2s 5h 6d 5d 4d Kc 8c 4c 3c", "P 1H X 3H") == "3S"
    assert robot_call("Qs Js 7s 6s 5h 3h 6d 5d 4d Kc 8c 4c 3c", "P 1H X 3H") == "P"


def test_the_doubler_answers_the_responsive_double() -> None:
    """1♥ X 2♥ X P: the longer minor at the three level; 17+ with a heart stopper bid 3NT. Over
    1♦ X 2♦ X P four spades and 17+ bid game."""
    assert robot_call("Ks Qs 4s 2s 3h Ad 8d 5d 2d Kc Jc 8c 2c", "1H X 2H X P") == "3D"
    assert robot_call("Ks Qs 4s 2s Ah Ad 8d 5d Qd Kc Jc 8c 2c", "1H X 2H X P") == "3NT"
    assert robot_call("Ks Qs 4s 2s Ah Kh 8h 5h 2d Ac Jc 8c 2c", "1D X 2D X P") == "4S"


def test_the_doubler_bids_five_of_a_minor_over_the_responsive_double_of_their_raise_to_three() -> None:
    """2♠ X 3♠ X P: the double shows 10+ and the minors; 18 HCP and six diamonds bid 5♦ (4♦ had
    been passed with eleven tricks); over a raise to two (8+) the same hand bids 3♦."""
    strong = "Ts Kh Qh Jh 2h Ad Kd Jd 9d 5d 4d Ac 7c"
    assert robot_call(strong, "2S X 3S X P") == "5D"
    assert explain(calls_of("2S X 3S X P 5D"), 5) == (
        "Competing: 17+ HCP, 19+ points (HCP with length or shortness), 5+ diamonds, game in the fit.")
    assert robot_call(strong, "1S X 2S X P") == "3D"


def test_over_their_raised_opening_a_good_hand_doubles_or_bids_its_suit_and_partner_answers() -> None:
    """1♠ P 2♠: 16 HCP short in spades double for takeout, 17 HCP and five good hearts bid 3♥, a weak
    hand passes, and 21 HCP double whatever their shape (every hand of 18+ does). Partner answers
    the double in its longest other suit and never passes it without their trumps; with 9+ HCP and
    four hearts it bids the game (a jump to the four level is to play)."""
    assert robot_call("3s Ah Kh 4h 2h Ad 9d 7d 3d Kc Qc 8c 2c", "1S P 2S") == "X"
    assert explain(calls_of("1S P 2S X"), 3).startswith("Double: 12+ HCP, takeout")
    assert robot_call("3s Ah Kh Qh Th 2h Kd 7d 3d Kc Qc 8c 2c", "1S P 2S") == "3H"
    assert robot_call("3s 8h 4h 2h Ad 9d 7d 3d Kc Qc 8c 5c 2c", "1S P 2S") == "P"
    assert robot_call("As Ks Ts 4s 2s Kh Ad 9d 7d 3d Ac Kc 2c", "1H P 2H") == "X"
    assert robot_call("8s 3s Jh 8h 4h 2h Td 9d 7d Jc Qc 8c 5c", "1S P 2S X P") == "3H"
    assert robot_call("8s 3s Kh 8h 4h 2h Ad 9d 7d Jc Qc 8c 5c", "1S P 2S X P") == "4H"
    assert explain(calls_of("1S P 2S X P 4H"), 5).endswith("to play.")


def test_over_their_raise_to_three_the_double_needs_more_the_stronger_their_side() -> None:
    """2♥ P 3♥ (a weak two raised): 14 HCP short in hearts double, as over a three-level
    preempt; 1♥ P 3♥ (a limit raise) needs 15 (14 pass, 16 double). Partner answers at the three
    level, or bids game in a major with 9+ HCP and four cards."""
    fourteen = "As Qs 9s 5s 3h Kd Jd 8d 4d Ac 8c 7c 2c"
    sixteen = "As Qs 9s 5s 3h Kd Jd 8d 4d Ac Qc 7c 2c"
    assert robot_call(fourteen, "2H P 3H") == "X"
    assert explain(calls_of("2H P 3H X"), 3).startswith("Double: 13+ HCP, takeout")
    assert robot_call(fourteen, "1H P 3H") == "P"
    assert robot_call(sixteen, "1H P 3H") == "X"
    assert explain(calls_of("1H P 3H X"), 3).startswith("Double: 15+ HCP, takeout")
    assert robot_call("Js 8s 4s 2s 8h 4h 2h Td 9d 7d Qc 8c 5c", "2H P 3H X P") == "3S"
    assert robot_call("Ks 8s 4s 2s 8h 4h 2h Ad 9d 7d Qc 8c 5c", "2H P 3H X P") == "4S"


def test_the_strong_doubler_shows_its_suit_though_longer_in_theirs() -> None:
    """1♠ X P 2♦ P: 18 HCP with five spades and five hearts bid 2♥ (it passed: the longest suit
    was theirs)."""
    assert robot_call("As Qs Ts 8s 6s Ah Kh Th 8h 2h 7d Ac Jc", "1S X P 2D P") == "2H"


def test_advancer_jumps_in_a_minor_and_the_doubler_accepts_in_notrump() -> None:
    """1♥ X P: no four-card major, six diamonds and 10 HCP jump to 3♦ (invites); 6 HCP bid 2♦.
    With four diamonds and four clubs, 11 HCP and no heart stopper jump too (2♦ had been passed
    out with nine tricks on). The doubler with 16 HCP and a heart stopper bids 3NT."""
    ten = "Qs 4s 8h 3h Kd Jd 9d 7d 5d 2d Ac 6c 3c"
    assert robot_call(ten, "1H X P") == "3D"
    assert explain(calls_of("1H X P 3D"), 3) == "Advance: 9–11 HCP, 4+ diamonds, invites game."
    assert robot_call(ten.replace("Ac", "Tc"), "1H X P") == "2D"
    assert robot_call("Ks 9s Th 7h 6h Ad Jd Td 8d Kc 8c 5c 2c", "1H X P") == "3D"
    assert robot_call("As Ks 5s 2s Kh Jh 7h Qd 8d 4d Kc 9c 2c", "1H X P 3D P") == "3NT"


def test_advancer_invites_in_notrump_with_eleven_and_a_stopper() -> None:
    """1♦ X P: 11 HCP, three cards in each major and ♦A9xx bid 2NT (1♠ on three cards had been
    passed, 3NT made); the doubler accepts with 14, passes with 13."""
    assert robot_call("As 8s 6s Kh Th 7h Ad 9d 7d 2d 7c 6c 4c", "1D X P") == "2NT"
    assert explain(calls_of("1D X P 2NT"), 3) == "Advance: 11 HCP, invites 3NT: a stopper in their suit."
    assert robot_call("Ks 9s 7s 5s Qh 9h 5h 2h Kd Jd Kc Qc 5c", "1D X P 2NT P") == "3NT"
    assert robot_call("Ks 9s 7s 5s Qh 9h 5h 2h Kd 2d Kc Qc 5c", "1D X P 2NT P") == "P"


def test_a_sound_hand_overcalls_any_five_card_suit_at_the_one_level() -> None:
    """1♦: AJ873 of spades and 13 HCP overcall 1♠ though the suit is not good; with 9 HCP the
    suit is not worth showing."""
    assert robot_call("As Js 8s 7s 3s Kh 2h Qd 5d 2d Kc 8c 2c", "1D") == "1S"
    assert explain(calls_of("1D 1S"), 1) == "Overcall: 8–17 HCP, 5+ spades."
    assert robot_call("As Js 8s 7s 3s Kh 2h Qd 5d 2d 9c 8c 2c", "1D") == "P"


def test_a_two_suited_hand_overcalls_a_suit_that_is_not_good() -> None:
    """1♦: 9 HCP with ♠AT962 and six clubs overcall 1♠ (the suit alone is not worth showing, the
    two-suiter is); with a doubleton club it passes."""
    assert robot_call("As Ts 9s 6s 2s 7h 5h Ac Jc Tc 8c 7c 2c", "1D") == "1S"
    assert explain(calls_of("1D 1S"), 1) == "Overcall: 8–17 HCP, 5+ spades."
    assert robot_call("As Ts 9s 6s 2s 7h 5h 4h 3d 2d Ac Jc Tc", "1D") == "P"


def test_opener_pushed_a_level_higher_bids_its_minor_again_only_with_six() -> None:
    """1♣ (1♦) 1♠ (2♦): with five clubs 13 HCP pass (3♣ doubled had gone four down); with six, 3♣."""
    assert robot_call("Ks 2s Ah Qh 3h 8d 5d 4d Kc Jc Tc 7c 5c", "1C 1D 1S 2D") == "P"
    assert robot_call("Ks 2s Ah Qh 3h 8d 4d Kc Jc Tc 7c 5c 2c", "1C 1D 1S 2D") == "3C"


def test_over_their_response_a_takeout_double_and_partner_answers_it() -> None:
    """1♠ P 1NT: short spades and 14 HCP double for takeout; partner, the opener passing, bids its
    longest other suit (three hearts before two diamonds). 1♣ P 1♠: both red suits and 15 HCP
    double, and partner bids the longer of them."""
    assert robot_call("2s Ah Qh 5h 4h Kd Jd 6d 2d Ac 9c 8c 5c", "1S P 1NT") == "X"
    assert explain(calls_of("1S P 1NT X"), 3) == \
        "Double: takeout: short in their suit, support for the other suits."
    assert robot_call("Qs Js 5s 4s 3s Kh 3h 2h 5d 4d Jc 3c 2c", "1S P 1NT X P") == "2H"
    assert robot_call("Ks 2s Ah Qh 5h 4h Kd Jd 6d 2d Ac 9c 8c", "1C P 1S") == "X"
    assert explain(calls_of("1C P 1S X"), 3) == \
        "Double: takeout: the two unbid suits, four cards each."
    assert robot_call("Qs 4s 3s Kh 2h Jd 5d 4d 3d 2d Jc 3c 2c", "1C P 1S X P") == "2D"
    assert robot_call("Qs 4s 3s Kh Qh 9h 2h Ad 5d 4d Jc 3c 2c", "1C P 1S X P") == "3H"


def test_a_passed_advancer_counts_partner_s_overcall_in_the_pass_out_seat_as_light() -> None:
    """1♥ P P 1♠ P: the overcall may be 3 HCP lighter; 13 HCP, balanced with a heart stopper, bid
    1NT (11–13), where 9 HCP pass; three spades and 13 HCP raise."""
    assert robot_call("Ks 5s Ah Jh 3h Qd 8d 7d 2d Kc 9c 3c 2c", "1H P P 1S P") == "1NT"
    assert explain(calls_of("1H P P 1S P 1NT"), 5) == "Advance: 11–13 HCP, balanced, a stopper in their suit."
    assert robot_call("Ks 5s Jh 3h Qd 8d 7d 6d 2d Kc 9c 3c 2c", "1H P P 1S P") == "P"
    assert robot_call("Ks 5s 4s Ah Jh 3h Qd 8d 7d 2d Kc 9c 3c", "1H P P 1S P") == "2S"


def test_their_one_notrump_is_doubled_for_penalty_and_partner_leaves_it_in() -> None:
    """1NT: 18 HCP balanced double, directly and in the pass-out seat; partner passes with a
    five-card suit and 7 HCP, runs to it with 3 HCP; 19 HCP with six diamonds overcall instead."""
    assert robot_call("As Qs 5s Kh Jh 3h Kd Qd 7d 2d Ac 9c 3c", "1NT") == "X"
    assert explain(calls_of("1NT X"), 1) == "Double: for penalty: a balanced hand as strong as the 1NT opener's."
    assert robot_call("As Qs 5s Kh Jh 3h Kd Qd 7d 2d Ac 9c 3c", "P 1NT P P") == "X"
    assert robot_call("Js 8s 5s 4s 2s 8h 4h 3h Qd 2d Kc 5c 4c", "1NT X P") == "P"
    assert robot_call("Js 8s 5s 4s 2s 8h 4h 3h Qd 2d 8c 5c 4c", "1NT X P") == "2S"
    assert robot_call("As Qs Kh Jh 3h Kd Qd 7d 6d 3d 2d Ac 9c", "1NT") == "2D"


def test_their_four_of_a_major_is_doubled_and_partner_bids_or_defends() -> None:
    """4♥: a heart void and 13 HCP with the other suits double, directly and in the pass-out seat;
    partner bids 4♠ with four spades, five of a six-card minor, else passes for penalty."""
    doubler = "As Js 6s 2s Kd Qd 7d 3d Kc Jc 8c 6c 2c"
    assert robot_call(doubler, "4H") == "X"
    assert robot_call(doubler, "4H P P") == "X"
    assert explain(calls_of("4H X"), 1) == "Double: takeout: short in their suit, support for the others, or a strong hand."
    assert robot_call("Qs 8s 7s 4s Jh 6h 2h Td 5d 4d Qc 5c 3c", "4H X P") == "4S"
    assert robot_call("Qs 8s 7s Jh 6h Td 5d 4d 3d 2d 9d Qc 5c", "4H X P") == "5D"
    assert robot_call("Qs 8s 7s Kh Jh 6h Ad 5d 4d Qc 8c 5c 3c", "4H X P") == "P"


@pytest.mark.parametrize("auction", ["2H P 4H", "1H P 4H", "3H P 4H P P"])
def test_their_raise_to_four_of_a_major_at_once_is_doubled_as_their_opening_is(auction: str) -> None:
    """2♥ P 4♥: 17 HCP with four spades and a doubleton heart double (they had passed; 6♦ was
    ours), and partner answers as over a 4♥ opening. Not where they bid their way to game
    (1♥ P 2♥ P 4♥): the double there is the simulation's, for penalty."""
    doubler = "As Ks Js Ts Ah 3h Qd Td 9d 8d Kc 9c 7c"
    assert robot_call(doubler, auction) == "X"
    assert explain(calls_of(f"{auction} X"), len(auction.split())) == \
        "Double: takeout: short in their suit, support for the others, or a strong hand."
    assert robot_call("Qs 7s 5s 3s Jh 9h 2h Kd 4d 2d Jc Tc 8c", f"{auction} X P") == "4S"
    assert robot_call(doubler, "1H P 2H P 4H") == "P"


def test_the_takeout_doubler_rebids_over_the_opener_s_suit_again() -> None:
    """1♠ X P 2♦ 2♠: the opener's rebid does not silence a strong doubler: 23 HCP with five
    diamonds raise to 3♦ (it passed, and 4♥ made), six hearts and 18 HCP bid 3♥; 12 HCP pass."""
    assert robot_call("Qs Ah Kh Jh Th Ad Kd Td 5d 3d Ac Qc 8c", "1S X P 2D 2S") == "3D"
    assert robot_call("2s Ah Kh Qh Jh Th 9h Ad 8d 5d 3d Ac 8c", "1S X P 2D 2S") == "3H"
    assert explain(calls_of("1S X P 2D 2S 3H"), 5) == "Competing: 17+ HCP, 5+ hearts, a strong hand with a long suit."
    assert robot_call("2s Kh Qh Jh 9h Ad 8d 5d 3d Qc Jc 8c 2c", "1S X P 2D 2S") == "P"


def test_the_takeout_doubler_shows_its_own_long_suit_before_raising_a_minor() -> None:
    """1♦ X P 2♣ P: 21 HCP with six spades and four clubs jump to 3♠ (it raised to 3♣ before,
    and 6♠ made); 17 HCP and five spades bid 2♠; over an answer in a major the raise comes first (16 HCP and four hearts over
    the jump: game)."""
    assert robot_call("As Ks Qs Ts 5s 2s Ah Qh 4h Ac Jc 4c 3c", "1D X P 2C P") == "3S"
    assert explain(calls_of("1D X P 2C P 3S"), 5) == \
        "Competing: 19+ HCP, 6+ spades, a very strong hand with a long suit: invites game."
    assert robot_call("As Ks Qs Ts 5s Ah 8h 4h 2d Ac Jc 4c 3c", "1D X P 2C P") == "2S"
    assert robot_call("As Ks Qs Js Ts 8s Qh Jh 8h Ad Kd 7d 8c", "P 1C X P 1H P") == "2S"  # the jump from 1♠ too
    assert robot_call("As Ks Qs Ts 5s Qh Jh 4h 3h 2d Ac 4c 3c", "1D X P 2H P") == "4H"


def test_the_doubler_accepts_the_jump_in_a_major_with_four_trumps_and_a_singleton() -> None:
    """1♦ X P 2♥ P (9–11): 13 HCP, four hearts and a singleton diamond bid 4♥ (2♥ played with ten
    tricks there); the same HCP with a doubleton pass."""
    assert robot_call("As Ks Qs Ts Qh 9h 7h 4h 4d Qc 7c 5c 3c", "1D X P 2H P") == "4H"
    assert robot_call("As Ks Qs Ts Qh 9h 7h 4h 5d 4d Qc 7c 5c", "1D X P 2H P") == "P"


def test_responder_invites_with_a_jump_raise_of_partner_s_minor_over_their_overcall() -> None:
    """1♦ 1♥: 11 HCP with six diamonds and no four-card major jump to 3♦ (it passed; 6♦ made);
    opener with 15 HCP balanced and a heart stopper bids 3NT, with 4-4-4-1 game in diamonds, and
    with 12 HCP passes."""
    assert robot_call("As 8h 7h Td 9d 7d 6d 5d 3d Ac Kc 9c 8c", "1D 1H") == "3D"
    assert explain(calls_of("1D 1H 3D"), 2) == "Response: 11–12 HCP, 4+ diamonds, a limit raise: invites game."
    assert robot_call("9s 8s 6s Ah Jh 9h Ad Qd 4d 2d Kc Jc 2c", "1D 1H 3D P") == "3NT"
    assert robot_call("9s 8s 6s 2s Ah Jh 9h 6h Ad Qd 4d 2d Kc", "1D 1H 3D P") == "5D"
    assert robot_call("9s 8s 6s 2s Ah Jh 9h 6h Ad Qd 4d 2d Jc", "1D 1H 3D P") == "P"


def test_the_takeout_doubler_of_a_preempt_bids_game_in_its_six_card_major_over_a_four_level_answer() -> None:
    """3♦ P P X P 4♣ P: 19 HCP with ♥AKQJ43 bid 4♥ (they passed 4♣; 4♥ made)."""
    assert robot_call("Ks Ts Ah Kh Qh Jh 4h 3h Td 8d 5d Ac Qc", "3D P P X P 4C P") == "4H"
    assert explain(calls_of("3D P P X P 4C P 4H"), 7) == \
        "Competing: 19+ HCP, 6+ hearts, a very strong hand with a long suit: to play."


def test_the_negative_doubler_bids_its_five_card_major_at_the_three_level_forcing() -> None:
    """1♦ 2♠ X P 3♦ P: 11 HCP with five hearts and five clubs bid 3♥, forcing (they passed 3♦
    before, and 4♥ made); opener raises with three hearts, and without a spade stopper or
    support asks for one rather than pass."""
    assert robot_call("8s 2s Ah Kh 8h 5h 2h 4d Kc Jc 9c 5c 3c", "1D 2S X P 3D P") == "3H"
    assert explain(calls_of("1D 2S X P 3D P 3H"), 6) == "Response: 11+ HCP, 5+ hearts, forcing: a five-card suit."
    assert robot_call("As 7s 6s Jh Th 2h Ad Qd 7d 6d 3d Qc 6c", "1D 2S X P 3D P 3H P") == "4H"
    assert robot_call("7s 6s Jh Ad Qd 7d 6d 3d 2d Ac Qc 6c 5c", "1D 2S X P 3D P 3H P") == "3S"


def test_opener_answers_the_negative_doubler_s_cue_bid_and_it_is_never_passed() -> None:
    """P 1♠ 2♣ X P 2♦ P 3♣ P: the doubler's cue-bid forces to game (opener passed it, 4♥ made):
    three hearts show support for the double's major, and the doubler bids game in it (or in
    opener's suit; it passed opener's 3♠ before)."""
    auction = "P 1S 2C X P 2D P 3C P"
    assert robot_call("Qs Ts 9s 3s 2s Ah Jh 8h Ad 9d 6d 2d 6c", auction) == "3H"
    assert explain(calls_of(auction + " 3H"), 9) == "Later call: 3+ hearts, three cards of the major partner's double showed."
    assert robot_call("Qs Ts 9s 3s 2s Ah Jh Ad 9d 6d 2d 6c 5c", auction) == "3S"
    doubler = "Ks Js Kh Th 9h 5h 2h Qd Jd Td 7d 3d Kc"
    assert robot_call(doubler, auction + " 3H P") == "4H"
    assert robot_call(doubler, auction + " 3S P") == "4S"
    assert robot_call(doubler, auction + " 3NT P") == "P"


def test_the_negative_doubler_without_four_of_opener_s_major_still_places_the_game() -> None:
    """1♣ 1♦ X P 1♠ P: 14 HCP with three spades cue-bid (they passed 1♠, and 3NT made); opener,
    its spades bid, bids 3NT with a diamond stopper."""
    assert robot_call("As Ks 8s 9h 8h 4h 2h Qd 8d Kc Qc Tc 4c", "1C 1D X P 1S P") == "2D"
    assert robot_call("Qs 7s 6s 5s Qh 6h Kd 6d 3d Ac Jc 9c 5c", "1C 1D X P 1S P 2D P") == "3NT"


def test_opener_bids_game_in_a_six_card_major_over_their_raise_of_the_negative_double() -> None:
    """1♥ 2♠ X 3♠: 16 HCP and six hearts (the double showed the minors) bid 4♥ (16+ HCP or six
    losers: partner reads the six hearts); it passed, with thirteen tricks there. Six hearts on a
    10-count with seven losers pass."""
    assert robot_call("As 4s 2s Ah Qh Jh Th 9h 5h Kd Td Qc 9c", "1H 2S X 3S") == "4H"
    assert explain(calls_of("1H 2S X 3S 4H"), 4) == "Later call: 6+ hearts, game in our six-card major."
    assert robot_call("9s 4s 2s Ah Qh Jh Th 9h 5h Kd Td 8c 9c", "1H 2S X 3S") == "P"


def test_the_doubler_with_six_solid_spades_bids_game_over_a_three_level_answer() -> None:
    """3♣ P P X P 3♥ P: 20 HCP and six spades to the ace-king-queen bid 4♠ (3♠ was passed, with
    ten tricks there)."""
    assert robot_call("As Ks Qs Ts 5s 2s Kh Jh 9h Kd Qd Jd Qc", "3C P P X P 3H P") == "4S"
    assert explain(calls_of("3C P P X P 3H P 4S"), 7) == \
        "Competing: 19+ HCP, 6+ spades, a very strong hand with a long suit: to play."


def test_of_two_majors_the_overcall_is_in_the_longer() -> None:
    """1♣: six hearts and five spades (13 HCP) overcall 1♥, not 1♠; five-five overcall 1♠. Over
    1♥ the longer major is theirs: five spades overcall 1♠ (11 HCP passed)."""
    assert robot_call("As Js 9s 4s 3s Ah Jh 8h 7h 6h 2h Kd 4d", "1C") == "1H"
    assert robot_call("As Js 9s 4s 3s Ah Jh 8h 7h 6h Kd 4d 2c", "1C") == "1S"
    assert robot_call("Qs Ts 9s 8s 3s Ah Jh 8h 7h 6h 3h Kd Qc", "1H") == "1S"


def test_the_negative_doubler_passes_opener_s_game() -> None:
    """1♣ 1♦ X 2♦ 4♥: 8 HCP and four hearts pass (five of the major 'invited game' above game);
    over opener's 2♥ jump (16+) they bid the game."""
    assert robot_call("As 6s 5s 2s Ah Th 5h 4h 9d 8d 4d 9c 5c", "1C 1D X 2D 4H P") == "P"
    assert robot_call("As 6s 5s 2s Ah Th 5h 4h Ad 8d 4d 9c 5c", "1C 1D X P 2H P") == "4H"


def test_the_overcaller_in_the_pass_out_seat_answers_partner_s_cue_bid() -> None:
    """1♥ P P 2♦ P 2♥ P: partner, who passed the opening, cue-bid a raise; 9 HCP with five-five in
    the minors bid 3♦ (the cue-bid was passed, two down)."""
    assert robot_call("7s 5s Qh 6d 5d 4d 3d 2d Ac Qc Jc Tc 4c", "1H P P 2D P 2H P") == "3D"


def test_advancer_s_raise_of_the_overcall_is_no_invitation() -> None:
    """1♦ 2♥ X 3♥: partner's raise of our weak jump overcall competes; the overcaller's maximum
    passes (4♥ doubled went four down)."""
    assert robot_call("As Ah Qh 7h 6h 4h 2h 9d 7d 6d 7c 6c 2c", "P 1D 2H X 3H P") == "P"


def test_advancer_raises_an_overcall_of_their_weak_two() -> None:
    """2♦ 2♠ P: the overcall shows 12+ HCP; three trumps and 9 HCP raise to 3♠, 12 support points
    bid 4♠, a doubleton passes; over the raise (8–11 support points) the overcaller bids game
    with 15 HCP and five spades, and passes with 13."""
    assert robot_call("As 7s 4s Kh Qh 6h 5h 4h Td 8d 9c 4c 2c", "2D 2S P") == "3S"
    assert robot_call("As 7s 4s Kh Qh 6h 5h 4h Td 8d Qc 4c 2c", "2D 2S P") == "4S"
    assert robot_call("As 7s Kh Qh 6h 5h 4h Td 8d 9c 6c 4c 2c", "2D 2S P") == "P"
    assert explain(calls_of("2D 2S P 3S"), 3) == ("Advance: 5–11 HCP, 8+ points (HCP with length or shortness), "
                                                  "3+ spades, a raise of partner's overcall.")
    assert robot_call("Ks Qs Js 6s 3s Ah 2h 4d 3d Ac Jc 5c 2c", "2D 2S P 3S P") == "4S"
    assert robot_call("Ks Qs Js 6s 3s Ah 2h 4d 3d Qc Jc 5c 2c", "2D 2S P 3S P") == "P"


def test_advancer_bids_game_with_ten_opposite_a_three_level_overcall() -> None:
    """2♠ 3♦ P and 3♥ 3♠ P: partner had to bid at the three level, so 10 HCP make game: 3NT
    with a stopper in their suit (3♦ had been passed, and 3NT made), four of the major with four
    trumps (3♠ had been passed with 11 tricks there); opposite a two-level overcall of their weak
    two 10 HCP and a stopper invite with 2NT instead."""
    assert robot_call("Ks 8s 7s Kh 8h 4h Jd 9d 5d Kc Tc 5c 3c", "2S 3D P") == "3NT"
    assert explain(calls_of("2S 3D P 3NT"), 3) == "Advance: 10+ HCP, a stopper in their suit."
    assert robot_call("Js 7s 4s 2s 6h 3h 6d 5d 4d Ac Kc Qc 7c", "3H 3S P") == "4S"
    assert robot_call("Ks 8s Kh 8h 4h Jd 9d 5d 2d Kc Tc 5c 3c", "2H 2S P") == "2NT"


def test_advancer_invites_3nt_over_a_two_level_overcall_of_their_weak_two() -> None:
    """2♦ 2♠ P: 10 HCP, a doubleton spade and a diamond stopper bid 2NT (it passed 2♠ with 3NT
    on); the overcaller accepts with 15 HCP, rebids six spades with a minimum and passes with
    five."""
    assert robot_call("4s 2s Kh 8h 7h Kd Jd Td 6d Kc 7c 3c 2c", "2D 2S P") == "2NT"
    assert explain(calls_of("2D 2S P 2NT"), 3) == "Advance: 10–11 HCP, a stopper in their suit: invites 3NT."
    assert robot_call("As Qs Js 9s 6s Qh 6h 5h 4h 4d Ac Qc 8c", "2D 2S P 2NT P") == "3NT"
    assert explain(calls_of("2D 2S P 2NT P 3NT"), 5) == "Competing: 15–17 HCP, accepts the invitation."
    assert robot_call("As Qs Js 9s 6s 4s Qh 5h 4h 4d Ac 8c 2c", "2D 2S P 2NT P") == "3S"
    assert robot_call("As Qs Js 9s 6s Kh 6h 5h 4h 4d Qc 8c 2c", "2D 2S P 2NT P") == "P"


def test_advancer_bids_a_five_card_major_over_a_three_level_overcall() -> None:
    """2♦ 3♣ P: five hearts, four spades and 11 HCP bid 3♥, forcing (4♣ had been bid and passed,
    with game on); the overcaller with two hearts and a diamond stopper bids 3NT. Six hearts and
    10 HCP over 3♦ 3♠ P bid 4♥. 2♥ 2♠ P: six diamonds and 11 HCP bid 3♦ (a point less for the
    sixth card; it passed 2♠ with 4♠ on), and the overcaller's seven spades bid game."""
    assert robot_call("As Ks 8s 2s Kh 9h 8h 6h 4h 6d Jc 9c 8c", "2D 3C P") == "3H"
    assert explain(calls_of("2D 3C P 3H"), 3) == \
        "Advance: 8+ HCP, 11+ points (HCP with length or shortness), 5+ hearts, a new suit: forcing for one round."
    assert robot_call("Ts 6h 2h Ad Kd Td 8d 7d 2d Ac 9c 7c 4c", "2H 2S P") == "3D"
    assert robot_call("Ts 6h 2h Ad Qd Td 8d 7d 2d Ac 9c 7c 4c", "2H 2S P") == "P"
    assert robot_call("As Ks Qs Js 9s 8s 4s Kh 8h 7h 3d 6c 2c", "2H 2S P 3D P") == "4S"
    assert robot_call("Qs Js Ts 5s Jh Th Kd 4d Ac Kc Qc Tc 2c", "2D 3C P 3H P") == "3NT"
    assert robot_call("5s 4s Ah Qh 9h 8h 6h 2h Kd 7d Jc 9c 8c", "3D 3S P") == "4H"


def test_responder_bids_a_five_card_major_at_the_two_level_rather_than_doubling() -> None:
    """1♣ 1♠: five hearts and 11 HCP bid 2♥, forcing (the negative double was left in 2♠ after
    their raise, with 4♥ making); with 7 HCP the double shows the hearts; four hearts and five
    diamonds double."""
    assert robot_call("7s 2s Ah Qh Jh Th 8h Ad 9d 7d 4d 8c 2c", "1C 1S") == "2H"
    assert explain(calls_of("1C 1S 2H"), 2) == "Response: 10+ HCP, 5+ hearts, forcing."
    assert robot_call("7s 2s Ah Qh Jh Th 8h 9d 7d 4d 3d 8c 2c", "1C 1S") == "X"
    assert robot_call("7s 2s Ah Qh Jh 8h Ad 9d 7d 4d 3d 8c 2c", "1C 1S") == "X"


def test_opener_jumps_in_a_new_suit_with_game_values_over_the_negative_double() -> None:
    """1♣ 1♠ X P: 20 HCP with five clubs and four diamonds jump to 3♦ (2♦ was passed, with 6♣
    there); 13 HCP bid 2♦; the doubler with a spade stopper bids 3NT over the jump."""
    assert robot_call("7s 2s Ah 5h Ad Kd Qd 6d Ac Kc Tc 9c 3c", "1C 1S X P") == "3D"
    assert explain(calls_of("1C 1S X P 3D"), 4) == "Later call: 19–21 HCP, 4+ diamonds, a jump: game values."
    assert robot_call("7s 2s Jh 5h Ad Kd 8d 6d Ac Jc Tc 9c 3c", "1C 1S X P") == "2D"
    assert robot_call("Ks 9s 8s 4s Kh 7h 4h 2h 4d 2d Qc Jc 6c", "1C 1S X P 3D P") == "3NT"


def test_partner_s_strong_notrump_rebid_in_competition_is_raised_to_game() -> None:
    """P P P 1♦ P 1♥ 1♠ 2NT P: opener's 18–19 and responder's 8 HCP make game; 3NT (it passed
    2NT, with 3NT making)."""
    assert robot_call("Qs 4s Qh 6h 4h 3h Qd 6d Qc Tc 9c 7c 4c", "P P P 1D P 1H 1S 2NT P") == "3NT"


def test_the_answer_to_a_takeout_double_of_a_major_jumps_in_the_other_with_nine_to_eleven() -> None:
    """P P 1♠ X P: 11 HCP with four hearts and four spades jump to 3♥ (2♥ was bid, passed, and
    3NT made): their spades do not count as the longer major."""
    assert robot_call("Ks Js 9s 7s Qh Th 8h 3h Ad 6d 4d Jc Tc", "P P 1S X P") == "3H"
    assert explain(calls_of("P P 1S X P 3H"), 5) == "Advance: 9–11 HCP, 4+ hearts, invites game."


def test_after_doubling_their_two_suited_call_responder_places_the_contract() -> None:
    """P 1♥ 2♥ (Michaels) X 2NT 3♥ P: 17 HCP, the bare ace of hearts and four spades to the
    king-jack bid 3NT; it had answered as if responding to 1♥ and passed."""
    assert robot_call("Ks Js 6s 5s Ah Ad 8d 7d Kc Qc Tc 7c 2c", "P 1H 2H X 2NT 3H P") == "3NT"



def test_opener_shows_a_second_five_card_suit_after_partners_pass() -> None:
    """1♥ 2♥ (Michaels) P 2♠: 16 HCP with five hearts and six clubs bid 3♣ (they played 2♠ with
    slam our way); 11 HCP pass. In the pass-out seat (1♠ 2♥ P P) the reopening double comes first:
    partner may leave it in. Over their double after partner's pass (1♠ P P X) 21 HCP with five
    hearts bid 2♥ (2♠ had played there with 6♥ on)."""
    assert robot_call("Ah Th 5h 4h 3h Kd Jd Ac Kc Jc 7c 6c 3c", "1H 2H P 2S") == "3C"
    assert explain(calls_of("1H 2H P 2S 3C"), 4) == \
        "Later call: 14–21 HCP, 5+ clubs, a second five-card suit: a free bid."
    assert robot_call("Ah Th 5h 4h 3h 7d 2d Qc Jc 8c 7c 6c 3c", "1H 2H P 2S") == "P"
    assert robot_call("As Qs 7s 5s 3s Kd Jd Ac Tc 7c 6c 4c 3c", "1S 2D P 2H") == "3C"
    assert robot_call("As Qs 7s 5s 3s Kd Jd Ac Tc 7c 6c 4c 3c", "1S 2H P P") == "X"
    assert robot_call("As Ks Js Ts 4s Ah Kh Qh 4h 3h Ad 8c 5c", "1S P P X") == "2H"


def test_opener_with_a_good_suit_and_extra_values_competes_at_the_three_level() -> None:
    """1♠ 2NT (the minors) P 3♦: 19 HCP and ♠AKQT9 bid 3♠ (they played 3♦ with 4♠ on); 13 HCP
    and ♠AQT62 pass."""
    assert robot_call("As Ks Qs Ts 9s Ah 3h Ad 5d Qc 4c 3c 2c", "1S 2NT P 3D") == "3S"
    assert explain(calls_of("1S 2NT P 3D 3S"), 4) == \
        "Later call: competes: a good suit and extra values, or six cards."
    assert robot_call("As Qs Ts 6s 2s Kh 7h 3h 5d Qc 4c 3c 2c", "1S 2NT P 3D") == "P"


def test_opener_competes_with_six_cards_of_its_suit_after_partners_pass() -> None:
    """1♠ X P 2♣: six spades to the ace-queen-jack and 15 HCP bid 2♠ (it passed, and 2♣ made
    where 4♠ was on); with five spades it passes. Over 1♠ X P 3♣ three spades is no free bid."""
    six = "As Qs Js Ts 8s 2s Ah Kh 7d 4d Jc Tc 6c"
    assert robot_call(six, "1S X P 2C") == "2S"
    assert explain(calls_of("1S X P 2C 2S"), 4) == "Later call: 6+ spades, six cards: competes."
    assert robot_call("As Qs Js Ts 8s Ah Kh 7d 4d 2d Jc Tc 6c", "1S X P 2C") == "P"
    assert robot_call(six, "1S X P 3C") != "3S"


def test_over_their_negative_double_advancer_bids_as_over_a_pass() -> None:
    """1♣ 1♠ X: 8 HCP, balanced, the ace of clubs bid 1NT (a pass let them play 2♥ with 3NT ours);
    six hearts and 10 HCP bid 2♥, a new suit; three spades and 12 support points cue-bid 2♣, and
    the overcaller answers it as over a pass. Four trumps and 6 HCP raise once: no preemptive jump
    over the double (partner passed it short of game)."""
    assert robot_call("7s 5s Qh 8h 7h 3h Qd 8d 7d 5d Ac 7c 5c", "1C 1S X") == "1NT"
    assert explain(calls_of("1C 1S X 1NT"), 3) == "Advance: 8–11 HCP, balanced, a stopper in their suit."
    assert robot_call("Kh Qh 8h 7h 5h 3h Ad 6d 3d 2d Jc 5c 3c", "1C 1S X") == "2H"
    assert robot_call("Ks 9s 4s Ah Qh 5h 3h 8d 6d Kc Jc 7c 2c", "1C 1S X") == "2C"
    assert robot_call("As Ks Js 4s 2s Ah Kh 9d 6d 3d Jc 8c 4c", "1C 1S X 2C P") == "4S"
    assert robot_call("Qs 9s 7s 4s Jh 9h 5h 8d 6d Kc 7c 5c 2c", "1D 1S X") == "2S"
    assert robot_call("Qs 9s 7s 4s Jh 9h 5h 8d 6d Kc 7c 5c 2c", "1D 1S P") == "3S"


def test_responder_answers_a_weak_jump_to_the_three_level() -> None:
    """1♥ 3♦: six spades and 14 HCP bid 3♠, forcing (it passed with slam on); four spades and 10
    HCP double (negative); three hearts and 11 support points bid 4♥ over 3♠. The opener raises
    3♠ with three, bids 3NT with a diamond stopper and two spades, and passes the negative double
    with four diamonds. Three hearts, a diamond void and 4 HCP raise to 3♥ (support points)."""
    assert robot_call("Ks Qs Js 8s 5s 2s Jh 4h Qd 3d Kc Qc 5c", "1H 3D") == "3S"
    assert explain(calls_of("1H 3D 3S"), 2) == "Response: 11+ HCP, 5+ spades, forcing."
    assert robot_call("Ks Qs 5s 2s Kh 4h Qd 3d Jc 8c 6c 4c 2c", "1H 3D") == "X"
    assert robot_call("Ks Qs 5s Kh 4h 2h Qd 3d Jc 8c 6c 4c 2c", "1H 3S") == "4H"
    assert robot_call("As Ts 8s 7s 5s 4s 3s 8h 5h 2h Qc Tc 8c", "1H 3D") == "3H"
    assert robot_call("As 6s 4s Ah Qh Th 7h 5h Ad 9d 4d 8c 6c", "1H 3D 3S P") == "4S"
    assert robot_call("As 6s Ah Qh Th 7h 5h Ad 9d 6d 4d 8c 6c", "1H 3D 3S P") == "3NT"
    assert robot_call("As 6s Ah Qh Th 7h 5h Ad 9d 6d 4d 8c 6c", "1H 3D X P") == "P"


def test_over_a_double_of_their_preempt_a_long_minor_bids_game() -> None:
    """3♣ X P: eight diamonds and 14 HCP with no club stopper bid 5♦ (3♦ was passed with game
    on); over 2♠ X P the jump to 4♦ stays below 3NT's place, so 3NT with the spade king."""
    assert robot_call("Ks 8s 6s Ah Kd Qd Td 9d 8d 6d 5d 3d Qc", "3C X P") == "5D"
    assert explain(calls_of("3C X P 5D"), 3) == "Advance: 12+ HCP, 5+ diamonds, to play."


def test_after_the_cue_bid_over_their_overcall_of_our_notrump_responder_places_the_game() -> None:
    """1NT 2♦ 3♦ (Stayman) P 3♥ P: four spades and two hearts bid 3NT (it passed 3♥ on a 4-2
    fit); over 3♠ it raises to game."""
    responder = "Ks Js 9s 5s Jh 9h Qd 6d Kc 8c 7c 4c 2c"
    assert robot_call(responder, "1NT 2D 3D P 3H P") == "3NT"
    assert robot_call(responder, "1NT 2D 3D P 3S P") == "4S"


def test_responder_competes_with_a_six_card_suit_its_notrump_answer_hid() -> None:
    """1♥ P 1NT 2♠ P P: six clubs and 10 HCP bid 3♣ (2♠ played there with 5♣ on); with 14 HCP
    and the spade ace the natural 3NT stands; five clubs pass."""
    assert robot_call("As 4s 2s Th Jd 5d 3d Kc Qc 9c 6c 4c 3c", "1H P 1NT 2S P P") == "3C"
    assert explain(calls_of("1H P 1NT 2S P P 3C"), 6) == "Later call: 6+ clubs, competes: a six-card suit."
    assert robot_call("As 4s Kh Th Qd 5d 3d Kc Qc 9c 6c 4c 3c", "1H P 1NT 2S P P") == "3NT"
    assert robot_call("As 4s 2s Th 9h Jd 5d 3d Kc Qc 9c 6c 4c", "1H P 1NT 2S P P") == "P"


def test_the_opener_competes_over_their_notrump_overcall_with_a_long_suit() -> None:
    """1♥ 1NT P P: seven hearts and 12 HCP bid 2♥ (1NT was passed out with 4♥ ours); five
    hearts in a balanced hand pass."""
    assert robot_call("As Js Kh 9h 8h 6h 5h 4h 3h Kd Jd 5d 4d", "1H 1NT P P") == "2H"
    assert explain(calls_of("1H 1NT P P 2H"), 4) == "Later call: 6+ hearts, six cards: competes over their 1NT."
    assert robot_call("As Js 2s Kh Qh 9h 8h 6h Kd Jd 5d 3c 2c", "1H 1NT P P") == "P"


def test_over_their_raise_past_partners_balancing_double_four_spades_compete() -> None:
    """1♥ P 2♥ P P X 3♥: four spades and 11 HCP bid 3♠ (a pass left them in 3♥ with 4♠ ours);
    with 5 HCP it passes."""
    assert robot_call("Ks Js 8s 2s Qh 6h 2h 5d 3d Ac Jc 4c 3c", "1H P 2H P P X 3H") == "3S"
    assert robot_call("Ks 9s 8s 2s Qh 6h 2h 5d 3d Jc 6c 4c 3c", "1H P 2H P P X 3H") == "P"


def test_a_strong_takeout_doubler_bids_its_long_suit_after_partners_pass() -> None:
    """1♥ X 1♠ P 2♥: six diamonds to the ace-king-queen and 18 HCP bid 3♦ (it passed with game
    in diamonds); 15 HCP pass."""
    assert robot_call("Js 8s Ah Qh Th 8h Ad Kd Qd Td 7d 4d Qc", "1H X 1S P 2H") == "3D"
    assert explain(calls_of("1H X 1S P 2H 3D"), 5) == \
        "Competing: 18+ HCP, 6+ diamonds, a strong double: a long suit of our own."
    assert robot_call("Js 8s Ah 9h Th 8h Ad Kd Qd Td 7d 4d 2c", "1H X 1S P 2H") == "P"


def test_over_partners_overcall_of_their_weak_two_a_good_minor_is_forcing() -> None:
    """2♦ 2♠ P: a singleton spade, five clubs to the ace-king-queen and 13 HCP bid 3♣, forcing
    (it passed 2♠ with slam on); the overcaller's six spades then bid game, not 5♣."""
    assert robot_call("7s Ah 7h 5h 8d 4d 3d 2d Ac Kc Qc 7c 5c", "2D 2S P") == "3C"
    assert explain(calls_of("2D 2S P 3C"), 3) == \
        "Advance: 10+ HCP, 13+ points (HCP with length or shortness), 5+ clubs, a new suit: forcing for one round."
    assert robot_call("As Ks Qs Ts 6s 4s Kh 3h 2h 5d Tc 3c 2c", "2D 2S P 3C P") == "4S"


def test_over_a_minor_overcall_advancer_shows_a_five_card_major_before_raising() -> None:
    """1♣ 1♦ P: five hearts, three diamonds and 10 HCP bid 1♥, forcing (the cue-bid raise left
    the heart fit unfound)."""
    assert robot_call("Ks Qs 5s 2s Kh Qh Th 7h 2h Td 6d 3d 5c", "1C 1D P") == "1H"
