"""The razz computer player: stud's robot (``bot/ai/stud.py``) counting low hands.

Its Monte Carlo equity ranks every sampled hand by its ace-to-five low (``razz_share``). On third
street it plays only three cards that can make a low: no pair and nothing above an eight (aces
are low), so a king or a queen showing folds to any bet, as a razz player folds a high door card.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Mapping, Sequence

from bot.ai.draw import share_by
from bot.ai.stud import play
from bot.games.base import Action, ActionSpec
from bot.games.low_hands import best_ace_to_five

LOW_ORDER = "A23456789TJQK"
HIGHEST_START = "8"
"""The highest card a starting hand may hold."""


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """The action for the seat ``view`` belongs to, among ``legal``."""
    return play(view, legal, rng, razz_share, worth_a_call=low_start)


def low_start(cards: Sequence[str]) -> bool:
    """Three different ranks, none above an eight."""
    ranks = {card[0] for card in cards}
    return len(ranks) == len(cards) and all(LOW_ORDER.index(r) <= LOW_ORDER.index(HIGHEST_START) for r in ranks)


NO_PAIR = (1, 1, 1, 1, 1)


def low_rank(cards: Sequence[str]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A sort key of the ace-to-five low in the cards, smaller is better: five different ranks (the
    five lowest, compared from the highest down) before a pair, two pair, trips..."""
    ranks = sorted({LOW_ORDER.index(card[0]) + 1 for card in cards})
    if len(ranks) >= 5:  # most samples: no need to try every five cards
        return NO_PAIR, tuple(reversed(ranks[:5]))
    low = best_ace_to_five(cards)
    assert low is not None  # no qualifier: any five cards make a low
    return tuple(sorted(Counter(low).values(), reverse=True)), low


razz_share = share_by(low_rank)
"""The pot share of a hand when the lowest hand wins (ties split)."""
