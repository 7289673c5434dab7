"""Gin meld arrangement against an independent brute force, plus layoff rules."""
from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings, strategies as st

from bot.games.cards import DECK
from bot.games.gin_melds import (
    best_arrangement, best_layoffs, card_points, deadwood, deadwood_after_discards, fits, is_meld,
    lay_off, layoffs,
)

RANKS = "A23456789TJQK"


def _value(card: str) -> int:
    return min(RANKS.index(card[0]) + 1, 10)


def _brute_is_meld(cards: tuple[str, ...]) -> bool:
    ranks = sorted(RANKS.index(c[0]) for c in cards)
    if len({c[0] for c in cards}) == 1:
        return len(cards) in (3, 4)
    return len({c[1] for c in cards}) == 1 and ranks == list(range(ranks[0], ranks[0] + len(cards)))


def brute_force_deadwood(hand: list[str]) -> int:
    """Every subset of 3+ cards of one rank or one suit checked as a meld; then, for the first card
    left, every choice of leaving it out or covering it with one of the melds it is in."""
    groups = [[c for c in hand if c[0] == r] for r in RANKS] + [[c for c in hand if c[1] == s] for s in "cdhs"]
    melds = [frozenset(s) for group in groups for n in range(3, len(group) + 1)
             for s in combinations(group, n) if _brute_is_meld(s)]
    memo: dict[tuple[str, ...], int] = {}

    def least(rest: tuple[str, ...]) -> int:
        if not rest:
            return 0
        if rest not in memo:
            first, others = rest[0], rest[1:]
            best = _value(first) + least(others)
            for meld in melds:
                if first in meld and meld <= set(rest):
                    best = min(best, least(tuple(c for c in rest if c not in meld)))
            memo[rest] = best
        return memo[rest]

    return least(tuple(hand))


def check(hand: list[str]) -> None:
    arrangement = best_arrangement(hand)
    assert arrangement.points == brute_force_deadwood(hand), hand
    laid = [card for meld in arrangement.melds for card in meld]
    assert sorted(laid + list(arrangement.deadwood)) == sorted(hand)
    assert len(set(laid)) == len(laid)
    assert all(is_meld(meld) for meld in arrangement.melds)
    assert arrangement.points == sum(card_points(c) for c in arrangement.deadwood)


def test_random_hands_match_brute_force() -> None:
    rng = random.Random(2024)
    low_cards = [r + s for r in "A2345" for s in "cdhs"]  # many overlapping sets and runs
    for size in (10, 11):
        for _ in range(2000):
            check(rng.sample(DECK, size))
        for _ in range(1000):
            check(rng.sample(low_cards, size))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=10, max_size=11, unique=True))
def test_any_hand_matches_brute_force(hand: list[str]) -> None:
    check(hand)


def test_a_card_counts_in_one_meld_only() -> None:
    # The rule text's example: the seven of diamonds joins the set or the run, not both.
    arrangement = best_arrangement(["7c", "7s", "7d", "8d", "9d"])
    assert arrangement.points == 14
    assert len(arrangement.melds) == 1


def test_aces_are_low_only() -> None:
    assert is_meld(["As", "2s", "3s"])
    assert not is_meld(["Qs", "Ks", "As"])
    assert not is_meld(["Ks", "As", "2s"])
    assert deadwood(["Qs", "Ks", "As"]) == 21
    assert is_meld(["Ac", "Ad", "Ah"])


def test_sets_have_three_or_four_cards_and_runs_one_suit() -> None:
    assert is_meld(["8h", "8d", "8s", "8c"])
    assert not is_meld(["8h", "8d"])
    assert not is_meld(["3h", "4h", "5d"])
    assert is_meld(["9c", "Tc", "Jc", "Qc", "Kc"])


def test_gin_and_big_gin_hands() -> None:
    gin = ["Ac", "2c", "3c", "7h", "7d", "7s", "9s", "Ts", "Js", "Qs"]
    assert best_arrangement(gin).points == 0
    big = ["Ac", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc"]
    assert best_arrangement(big).melds and deadwood(big) == 0


def test_deadwood_after_each_discard() -> None:
    hand = ["Ac", "2c", "3c", "7h", "7d", "7s", "9s", "Ts", "Js", "Qs", "Kd"]
    left = deadwood_after_discards(hand)
    assert left["Kd"] == 0
    assert left["Ac"] == 10 + 2 + 3  # the run breaks: 2, 3 and the king are deadwood
    assert left["Qs"] == 10  # 9-10-J stays a run


def test_layoffs_onto_sets_and_both_ends_of_runs() -> None:
    run = ("4h", "5h", "6h")
    assert fits("3h", run) and fits("7h", run)
    assert not fits("8h", run) and not fits("4d", run)
    assert fits("Kd", ("Kc", "Kh", "Ks"))
    assert not fits("Kd", ("Kc", "Kh", "Ks", "Kd"))
    assert not fits("As", ("Js", "Qs", "Ks"))  # aces low: nothing goes above the king
    assert layoffs(["3h", "Kd", "9c"], [run, ("Kc", "Kh", "Ks")]) == [("Kd", 1), ("3h", 0)]


def test_chained_layoffs_extend_a_run() -> None:
    table = ("2h", "3h", "4h")
    assert not fits("6h", table)
    table = lay_off("5h", table)
    assert table == ("2h", "3h", "4h", "5h") and fits("6h", table)


def test_best_layoffs_may_break_the_defenders_own_meld() -> None:
    # Four fives and a six of hearts against 2-3-4 of hearts: the five of hearts goes on the run,
    # the six follows, and the three other fives still make a set.
    points, plan = best_layoffs(["5c", "5d", "5h", "5s", "6h"], [("2h", "3h", "4h")])
    assert (points, plan) == (0, (("5h", 0), ("6h", 0)))
    assert deadwood(["5c", "5d", "5h", "5s", "6h"]) == 6


def test_best_layoffs_with_nothing_to_lay_off() -> None:
    assert best_layoffs(["9c", "Kd"], [("2h", "3h", "4h")]) == (19, ())


def test_best_layoffs_leave_home_a_card_that_would_break_the_defenders_set() -> None:
    # The 7 of clubs would fit 4-5-6 of clubs but breaks the defender's three sevens: only the king goes.
    assert best_layoffs(["7c", "7d", "7h", "Ks"], [("4c", "5c", "6c"), ("Kc", "Kd", "Kh")]) == (0, (("Ks", 1),))


def test_best_layoffs_lay_nothing_that_saves_nothing() -> None:
    # The five of hearts fits 2-3-4 of hearts, but the four fives are a meld already.
    assert best_layoffs(["5c", "5d", "5h", "5s"], [("2h", "3h", "4h")]) == (0, ())


def test_best_layoffs_name_each_of_three_melds_by_its_place() -> None:
    melds = [("2c", "3c", "4c"), ("9d", "9h", "9s"), ("Js", "Qs", "Ks")]
    assert best_layoffs(["5c", "9c", "Ts"], melds) == (0, (("5c", 0), ("9c", 1), ("Ts", 2)))


def test_a_wrong_card_code_is_refused_by_name() -> None:
    with pytest.raises(ValueError) as refused:
        card_points("1s")
    assert str(refused.value) == "'1s' is not a card code such as 'As' or 'Td'."
