"""The stud hi-lo computer player: stud's robot (``bot/ai/stud.py``) counting both halves.

Its Monte Carlo equity gives every sampled showdown's pot half to the best high hand and half to
the best eight-or-better low (all of it to the high when no low qualifies), so a hand that can
scoop is worth the most (``hilo_share``). On third street it plays three cards that can make a low
(three different ranks, eight or lower) or a high hand worth playing alone (a pair of nines or
better, or three of a kind), and folds the rest to a bet.
"""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from bot.ai.draw import high_share
from bot.ai.razz import NO_PAIR, low_rank, low_start
from bot.ai.stud import play
from bot.games.base import Action, ActionSpec

HIGH_PAIRS = "9TJQKA"
QUALIFIER = 8
"""A low plays with five different ranks, none above an eight."""


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """The action for the seat ``view`` belongs to, among ``legal``."""
    return play(view, legal, rng, hilo_share, worth_a_call=good_start)


def good_start(cards: Sequence[str]) -> bool:
    """Three low cards, or a big pair or trips."""
    ranks = [card[0] for card in cards]
    paired = [r for r in set(ranks) if ranks.count(r) >= 2]
    return low_start(cards) or any(r in HIGH_PAIRS or ranks.count(r) == 3 for r in paired)


def _low(cards: Sequence[str]) -> tuple[int, ...] | None:
    """The five low ranks of an eight-or-better low (ace 1, the highest first), else None."""
    no_pair, ranks = low_rank(cards)
    return ranks if no_pair == NO_PAIR and ranks[0] <= QUALIFIER else None


def hilo_share(mine: list[str], others: list[list[str]]) -> float:
    """The pot share of ``mine`` when half goes to the best high and half to the best qualifying
    low (ties split; the whole pot to the high without a low)."""
    high = high_share(mine, others)
    lows = [_low(hand) for hand in others]
    mine_low = _low(mine)
    qualified = [low for low in lows if low is not None]
    if mine_low is None and not qualified:
        return high
    if mine_low is None or qualified and min(qualified) < mine_low:
        return high / 2
    return high / 2 + 0.5 / (qualified.count(mine_low) + 1)
