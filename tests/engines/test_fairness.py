"""The shuffle is uniform and every revealed seed reproduces its committed deck."""
from __future__ import annotations

import random

from bot.games.cards import DECK, commitment, new_seed, shuffled_deck

# Chi-square critical value for 51 degrees of freedom at p = 0.001.
CRITICAL_51_DF = 90.57


def _chi_square(counts: list[int], expected: float) -> float:
    return sum((c - expected) ** 2 / expected for c in counts)


def test_every_card_lands_in_every_position_uniformly() -> None:
    seeds = random.Random(2026)
    trials = 20_000
    positions = {card: [0] * 52 for card in ("As", "2c", "Td", "7h")}
    first_card = dict.fromkeys(DECK, 0)
    for _ in range(trials):
        deck = shuffled_deck("%064x" % seeds.getrandbits(256))
        for card, counts in positions.items():
            counts[deck.index(card)] += 1
        first_card[deck[0]] += 1
    for card, counts in positions.items():
        assert _chi_square(counts, trials / 52) < CRITICAL_51_DF, f"{card} is not spread evenly"
    assert _chi_square(list(first_card.values()), trials / 52) < CRITICAL_51_DF


def test_a_revealed_seed_rebuilds_its_committed_deck() -> None:
    seed = "%064x" % random.Random(7).getrandbits(256)
    shown_before = commitment(seed)
    assert shown_before == commitment(seed) and len(shown_before) == 64
    assert shuffled_deck(seed) == shuffled_deck(seed) and sorted(shuffled_deck(seed)) == sorted(DECK)
    other = "%064x" % random.Random(8).getrandbits(256)
    assert commitment(other) != shown_before and shuffled_deck(other) != shuffled_deck(seed)


def test_a_new_seed_is_64_hex_digits_and_never_repeats() -> None:
    seeds = {new_seed() for _ in range(100)}
    assert len(seeds) == 100
    assert all(len(seed) == 64 and int(seed, 16) >= 0 for seed in seeds)
