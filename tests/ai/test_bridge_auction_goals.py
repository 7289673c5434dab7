"""The robots' auctions reach what the hands are worth: game after a two-over-one response, slams,
competition at the three level and sacrifices."""
from __future__ import annotations

import random

import bot.ai.bridge as robot
from bot.ai.bridge_explain import explain
from tests.ai.test_bridge_ai import robot_call, table


def test_a_two_over_one_response_forces_to_game() -> None:
    """1♥–2♣–2♦: responder's 12 HCP and six clubs would have passed below game before; with J-x-x
    of spades it asks for a stopper in the fourth suit, then bids game over any answer (over 2NT
    it had passed)."""
    responder = "Js 6s 2s Ah 5h 8d 2d Ac Kc 8c 7c 6c 2c"
    assert robot_call(responder, "1H P 2C P 2D P") == "2S"
    assert explain([(0, "1H"), (1, "Pass"), (2, "2C"), (3, "Pass"), (0, "2D"), (1, "Pass"), (2, "2S")], 6).endswith(
        "asks for a stopper in it to bid 3NT.")
    for answer, game in (("2NT", "3NT"), ("3NT", "P"), ("3C", "5C"), ("3D", "3NT"), ("3H", "3NT")):
        assert robot_call(responder, f"1H P 2C P 2D P 2S P {answer} P") == game
    assert robot_call("Ks 8s 4s Qh 8h 2h Kd 5d 2d Ac Qc 3c 7c", "1S P") == "2C"
    assert explain([(0, "1S"), (1, "Pass"), (2, "2C")], 2) == \
        "Response: 12+ HCP, 3+ clubs, two over one: forcing to game."


def test_three_four_three_three_answers_two_clubs_and_shows_the_trumps() -> None:
    """1♠ with three spades, four hearts and 13 HCP: 2♣ on three clubs (3NT had left a 5-3 spade
    fit unplayed), then game in spades; with 19 HCP it had passed 1♠."""
    thirteen = "Ts 7s 3s Ah Kh Jh 9h Jd 5d 4d Ac Tc 3c"
    assert robot_call(thirteen, "1S P") == "2C"
    assert robot_call(thirteen, "1S P 2C P 2D P") == "4S"
    assert robot_call("Ts 7s 3s Ah Kh Jh 9h Kd Qd 4d Ac Qc 3c", "1S P") == "2C"


def test_ten_points_without_a_fit_answer_one_notrump_not_two_over_one() -> None:
    assert robot_call("Ks 8s Qh 8h 2h Kd 5d 2d Qc Tc 3c 7c 6c", "1S P") == "1NT"


def test_a_nine_card_fit_and_few_losers_look_for_a_slam() -> None:
    """Five losers and a void opposite a super-accept: Roman Key Card Blackwood, then the slam
    opposite four key cards (with two, five is enough: ``test_bridge_slams``)."""
    responder = "Ks Ts 6s 3s Kh Qh Jh Th 8h 5h 2h 7c 6c"
    assert robot_call(responder, "1NT P 2D P 3H P") == "4NT"
    assert robot_call(responder, "1NT P 2D P 3H P 4NT P 5C P") == "6H"
    assert robot_call("As Js 5s Ah Kh Ad Kd 8d 6d Ac 6c 5c 2c", "2C P 2D P 2NT P 4NT P") == "6NT"


def test_nine_trumps_compete_at_the_three_level() -> None:
    """Partner overcalled 2♥ and the next hand doubled: four trumps and a singleton raise to 3♥."""
    assert robot_call("Qs Js 3s Kh Th 6h 2h Qd 8d 6d 5d 3d 5c", "P 1S 2H X") == "3H"
    assert explain([(0, "Pass"), (1, "1S"), (2, "2H"), (3, "X"), (0, "3H")], 4) == \
        "Advance: 4–11 HCP, 3+ hearts, a raise of partner's overcall."


def test_two_notrump_over_a_weak_two_asks_for_a_feature() -> None:
    """2♠ P: 14 HCP and K-x of spades ask with 2NT; a maximum shows the king of diamonds (3♦) and
    responder bids 4♠; a minimum bids 3♠ and a maximum with its high cards in spades 3NT, both
    passed."""
    responder = "Ks 4s Ah Qh 4h 3h Kd 7d 5d 4d Qc 3c 2c"
    assert robot_call(responder, "2S P") == "2NT"
    assert explain([(0, "2S"), (1, "Pass"), (2, "2NT")], 2) == \
        "Response: 14–15 HCP, 2+ spades, asks for a feature: game if partner is maximum."
    assert robot_call("Ks Qs Js 8s 5s 2s 8h 3h Kd 6d 4d 7c 4c", "2S P 2NT P") == "3D"
    assert explain([(0, "2S"), (1, "Pass"), (2, "2NT"), (3, "Pass"), (0, "3D")], 4) == \
        "Opener's rebid: 9–11 HCP, a maximum with the ace or king of diamonds."
    assert robot_call("Ks Qs Ts 8s 5s 2s 8h 3h Kd 6d 4d 7c 4c", "2S P 2NT P") == "3S"
    assert robot_call("As Ks Qs Ts 8s 5s 8h 3h 9d 6d 4d 7c 4c", "2S P 2NT P") == "3NT"
    assert robot_call(responder, "2S P 2NT P 3D P") == "4S"
    assert robot_call(responder, "2S P 2NT P 3S P") == "P"
    assert robot_call(responder, "2S P 2NT P 3NT P") == "P"


def test_three_trumps_raise_partners_weak_two_over_their_overcall() -> None:
    """P 2♥ 3♦: three hearts to the ace-queen and 11 HCP raise to 3♥ (nine trumps; it passed, and
    they played 3♦ with game ours); two hearts pass."""
    assert robot_call("5s 3s 2s Ah Qh 4h Qd 8d 2d Kc Tc 3c 2c", "P 2H 3D") == "3H"
    assert explain([(0, "Pass"), (1, "2H"), (2, "3D"), (3, "3H")], 3) == \
        "Response: 4+ HCP, 2+ hearts, competes: a fit with partner's suit."
    assert robot_call("5s 3s 2s Ah Qh Jd Qd 8d 2d Kc Tc 3c 2c", "P 2H 3D") == "P"


def test_nine_trumps_and_a_singleton_compete_with_few_points() -> None:
    """1NT (2♥) 2♠: four hearts, a singleton and only an ace still raise to 3♥ (4+ HCP with a
    short suit and nine trumps); with a balanced hand of the same strength, pass."""
    assert robot_call("7s 5s 2s Th 6h 3h 2h 4d Ac Tc 8c 6c 4c", "P 1NT 2H 2S") == "3H"
    assert explain([(0, "Pass"), (1, "1NT"), (2, "2H"), (3, "2S"), (0, "3H")], 4) == \
        "Advance: 4–11 HCP, 3+ hearts, competes: a fit with partner's suit."
    assert robot_call("7s 5s 2s Th 6h 3h 2h 4d 3d Ac 8c 6c 4c", "P 1NT 2H 2S") == "P"


def test_a_sacrifice_when_it_costs_less_than_their_vulnerable_game() -> None:
    """Board 2 (East deals, North-South vulnerable): 1♠ by South, 2♥ by West, 4♠ by North. East's
    five hearts make ten trumps: five hearts doubled costs less than their game on the deals that
    fit the auction, so East bids on; vulnerable itself, East passes."""
    east = "2s Kh Jh 9h 7h 5h Qd Jd 8d 6d 4d 9c 7c"
    assert call_on_board(2, east, "P 1S 2H 4S") == "5H"
    assert call_on_board(4, east, "P 1S 2H 4S") == "P"


def call_on_board(board: int, hand: str, auction: str) -> str:
    game = table({}, "", board)
    seat = (game.to_act()[0] + len(auction.split())) % 4
    game = table({seat: hand}, auction, board)
    action = robot.choose(game.view(seat), game.legal_actions(seat), random.Random(0))
    return action.target if action.kind == "bid" else {"pass": "P", "double": "X"}[action.kind]


def test_the_losing_trick_count_bids_game_in_a_fit() -> None:
    """1♠ (2♦) 3♦, a cue-bid raise (10+ HCP, three spades): opener's 5-5 with a void has six
    losers, partner's strength stands for seven, so eleven tricks: game, not three of the suit."""
    assert robot_call("Ks 7s 4s 3s 2s Ah Kh Jh 8h 4h 8c 5c 2c", "1S 2D 3D X") == "4S"
