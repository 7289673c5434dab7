"""Short stacks against every forced payment of the poker engines: blinds, antes (every player's or the
big blind's), a straddle, a bomb pot's ante, a stud ante and bring-in, and a tournament's blinds and
antes at a late level. A player holding less than what they owe pays what they have and is all in
(a straddle is never all in: it is not posted); no stack ever goes below zero, dead money is what was
anted, and every chip is still there at the end and in the export.

The 7-2 bounty, paid between stacks after the hand, is checked at the table
(``tests/service/table/test_forced_payments.py``).
"""
from __future__ import annotations

import random
from typing import Any, Mapping

import pytest
from hypothesis import given, settings, strategies as st
from pokerkit import AntePosting, BlindOrStraddlePosting

from bot.games.base import Action, Seat
from bot.games.draw import DrawEngine
from bot.games.holdem import HoldemEngine
from bot.games.omaha import OmahaEngine, OmahaHiLoEngine
from bot.games.stud import StudEngine
from bot.service.tournament.sit_and_go import hand_settings
from bot.storage.records import TableSettings
from tests.support.export_checks import replayed_stacks

SHORT = [1, 2, 3, 4, 5, 6, 9, 10, 11, 14, 15, 19, 20, 21, 25, 30, 1000]
"""Stacks around every payment's size (blinds 5/10, antes up to 10, straddle 20, bomb pot 25)."""
BLINDS = {"small_blind": 5, "big_blind": 10}
TOURNAMENT = {**BLINDS, "mode": "tournament", "level_hands": 1}
OPTIONS: dict[str, tuple[Any, dict[str, Any]]] = {
    "blinds": (HoldemEngine, BLINDS),
    "every player antes": (HoldemEngine, {**BLINDS, "ante": 10}),
    "big-blind ante": (HoldemEngine, {**BLINDS, "ante": 10, "ante_kind": "big blind"}),
    "UTG straddle": (HoldemEngine, {**BLINDS, "straddle": "under the gun", "straddlers": list(range(9))}),
    "button straddle": (OmahaEngine, {**BLINDS, "straddle": "button", "straddlers": list(range(9)),
                                      "limit": "pot-limit"}),
    "bomb pot": (HoldemEngine, {**BLINDS, "bomb_pot_every": 1, "bomb_pot": 25}),
    "hi-lo antes": (OmahaHiLoEngine, {**BLINDS, "ante": 3, "limit": "pot-limit"}),
    "draw blinds and ante": (DrawEngine, {**BLINDS, "ante": 2}),
    "draw antes only": (DrawEngine, {**BLINDS, "forced": "antes", "ante": 7}),
    "stud ante and bring-in": (StudEngine, {"ante": 3, "bring_in": 5, "small_bet": 10, "big_bet": 20}),
    "tournament level 5, big-blind ante": (HoldemEngine, hand_settings(TableSettings.from_json({**TOURNAMENT, "ante_kind": "big blind"}), 5)),
    "tournament level 4, antes": (HoldemEngine, hand_settings(TableSettings.from_json(TOURNAMENT), 4)),
    "tournament stud level 3": (StudEngine, hand_settings(TableSettings.from_json({"mode": "tournament", "level_hands": 1, "ante": 1,
                                                          "bring_in": 2, "small_bet": 5, "big_bet": 10}), 3)),
}


def owed(options: Mapping[str, Any], stacks: list[int], dealer: int) -> tuple[list[int], list[int]]:
    """What each seat owes before the cards, worked out from the rules page and not from the engine:
    (the whole payment, the dead part of it), before any stack is taken into account."""
    n = len(stacks)
    due, dead = [0] * n, [0] * n
    ante = int(options.get("ante", 0))
    if "bring_in" in options:  # stud: antes only before the cards (the bring-in is a move)
        return [ante] * n, [ante] * n
    if options.get("bomb_pot_every"):
        return [int(options["bomb_pot"])] * n, [int(options["bomb_pot"])] * n
    small, big = int(options["small_blind"]), int(options["big_blind"])
    sb, bb = (dealer, (dealer + 1) % n) if n == 2 else ((dealer + 1) % n, (dealer + 2) % n)
    if options.get("forced") != "antes":
        due[sb], due[bb] = small, big
    if options.get("ante_kind") == "big blind":
        dead[bb] = ante  # the blind first, then the ante: capped below
    else:
        dead = [ante] * n
    straddle = options.get("straddle", "off")
    if straddle != "off" and n >= 3:
        seat = (dealer + 3) % n if straddle == "under the gun" else dealer
        if stacks[seat] > 2 * big:  # a straddle is never all in
            due[seat] = 2 * big
    return [d + a for d, a in zip(due, dead)], dead


def _posted(engine: Any, kinds: tuple[type, ...] = (AntePosting, BlindOrStraddlePosting)) -> list[int]:
    """What each seat posted before the cards (pokerkit's operations: the hand may be over already)."""
    put = [0] * len(engine.seats)
    for op in engine.state.operations:
        if isinstance(op, kinds):
            put[engine._seat_of(op.player_index)] += op.amount
    return put


def _check_no_stack_below_zero(engine: Any, total: int) -> None:
    state = engine.state
    assert min(state.stacks) >= 0 and min(state.bets) >= 0
    assert sum(state.stacks) + sum(state.bets) + sum(pot.amount for pot in state.pots) == total


def _play(engine: Any, rng: random.Random, total: int) -> None:
    while engine.outcome is None:
        seat = engine.to_act()[0]
        spec = rng.choice(engine.legal_actions(seat))
        if spec.max_amount is not None:
            assert spec.max_amount <= engine.state.stacks[engine._player_of(seat)] + engine.state.bets[engine._player_of(seat)]
        amount = rng.randint(spec.min_amount, spec.max_amount) if spec.min_amount is not None else None
        engine.apply(seat, Action(spec.kind, amount=amount))
        if engine.outcome is None:
            _check_no_stack_below_zero(engine, total)


@pytest.mark.parametrize("name", OPTIONS)
@settings(max_examples=25, deadline=None)
@given(stacks=st.lists(st.sampled_from(SHORT), min_size=2, max_size=7), data=st.data())
def test_a_short_stack_pays_what_it_has_and_no_stack_goes_below_zero(name: str, stacks: list[int], data: Any) -> None:
    game, options = OPTIONS[name]
    dealer = data.draw(st.integers(0, len(stacks) - 1), "dealer")
    seed = data.draw(st.integers(0, 2**32), "seed")
    engine = game(dict(options), [Seat(f"P{i}", s) for i, s in enumerate(stacks)], f"{seed:064x}",
                  {"dealer": dealer, "hand_no": 1})
    due, dead = owed(options, stacks, dealer)
    if not getattr(engine, "has_button", True):
        due, dead = [due[0]] * len(stacks), [dead[0]] * len(stacks)
    assert _posted(engine) == [min(s, d) for s, d in zip(stacks, due)], "each pays what they owe or all they have"
    if not options.get("bomb_pot_every"):
        blind_first = options.get("ante_kind") == "big blind"
        anted = [min(max(0, s - (d - a)), a) if blind_first else min(s, a) for s, d, a in zip(stacks, due, dead)]
        assert _posted(engine, (AntePosting,)) == anted, "antes are dead money (a big blind's after its blind)"
    total = sum(stacks)
    if engine.outcome is None:
        _check_no_stack_below_zero(engine, total)
    _play(engine, random.Random(seed), total)
    assert sum(engine.outcome.deltas) == 0
    final = [s + d for s, d in zip(stacks, engine.outcome.deltas)]
    assert min(final) >= 0
    assert replayed_stacks(engine.phh()) == [final], "the export replays to the same stacks"


def test_a_stud_bring_in_short_of_the_bring_in_is_all_in_for_what_is_left() -> None:
    for seed in range(40):
        engine = StudEngine(dict(OPTIONS["stud ante and bring-in"][1]), [Seat(f"P{i}", 6) for i in range(4)],
                            f"{seed:064x}", {})
        (seat,) = engine.to_act()
        bring_in = next(spec for spec in engine.legal_actions(seat) if spec.kind == "bring_in")
        assert (bring_in.min_amount, bring_in.max_amount) == (3, 3), "6 less the ante of 3: the 5 asked is cut to 3"
        engine.apply(seat, Action("bring_in", amount=3))
        assert engine.state.stacks[engine._player_of(seat)] == 0
        _play(engine, random.Random(seed), 24)
        assert sum(engine.outcome.deltas) == 0


@pytest.mark.parametrize("name", OPTIONS)
def test_every_seat_short_of_every_payment_pays_what_it_has(name: str) -> None:
    """One short stack in each seat, of each size around the payments, the others covered."""
    game, options = OPTIONS[name]
    for n in (2, 3, 4, 5):
        for seat in range(n):
            for short in SHORT:
                stacks = [5000] * n
                stacks[seat] = short
                engine = game(dict(options), [Seat(f"P{i}", s) for i, s in enumerate(stacks)], "ab" * 32,
                              {"dealer": 0, "hand_no": 1})
                due, _ = owed(options, stacks, 0)
                if not getattr(engine, "has_button", True):
                    due = [due[0]] * n
                assert _posted(engine) == [min(s, d) for s, d in zip(stacks, due)], (n, seat, short)
                assert min(engine.state.stacks) >= 0
