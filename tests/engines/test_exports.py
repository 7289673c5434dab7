"""Exports that other tools read: every poker variant's PHH replays to the same final stacks in
pokerkit's ``HandHistory``; every bridge PBN parses in endplay.

Hands are played by random legal actions (every raise size from the minimum to the all-in, every
draw) with uneven stacks, so side pots, all-ins and folds all occur.
"""
from __future__ import annotations

import random
import tomllib
from typing import Any

import pytest
from endplay.parsers import pbn as pbn_format
from pokerkit import HandHistory

from bot.exports import export_file, join_exports
from bot.games.base import Action, ActionSpec, Seat
from bot.games.phh import ROOM_CODES, RoomHandHistory
from bot.registry import game

HANDS = 40

# (game, settings, the variant code the file must carry)
VARIANTS = [
    ("holdem", {"limit": "no-limit"}, "NT"),
    ("holdem", {"limit": "fixed-limit"}, "FT"),
    ("holdem", {"limit": "pot-limit"}, "PT"),
    ("omaha", {"limit": "pot-limit"}, "PO"),
    ("omaha", {"limit": "no-limit"}, "NO"),
    ("omaha", {"limit": "fixed-limit"}, "FO"),
    ("omaha-hilo", {"limit": "fixed-limit"}, "FO/8"),
    ("omaha-hilo", {"limit": "pot-limit"}, "PO/8"),
    ("omaha-hilo", {"limit": "no-limit"}, "NO/8"),
    ("stud", {}, "F7S"),
    ("draw", {"limit": "no-limit"}, "N1D"),
    ("draw", {"limit": "pot-limit", "ante": 2}, "P1D"),
    ("draw", {"limit": "fixed-limit"}, "F1D"),
    ("draw", {"limit": "no-limit", "forced": "antes", "ante": 5}, "N1D"),
]


def random_action(specs: list[ActionSpec], rng: random.Random) -> Action:
    """Any legal action, a raise to any legal amount, a draw of any cards."""
    spec = rng.choice(specs)
    if spec.kind == "raise":
        assert spec.min_amount is not None and spec.max_amount is not None
        amount = rng.choice([spec.min_amount, spec.max_amount, rng.randint(spec.min_amount, spec.max_amount)])
        return Action("raise", amount=amount)
    if spec.kind == "discard":
        return Action("discard", cards=tuple(rng.sample(spec.choices, rng.randint(0, spec.max_choices or 0))))
    return Action(spec.kind, amount=spec.max_amount if spec.kind == "call" else None)


def play_hands(name: str, settings: dict[str, Any], hands: int, seed: int) -> list[tuple[Any, str]]:
    """``hands`` finished hands of random play: (engine, its stored export)."""
    spec = game(name)
    rng = random.Random(seed)
    played = []
    for hand_no in range(1, hands + 1):
        players = rng.randint(2, min(spec.max_players, 8))
        seats = [Seat(f"P{i}'s", rng.choice([40, 150, 1000])) for i in range(players)]
        engine = spec.engine({**spec.default_settings, **settings}, seats, "%064x" % rng.getrandbits(256),
                             {"dealer": rng.randrange(players), "hand_no": hand_no})
        while engine.outcome is None:
            (seat,) = engine.to_act()
            engine.apply(seat, random_action(engine.legal_actions(seat), rng))
        played.append((engine, spec.export(engine)))
    return played


@pytest.mark.parametrize("name, settings, code", VARIANTS, ids=[f"{g}-{c}" for g, _, c in VARIANTS])
def test_every_exported_hand_replays_to_the_engines_final_stacks(name: str, settings: dict[str, Any],
                                                                   code: str) -> None:
    for engine, text in play_hands(name, settings, HANDS, seed=len(code) * 1000 + len(settings)):
        history = RoomHandHistory.loads(text)
        assert history.variant == code
        *_, final = iter(history)
        assert list(final.stacks) == list(engine.state.stacks) == history.finishing_stacks, text
        assert sum(final.stacks) == sum(seat.stack for seat in engine.seats)
        if code in ROOM_CODES:  # the room's code is named in the file and refused by a reader without it
            assert text.startswith(f"# variant '{code}' is ")
            with pytest.raises(KeyError):
                list(HandHistory.loads(text))
        else:  # a specification code replays the same in pokerkit's own reader
            *_, plain = iter(HandHistory.loads(text))
            assert list(plain.stacks) == list(engine.state.stacks)


def test_five_card_draw_is_scored_high_not_lowball() -> None:
    """A draw hand that reaches a showdown pays the high hand, and the replay agrees."""
    showdowns = 0
    for engine, text in play_hands("draw", {"limit": "fixed-limit"}, 30, seed=5):
        if "sm " not in text:
            continue
        showdowns += 1
        *_, final = iter(RoomHandHistory.loads(text))
        assert list(final.stacks) == list(engine.state.stacks)
    assert showdowns >= 5


def test_a_table_of_poker_hands_is_one_phhs_file() -> None:
    hands = play_hands("omaha-hilo", {"limit": "pot-limit"}, 4, seed=9)
    text = join_exports("omaha-hilo", [(engine.hand_no, export) for engine, export in hands])
    assert list(tomllib.loads(text)) == ["1", "2", "3", "4"]
    loaded = list(RoomHandHistory.loads_all(text))
    assert [h.hand for h in loaded] == [1, 2, 3, 4]
    for history, (engine, _) in zip(loaded, hands):
        *_, final = iter(history)
        assert list(final.stacks) == list(engine.state.stacks)


def _bridge_action(specs: list[ActionSpec], rng: random.Random) -> Action:
    """A quick random bridge call or card: mostly passes and low bids, any legal card, no claims."""
    kinds = {spec.kind: spec for spec in specs}
    if "bid" in kinds and rng.random() < 0.45:
        return Action("bid", target=kinds["bid"].choices[rng.randrange(min(3, len(kinds["bid"].choices)))])
    if "pass" in kinds:
        return Action("pass")
    if "play" in kinds:
        return Action("play", cards=(rng.choice(kinds["play"].choices),))
    return Action("accept_claim")


def _bridge_boards(count: int) -> list[tuple[Any, str]]:
    spec = game("bridge")
    rng = random.Random(7)
    boards = []
    carry: dict[str, Any] = {}
    while len(boards) < count:
        engine = spec.engine(spec.default_settings, [Seat(n, 0) for n in ("N\"orth", "East", "South", "West")],
                             "%064x" % rng.getrandbits(256), carry)
        while engine.outcome is None:
            seat = engine.to_act()[0]
            engine.apply(seat, _bridge_action(engine.legal_actions(seat), rng))
        carry = engine.outcome.carry
        if engine.play:  # a board passed out has no play to export
            boards.append((engine, spec.export(engine)))
    return boards


def test_every_bridge_export_parses_in_endplay_alone_and_joined() -> None:
    boards = _bridge_boards(3)
    for engine, text in boards:
        (parsed,) = pbn_format.loads(text)
        assert parsed.info["Date"] == "????.??.??"
        assert parsed.board_num == engine.board_no
        assert len(parsed.play) == len(engine.play)
    joined = join_exports("bridge", [(n, text) for n, (_, text) in enumerate(boards, start=1)])
    assert "# hand" not in joined and joined.count("% PBN") == 1
    parsed_all = pbn_format.loads(joined)
    assert [b.board_num for b in parsed_all] == [e.board_no for e, _ in boards]
    assert [b.deal.to_pbn() for b in parsed_all] == [pbn_format.loads(t)[0].deal.to_pbn() for _, t in boards]


@pytest.mark.parametrize("name, suffix", [("holdem", "phh"), ("stud", "phh"), ("bridge", "pbn"), ("gin", "json")])
def test_export_file_names_say_the_format(name: str, suffix: str) -> None:
    filename, _ = export_file(name, 12, [(3, "x")])
    assert filename == f"cardroom-{name}-table12-hand3.{suffix}"
    filename, _ = export_file(name, 12, [(3, "{}"), (4, "{}")] if suffix == "json" else [(3, "x"), (4, "y")])
    assert filename.endswith(f"table12.{suffix}s" if suffix == "phh" else f"table12.{suffix}")
