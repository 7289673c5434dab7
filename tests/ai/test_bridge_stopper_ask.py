"""Asking for a stopper: with game values, no major fit and their suit unstopped, a robot cue-bids
their suit instead of passing; partner bids 3NT with a stopper, else shows a fit or its long suit,
and the asker bids game in the fit or 3NT."""
from __future__ import annotations

from bot.ai.bridge_explain import explain
from tests.ai.test_bridge_ai import robot_call
from tests.ai.test_bridge_games import calls_of

ASKER = "4s Ah Kh 6h 2h Ad Kd 5d Kc Qc 7c 6c 2c"
"""19 HCP, a singleton spade, three diamonds: after 1♦ P 1♥ 1♠ 2♦ P it had passed."""


def test_game_values_without_a_stopper_cue_bid_their_suit() -> None:
    assert robot_call(ASKER, "1D P 1H 1S 2D P") == "2S"
    assert explain(calls_of("1D P 1H 1S 2D P 2S"), 6) == \
        "Later call: 12+ HCP, a cue-bid of their suit: game values, asks for a stopper in it to bid 3NT."


def test_a_stopper_in_their_suit_bids_3nt_itself() -> None:
    """The same values with the ace of spades and no hearts fit: 3NT, no cue-bid."""
    assert robot_call("As 4s Ah Kh 6h 2h Kd 5d Kc Qc 7c 6c 2c", "1D P 1H 1S 2D P") == "3NT"


def test_opener_answers_the_ask() -> None:
    """A spade stopper bids 3NT; without one, six diamonds say so at the three level; three hearts
    show the fit."""
    asked = "1D P 1H 1S 2D P 2S P"
    assert robot_call("As Ts 5s 3s 9h Qd Jd 9d 4d 3d Ac Tc 8c", asked) == "3NT"
    assert robot_call("7s 5s Kh 3h Ad Kd Qd Jd 9d 4d Qc 8c 3c", asked) == "3D"
    assert explain(calls_of(asked + " 3D"), 8) == "Later call: 4+ diamonds, no stopper in the suit asked."
    assert robot_call("7s 5s Kh Qh 3h Ad Kd Jd 9d 4d Qc 8c 3c", asked) == "3H"


def test_seven_cards_of_our_major_answer_the_ask_with_game_in_it() -> None:
    """1♣ X P 1♦ P 1♠ P 2♣ P: the doubler's seven solid spades bid 4♠ (3NT on the club stopper
    had gone down with ten tricks in spades); six of them bid 3NT."""
    asked = "1C X P 1D P 1S P 2C P"
    assert robot_call("As Ks Qs Js 6s 3s 2s 9h Ad 3d Kc Jc 3c", asked) == "4S"
    assert explain(calls_of(asked + " 4S"), 9).endswith("seven cards: game in our major.")
    assert robot_call("As Ks Qs Js 6s 3s 9h Ad 3d 2d Kc Jc 3c", asked) == "3NT"


def test_the_asker_bids_game_in_the_fit_or_3nt() -> None:
    """Over 3♦ (four or more) four diamonds make eight: 5♦; with three, 3NT."""
    four = "4s Ah Qh 6h 2h Ad Qd 5d 3d Kc 9c 7c 2c"
    assert robot_call(four, "1D P 1H 1S 2D P") == "2S"
    assert robot_call(four, "1D P 1H 1S 2D P 2S P 3D P") == "5D"
    assert robot_call(ASKER, "1D P 1H 1S 2D P 2S P 3D P") == "3NT"


def test_no_ask_over_partners_penalty_double() -> None:
    """2♣ P 2♦ 2♠ X P: opener's double is for penalty; responder does not cue-bid over it."""
    assert robot_call("4s 3s Jh 6h 2h Qd 8d 5d Jc 9c 7c 6c 2c", "2C P 2D 2S X P") != "3S"


FOURTH = "Ks 3s Ah Qh 8h 5h 4h Kd Qd 2d 8c 5c 3c"
"""14 HCP, five hearts, no club stopper: 1♦ P 1♥ P 1♠ P had bid 3NT with clubs open."""


def test_the_fourth_suit_asks_for_a_stopper_where_the_opponents_are_silent() -> None:
    """1♦ 1♥ 1♠ 2♣: responder's fourth suit asks; opener with a club stopper bids 3NT, with three
    hearts raises (responder then bids 4♥), else bids its diamonds again."""
    assert robot_call(FOURTH, "1D P 1H P 1S P") == "2C"
    assert explain(calls_of("1D P 1H P 1S P 2C"), 6) == \
        "Later call: 12+ HCP, the fourth suit: game values, asks for a stopper in it to bid 3NT."
    asked = "1D P 1H P 1S P 2C P"
    assert robot_call("As Js 5s 3s 9h Qd Jd 9d 4d Ac Tc 8c 2c", asked) == "3NT"
    assert robot_call("As Js 5s 3s Kh 9h 6h Qd Jd 9d 4d 8c 2c", asked) == "2H"
    assert robot_call(FOURTH, asked + " 2H P") == "4H"
    assert robot_call("As Js 5s 3s 9h Kd Qd Jd 9d 4d 3d 8c 2c", asked) == "2D"
    assert robot_call(FOURTH.replace("3c", "Qc"), "1D P 1H P 1S P") != "2C"  # Q83 of clubs stops them


def test_opener_with_five_five_shows_the_second_suit_again_and_the_asker_raises_it() -> None:
    """1♠ P 2♦ P 2♥ P 3♣ P: five-five in the majors with no club stopper bid hearts again (five:
    spades again would show six); responder with three hearts bids 4♥ (it went 3♠ 3NT, with ten
    tricks in hearts)."""
    assert robot_call("Ks Ts 8s 4s 2s Th 8h 6h 4h 3h Ad 4d Kc", "1S P 2D P 2H P 3C P") == "3H"
    assert explain(calls_of("1S P 2D P 2H P 3C P 3H"), 8) == "Later call: 5+ hearts, no stopper in the suit asked."
    assert robot_call("As 7s Ah Kh 2h Kd Jd 9d 8d 3d Jc Tc 2c", "1S P 2D P 2H P 3C P 3H P") == "4H"
    assert robot_call("Ks Qs 9s 8s 2s Ah Jh 6h 4h 5d 7c 5c 4c", "1S P 2D P 2H P 3C P") == "3S"


def test_over_their_opening_the_advancer_asks_too() -> None:
    """1♥ 1♠ P 2♣ P 2♠ P: 16 HCP, a doubleton in partner's spades and two small hearts passed (game
    was there); now 3♥ asks, and the overcaller bids 3NT with ♥KQx."""
    assert robot_call("Ks Qs Th 3h Ad Kd 7d 4d Ac 9c 7c 6c 5c", "1H 1S P 2C P 2S P") == "3H"
    assert explain(calls_of("1H 1S P 2C P 2S P 3H"), 7).endswith(
        "a cue-bid of their suit: game values, asks for a stopper in it to bid 3NT.")
    assert robot_call("As 9s 8s 6s 3s 2s Kh Qh 4h Td 6d 4c 2c", "1H 1S P 2C P 2S P 3H P") == "3NT"


def test_seven_cards_of_our_major_ask_for_no_stopper() -> None:
    """1♦ 1♠ P 2♥ P: the overcaller's seven spades rebid them instead of asking with 3♦ (the ask
    ended in 3NT with 5♠ on, partner holding two)."""
    assert robot_call("As Ks Qs 8s 7s 6s 5s 9h 8h 8d 5d Qc 6c", "1D 1S P 2H P") == "2S"
