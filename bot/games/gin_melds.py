"""Gin rummy melds: the best arrangement of a hand, and layoffs onto melds already on the table.

A meld is a set (3 or 4 cards of one rank) or a run (3 or more consecutive cards of one suit, aces
low only: A-2-3 is a run, Q-K-A is not). No card may be in two melds. The best arrangement is the
one with the fewest deadwood points (ace 1, faces 10, others their number).

Inside, a hand is a 52-bit mask with bit ``suit * 13 + rank`` (rank 0 = ace .. 12 = king), so a run
is a block of consecutive bits inside one suit's 13 and never wraps from king to ace. The search
takes the lowest card left and tries it as deadwood or in each meld it starts, remembering every
part of the hand it has solved; that keeps an 11-card hand well under a millisecond.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Iterable, Sequence

RANK_ORDER = "A23456789TJQK"
"""Ranks from low to high as gin counts them (aces low)."""
SUIT_ORDER = "cdhs"

_INDEX = {rank + suit: s * 13 + r for s, suit in enumerate(SUIT_ORDER) for r, rank in enumerate(RANK_ORDER)}
_CARD = {i: card for card, i in _INDEX.items()}
_POINTS = [min(i % 13 + 1, 10) for i in range(52)]


def card_points(card: str) -> int:
    """Deadwood value of a card: ace 1, two to ten their number, jack, queen and king 10."""
    return _POINTS[_index(card)]


def _index(card: str) -> int:
    try:
        return _INDEX[card]
    except KeyError:
        raise ValueError(f"{card!r} is not a card code such as 'As' or 'Td'.") from None


def to_mask(cards: Iterable[str]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << _index(card)
    return mask


def from_mask(mask: int) -> tuple[str, ...]:
    """The cards of a mask in gin order: by suit, then ace to king."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(_CARD[low.bit_length() - 1])
        mask ^= low
    return tuple(cards)


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards by suit, then ace to king: how a gin hand reads best."""
    return sorted(cards, key=_index)


@dataclass(frozen=True)
class Arrangement:
    """A hand split into melds and deadwood; ``points`` is the deadwood count."""

    melds: tuple[tuple[str, ...], ...]
    deadwood: tuple[str, ...]
    points: int


def _melds_in(mask: int) -> list[int]:
    """Every set and run (as masks) that can be made from the cards of ``mask``."""
    melds: list[int] = []
    for rank in range(13):
        bits = [1 << (rank + 13 * s) for s in range(4) if mask >> (rank + 13 * s) & 1]
        if len(bits) >= 3:
            melds.extend(sum(combo) for combo in combinations(bits, 3))
            if len(bits) == 4:
                melds.append(sum(bits))
    for suit in range(4):
        row = (mask >> (13 * suit)) & 0x1FFF
        rank = 0
        while rank < 13:
            if not row >> rank & 1:
                rank += 1
                continue
            start = rank
            while rank < 13 and row >> rank & 1:
                rank += 1
            for low in range(start, rank - 2):
                for high in range(low + 3, rank + 1):
                    melds.append(((1 << (high - low)) - 1) << (13 * suit + low))
    return melds


class _Search:
    """Best arrangements of a hand and of any part of it (a hand less a discard), sharing one memo.

    The lowest card left is either deadwood or in a meld whose lowest card it is, which visits
    every way to split the hand exactly once.
    """

    def __init__(self, mask: int) -> None:
        self.by_low: dict[int, list[int]] = {}
        for meld in _melds_in(mask):
            self.by_low.setdefault(meld & -meld, []).append(meld)
        self.memo: dict[int, tuple[int, int]] = {0: (0, 0)}  # cards -> (points, meld chosen or 0)

    def points(self, rest: int) -> int:
        known = self.memo.get(rest)
        if known is not None:
            return known[0]
        low = rest & -rest
        best_points = _POINTS[low.bit_length() - 1] + self.points(rest ^ low)
        best_meld = 0
        for meld in self.by_low.get(low, ()):
            if meld & rest == meld:
                points = self.points(rest ^ meld)
                if points < best_points:
                    best_points, best_meld = points, meld
        self.memo[rest] = (best_points, best_meld)
        return best_points

    def melds(self, rest: int) -> tuple[int, ...]:
        """The melds of the best arrangement found by ``points(rest)``."""
        self.points(rest)
        chosen = []
        while rest:
            meld = self.memo[rest][1]
            if meld:
                chosen.append(meld)
                rest ^= meld
            else:
                rest ^= rest & -rest
        return tuple(chosen)


@lru_cache(maxsize=8192)
def _best(mask: int) -> tuple[int, tuple[int, ...]]:
    """(deadwood points, meld masks) of the best arrangement of ``mask``."""
    search = _Search(mask)
    return search.points(mask), search.melds(mask)


@lru_cache(maxsize=4096)
def _after_discards(mask: int) -> dict[int, int]:
    """Card index -> deadwood points of ``mask`` without that card."""
    search = _Search(mask)
    return {i: search.points(mask ^ (1 << i)) for i in range(52) if mask >> i & 1}


def best_arrangement(cards: Iterable[str]) -> Arrangement:
    """The arrangement with the fewest deadwood points (ties: a fixed, repeatable choice)."""
    mask = to_mask(cards)
    points, melds = _best(mask)
    melded = 0
    for meld in melds:
        melded |= meld
    return Arrangement(
        melds=tuple(from_mask(meld) for meld in sorted(melds)),
        deadwood=from_mask(mask & ~melded),
        points=points,
    )


def deadwood(cards: Iterable[str]) -> int:
    """Deadwood points of the best arrangement of ``cards``."""
    return _best(to_mask(cards))[0]


def deadwood_after_discards(cards: Sequence[str]) -> dict[str, int]:
    """For an 11-card hand: the deadwood left by each possible discard."""
    left = _after_discards(to_mask(cards))
    return {card: left[_INDEX[card]] for card in cards}


def is_meld(cards: Sequence[str]) -> bool:
    """True for a set of 3-4 cards of one rank or a run of 3+ cards of one suit (aces low)."""
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return False
    indexes = sorted(_index(card) for card in cards)
    if len({i % 13 for i in indexes}) == 1:
        return len(cards) <= 4
    return len({i // 13 for i in indexes}) == 1 and indexes[-1] - indexes[0] == len(cards) - 1


def fits(card: str, meld: Sequence[str]) -> bool:
    """Whether ``card`` can be laid off on ``meld``: the fourth of a set, or either end of a run."""
    return card not in meld and is_meld([*meld, card])


def layoffs(hand: Iterable[str], melds: Sequence[Sequence[str]]) -> list[tuple[str, int]]:
    """Every (card, meld index) the holder of ``hand`` may lay off now, in hand then meld order."""
    return [(card, i) for card in sort_cards(hand) for i, meld in enumerate(melds) if fits(card, meld)]


def lay_off(card: str, meld: Sequence[str]) -> tuple[str, ...]:
    """``meld`` with ``card`` added, in gin order (the extended run or the set of four)."""
    return tuple(sort_cards([*meld, card]))


def best_layoffs(hand: Iterable[str], melds: Sequence[Sequence[str]]) -> tuple[int, tuple[tuple[str, int], ...]]:
    """The layoffs that leave the fewest deadwood points, and those points (no layoff that saves nothing).

    Laying off a card can pay even when the card sits in one of the defender's own melds (a set's
    third five laid on a 2-3-4 run lets the 6 and 7 follow), so every card is tried, in every order
    that matters, with the rest of the hand arranged at its best.
    """
    memo: dict[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]], tuple[int, tuple[tuple[str, int], ...]]] = {}

    def search(rest: tuple[str, ...], table: tuple[tuple[str, ...], ...]) -> tuple[int, tuple[tuple[str, int], ...]]:
        key = (rest, table)
        if key not in memo:
            best: tuple[int, tuple[tuple[str, int], ...]] = (deadwood(rest), ())
            for card, i in layoffs(rest, table):
                left = tuple(c for c in rest if c != card)
                grown = table[:i] + (lay_off(card, table[i]),) + table[i + 1:]
                points, plan = search(left, grown)
                if points < best[0]:
                    best = (points, ((card, i), *plan))
            memo[key] = best
        return memo[key]

    return search(tuple(sort_cards(hand)), tuple(tuple(meld) for meld in melds))
