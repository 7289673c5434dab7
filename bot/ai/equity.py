"""Monte Carlo hold'em equity with phevaluator: how often a hand wins against random hands.

A few hundred samples give the equity to within a few percent, which is all a betting decision
needs, in a few milliseconds. Ties count as a share of the pot.
"""
from __future__ import annotations

import random
from typing import Callable, Sequence

from phevaluator import evaluate_7cards

from bot.games.cards import DECK

CARD_ID = {card: "23456789TJQKA".index(card[0]) * 4 + "cdhs".index(card[1]) for card in DECK}
"""Card code -> phevaluator's card number (rank * 4 + suit, clubs first)."""


def equity(hole: Sequence[str], board: Sequence[str], opponents: int, samples: int,
           rng: random.Random, *, deck: Sequence[str] = DECK,
           rank: Callable[..., int] = evaluate_7cards) -> float:
    """Share of the pot ``hole`` wins on average against ``opponents`` random hands.

    The unseen cards (the rest of the board and the opponents' hands) are drawn ``samples``
    times from the cards of ``deck`` neither in ``hole`` nor on ``board``; ``rank`` ranks seven
    cards given as phevaluator's numbers, smaller better (short deck ranks its own way).
    """
    if opponents < 1:
        return 1.0
    known = set(hole) | set(board)
    unseen = [CARD_ID[c] for c in deck if c not in known]
    mine = [CARD_ID[c] for c in hole]
    seen = [CARD_ID[c] for c in board]
    missing = 5 - len(seen)
    draw = missing + 2 * opponents
    won = 0.0
    for _ in range(samples):
        drawn = rng.sample(unseen, draw)
        full = seen + drawn[:missing]
        mine_rank = rank(*mine, *full)
        best = 10_000
        ties = 0
        for i in range(missing, draw, 2):
            other = rank(drawn[i], drawn[i + 1], *full)
            if other < best:
                best, ties = other, 1
            elif other == best:
                ties += 1
        if mine_rank < best:
            won += 1.0
        elif mine_rank == best:
            won += 1.0 / (ties + 1)
    return won / samples
