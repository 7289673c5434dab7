"""A tournament's dead small blind and dead button in the engines (``bot/service/tournament/dead_button.py`` decides
them, ``carry`` tells the engine): who pokerkit makes post what, who acts first before and after the
flop and who acts last, the button in the view, and the export replayed to the same stacks."""
from __future__ import annotations

import random
from typing import Any

import pytest
from pokerkit import BlindOrStraddlePosting

from bot.games.base import Action, Seat
from bot.games.draw import DrawEngine
from bot.games.forced_bets import forced_bets
from bot.games.holdem import HoldemEngine
from bot.games.omaha import OmahaEngine, OmahaHiLoEngine
from bot.games.pokerstars import HandInfo, convert
from tests.support.export_checks import replayed_stacks

BLINDS = {"small_blind": 5, "big_blind": 10, "limit": "pot-limit"}
FLOP_GAMES = [HoldemEngine, OmahaEngine, OmahaHiLoEngine]


def _engine(game: Any, players: int, dealer: int, **carry: Any) -> Any:
    seats = [Seat(f"P{i}", 1000) for i in range(players)]
    return game(dict(BLINDS), seats, "cd" * 32, {"dealer": dealer, **carry})


def _posts(engine: Any) -> dict[int, int]:
    """Table seat -> the blind pokerkit posted for it."""
    return {engine._seat_of(op.player_index): op.amount for op in engine.state.operations
            if isinstance(op, BlindOrStraddlePosting)}


def _call_round(engine: Any) -> list[int]:
    """Everyone calls or checks until the street changes: the seats in the order they acted."""
    acted, board = [], len(engine.board)
    while engine.outcome is None and len(engine.board) == board:
        (seat,) = engine.to_act()
        kinds = {spec.kind for spec in engine.legal_actions(seat)}
        engine.apply(seat, Action("check" if "check" in kinds else "call"))
        acted.append(seat)
    return acted


@pytest.mark.parametrize("game", FLOP_GAMES)
def test_a_dead_small_blind_leaves_the_big_blind_alone_left_of_the_button(game: Any) -> None:
    # Seats 0-3; seat 0 has the button, the small blind's chair is empty: seat 1 posts the big blind.
    engine = _engine(game, 4, 0, dead_small_blind=True)
    assert _posts(engine) == {1: 10}, "nobody posts the small blind"
    assert any("P1 posts the big blind of 10" in line for line in engine.log)
    assert _call_round(engine) == [2, 3, 0, 1], "the action starts left of the big blind, who acts last"
    assert _call_round(engine) == [1, 2, 3, 0], "after the flop the big blind acts first, the button last"
    assert [s["is_dealer"] for s in engine.view(None)["seats"]] == [True, False, False, False]


@pytest.mark.parametrize("game", FLOP_GAMES)
def test_a_dead_button_leaves_the_player_right_of_it_last_to_act(game: Any) -> None:
    # Seats 0-2 with the button's chair empty between seat 2 and seat 0: seat 0 small, seat 1 big.
    engine = _engine(game, 3, 2, dead_button=True)
    assert _posts(engine) == {0: 5, 1: 10}
    assert _call_round(engine) == [2, 0, 1], "seat 2 acts first before the flop, the big blind last"
    assert _call_round(engine) == [0, 1, 2], "after the flop the small blind first, the player right of the button last"
    assert not any(s["is_dealer"] for s in engine.view(None)["seats"]), "no seat shows a dead button"


def test_a_dead_button_and_a_dead_small_blind_together() -> None:
    engine = _engine(HoldemEngine, 3, 2, dead_button=True, dead_small_blind=True)
    assert _posts(engine) == {0: 10}
    assert _call_round(engine) == [1, 2, 0]
    assert _call_round(engine) == [0, 1, 2]


def test_heads_up_nothing_is_dead_the_button_posts_the_small_blind_and_acts_first() -> None:
    engine = _engine(HoldemEngine, 2, 0, dead_button=True, dead_small_blind=True)
    assert _posts(engine) == {0: 5, 1: 10}
    assert _call_round(engine) == [0, 1], "before the flop the button first"
    assert _call_round(engine) == [1, 0], "after it the big blind first"
    assert engine.view(None)["seats"][0]["is_dealer"]


def test_five_card_draw_posts_the_big_blind_alone_when_the_small_blind_is_dead() -> None:
    seats = [Seat(f"P{i}", 1000) for i in range(4)]
    engine = DrawEngine({"small_blind": 5, "big_blind": 10}, seats, "cd" * 32, {"dealer": 3, "dead_small_blind": True})
    assert _posts(engine) == {0: 10}
    assert engine.to_act() == (1,), "the action starts left of the big blind"


def test_forced_bets_with_a_dead_small_blind_put_the_big_blind_and_its_ante_on_player_zero() -> None:
    settings = {**BLINDS, "ante": 10, "ante_kind": "big blind", "straddle": "under the gun", "straddlers": [7]}
    bets = forced_bets(settings, [500] * 5, [6, 7, 8, 9, 5], small_blind_dead=True)
    assert bets.blinds == (10, 20, 0, 0, 0) and bets.antes == (10, 0, 0, 0, 0)
    assert bets.straddler == 1, "under the gun is left of the big blind"
    button = forced_bets({**BLINDS, "straddle": "button", "straddlers": [5]}, [500] * 5, [6, 7, 8, 9, 5], button_dead=True)
    assert button.straddler is None, "nobody straddles on a dead button"


@pytest.mark.parametrize("game", FLOP_GAMES)
@pytest.mark.parametrize("seed", range(8))
def test_hands_with_dead_positions_conserve_chips_and_replay_from_the_export(game: Any, seed: int) -> None:
    rng = random.Random(seed)
    players = rng.randint(3, 7)
    stacks = [rng.choice([8, 40, 300, 1000]) for _ in range(players)]
    seats = [Seat(f"P{i}", stack) for i, stack in enumerate(stacks)]
    carry = {"dealer": rng.randrange(players), "dead_small_blind": rng.random() < 0.7, "dead_button": rng.random() < 0.5}
    settings = {**BLINDS, "ante": 10, "ante_kind": "big blind"}
    engine = game(settings, seats, f"{seed:064x}", carry)
    while engine.outcome is None:
        (seat,) = engine.to_act()
        spec = rng.choice(engine.legal_actions(seat))
        amount = rng.randint(spec.min_amount, spec.max_amount) if spec.min_amount is not None else None
        engine.apply(seat, Action(spec.kind, amount=amount))
    assert sum(engine.outcome.deltas) == 0
    assert replayed_stacks(engine.phh()) == [[s + d for s, d in zip(stacks, engine.outcome.deltas)]]


@pytest.mark.parametrize("table_blinds", [(5, 10), None])
def test_a_pokerstars_file_names_the_lone_blind_the_big_one(table_blinds: tuple[int, int] | None) -> None:
    engine = _engine(HoldemEngine, 4, 0, dead_small_blind=True)
    _call_round(engine)
    while engine.outcome is None:
        (seat,) = engine.to_act()
        engine.apply(seat, Action("check"))
    text = convert(engine.phh(), HandInfo(3, "Cardroom 1", 6, 0.0, seats=[1, 2, 3, 4], blinds=table_blinds))
    assert "P1: posts big blind 10" in text and "small blind" not in text
    assert "Seat 2: P1 (big blind)" in text


def test_a_straddle_after_a_dead_small_blind_is_still_a_straddle_in_the_pokerstars_file() -> None:
    seats = [Seat(f"P{i}", 1000) for i in range(4)]
    settings = {**BLINDS, "limit": "no-limit", "straddle": "under the gun", "straddlers": [2]}
    engine = HoldemEngine(settings, seats, "cd" * 32, {"dealer": 0, "dead_small_blind": True})
    assert _posts(engine) == {1: 10, 2: 20}
    text = convert(engine.phh(), HandInfo(4, "Cardroom 1", 6, 0.0, seats=[1, 2, 3, 4], blinds=(5, 10)))
    assert "P1: posts big blind 10" in text and "P2: posts straddle 20" in text


def test_a_pokerstars_file_puts_a_dead_button_on_its_empty_seat() -> None:
    engine = _engine(HoldemEngine, 3, 2, dead_button=True)
    engine.apply(2, Action("fold"))
    engine.apply(0, Action("fold"))
    text = convert(engine.phh(), HandInfo(5, "Cardroom 1", 6, 0.0, seats=[1, 3, 5], blinds=(5, 10), dead_button=6))
    assert "Table 'Cardroom 1' 6-max (Play Money) Seat #6 is the button" in text and "(button)" not in text
    assert "Seat 5: P2 (" in text and "P0: posts small blind 5" in text
