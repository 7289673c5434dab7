"""The badugi computer player: keeps its best badugi subset, draws the rest, bets on equity.

- **The draw** keeps the cards that play (the most cards of different suits and ranks, the lowest
  of those: ``badugi_cards``) and throws the others. While two or more draws remain it also throws a
  playing card above an 8 from a hand of three or fewer, and a jack or higher from a four-card
  badugi, to draw to a low one; with the last draw it keeps every playing card of a four-card badugi
  and stands pat.
- **Betting** is the draw player's ``bet`` on Monte Carlo equity: the cards it keeps, topped up at
  random to four, against as many random hands that draw by the same rules while draws remain,
  ranked by badugi order (``badugi_share``).
"""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from bot.ai.draw import bet, drawing_equity, share_by
from bot.games.base import HIDDEN, Action, ActionSpec
from bot.games.low_hands import badugi_cards, badugi_rank

SAMPLES = 150
ORDER = "A23456789TJQK"
"""Badugi order: the ace lowest."""

badugi_share = share_by(badugi_rank)


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """The action for the seat ``view`` belongs to, among ``legal``."""
    specs = {spec.kind: spec for spec in legal}
    hand = view["seats"][view["viewer"]]["cards"]
    left = int(view.get("draws_left", 0))
    if "discard" in specs:
        discards = choose_discards(hand, left)
        return Action("discard", cards=discards) if discards else Action("stand_pat")
    if not hand or HIDDEN in hand:
        return Action("check") if "check" in specs else Action("fold")
    keep = [c for c in hand if c not in choose_discards(hand, left)] if left else list(hand)
    opponents = sum(1 for i, s in enumerate(view["seats"]) if i != view["viewer"] and not s["folded"])
    redraw = (lambda cards: choose_discards(cards, left)) if left else (lambda cards: ())
    win = drawing_equity(keep, 4, opponents, SAMPLES, rng, badugi_share, redraw)
    return bet(view, specs, win, opponents, rng)


def choose_discards(hand: Sequence[str], draws_left: int) -> tuple[str, ...]:
    """The cards a badugi player throws with ``draws_left`` draws to come (this one included)."""
    playing = list(badugi_cards(hand))  # highest first
    if draws_left >= 2 and playing:
        too_high = "J" if len(playing) == 4 else "9"
        while len(playing) > 1 and ORDER.index(playing[0][0]) >= ORDER.index(too_high):
            playing.pop(0)
    return tuple(c for c in hand if c not in playing)
