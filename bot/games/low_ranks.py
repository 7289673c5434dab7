"""Ace-to-five lows ranked on phevaluator card numbers, for the all-in figures of razz and stud hi-lo.

The figures rank every hand of up to 2,000 runouts, so the usual case is counted directly: with five
or more different ranks among the seven cards, the five lowest of them are the best low (any hand
without a pair beats one with a pair, and the lowest five ranks are lowest card by card). Only a hand
with a pair in every five falls back to ``best_ace_to_five``, the showdown's own evaluation.
"""
from __future__ import annotations

from collections import Counter
from typing import Sequence

from bot.games.equity import CARD_CODE
from bot.games.low_hands import best_ace_to_five
from bot.games.stud_hilo import EIGHT

ACE = 12
"""phevaluator's rank number of the ace (card number // 4); deuce is 0."""
_BASE = 16
"""A digit per rank (1-13) or count (1-4) when a low's sort key is packed into one number."""


def _low_value(card: int) -> int:
    """The card's rank read ace-to-five: ace 1, deuce 2 ... king 13."""
    rank = card // 4
    return 1 if rank == ACE else rank + 2


def _lowest_five(values: Sequence[int]) -> tuple[int, ...] | None:
    """The five lowest different ranks, highest first, or None with fewer than five."""
    distinct = sorted(set(values))
    return tuple(reversed(distinct[:5])) if len(distinct) >= 5 else None


def razz_rank(hole: Sequence[int], board: Sequence[int]) -> int:
    """The best ace-to-five low of the cards as one number, smaller is better (razz: the lowest hand
    takes the pot; pairs count, straights and flushes do not)."""
    cards = (*hole, *board)
    low = _lowest_five([_low_value(card) for card in cards])
    if low is None:
        low = best_ace_to_five([CARD_CODE[card] for card in cards])
        assert low is not None  # without a qualifier every five cards make a low
    # Fewer of a kind first (no pair, one pair, two pair, trips, full house, quads), then the ranks as
    # the hand is read: the counts sorted from the largest order the shapes so.
    shape = sorted(Counter(low).values(), reverse=True)
    number = 0
    for digit in (*shape, *[0] * (5 - len(shape)), *low):
        number = number * _BASE + digit
    return number


def eight_or_better(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...] | None:
    """Stud hi-lo's low: the five lowest different ranks of eight or lower, highest first (smaller is
    better), or None when there are not five."""
    return _lowest_five([value for value in map(_low_value, (*hole, *board)) if value <= EIGHT])
