"""The deck as the rules pages publish it: how anyone rebuilds a deal's deck from its revealed seed,
and how each card is written for players."""
from __future__ import annotations

import random

import pytest

from bot.games.base import HIDDEN
from bot.games.cards import DECK, pretty, shuffled, shuffled_deck

SEEDS = ["0" * 64, "f" * 64, "%064x" % random.Random(11).getrandbits(256)]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_revealed_seed_rebuilds_the_deck_as_the_rules_page_says(seed: str) -> None:
    """docs/rules/holdem.md: ``random.Random(int(seed, 16)).shuffle(deck)`` over 2♣…A♣, 2♦…A♦, 2♥…A♥,
    2♠…A♠, dealt from the top."""
    deck = [rank + suit for suit in "cdhs" for rank in "23456789TJQKA"]
    assert list(DECK) == deck
    random.Random(int(seed, 16)).shuffle(deck)
    assert shuffled_deck(seed) == deck


def test_shuffling_other_things_follows_the_same_rule() -> None:
    items = list(range(10))
    expected = list(items)
    random.Random(int(SEEDS[2], 16)).shuffle(expected)
    assert shuffled(SEEDS[2], items) == expected and items == list(range(10))  # the input is left as it was


def test_every_card_written_for_players() -> None:
    ranks = dict(zip("23456789TJQKA", ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]))
    suits = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
    assert {card: pretty(card) for card in DECK} == {r + s: ranks[r] + suits[s] for s in suits for r in ranks}


@pytest.mark.parametrize("text", [HIDDEN, "", "A", "Ax", "10h"])
def test_what_is_not_a_card_is_written_as_it_is(text: str) -> None:
    assert pretty(text) == text
