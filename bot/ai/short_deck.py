"""The short-deck hold'em computer player: the hold'em player's betting (``bot.ai.holdem``) on a
short-deck pot share.

Its equity is the hold'em player's Monte Carlo against random hands, drawn from the 36 cards still
unseen and ranked by short deck's order (``bot.games.short_deck_hands.rank_numbers``: a flush over
a full house, A-6-7-8-9 a straight), so it values suited cards and straight draws as the game does:
hands run closer than in hold'em, and it calls and raises by the same thresholds on that share.
"""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from bot.ai.equity import equity
from bot.ai.holdem import SAMPLES, play_by_share
from bot.games.base import Action, ActionSpec
from bot.games.short_deck_hands import SHORT_DECK, rank_numbers


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """The action for the seat ``view`` belongs to, among ``legal``."""
    return play_by_share(view, legal, rng, lambda hole, board, opponents: short_deck_equity(
        hole, board, opponents, SAMPLES, rng))


def short_deck_equity(hole: Sequence[str], board: Sequence[str], opponents: int, samples: int,
                      rng: random.Random) -> float:
    """Share of the pot ``hole`` wins on average against ``opponents`` random short-deck hands."""
    return equity(hole, board, opponents, samples, rng, deck=SHORT_DECK, rank=rank_numbers)
