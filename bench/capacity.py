"""Capacity of one bot process: N heads-up hold'em tables pressing buttons at once, end to end.

    python bench/capacity.py [--tables 1 50 200] [--presses 2000] [--threads] [--fixed-image] [--json]

The real bot runs in the e2e harness (tests/support/harness.py: cogs, command tree, view store, the SQLite
store in a temporary file; Discord's HTTP replaced by the recorder). Members play from their seat
panels, as they do on Discord: each opens theirs with the table message's My seat before the clock
starts (again, timed, if the bot can no longer edit it: ``bench/seat_panel_reading.py``). Each table's
player to act presses Check or Call on their panel as a raw INTERACTION_CREATE payload, and presses
again as soon as the table message has been edited with the new picture and the next player's panel
shows their turn; every table does so at once. Per N:

- presses/s: presses answered and shown, over the wall time of the run;
- answer p50/p99: from the payload to the interaction's callback (the panel updated, or a deferral);
- edit p50/p99: from the payload to the request that shows the table message with the new image
  (an edit through a press's token, the table posted afresh as a press's public follow-up, or the
  channel route);
- CPU per press: the bot process's, and the drawing's (the render pool's worker processes,
  ``bot.render_pool``); the drawing share is the second over their sum;
- storage: transactions per press, how long each holds the store (from its first trip to the database
  to after its COMMIT), and the share of the run the store was held: near 100%, the store is what
  presses wait for.

With ``--rounds`` the tables are first put at different points of their hands (``stagger``), as
tables opened at different moments are, so that a round is not 200 settlements at once and then
seven rounds of none.

``--threads`` also runs each N with pictures drawn in threads of the bot process (as before the render
pool), ``--fixed-image`` with drawing replaced by a constant PNG: what the process does without it. The timer
loop runs every 20 ms to deal the next hand. Hold'em with the harness's defaults: blinds 5/10,
buy-in 1,000; a table whose player busts buys in again. The machine may be shared by other work:
compare figures of one run.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

from bot import render_pool  # noqa: E402
from bot.games.cards import DECK  # noqa: E402
from bot.registry import GAMES  # noqa: E402
from bot.service.clock import RealTime  # noqa: E402
from images.palette import to_png  # noqa: E402
from bench.seat_panel_reading import Panel, moves, seat_button  # noqa: E402
from tests.support.discord_clock import CLOCK  # noqa: E402
from tests.support.harness import EPHEMERAL, GUILD_ID, Harness, Place, Request, User  # noqa: E402

DRAW = render_pool.render
"""The render pool's own ``render``: the test suite's privacy check wraps it (``tests/support/privacy.py``)."""
GAME = "holdem"
FIRST_CHANNEL = 960000000000000000
PRESS_KINDS = ("check", "call")


def worker_cpu() -> float:
    """CPU seconds used so far by the render pool's worker processes (Linux /proc)."""
    total = 0
    for pid in render_pool.worker_pids():
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


@dataclass
class StorageClock:
    """How long the store's transactions hold it: the one SQLite connection takes one transaction at
    a time, for every table of the process. The store counts that itself (``held``: from a
    transaction's first trip to the database to its commit, not while the service works before);
    this counts the transactions."""

    transactions: int = 0
    storage: Any = None
    held_before: float = 0.0

    def watch(self, storage: Any) -> None:
        self.storage, self.held_before = storage, storage.held
        original = storage.transaction

        @asynccontextmanager
        async def counted() -> AsyncIterator[Any]:
            try:
                async with original() as tx:
                    yield tx
            finally:  # after the COMMIT (or the ROLLBACK)
                self.transactions += 1

        storage.transaction = counted

    @property
    def held(self) -> float:
        return float(self.storage.held - self.held_before)


def fixed(png: bytes) -> Callable[..., bytes]:
    """A renderer that returns ``png`` whatever it is given (drawing taken out)."""
    return lambda *args, **kwargs: png


@dataclass
class Table:
    channel: int
    players: tuple[User, User]
    presses: int = 0
    panels: dict[int, Panel] = field(default_factory=dict)  # member -> their open seat panel
    opened: int = 0  # seat panels opened with My seat while the clock ran


@dataclass
class Watch:
    """Times of the requests the bot makes, told by the recorder as they happen."""

    recorder: Any
    answers: dict[str, asyncio.Future[float]] = field(default_factory=dict)  # token -> callback time
    edits: dict[int, asyncio.Future[float]] = field(default_factory=dict)  # channel -> next edit time
    tokens: deque[str] = field(default_factory=deque)  # of the presses made, oldest first
    changes: dict[int, asyncio.Event] = field(default_factory=dict)  # channel -> set by its next reply or edit

    KEPT = 2000
    """Requests and press payloads the harness's recorder keeps whole: it keeps every one for the tests,
    and a recorder that grows through the run would make the bot's garbage collections ever longer."""

    def pressed(self, token: str) -> None:
        """An older press's payload (the pressed panel in it) is cut to its channel, which the recorder
        still reads when the press's token edits a panel or a table message."""
        self.tokens.append(token)
        while len(self.tokens) > self.KEPT:
            old = self.tokens.popleft()
            payload = self.recorder.interactions.get(old)
            if payload is not None:
                self.recorder.interactions[old] = {"channel_id": payload["channel_id"]}

    async def change(self, channel: int, timeout: float = 0.01) -> None:
        """Until the bot next answers a press or writes through a press's token in ``channel`` (a
        panel shown or edited), ``timeout`` at most."""
        event = self.changes.setdefault(channel, asyncio.Event())
        event.clear()
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            pass

    def __call__(self, request: Request) -> None:
        if len(self.recorder.requests) > 2 * self.KEPT:
            del self.recorder.requests[:-self.KEPT]
        now = time.perf_counter()
        parts = request.path.strip("/").split("/")
        if parts[0] == "interactions" and parts[-1] == "callback":
            future = self.answers.pop(parts[2], None)
            if future is not None and not future.done():
                future.set_result(now)
        by_token = parts[0] in ("interactions", "webhooks")
        if by_token:  # its channel is the press's
            channel = int(self.recorder.interactions.get(parts[2], {}).get("channel_id", 0))
            if (event := self.changes.get(channel)) is not None:
                event.set()
        if not request.files or request.method not in ("PATCH", "POST"):
            return
        if parts[0] == "channels" and request.method == "PATCH":
            self._edited(int(parts[1]), now)
        elif by_token and not request.ephemeral and (parts[0] == "webhooks" or (request.json or {}).get("type") == 7):
            # through a press's token: the pressed table updated, an edit of the message the press
            # answered with or posted, or the table posted afresh as the press's public follow-up
            self._edited(channel, now)

    def _edited(self, channel: int, now: float) -> None:
        future = self.edits.pop(channel, None)
        if future is not None and not future.done():
            future.set_result(now)


async def open_tables(harness: Harness, count: int) -> list[Table]:
    tables = []
    for n in range(count):
        channel = FIRST_CHANNEL + n
        at = Place(GUILD_ID, channel)
        host, guest = User(2_000_000 + 2 * n, f"Host{n}"), User(2_000_001 + 2 * n, f"Guest{n}")
        await harness.command(host, GAME, "create", at=at)
        await harness.command(guest, GAME, "join", at=at)
        await harness.command(host, GAME, "start", at=at)
        tables.append(Table(channel, (host, guest)))
    return tables


def to_act(harness: Harness, table: Table) -> tuple[str, User] | None:
    """The turn ("table:hand:step") and the member to act, if a turn is on."""
    live = harness.bot.service.in_channel(table.channel)
    if live is None or live.row.deal is None or live.engine.outcome is not None or not live.engine.to_act():
        return None
    user_id = live.table_seat_of(live.engine.to_act()[0]).user_id
    return f"{live.id}:{live.row.hand_no}:{live.row.step}", next(u for u in table.players if u.id == user_id)


def needs_panel(harness: Harness, table: Table) -> User | None:
    """The member to act, if the bot can no longer edit their seat panel (or they have none): their
    newest press on it is too old, or the table message's turn line asks them to press My seat."""
    turn = to_act(harness, table)
    if turn is None:
        return None
    user = turn[1]
    panel = table.panels.get(user.id)
    if panel is None or not panel.usable(CLOCK.now(), harness.recorder.messages_in(table.channel)[-1], user.name):
        return user
    return None


def button(harness: Harness, table: Table) -> tuple[dict[str, Any], str, User] | None:
    """(the seat panel of the member to act, the custom_id of its Check or Call button, that member), once
    their panel shows this turn."""
    turn = to_act(harness, table)
    panel = table.panels.get(turn[1].id) if turn is not None else None
    if turn is None or panel is None:
        return None
    message = harness.recorder.messages[panel.message_id]
    found, shown = moves(message, PRESS_KINDS)
    user = turn[1]
    if not found or shown != turn[0]:
        return None  # the panel does not show this turn yet: its edit is on the way
    return message, found.get("check") or found["call"], user


async def open_panel(harness: Harness, watch: Watch, table: Table, user: User) -> None:
    """Press My seat on the table message as ``user``: the answer is their seat panel."""
    message = harness.recorder.messages_in(table.channel)[-1]
    custom_id = seat_button(message)
    if custom_id is None:
        raise RuntimeError(f"the table message in channel {table.channel} has no My seat button")
    token, payload = harness._base(user, 3, {"custom_id": custom_id, "component_type": 2},
                                   Place(GUILD_ID, table.channel))
    payload["message"] = message
    answered = asyncio.get_running_loop().create_future()
    watch.answers[token] = answered
    watch.pressed(token)
    harness.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
    await asyncio.wait_for(answered, 30)
    panel = harness.recorder.shown(token)  # stored with the answer, before this wakes
    if panel["flags"] & EPHEMERAL:  # else answered late (deferred): the next turn opens another
        table.panels[user.id] = Panel(int(panel["id"]), CLOCK.now(), str(message.get("content", "")))


async def rebuy(harness: Harness, table: Table) -> None:
    """A busted player takes a seat again (the table waits in its lobby otherwise)."""
    live = harness.bot.service.in_channel(table.channel)
    if live is not None and live.row.status == "lobby":
        at = Place(GUILD_ID, table.channel)
        for user in table.players:
            if all(seat.user_id != user.id for seat in live.row.seats):
                await harness.command(user, GAME, "join", at=at)
        await harness.command(table.players[0], GAME, "start", at=at)


async def press_loop(harness: Harness, watch: Watch, table: Table, until: Callable[[], bool],
                     answers: list[float], edits: list[float]) -> None:
    """Press again as soon as the last press is shown, until ``until()``."""
    while not until():
        if (user := needs_panel(harness, table)) is not None:
            await open_panel(harness, watch, table, user)
            table.opened += 1
            continue
        found = button(harness, table)
        if found is None:
            await rebuy(harness, table)
            await watch.change(table.channel)
            continue
        await press(harness, watch, table, found, answers, edits)


async def next_button(harness: Harness, watch: Watch, table: Table) -> tuple[dict[str, Any], str, User] | None:
    """The table's next button to press, once it is shown (a busted player buying in again), or
    ``None`` after 5 s."""
    found, give_up = button(harness, table), time.perf_counter() + 5
    while found is None and time.perf_counter() < give_up:
        if (user := needs_panel(harness, table)) is not None:
            await open_panel(harness, watch, table, user)
            table.opened += 1
        else:
            await rebuy(harness, table)
            await watch.change(table.channel)
        found = button(harness, table)
    return found


async def burst(harness: Harness, watch: Watch, tables: list[Table], until: Callable[[], bool],
                answers: list[float], edits: list[float]) -> None:
    """Rounds in which every table presses at the same moment (once each has its buttons: at most 5 s
    of waiting), the next round once every press of this one is shown."""
    while not until():
        together = asyncio.Barrier(len(tables))

        async def one(table: Table) -> None:
            found = await next_button(harness, watch, table)
            await together.wait()
            if found is not None:
                await press(harness, watch, table, found, answers, edits)

        await asyncio.gather(*(one(table) for table in tables))


PHASES = 8
"""Presses in a heads-up hand checked down: the call and the check before the flop, then two a street."""


async def stagger(harness: Harness, watch: Watch, tables: list[Table]) -> None:
    """Put the tables at different points of their hands, as tables opened at different moments are:
    table k presses k mod ``PHASES`` times first (untimed). Otherwise every table would play the same
    press at once, and one round in eight would end 200 hands together (showdowns, settlements, new
    deals and their private hands) while the others end none."""
    async def advance(table: Table, times: int) -> None:
        for _ in range(times):
            found = await next_button(harness, watch, table)
            if found is not None:
                await press(harness, watch, table, found, [], [])
        table.presses = 0

    await asyncio.gather(*(advance(table, k % PHASES) for k, table in enumerate(tables)))


async def press(harness: Harness, watch: Watch, table: Table, found: tuple[dict[str, Any], str, User],
                answers: list[float], edits: list[float]) -> None:
    """One press as Discord sends it; its answer and its table edit timed from the payload."""
    loop = asyncio.get_running_loop()
    message, custom_id, user = found
    token, payload = harness._base(user, 3, {"custom_id": custom_id, "component_type": 2},
                                   Place(GUILD_ID, table.channel))
    payload["message"] = message
    table.panels[user.id].pressed = CLOCK.now()  # the press the bot edits the panel through from now on
    answered, edited = loop.create_future(), loop.create_future()
    watch.answers[token], watch.edits[table.channel] = answered, edited
    watch.pressed(token)
    started = time.perf_counter()
    harness.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
    try:
        answers.append((await asyncio.wait_for(answered, 30) - started) * 1000)
        edits.append((await asyncio.wait_for(edited, 30) - started) * 1000)
    except TimeoutError:
        print(f"table {table.channel}: no answer or edit in 30 s", file=sys.stderr)
        return
    table.presses += 1


async def warm_up(harness: Harness, table: Table) -> None:
    """Start every render worker and fill its caches (palette, every card's sprites) before the clock
    starts, as in a bot that has been running for a while: each worker draws the table and a hand
    with every card of the deck on the board and in the hands, a few times over."""
    live = harness.bot.service.in_channel(table.channel)
    public, own, spec = live.public_view(), live.engine.view(0), live.spec
    views = []
    for start in range(0, len(DECK), 5):
        board = list(DECK[start:start + 5])
        hole = list(DECK[(start + 5) % len(DECK):(start + 5) % len(DECK) + 2]) or ["As", "Kd"]
        seats = [{**seat, "cards": hole} for seat in own["seats"]]
        views += [(spec.render_table, {**public, "board": board, "seats": seats}, ""),
                  (spec.render_hand, {**own, "board": board, "seats": seats})]
    for _ in range(max(1, render_pool.workers())):
        await asyncio.gather(*(render_pool.render(*job) for job in views))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def measure(count: int, presses: int, fixed_image: bool, threads: bool = False,
                  rounds: bool = False) -> dict[str, Any]:
    """One run: ``count`` tables, ``presses`` presses in all; pictures drawn in the render pool, or in
    threads (``threads``), or not at all (``fixed_image``); each table pressing again as soon as it is
    shown, or all of them at once, round after round (``rounds``)."""
    render_pool.IN_THREADS = threads
    spec = GAMES[GAME]
    originals = spec.render_table, spec.render_hand
    if fixed_image:
        png = to_png(Image.new("RGB", (900, 560), (22, 104, 62)))
        object.__setattr__(spec, "render_table", fixed(png))
        object.__setattr__(spec, "render_hand", fixed(png))
    try:
        with tempfile.TemporaryDirectory() as directory:
            harness = await Harness.start(f"{directory}/capacity.db")
            harness.privacy.detach()  # the bench measures the bot, not the test suite's check
            render_pool.render = DRAW  # nor the check's note of each picture drawn
            try:
                tables = await open_tables(harness, count)
                await warm_up(harness, tables[0])
                service = harness.bot.service
                service.clock = RealTime()  # its clock sleeps until each deadline, as the bot's does
                service.deadlines.changed()
                watch = Watch(harness.recorder)
                harness.recorder.observers.append(watch)
                answers: list[float] = []
                edits: list[float] = []
                total = lambda: sum(t.presses for t in tables)  # noqa: E731
                for table in tables:  # each member opens their seat panel once, before the clock starts
                    for user in table.players:
                        await open_panel(harness, watch, table, user)
                if rounds:
                    await stagger(harness, watch, tables)
                for table in tables:
                    table.opened = 0
                images = len(harness.bot.presenter.render_ms)
                store = StorageClock()
                store.watch(harness.bot.storage)
                cpu, drawing, wall = time.process_time(), worker_cpu(), time.perf_counter()
                until = lambda: len(edits) >= presses  # noqa: E731 (one press shown each; O(1))
                if rounds:
                    await burst(harness, watch, tables, until, answers, edits)
                else:
                    await asyncio.gather(*(press_loop(harness, watch, t, until, answers, edits) for t in tables))
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                drawing = worker_cpu() - drawing
                images = len(harness.bot.presenter.render_ms) - images
                service.clock = time.time  # deadlines wait for a tick again: no deal starts
                service.deadlines.changed()
                await harness.settle(60)
            finally:
                await harness.close()
    finally:
        object.__setattr__(spec, "render_table", originals[0])
        object.__setattr__(spec, "render_hand", originals[1])
    done = total()
    return {
        "tables": count, "presses": done, "seconds": wall, "presses_per_second": done / wall,
        "answer_p50": percentile(answers, 0.5), "answer_p99": percentile(answers, 0.99),
        "edit_p50": percentile(edits, 0.5), "edit_p99": percentile(edits, 0.99),
        "bot_cpu_ms_per_press": cpu / done * 1000, "drawing_cpu_ms_per_press": drawing / done * 1000,
        "drawing_share": drawing / (cpu + drawing) if cpu + drawing else 0.0,
        "images_per_press": images / done, "panels_opened": sum(t.opened for t in tables), "fixed_image": fixed_image, "threads": threads, "rounds": rounds,
        "transactions_per_press": store.transactions / done, "storage_busy": store.held / wall,
        "transaction_ms": store.held / store.transactions * 1000 if store.transactions else 0.0,
    }


def table(rows: list[dict[str, Any]]) -> list[str]:
    """The rows as a Markdown table (for docs/performance.md)."""
    lines = ["| tables pressing at once | presses/s | answer p50 / p99 | edit p50 / p99 | CPU per press: bot +"
             " drawing | drawing share of CPU | images per press | storage: transactions per press, ms held each,"
             " busy share of the run |", "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        label = f"{r['tables']}" + (" (fixed image)" if r["fixed_image"] else
                                    " (drawn in threads)" if r.get("threads") else " (render pool)")
        label += ", all at once" if r.get("rounds") else ""
        lines.append(f"| {label} | {r['presses_per_second']:.0f} | {r['answer_p50']:.0f} / {r['answer_p99']:.0f} ms"
                     f" | {r['edit_p50']:.0f} / {r['edit_p99']:.0f} ms | {r['bot_cpu_ms_per_press']:.1f} +"
                     f" {r['drawing_cpu_ms_per_press']:.1f} ms"
                     f" | {r['drawing_share']:.0%} | {r['images_per_press']:.2f} | {r['transactions_per_press']:.2f},"
                     f" {r['transaction_ms']:.1f} ms, {r['storage_busy']:.0%} |")
    return lines


def one_process(count: int, presses: int, fixed_image: bool, threads: bool, rounds: bool) -> dict[str, Any]:
    """One case in a process of its own, with render workers of its own, as a bot process runs one bot:
    cases run one after another in one process measured the later ones with the earlier bots' rows,
    strings and objects still in the workers' caches and the collector's sight (the 200-table edit
    p99 of 410-468 ms alone was 626-688 ms after the 1- and 50-table cases)."""
    done = subprocess.run([sys.executable, __file__, "--presses", str(presses), "--one", str(count),
                           str(int(fixed_image)), str(int(threads)), str(int(rounds))],
                          check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 50, 200])
    parser.add_argument("--presses", type=int, default=2000, help="presses per run (at least 3 per table)")
    parser.add_argument("--fixed-image", action="store_true", help="also run with drawing replaced")
    parser.add_argument("--threads", action="store_true", help="also run with pictures drawn in threads")
    parser.add_argument("--rounds", action="store_true",
                        help="also run each N as rounds of N presses made at the same moment")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--one", nargs=4, type=int, help=argparse.SUPPRESS)  # count fixed threads rounds: one case
    args = parser.parse_args()
    if args.one:
        count, fixed_image, threads, rounds = args.one
        print(json.dumps(asyncio.run(measure(count, max(args.presses, 3 * count), bool(fixed_image), bool(threads),
                                             bool(rounds)))))
        return
    load = os.getloadavg()[0]
    modes = ([(False, False, False)] + [(False, True, False)] * args.threads + [(True, False, False)] * args.fixed_image
             + [(False, False, True)] * args.rounds)
    rows = []
    for count in args.tables:  # the modes of one N side by side: the machine's load changes slowly
        for fixed_image, threads, rounds in modes:
            if rounds and count == 1:
                continue  # one table pressing in rounds is the first mode again
            rows.append(one_process(count, args.presses, fixed_image, threads, rounds))
            print(json.dumps(rows[-1]), file=sys.stderr)
    if args.json:
        print(json.dumps({"load": [load, os.getloadavg()[0]], "rows": rows}))
        return
    print(f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} CPUs")
    print("\n".join(table(rows)))


if __name__ == "__main__":
    main()
