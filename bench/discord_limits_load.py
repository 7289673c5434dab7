"""The load of bench/discord_limits.py: the moved clock, the tables and their members pressing at human
pace, and the reading of what the loopback Discord served.

Kept apart from the report so that each file reads alone; run bench/discord_limits.py.
"""
from __future__ import annotations

import asyncio
import bisect
import logging
import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tests.support.discord_clock import CLOCK
from tests.support.harness import GUILD_ID, Place, User, new_id
from tests.support.loopback_harness import LoopbackHarness

GAME = "holdem"
FIRST_CHANNEL = 970000000000000000
FIRST_MEMBER = 3_000_000
PRESS_EVERY = (2.0, 3.0)
"""Real seconds between two presses at one table (uniform): a member reading the table and acting."""
FOLD_SHARE = 0.12
"""Of the presses facing a bet, the share that fold (the rest call; with nothing to call, check)."""
FROZEN_AFTER = 30.0
"""Real seconds without a successful write to its message after which a table in play is frozen."""
ANSWER_RULE = 3.0
"""Discord drops an interaction not answered within this many seconds."""
KEEP_TOKENS = 20 * 60.0
"""Simulated seconds a press's payload is kept in the loopback (Discord forgets a token at 15 minutes)."""
REBUY_AGAIN = 10.0
"""Real seconds before a bust member's join is sent again, if the first did not seat them."""


class SimClock:
    """Moves ``CLOCK`` on so that simulated time runs ``speed`` times real time, and notes the real
    moment each simulated hour began (to file what was served by the hour it was served in)."""

    def __init__(self, speed: float):
        self.speed = speed
        self.start_real = time.monotonic()
        self.start_sim = CLOCK.now()
        self.hour_starts = [self.start_real]  # real (monotonic) time each simulated hour began

    def simulated(self) -> float:
        """Simulated seconds since the start."""
        return CLOCK.now() - self.start_sim

    def hour_of(self, real: float) -> int:
        return max(0, bisect.bisect_right(self.hour_starts, real) - 1)

    async def run(self, stop: asyncio.Event, hours: float) -> None:
        """Every 0.1 s, add (speed - 1) times the real time passed; stop at ``hours`` simulated."""
        last = time.monotonic()
        while not stop.is_set():
            await asyncio.sleep(0.1)
            now = time.monotonic()
            CLOCK.advance((now - last) * (self.speed - 1))
            last = now
            simulated = self.simulated()
            while simulated >= 3600 * len(self.hour_starts) and len(self.hour_starts) < math.ceil(hours):
                self.hour_starts.append(now)
            if simulated >= hours * 3600:
                stop.set()


@dataclass
class Table:
    channel: int
    members: list[User]
    heads_up: bool
    last_write: float = 0.0
    frozen_since: float | None = None
    freezes: int = 0
    pending: list[tuple[float, int]] = field(default_factory=list)  # presses not shown yet: (real time, hour)
    rebuying: dict[int, float] = field(default_factory=dict)  # member id -> when their join was sent

    @property
    def at(self) -> Place:
        return Place(GUILD_ID, self.channel)


@dataclass
class Press:
    table: Table
    at: float  # real (monotonic) time it was dispatched
    hour: int
    sim: float  # simulated time it was made, to forget its payload once its token is dead
    answered: bool = False


def command_now(h: LoopbackHarness, user: User, sub: str, at: Place) -> str:
    """``/holdem <sub>`` dispatched as Discord delivers it, not awaited (``Harness.command`` waits for
    every task of the bot to finish, which a bot running its timers never does)."""
    data = {"id": str(new_id()), "name": GAME, "type": 1, "options": [{"name": sub, "type": 1, "options": []}]}
    token, payload = h._base(user, 2, data, at)
    h.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
    return token


async def answered(h: LoopbackHarness, user: User, sub: str, at: Place, timeout: float = 60.0) -> None:
    """``/holdem <sub>``, dispatched, and waited for until its answer is shown (the command defers,
    "thinking", and its follow-up replaces that once the table has done it)."""
    token = command_now(h, user, sub, at)
    give_up = time.monotonic() + timeout
    while (original := h.server.originals.get(token)) is None or original.thinking:
        if time.monotonic() > give_up:
            raise RuntimeError(f"/{GAME} {sub} in channel {at.channel_id}: no answer in {timeout:.0f} s")
        await asyncio.sleep(0.02)


async def open_tables(h: LoopbackHarness, count: int, heads_up_share: float, opened_over: float,
                      at_once: int = 25) -> list[Table]:
    """``count`` tables, each in its own channel: the first ``heads_up_share`` of them one member
    against a computer player, the others six members. They open in waves of at most ``at_once``
    tables (at least five waves when there are as many tables), and the clock moves ``opened_over``
    simulated seconds in even steps between waves, so their messages come of age at different times
    (between waves, when nothing is in flight: a step inside a command could outlive its token, and
    an edit held by the channel's limit would land on a message aged by the step)."""
    heads_up = round(count * heads_up_share)
    tables, member = [], FIRST_MEMBER
    for n in range(count):
        size = 1 if n < heads_up else 6
        tables.append(Table(FIRST_CHANNEL + n, [User(member + k, f"M{member + k}") for k in range(size)], size == 1))
        member += size
    waves = max(math.ceil(count / at_once), min(count, 5))
    order = [t for k in range(waves) for t in tables[k::waves]]  # heads-up and six-member tables in every wave

    async def one(table: Table) -> None:
        host = table.members[0]
        await answered(h, host, "create", table.at)
        for guest in table.members[1:]:
            await answered(h, guest, "join", table.at)
        if table.heads_up:
            await answered(h, host, "add-bot", table.at)
        await answered(h, host, "start", table.at)
        live = h.bot.service.in_channel(table.channel)
        if live is None or live.row.status != "playing" or len(live.row.seats) != (2 if table.heads_up else 6):
            raise RuntimeError(f"the table in channel {table.channel} did not start: "
                               f"{None if live is None else (live.row.status, len(live.row.seats))}")

    for wave in range(waves):
        if wave:
            CLOCK.advance(opened_over / (waves - 1))
        await asyncio.gather(*(one(t) for t in order[wave * len(order) // waves:(wave + 1) * len(order) // waves]))
        await h.settle(120)  # the wave's last edits (five a channel in five seconds) land before the clock moves
    return tables


def current_message(h: LoopbackHarness, channel: int) -> dict[str, Any] | None:
    """The newest table message in the channel, as the members see it (the loopback's own thread may
    add a message while this reads: read again)."""
    for _ in range(10):
        try:
            shown = h.server.messages_in(channel)
            return shown[-1] if shown else None
        except RuntimeError:  # dictionary changed size during iteration
            continue
    return None


class Driver:
    """The members: at each table, every 2-3 real seconds, the member to act presses check, call or
    fold on the table message as it is shown; bust members buy in again."""

    def __init__(self, h: LoopbackHarness, observer: "Observer", clock: SimClock, seed: int = 1):
        self.h = h
        self.observer = observer
        self.clock = clock
        self.seed = seed
        self.waits: Counter[str] = Counter()  # why a tick made no press
        self.rebuys = 0

    async def drive(self, table: Table, stop: asyncio.Event) -> None:
        rng = random.Random(self.seed * 1_000_003 + table.channel)
        by_id = {m.id: m for m in table.members}
        while not stop.is_set():
            try:
                await asyncio.wait_for(stop.wait(), rng.uniform(*PRESS_EVERY))
                return
            except TimeoutError:
                pass
            live = self.h.bot.service.in_channel(table.channel)
            if live is None:
                self.waits["table gone"] += 1
                continue
            self.rebuy(table, live)
            if live.row.deal is None or live.engine is None or live.engine.outcome is not None:
                self.waits["between deals"] += 1
                continue
            to_act = live.engine.to_act()
            if not to_act:
                self.waits["nobody to act"] += 1
                continue
            seat = live.table_seat_of(to_act[0])
            if seat.is_bot or seat.user_id not in by_id:
                self.waits["computer player to act"] += 1
                continue
            message = current_message(self.h, table.channel)
            buttons = moves(message, live.id, live.row.hand_no, live.row.step)
            if not buttons:
                self.waits["turn not shown yet"] += 1
                continue
            self.press(table, by_id[seat.user_id], message, choose(buttons, rng))  # type: ignore[arg-type]

    def press(self, table: Table, member: User, message: dict[str, Any], custom_id: str) -> None:
        token, payload = self.h._base(member, 3, {"custom_id": custom_id, "component_type": 2}, table.at)
        payload["message"] = dict(message)
        self.observer.pressed(token, table)
        self.h.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]

    def rebuy(self, table: Table, live: Any) -> None:
        """A member whose stack is gone joins again (buying in from their wallet), at once."""
        now = time.monotonic()
        for seat in live.row.seats:
            user = next((m for m in table.members if m.id == seat.user_id), None)
            if user is None or seat.stack > 0 or now - table.rebuying.get(user.id, -1e9) < REBUY_AGAIN:
                continue
            table.rebuying[user.id] = now
            self.rebuys += 1
            command_now(self.h, user, "join", table.at)


def moves(message: dict[str, Any] | None, table_id: int, hand_no: int, step: int) -> dict[str, str]:
    """Kind -> custom_id of the message's check, call and fold buttons, if it shows this turn."""
    found = {}
    for row in (message or {}).get("components", []):
        for component in row.get("components", []):
            parts = str(component.get("custom_id", "")).split(":")
            if len(parts) >= 6 and parts[:2] == ["cr", "a"] and parts[5] in ("check", "call", "fold"):
                if (int(parts[2]), int(parts[3]), int(parts[4])) != (table_id, hand_no, step):
                    return {}  # the message shows an earlier turn: its edit is on the way
                found[parts[5]] = component["custom_id"]
    return found


def choose(buttons: dict[str, str], rng: random.Random) -> str:
    if "check" in buttons:
        return buttons["check"]
    if "fold" in buttons and (rng.random() < FOLD_SHARE or "call" not in buttons):
        return buttons["fold"]
    return buttons.get("call") or next(iter(buttons.values()))


def route_kind(served: Any, dm_channels: dict[int, int]) -> str:
    bucket, method = served.bucket, served.request.method
    if bucket == "interaction.callback":
        return "callback"
    if bucket == "webhook":
        return {"PATCH": "webhook edit", "POST": "webhook follow-up"}.get(method, "webhook other")
    if bucket in ("messages.edit", "messages.send"):
        dm = int(served.request.path.split("/")[2]) in dm_channels
        if bucket == "messages.send":
            return "DM" if dm else "channel post"
        return "DM edit" if dm else "channel edit"
    return {"dm.create": "DM open", "messages.delete": "delete"}.get(bucket, "other")


@dataclass
class Hour:
    """What one simulated hour (or the whole run) saw."""

    presses: int = 0
    answered: int = 0
    refused: int = 0  # answered with a private reply (out of date, not your turn...)
    late: int = 0  # answered more than ANSWER_RULE after the press
    shown_ms: list[float] = field(default_factory=list)
    answer_ms: list[float] = field(default_factory=list)
    global_bound: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    limited: Counter[str] = field(default_factory=Counter)  # 429s by scope
    codes: Counter[int] = field(default_factory=Counter)  # Discord error codes answered

    def add(self, other: "Hour") -> None:
        for name in ("presses", "answered", "refused", "late", "global_bound"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.shown_ms += other.shown_ms
        self.answer_ms += other.answer_ms
        self.kinds.update(other.kinds)
        self.limited.update(other.limited)
        self.codes.update(other.codes)


class Observer:
    """Reads the loopback's ``served`` list as it grows: answers, writes to each table's message,
    routes, 429s, codes; and drops what a long run need not keep (uploaded pictures, private
    replies, the payloads of dead tokens)."""

    def __init__(self, h: LoopbackHarness, tables: list[Table], clock: SimClock):
        self.h = h
        self.clock = clock
        self.by_channel = {t.channel: t for t in tables}
        self.presses: dict[str, Press] = {}
        self.next = len(h.server.served)
        self.hours: list[Hour] = [Hour()]
        self.lost = 0  # presses forgotten unanswered (their tokens dead)
        now = time.monotonic()
        for table in tables:
            table.last_write = now

    def hour(self, index: int) -> Hour:
        while len(self.hours) <= index:
            self.hours.append(Hour())
        return self.hours[index]

    def pressed(self, token: str, table: Table) -> None:
        now = time.monotonic()
        press = Press(table, now, self.clock.hour_of(now), CLOCK.now())
        self.presses[token] = press
        table.pending.append((now, press.hour))
        self.hour(press.hour).presses += 1

    def scan(self) -> None:
        served = self.h.server.served
        dm_channels = self.h.server.dm_channels
        while self.next < len(served):
            s = served[self.next]
            if s.status == 0:
                return  # not answered yet (the loopback's thread is on it)
            self.next += 1
            self._read(s, dm_channels)
            s.request.files, s.request.json = [], None  # read: a long run would keep gigabytes of pictures
        self.h.server.requests.clear()  # the recorder's copy of the same requests

    def _read(self, s: Any, dm_channels: dict[int, int]) -> None:
        hour = self.hour(self.clock.hour_of(s.at))
        kind = route_kind(s, dm_channels)
        hour.kinds[kind] += 1
        hour.global_bound += s.global_bound
        if s.scope is not None:
            hour.limited[s.scope] += 1
        if s.code:
            hour.codes[s.code] += 1
        parts = s.request.path.strip("/").split("/")
        body = s.request.json or {}
        table = None
        if kind == "callback":
            press = self.presses.get(parts[2])
            if press is not None and not press.answered and s.status == 200:
                press.answered = True
                answered = self.hour(press.hour)
                answered.answered += 1
                answered.answer_ms.append((s.at - press.at) * 1000)
                answered.late += s.at - press.at > ANSWER_RULE
                answered.refused += body.get("type") == 4
            if press is not None and body.get("type") == 7:
                table = press.table
        elif kind == "webhook edit" and parts[-1] == "@original" and parts[2] in self.presses:
            table = self.presses[parts[2]].table
        elif kind in ("channel edit", "channel post"):
            table = self.by_channel.get(int(parts[1]))
        if table is not None and 200 <= s.status < 300:
            self._written(table, s.at)

    def _written(self, table: Table, at: float) -> None:
        table.last_write = max(table.last_write, at)
        table.frozen_since = None
        still = []
        for pressed, hour in table.pending:
            if pressed <= at:
                self.hour(hour).shown_ms.append((at - pressed) * 1000)
            else:
                still.append((pressed, hour))
        table.pending = still

    def check_frozen(self, playing: set[int]) -> None:
        """Tables in play (their channels in ``playing``) with no write for FROZEN_AFTER real seconds."""
        now = time.monotonic()
        for table in self.by_channel.values():
            if table.channel in playing and now - table.last_write > FROZEN_AFTER and table.frozen_since is None:
                table.frozen_since = now
                table.freezes += 1

    def trim(self) -> None:
        """Forget the payloads of presses whose tokens are dead, and the private replies and DMs the
        loopback stored (the bot never edits them; the table messages stay)."""
        server, cut = self.h.server, CLOCK.now() - KEEP_TOKENS
        for token in [t for t, p in self.presses.items() if p.sim < cut]:
            self.lost += not self.presses.pop(token).answered
            server.interactions.pop(token, None)
            server.originals.pop(token, None)
            server.acknowledged.discard(token)
        try:
            kept = list(server.messages.items())
        except RuntimeError:
            return
        for message_id, message in kept:
            if message.get("_interaction_reply") or int(message["channel_id"]) in server.dm_channels:
                server.messages.pop(message_id, None)

    def unanswered(self) -> int:
        return self.lost + sum(1 for p in self.presses.values() if not p.answered)


def watch_log() -> Counter[str]:
    """Warnings and errors the bot logs, counted by their message's first words (not printed)."""
    seen: Counter[str] = Counter()

    class Count(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if "voice will NOT be supported" in record.getMessage():
                return  # discord.py's note that PyNaCl is not installed
            seen[f"{record.levelname} {record.name}: {' '.join(str(record.msg).split()[:6])}"] += 1

    root = logging.getLogger()
    root.handlers[:] = [Count(logging.WARNING)]
    root.setLevel(logging.WARNING)
    return seen
