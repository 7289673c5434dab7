"""Low hands named as players say them, for every game where the lowest hand wins a pot.

- **Ace-to-five** (razz, the low half of stud hi-lo): aces are low, straights and flushes do not
  count, pairs do. A hand is named by its two highest cards, then in full: "8-6 low: 8-6-5-4-A";
  a paired hand by its pair, "Pair of Nines: 9-9-6-4-A".
- **Deuce-to-seven** (2-7 lowball): aces are high, and straights and flushes count against you, so
  the best hand is 7-5-4-3-2. The four seven-lows are numbered as players call them, "number 1"
  (7-5-4-3-2) to "number 4" (7-6-5-4-2); other hands without a pair, straight or flush are "8-6
  low", and the rest keep their high-hand names ("Pair of Fours", "Straight, Seven high").
- **Badugi**: the largest set of cards of different suits and different ranks plays, aces low; a
  four-card badugi beats any three-card hand. "4-card badugi, 7 high" (7-5-3-A), else "three-card
  5-3-2", "two-card 4-A", "one-card A".
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Sequence

from bot.games.high_hands import hand_name

_HIGH_ORDER = "23456789TJQKA"
_LOW_ORDER = "A23456789TJQK"
_SAY = {"T": "10"}
NUMBERED_SEVENS: dict[tuple[str, ...], int] = {("7", "5", "4", "3", "2"): 1, ("7", "6", "4", "3", "2"): 2,
                                              ("7", "6", "5", "3", "2"): 3, ("7", "6", "5", "4", "2"): 4}
"""The seven-lows of 2-7 by the number players call them."""
_SHAPES = ([1, 1, 1, 1, 1], [2, 1, 1, 1], [2, 2, 1], [3, 1, 1], [3, 2], [4, 1])
_PLURALS = dict(zip(_LOW_ORDER, ("Aces", "Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights",
                                 "Nines", "Tens", "Jacks", "Queens", "Kings")))
_COUNT_WORDS = {1: "one-card", 2: "two-card", 3: "three-card"}


def _say(rank: str) -> str:
    return _SAY.get(rank, rank)


def spelled(ranks: Sequence[str]) -> str:
    """Ranks from the highest, as a low hand is read: "8-6-5-4-2", "10-8-4-3-2"."""
    return "-".join(_say(rank) for rank in ranks)


def _ace_to_five_key(ranks: Sequence[int]) -> tuple[int, ...]:
    """A sort key for five ace-to-five ranks (1 = ace), lower is better: fewer of a kind first (no
    pair, one pair, two pair, trips, full house, quads), then the grouped ranks from the highest."""
    counts = Counter(ranks)
    groups = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    return (_SHAPES.index(shape), *groups)


def best_ace_to_five(cards: Sequence[str], qualifier: int | None = None) -> tuple[int, ...] | None:
    """The best ace-to-five low of any five of ``cards`` (codes), as ranks (1 = ace) in the order the
    hand is read (the pair first, then from the highest); with ``qualifier`` only five different
    ranks, none above it, count, else None."""
    values = [_LOW_ORDER.index(card[0]) + 1 for card in cards]
    best: tuple[int, ...] | None = None
    best_key: tuple[int, ...] = ()
    for five in combinations(values, 5):
        if qualifier is not None and (len(set(five)) < 5 or max(five) > qualifier):
            continue
        key = _ace_to_five_key(five)
        if best is None or key < best_key:
            counts = Counter(five)
            best = tuple(sorted(five, key=lambda rank: (counts[rank], rank), reverse=True))
            best_key = key
    return best


def ace_to_five_name(low: Sequence[int]) -> str:
    """The name of an ace-to-five low from ``best_ace_to_five``: "8-6 low: 8-6-5-4-A", "Pair of
    Nines: 9-9-6-4-A"."""
    ranks = [_LOW_ORDER[value - 1] for value in low]
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    first, second = ranks[0], ranks[counts[ranks[0]]]
    kinds = {(1, 1): f"{_say(first)}-{_say(second)} low", (2, 1): f"Pair of {_PLURALS[first]}",
             (2, 2): f"Two pair, {_PLURALS[first]} and {_PLURALS[second]}", (3, 1): f"Three {_PLURALS[first]}",
             (3, 2): f"Full house, {_PLURALS[first]} full of {_PLURALS[second]}", (4, 1): f"Four {_PLURALS[first]}"}
    return f"{kinds[shape[0], shape[1]]}: {spelled(ranks)}"


def deuce_to_seven_name(cards: Sequence[str]) -> str:
    """The name of a five-card 2-7 lowball hand (card codes): "number 1 (7-5-4-3-2)", "8-6 low",
    "Pair of Fours"."""
    name = hand_name(list(cards))
    if not name.startswith("High card"):
        return name
    ordered = tuple(sorted((card[0] for card in cards), key=_HIGH_ORDER.index, reverse=True))
    number = NUMBERED_SEVENS.get(ordered)
    if number is not None:
        return f"number {number} ({spelled(ordered)})"
    return f"{_say(ordered[0])}-{_say(ordered[1])} low"


def badugi_cards(cards: Sequence[str]) -> tuple[str, ...]:
    """The cards that play in a badugi hand: the most cards of different suits and ranks, and among
    those the lowest (compared from the highest card down, aces low)."""
    best: tuple[str, ...] = ()
    best_key: tuple[int, ...] = ()
    for size in range(min(4, len(cards)), 0, -1):
        for subset in combinations(cards, size):
            if len({c[0] for c in subset}) < size or len({c[1] for c in subset}) < size:
                continue
            key = tuple(sorted((_LOW_ORDER.index(c[0]) for c in subset), reverse=True))
            if not best or key < best_key:
                best, best_key = subset, key
        if best:
            break
    return tuple(sorted(best, key=lambda c: _LOW_ORDER.index(c[0]), reverse=True))


def badugi_rank(cards: Sequence[str]) -> tuple[int, ...]:
    """A sort key for badugi hands, lower is better: fewer cards playing is worse, then the highest
    card, then the next."""
    playing = badugi_cards(cards)
    return (4 - len(playing), *(_LOW_ORDER.index(c[0]) for c in playing))


def badugi_name(cards: Sequence[str]) -> str:
    """The name of a badugi hand: "4-card badugi, 7 high", "three-card 5-3-2"."""
    playing = badugi_cards(cards)
    ranks = [card[0] for card in playing]
    if len(playing) == 4:
        return f"4-card badugi, {_say(ranks[0])} high"
    return f"{_COUNT_WORDS[len(playing)]} {spelled(ranks)}"
