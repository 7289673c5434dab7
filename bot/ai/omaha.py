"""The Omaha and Omaha hi-lo computer player: Monte Carlo pot share, pot odds, pot-limit sizing.

Like the hold'em player it treats every opponent's hand as random four cards, and differs where
Omaha does:

- **Pot share**, not just high equity: in hi-lo each sample pays half the pot to the best high and
  half to the best qualifying low (the whole pot to the high when no low qualifies), ties sharing.
  A hand that wins the low alone is worth about half a pot, a hand that can scoop nearly all of it,
  so the player values two-way hands (A-2 with high cards) over one-way ones.
- **Strength** is that share scaled to the number of players (``share * players / 2``): 0.5 is an
  average hand however many are in.
- **Facing a bet**: raise with a strong hand, call when the share beats the pot odds, else fold.
- **Checked to**: bet for value with a good hand, bluff now and then on the flop or turn.

Ranking uses phevaluator's ``evaluate_omaha_cards`` for the high and the engine's 2 + 3 low.
"""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from phevaluator import evaluate_omaha_cards

from bot.ai.holdem import play_by_share
from bot.games.base import Action, ActionSpec
from bot.games.cards import DECK
from bot.games.omaha import best_low

SAMPLES = 160


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """The action for the seat ``view`` belongs to, among ``legal`` (the hold'em player's betting,
    with Omaha's pot share as the estimate)."""
    hilo = view["game"] == "omaha-hilo"
    return play_by_share(view, legal, rng,
                         lambda hole, board, opponents: pot_share(hole, board, opponents, SAMPLES, rng, hilo=hilo))


def pot_share(hole: Sequence[str], board: Sequence[str], opponents: int, samples: int, rng: random.Random,
              *, hilo: bool) -> float:
    """Share of the pot ``hole`` wins on average against ``opponents`` random four-card hands,
    the rest of the board drawn ``samples`` times from the unseen cards."""
    if opponents < 1:
        return 1.0
    known = set(hole) | set(board)
    deck = [c for c in DECK if c not in known]
    missing = 5 - len(board)
    draw = missing + 4 * opponents
    total = 0.0
    for _ in range(samples):
        drawn = rng.sample(deck, draw)
        full = [*board, *drawn[:missing]]
        hands = [hole] + [drawn[i:i + 4] for i in range(missing, draw, 4)]
        highs = [evaluate_omaha_cards(*full, *hand) for hand in hands]
        high_share = _share(highs)
        if not hilo:
            total += high_share
            continue
        lows = [best_low(hand, full) for hand in hands]
        if all(low is None for low in lows):
            total += high_share
        else:
            total += (high_share + _share(lows)) / 2
    return total / samples


def _share(ranks: Sequence[Any]) -> float:
    """The first hand's part of a pot won by the smallest rank (``None`` never wins), ties sharing."""
    best = min((r for r in ranks if r is not None), default=None)
    if best is None or ranks[0] != best:
        return 0.0
    return 1.0 / sum(1 for r in ranks if r == best)
