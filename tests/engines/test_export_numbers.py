"""Every number of every exported line, over many random hands: each PokerStars hand history is checked
line by line against the hand's PHH record (``tests/support/pokerstars_numbers.py``: forced bets, calls,
bets, "raises X to Y", uncalled bets, collections, pots, summary lines, final stacks), and each PHH
record replays in pokerkit to the engine's final stacks. The hands mix every table option the formats
carry (antes, big-blind antes, straddles, bomb pots, run it twice), short stacks, two to eight players,
and hold'em, Omaha and Omaha hi-lo at each betting limit."""
from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.base import Action, Seat
from bot.games.holdem import HoldemEngine
from bot.games.omaha import OmahaEngine, OmahaHiLoEngine
from bot.games.phh import RoomHandHistory
from bot.games.pokerstars import HandInfo, convert
from tests.support.export_checks import replayed_stacks
from tests.support.pokerstars_numbers import check_numbers

GAMES = {"holdem": HoldemEngine, "omaha": OmahaEngine, "omaha hi-lo": OmahaHiLoEngine}
HANDS = 120


def random_hand(game: Any, rng: random.Random, moves: list[tuple[int, Action]] | None = None) -> tuple[Any, list[int]]:
    """A hand with random options and stacks, played to its end by random legal moves (noted in
    ``moves``: the seat and the move)."""
    players = rng.randint(2, 8)
    stacks = [rng.choice([3, 8, 15, 22, 40, 75, 200, 1000, 5000]) for _ in range(players)]
    settings: dict[str, Any] = {"small_blind": rng.choice([1, 5, 5, 25]), "run_it_twice": rng.random() < 0.5,
                                "limit": rng.choice(["no-limit", "pot-limit", "fixed-limit"])}
    settings["big_blind"] = settings["small_blind"] * rng.choice([2, 2, 3])
    kind = rng.choice(["plain", "ante", "big blind ante", "straddle", "bomb pot"])
    if kind == "ante":
        settings["ante"] = rng.choice([1, 3, 10])
    elif kind == "big blind ante":
        settings |= {"ante": settings["big_blind"], "ante_kind": "big blind"}
    elif kind == "straddle":
        settings |= {"straddle": rng.choice(["under the gun", "button"]), "straddlers": list(range(players))}
    elif kind == "bomb pot":
        settings |= {"bomb_pot_every": 1, "bomb_pot": rng.choice([7, 20])}
    engine = game(settings, [Seat(f"P{i}", s) for i, s in enumerate(stacks)], f"{rng.getrandbits(256):064x}",
                  {"dealer": rng.randrange(players), "hand_no": 1})
    while engine.outcome is None:
        seat = rng.choice(engine.to_act())
        spec = rng.choice(engine.legal_actions(seat))
        amount = None
        if spec.min_amount is not None:
            amount = rng.choice([spec.min_amount, spec.max_amount, rng.randint(spec.min_amount, spec.max_amount)])
        engine.apply(seat, Action(spec.kind, amount=amount))
        if moves is not None:
            moves.append((seat, Action(spec.kind, amount=amount)))
    return engine, stacks


@pytest.mark.parametrize("name", GAMES)
def test_every_number_of_every_pokerstars_line_matches_the_hand(name: str) -> None:
    rng = random.Random(f"numbers {name}")
    kinds: set[str] = set()
    for hand in range(HANDS):
        engine, stacks = random_hand(GAMES[name], rng)
        phh = engine.phh()
        assert replayed_stacks(phh)[0] == sorted_by_seat(engine, stacks), "the PHH replays to the engine's stacks"
        blinds = (engine.small_blind, engine.big_blind)
        text = convert(phh, HandInfo(hand + 1, "Cardroom 1", 9, 1.8e9, seats=list(range(1, len(stacks) + 1)),
                                     blinds=blinds))
        check_numbers(text, phh, blinds=blinds, hi_lo=name == "omaha hi-lo")
        kinds |= {kind for kind in ("raises", "Uncalled bet", "side pot", "FIRST SHOW DOWN", "and is all-in",
                                    "posts straddle", "posts the ante") if kind in text}
    assert len(kinds) == 7, f"the random hands wrote every kind of line: {kinds}"


CODES = {"fold": "f", "check": "cc", "call": "cc", "bet": "cbr", "raise": "cbr"}


@pytest.mark.parametrize("name", GAMES)
def test_every_number_of_the_phh_is_the_engines(name: str) -> None:
    """The PHH's stacks, antes, blinds and straddles are the deal's, each move is the move played (a bet
    or raise to the amount the player chose), and its final stacks are the engine's."""
    rng = random.Random(f"phh {name}")
    for _ in range(HANDS // 2):
        moves: list[tuple[int, Action]] = []
        engine, stacks = random_hand(GAMES[name], rng, moves)
        history = RoomHandHistory.loads(engine.phh())
        by_player = sorted(range(len(stacks)), key=engine._player_of)
        assert history.starting_stacks == [stacks[s] for s in by_player]
        assert (list(history.antes), list(history.blinds_or_straddles)) == (list(engine.forced.antes),
                                                                           list(engine.forced.blinds))
        played = [f"p{engine._player_of(seat) + 1} {CODES[move.kind]}" + (f" {move.amount}" if CODES[move.kind] == "cbr"
                                                                          else "")
                  for seat, move in moves if move.kind in CODES]
        actions = list(history.actions)
        if engine.forced.bomb_pot:  # the checks before the flop are the engine's, not a player's
            actions = actions[next(k for k, a in enumerate(actions) if a.startswith("d db")):]
        assert [a for a in actions if a.split()[1] in ("f", "cc", "cbr")] == played
        final = [s + d for s, d in zip(stacks, engine.outcome.deltas)]
        assert history.finishing_stacks == [final[s] for s in by_player]


def sorted_by_seat(engine: Any, stacks: list[int]) -> list[int]:
    return [s + d for s, d in zip(stacks, engine.outcome.deltas)]
