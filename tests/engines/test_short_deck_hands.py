"""The short-deck ranking tables against pokerkit's own ``ShortDeckHoldemHand``: the same entry for
5, 6 and 7 cards of every category, the same order, and players' names for the hands."""
from __future__ import annotations

import random

import pytest
from pokerkit import ShortDeckHoldemHand
from pokerkit.lookups import Label

from bot.games.equity import CARD_ID
from bot.games.short_deck_hands import SHORT_DECK, ShortDeckHand, entry, hand_name, rank_numbers


def test_every_hand_ranks_as_pokerkit_ranks_it() -> None:
    rng = random.Random(36)
    labels = set()
    for _ in range(4000):
        cards = rng.sample(SHORT_DECK, rng.choice((5, 6, 7)))
        expected = ShortDeckHoldemHand.from_game("".join(cards)).entry
        assert entry(cards) == expected and entry(cards).label is expected.label, cards
        labels.add(expected.label)
    assert labels == set(Label), "every category came up"


@pytest.mark.parametrize("cards", [
    "AhKh9h7h6h" "QsQc", "Ah6c7d8s9h" "KcKd", "AsAcAdKcQd" "6s7c", "Td9h8s7c6d" "AsAh", "Ts9s8s7s6s" "AhAc",
    "KhKsKcKd7h" "8s9s", "6h6s6c7d7h" "Ah9d", "Ac9c8c7c6c" "KdKh",
])
def test_whole_hands_compare_as_pokerkit_compares_them(cards: str) -> None:
    mine = ShortDeckHand(cards)
    others = [ShortDeckHand(c) for c in ("AhAdKcKs9h6c7d", "6c7d8s9hTdQcKh", "AhQh9h7h6hKcKd")]
    theirs = ShortDeckHoldemHand.from_game(cards)
    for other in others:
        assert (mine < other) == (theirs < ShortDeckHoldemHand.from_game(repr(other))), (cards, other)
    ids = [CARD_ID[cards[i:i + 2]] for i in range(0, len(cards), 2)]
    assert rank_numbers(*ids) == -mine.entry.index, "the robots' number sorts the same way, smaller better"


@pytest.mark.parametrize(("cards", "name"), [
    ("Ah6c7d8s9hKcKd", "Straight, Nine high"),
    ("Ah6h7h8h9hKcKd", "Straight flush, Nine high"),
    ("AhKh9h7h6hKcKd", "Flush, Ace high"),
    ("6h6s6c7d7hAh9d", "Full house, Sixes full of Sevens"),
    ("AsAcAdKcQd6s7c", "Three of a kind, Aces"),
    ("AhKhQhJhTh6c6d", "Royal flush"),
    ("AhKd9c7s6hTcJd", "High card, Ace"),
])
def test_hands_are_named_as_players_say_them(cards: str, name: str) -> None:
    assert hand_name([cards[i:i + 2] for i in range(0, len(cards), 2)]) == name


def test_a_hand_of_another_size_is_refused() -> None:
    with pytest.raises(ValueError, match="5 to 7 cards"):
        entry(["Ah", "Kh", "Qh", "Jh"])
