"""Standard 52-card deck and the verifiable shuffle every game uses.

A deal's seed is a 64-hex-digit string drawn from ``secrets``. The deck order is
``random.Random(int(seed, 16)).shuffle`` of the deck in its fixed starting order, so anyone holding
the revealed seed can rebuild the deck. Before the deal the table shows only
``commitment(seed)`` (SHA-256 of the seed's text), which binds the deck without revealing it.
"""
from __future__ import annotations

import hashlib
import random
import secrets
from dataclasses import dataclass
from typing import Sequence, TypeVar

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
"""The 52 cards in their fixed starting order: 2c..Ac, 2d..Ad, 2h..Ah, 2s..As."""



@dataclass(frozen=True)
class DeckOrder:
    """A game's deck in the fixed starting order its seed shuffles, and that order in words for
    ``/verify`` ("2c…Ac, 2d…Ad, 2h…Ah, 2s…As"), so a player can rebuild the deal's deck."""

    cards: tuple[str, ...]
    written: str

    def shuffled(self, seed: str) -> list[str]:
        return shuffled(seed, self.cards)


STANDARD_DECK = DeckOrder(DECK, "2c…Ac, 2d…Ad, 2h…Ah, 2s…As")

SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}

T = TypeVar("T")


def new_seed(label: str = "") -> str:
    """A fresh unpredictable seed for one deal. ``label`` names the deal (``<table id>:<hand no>``) for
    seed sources that derive a fixed seed from it (tests, so a deal does not depend on which table
    deals first); this one ignores it."""
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    """SHA-256 of the seed text: shown before the deal, checked against the seed after it."""
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


def shuffled(seed: str, items: Sequence[T]) -> list[T]:
    """``items`` in the order the seed decides (deterministic, documented above)."""
    order = list(items)
    random.Random(int(seed, 16)).shuffle(order)
    return order


def shuffled_deck(seed: str) -> list[str]:
    """The 52-card deck in the order the seed decides; deal from index 0 onwards."""
    return shuffled(seed, DECK)


def pretty(card: str) -> str:
    """'As' -> 'A♠', 'Td' -> '10♦'; '??' stays as is."""
    if len(card) != 2 or card[1] not in SUIT_SYMBOLS:
        return card
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUIT_SYMBOLS[card[1]]
