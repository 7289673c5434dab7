"""All-in equity: each live hand's chance to win from the cards still to come.

Once no more betting is possible (every live hand but at most one is all in), the rest of the
board decides the hand. For every runout of the unseen cards each hand's share of the pot is counted:
alone (a win), split (a tie), and in hi-lo which half it takes. The figures are exact, over every
runout, when there are at most ``EXACT_RUNOUTS`` of them (the flop and the turn); before the flop
there are 1.7 million, so ``SAMPLES`` runouts are drawn by a ``random.Random`` keyed by the SHA-256 of
the deal's seed and the street (``sample_key``): the same deal always shows the same figures, and the
key tells nothing of the deck.

Engines only note each street's spot (``bot.games.runout_equity``); the figures are counted where the
table picture is drawn, in the render pool, never on the event loop.

Unseen cards are all the cards not in a live hand or on the board: folded and burned cards are
unknown to the players, so they count as unseen, as on a televised equity graphic.
"""
from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass
from itertools import combinations
from typing import Callable, Iterable, Mapping, Sequence

from bot.games.cards import DECK

EXACT_RUNOUTS = 2_000
"""Enumerate every runout up to this many (a heads-up hold'em flop has 990, a turn 44)."""
SAMPLES = 2_000
"""Runouts drawn when there are more: within about 2 points of the exact figure (95 %)."""

CARD_ID: dict[str, int] = {card: "23456789TJQKA".index(card[0]) * 4 + "cdhs".index(card[1]) for card in DECK}
"""Card code -> phevaluator's card number: the rankers get these, so phevaluator parses nothing."""
CARD_CODE: dict[int, str] = {number: card for card, number in CARD_ID.items()}

HighRank = Callable[[Sequence[int], Sequence[int]], int]
"""(hole, full board) as card numbers -> rank of the best hand for the whole pot (in hi-lo its high
half; in razz the lowest hand), smaller is better."""
LowRank = Callable[[Sequence[int], Sequence[int]], "tuple[int, ...] | None"]
"""(hole, full board) as card numbers -> the best qualifying low, smaller is better; None if none."""


@dataclass(frozen=True)
class HandEquity:
    """One hand's chances over the runouts, as fractions of 1.

    ``win``: takes the whole pot alone; ``tie``: takes part of it (a split, or one half in hi-lo);
    ``share``: the pot share on average. Hi-lo only: ``high`` and ``low``, the chance to win or split
    that half (``None`` in high-only games)."""

    win: float
    tie: float
    share: float
    high: float | None = None
    low: float | None = None

    def to_json(self) -> dict[str, float]:
        data = {"win": round(self.win, 4), "tie": round(self.tie, 4), "share": round(self.share, 4)}
        if self.high is not None and self.low is not None:
            data |= {"high": round(self.high, 4), "low": round(self.low, 4)}
        return data


def sample_key(seed: str) -> str:
    """The key a sample is drawn with, from a text naming the deal and street: its SHA-256 (hex), so a
    view can carry it without the deal's seed."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def _sampler(key: str) -> random.Random:
    return random.Random(bytes.fromhex(key))


def runouts(unseen: Sequence[int], missing: int, key: str) -> tuple[Iterable[tuple[int, ...]], bool]:
    """Every ``missing``-card runout of ``unseen`` if there are few enough, else ``SAMPLES`` drawn from
    a generator keyed by ``key`` (``sample_key``); the flag says whether the list is exact."""
    if math.comb(len(unseen), missing) <= EXACT_RUNOUTS:
        return combinations(unseen, missing), True
    rng = _sampler(key)
    return (tuple(rng.sample(unseen, missing)) for _ in range(SAMPLES)), False


def own_runouts(unseen: Sequence[int], missing: Sequence[int],
                key: str) -> tuple[Iterable[tuple[tuple[int, ...], ...]], bool]:
    """Runouts of games without a board (stud): ``missing[i]`` cards to the i-th hand, every way of
    dealing them if there are few enough, else ``SAMPLES`` dealt from a generator keyed by ``key``."""
    ways, left = 1, len(unseen)
    for count in missing:
        ways, left = ways * math.comb(left, count), left - count
    if ways <= EXACT_RUNOUTS:
        return _every_deal(tuple(unseen), tuple(missing)), True
    rng = _sampler(key)

    def sampled() -> Iterable[tuple[tuple[int, ...], ...]]:
        for _ in range(SAMPLES):
            drawn = rng.sample(unseen, sum(missing))
            cuts = [sum(missing[:i]) for i in range(len(missing) + 1)]
            yield tuple(tuple(drawn[a:b]) for a, b in zip(cuts, cuts[1:]))
    return sampled(), False


def _every_deal(unseen: tuple[int, ...], missing: tuple[int, ...]) -> Iterable[tuple[tuple[int, ...], ...]]:
    if not missing:
        yield ()
        return
    for mine in combinations(unseen, missing[0]):
        rest = tuple(card for card in unseen if card not in mine)
        for others in _every_deal(rest, missing[1:]):
            yield (mine, *others)


def equities(holes: Mapping[int, Sequence[str]], board: Sequence[str], high: HighRank,
             low: LowRank | None = None, *, key: str, board_size: int = 5,
             deck: Sequence[str] = DECK) -> tuple[dict[int, HandEquity], bool]:
    """Each live hand's equity (by seat) with ``board`` dealt so far and ``board_size`` cards in all,
    and whether the figures are exact (every runout) rather than sampled.

    ``low`` is given in a high-low split game: a qualifying low takes half of each runout's pot.
    ``deck``: the cards the game deals (short deck's 36), the unseen ones among them.
    """
    known = set(board).union(*holes.values())
    unseen = [CARD_ID[card] for card in deck if card not in known]
    hands = {seat: tuple(CARD_ID[card] for card in hole) for seat, hole in holes.items()}
    dealt = tuple(CARD_ID[card] for card in board)
    deals, exact = runouts(unseen, board_size - len(board), key)
    finals = ({seat: (hand, (*dealt, *extra)) for seat, hand in hands.items()} for extra in deals)
    return _tally(list(holes), finals, high, low), exact


def hole_equities(holes: Mapping[int, Sequence[str]], cards_each: int, high: HighRank,
                  low: LowRank | None = None, *, key: str) -> tuple[dict[int, HandEquity], bool]:
    """``equities`` for a game without a board (the stud games): each hand gets its own cards up to
    ``cards_each``; ``high`` and ``low`` are given all of a hand's cards and an empty board."""
    known = set().union(*holes.values())
    unseen = [CARD_ID[card] for card in DECK if card not in known]
    seats = list(holes)
    hands = [tuple(CARD_ID[card] for card in holes[seat]) for seat in seats]
    deals, exact = own_runouts(unseen, [cards_each - len(hand) for hand in hands], key)
    finals = ({seat: ((*hand, *extra), ()) for seat, hand, extra in zip(seats, hands, deal)} for deal in deals)
    return _tally(seats, finals, high, low), exact


def _tally(seats: list[int], finals: Iterable[Mapping[int, tuple[Sequence[int], Sequence[int]]]],
           high: HighRank, low: LowRank | None) -> dict[int, HandEquity]:
    """Count each seat's wins, ties, pot shares and halves over the runouts: (hole, board) per seat."""
    wins = dict.fromkeys(seats, 0.0)
    ties = dict.fromkeys(seats, 0.0)
    shares = dict.fromkeys(seats, 0.0)
    highs = dict.fromkeys(seats, 0.0)
    lows = dict.fromkeys(seats, 0.0)
    count = 0
    for final in finals:
        count += 1
        ranks = {seat: high(*final[seat]) for seat in seats}
        best = min(ranks.values())
        high_winners = [seat for seat in seats if ranks[seat] == best]
        low_winners: list[int] = []
        if low is not None:
            lows_now = {seat: low(*final[seat]) for seat in seats}
            qualifying = [value for value in lows_now.values() if value is not None]
            if qualifying:
                best_low = min(qualifying)
                low_winners = [seat for seat in seats if lows_now[seat] == best_low]
        pot = dict.fromkeys(seats, 0.0)
        half = 0.5 if low_winners else 1.0
        for seat in high_winners:
            pot[seat] += half / len(high_winners)
            highs[seat] += 1
        for seat in low_winners:
            pot[seat] += 0.5 / len(low_winners)
            lows[seat] += 1
        for seat, part in pot.items():
            shares[seat] += part
            if part >= 1.0 - 1e-9:
                wins[seat] += 1
            elif part > 0:
                ties[seat] += 1
    return {seat: HandEquity(wins[seat] / count, ties[seat] / count, shares[seat] / count,
                             highs[seat] / count if low is not None else None,
                             lows[seat] / count if low is not None else None)
            for seat in seats}
