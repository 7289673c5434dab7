"""The 2-7 lowball computer players (triple draw and single draw): draw to a low, bet on equity.

- **The draw** keeps the lowest cards of different ranks up to a limit (a 7 in triple draw while two
  or more draws remain, then an 8; an 8 in single draw) and throws the rest, and stands pat with a
  made hand (five different ranks, no straight, no flush) whose top card is low enough for the
  draws left: in triple draw an 8 or better with three draws to come, a 9 with two, a 10 with one;
  in single draw a 9 or better. A made hand with a straight or flush breaks its highest card.
- **Betting** is the draw player's ``bet`` on Monte Carlo equity: the cards it keeps, topped up at
  random, against as many random hands that draw by the same rules while draws remain, ranked low
  (``lowball_share``): a draw to a low is worth what it is against others drawing too.
"""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from phevaluator import evaluate_cards

from bot.ai.draw import bet, drawing_equity, share_by
from bot.ai.equity import CARD_ID
from bot.games.base import HIDDEN, Action, ActionSpec

SAMPLES = 200
ORDER = "23456789TJQKA"
"""2-7 order: the deuce lowest, the ace highest."""
_WORST_HIGH = 7463  # phevaluator ranks high hands 1 (best) to 7462 (7-5-4-3-2, the worst)
HIGH_CARD_HANDS = 1277
"""Five-card hands with no pair, straight or flush (the ranks of phevaluator's "high card" class)."""
TRIPLE_PAT = {3: "8", 2: "9", 1: "T"}
"""Triple draw: the highest top card a made hand stands pat with, by draws left."""


def low_rank(cards: list[str]) -> int:
    """A 2-7 hand's rank, the lowest best: the worst high hand is the best low."""
    return _WORST_HIGH - int(evaluate_cards(*(CARD_ID[c] for c in cards)))


lowball_share = share_by(low_rank)


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """The action for the seat ``view`` belongs to, among ``legal`` (either 2-7 game)."""
    specs = {spec.kind: spec for spec in legal}
    hand = view["seats"][view["viewer"]]["cards"]
    left = int(view.get("draws_left", 0))
    triple = view["game"] == "triple-draw"
    if "discard" in specs:
        discards = choose_discards(hand, left, triple)
        return Action("discard", cards=discards) if discards else Action("stand_pat")
    if not hand or HIDDEN in hand:
        return Action("check") if "check" in specs else Action("fold")
    keep = [c for c in hand if c not in choose_discards(hand, left, triple)] if left else list(hand)
    opponents = sum(1 for i, s in enumerate(view["seats"]) if i != view["viewer"] and not s["folded"])
    redraw = (lambda cards: choose_discards(cards, left, triple)) if left else (lambda cards: ())
    win = drawing_equity(keep, 5, opponents, SAMPLES, rng, lowball_share, redraw)
    return bet(view, specs, win, opponents, rng)


def _made(hand: Sequence[str]) -> bool:
    """Five different ranks, no straight, no flush: a hand that is only its low."""
    return len(hand) == 5 and low_rank(list(hand)) <= HIGH_CARD_HANDS


def choose_discards(hand: Sequence[str], draws_left: int, triple: bool) -> tuple[str, ...]:
    """The cards a 2-7 player throws with ``draws_left`` draws to come (this one included)."""
    ranks = sorted(hand, key=lambda c: ORDER.index(c[0]))
    top = max(ORDER.index(c[0]) for c in hand)
    pat = TRIPLE_PAT.get(draws_left, "T") if triple else "9"
    if _made(hand) and top <= ORDER.index(pat):
        return ()
    if len({c[0] for c in hand}) == 5 and top <= ORDER.index(pat):
        return (ranks[-1],)  # a straight or flush: break it at its top card
    limit = "7" if triple and draws_left >= 2 else "8"
    keep: list[str] = []
    for card in ranks:
        if ORDER.index(card[0]) <= ORDER.index(limit) and all(k[0] != card[0] for k in keep):
            keep.append(card)
    return tuple(c for c in hand if c not in keep)
