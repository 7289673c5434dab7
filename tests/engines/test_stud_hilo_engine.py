"""The stud hi-lo engine: pots split between the best high and the best eight-or-better low, the odd
chip to the high half, a scoop, a quartered low, no low, a short all-in's side pot, the names, the
PHH export, and random play with the stud hi-lo robot keeping every chip."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import stud_hilo as hilo_ai
from bot.games.base import Action, Seat
from bot.games.stud_hilo import StudHiLoEngine
from tests.engines.test_stud_engine import NAMES, SEED, call_down, rig
from tests.support.export_checks import replayed_stacks


def hilo(n: int, stack: int = 1000, stacks: list[int] | None = None) -> StudHiLoEngine:
    chips = stacks or [stack] * n
    return StudHiLoEngine({}, [Seat(name, chips[i]) for i, name in enumerate(NAMES[:n])], SEED, {"dealer": 0})


def test_the_lowest_door_card_brings_in_as_in_stud(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["AsAdKs", "KdKh2d", "QsQd2c"])
    assert hilo(3).to_act() == (2,)


def test_a_pot_of_nine_splits_five_to_the_high_and_four_to_the_low(monkeypatch: pytest.MonkeyPatch) -> None:
    # Ann: Kings full, no low; Bob: 7-5-4-3-2 low and a pair of twos; Cat: nothing
    rig(monkeypatch, ["KsKdKhQsQdJcTc", "2c3d4h5s7c2dJh", "9c9dTdJsQcAcAd"])
    e = hilo(3)
    call_down(e)
    view = e.view(None)
    assert view["winners"] == ["Ann wins 5 (high) with Full house, Kings full of Queens",
                               "Bob wins 4 (low) with 7-5 low: 7-5-4-3-2"]
    assert view["seats"][1]["hand_name"] == "Pair of Twos; 7-5 low: 7-5-4-3-2"
    assert e.outcome is not None and e.outcome.deltas == (2, 1, -3)


def test_one_hand_scoops_both_halves(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["As2s3s4s5sKdKh", "Ad2d3d4d6dQcQh"])
    e = hilo(2)
    call_down(e)
    assert e.view(None)["winners"] == ["Ann wins 6 (high and low) with Straight flush, Five high and 5-4 low: 5-4-3-2-A"]


def test_without_a_qualifying_low_the_high_takes_the_whole_pot(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["KsKdKhQsQdJcTc", "9c9dTdJsQcAcAd"])
    e = hilo(2)
    call_down(e)
    assert e.view(None)["winners"] == ["Ann wins 6 (high, no low qualifies) with Full house, Kings full of Queens"]


def test_equal_lows_share_the_low_half(monkeypatch: pytest.MonkeyPatch) -> None:
    # Cat takes the high half (6 of 12 after four antes of 1 and bring-in calls of 2), Ann and Bob a quarter each
    rig(monkeypatch, ["As2s3s4s7sKdQh", "Ad2d3d4d7dQcJh", "TcThTdJcJdKcKs", "9h9s8h8s6hJs5c"])
    e = hilo(4)
    call_down(e)
    winners = e.view(None)["winners"]
    assert winners == ["Ann wins 3 (low) with 7-4 low: 7-4-3-2-A", "Bob wins 3 (low) with 7-4 low: 7-4-3-2-A",
                       "Cat wins 6 (high) with Full house, Tens full of Kings"]


def test_a_shared_half_gives_its_odd_chip_to_the_first_winner_left_of_the_dealer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Five antes of 1 and five bring-in calls of 2: 15, high 8 (Cat's tens full), low 7 shared by Ann
    # and Bob's equal 7-4-3-2-A: Bob, first left of the dealer (Ann), gets the odd chip.
    rig(monkeypatch, ["As2d3s4d7sKcQh", "Ad2s3d4s7dKsQc", "TcThTdJcJd9c9d", "5c5h6c6hJsJh8c", "QsQdKhAh9h9sTs"])
    e = hilo(5)
    call_down(e)
    assert e.outcome is not None and e.outcome.deltas == (0, 1, 5, -3, -3)
    assert e.view(None)["winners"] == ["Ann wins 3 (low) with 7-4 low: 7-4-3-2-A", "Bob wins 4 (low) with 7-4 low: 7-4-3-2-A",
                                       "Cat wins 8 (high) with Full house, Tens full of Jacks"]


def test_a_side_pot_that_no_hand_in_it_can_win_low_goes_whole_to_its_best_high(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Ann (6 chips) holds the only low; Dan (40 chips) the best high, aces full; Bob's queens full beat
    # Cat for the last side pot. Main pot 24: high to Dan, low to Ann. Side pot 102 (Bob, Cat, Dan;
    # none has a low): all of it to Dan, none of it to Bob as a "low". Side pot 62: Bob's.
    rig(monkeypatch, ["As2d3c4h7dKcKd", "QsQhQdJsJh9c9d", "TsTd8c6c5sJcJd", "KsKhAcAdAhTcTh"])
    e = hilo(4, stacks=[6, 500, 500, 40])
    while e.outcome is None:
        (seat,) = e.to_act()
        specs = {spec.kind: spec for spec in e.legal_actions(seat)}
        if seat in (1, 3) and "raise" in specs:  # Bob and Dan raise whenever they may, the others call
            e.apply(seat, Action("raise", amount=specs["raise"].min_amount))
        else:
            e.apply(seat, Action(next(k for k in ("bring_in", "check", "call") if k in specs)))
    assert e.outcome.deltas == (6, -9, -71, 74)
    assert e.view(None)["winners"] == ["Ann wins 12 (low) with 7-4 low: 7-4-3-2-A",
                                       "Bob wins 62 (high) with Full house, Queens full of Jacks",
                                       "Dan wins 114 (high) with Full house, Aces full of Kings"]


def test_the_phh_export_is_stud_hilo_and_replays_to_the_same_stacks(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["KsKdKhQsQdJcTc", "2c3d4h5s7c2dJh", "9c9dTdJsQcAcAd"])
    e = hilo(3)
    call_down(e)
    text = e.phh()
    assert "variant = 'F7S/8'" in text
    assert replayed_stacks(text) == [[1002, 1001, 997]]


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**64), dealer=st.integers(0, 7),
       stacks=st.lists(st.integers(3, 120), min_size=8, max_size=8))
def test_random_play_by_the_robot_keeps_every_chip(players: int, seed: int, dealer: int, stacks: list[int]) -> None:
    rng = random.Random(seed)
    e = StudHiLoEngine({}, [Seat(NAMES[i], stacks[i]) for i in range(players)], f"{seed:064x}",
                       {"dealer": dealer % players})
    while e.outcome is None:
        (seat,) = e.to_act()
        e.apply(seat, hilo_ai.choose(e.view(seat), e.legal_actions(seat), rng))
    assert sum(e.outcome.deltas) == 0
    view = e.view(None)
    said = sum(int(line.split(" wins ")[1].split()[0]) for line in view["winners"])
    assert said == sum(seat["won"] for seat in view["seats"]) > 0  # every chip paid is in a winners line
    assert replayed_stacks(e.phh()) == [[s.stack + d for s, d in zip(e.seats, e.outcome.deltas)]]
