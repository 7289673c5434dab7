"""Replays: a finished deal rebuilt step by step from its stored record, as each of its players saw it.

A deal is stored as its settings, seats, seed and the ordered actions (``hands.record``); engines are
deterministic from a seed, so applying the actions again to a fresh engine passes through every state
the table went through. Each step keeps the engine's own views of that state: the public view (what
the channel saw, and at the end what the showdown showed) and each seat's view (what that player
saw). Nothing here decides what is visible: the engine's views do.

Only members of the server the table played on can replay it (another server's table reads as no
such hand), and an event's deal (a duplicate board) is not replayed while it is secret
(``bot.service.events.shared_deals``).
"""
from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Mapping

from bot.errors import UserError
from bot.games.base import Action, Engine, Seat
from bot.registry import game
from bot.service.events import shared_deals
from bot.storage.interface import Storage

KEPT = 16
"""Rebuilt replays kept in memory (a finished deal never changes): pressing Next rebuilds nothing."""


class NoSuchHand(UserError):
    """No finished hand by that number on a table of this server."""


@dataclass(frozen=True)
class ReplayStep:
    """One state of the deal: the engine's views of it and the log lines of the action that led there."""

    public: dict[str, Any]
    seats: tuple[dict[str, Any], ...]
    lines: tuple[str, ...]

    def view(self, deal_seat: int | None) -> dict[str, Any]:
        """The seat's own view, or the public one (``None``)."""
        return self.public if deal_seat is None else self.seats[deal_seat]


@dataclass(frozen=True)
class Replay:
    """A finished deal, step 0 as dealt, the last step as it ended."""

    table_id: int
    hand_no: int
    game: str
    users: tuple[int | None, ...]  # the member (or computer player) in each deal seat; None if unknown
    steps: tuple[ReplayStep, ...]
    summary: str

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def seat_of(self, user_id: int) -> int | None:
        """The deal seat a member held, or None (they watch the public replay)."""
        return self.users.index(user_id) if user_id in self.users else None


def fresh_engine(game_name: str, seed: str, record: Mapping[str, Any],
                 table_settings: Mapping[str, Any] | None = None) -> Engine:
    """A stored deal's engine as it was dealt, before any move. ``table_settings`` stand in for a
    record stored before deals kept their own settings."""
    spec = game(game_name)
    names, stacks = record["names"], record["stacks"]
    bots = record.get("bots") or [False] * len(names)
    seats = [Seat(name=n, stack=s, is_bot=b) for n, s, b in zip(names, stacks, bots)]
    settings = record.get("settings", table_settings or spec.default_settings)
    return spec.engine(dict(settings), seats, seed, dict(record["carry"]))


def played_engine(game_name: str, seed: str, record: Mapping[str, Any]) -> Engine:
    """A stored deal's engine after its moves (pure; run in a thread): which deck a mixed table's
    deal used is known once its game is chosen."""
    engine = fresh_engine(game_name, seed, record)
    for deal_seat, action in record["actions"]:
        engine.apply(deal_seat, Action.from_json(action))
    return engine


def rebuild(game_name: str, seed: str, record: Mapping[str, Any],
            table_settings: Mapping[str, Any] | None = None) -> tuple[ReplayStep, ...]:
    """Every state of a stored deal, by applying its actions to a fresh engine (pure; run in a thread)."""
    engine = fresh_engine(game_name, seed, record, table_settings)
    seats = range(len(record["names"]))

    def state(lines: list[str]) -> ReplayStep:
        return ReplayStep(engine.view(None), tuple(engine.view(s) for s in seats), tuple(lines))

    steps = [state(["The deal starts."])]
    actions = record["actions"]
    for number, (deal_seat, action) in enumerate(actions, start=1):
        lines = engine.apply(deal_seat, Action.from_json(action))
        if number == len(actions):
            engine.analyse()  # bridge: the last step shows double dummy and par
        steps.append(state(lines))
    return tuple(steps)


class Replays:
    """Finds a server's finished deals and rebuilds them (the last few kept)."""

    def __init__(self, storage: Storage):
        self.storage = storage
        self._kept: OrderedDict[tuple[int, int], Replay] = OrderedDict()

    async def load(self, guild_id: int | None, table_id: int, hand_no: int) -> Replay:
        """The replay of a table's finished hand, for a member of ``guild_id``; ``NoSuchHand`` for a
        hand that is not finished, a table of another server (or none), and ``UserError`` for an
        event's deal still secret."""
        missing = NoSuchHand(f"There is no finished hand #{hand_no} at table #{table_id} on this server.")
        row = await self.storage.table(table_id)
        if guild_id is None or row is None or row.guild_id != guild_id:
            raise missing
        if not await shared_deals.hand_may_show(self.storage, table_id, hand_no, None):
            raise UserError("That deal belongs to an event whose other tables may still be playing it: "
                            "it can be replayed once the event reveals it.")
        kept = self._kept.get((table_id, hand_no))
        if kept is not None:
            self._kept.move_to_end((table_id, hand_no))
            return kept
        stored = await self.storage.hand_record(table_id, hand_no)
        if stored is None:
            raise missing
        record = stored.record
        steps = await asyncio.to_thread(rebuild, stored.game, stored.seed, record, row.settings.to_json())
        users = tuple(record.get("users") or await self._holders(table_id, hand_no, len(record["names"])))
        replay = Replay(table_id, hand_no, stored.game, users, steps, str(record["outcome"]["summary"]))
        self._kept[(table_id, hand_no)] = replay
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return replay

    async def _holders(self, table_id: int, hand_no: int, seats: int) -> list[int | None]:
        """Who held each seat of a hand recorded before its record named them: the hand index, which
        recovered the members of older deals where it could (None: unknown, that seat's replay is public)."""
        holders = await self.storage.hand_seat_holders(table_id, hand_no)
        return [holders.get(seat) for seat in range(seats)]

    def kept(self) -> list[Replay]:
        """The replays in memory (the privacy check reads the views each payload was drawn from)."""
        return list(self._kept.values())
