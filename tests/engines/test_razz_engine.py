"""The razz engine: the highest door card brings in (aces low), the lowest showing hand acts from
fourth street, the lowest hand wins and is named as players say it, the PHH export replays, and
random play with the razz robot keeps every chip."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import razz as razz_ai
from bot.games.base import Action, IllegalAction, Seat
from bot.games.razz import RazzEngine
from tests.engines.test_stud_engine import NAMES, SEED, call_down, rig
from tests.support.export_checks import replayed_stacks


def razz(n: int, stack: int = 1000, dealer: int = 0) -> RazzEngine:
    return RazzEngine({}, [Seat(name, stack) for name in NAMES[:n]], SEED, {"dealer": dealer})


def test_the_highest_door_card_brings_in_aces_low_and_the_higher_suit_breaks_ties(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["2c3cKc", "4d5dKs", "6h7hAs"])
    e = razz(3)
    assert e.to_act() == (1,)  # K♠ over K♣, and the ace is the lowest card
    assert [(s.kind, s.label) for s in e.legal_actions(1)] == [("bring_in", "Bring in 2"), ("raise", "Complete to 5")]
    with pytest.raises(IllegalAction, match="You have the highest upcard: bring in or complete"):
        e.apply(1, Action("fold"))
    e.apply(1, Action("bring_in"))
    with pytest.raises(IllegalAction, match="Only the highest upcard brings in"):
        e.apply(2, Action("bring_in"))


def test_from_fourth_street_the_lowest_showing_hand_acts_first(monkeypatch: pytest.MonkeyPatch) -> None:
    # fourth street shows K-Q, a pair of twos and 9-8: 9-8 is the lowest, and the pair the highest
    rig(monkeypatch, ["AcAdKdQd", "3c3d2c2d", "4c4d9h8h"])
    e = razz(3)
    assert e.to_act() == (0,)  # K♦ brings in
    call_down_to_street(e, "fourth street")
    assert e.to_act() == (2,)
    e.apply(2, Action("check"))
    assert e.to_act() == (0,)  # then round the table: the pair of twos is last


def test_a_high_hand_against_a_pair_showing(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["AcAdKdQd", "3c3d2c2d"])
    e = razz(2)
    call_down_to_street(e, "fourth street")
    assert e.to_act() == (0,)  # K-Q showing is lower than a pair


def call_down_to_street(e: RazzEngine, street: str) -> None:
    while e.view(None)["street"] != street:
        (seat,) = e.to_act()
        kinds = [spec.kind for spec in e.legal_actions(seat)]
        e.apply(seat, Action(next(k for k in ("bring_in", "check", "call") if k in kinds)))


def test_the_lowest_hand_wins_straights_do_not_count_and_pairs_do(monkeypatch: pytest.MonkeyPatch) -> None:
    # Ann: the wheel, a straight that is the best razz hand; Bob 6-4-3-2-A; Cat can't avoid a pair
    rig(monkeypatch, ["As2s3s4s5sKdKh", "Ad2d3d4d6dQcQh", "7c7d8c8dJcJdQs"])
    e = razz(3)
    call_down(e)
    view = e.view(None)
    assert [s["hand_name"] for s in view["seats"]] == ["5-4 low: 5-4-3-2-A", "6-4 low: 6-4-3-2-A", ""]
    assert "Cat mucks" in e.log  # a pair cannot win: Cat need not show
    assert view["winners"] == ["Ann wins 9 with 5-4 low: 5-4-3-2-A"]
    assert e.outcome is not None and e.outcome.deltas == (6, -3, -3)


def test_a_forced_pair_beats_two_pair_and_both_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["9c9d9hTcTdKcKd", "7c7d8c8dJcJdQs"])
    e = razz(2)
    call_down(e)
    assert [s["hand_name"] for s in e.view(None)["seats"]] == [
        "Two pair, Tens and Nines: 10-10-9-9-K", "Pair of Sevens: 7-7-Q-J-8"]
    assert e.view(None)["winners"] == ["Bob wins 6 with Pair of Sevens: 7-7-Q-J-8"]


def test_equal_lows_split_the_pot_suits_do_not_count(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["As2s3s4s7sKdKh", "Ad2d3d4d7dQcQh"])
    e = razz(2)
    call_down(e)
    assert e.outcome is not None and e.outcome.deltas == (0, 0)
    assert e.view(None)["winners"] == ["Ann wins 3 with 7-4 low: 7-4-3-2-A", "Bob wins 3 with 7-4 low: 7-4-3-2-A"]


def test_the_phh_export_is_razz_and_replays_to_the_same_stacks() -> None:
    e = razz(4)
    call_down(e)
    text = e.phh()
    assert "variant = 'FR'" in text
    outcome = e.outcome
    assert outcome is not None
    assert replayed_stacks(text) == [[1000 + d for d in outcome.deltas]]


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**64), dealer=st.integers(0, 7),
       stacks=st.lists(st.integers(3, 120), min_size=8, max_size=8))
def test_random_play_by_the_robot_keeps_every_chip(players: int, seed: int, dealer: int, stacks: list[int]) -> None:
    rng = random.Random(seed)
    e = RazzEngine({}, [Seat(NAMES[i], stacks[i]) for i in range(players)], f"{seed:064x}", {"dealer": dealer % players})
    while e.outcome is None:
        (seat,) = e.to_act()
        e.apply(seat, razz_ai.choose(e.view(seat), e.legal_actions(seat), rng))
    assert sum(e.outcome.deltas) == 0
    assert replayed_stacks(e.phh()) == [[s.stack + d for s, d in zip(e.seats, e.outcome.deltas)]]
