"""One judgement of a move in every engine (``Engine.verify``), checked over many states of every game
reached by random legal play from several seeds: what ``legal_actions`` offers is accepted, and the
moves no press carries (a timeout's, a computer player's: a restart replays them through ``apply``),
what it does not offer is refused, and ``apply`` of a refused move raises the same reason and changes
nothing (every view before equals every view after). And each refusal every game shares is written once."""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from bot.games.base import (HAND_OVER, NOT_NOW, NOT_YOUR_TURN, Action, ActionSpec, Engine, EngineBase, IllegalAction, Seat,
                            fitting_spec)
from bot.games.choices import action_from_choices
from bot.registry import GAMES, Chooser

ROOT = Path(__file__).resolve().parents[2]
SEEDS = (1, 2, 3, 4)
MAX_STEPS = 120  # a whole hand of every poker game and gin, most of a bridge board or a Saint Poker game
ROBOT_EVERY = 7  # states between two where the computer player's choice is judged too (bridge's thinks long)
FOREIGN_KINDS = ("fold", "check", "call", "raise", "bet", "bring_in", "discard", "place", "bid", "play",
                 "claim", "twice", "no-such-move")
"""Kinds probed at every state besides the game's own: other games' moves, and one no game has."""

VARIANTS = [(name, {}) for name in sorted(GAMES)] + [
    ("holdem", {"run_it_twice": True}),  # the players all in choose how to run the board
    ("holdem", {"limit": "fixed-limit"}),  # a raise of one size: its amount is filled in
    ("bridge", {"event": "club"}),  # a rejected claim waits for the director's ruling
]


def _engine(name: str, extra: dict[str, Any], seed: int, players: int) -> Engine:
    spec = GAMES[name]
    stack = spec.default_buy_in or (1000 if spec.chips else 0)
    seats = [Seat(f"P{i}", stack, True) for i in range(players)]
    return spec.engine({**spec.default_settings, **extra}, seats, f"{seed:064x}", {})


def _views(engine: Engine, players: int) -> list[dict[str, Any]]:
    return [engine.view(None)] + [engine.view(seat) for seat in range(players)]


def _moves_of(spec: ActionSpec, rng: random.Random) -> Iterator[Action]:
    """Moves that make ``spec``: its amounts from the smallest (the first, which random play makes, so
    a hand lasts) to the largest, a fixed amount left out, and a few of its choices (every count it
    allows)."""
    if spec.choices:
        several = spec.max_choices > 1
        for count in sorted({spec.min_choices, max(1, spec.min_choices), spec.max_choices}):
            if count <= len(spec.choices) and (count or several):
                yield action_from_choices(spec.kind, rng.sample(spec.choices, count), several=several)
    elif spec.min_amount is not None and spec.max_amount is not None:
        for amount in sorted({spec.min_amount, spec.max_amount, (spec.min_amount + spec.max_amount) // 2}):
            yield Action(spec.kind, amount=amount)
        if spec.min_amount == spec.max_amount:
            yield Action(spec.kind)
    else:
        yield Action(spec.kind)


def _probes(specs: list[ActionSpec], kinds: set[str]) -> Iterator[Action]:
    """Moves that may or may not be on offer: every kind bare, amounts just outside a range, a
    choice nobody offers, a card named twice."""
    for kind in sorted(kinds):
        yield Action(kind)
        yield Action(kind, amount=1)
        yield action_from_choices(kind, ["no-such-choice"])
        yield Action(kind, cards=("As", "As"))
    for spec in specs:
        if spec.min_amount is not None and spec.max_amount is not None:
            yield Action(spec.kind, amount=spec.max_amount + 1)
            yield Action(spec.kind, amount=spec.min_amount - 1)


def _check_state(engine: Engine, players: int, kinds: set[str], rng: random.Random, robot: Chooser | None) -> int:
    """Every seat's offer accepted, and the moves that reach ``apply`` without a press (the timeout's,
    and ``robot``'s choice); every probe judged as the offer says, and the deal as it was after every
    refused probe was applied; returns the refusals seen."""
    refusals = 0
    before = _views(engine, players)
    for seat in engine.to_act():
        engine.verify(seat, engine.timeout_action(seat))
        if robot is not None and not engine.ruling:  # a director's ruling is the engine's own move
            engine.verify(seat, robot(engine.view(seat), engine.legal_actions(seat), random.Random(seat)))
    for seat in range(players):
        specs = engine.legal_actions(seat)
        kinds.update(spec.kind for spec in specs)
        for spec in specs:
            for move in _moves_of(spec, rng):
                made = engine.verify(seat, move)
                assert fitting_spec([s for s in specs if s.kind == made.kind], made), (seat, move)
                if spec.min_amount is not None and spec.min_amount == spec.max_amount:
                    assert made.amount == spec.min_amount, "a fixed amount is filled in"
        for probe in _probes(specs, kinds):
            try:
                made = engine.verify(seat, probe)
            except IllegalAction as refusal:
                refusals += 1
                with pytest.raises(type(refusal)) as raised:
                    engine.apply(seat, probe)
                assert str(raised.value) == str(refusal), f"apply refuses {probe} for another reason than verify"
                continue
            same_kind = [s for s in specs if s.kind == made.kind]
            assert same_kind, f"verify accepted {probe} for seat {seat}, which is offered no {made.kind}"
            fitting_spec(same_kind, made)  # raises if the move accepted is not one on offer
    assert _views(engine, players) == before, "a refused move changed the deal"
    return refusals


@pytest.mark.parametrize(("name", "extra"), VARIANTS,
                         ids=[name + "".join(f"-{k}" for k in extra) for name, extra in VARIANTS])
def test_verify_accepts_exactly_the_offer_and_a_refused_apply_changes_nothing(name: str, extra: dict[str, Any]) -> None:
    spec = GAMES[name]
    kinds = set(FOREIGN_KINDS)
    states = refusals = 0
    for seed in SEEDS:
        players = spec.min_players + seed % (min(spec.max_players, 4) - spec.min_players + 1)
        engine, rng = _engine(name, extra, seed, players), random.Random(seed)
        for step in range(MAX_STEPS):
            robot = spec.choose if step % ROBOT_EVERY == 0 else None
            refusals += _check_state(engine, players, kinds, rng, robot)
            states += 1
            if engine.outcome is not None:
                break
            seat = rng.choice(engine.to_act())
            offer = engine.legal_actions(seat)
            staying = [move for move in offer if move.kind != "fold"] or offer  # a hand that lasts shows more
            engine.apply(seat, next(_moves_of(rng.choice(staying), rng)))
    assert states >= len(SEEDS) * 5 and refusals > states, "many states, each with refusals, were judged"


def test_a_finished_deal_refuses_every_move_as_over() -> None:
    engine = _engine("holdem", {}, 1, 2)
    engine.apply(engine.to_act()[0], Action("fold"))
    assert engine.outcome is not None
    with pytest.raises(IllegalAction, match=f"^{re.escape(HAND_OVER)}$"):
        engine.verify(0, Action("check"))


@pytest.mark.parametrize("text", [NOT_YOUR_TURN, HAND_OVER, NOT_NOW])
def test_each_shared_refusal_is_written_once_in_the_code(text: str) -> None:
    places = [f"{path.relative_to(ROOT)}:{number}" for path in sorted((ROOT / "bot").rglob("*.py"))
              for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if text in line]
    assert len(places) == 1 and places[0].startswith("bot/games/base.py:"), places


def test_every_engine_inherits_the_judgement_and_the_optional_features_answer_their_defaults() -> None:
    engines = {name: _engine(name, {}, 1, GAMES[name].min_players) for name in GAMES}
    assert all(isinstance(engine, EngineBase) for engine in engines.values())
    gin = engines["gin"]  # a game with none of the optional features
    assert (gin.analyse(), gin.rabbit(), gin.may_show(0), gin.ruling, gin.turn_seconds()) == (None, [], False, False, None)
    assert engines["squared"].turn_seconds() is not None, "Poker Squared times its own decisions"
