"""When the next hand overcalls our 1NT (or partner's minor): responder with game values never
passes, the cue-bid asks for a major or a stopper, and nobody pulls partner's game to a part
score. When they double Stayman or a transfer, the system stays on."""
from __future__ import annotations

import pytest

from bot.ai.bridge_explain import explain
from bot.ai.bridge_system import notrump_contested
from tests.ai.test_bridge_ai import robot_call
from tests.ai.test_bridge_games import calls_of, position_of


def test_responder_with_game_values_bids_over_their_overcall(monkeypatch: pytest.MonkeyPatch) -> None:
    """1NT (2♣): ten HCP with a club stopper bid 3NT (they passed before); four spades cue-bid;
    a five-card suit and a weak hand competes at the two level; nine HCP and a stopper invite; 1NT
    (2♥): nine HCP and six good diamonds force at the three level, and so do eight with two
    five-card suits. The rules alone: the simulation's penalty double (first when it pays) is left
    out."""
    monkeypatch.setattr(notrump_contested, "penalty_double", lambda position: [])
    assert robot_call("Js 9s 6s Qh 3h 2h Qd Jd 9d 6d 2d Ac 5c", "1NT 2C") == "3NT"
    assert robot_call("Js 9s 6s 5s Qh 2h Qd Jd 9d 6d 2d Ac 9c", "1NT 2C") == "3C"
    assert robot_call("Js 9s 6s 5s Qh 2h Qd Jd 9d 6d 2d 8c 9c", "1NT 2C") == "2D"
    assert robot_call("Js 9s 6s Qh 3h 2h Qd Td 9d 6d 2d Ac 5c", "1NT 2C") == "2NT"
    assert robot_call("Js 9s 6s Th 2h 5d 4d 9d 6d 8c 9c 5c 2c", "1NT 2C") == "P"
    assert robot_call("Ts 9s 8s 2s 7h 4h Ad Kd Qd 9d 6d 5d 5c", "1NT 2H") == "3D"
    # 1NT (2♠): eight HCP with five hearts and five clubs force with 3♥ (they had passed 2♠ with
    # 4♥ on); with five hearts alone they pass
    assert robot_call("7s 4s Ah Jh 9h 6h 4h Td Kc 9c 5c 3c 2c", "1NT 2S") == "3H"
    assert robot_call("7s 4s Ah Jh 9h 6h 4h Td 7d Kc 9c 5c 2c", "1NT 2S") == "P"
    assert explain(calls_of("1NT 2C 3C"), 2) == ("Response: 10+ HCP, game forcing: asks for a four-card major, "
                                                "else a stopper in their suit.")
    assert explain(calls_of("1NT 2C 2D"), 2) == "Response: at most 9 HCP, 5+ diamonds, to play."


def test_opener_answers_the_cue_bid_and_the_forcing_suit() -> None:
    """1NT (2♥) 3♥: four spades show them, else 3NT with a heart stopper, else the minor;
    1NT (2♥) 3♠: game in spades with three of them."""
    assert robot_call("As Qs 5s 2s Kh 4h 3h Kd Jd 2d Qc 6c 5c", "1NT 2H 3H P") == "3S"
    assert robot_call("As Qs 5s Kh 4h 3h Kd Jd 7d 2d Qc 6c 5c", "1NT 2H 3H P") == "3NT"
    assert robot_call("As Qs 5s 4h 3h 2h Ad Kd Jd 2d Qc 6c 5c", "1NT 2H 3H P") == "4D"
    assert robot_call("As Qs 5s 4h 3h 2h Ad Kd Jd 2d Qc 6c 5c", "1NT 2H 3S P") == "4S"
    assert robot_call("As Qs 5s 4h 3h 2h Ad Kd Jd 2d Qc 6c 5c", "1NT 2H 2S P") == "P"


def test_a_game_partner_bid_is_not_pulled_to_a_part_score() -> None:
    """1♣ (1♥) 2NT (P) 3NT (P): five clubs opposite the opening stay in 3NT rather than bid 4♣."""
    assert robot_call("Qs 4s Kh 3h 2h 9d 7d 3d Ac Kc Tc 7c 3c", "P 1C 1H 2NT P 3NT P") == "P"


def test_responder_over_their_overcall_of_a_minor_doubles_with_one_major_or_cue_bids_game_values() -> None:
    """1♦ (2♣): four hearts and 11 HCP make the negative double; 15 HCP with no four-card major and
    no club stopper cue-bid 3♣ (game forcing) rather than pass; 8 HCP with nothing to show pass."""
    assert robot_call("Qs 6s 5s Kh Qh Jh 8h Kd Td Tc 6c 5c 3c", "1D 2C") == "X"
    assert robot_call("As Qs 5s Kh Qh Jh Kd Td 2d Tc 6c 5c 3c", "1D 2C") == "3C"
    assert robot_call("Qs 6s 5s Kh 4h 2h Kd Td 2d Tc 6c 5c 3c", "1D 2C") == "P"
    assert explain(calls_of("1D 2C 3C"), 2) == "Response: 13+ HCP, a cue-bid: game forcing, no natural bid."


def test_a_doubled_transfer_is_completed_with_three_trumps_or_after_responders_redouble() -> None:
    """1NT P 2♦ X: three hearts complete the transfer, two pass; responder (five hearts) then
    redoubles, and opener completes it; the auction goes on as after an undoubled transfer."""
    assert robot_call("As Ks Qh 5h 3h Jd 9d 5d Kc Jc 8c 6c 3c", "1NT P 2D X") == "2H"
    assert robot_call("As Ks 5s Qh 5h Jd 9d 5d 3d Kc Jc 8c 6c", "1NT P 2D X") == "P"
    assert robot_call("Js Ts 6s Ah Kh Th 9h 6h Td 4d 7c 5c 2c", "1NT P 2D X P P") == "XX"
    assert robot_call("As Ks 5s Qh 5h Jd 9d 5d 3d Kc Jc 8c 6c", "1NT P 2D X P P XX P") == "2H"
    assert robot_call("Js Ts 6s Ah Kh Th 9h 6h Td 4d Kc 5c 2c", "1NT P 2D X P P XX P 2H P") == "3NT"
    assert explain(calls_of("1NT P 2D X P"), 4) == ("Opener's rebid: 2+ hearts, two trumps: partner may redouble "
                                                    "to have the transfer completed.")
    assert explain(calls_of("1NT P 2D X P P XX"), 6) == "Later call: asks opener to complete the transfer."


def test_a_doubled_transfer_over_our_1nt_overcall_is_completed_too() -> None:
    """1♣ P P 1NT (protective) P 2♦ X: the system stays on over the overcall as over the opening:
    two hearts pass, responder with five hearts redoubles rather than play 2♦ doubled, and
    opener completes the transfer; three hearts complete it at once (1♣ 1NT P 2♦ X)."""
    assert robot_call("As 9s 6s 5h 2h Ad Jd 6d Qc Jc 8c 4c 2c", "1C P P 1NT P 2D X") == "P"
    assert robot_call("8s 5s 4s 3s Kh Th 9h 6h 4h Qd 3d Ac Tc", "1C P P 1NT P 2D X P P") == "XX"
    assert robot_call("As 9s 6s 5h 2h Ad Jd 6d Qc Jc 8c 4c 2c", "1C P P 1NT P 2D X P P XX P") == "2H"
    assert robot_call("As 9s 6s Kh 5h 2h Ad Jd 6d Qc Jc 8c 4c", "1C 1NT P 2D X") == "2H"


def test_stayman_doubled_is_answered_as_undoubled() -> None:
    """1NT P 2♣ X: opener shows a four-card major as over an undoubled Stayman."""
    assert robot_call("As Ks 5s 2s Qh 5h Jd 9d 5d Kc Jc 8c 6c", "1NT P 2C X") == "2S"
    assert robot_call("As Ks 5s Qh 5h 3h Jd 9d 5d Kc Jc 8c 6c", "1NT P 2C X") == "2D"


def test_opener_shows_the_major_asked_for_over_their_bid_and_responder_bids_game() -> None:
    """1NT P 2♣ (2♦): four spades bid 2♠, none pass; responder with 10 HCP and four hearts bids
    3NT either way (it passed 2♦ out before). 1NT P 2♦ (2♠): four hearts bid 3♥, three pass;
    responder's five hearts and 10 HCP raise 3♥ to game; a weak hand passes."""
    assert robot_call("Ks Js 9s 7s Jh 8h 3h Kd 7d 6d Ac Kc 2c", "1NT P 2C 2D") == "2S"
    assert robot_call("Ks Js 9s Jh 8h 3h Kd 7d 6d Ac Kc 7c 2c", "1NT P 2C 2D") == "P"
    assert robot_call("Qs Ts 2s Ah Qh Th 2h 8d 4d Qc 8c 5c 4c", "1NT P 2C 2D 2S P") == "3NT"
    assert robot_call("Qs Ts 2s Ah Qh Th 2h 8d 4d Qc 8c 5c 4c", "1NT P 2C 2D P P") == "3NT"
    assert robot_call("Ks Js 9s Jh 8h 3h 2h Kd 7d Ac Kc 7c 2c", "1NT P 2D 2S") == "3H"
    assert robot_call("Ks Js 9s Jh 8h 3h Kd 7d 6d Ac Kc 7c 2c", "1NT P 2D 2S") == "P"
    assert robot_call("Qs 2s Ah Qh Th 7h 2h 8d 4d Qc 8c 5c 4c", "1NT P 2D 2S 3H P") == "4H"
    assert robot_call("Qs 2s Qh Th 8h 7h 2h 8d 4d Jc 8c 5c 4c", "1NT P 2D 2S P P") == "P"
    assert explain(calls_of("1NT P 2C 2D 2S"), 4) == "Opener's rebid: 4+ spades, a four-card major, over their bid."


def test_a_hand_short_in_partners_doubled_overcall_of_their_1nt_runs_to_its_own_suit() -> None:
    """1NT 2♦ X: a singleton diamond and six clubs bid 3♣ (2♦ doubled went four down with a club
    fit); two diamonds leave the double in."""
    assert robot_call("Ks 8s 8h 6h 4h 2h 9d Jc Tc 8c 6c 3c 2c", "1NT 2D X") == "3C"
    assert explain(calls_of("1NT 2D X 3C"), 3) == \
        "Advance: 5+ clubs, runs from the doubled overcall: short in it."
    assert robot_call("Qs Js 6s 2s Qh 9h 6h 2h 8d 6d 9c 8c 7c", "1NT 2D X") == "P"


def test_the_structure_follows_our_1nt_overcall_of_their_raised_suit(monkeypatch: pytest.MonkeyPatch) -> None:
    """1♦ 1NT 2♦: five spades and five hearts with 5 HCP compete in 2♠ (it passed, and 4♠ made);
    four hearts and 10 HCP cue-bid 3♦, and the overcaller shows the hearts. Over a new suit of
    theirs (1♦ 1NT 2♥) the structure does not apply: their diamonds are no suit of ours."""
    monkeypatch.setattr(notrump_contested, "penalty_double", lambda position: [])
    assert robot_call("Ts 8s 7s 5s 2s Qh 9h 7h 5h 2h Kc 9c 6c", "1D 1NT 2D") == "2S"
    assert explain(calls_of("1D 1NT 2D 2S"), 3) == "Advance: at most 9 HCP, 5+ spades, to play."
    assert robot_call("9s 6s 2s Kh Qh 9h 5h 7d 4d Ac Jc 9c 6c", "1D 1NT 2D") == "3D"
    assert robot_call("Ks Qs 2s Ah Jh 9h 5h Kd 4d Ac Jc 9c 6c", "1D 1NT 2D 3D P") == "3H"
    assert notrump_contested.rules(position_of("1D 1NT 2H")) is None
    assert robot_call("Js 9s 6s 5s Qh 2h Qd Jd 9d 6d 2d 8c 9c", "P 1NT 2C") == "2D"  # a pass before our 1NT opening
