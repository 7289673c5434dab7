"""The PokerStars export read as real PokerStars files are read: a reader written from the grammar of
real files (``tests/support/pokerstars_grammar.py``) reads every hand we write of every game with a PokerStars form, played by random legal moves from random stacks (side pots, folds
on every street, draws, showdowns): each line must be a real file's form, each hand named as real
files name it, and every pot, collection and summary line must add up. Every number is also checked
against the hand's PHH record (``tests/support/pokerstars_numbers.py``)."""
from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.badugi import BadugiEngine
from bot.games.base import Action, Seat
from bot.games.draw import DrawEngine
from bot.games.holdem import HoldemEngine
from bot.games.lowball import SingleDrawEngine, TripleDrawEngine
from bot.games.omaha import OmahaEngine, OmahaHiLoEngine
from bot.games.phh import RoomHandHistory
from bot.games.pokerstars import HandInfo, convert
from bot.games.pokerstars_games import GAMES
from bot.games.razz import RazzEngine
from bot.games.short_deck import ShortDeckEngine
from bot.games.stud import StudEngine
from bot.games.stud_hilo import StudHiLoEngine
from tests.support.pokerstars_grammar import read
from tests.support.pokerstars_numbers import check_numbers

ENGINES: dict[str, Any] = {
    "holdem": HoldemEngine, "omaha": OmahaEngine, "omaha-hilo": OmahaHiLoEngine, "stud": StudEngine,
    "razz": RazzEngine, "stud-hilo": StudHiLoEngine, "draw": DrawEngine, "triple-draw": TripleDrawEngine,
    "single-draw": SingleDrawEngine, "badugi": BadugiEngine, "short-deck": ShortDeckEngine,
}
HANDS = 40


def _move(engine: Any, seat: int, rng: random.Random) -> Action:
    legal = engine.legal_actions(seat)
    spec = rng.choice([s for s in legal if s.kind != "fold"] if rng.random() < 0.8 else legal)
    if spec.kind == "discard":
        return Action("discard", cards=tuple(rng.sample(spec.choices, rng.randint(1, 3))))
    amount = None if spec.min_amount is None else rng.choice([spec.min_amount, spec.max_amount])
    return Action(spec.kind, amount=amount)


def played(name: str, rng: random.Random, limit: str | None = None) -> Any:
    """A hand of the game played to its end by random legal moves, from stacks far apart (``limit``: the
    betting, else a random one where the game has a choice)."""
    players = rng.randint(2, 6)
    settings: dict[str, Any] = {}
    if name in ("holdem", "omaha", "omaha-hilo", "draw"):
        settings["limit"] = limit or rng.choice(["no-limit", "pot-limit", "fixed-limit"])
    if name == "short-deck":  # antes with a button blind (6+ hold'em's), or blinds
        settings |= rng.choice([{"forced": "button blind", "ante": 10, "big_blind": 10}, {"forced": "blinds"}])
    engine = ENGINES[name](settings, [Seat(f"P{i}", rng.choice([12, 40, 150, 600, 2000])) for i in range(players)],
                           f"{rng.getrandbits(256):064x}", {"dealer": rng.randrange(players), "hand_no": 1})
    while engine.outcome is None:
        seat = rng.choice(engine.to_act())
        engine.apply(seat, _move(engine, seat, rng))
    return engine


@pytest.mark.parametrize("name", ENGINES)
def test_every_hand_we_write_reads_as_a_real_file_and_adds_up(name: str) -> None:
    rng = random.Random(f"readers {name}")
    seen: set[str] = set()
    for number in range(HANDS):
        engine = played(name, rng)
        phh = engine.phh()
        players = len(RoomHandHistory.loads(phh).starting_stacks)
        hero = rng.choice([None, *range(players)])
        blinds = (engine.small_blind, engine.big_blind) if hasattr(engine, "small_blind") else None
        text = convert(phh, HandInfo(number + 1, "Cardroom 1", 8, 1.8e9, seats=list(range(1, players + 1)),
                                     hero=hero, blinds=blinds))
        hand = read(text, ours=True)
        assert hand.game == GAMES[str(RoomHandHistory.loads(phh).variant)].name
        check_numbers(text, phh, blinds=blinds, hi_lo=name.endswith("hilo"))
        seen |= {mark for mark in ("Side pot", "SHOW DOWN", "Uncalled bet", "folded", "shows [") if mark in text}
        if any(hand.hands.values()):
            seen.add("named")
    assert seen >= {"Side pot", "SHOW DOWN", "Uncalled bet", "folded", "named"}, seen




