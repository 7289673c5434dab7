"""Three-card ranking of Poker Squared, checked against all 22,100 hands."""
from __future__ import annotations

from collections import Counter, defaultdict
from itertools import combinations

import pytest

from bot.games import three_card
from bot.games.cards import DECK
from bot.games.three_card import describe, rank, strength

ALL_HANDS = list(combinations(DECK, 3))
ORDER = ["high card", "pair", "flush", "straight", "three of a kind", "straight flush"]


def oracle(hand: tuple[str, ...]) -> tuple[int, list[int]]:
    """An independent, literal reading of the rules: (category index, tie-break list)."""
    values = sorted(("23456789TJQKA".index(c[0]) + 2 for c in hand), reverse=True)
    counts = Counter(values)
    windows = [[14, 3, 2]] + [[low + 2, low + 1, low] for low in range(2, 13)]  # A23 .. QKA
    straight_high = max((w[0] if w != [14, 3, 2] else 3 for w in windows if sorted(w) == sorted(values)),
                        default=None)
    suited = len({c[1] for c in hand}) == 1
    if straight_high and suited:
        return ORDER.index("straight flush"), [straight_high]
    if len(counts) == 1:
        return ORDER.index("three of a kind"), values[:1]
    if straight_high:
        return ORDER.index("straight"), [straight_high]
    if suited:
        return ORDER.index("flush"), values
    if len(counts) == 2:
        pair = next(v for v, n in counts.items() if n == 2)
        return ORDER.index("pair"), [pair] + [v for v in values if v != pair]
    return ORDER.index("high card"), values


def test_category_counts_over_all_hands() -> None:
    assert len(ALL_HANDS) == 22_100
    counts = Counter(rank(h)[0] for h in ALL_HANDS)
    assert [counts[c] for c in range(6)] == [16_440, 3_744, 1_096, 720, 52, 48]
    distinct = Counter(key[0] for key in {rank(h) for h in ALL_HANDS})
    assert [distinct[c] for c in range(6)] == [274, 156, 274, 12, 13, 12]


def test_order_matches_the_literal_rules_on_every_hand() -> None:
    by_oracle: dict[tuple[int, tuple[int, ...]], set] = defaultdict(set)
    for hand in ALL_HANDS:
        category, tiebreak = oracle(hand)
        key = rank(hand)
        assert key[0] == category, hand
        by_oracle[(category, tuple(tiebreak))].add(key)
    assert all(len(keys) == 1 for keys in by_oracle.values())  # equal by the rules = equal keys
    keys_in_oracle_order = [next(iter(by_oracle[k])) for k in sorted(by_oracle)]
    assert keys_in_oracle_order == sorted(keys_in_oracle_order)
    assert len(set(keys_in_oracle_order)) == len(keys_in_oracle_order)


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        (("2c", "3d", "4h"), ("Ac", "2d", "3h")),   # A-2-3 is the lowest straight
        (("Qc", "Kd", "Ah"), ("Jc", "Qd", "Kh")),   # Q-K-A the highest
        (("Ac", "2d", "3h"), ("Ah", "Kh", "9h")),   # a straight beats a flush
        (("2c", "2d", "2h"), ("Qc", "Kd", "Ah")),   # three of a kind beats a straight
        (("2s", "3s", "4s"), ("Ac", "Ad", "Ah")),   # straight flush tops everything
        (("2h", "5h", "7h"), ("Ac", "Ad", "Kh")),   # a flush beats a pair
        (("2c", "2d", "3h"), ("Ac", "Kd", "Jh")),   # a pair beats high card
        (("6c", "6d", "2h"), ("5c", "5d", "Ah")),   # the pair decides before the kicker
        (("9c", "9d", "5h"), ("9h", "9s", "4c")),   # then the kicker
        (("Ac", "Kd", "9h"), ("Ac", "Qd", "Jh")),   # high cards in order
    ],
)
def test_known_comparisons(better: tuple[str, ...], worse: tuple[str, ...]) -> None:
    assert rank(better) > rank(worse)


def test_k_a_2_is_not_a_straight_and_suits_never_break_ties() -> None:
    assert rank(["Kc", "Ad", "2h"]) == (three_card.HIGH_CARD, 14, 13, 2)
    assert rank(["Kc", "Kd", "7h"]) == rank(["Kh", "Ks", "7c"])
    assert rank(["As", "2s", "3s"]) == (three_card.STRAIGHT_FLUSH, 3)


def test_names() -> None:
    assert describe(rank(["Kc", "Kd", "7h"])) == "Pair of Kings"
    assert describe(rank(["6c", "6d", "6h"])) == "Three Sixes"
    assert describe(rank(["Ac", "2d", "3h"])) == "Straight, Three high"
    assert describe(rank(["Qs", "Ks", "As"])) == "Straight flush, Ace high"
    assert describe(rank(["2h", "9h", "Jh"])) == "Flush, Jack high"
    assert describe(rank(["2c", "9h", "Jh"])) == "High card Jack"


def test_strength_is_the_share_of_hands_beaten() -> None:
    assert strength(["2c", "3d", "5h"]) == 0.0
    assert strength(["2c", "2d", "3h"]) == pytest.approx(16_440 / 22_100)
    assert strength(["Qs", "Ks", "As"]) == pytest.approx((22_100 - 4) / 22_100)
    with pytest.raises(ValueError):
        rank(["2c", "3d"])
