"""Tricks given away against double dummy, card by card, and by whom.

Declarer's tricks against double dummy mix declarer's mistakes (fewer tricks) with the defence's
(more), so a robot declarer's errors can hide its defenders' ones. Solving the position before every
card played splits them: a card that takes fewer tricks for its side than the best card there gives
the difference away. The opening lead (made with three hands unseen) is counted apart.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from endplay.dds import solve_board
from endplay.types import Deal, Denom, Player

from bot.games.bridge import card_code, endplay_card, pbn_hand


@dataclass(frozen=True)
class GivenAway:
    """Tricks one board's play gave away against double dummy."""

    lead: int          # by the opening lead
    defence: int       # by the defenders' later cards
    declarer: int      # by declarer's and dummy's cards


def given_away(dealt: Sequence[Sequence[str]], strain: str, declarer: int,
               play: Sequence[tuple[int, str]]) -> GivenAway:
    """Replay ``play`` from the deal, solving each position before its card (endplay's DDS)."""
    deal = Deal("N:" + " ".join(pbn_hand(hand) for hand in dealt))
    deal.trump = Denom.find(strain)
    deal.first = Player((declarer + 1) % 4)
    lost = [0, 0, 0]
    for number, (seat, card) in enumerate(play):
        options = {card_code(c): tricks for c, tricks in solve_board(deal)}
        if len(options) > 1:
            who = 2 if seat % 2 == declarer % 2 else 0 if number == 0 else 1
            lost[who] += max(options.values()) - options[card]
        deal.play(endplay_card(card))
    return GivenAway(*lost)
