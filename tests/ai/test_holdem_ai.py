"""The hold'em computer player: always legal, sensible with known hands, beats a calling station."""
from __future__ import annotations

import random
from typing import Sequence

import pytest

import bot.games.holdem as holdem
from bot.ai import omaha as omaha_ai
from bot.ai.equity import equity
from bot.ai.holdem import choose
from bot.games.base import Action, ActionSpec, Seat
from bot.games.cards import DECK
from bot.games.holdem import HoldemEngine
from bot.games.omaha import OmahaHiLoEngine


def is_legal(action: Action, legal: Sequence[ActionSpec]) -> bool:
    for spec in legal:
        if spec.kind == action.kind:
            if spec.kind != "raise":
                return True
            assert spec.min_amount is not None and spec.max_amount is not None
            return action.amount is not None and spec.min_amount <= action.amount <= spec.max_amount
    return False


def test_equity_matches_known_preflop_odds() -> None:
    rng = random.Random(3)
    assert equity(["As", "Ad"], [], 1, 4000, rng) == pytest.approx(0.85, abs=0.02)
    assert equity(["7c", "2d"], [], 1, 4000, rng) == pytest.approx(0.35, abs=0.02)
    assert equity(["As", "Ks"], ["Qs", "Js", "Ts"], 3, 50, rng) == 1.0  # a made royal flush


@pytest.mark.parametrize("limit", ["no-limit", "pot-limit", "fixed-limit"])
def test_every_choice_is_legal_and_applies(limit: str) -> None:
    rng = random.Random(limit)
    decisions = 0
    for hand in range(12):
        n = rng.randint(2, 6)
        seats = [Seat(f"P{i}", rng.choice([15, 60, 400, 1000])) for i in range(n)]
        engine = HoldemEngine({"limit": limit, "ante": rng.choice([0, 2])}, seats,
                              f"{rng.getrandbits(256):064x}", {"dealer": hand % n})
        while engine.outcome is None:
            (seat,) = engine.to_act()
            legal = engine.legal_actions(seat)
            action = choose(engine.view(seat), legal, rng)
            assert is_legal(action, legal), (action, legal)
            engine.apply(seat, action)
            decisions += 1
    assert decisions > 50


def heads_up_facing_all_in(monkeypatch: pytest.MonkeyPatch, hole: str) -> tuple[HoldemEngine, int]:
    """Seat 1 holds ``hole`` in the big blind after the button (seat 0) moved all in for 1,000."""
    cards = [hole[:2], hole[2:]]
    rest = [c for c in DECK if c not in cards]
    deck = [cards[0], rest[0], cards[1], rest[1]] + rest[2:]  # big blind is dealt first heads-up
    monkeypatch.setattr(holdem, "shuffled_deck", lambda seed: list(deck))
    engine = HoldemEngine({}, [Seat("Button", 1000), Seat("Robot", 1000)], "00" * 32, {"dealer": 0})
    engine.apply(0, Action("raise", 1000))
    assert engine.view(1)["seats"][1]["cards"] == cards
    return engine, 1


@pytest.mark.parametrize("hole, expected", [("AsAd", "call"), ("7c2d", "fold")])
def test_calls_an_all_in_only_with_the_equity_for_it(monkeypatch: pytest.MonkeyPatch, hole: str,
                                                      expected: str) -> None:
    engine, seat = heads_up_facing_all_in(monkeypatch, hole)
    assert choose(engine.view(seat), engine.legal_actions(seat), random.Random(1)).kind == expected


def always_call(legal: Sequence[ActionSpec]) -> Action:
    return Action("call") if any(s.kind == "call" for s in legal) else Action("check")


def test_beats_always_call_over_a_short_seeded_match() -> None:
    rng = random.Random(2024)
    won = 0
    for hand in range(200):
        engine = HoldemEngine({}, [Seat("Robot", 1000), Seat("Station", 1000)],
                              f"{rng.getrandbits(256):064x}", {"dealer": hand % 2})
        while engine.outcome is None:
            (seat,) = engine.to_act()
            legal = engine.legal_actions(seat)
            action = choose(engine.view(seat), legal, rng) if seat == 0 else always_call(legal)
            engine.apply(seat, action)
        won += engine.outcome.deltas[0]
    assert won > 0


@pytest.mark.parametrize("game", ["holdem", "omaha-hilo"])
def test_asked_to_run_it_twice_a_computer_player_always_agrees(game: str) -> None:
    engine_class, chooser = (HoldemEngine, choose) if game == "holdem" else (OmahaHiLoEngine, omaha_ai.choose)
    e = engine_class({"run_it_twice": True, "limit": "no-limit"}, [Seat("A", 500), Seat("B", 500)], "ef" * 32, {})
    e.apply(e.to_act()[0], Action("raise", 500))
    e.apply(e.to_act()[0], Action("call"))
    for seat in e.to_act():
        assert chooser(e.view(seat), e.legal_actions(seat), random.Random(seat)) == Action("twice")
