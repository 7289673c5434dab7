"""Low hands named as players say them (``bot.games.low_hands``)."""
from __future__ import annotations

import pytest

from bot.games.low_hands import ace_to_five_name, badugi_cards, badugi_name, badugi_rank, best_ace_to_five, deuce_to_seven_name


def codes(text: str) -> list[str]:
    return [text[i:i + 2] for i in range(0, len(text), 2)]


@pytest.mark.parametrize("hand, name", [
    ("7h5c4d3s2c", "number 1 (7-5-4-3-2)"), ("7h6c4d3s2c", "number 2 (7-6-4-3-2)"),
    ("7h6c5d3s2c", "number 3 (7-6-5-3-2)"), ("7h6c5d4s2c", "number 4 (7-6-5-4-2)"),
    ("8h6c4d3s2c", "8-6 low"), ("Th8c4d3s2c", "10-8 low"), ("AhKc4d3s2c", "A-K low"),
    ("7h6c5d4s3c", "Straight, Seven high"), ("7h5h4h3h2h", "Flush, Seven high"), ("4h4c7d3s2c", "Pair of Fours"),
])
def test_deuce_to_seven_names(hand: str, name: str) -> None:
    assert deuce_to_seven_name(codes(hand)) == name


@pytest.mark.parametrize("hand, name", [
    ("As2d3c7h", "4-card badugi, 7 high"), ("2s4c6d9h", "4-card badugi, 9 high"),
    ("As2s3c4h", "three-card 4-3-A"), ("Ac2d2h3s", "three-card 3-2-A"), ("Ks2s3s4s", "one-card 2"),
    ("KsQd2s3d", "two-card 3-2"),
])
def test_badugi_names(hand: str, name: str) -> None:
    assert badugi_name(codes(hand)) == name


def test_badugi_order_counts_cards_first_then_the_highest_card_down() -> None:
    ranked = sorted(["KsQdJcTh", "As2s3c4h", "2s4c6d9h", "3s5d7c8h", "Ac2c3c4c", "2s4c6d8h"],
                    key=lambda hand: badugi_rank(codes(hand)))
    assert ranked == ["2s4c6d8h", "3s5d7c8h", "2s4c6d9h", "KsQdJcTh", "As2s3c4h", "Ac2c3c4c"]
    assert badugi_cards(codes("Kc2d2h3s")) == ("Kc", "3s", "2d")


@pytest.mark.parametrize("cards, qualifier, name", [
    ("8h6d5c4sAhKdKc", None, "8-6 low: 8-6-5-4-A"), ("9h9d6c4sAh9sAc", None, "Pair of Aces: A-A-9-6-4"),
    ("KhKdKsQsQhQdAc", None, "Two pair, Kings and Queens: K-K-Q-Q-A"), ("5h4d3c2sAh9sAc", 8, "5-4 low: 5-4-3-2-A"),
    ("Th9d6c4sAhJsAc", None, "10-9 low: 10-9-6-4-A"),
])
def test_ace_to_five_names(cards: str, qualifier: int | None, name: str) -> None:
    low = best_ace_to_five(codes(cards), qualifier=qualifier)
    assert low is not None and ace_to_five_name(low) == name


def test_an_eight_or_better_low_needs_five_ranks_eight_or_lower() -> None:
    assert best_ace_to_five(codes("9h9d6c4sAh9sAc"), qualifier=8) is None
    assert best_ace_to_five(codes("9h7d6c4sAhKsQc"), qualifier=8) is None
