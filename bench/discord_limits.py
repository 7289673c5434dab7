"""Many tables at human pace over simulated hours, against Discord's real limits: what one bot token
carries.

    python bench/discord_limits.py [--tables 375] [--hours 3] [--speed 60] [--heads-up-bots 0.5] [--json]

What it measures. The real bot (cogs, command tree, SQLite store, render pool, its timers every 0.1 s,
2 s between deals), in a process of its own (bench/discord_limits_bot.py), talks through discord.py's
real HTTP client to the loopback Discord (tests/support/loopback_discord.py), which runs in this
process with the members, as Discord and the people playing are off the bot's machine in production.
The loopback keeps Discord's limits: one global bucket of 50 requests a second
for the bot token (interaction callbacks and interaction-token webhooks not counted), per-route
buckets, interaction tokens that die 15 minutes after the press (10015), and no edits of a message
older than an hour (30046). Each table is hold'em in a channel of its own, opened by commands: a
share ``--heads-up-bots`` of them is one member against a computer player, the others are six members.
Every 2-3 real seconds (uniform, per table) the member the table message names to act presses check
(call when facing a bet, fold one time in eight) on their seat panel as Discord shows it; when a
computer player is to act, the deal is over, or their panel does not show a turn after the last press
yet, the member waits for the next tick. A member to act whose panel the bot can no longer edit (their
newest press on it is 14 simulated minutes old), who has none yet, or whom the table message's turn line
asks to press My seat, presses My seat on that tick instead (the press is answered with a fresh panel;
it is no move, and not among the presses the figures divide by). The members know only what Discord
shows them (the message's text and buttons, their panels, their private hands); a press reaches the
bot's process as the gateway's raw ``INTERACTION_CREATE``, not awaited. A member dealt no cards while
the table or their panel offers a rebuy joins again.

Method. Discord reads ages (a token's 15 minutes, a message's hour) from snowflake ids, which the
loopback mints from tests.support.discord_clock.CLOCK; a task moves that clock on (its offset shared
with the bot's process, which reads ages against it) so simulated time runs
``--speed`` times real time, and the run stops itself after ``--hours`` simulated hours (and at a hard
real-time limit). Rate limits, answers and the pressing stay in real time. The tables open over
``--opened-over`` simulated minutes (default 50), so their messages come of age at different moments.
At ``--speed`` K a simulated hour is 3600/K real seconds of pressing: a table rolls its message over
(one post and one delete, both counted) once per 50/K real minutes instead of once per 50, and a
member's press stays fresh for 14/K real minutes, so more private hands go by DM and more members
open their seat panels afresh (at a six-member table a member's turns come about 15 real seconds
apart: at K = 60 their panel is out of date by then); the figures therefore overstate the counted
requests and the interactions a press makes. The output also gives the per-press figure
with roll-overs at their real-time rate; ``--speed 1`` over a short ``--hours`` measures without it.

The figures, for the whole run and per simulated hour: presses made; presses carried a second
(answered, over real seconds); global-bound requests per press (every request counted against the
50/s: DMs, DM opens, posts, roll-overs, channel edits; from the loopback's ``Served.global_bound``);
requests by route kind; 429s by scope, 30046 and 10015 answers; press-to-shown p50/p99 in real ms
(from the press to the next successful write to its table's message: a type-7 callback, a PATCH of a
press token's @original, or a channel PATCH/POST in its channel); presses answered later than 3 s, or
never; frozen tables (in play, no write for 30 real seconds); roll-overs and whether each table ends
with exactly one live message; the chips in wallets and at tables before and after; the machine's
load; the CPU per press of the bot's process, its render workers, the loopback Discord's thread and the
members, and the bot's event-loop lag and garbage collections, by simulated hour. Then the arithmetic for one token: 50 over the requests per press is the presses a
second it carries, and at one press per 2.5 s per table, the tables it keeps active.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.discord_limits_load import (BotLink, Driver, Hour, Members, Observer, SharedClock, SimClock,  # noqa: E402
                                       Table, open_tables, watch_log)
from bot.adapter.table.message import ROLL_OVER_AGE  # noqa: E402
from tests.support.loopback_discord import LoopbackDiscord  # noqa: E402
from tests.support.loopback_ratelimits import GLOBAL_PER_SECOND, Limit  # noqa: E402

HUMAN_PACE = 2.5
"""Real seconds between presses at an active table, for the arithmetic."""
OLD_PER_PRESS = 1.28
"""Counted requests per press before presses carried the table edits (the earlier capacity figure)."""
WALLET = 10**8
"""Every member's starting wallet: enough to buy in again after every bust of a long run."""
KINDS = ("callback", "webhook edit", "webhook follow-up", "webhook other", "channel edit", "channel post",
         "DM", "DM edit", "DM open", "delete", "other")
BOT = Path(__file__).resolve().parent / "discord_limits_bot.py"
TICK = os.sysconf("SC_CLK_TCK")


def thread_cpu(thread: Any) -> float:
    """CPU seconds a thread of this process has used (Linux's /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/self/task/{thread.native_id}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, AttributeError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def process_cpu(pid: int) -> float:
    """CPU seconds a process has used, all its threads (Linux's /proc; 0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


class BotProcess:
    """The bot in a process of its own (bench/discord_limits_bot.py), and the line to it."""

    def __init__(self, process: asyncio.subprocess.Process, listener: asyncio.AbstractServer, link: BotLink):
        self.process, self.listener, self.link = process, listener, link
        self.render_pids: list[int] = []

    @classmethod
    async def start(cls, folder: str, base: str) -> "BotProcess":
        line = f"{folder}/line.sock"
        connected: asyncio.Future[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = \
            asyncio.get_running_loop().create_future()

        def accept(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            if not connected.done():
                connected.set_result((reader, writer))

        listener = await asyncio.start_unix_server(accept, line, limit=2**24)
        process = await asyncio.create_subprocess_exec(
            sys.executable, str(BOT), "--base", base, "--line", line, "--database", f"{folder}/limits.db",
            "--clock", f"{folder}/clock")
        exited = asyncio.create_task(process.wait())
        await asyncio.wait({connected, exited}, timeout=120, return_when=asyncio.FIRST_COMPLETED)
        if not connected.done():
            exited.cancel()
            raise RuntimeError(f"the bot's process did not connect (exit status {process.returncode})")
        exited.cancel()
        return cls(process, listener, BotLink(*connected.result()))

    @property
    def pid(self) -> int:
        return self.process.pid

    async def stop(self) -> None:
        try:
            self.link.writer.write(b'{"op": "stop"}\n')
            await self.link.writer.drain()
        except (ConnectionError, RuntimeError):
            pass
        try:
            await asyncio.wait_for(self.process.wait(), 60)
        except TimeoutError:
            self.process.kill()
            await self.process.wait()
        self.link.close()
        self.listener.close()


class Cpu:
    """CPU seconds used so far by each side: the bot's process, its render workers, the loopback
    Discord's thread and the rest of the bench's process (the members and the observer)."""

    def __init__(self, server: LoopbackDiscord, bot: BotProcess):
        self.server, self.bot = server, bot

    def sample(self) -> dict[str, float]:
        loopback = thread_cpu(self.server._thread)
        return {"bot": process_cpu(self.bot.pid), "render": sum(process_cpu(p) for p in self.bot.render_pids),
                "loopback": loopback, "members": time.process_time() - loopback}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def watch(observer: Observer, clock: SimClock, cpu: Cpu, stop: asyncio.Event, give_up: float) -> list[dict[str, float]]:
    """Read the loopback as it serves until the run stops (or ``give_up``, a real monotonic time);
    returns the CPU used so far at the start of each simulated hour."""
    samples = [cpu.sample()]
    ticks = 0
    while not stop.is_set():
        await asyncio.sleep(0.25)
        ticks += 1
        observer.scan()
        if ticks % 4 == 0:
            observer.check_frozen()
        if ticks % 20 == 0:
            observer.trim()
        while len(samples) < len(clock.hour_starts):
            samples.append(cpu.sample())
        if time.monotonic() > give_up:
            print("hard time limit reached: the run stops before its simulated hours", file=sys.stderr)
            stop.set()
    return samples


def hour_row(hour: Hour, seconds: float, cpu: dict[str, float]) -> dict[str, Any]:
    return {
        "presses": hour.presses, "answered": hour.answered, "refused": hour.refused, "real_seconds": seconds,
        "presses_per_second": hour.answered / seconds if seconds > 0 else 0.0,
        "global_bound": hour.global_bound,
        "global_bound_per_press": hour.global_bound / hour.presses if hour.presses else float("nan"),
        "shown_p50_ms": percentile(hour.shown_ms, 0.5), "shown_p99_ms": percentile(hour.shown_ms, 0.99),
        "answer_p50_ms": percentile(hour.answer_ms, 0.5), "answer_p99_ms": percentile(hour.answer_ms, 0.99),
        "answered_after_3s": hour.late, "panels_opened": hour.opens, "opens_answered_after_3s": hour.opens_late,
        "requests": {k: hour.kinds[k] for k in KINDS if hour.kinds[k]},
        "429": dict(hour.limited), "30046": hour.codes[30046], "10015": hour.codes[10015],
        "codes": {str(k): v for k, v in sorted(hour.codes.items())}, "roll_overs": hour.kinds["channel post"],
        "cpu_seconds": cpu,
        "cpu_ms_per_press": {k: 1000 * v / hour.presses if hour.presses else float("nan") for k, v in cpu.items()},
    }


async def measure(args: argparse.Namespace) -> dict[str, Any]:
    seen = watch_log()
    server = LoopbackDiscord()
    server.callback_deadline = None  # its clock runs --speed times real time: the real 3 s are measured here
    server.start()
    run_seconds = args.hours * 3600 / args.speed
    setup_limit = 60 + 3.0 * args.tables
    load_before = os.getloadavg()
    try:
        with tempfile.TemporaryDirectory() as folder:
            shared = SharedClock(f"{folder}/clock", create=True)
            bot = await BotProcess.start(folder, server.base)
            try:
                async with asyncio.timeout(setup_limit + run_seconds + args.grace + 120):
                    return await run(server, bot, shared, args, run_seconds, setup_limit, load_before, seen)
            finally:
                for task in asyncio.all_tasks():
                    if task is not asyncio.current_task() and task.get_coro().__qualname__.startswith(  # type: ignore[union-attr]
                            ("SimClock.run", "Driver.drive")):
                        task.cancel()
                await bot.stop()
    finally:
        server.stop()


async def run(server: LoopbackDiscord, bot: BotProcess, shared: SharedClock, args: argparse.Namespace,
              run_seconds: float, setup_limit: float, load_before: tuple[float, float, float],
              seen: Any) -> dict[str, Any]:
    link = bot.link
    await link.call("wallets", wallet=WALLET)
    started = time.monotonic()
    # The members are the server's regulars: each one's DM channel was opened long before (the bot
    # keeps them), so the set-up is not held by the loopback's one shared bucket for opening DM
    # channels (10 in 10 s: 1,300 members would take 22 minutes). The measured run has Discord's.
    dm_opens = server.limits["dm.create"]
    server.limits["dm.create"] = Limit(10_000, 1.0)
    members = Members(server, link)
    async with asyncio.timeout(setup_limit):
        tables = await open_tables(members, link, shared, args.tables, args.heads_up_bots, args.opened_over * 60,
                                   args.open_at_once)
        await link.call("settle", timeout=setup_limit)  # the set-up's edits and hands, before the measured run
    server.limits["dm.create"] = dm_opens
    server.buckets._buckets = {k: b for k, b in server.buckets._buckets.items() if "|dm.create:" not in k}
    setup = {"real_seconds": time.monotonic() - started, "requests": len(server.served),
             "global_bound": server.global_bound()}
    chips_before = await link.call("chips")
    begun = await link.call("start", between_deals=args.between_deals)
    bot.render_pids = begun["render_pids"]
    cpu = Cpu(server, bot)
    clock = SimClock(args.speed, shared)
    observer = Observer(server, tables, clock)
    driver = Driver(members, observer, args.seed)
    stop = asyncio.Event()
    asyncio.create_task(clock.run(stop, args.hours))
    drivers = [asyncio.create_task(driver.drive(table, stop)) for table in tables]
    samples = await watch(observer, clock, cpu, stop, clock.start_real + run_seconds + 30)
    await asyncio.gather(*drivers)
    wall = time.monotonic() - clock.start_real
    ended = time.monotonic()
    while time.monotonic() < ended + args.grace and any(t.pending for t in tables):  # the presses in flight
        await asyncio.sleep(0.25)
        observer.scan()
    await asyncio.sleep(1.0)
    observer.scan()
    samples.append(cpu.sample())
    await link.call("quiet", timeout=60)  # the last roll-overs' deletes, waiting in the bot's pace
    observer.scan()
    finish = await link.call("finish", hour_starts=clock.hour_starts)
    chips_after = await link.call("chips")
    clean = 0
    for table in tables:
        live = finish["live_messages"].get(str(table.channel))
        shown = [int(m["id"]) for m in server.messages_in(table.channel)]
        clean += live is not None and live in server.messages and shown == [live]
    return report_of(args, tables, clock, observer, driver, samples, finish, wall, setup, chips_before,
                     chips_after, clean, load_before, seen)


def report_of(args: argparse.Namespace, tables: list[Table], clock: SimClock, observer: Observer, driver: Driver,
              samples: list[dict[str, float]], finish: dict[str, Any], wall: float, setup: dict[str, Any],
              chips_before: int, chips_after: int, clean: int, load_before: tuple[float, float, float],
              seen: Any) -> dict[str, Any]:
    def used(a: dict[str, float], b: dict[str, float]) -> dict[str, float]:
        return {k: b[k] - a[k] for k in a}

    total = Hour()
    ends = clock.hour_starts[1:] + [clock.start_real + wall]
    hours = []
    for k, hour in enumerate(observer.hours):  # as many as clock.hour_starts (hour_of goes no further)
        total.add(hour)
        row = hour_row(hour, ends[k] - clock.hour_starts[k], used(samples[k], samples[min(k + 1, len(samples) - 1)]))
        row["bot_process"] = finish["by_hour"][k] if k < len(finish["by_hour"]) else {}
        hours.append(row)
    whole = hour_row(total, wall, used(samples[0], samples[-1]))
    counters = finish["counters"]
    per_press = whole["global_bound_per_press"]
    roll_over_requests = total.kinds["channel post"] + total.kinds["delete"]
    real_time = (total.global_bound - roll_over_requests) / total.presses + 2 / (ROLL_OVER_AGE / HUMAN_PACE) \
        if total.presses else float("nan")
    return {
        "tables": args.tables, "heads_up_bots": args.heads_up_bots, "hours": args.hours, "speed": args.speed,
        "between_deals": args.between_deals, "simulated_hours_reached": clock.simulated() / 3600,
        "real_seconds": wall, "setup": setup, "whole": whole, "per_hour": hours,
        "unanswered": observer.unanswered(), "never_shown": sum(len(t.pending) for t in tables),
        "frozen_tables": sum(t.freezes > 0 for t in tables), "freezes": sum(t.freezes for t in tables),
        "frozen_now": sum(t.frozen_since is not None for t in tables),
        "roll_overs": counters["roll_overs"], "old_messages_deleted": counters["retired"],
        "tables_with_one_live_message": clean,
        "table_edits": {"by_token": counters["by_token"], "by_channel": counters["by_channel"],
                        "posted_through_panel_press": counters["relayed"]},
        "panel_edits": counters["panel_edits"],
        "hands": {"by_press": counters["by_press"], "by_dm": counters["by_dm"]},
        "pace": {"taken": counters["pace_taken"], "waited": counters["pace_waited"]},
        "waits": dict(driver.waits), "rebuys": driver.rebuys,
        "chips_before": chips_before, "chips_after": chips_after,
        "load": [load_before[0], os.getloadavg()[0]], "cpus": os.cpu_count(),
        "cpu_seconds": whole["cpu_seconds"], "bot_cpu_seconds": finish["cpu_seconds"],
        "render_cpu_seconds": finish["render_cpu_seconds"], "pictures": counters["pictures"],
        "log": finish["log"], "bench_log": dict(seen.most_common(10)),
        "one_token": {"global_bound_per_press": per_press,
                      "presses_per_second": GLOBAL_PER_SECOND / per_press if per_press else float("inf"),
                      "tables": GLOBAL_PER_SECOND / per_press * HUMAN_PACE if per_press else float("inf"),
                      "real_time_per_press": real_time,
                      "real_time_tables": GLOBAL_PER_SECOND / real_time * HUMAN_PACE if real_time else float("inf")},
    }


def ms(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:.0f}"


def _labelled_rows(r: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Each simulated hour's figures by its number, then the whole run's."""
    return [(str(k + 1), row) for k, row in enumerate(r["per_hour"])] + [("whole run", r["whole"])]


def report(r: dict[str, Any]) -> str:
    w, one = r["whole"], r["one_token"]
    lines = [
        f"{r['tables']} tables ({r['heads_up_bots']:.0%} one member against a computer player, the rest six members),"
        f" {r['simulated_hours_reached']:.2f} simulated hours in {r['real_seconds']:.0f} real s (speed {r['speed']:g});"
        f" set-up {r['setup']['real_seconds']:.0f} s, {r['setup']['global_bound']} counted requests",
        "",
        "| simulated hour | real s | presses | answered/s | counted requests per press | press-to-shown p50 / p99 ms"
        " | answer p50 / p99 ms | answered > 3 s | 429s | 30046 | 10015 | roll-overs |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for label, row in _labelled_rows(r):
        lines.append(
            f"| {label} | {row['real_seconds']:.0f} | {row['presses']} | {row['presses_per_second']:.1f}"
            f" | {row['global_bound_per_press']:.3f} | {ms(row['shown_p50_ms'])} / {ms(row['shown_p99_ms'])}"
            f" | {ms(row['answer_p50_ms'])} / {ms(row['answer_p99_ms'])} | {row['answered_after_3s']}"
            f" | {sum(row['429'].values())} {row['429'] or ''} | {row['30046']} | {row['10015']} | {row['roll_overs']} |")
    lines += [
        "",
        "| simulated hour | CPU ms a press: bot process / render workers / loopback Discord / members and observer"
        " | bot's event loop lag p50 / p99 / max ms | bot's collections young / middle / full (longest ms) |",
        "|---|---|---|---|",
    ]
    for label, row in _labelled_rows(r):
        c, bot = row["cpu_ms_per_press"], row.get("bot_process") or {}
        gc_text = " / ".join(f"{g['count']} ({g['longest_ms']:.0f})" for g in bot["gc"].values()) if bot else ""
        lag = " / ".join(ms(bot[k] if bot.get(k) is not None else float("nan")) for k in
                         ("lag_p50_ms", "lag_p99_ms", "lag_max_ms")) if bot else ""
        lines.append(f"| {label} | {c['bot']:.2f} / {c['render']:.2f} / {c['loopback']:.2f} / {c['members']:.2f}"
                     f" | {lag} | {gc_text} |")
    presses = max(1, w["presses"])
    lines += [
        "",
        "requests by route (whole run, per press): " + ", ".join(
            f"{kind} {count} ({count / presses:.3f})" for kind, count in w["requests"].items()),
        *([f"  simulated hour {k + 1}: " + ", ".join(f"{kind} {n}" for kind, n in row["requests"].items())
           for k, row in enumerate(r["per_hour"])] if len(r["per_hour"]) > 1 else []),
        f"counted against the 50/s: {w['global_bound']} ({w['global_bound_per_press']:.3f} a press);"
        f" table edits by token {r['table_edits']['by_token']}, by channel {r['table_edits']['by_channel']},"
        f" posted afresh through a panel press {r['table_edits']['posted_through_panel_press']};"
        f" seat panels opened {w['panels_opened']} ({w['panels_opened'] / presses:.3f} a press), edited"
        f" {r['panel_edits']} times;"
        f" private hands on a press {r['hands']['by_press']}, by DM {r['hands']['by_dm']};"
        f" the bot's pace: {r['pace']['taken']} requests, {r['pace']['waited']} waited",
        f"presses: {w['presses']} made, {w['answered']} answered ({w['refused']} with a refusal),"
        f" {w['answered_after_3s']} answered after 3 s (and {w['opens_answered_after_3s']} My seat presses),"
        f" {r['unanswered']} never answered (My seat presses among them),"
        f" {r['never_shown']} never followed by a write to their table; Discord's 3-second rule"
        f" {'held' if not w['answered_after_3s'] + w['opens_answered_after_3s'] + r['unanswered'] else 'BROKEN'}",
        f"frozen tables (in play, no write for 30 s): {r['frozen_tables']} ({r['freezes']} times,"
        f" {r['frozen_now']} still at the end)",
        f"roll-overs: {r['roll_overs']}, old messages deleted {r['old_messages_deleted']};"
        f" tables ending with exactly one live message: {r['tables_with_one_live_message']} of {r['tables']}",
        f"chips: {r['chips_before']:,} before, {r['chips_after']:,} after"
        f" ({'conserved' if r['chips_before'] == r['chips_after'] else 'NOT conserved'}); {r['rebuys']} buy-ins again",
        f"member ticks without a press: {r['waits']}",
        f"load average {r['load'][0]:.1f} before, {r['load'][1]:.1f} after, on {r['cpus']} CPUs; CPU seconds of the"
        f" run: the bot's process {r['cpu_seconds']['bot']:.1f}, its render workers {r['cpu_seconds']['render']:.1f}"
        f" for {r['pictures']} pictures ({r['pictures'] / max(w['presses'], 1):.2f} a press), the bench's process"
        f" {r['cpu_seconds']['loopback'] + r['cpu_seconds']['members']:.1f} (the loopback Discord's thread"
        f" {r['cpu_seconds']['loopback']:.1f}, the members and the observer {r['cpu_seconds']['members']:.1f})",
        f"bot log warnings/errors: {r['log'] or 'none'}; the bench's: {r['bench_log'] or 'none'}",
        "",
        "one bot token, 50 counted requests a second, one press per 2.5 s per active table (the token's limit"
        " alone: one process's CPU carries far fewer, see bench/capacity.py):",
        f"  measured: {one['global_bound_per_press']:.3f} counted requests a press -> 50 / that ="
        f" {one['presses_per_second']:.0f} presses/s -> {one['tables']:.0f} tables",
        f"  roll-overs at their real-time rate (one post and one delete per table per 50 min):"
        f" {one['real_time_per_press']:.3f} a press -> {GLOBAL_PER_SECOND / one['real_time_per_press']:.0f}"
        f" presses/s -> {one['real_time_tables']:.0f} tables" if one["real_time_per_press"] else "",
        f"  before (every edit by the channel route): {OLD_PER_PRESS} a press -> {GLOBAL_PER_SECOND / OLD_PER_PRESS:.0f}"
        f" presses/s -> {GLOBAL_PER_SECOND / OLD_PER_PRESS * HUMAN_PACE:.0f} tables (estimated then: 100-150)",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=375)
    parser.add_argument("--hours", type=float, default=3.0, help="simulated hours")
    parser.add_argument("--speed", type=float, default=60.0, help="simulated seconds per real second")
    parser.add_argument("--heads-up-bots", type=float, default=0.5,
                        help="share of tables that are one member against a computer player (the rest: six members)")
    parser.add_argument("--opened-over", type=float, default=50.0, help="simulated minutes the tables open over")
    parser.add_argument("--open-at-once", type=int, default=25, help="tables opening together during the set-up")
    parser.add_argument("--between-deals", type=float, default=2.0, help="real seconds from one deal to the next")
    parser.add_argument("--grace", type=float, default=15.0, help="real seconds to wait for presses in flight")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--out", help="also write the figures as JSON to this file")
    args = parser.parse_args()
    if not 0 <= args.heads_up_bots <= 1 or args.tables < 1 or args.hours <= 0 or args.speed < 1:
        parser.error("--tables >= 1, --hours > 0, --speed >= 1, --heads-up-bots in [0, 1]")
    result = asyncio.run(measure(args))
    if args.out:
        Path(args.out).write_text(json.dumps(plain(result), indent=1))
    print(json.dumps(plain(result)) if args.json else report(result))


def plain(value: Any) -> Any:
    """``value`` with NaN and infinities as null: strict JSON."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


if __name__ == "__main__":
    main()
