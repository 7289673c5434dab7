"""An all-in runout's figures, counted from the view rather than in the engine.

When no more betting is possible, an engine notes each street's spot (the live hands, the board so
far, the ranking rule and the sample key: a ``RunoutSpotView``) in its view under
``runout``, and nothing else: counting
the figures takes 10-300 ms for multiway Omaha hi-lo, and an engine's ``apply`` runs on the event
loop. ``with_equity`` counts them where the table picture is drawn (``images.poker`` in the render
pool's worker processes) and keeps the last few counts, so a picture drawn again (an edit, a replay)
counts nothing twice. The figures are exactly those the engine would have counted: same hands, same
runouts, same sample key.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, cast

from phevaluator import evaluate_cards, evaluate_omaha_cards

from bot.games.cards import DECK
from bot.games.equity import HighRank, LowRank, equities, hole_equities
from bot.games.low_ranks import eight_or_better, razz_rank
from bot.games.omaha import best_low_numbers
from bot.games.poker_view import HandEquityView, RunoutSpotView, StreetEquityView
from bot.games.short_deck_hands import SHORT_DECK, rank_numbers

RANKERS: dict[str, tuple[HighRank, LowRank | None]] = {
    "high": (lambda hole, board: evaluate_cards(*hole, *board), None),
    "omaha": (lambda hole, board: evaluate_omaha_cards(*board, *hole), None),
    "omaha-hilo": (lambda hole, board: evaluate_omaha_cards(*board, *hole), best_low_numbers),
    "short-deck": (lambda hole, board: rank_numbers(*hole, *board), None),
    "stud": (lambda hole, board: evaluate_cards(*hole), None),
    "razz": (razz_rank, None),
    "stud-hilo": (lambda hole, board: evaluate_cards(*hole), eight_or_better),
}
"""Ranking rule name (a spot's ``rule``) -> the rank the pot (in hi-lo its high half) goes to and, in
hi-lo, the low its runouts are counted by."""
HOLE_CARDS = {"stud": 7, "razz": 7, "stud-hilo": 7}
"""Rules without a board: each hand is dealt its own cards up to this many."""
DECKS = {"short-deck": SHORT_DECK}
"""Rules dealt from another deck than the 52 cards."""
BOARD_SIZE = 5

Hands = tuple[tuple[int, tuple[str, ...]], ...]


@lru_cache(maxsize=64)
def _count(rule: str, board: tuple[str, ...], hands: Hands, key: str) -> tuple[tuple[dict[str, float], ...], bool]:
    holes = {seat: list(cards) for seat, cards in hands}
    high, low = RANKERS[rule]
    if rule in HOLE_CARDS:
        figures, exact = hole_equities(holes, HOLE_CARDS[rule], high, low, key=key)
    else:
        figures, exact = equities(holes, list(board), high, low, key=key, board_size=BOARD_SIZE,
                                  deck=DECKS.get(rule, DECK))
    return tuple({"seat": seat, **figure.to_json()} for seat, figure in figures.items()), exact


def street_equity(spot: RunoutSpotView) -> StreetEquityView:
    """One street's figures from its spot."""
    hands: Hands = tuple((hand["seat"], tuple(hand["cards"])) for hand in spot["hands"])
    seats, exact = _count(spot["rule"], tuple(spot["board"]), hands, spot["key"])
    # each count is {"seat", "win", "tie", "share"[, "high", "low"]}: Equity.to_json's keys and the seat
    return {"street": spot["street"], "exact": exact, "seats": [cast(HandEquityView, dict(seat)) for seat in seats]}


def with_equity(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """The view with ``equity``, each street's figures, when it has a ``runout``; else the view itself."""
    spots = view.get("runout")
    if not spots:
        return view
    return {**view, "equity": [street_equity(spot) for spot in spots]}
