"""High poker hands, ranked fast and named as players say them: ``FastHighHand`` (a pokerkit ``Hand``
ranked by phevaluator over all 5-7 cards at once, for hold'em, stud and draw) and ``hand_name``
("Two pair, Aces and Kings", in the words of ``five_name``); Omaha ranks its own hands with the same
numbers (``WORST_RANK``, ``PHEVALUATOR_ID``, ``rank_label``)."""
from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any, ClassVar, Iterable, Sequence

from phevaluator import evaluate_cards
from pokerkit import Card, Hand
from pokerkit.lookups import Entry, Label, StandardLookup

from bot.games.pokerkit_base import CARDS

WORST_RANK = 7462
"""phevaluator ranks run from 1 (royal flush) to 7462 (7-5-4-3-2 offsuit); smaller is better."""

_CATEGORIES: tuple[tuple[int, Label], ...] = (
    (10, Label.STRAIGHT_FLUSH),
    (166, Label.FOUR_OF_A_KIND),
    (322, Label.FULL_HOUSE),
    (1599, Label.FLUSH),
    (1609, Label.STRAIGHT),
    (2467, Label.THREE_OF_A_KIND),
    (3325, Label.TWO_PAIR),
    (6185, Label.ONE_PAIR),
)
"""The last rank of each category but high card, which runs on to ``WORST_RANK``."""


def rank_label(rank: int) -> Label:
    """The category of a phevaluator rank (1 to 7462: any rank past the pairs is a high card)."""
    for last, label in _CATEGORIES:
        if rank <= last:
            return label
    return Label.HIGH_CARD


PHEVALUATOR_ID = {card: "23456789TJQKA".index(code[0]) * 4 + "cdhs".index(code[1])
                   for code, card in CARDS.items()}
"""pokerkit card -> phevaluator's card number (rank * 4 + suit, clubs first)."""


class PrecomputedHand(Hand):
    """A pokerkit hand whose cards and entry its constructor sets once (``_cards``, ``_entry``), not
    looked up from five cards."""

    _cards: tuple[Card, ...]
    _entry: Entry

    @property
    def cards(self) -> tuple[Card, ...]:
        return self._cards

    @property
    def entry(self) -> Entry:
        return self._entry


class FastHighHand(PrecomputedHand):
    """pokerkit's standard high hand, ranked by phevaluator over all 5-7 cards at once.

    It compares like ``StandardHighHand`` (same order, same labels) but keeps the 5-7 cards it was
    built from instead of picking the best five, which pokerkit never needs.
    """

    lookup: ClassVar[StandardLookup] = StandardLookup()
    low: ClassVar[bool] = False

    def __init__(self, cards: Iterable[Card] | str) -> None:
        # Hand.__init__ is not called: it checks the cards against the 5-card lookup. phevaluator
        # refuses fewer than 5 or more than 7 cards with a ValueError, as pokerkit expects of a Hand.
        self._cards = Card.clean(cards)
        rank = evaluate_cards(*(PHEVALUATOR_ID[card] for card in self._cards))
        self._entry = Entry(WORST_RANK - rank, rank_label(rank))

    @classmethod
    def from_game(cls, hole_cards: Any, board_cards: Any = ()) -> "FastHighHand":
        # pokerkit passes one-shot iterators: read each exactly once.
        return cls(Card.clean(hole_cards) + Card.clean(board_cards))


_RANK_NAMES = dict(zip("23456789TJQKA", (
    "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King",
    "Ace")))
_PLURALS = {r: ("Sixes" if r == "6" else name + "s") for r, name in _RANK_NAMES.items()}
_ORDER = "23456789TJQKA"


def best_five(cards: Sequence[str]) -> tuple[int, tuple[str, ...]]:
    """The phevaluator rank of the best five of ``cards`` and those five cards."""
    return min((evaluate_cards(*five), five) for five in combinations(cards, 5))


def hand_name(cards: Sequence[str]) -> str:
    """A player's name for the best hand in 5-7 cards: "Two pair, Aces and Kings"."""
    rank, five = best_five(cards)
    return five_name(rank_label(rank), five)


def five_name(label: Label, five: Sequence[str]) -> str:
    """A player's name for five cards of the category ``label`` (any deck's ranking decides which five
    and their category: short deck's too)."""
    counts = Counter(card[0] for card in five)
    # Ranks by (count, rank), most important first: a full house's trips before its pair.
    groups = sorted(counts, key=lambda r: (counts[r], _ORDER.index(r)), reverse=True)
    top = groups[0]
    if label in (Label.STRAIGHT, Label.STRAIGHT_FLUSH) and "A" in counts and "K" not in counts:
        top = groups[1]  # the ace plays low: the wheel is five high, short deck's A-6-7-8-9 nine high
    if label is Label.STRAIGHT_FLUSH:
        return "Royal flush" if top == "A" else f"Straight flush, {_RANK_NAMES[top]} high"
    if label is Label.FOUR_OF_A_KIND:
        return f"Four of a kind, {_PLURALS[top]}"
    if label is Label.FULL_HOUSE:
        return f"Full house, {_PLURALS[top]} full of {_PLURALS[groups[1]]}"
    if label is Label.FLUSH:
        return f"Flush, {_RANK_NAMES[top]} high"
    if label is Label.STRAIGHT:
        return f"Straight, {_RANK_NAMES[top]} high"
    if label is Label.THREE_OF_A_KIND:
        return f"Three of a kind, {_PLURALS[top]}"
    if label is Label.TWO_PAIR:
        return f"Two pair, {_PLURALS[top]} and {_PLURALS[groups[1]]}"
    if label is Label.ONE_PAIR:
        return f"Pair of {_PLURALS[top]}"
    return f"High card, {_RANK_NAMES[top]}"
