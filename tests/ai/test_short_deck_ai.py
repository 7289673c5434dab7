"""The short-deck computer player: its equity counts the 36-card deck by short deck's ranking, every
choice is legal, and it plays known hands sensibly."""
from __future__ import annotations

import random
from itertools import combinations
from typing import Sequence

import pytest
from pokerkit import ShortDeckHoldemHand

import bot.games.short_deck as short_deck
from bot.ai.short_deck import choose, short_deck_equity
from bot.games.base import Action, ActionSpec, Seat
from bot.games.short_deck import ShortDeckEngine
from bot.games.short_deck_hands import SHORT_DECK


def is_legal(action: Action, legal: Sequence[ActionSpec]) -> bool:
    spec = next((spec for spec in legal if spec.kind == action.kind), None)
    if spec is None or spec.kind != "raise":
        return spec is not None
    assert spec.min_amount is not None and spec.max_amount is not None
    return action.amount is not None and spec.min_amount <= action.amount <= spec.max_amount


def test_equity_is_short_decks() -> None:
    rng = random.Random(6)
    # On the river, against every hand of the 29 unseen cards ranked by pokerkit's own short-deck hand
    hole, board = ["Ah", "Jd"], ["6s", "7d", "8c", "Kh", "9s"]  # A-6-7-8-9: the lowest straight
    unseen = [c for c in SHORT_DECK if c not in hole + board]
    mine = ShortDeckHoldemHand.from_game("".join(hole), "".join(board))
    shares = []
    for other in combinations(unseen, 2):
        theirs = ShortDeckHoldemHand.from_game("".join(other), "".join(board))
        shares.append(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
    exact = sum(shares) / len(shares)
    assert 0.5 < exact < 0.95
    assert short_deck_equity(hole, board, 1, 4000, rng) == pytest.approx(exact, abs=0.02)
    # A made flush beats a made full house here: with the flush the robot is nearly sure of the pot.
    assert short_deck_equity(["Ah", "Kh"], ["Qh", "9h", "6h", "Qd", "6c"], 3, 200, rng) > 0.9
    assert short_deck_equity(["Ah", "Kh"], [], 1, 3000, rng) == pytest.approx(0.6, abs=0.05)


def test_every_choice_is_legal_and_the_chips_add_up() -> None:
    rng = random.Random("short")
    decisions = 0
    for hand in range(12):
        n = rng.randint(2, 8)
        seats = [Seat(f"P{i}", rng.choice([40, 300, 1000])) for i in range(n)]
        settings = {"ante": 5, "big_blind": 10} if hand % 3 else {"forced": "blinds", "small_blind": 5, "big_blind": 10}
        engine = ShortDeckEngine(settings, seats, f"{rng.getrandbits(256):064x}", {"dealer": hand % n})
        while engine.outcome is None:
            (seat,) = engine.to_act()
            legal = engine.legal_actions(seat)
            action = choose(engine.view(seat), legal, rng)
            assert is_legal(action, legal), (action, legal)
            engine.apply(seat, action)
            decisions += 1
        assert sum(engine.outcome.deltas) == 0
    assert decisions > 50


def facing_all_in(monkeypatch: pytest.MonkeyPatch, hole: str) -> tuple[ShortDeckEngine, int]:
    """Heads-up, seat 0 on the button has moved all in for 1,000; seat 1 holds ``hole`` and answers."""
    cards = [hole[:2], hole[2:]]
    rest = [c for c in SHORT_DECK if c not in cards]
    deck = [cards[0], rest[0], cards[1], rest[1]] + rest[2:]  # seat 1, left of the button, is dealt first
    monkeypatch.setattr(short_deck, "shuffled_short_deck", lambda seed: list(deck))
    engine = ShortDeckEngine({"ante": 10, "big_blind": 10}, [Seat("Button", 1000), Seat("Robot", 1000)],
                             "1" * 64, {"dealer": 0})
    engine.apply(1, Action("check") if any(s.kind == "check" for s in engine.legal_actions(1)) else Action("call"))
    engine.apply(0, Action("raise", 990))
    return engine, 1


@pytest.mark.parametrize(("hole", "answer"), [("AsAd", "call"), ("KhKs", "call"), ("7c6d", "fold")])
def test_it_calls_an_all_in_with_a_strong_hand_and_folds_a_weak_one(monkeypatch: pytest.MonkeyPatch, hole: str,
                                                                   answer: str) -> None:
    engine, seat = facing_all_in(monkeypatch, hole)
    action = choose(engine.view(seat), engine.legal_actions(seat), random.Random(1))
    assert action.kind == answer
