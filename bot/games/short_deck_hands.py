"""Short-deck hands: the 36-card deck (six to ace), ranked as pokerkit's ``ShortDeckHoldemLookup``
ranks them, fast enough for a showdown and a robot's few hundred samples.

pokerkit's short-deck ranking: a flush beats a full house, A-6-7-8-9 is a straight (the lowest, nine
high) and a straight flush, and a straight beats three of a kind. phevaluator knows none of this, and
pokerkit's own ``ShortDeckHoldemHand`` looks up each of the 21 fives of seven cards by parsing them. So
the tables here are built once, on first use, from pokerkit's lookup itself: the best entry of every
multiset of 5-7 ranks with no flush (``_Tables.plain``), and of every set of 5-7 ranks of one suit
(``_Tables.suited``), each keyed by the product of its ranks' primes. Ranking 5-7 cards is then one
look-up, and one more when five or more share a suit; the tests compare it with pokerkit's hand on
every kind of hand.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import prod
from typing import Any, ClassVar, Iterable, Sequence

from pokerkit import Card, ShortDeckHoldemLookup
from pokerkit.lookups import Entry

from bot.games.cards import SUITS, DeckOrder
from bot.games.equity import CARD_ID
from bot.games.high_hands import PrecomputedHand, five_name

RANKS = "6789TJQKA"
SHORT_DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
"""The 36 cards in their fixed starting order: 6c..Ac, 6d..Ad, 6h..Ah, 6s..As."""
SHORT_DECK_ORDER = DeckOrder(SHORT_DECK, "6c…Ac, 6d…Ad, 6h…Ah, 6s…As")
_LOOKUP = ShortDeckHoldemLookup()
_PRIMES = dict(zip(RANKS, (2, 3, 5, 7, 11, 13, 17, 19, 23)))
_PRIME_OF_ID = {number: _PRIMES[code[0]] for code, number in CARD_ID.items() if code[0] in _PRIMES}
_SUIT_OF_ID = {number: number % 4 for number in _PRIME_OF_ID}
"""phevaluator card number (rank * 4 + suit) -> its rank's prime and its suit, for the short deck's cards."""


def shuffled_short_deck(seed: str) -> list[str]:
    """The 36-card deck in the order the seed decides (``bot.games.cards.shuffled`` over ``SHORT_DECK``)."""
    return SHORT_DECK_ORDER.shuffled(seed)


@dataclass(frozen=True)
class _Tables:
    plain: dict[int, Entry]
    """Product of 5-7 ranks' primes -> the best entry of five of them, no flush counted."""
    suited: dict[int, Entry]
    """Product of 5-7 distinct ranks' primes, all of one suit -> the best entry of five of them."""


def _five_entry(ranks: Sequence[str], suited: bool) -> Entry | None:
    """pokerkit's entry of five cards of these ranks, of one suit or not (None: five of a kind)."""
    seen: Counter[str] = Counter()
    cards = []
    for rank in ranks:
        cards.append(rank + ("s" if suited else SUITS[seen[rank] % 4]))
        seen[rank] += 1
    if not suited and len(set(ranks)) == 5:
        cards[0] = cards[0][0] + "h"  # five different ranks: not all clubs
    return _LOOKUP.get_entry_or_none("".join(cards))


@cache
def _tables() -> _Tables:
    plain5: dict[int, Entry] = {}
    suited5: dict[int, Entry] = {}
    for ranks in combinations_with_replacement(RANKS, 5):
        key = prod(_PRIMES[r] for r in ranks)
        entry = _five_entry(ranks, suited=False)
        if entry is not None:
            plain5[key] = entry
        if len(set(ranks)) == 5:
            flush = _five_entry(ranks, suited=True)
            assert flush is not None
            suited5[key] = flush
    plain = dict(plain5)
    suited = dict(suited5)
    for size in (6, 7):
        for more in combinations_with_replacement(RANKS, size):
            if max(Counter(more).values()) > 4:
                continue
            fives = {prod(_PRIMES[r] for r in five) for five in combinations(more, 5)}
            plain[prod(_PRIMES[r] for r in more)] = max(plain5[k] for k in fives if k in plain5)
            if len(set(more)) == size:
                suited[prod(_PRIMES[r] for r in more)] = max(suited5[k] for k in fives)
    return _Tables(plain, suited)


def entry(cards: Iterable[str]) -> Entry:
    """pokerkit's short-deck entry of the best five of 5-7 cards (ValueError on another number)."""
    codes = list(cards)
    if not 5 <= len(codes) <= 7:
        raise ValueError(f"a short-deck hand has 5 to 7 cards, not {len(codes)}")
    return _entry_of([_PRIMES[c[0]] for c in codes], ["cdhs".index(c[1]) for c in codes])


def _entry_of(primes: Sequence[int], suits: Sequence[int]) -> Entry:
    """The best entry of 5-7 cards given as their ranks' primes and their suits: the ranks' own, or of
    the five or more of one suit (a flush, or a straight flush), whichever is better."""
    tables = _tables()
    best = tables.plain[prod(primes)]
    for suit, count in Counter(suits).items():
        if count >= 5:
            best = max(best, tables.suited[prod(p for p, s in zip(primes, suits) if s == suit)])
    return best


def rank_numbers(*cards: int) -> int:
    """The best five of 5-7 cards given as phevaluator card numbers, as a number where smaller is
    better (phevaluator's sense, so the robots' equity takes it in place of ``evaluate_7cards``)."""
    return -_entry_of([_PRIME_OF_ID[c] for c in cards], [_SUIT_OF_ID[c] for c in cards]).index


def best_five(cards: Sequence[str]) -> tuple[Entry, tuple[str, ...]]:
    """The best five of 5-7 cards and their entry."""
    return max(((entry(five), five) for five in combinations(cards, 5)), key=lambda pair: pair[0])


def hand_name(cards: Sequence[str]) -> str:
    """A player's name for the best short-deck hand in 5-7 cards: "Flush, Ace high",
    "Straight, Nine high" for A-6-7-8-9."""
    best, five = best_five(cards)
    return five_name(best.label, five)


class ShortDeckHand(PrecomputedHand):
    """pokerkit's short-deck high hand (``ShortDeckHoldemHand``'s order and labels) over all 5-7 cards at
    once, from the tables."""

    lookup: ClassVar[ShortDeckHoldemLookup] = _LOOKUP
    low: ClassVar[bool] = False

    def __init__(self, cards: Iterable[Card] | str) -> None:
        # Hand.__init__ is not called: it checks five cards against the lookup.
        self._cards = Card.clean(cards)
        self._entry = entry(repr(card) for card in self._cards)

    @classmethod
    def from_game(cls, hole_cards: Any, board_cards: Any = ()) -> "ShortDeckHand":
        # pokerkit passes one-shot iterators: read each exactly once.
        return cls(Card.clean(hole_cards) + Card.clean(board_cards))
