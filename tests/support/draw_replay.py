"""Replaying a published draw-game hand (PHH) through the room's engines, to the chip.

A published hand names the cards the broadcast showed and writes "??" for the rest: hands that
folded unseen, burn cards, and sometimes discards. The replay makes every unknown card concrete
without changing what happened: a discard written "??" throws first the cards the player no longer
holds at their showdown, and every other unknown card is one no known card of the hand uses. The
engine is then dealt exactly those cards (its ``_draw`` is replaced for the replay: a player's next
card when pokerkit deals to that player, a spare card for a burn), and plays the hand's actions.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pytest

from bot.games.base import Action, Seat
from bot.games.cards import DECK
from bot.games.draw import DrawHand
from bot.games.phh import RoomHandHistory

UNKNOWN = "??"


def _codes(text: str) -> list[str]:
    return [text[i:i + 2] for i in range(0, len(text), 2)]


@dataclass
class PlayerCards:
    """One player's cards through the hand: the deal, then (discards, cards dealt) at each draw."""

    dealt: list[str]
    draws: list[tuple[list[str], list[str]]] = field(default_factory=list)
    shown: list[str] | None = None


@dataclass
class Replay:
    history: RoomHandHistory
    players: list[PlayerCards]
    moves: list[tuple[int, str, list[str], int | None]]  # (player, verb, cards, amount) in order

    @property
    def finishing_stacks(self) -> list[int]:
        stacks = self.history.finishing_stacks
        assert stacks is not None, "a replayed hand needs its finishing stacks"
        return list(stacks)


def read(path: Path) -> Replay:
    """The hand's cards and moves, every unknown card made concrete."""
    history = RoomHandHistory.loads(path.read_text(encoding="utf-8"))
    assert isinstance(history, RoomHandHistory)
    n = len(history.starting_stacks)
    players: list[PlayerCards | None] = [None] * n
    moves: list[tuple[int, str, list[str], int | None]] = []
    pending: dict[int, list[str]] = {}  # discards waiting for their cards, by player
    for line in history.actions:
        words = line.split("#")[0].split()
        if not words:
            continue
        if words[0] == "d" and words[1] == "dh":
            player, cards = int(words[2][1:]) - 1, _codes(words[3])
            if players[player] is None:
                players[player] = PlayerCards(cards)
            else:
                found = players[player]
                assert found is not None
                found.draws.append((pending.pop(player), cards))
            continue
        player, verb = int(words[0][1:]) - 1, words[1]
        cards = _codes(words[2]) if len(words) > 2 and verb in ("sd", "sm") else []
        if verb == "sd":
            found = players[player]
            assert found is not None
            if cards:
                pending[player] = cards
            else:
                found.draws.append(([], []))
        elif verb == "sm":
            found = players[player]
            assert found is not None
            found.shown = cards
        moves.append((player, verb, cards, int(words[2]) if verb == "cbr" else None))
    known = [p for p in players if p is not None]
    assert len(known) == n and not pending
    _make_concrete(known)
    return Replay(history, known, moves)


def _make_concrete(players: list[PlayerCards]) -> None:
    """Give each unknown card a value: discards "??" throw what the showdown shows is gone, then unknown
    cards, else the oldest held; every card left unknown takes one the hand never shows."""
    used = {c for p in players for c in [*p.dealt, *(p.shown or ()), *(c for d, g in p.draws for c in d + g)]}
    spare = iter(c for c in DECK if c not in used)
    for player in players:
        _place_shown(player)
        held = [c if c != UNKNOWN else next(spare) for c in player.dealt]
        player.dealt = list(held)
        shown = set(player.shown or ())
        for index, (thrown, got) in enumerate(player.draws):
            if any(c == UNKNOWN for c in thrown):
                order = sorted(held, key=lambda c: (c in shown, c in used))
                thrown = order[:len(thrown)]
            got = [c if c != UNKNOWN else next(spare) for c in got]
            player.draws[index] = (list(thrown), got)
            held = [c for c in held if c not in thrown] + got
        if player.shown and UNKNOWN not in player.shown:
            assert sorted(held) == sorted(player.shown), "the replayed cards must end as the hand shows them"


def _place_shown(player: PlayerCards) -> None:
    """Shown cards no known deal names were dealt in the player's last unknown cards (they stayed)."""
    if not player.shown:
        return
    named = {*player.dealt, *(c for _, got in player.draws for c in got)}
    missing = [c for c in player.shown if c not in named]
    for got in reversed([player.dealt] + [got for _, got in player.draws]):
        for index in reversed(range(len(got))):
            if missing and got[index] == UNKNOWN:
                got[index] = missing.pop()
    assert not missing, "every shown card was dealt somewhere"


def settings_of(history: RoomHandHistory) -> dict[str, Any]:
    """The engine's settings for the hand's stakes: blinds, and an ante (everyone's or the big blind's)."""
    blinds = [b for b in history.blinds_or_straddles or () if b]
    antes = list(history.antes or [0])
    posted = [a for a in antes if a]
    settings: dict[str, Any] = {"small_blind": blinds[0], "big_blind": blinds[1], "ante": max(antes, default=0)}
    if len(posted) == 1 and len(antes) > 1:
        settings["ante_kind"] = "big blind"
    return settings


def play(replay: Replay, engine_type: Callable[..., DrawHand], monkeypatch: pytest.MonkeyPatch) -> DrawHand:
    """The hand played through ``engine_type`` with its cards and moves; returns the finished engine."""
    queues = [[*p.dealt, *(c for _, got in p.draws for c in got)] for p in replay.players]
    used = {c for q in queues for c in q}
    spare = [c for c in DECK if c not in used]

    def deal(engine: DrawHand) -> str:
        dealee = engine.state.hole_dealee_index
        return queues[dealee].pop(0) if dealee is not None else spare.pop()

    monkeypatch.setattr(engine_type, "_draw", deal)
    n = len(replay.players)
    history = replay.history
    engine = engine_type(settings_of(history), [Seat(f"p{i + 1}", s) for i, s in enumerate(history.starting_stacks)],
                         "00" * 32, {"dealer": n - 1})
    draws = [iter(p.draws) for p in replay.players]
    for player, verb, _, amount in replay.moves:
        if verb == "sm":
            continue
        assert engine.to_act() == (player,), f"p{player + 1} {verb}: the engine waits for {engine.to_act()}"
        kinds = {spec.kind for spec in engine.legal_actions(player)}
        if verb == "f":
            action = Action("fold")
        elif verb == "cc":
            action = Action("check" if "check" in kinds else "call")
        elif verb == "cbr":
            action = Action("raise", amount=amount)
        else:
            thrown, _ = next(draws[player])
            action = Action("discard", cards=tuple(thrown)) if thrown else Action("stand_pat")
        engine.apply(player, action)
    assert engine.finished
    return engine
