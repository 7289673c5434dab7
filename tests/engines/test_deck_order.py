"""Every game names the deck its seed shuffles (``Engine.deck_order``, which ``/verify`` lists): the
cards a fresh deal shows its players are the first ones of that deck in the seed's order. A game that
named another deck (the 52-card one at a short-deck table) would show cards from deep in that order."""
from __future__ import annotations

from typing import Any, Iterator

import pytest

from bot.games.base import Seat
from bot.games.cards import STANDARD_DECK
from bot.games.sigma_shapes import DECK_ORDER as SIGMA_ORDER
from bot.games.sixchex import DECK_ORDER as SIXCHEX_ORDER
from bot.registry import GAMES

EVERY_CARD = {*STANDARD_DECK.cards, *SIGMA_ORDER.cards, *SIXCHEX_ORDER.cards}
SLACK = 8
"""Cards dealt but not shown at the start (burns, a stub's first cards) the order may hold first."""


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seed", [f"{n:064x}" for n in (7, 8, 9)])
def test_the_cards_dealt_first_are_the_first_of_the_named_deck(name: str, seed: str) -> None:
    spec = GAMES[name]
    players = max(spec.min_players, 2) if name != "bridge" else 4
    stack = spec.default_buy_in or (1000 if spec.chips else 0)
    engine = spec.engine(dict(spec.default_settings), [Seat(f"P{i}", stack, True) for i in range(players)], seed, {})
    order = engine.deck_order()
    assert order is not None
    shown = {card for seat in range(players) for card in _strings(engine.view(seat)) if card in EVERY_CARD}
    assert shown, f"{name}: a fresh deal shows its players cards"
    assert shown <= set(order.shuffled(seed)[:len(shown) + SLACK]), name


def test_short_deck_names_its_36_cards() -> None:
    spec = GAMES["short-deck"]
    engine = spec.engine(dict(spec.default_settings), [Seat(f"P{i}", 1000, True) for i in range(2)], "ab" * 32, {})
    order = engine.deck_order()
    assert order is not None and len(order.cards) == 36 and "6c…Ac" in order.written


def test_a_set_deal_or_deck_has_no_shuffled_order() -> None:
    bridge, saint = GAMES["bridge"], GAMES["saint"]
    deal = "N:AKQJ.T98.765.432 T987.AKQ.J32.765 65432.J76.AK.AKQ .5432.QT984.JT98"
    seats = [Seat(f"P{i}", 0, True) for i in range(4)]
    assert bridge.engine({**bridge.default_settings, "deal": deal}, seats, "ab" * 32, {}).deck_order() is None
    assert bridge.engine(dict(bridge.default_settings), seats, "ab" * 32, {}).deck_order() is STANDARD_DECK
    fixed = saint.engine({**saint.default_settings, "deck": list(STANDARD_DECK.cards)}, seats[:2], "ab" * 32, {})
    assert fixed.deck_order() is None
