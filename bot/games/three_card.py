"""Three-card poker hands as Poker Squared ranks them.

Straight flush > three of a kind > straight > flush > pair > high card. Note the order differs from
five-card poker: with three cards a straight is rarer than a flush. The ace is high or low but not
both: A-2-3 is the lowest straight, Q-K-A the highest, K-A-2 is no straight. Suits never break ties.

``rank(cards)`` gives a key tuple; a higher key is a better hand and equal keys tie exactly.
"""
from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Iterable

from bot.games.cards import DECK

HIGH_CARD, PAIR, FLUSH, STRAIGHT, THREE_OF_A_KIND, STRAIGHT_FLUSH = range(6)
CATEGORY_NAMES = ("High card", "Pair", "Flush", "Straight", "Three of a kind", "Straight flush")

VALUES = {r: v for v, r in enumerate("23456789TJQKA", start=2)}
_NAMES = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine",
          10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
_PLURALS = {v: ("Sixes" if v == 6 else n + "s") for v, n in _NAMES.items()}

HandKey = tuple[int, ...]


def rank(cards: Iterable[str]) -> HandKey:
    """Key of a three-card hand: (category, tie-break values...). Higher is better."""
    return _rank_sorted(tuple(sorted(cards)))


@cache
def _rank_sorted(cards: tuple[str, ...]) -> HandKey:
    if len(cards) != 3:
        raise ValueError(f"a hand has 3 cards, not {len(cards)}")
    values = sorted((VALUES[c[0]] for c in cards), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    high, mid, low = values
    if high == low:
        return (THREE_OF_A_KIND, high)
    if high == mid or mid == low:
        pair, kicker = (high, low) if high == mid else (low, high)
        return (PAIR, pair, kicker)
    straight_high = high if high - low == 2 else 3 if values == [14, 3, 2] else 0
    if straight_high:
        return (STRAIGHT_FLUSH if flush else STRAIGHT, straight_high)
    return (FLUSH if flush else HIGH_CARD, high, mid, low)


def describe(key: HandKey) -> str:
    """Player-facing name of a hand key: "Pair of Kings", "Straight, 3 high"."""
    category = key[0]
    if category == THREE_OF_A_KIND:
        return f"Three {_PLURALS[key[1]]}"
    if category == PAIR:
        return f"Pair of {_PLURALS[key[1]]}"
    if category == HIGH_CARD:
        return f"High card {_NAMES[key[1]]}"
    return f"{CATEGORY_NAMES[category]}, {_NAMES[key[1]]} high"


@cache
def _strength_table() -> dict[HandKey, float]:
    keys = sorted(rank(hand) for hand in combinations(DECK, 3))
    table: dict[HandKey, float] = {}
    total = len(keys)
    for i, key in enumerate(keys):
        table.setdefault(key, i / total)  # share of all hands strictly worse
    return table


def strength(cards: Iterable[str]) -> float:
    """Share (0..1) of all 22,100 three-card hands that this hand beats: a quick sense of value."""
    return _strength_table()[rank(cards)]
