"""The load of bench/discord_limits.py, on Discord's side of the wire: the moved clock, the tables and
their members pressing at human pace, and the reading of what the loopback Discord served.

All of it runs in the bench's own process, beside the loopback Discord; the bot runs in another
(bench/discord_limits_bot.py) and is reached only as Discord reaches it: interactions go to it as raw
gateway ``INTERACTION_CREATE`` payloads (``BotLink``), and its answers come back as requests to the
loopback. The members decide from what Discord shows them: the table message's text (whose turn) and
its My seat button, their seat panels (their moves, their cards) and the private hands they were sent;
never from the bot's objects. They play as members do, from their seat panels
(``bench/seat_panel_reading.py``): a member to act whose panel the bot can no longer edit (or who has
none) presses My seat, and presses their moves on the panel it answers with.

Kept apart from the report so that each file reads alone; run bench/discord_limits.py.
"""
from __future__ import annotations

import asyncio
import bisect
import itertools
import json
import logging
import math
import mmap
import random
import re
import struct
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bench.seat_panel_reading import Panel, dealt_hand, moves, offers, seat_button
from tests.support.discord_clock import CLOCK
from tests.support.harness import EPHEMERAL, GUILD_ID, Harness, Place, User, new_id
from tests.support.loopback_discord import LoopbackDiscord

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
REBUY_AFTER = 5.0
"""Real seconds a deal is shown without a member's private hand before that member takes it that they
were not dealt in (their stack is gone): the hands of a deal follow its first picture within a second."""
REBUY_AGAIN = 10.0
"""Real seconds before a member's join is sent again, if the first did not seat them."""
OPEN_AGAIN = 10.0
"""Real seconds before a member presses My seat again, if the first press showed them no panel."""
MOVES = ("check", "call", "fold")
WAITING = "Waiting for more players with chips."
"""The table's note when a deal cannot start: too few seats with chips."""
_TURN = re.compile(r"Hand #(\d+) · to act: \*\*(.+?)\*\*")
_OVER = re.compile(r"Hand #(\d+) is over")
_HAND = re.compile(r"Your hand at table #(\d+) \(hand #(\d+)\)")


class SharedClock:
    """``CLOCK``'s offset, shared with the bot's process through a memory-mapped file of 8 bytes: the
    bench moves it (``advance``), and the bot's presenter reads ages against ``now``, the same clock
    the loopback mints its ids from and judges tokens and messages by."""

    def __init__(self, path: str, create: bool = False):
        self.path = path
        if create:
            with open(path, "wb") as file:
                file.write(struct.pack("d", CLOCK.offset))
        with open(path, "r+b") as file:
            self._map = mmap.mmap(file.fileno(), 8)

    def advance(self, seconds: float) -> None:
        CLOCK.advance(seconds)
        struct.pack_into("d", self._map, 0, CLOCK.offset)

    def now(self) -> float:
        """Seconds since the epoch on the moved clock (``DiscordClock.now``, read from the shared offset)."""
        return time.time() + struct.unpack_from("d", self._map, 0)[0]


class SimClock:
    """Moves the shared clock on so that simulated time runs ``speed`` times real time, and notes the
    real moment each simulated hour began (to file what was served by the hour it was served in)."""

    def __init__(self, speed: float, shared: SharedClock):
        self.speed = speed
        self.shared = shared
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
            self.shared.advance((now - last) * (self.speed - 1))
            last = now
            simulated = self.simulated()
            while simulated >= 3600 * len(self.hour_starts) and len(self.hour_starts) < math.ceil(hours):
                self.hour_starts.append(now)
            if simulated >= hours * 3600:
                stop.set()


class BotLink:
    """The bench's end of the bot process's line: interactions go as raw gateway ``INTERACTION_CREATE``
    payloads, one JSON line each, as Discord's gateway delivers them (not awaited: the member does not
    wait for the bot); the bench's own questions (settle, counters, chips) go the same way, and the
    bot answers them by their id."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.reader, self.writer = reader, writer
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self._listening = asyncio.create_task(self._listen())

    def deliver(self, payload: dict[str, Any]) -> None:
        self.writer.write(json.dumps({"op": "INTERACTION_CREATE", "d": payload}).encode() + b"\n")

    async def call(self, op: str, timeout: float = 300.0, **args: Any) -> Any:
        number = next(self._ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[number] = future
        self.writer.write(json.dumps({"op": op, "id": number, **args}).encode() + b"\n")
        await self.writer.drain()
        async with asyncio.timeout(timeout):
            return await future

    async def _listen(self) -> None:
        while line := await self.reader.readline():
            answer = json.loads(line)
            future = self._waiting.pop(answer["id"], None)
            if future is None or future.done():
                continue
            if "error" in answer:
                future.set_exception(RuntimeError(f"the bot's process: {answer['error']}"))
            else:
                future.set_result(answer.get("result"))
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(ConnectionError("the bot's process closed its line"))

    def close(self) -> None:
        self._listening.cancel()
        self.writer.close()


class Members:
    """The people in the channels: they make interactions as Discord would (the loopback records each
    one, so that its token can be answered) and hand them to the bot's process."""

    _base = Harness._base
    """The raw ``INTERACTION_CREATE`` payload the harnesses build (a member in a server channel)."""

    def __init__(self, server: LoopbackDiscord, link: BotLink):
        self.server = server
        self.link = link
        self._tokens = itertools.count(1)
        self.interactions = server.interactions  # token -> payload, where the loopback looks it up

    def interaction(self, user: User, kind: int, data: dict[str, Any], at: Place) -> tuple[str, dict[str, Any]]:
        return self._base(user, kind, data, at)  # type: ignore[arg-type]

    def command(self, user: User, sub: str, at: Place) -> str:
        """``/holdem <sub>``, delivered and not waited for."""
        data = {"id": str(new_id()), "name": GAME, "type": 1, "options": [{"name": sub, "type": 1, "options": []}]}
        token, payload = self.interaction(user, 2, data, at)
        self.link.deliver(payload)
        return token

    async def answered(self, user: User, sub: str, at: Place, timeout: float = 60.0) -> None:
        """``/holdem <sub>``, delivered, and waited for until its answer is shown (the command defers,
        "thinking", and its follow-up replaces that once the table has done it)."""
        token = self.command(user, sub, at)
        give_up = time.monotonic() + timeout
        while (original := self.server.originals.get(token)) is None or original.thinking:
            if time.monotonic() > give_up:
                raise RuntimeError(f"/{GAME} {sub} in channel {at.channel_id}: no answer in {timeout:.0f} s")
            await asyncio.sleep(0.02)


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
    pressed_turn: str = ""  # "table:hand:step" of the members' last press, until a panel shows another
    deal_seen: tuple[int, float] = (0, 0.0)  # the deal in progress shown, and when it was first seen
    panels: dict[int, Panel] = field(default_factory=dict)  # member id -> their open seat panel
    opening: dict[int, tuple[str, float, float, str]] = field(default_factory=dict)  # member id -> their My
    # seat press not answered yet: its token, when it was sent (real time) and made (simulated time), and
    # the table message's text then

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
    on_panel: bool = True  # pressed on the member's seat panel (its answer edits the panel, not the table)
    opens: bool = False  # My seat: its answer is the member's panel, and it is no move


@dataclass
class Shown:
    """What a table message shows a member: the deal and whose turn, and whether it offers a rebuy."""

    hand: int = 0
    to_act: str | None = None
    over: bool = False
    rebuy: bool = False
    waiting: bool = False  # the table says it waits for players with chips

    @classmethod
    def read(cls, message: dict[str, Any] | None) -> "Shown":
        shown = cls()
        if message is None:
            return shown
        text = str(message.get("content", ""))
        if (turn := _TURN.search(text)) is not None:
            shown.hand, shown.to_act = int(turn[1]), turn[2]
        elif (over := _OVER.search(text)) is not None:
            shown.hand, shown.over = int(over[1]), True
        shown.waiting = WAITING in text
        shown.rebuy = offers(message, "rebuy")
        return shown

    @property
    def in_play(self) -> bool:
        """The table has dealt: it is in play until it closes (a lobby's message shows no hand)."""
        return self.hand > 0


async def open_tables(members: Members, link: BotLink, shared: SharedClock, count: int, heads_up_share: float,
                      opened_over: float, at_once: int = 25) -> list[Table]:
    """``count`` tables, each in its own channel: the first ``heads_up_share`` of them one member
    against a computer player, the others six members. They open in waves of at most ``at_once``
    tables (at least five waves when there are as many tables), and the clock moves ``opened_over``
    simulated seconds in even steps between waves, so their messages come of age at different times
    (between waves, when the bot has nothing in flight: a step inside a command could outlive its
    token, and an edit held by the channel's limit would land on a message aged by the step)."""
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
        await members.answered(host, "create", table.at)
        for guest in table.members[1:]:
            await members.answered(guest, "join", table.at)
        if table.heads_up:
            await members.answered(host, "add-bot", table.at)
        await members.answered(host, "start", table.at)

    for wave in range(waves):
        if wave:
            shared.advance(opened_over / (waves - 1))
        opened = order[wave * len(order) // waves:(wave + 1) * len(order) // waves]
        await asyncio.gather(*(one(t) for t in opened))
        await link.call("settle", timeout=120)  # the wave's last edits (five a channel in five seconds) land
        for table in opened:
            if not Shown.read(current_message(members.server, table.channel)).in_play:
                raise RuntimeError(f"the table in channel {table.channel} shows no deal once started")
    return tables


def current_message(server: LoopbackDiscord, channel: int) -> dict[str, Any] | None:
    """The newest table message in the channel, as the members see it (the loopback's own thread may
    add a message while this reads: read again)."""
    for _ in range(10):
        try:
            shown = server.messages_in(channel)
            return shown[-1] if shown else None
        except RuntimeError:  # dictionary changed size during iteration
            continue
    return None


class Driver:
    """The members: at each table, every 2-3 real seconds, the member the message names to act presses
    check, call or fold on their seat panel (or, if the bot can no longer edit it, My seat first: the
    move follows on a later tick); members who were dealt no cards while a rebuy is offered join again."""

    def __init__(self, members: Members, observer: "Observer", seed: int = 1):
        self.members = members
        self.server = members.server
        self.observer = observer
        self.seed = seed
        self.waits: Counter[str] = Counter()  # why a tick made no press
        self.rebuys = 0

    async def drive(self, table: Table, stop: asyncio.Event) -> None:
        rng = random.Random(self.seed * 1_000_003 + table.channel)
        by_name = {m.name: m for m in table.members}
        while not stop.is_set():
            try:
                await asyncio.wait_for(stop.wait(), rng.uniform(*PRESS_EVERY))
                return
            except TimeoutError:
                pass
            message = current_message(self.server, table.channel)
            if message is None:
                self.waits["table gone"] += 1
                continue
            shown = Shown.read(message)
            if shown.to_act is not None and table.deal_seen[0] != shown.hand:
                table.deal_seen = (shown.hand, time.monotonic())
            self.rebuy(table, shown)
            if shown.to_act is None:
                self.waits["between deals"] += 1
                continue
            member = by_name.get(shown.to_act)
            if member is None:
                self.waits["computer player to act"] += 1
                continue
            panel = self.panel(table, member, message)
            if panel is None:
                continue
            on_panel = self.server.messages.get(panel.message_id)
            buttons, turn = moves(on_panel, MOVES)
            if not buttons or on_panel is None:
                self.waits["no move buttons"] += 1
                continue
            if turn == table.pressed_turn:
                self.waits["own press not shown yet"] += 1
                continue
            table.pressed_turn = turn
            panel.pressed = CLOCK.now()  # the press the bot edits the panel through from now on
            self.press(table, member, on_panel, choose(buttons, rng))

    def panel(self, table: Table, member: User, message: dict[str, Any]) -> Panel | None:
        """The member's seat panel, if the bot can still edit it; else None, and they press My seat
        (once: until its answer shows them their panel, or for ``OPEN_AGAIN`` seconds)."""
        if (opening := table.opening.get(member.id)) is not None:
            token, sent, made, seen = opening
            original = self.server.originals.get(token)
            if original is not None and original.message_id is not None:  # answered
                del table.opening[member.id]
                shown = self.server.messages.get(original.message_id) or {}
                if int(shown.get("flags", 0)) & EPHEMERAL:  # else deferred, too late: open it again
                    table.panels[member.id] = Panel(original.message_id, made, seen)
            elif time.monotonic() - sent < OPEN_AGAIN:
                self.waits["seat panel not shown yet"] += 1
                return None
        panel = table.panels.get(member.id)
        if panel is not None and panel.usable(CLOCK.now(), message, member.name):
            return panel
        custom_id = seat_button(message)
        if custom_id is None:
            self.waits["no My seat button"] += 1
            return None
        table.panels.pop(member.id, None)
        token = self.press(table, member, message, custom_id, opens=True)
        table.opening[member.id] = (token, time.monotonic(), CLOCK.now(), str(message.get("content", "")))
        self.waits["seat panel opened"] += 1
        return None

    def press(self, table: Table, member: User, message: dict[str, Any], custom_id: str, opens: bool = False) -> str:
        token, payload = self.members.interaction(member, 3, {"custom_id": custom_id, "component_type": 2}, table.at)
        payload["message"] = dict(message)
        self.observer.pressed(token, table, on_panel=bool(int(message.get("flags", 0)) & EPHEMERAL), opens=opens)
        self.members.link.deliver(payload)
        return token

    def rebuy(self, table: Table, shown: Shown) -> None:
        """While the table message or a member's seat panel offers a rebuy (or the table waits for players
        with chips), a member with no cards in the deal shown for REBUY_AFTER seconds (their panel or
        private hand shows the deal they are dealt in; everyone, while the table waits) joins again,
        buying in from their wallet."""
        offered = shown.rebuy or shown.waiting
        for member_id, panel in table.panels.items():
            on_panel = self.server.messages.get(panel.message_id)
            offered |= offers(on_panel, "rebuy")
            if (hand := dealt_hand(on_panel)) is not None:
                self.observer.told[member_id] = max(hand, self.observer.told.get(member_id, 0))
        if not offered:
            return
        now = time.monotonic()
        dealt = shown.to_act is not None and table.deal_seen[0] == shown.hand and now - table.deal_seen[1] >= REBUY_AFTER
        if not dealt and not shown.waiting:
            return
        for member in table.members:
            if dealt and self.observer.told.get(member.id) == shown.hand:
                continue
            if now - table.rebuying.get(member.id, -1e9) < REBUY_AGAIN:
                continue
            table.rebuying[member.id] = now
            self.rebuys += 1
            self.members.command(member, "join", table.at)


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
    opens: int = 0  # My seat presses (no moves: not among ``presses``)
    opens_late: int = 0  # of those, answered more than ANSWER_RULE after the press
    shown_ms: list[float] = field(default_factory=list)
    answer_ms: list[float] = field(default_factory=list)
    global_bound: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    limited: Counter[str] = field(default_factory=Counter)  # 429s by scope
    codes: Counter[int] = field(default_factory=Counter)  # Discord error codes answered

    def add(self, other: "Hour") -> None:
        for name in ("presses", "answered", "refused", "late", "opens", "opens_late", "global_bound"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.shown_ms += other.shown_ms
        self.answer_ms += other.answer_ms
        self.kinds.update(other.kinds)
        self.limited.update(other.limited)
        self.codes.update(other.codes)


class Observer:
    """Reads the loopback's ``served`` list as it grows: answers, writes to each table's message, the
    private hands each member was sent, routes, 429s, codes; and forgets what it has read and what a
    long run need not keep, so that neither this process nor the loopback grows with the run."""

    def __init__(self, server: LoopbackDiscord, tables: list[Table], clock: SimClock):
        self.server = server
        self.clock = clock
        self.by_channel = {t.channel: t for t in tables}
        self.presses: dict[str, Press] = {}
        self.next = len(server.served)
        self.hours: list[Hour] = [Hour()]
        self.told: dict[int, int] = {}  # member id -> the hand number of the last private hand they were sent
        self.lost = 0  # presses forgotten unanswered (their tokens dead)
        now = time.monotonic()
        for table in tables:
            table.last_write = now

    def hour(self, index: int) -> Hour:
        while len(self.hours) <= index:
            self.hours.append(Hour())
        return self.hours[index]

    def pressed(self, token: str, table: Table, on_panel: bool, opens: bool) -> None:
        now = time.monotonic()
        press = Press(table, now, self.clock.hour_of(now), CLOCK.now(), on_panel=on_panel, opens=opens)
        self.presses[token] = press
        if opens:
            self.hour(press.hour).opens += 1
            return
        table.pending.append((now, press.hour))
        self.hour(press.hour).presses += 1

    def scan(self) -> None:
        served = self.server.served
        dm_channels = self.server.dm_channels
        while self.next < len(served):
            s = served[self.next]
            if s.status == 0:
                break  # not answered yet (the loopback's thread is on it)
            self.next += 1
            self._read(s, dm_channels)
        # Forget what was read: the loopback appends to the list from its own thread, and a deletion
        # of the front is one step that thread cannot interleave with.
        del served[:self.next]
        self.next = 0
        self.server.requests.clear()  # the recorder's copy of the same requests

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
        press = self.presses.get(parts[2]) if kind.startswith(("callback", "webhook")) else None
        if kind == "callback":
            if press is not None and not press.answered and s.status == 200:
                press.answered = True
                answered = self.hour(press.hour)
                if press.opens:
                    answered.opens_late += s.at - press.at > ANSWER_RULE
                else:
                    answered.answered += 1
                    answered.answer_ms.append((s.at - press.at) * 1000)
                    answered.late += s.at - press.at > ANSWER_RULE
                    answered.refused += body.get("type") == 4
            if press is not None and body.get("type") == 7 and not press.on_panel:
                table = press.table
        elif kind == "webhook edit" and parts[-1] == "@original" and press is not None:
            table = press.table if not press.on_panel and not press.opens else None
        elif kind == "webhook edit" and parts[-1] == "@original":  # a command's public answer: its table
            original = self.server.originals.get(parts[2])
            message = self.server.messages.get(original.message_id or 0) or {} if original is not None else {}
            table = None if message.get("_interaction_reply") else self.by_channel.get(int(message.get("channel_id", 0)))
        elif kind == "webhook edit":  # a follow-up edited: the table posted afresh through a press
            message = self.server.messages.get(int(parts[-1])) or {}
            table = None if message.get("_interaction_reply") else self.by_channel.get(int(message.get("channel_id", 0)))
        elif kind in ("channel edit", "channel post"):
            table = self.by_channel.get(int(parts[1]))
        elif kind == "webhook follow-up" and press is not None and s.request.ephemeral is False:
            table = press.table  # the table posted afresh as a public follow-up of a press
        elif kind in ("webhook follow-up", "DM") and s.status == 200:
            self._private_hand(kind, parts, body, dm_channels)
        if table is not None and 200 <= s.status < 300:
            self._written(table, s.at)

    def _private_hand(self, kind: str, parts: list[str], body: dict[str, Any], dm_channels: dict[int, int]) -> None:
        """Note the deal a member was sent their cards for (by DM, or riding on their own press)."""
        hand = _HAND.match(str(body.get("content", "")))
        if hand is None:
            return
        if kind == "DM":
            member = dm_channels.get(int(parts[1]))
        else:
            interaction = self.server.interactions.get(parts[2]) or {}
            member = int(interaction.get("member", {}).get("user", {}).get("id", 0)) or None
        if member is not None:
            self.told[member] = int(hand[2])

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

    def check_frozen(self) -> None:
        """Tables in play (their message shows a deal) with no write for FROZEN_AFTER real seconds."""
        now = time.monotonic()
        for table in self.by_channel.values():
            if now - table.last_write > FROZEN_AFTER and table.frozen_since is None \
                    and Shown.read(current_message(self.server, table.channel)).in_play:
                table.frozen_since = now
                table.freezes += 1

    def trim(self) -> None:
        """Forget the payloads of presses whose tokens are dead, the private replies and DMs the
        loopback stored (the bot never edits them; the table messages and the members' seat panels,
        which it edits, stay), the ids of messages gone
        from each channel's list, and the rate-limit buckets whose window has passed (a fresh one opens
        on the next request, as it would)."""
        server, cut = self.server, CLOCK.now() - KEEP_TOKENS
        for token in [t for t, p in self.presses.items() if p.sim < cut]:
            self.lost += not self.presses.pop(token).answered
            server.interactions.pop(token, None)
            server.originals.pop(token, None)
            server.acknowledged.discard(token)
        try:
            kept = list(server.messages.items())
        except RuntimeError:
            return
        tables = self.by_channel.values()
        panels = {panel.message_id for table in tables for panel in table.panels.values()}
        panels |= {original.message_id for table in tables for token, *_ in table.opening.values()
                   if (original := server.originals.get(token)) is not None and original.message_id is not None}
        for message_id, message in kept:
            if (message.get("_interaction_reply") and message_id not in panels) \
                    or int(message["channel_id"]) in server.dm_channels:
                server.messages.pop(message_id, None)
        if server._loop is not None:  # on the loopback's own thread: its handlers write these
            server._loop.call_soon_threadsafe(self._trim_loopback)

    def _trim_loopback(self) -> None:
        server, now = self.server, time.monotonic()
        for ids in server._posted_in.values():
            ids[:] = [i for i in ids if i in server.messages]
        buckets = server.buckets._buckets
        for key in [k for k, b in buckets.items() if b.reset_at < now]:
            del buckets[key]

    def unanswered(self) -> int:
        return self.lost + sum(1 for p in self.presses.values() if not p.answered)


def watch_log() -> Counter[str]:
    """Warnings and errors logged in this process, counted by their message's first words (not printed)."""
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
