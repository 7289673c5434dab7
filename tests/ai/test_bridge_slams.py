"""Slams: the suit a raise agrees, control (cue) bids after a major is agreed in a game-forcing
auction, Roman Key Card Blackwood's answers and the sign-off at five with key cards missing."""
from __future__ import annotations

import random

import bot.ai.bridge as robot
from bot.ai.bridge_explain import explain
from bot.games.bridge import BIDS
from tests.ai.test_bridge_ai import robot_call
from tests.support.bridge_boards import table

OPENER = "As Js 8s 7s 2s Kh Qh 5h Ad Jd 4d Kc 3c"          # 18 HCP, five spades, six losers
RESPONDER = "Ks Qs 6s 3s Ah Jh 2h Kd Qd 5d 3d 9c 4c"       # 15 HCP, four spades, no club control
JACOBY = "1S P 2NT P 3S P"


def robots_bid(hands: dict[int, str]) -> list[str]:
    """The bids of four robots' auction on the deal, North dealing."""
    game = table(hands)
    rng = random.Random(0)
    while game.phase == "auction":
        seat = game.to_act()[0]
        game.apply(seat, robot.choose(game.view(seat), game.legal_actions(seat), rng))
    return [str(c["call"]) for c in game.view(None)["auction"] if c["call"] in BIDS]


def calls_of(auction: str) -> list[tuple[int, str]]:
    """North first: "1S P 2NT" as (seat, call) pairs."""
    return [(i % 4, {"P": "Pass"}.get(c, c)) for i, c in enumerate(auction.split())]


def test_a_hand_with_extras_bids_its_cheapest_control_and_the_explanation_says_so() -> None:
    """After 1♠–2NT–3♠ responder's 16 support points and opener's 16+ make 32: no club control, so
    the cheapest control is the diamond king."""
    assert robot_call(RESPONDER, JACOBY) == "4D"
    assert explain(calls_of(JACOBY + " 4D"), 6) == ("Later call: a control bid: the ace or king of diamonds, or a singleton or void; "
                                 "interest in a slam.")


def test_partner_with_extras_and_every_suit_controlled_asks_for_key_cards() -> None:
    assert robot_call(OPENER, JACOBY + " 4D P") == "4NT"
    minimum = "As Js 8s 7s 2s Qh Jh 5h Ad 4d Kc 3c 2c"      # 15 HCP: signs off
    assert robot_call(minimum, "1S P 2NT P 4S P") == "P"
    assert robot_call(minimum, JACOBY + " 4D P") == "4S"
    assert "signs off in game" in explain(calls_of(JACOBY + " 4D P 4S"), 8)


def test_the_deal_reaches_six_spades_through_a_control_bid() -> None:
    """The opponents' clubs split five-four: they stay out of the auction."""
    bids = robots_bid({0: OPENER, 1: "Ts 9s Th 9h 8h Td 9d 8d Ac Qc Tc 8c 6c", 2: RESPONDER,
                       3: "5s 4s 7h 6h 4h 3h 7d 6d 2d Jc 7c 5c 2c"})
    assert bids == ["1S", "2NT", "3S", "4D", "4NT", "5S", "6S"], bids


def test_two_key_cards_missing_stop_at_five() -> None:
    """Tuning deal 22 of the field bench: 1NT–2♦–3♥ (a super-accept), 4NT–5♥ (two key cards). With
    the heart king alone responder passes five; opposite four key cards it bids six."""
    responder = "Ks Ts 6s 3s Kh Qh Jh Th 8h 5h 2h 7c 6c"
    assert robot_call(responder, "1NT P 2D P 3H P 4NT P 5H P") == "P"
    assert robot_call(responder, "1NT P 2D P 3H P 4NT P 5C P") == "6H"
    assert explain(calls_of("2C P 2D P 2S P 3S P 4NT P 5D P 5S"), 12) == "Later call: signs off: two key cards are missing, or the ace of a suit without a control."


def test_a_double_of_four_notrump_or_of_its_answer_changes_neither() -> None:
    """The opponents' double (lead-directing) of 4NT or of the answer: the answer is the same and
    the asker still places the contract (it passed 5♣ doubled holding 6♠ before)."""
    assert robot_call(RESPONDER, JACOBY + " 4D P 4NT X") == robot_call(RESPONDER, JACOBY + " 4D P 4NT P") == "5S"
    assert robot_call(OPENER, JACOBY + " 4D P 4NT P 5S X") == "6S"
    asker = "As Ks 3s 2s 3h Ad Kd Qd Td 7d 5d Kc Jc"
    assert robot_call(asker, "P P 1D 2H X P 3S P 4S P 4NT P 5C X") == "6S"


def test_five_hearts_from_a_strong_two_clubs_opener_is_all_five_key_cards_opposite_none() -> None:
    """2♣–2♦–2NT–3♣–3♠–4NT–5♥: two key cards could not make up the 22 HCP of the 2NT rebid, so the
    answer is all five; the asker with none bids the slam (it signed off at five before)."""
    assert robot_call("Qs 7s 5s 4s Qh Jh 7h Kd 7d 5d 3d Qc 5c", "2C P 2D P 2NT P 3C P 3S P 4NT P 5H P") == "6S"
    assert robot_call("Qs 7s 5s 4s Qh Jh 7h Kd 7d 5d 3d Qc 5c", "1NT P 2C P 2S P 4NT P 5H P") == "5S"


def test_a_raise_agrees_the_suit_for_key_cards() -> None:
    """2♣–2♦–2♠–3♠ shows seven spades between the hands, not eight: the raise still agrees them."""
    assert explain(calls_of("2C P 2D P 2S P 3S P 4NT P 5C"), 10) == "Later call: one or four key cards."
    assert robot_call("Qs 8s 3s Ah 7h 6h 5d 4d 3d 9c 8c 7c 2c", "2C P 2D P 2S P 3S P 4NT P") == "5C"


def test_a_major_fit_found_over_one_notrump_with_slam_values_asks_for_key_cards() -> None:
    """1NT–2♣–2♠ finds a spade fit; responder's 19 HCP and opener's 15–17 make 33: 4NT agrees
    spades (Stayman promised four), and opener answers in key cards. A transfer with six spades
    agrees them too (opener completes with two at least)."""
    responder = "Ks Qs 6s 3s Ah Jh 2h Kd Qd 5d 3d Kc 4c"
    assert robot_call(responder, "1NT P 2C P 2S P") == "4NT"
    assert "with spades agreed" in explain(calls_of("1NT P 2C P 2S P 4NT"), 6)
    assert robot_call("Qs Js 6s 3s Kh Qh 2h Ad Kd 5d Qc 4c 3c", "1NT P 2C P 2S P 4NT P") == "5C"
    assert robot_call("Ks Qs 6s 3s Ah Jh 2h Qd 5d 3d 6c 5c 4c", "1NT P 2C P 2S P") == "4S"
    six = "Ks Qs 6s 5s 3s 2s Ah Jh Kd Qd 5d Kc 4c"
    assert robot_call(six, "1NT P 2H P 2S P") == "4NT"
    assert robot_call("As 7s 3s Kh Qh 2h Ad 9d 5d 4d Ac 4c 3c", "1NT P 2H P 2S P 4NT P") == "5D"


def test_slam_values_in_notrump_after_stayman_finds_no_fit() -> None:
    """1NT–2♣–2♦: no major fit; 16–17 HCP invite 6NT with 4NT, 18 bid it, and 22 (37 with a
    15-point opener) bid 7NT. Opener accepts the invitation above a minimum."""
    assert robot_call("Ks Qs 6s 3s Ah Jh 2h Kd Qd 5d 3d Kc 4c", "1NT P 2C P 2D P") == "6NT"
    assert robot_call("Ks Qs 6s 3s Ah Jh 2h Kd Jd 5d 3d Qc 4c", "1NT P 2C P 2D P") == "4NT"
    assert robot_call("As Qs 6s 3s Ah Kh 2h Kd Qd 5d Ac Kc 4c", "1NT P 2C P 2D P") == "7NT"
    assert robot_call("As Qs 6s Kh Qh 2h Ad 9d 5d Qc 4c 3c 2c", "1NT P 2C P 2D P 4NT P") == "6NT"
    assert robot_call("As Qs 6s Kh Jh 2h Qd 9d 5d Qc 4c 3c 2c", "1NT P 2C P 2D P 4NT P") == "P"
    assert explain(calls_of("1NT P 2C P 2D P 4NT"), 6).endswith("invites 6NT.")


def test_a_balanced_hand_facing_a_natural_notrump_invites_six_notrump() -> None:
    """Tuning deal 42 of the field bench: 1♦–3NT (13 HCP, balanced) and opener's 18 balanced make
    33 only if responder holds more than 13: 4NT invites 6NT, and responder's 15 accept it (14 is
    enough). With 20 opener bids 6NT; 24 (37 opposite 13) bid 7NT; 17 pass."""
    opener = "Ks 6s 4s 6h 3h Ad Qd Td 7d Ac Kc Qc 9c"
    assert robot_call(opener, "1D P 3NT P") == "4NT"
    assert explain(calls_of("1D P 3NT P 4NT"), 4) == "Opener's rebid: 18–19 HCP, invites 6NT."
    assert robot_call("As 7s 2s Ah Kh 8h Kd Jd 6d Tc 6c 5c 3c", "1D P 3NT P 4NT P") == "6NT"
    assert robot_call("As 7s 2s Ah Jh 8h Kd Jd 6d Tc 6c 5c 3c", "1D P 3NT P 4NT P") == "P"
    assert robot_call("Ks Qs 4s 6h 3h Ad Qd Td 7d Ac Kc Qc 9c", "1D P 3NT P") == "6NT"
    assert robot_call("As Ks Qs Ah 3h Ad Kd Td 7d Ac Kc Qc 9c", "1D P 3NT P") == "7NT"
    assert robot_call("Ks 6s 4s 6h 3h Ad Qd Td 7d Ac Kc 5c 9c", "1D P 3NT P") == "P"


def test_every_key_card_the_queen_and_37_points_bid_the_grand_slam() -> None:
    """Opener's 29 points and Jacoby's 13 make 42; the one key card partner shows is the last one
    missing, and opener holds the trump queen: seven. Without the queen it stays at six."""
    opener = "As Ks Qs Js 3s Ah Kh Qh Ad Kd Qd 2c 3c"
    assert robot_call(opener, "1S P 2NT P 3S P 4NT P 5C P") == "7S"
    assert explain(calls_of("1S P 2NT P 3S P 4NT P 5C P 7S"), 10).startswith("Later call: a grand slam")
    assert robot_call("As Ks Js Ts 3s Ah Kh Qh Ad Kd Qd 2c 3c", "1S P 2NT P 3S P 4NT P 5C P") == "6S"


def test_a_strong_hand_facing_a_two_club_opener_bids_six_notrump_on_any_shape() -> None:
    """2♣–2♦–3NT shows 25–27 balanced: 8 HCP make 33, with a six-card suit too."""
    assert robot_call("Kd Qd 7d 6d 5d 4d Qh 9h Js 3s 2s 4c 3c", "2C P 2D P 3NT P") == "6NT"


def test_five_diamonds_from_a_strong_notrump_opener_is_three_key_cards() -> None:
    """2NT–3♥–3♠–4NT–5♦: opener's 20 HCP hardly hold no key card; with two responder bids six."""
    assert robot_call("Qs Js 8s 7s 6s 5s Ah 5h 4h Ad Kd 2d 2c", "2NT P 3H P 3S P 4NT P 5D P") == "6S"


def test_opener_s_game_rebid_in_notrump_shows_its_points_and_partner_bids_the_slam() -> None:
    """1♣ 1♥ 3NT: opener's 18+ opposite a one-level answer; 15 HCP and six hearts bid 6NT. 1♦ 2♣
    3NT: 18–19 balanced (15–17 opened 1NT), which 16 HCP take to 6NT. 1♣ 1♦ 1♠ 3NT: responder's
    game shows 12+ opposite an opening, which a balanced 19 takes to 6NT; 16 HCP pass."""
    assert explain(calls_of("1C P 1H P 3NT"), 4) == "Opener's rebid: 18+ points (HCP with length or shortness)."
    assert explain(calls_of("1C P 2D P 3NT"), 4) == "Opener's rebid: 18–19 HCP, balanced."
    assert robot_call("Js 6s 2s Kh 2h Ad Qd Jd Ac Jc Tc 6c 5c", "1D P 2C P 3NT P") == "6NT"
    assert robot_call("Ks Js Ah Kh Jh 9h 4h 3h Kd Td 8d 4d 5c", "1C P 1H P 3NT P") == "6NT"
    assert explain(calls_of("1C P 1D P 1S P 3NT"), 6) == "Later call: 12+ points (HCP with length or shortness)."
    assert robot_call("As Ks 4s 3s Th 8h 5h 4h Ad Qd Ac Qc Tc", "1C P 1D P 1S P 3NT P") == "6NT"
    assert robot_call("As Ks 4s 3s Th 8h 5h 4h Ad Jd 5c Qc Tc", "1C P 1D P 1S P 3NT P") == "P"


def test_five_diamonds_is_three_key_cards_where_none_could_not_make_up_an_opening() -> None:
    """1♠ 2♦ 3♦ 4NT 5♦: with none of the key cards opener would hold at most 11 HCP of the kings,
    queens and jacks the asker lacks, less than the 12 an opening shows: three, and the asker with
    two bids the slam (it signed off in 5♦ with thirteen tricks)."""
    assert robot_call("Ks 6s Kh Jh Ad Qd Td 4d 3d Ac Jc 8c 2c", "1S P 2D P 3D P 4NT P 5D P") == "6D"


def test_opener_s_jump_to_game_in_responder_s_major_shows_strength_for_a_slam() -> None:
    """1♥ 1♠ 4♠ by the losing trick count shows 15+ support points, so responder's 18 HCP ask for
    key cards."""
    assert explain(calls_of("1H P 1S P 4S"), 4) == ("Opener's rebid: 15+ points (HCP with length or shortness), "
                                                    "4+ spades, game in the fit.")
    assert robot_call("As Ks Qs 8s 3s Kh 7h 4h Ad 6d 5d Qc 2c", "1H P 1S P 4S P") == "4NT"


def test_a_balanced_responder_above_three_notrump_bids_a_new_suit() -> None:
    """1♦: 13–15 balanced answer 3NT; 18 balanced with four clubs bid 2♣ (forcing) rather than a
    3NT opener would pass with 12–14, so the later calls can reach a slam."""
    assert robot_call("Ks Qs 5s Ah Jh 4h Qd 5d 3d Qc Jc 4c 2c", "1D P") == "3NT"
    assert robot_call("Ks Qs 5s Ah Jh 4h Kd Qd 3d Qc Jc 4c 2c", "1D P") == "2C"
    assert explain(calls_of("1D P 2C"), 2) == "Response: 10+ HCP, 4+ clubs, a new suit: forcing."


def test_with_clubs_agreed_no_key_card_ask_that_an_answer_of_five_diamonds_would_strand() -> None:
    """1♥ P P 2♣ P 3♣ P: three key cards of the five and clubs agreed. Partner's 5♦ (none) would
    leave two missing with no sign-off below six: no 4NT (it bid 4NT and 6♣ went down two key
    cards short); with four key cards every answer leaves the slam on, and it asks."""
    three = "As 3s Kh 2h 6d 3d Ac Kc Qc 9c 8c 7c 2c"
    assert robot_call(three, "1H P P 2C P 3C P") != "4NT"
    four = "As 3s Kh 2h Ad 3d Ac Kc Qc 9c 8c 7c 2c"
    assert robot_call(four, "1C P 3C P") == "4NT"


def test_a_splinter_shows_the_short_suit_and_opener_with_working_values_reaches_the_slam() -> None:
    """1♥–3♠: four hearts, 13 HCP and a singleton spade (the hands hold 31 HCP and twelve tricks;
    without the splinter the robots stopped in game). Opener's king of spades is wasted opposite
    the singleton, leaving 15 working points; the simulation, dealing responder short in spades,
    finds the slam, and 6♥ is reached through key cards. With its honours in spades opener signs
    off in 4♥, and responder, its strength limited by the splinter, passes (it asked and went down
    at the five level)."""
    opener = "Ks 7s 4s Ah Qh Th 9h 3h Kd 8d Ac Qc 4c"
    responder = "5s Kh Jh 8h 4h Ad Qd 7d 3d Kc 9c 6c 2c"
    assert robot_call(responder, "1H P") == "3S"
    assert explain(calls_of("1H P 3S"), 2) == ("Response: 10–15 HCP, 13+ points (HCP with length or shortness), "
                                               "4+ hearts, a splinter: game values, four trumps, a singleton or void "
                                               "in the suit bid.")
    assert robot_call("Ks Qs Js Ah Qh Th 9h 3h Kd 8d 9c 4c 3c", "1H P 3S P") == "4H"
    assert robot_call("5s Kh Jh 8h 4h Ad Qd 7d 3d Kc Qc 6c 2c", "1H P 3S P 4H P") == "P"  # 15 HCP: opener decided
    bids = robots_bid({0: opener, 1: "Js 9s 8s 6s 7h 6h Jd Td 9d Jc Tc 8c 7c", 2: responder,
                       3: "As Qs Ts 3s 2s 5h 2h 6d 5d 4d 2d 5c 3c"})
    assert bids == ["1H", "3S", "4NT", "5H", "6H"], bids


def test_a_hand_with_a_five_card_side_suit_does_not_splinter() -> None:
    """The splinter's 13 HCP with a fifth club go through Jacoby 2NT: the side suit's tricks are
    what opener needs to hear of, and a splinter would hide them."""
    assert robot_call("5s Kh Jh 8h 4h Ad Qd 7d 3d Kc 9c 6c 2c", "1H P") == "3S"
    assert robot_call("5s Kh Jh 8h 4h Ad 7d 3d Kc Qc 9c 6c 2c", "1H P") == "2NT"


def test_opener_shows_shortness_over_jacoby_2nt_and_responder_counts_its_working_points() -> None:
    """1♠–2NT: a singleton heart is shown with 3♥ before strength; responder with 16 HCP none of
    them in hearts but the ace asks for key cards, with the king and queen of hearts wasted it signs
    off. Without shortness opener bids 3♠ with 16+."""
    assert robot_call("As Ks 8s 7s 2s 5h Ad Jd 4d 3d Kc 3c 2c", "1S P 2NT P") == "3H"
    assert explain(calls_of("1S P 2NT P 3H"), 4) == \
        "Opener's rebid: a singleton or void in hearts: shortness for a slam."
    assert robot_call("Qs Js 6s 3s Ah 7h 2h Kd Qd 5d Ac 9c 4c", "1S P 2NT P 3H P") == "4NT"
    assert robot_call("Qs Js 6s 3s Ah Kh Qh Kd 8d 5d 7c 9c 4c", "1S P 2NT P 3H P") == "4S"
    assert robot_call(OPENER, "1S P 2NT P") == "3S"
