"""Many tables at human pace over simulated hours, against Discord's real limits: what one bot token
carries.

    python bench/discord_limits.py [--tables 375] [--hours 3] [--speed 60] [--heads-up-bots 0.5] [--json]

What it measures. The real bot (cogs, command tree, SQLite store, render pool, its timers every 0.1 s,
2 s between deals) talks through discord.py's real HTTP client to the loopback Discord
(tests/support/loopback_discord.py), which keeps Discord's limits: one global bucket of 50 requests a second
for the bot token (interaction callbacks and interaction-token webhooks not counted), per-route
buckets, interaction tokens that die 15 minutes after the press (10015), and no edits of a message
older than an hour (30046). Each table is hold'em in a channel of its own, opened by commands: a
share ``--heads-up-bots`` of them is one member against a computer player, the others are six members.
Every 2-3 real seconds (uniform, per table) the member to act presses check (call when facing a bet,
fold one time in eight) on the table message as the channel shows it; when a computer player is to
act, the deal is over, or the message does not show the turn yet, the member waits for the next tick.
A press is dispatched as Discord delivers it, not awaited. A member whose stack is gone joins again.

Method. Discord reads ages (a token's 15 minutes, a message's hour) from snowflake ids, which the
loopback mints from tests.support.discord_clock.CLOCK; a task moves that clock on so simulated time runs
``--speed`` times real time, and the run stops itself after ``--hours`` simulated hours (and at a hard
real-time limit). Rate limits, answers and the pressing stay in real time. The tables open over
``--opened-over`` simulated minutes (default 50), so their messages come of age at different moments.
At ``--speed`` K a simulated hour is 3600/K real seconds of pressing: a table rolls its message over
(one post and one delete, both counted) once per 50/K real minutes instead of once per 50, and a
member's press stays fresh for 14/K real minutes, so more private hands go by DM; the figures
therefore overstate the counted requests a press makes. The output also gives the per-press figure
with roll-overs at their real-time rate; ``--speed 1`` over a short ``--hours`` measures without it.

The figures, for the whole run and per simulated hour: presses made; presses carried a second
(answered, over real seconds); global-bound requests per press (every request counted against the
50/s: DMs, DM opens, posts, roll-overs, channel edits; from the loopback's ``Served.global_bound``);
requests by route kind; 429s by scope, 30046 and 10015 answers; press-to-shown p50/p99 in real ms
(from the press to the next successful write to its table's message: a type-7 callback, a PATCH of a
press token's @original, or a channel PATCH/POST in its channel); presses answered later than 3 s, or
never; frozen tables (in play, no write for 30 real seconds); roll-overs and whether each table ends
with exactly one live message; the chips in wallets and at tables before and after; the machine's
load and the CPU seconds of this process (bot and loopback, which runs on a thread of it) and of the
render workers. Then the arithmetic for one token: 50 over the requests per press is the presses a
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

from bench.discord_limits_load import (Driver, Hour, Observer, SimClock, Table, open_tables,  # noqa: E402
                                       watch_log)
from bench.capacity import worker_cpu  # noqa: E402
from bot.adapter.table_message import ROLL_OVER_AGE  # noqa: E402
from tests.support.harness import GUILD_ID  # noqa: E402
from tests.support.loopback_discord import LoopbackDiscord  # noqa: E402
from tests.support.loopback_harness import LoopbackHarness  # noqa: E402
from tests.support.loopback_ratelimits import GLOBAL_PER_SECOND, Limit  # noqa: E402

HUMAN_PACE = 2.5
"""Real seconds between presses at an active table, for the arithmetic."""
OLD_PER_PRESS = 1.28
"""Counted requests per press before presses carried the table edits (the earlier capacity figure)."""
WALLET = 10**8
"""Every member's starting wallet: enough to buy in again after every bust of a long run."""
KINDS = ("callback", "webhook edit", "webhook follow-up", "webhook other", "channel edit", "channel post",
         "DM", "DM edit", "DM open", "delete", "other")


def thread_cpu(thread: Any) -> float:
    """CPU seconds a thread of this process has used (Linux's /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/self/task/{thread.native_id}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, AttributeError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def playing(h: LoopbackHarness, tables: list[Table]) -> set[int]:
    channels = set()
    for table in tables:
        live = h.bot.service.in_channel(table.channel)
        if live is not None and live.row.status == "playing" and live.paused is None:
            channels.add(table.channel)
    return channels


async def watch(h: LoopbackHarness, observer: Observer, tables: list[Table], clock: SimClock,
                stop: asyncio.Event, give_up: float) -> list[int]:
    """Read the loopback as it serves until the run stops (or ``give_up``, a real monotonic time);
    returns the roll-over count at the start of each simulated hour and at the end."""
    messages = h.bot.presenter.messages
    roll_overs = [messages.roll_overs]
    ticks = 0
    while not stop.is_set():
        await asyncio.sleep(0.25)
        ticks += 1
        observer.scan()
        if ticks % 4 == 0:
            observer.check_frozen(playing(h, tables))
        if ticks % 20 == 0:
            observer.trim()
        while len(roll_overs) < len(clock.hour_starts):
            roll_overs.append(messages.roll_overs)
        if time.monotonic() > give_up:
            print("hard time limit reached: the run stops before its simulated hours", file=sys.stderr)
            stop.set()
    return roll_overs


def hour_row(hour: Hour, seconds: float, roll_overs: int) -> dict[str, Any]:
    return {
        "presses": hour.presses, "answered": hour.answered, "refused": hour.refused, "real_seconds": seconds,
        "presses_per_second": hour.answered / seconds if seconds > 0 else 0.0,
        "global_bound": hour.global_bound,
        "global_bound_per_press": hour.global_bound / hour.presses if hour.presses else float("nan"),
        "shown_p50_ms": percentile(hour.shown_ms, 0.5), "shown_p99_ms": percentile(hour.shown_ms, 0.99),
        "answer_p50_ms": percentile(hour.answer_ms, 0.5), "answer_p99_ms": percentile(hour.answer_ms, 0.99),
        "answered_after_3s": hour.late, "requests": {k: hour.kinds[k] for k in KINDS if hour.kinds[k]},
        "429": dict(hour.limited), "30046": hour.codes[30046], "10015": hour.codes[10015],
        "codes": {str(k): v for k, v in sorted(hour.codes.items())}, "roll_overs": roll_overs,
    }


async def measure(args: argparse.Namespace) -> dict[str, Any]:
    seen = watch_log()
    server = LoopbackDiscord()
    server.start()
    run_seconds = args.hours * 3600 / args.speed
    setup_limit = 60 + 3.0 * args.tables
    load_before = os.getloadavg()
    try:
        with tempfile.TemporaryDirectory() as folder:
            h = await LoopbackHarness.start(f"{folder}/limits.db", server)
            try:
                async with asyncio.timeout(setup_limit + run_seconds + args.grace + 120):
                    return await run(h, args, run_seconds, setup_limit, load_before, seen)
            finally:
                for task in asyncio.all_tasks():
                    if task is not asyncio.current_task() and task.get_coro().__qualname__.startswith(  # type: ignore[union-attr]
                            ("TableService.run_timers", "SimClock.run", "Driver.drive")):
                        task.cancel()
                await h.close()
    finally:
        server.stop()


async def run(h: LoopbackHarness, args: argparse.Namespace, run_seconds: float, setup_limit: float,
              load_before: tuple[float, float, float], seen: Any) -> dict[str, Any]:
    async with h.bot.storage.transaction() as tx:
        await tx.set_guild_settings(GUILD_ID, WALLET, 200)
    started = time.monotonic()
    # The members are the server's regulars: each one's DM channel was opened long before (the bot
    # keeps them), so the set-up is not held by the loopback's one shared bucket for opening DM
    # channels (10 in 10 s: 1,300 members would take 22 minutes). The measured run has Discord's.
    dm_opens = h.server.limits["dm.create"]
    h.server.limits["dm.create"] = Limit(10_000, 1.0)
    async with asyncio.timeout(setup_limit):
        tables = await open_tables(h, args.tables, args.heads_up_bots, args.opened_over * 60, args.open_at_once)
        await h.settle(setup_limit)  # the set-up's edits and private hands, before the measured run
    h.server.limits["dm.create"] = dm_opens
    h.server.buckets._buckets = {k: b for k, b in h.server.buckets._buckets.items() if "|dm.create:" not in k}
    setup = {"real_seconds": time.monotonic() - started, "requests": len(h.server.served),
             "global_bound": h.server.global_bound()}
    chips_before = await h.bot.storage.total_chips()
    h.bot.service.between_deals = args.between_deals
    messages, hands, pace = h.bot.presenter.messages, h.bot.presenter.hands, h.bot.pace
    before = {"by_token": messages.by_token, "by_channel": messages.by_channel, "roll_overs": messages.roll_overs,
              "retired": messages.retired, "by_press": hands.by_press, "by_dm": hands.by_dm,
              "pace_taken": pace.taken, "pace_waited": pace.waited}
    cpu, drawing, discord_cpu = time.process_time(), worker_cpu(), thread_cpu(h.server._thread)
    pictures = [0]
    h.bot.presenter.on_render = lambda seconds: pictures.__setitem__(0, pictures[0] + 1)
    clock = SimClock(args.speed)
    observer = Observer(h, tables, clock)
    driver = Driver(h, observer, clock, args.seed)
    stop = asyncio.Event()
    asyncio.create_task(h.bot.service.run_timers(0.1))
    asyncio.create_task(clock.run(stop, args.hours))
    drivers = [asyncio.create_task(driver.drive(table, stop)) for table in tables]
    roll_overs = await watch(h, observer, tables, clock, stop, clock.start_real + run_seconds + 30)
    await asyncio.gather(*drivers)
    wall = time.monotonic() - clock.start_real
    ended = time.monotonic()
    while time.monotonic() < ended + args.grace and any(t.pending for t in tables):  # the presses in flight
        await asyncio.sleep(0.25)
        observer.scan()
    await asyncio.sleep(1.0)
    observer.scan()
    cpu, drawing = time.process_time() - cpu, worker_cpu() - drawing
    discord_cpu = thread_cpu(h.server._thread) - discord_cpu
    roll_overs.append(messages.roll_overs)
    chips_after = await h.bot.storage.total_chips()
    clean = 0
    for table in tables:
        live = h.bot.service.in_channel(table.channel)
        shown = [int(m["id"]) for m in h.server.messages_in(table.channel)]
        clean += live is not None and live.row.message_id in h.server.messages and shown == [live.row.message_id]

    total = Hour()
    ends = clock.hour_starts[1:] + [clock.start_real + wall]
    hours = []
    for k, hour in enumerate(observer.hours):  # as many as clock.hour_starts (hour_of goes no further)
        total.add(hour)
        hours.append(hour_row(hour, ends[k] - clock.hour_starts[k], roll_overs[k + 1] - roll_overs[k]))
    whole = hour_row(total, wall, messages.roll_overs - before["roll_overs"])
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
        "roll_overs": messages.roll_overs - before["roll_overs"], "old_messages_deleted": messages.retired - before["retired"],
        "tables_with_one_live_message": clean,
        "table_edits": {"by_token": messages.by_token - before["by_token"],
                        "by_channel": messages.by_channel - before["by_channel"]},
        "hands": {"by_press": hands.by_press - before["by_press"], "by_dm": hands.by_dm - before["by_dm"]},
        "pace": {"taken": pace.taken - before["pace_taken"], "waited": pace.waited - before["pace_waited"]},
        "waits": dict(driver.waits), "rebuys": driver.rebuys,
        "chips_before": chips_before, "chips_after": chips_after,
        "load": [load_before[0], os.getloadavg()[0]], "cpus": os.cpu_count(),
        "cpu_seconds": cpu, "render_cpu_seconds": drawing, "pictures": pictures[0], "loopback_cpu_seconds": discord_cpu, "log": dict(seen.most_common(10)),
        "one_token": {"global_bound_per_press": per_press,
                      "presses_per_second": GLOBAL_PER_SECOND / per_press if per_press else float("inf"),
                      "tables": GLOBAL_PER_SECOND / per_press * HUMAN_PACE if per_press else float("inf"),
                      "real_time_per_press": real_time,
                      "real_time_tables": GLOBAL_PER_SECOND / real_time * HUMAN_PACE if real_time else float("inf")},
    }


def ms(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:.0f}"


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
    for k, row in enumerate(r["per_hour"] + [w]):
        label = "whole run" if k == len(r["per_hour"]) else str(k + 1)
        lines.append(
            f"| {label} | {row['real_seconds']:.0f} | {row['presses']} | {row['presses_per_second']:.1f}"
            f" | {row['global_bound_per_press']:.3f} | {ms(row['shown_p50_ms'])} / {ms(row['shown_p99_ms'])}"
            f" | {ms(row['answer_p50_ms'])} / {ms(row['answer_p99_ms'])} | {row['answered_after_3s']}"
            f" | {sum(row['429'].values())} {row['429'] or ''} | {row['30046']} | {row['10015']} | {row['roll_overs']} |")
    presses = max(1, w["presses"])
    lines += [
        "",
        "requests by route (whole run, per press): " + ", ".join(
            f"{kind} {count} ({count / presses:.3f})" for kind, count in w["requests"].items()),
        *([f"  simulated hour {k + 1}: " + ", ".join(f"{kind} {n}" for kind, n in row["requests"].items())
           for k, row in enumerate(r["per_hour"])] if len(r["per_hour"]) > 1 else []),
        f"counted against the 50/s: {w['global_bound']} ({w['global_bound_per_press']:.3f} a press);"
        f" table edits by token {r['table_edits']['by_token']}, by channel {r['table_edits']['by_channel']};"
        f" private hands on a press {r['hands']['by_press']}, by DM {r['hands']['by_dm']};"
        f" the bot's pace: {r['pace']['taken']} requests, {r['pace']['waited']} waited",
        f"presses: {w['presses']} made, {w['answered']} answered ({w['refused']} with a refusal),"
        f" {w['answered_after_3s']} answered after 3 s, {r['unanswered']} never answered,"
        f" {r['never_shown']} never followed by a write to their table; Discord's 3-second rule"
        f" {'held' if not w['answered_after_3s'] and not r['unanswered'] else 'BROKEN'}",
        f"frozen tables (in play, no write for 30 s): {r['frozen_tables']} ({r['freezes']} times,"
        f" {r['frozen_now']} still at the end)",
        f"roll-overs: {r['roll_overs']}, old messages deleted {r['old_messages_deleted']};"
        f" tables ending with exactly one live message: {r['tables_with_one_live_message']} of {r['tables']}",
        f"chips: {r['chips_before']:,} before, {r['chips_after']:,} after"
        f" ({'conserved' if r['chips_before'] == r['chips_after'] else 'NOT conserved'}); {r['rebuys']} buy-ins again",
        f"member ticks without a press: {r['waits']}",
        f"load average {r['load'][0]:.1f} before, {r['load'][1]:.1f} after, on {r['cpus']} CPUs; CPU seconds:"
        f" this process {r['cpu_seconds']:.1f} (the loopback Discord's thread {r['loopback_cpu_seconds']:.1f}, the bot"
        f" and the members the rest), render workers {r['render_cpu_seconds']:.1f} for {r['pictures']} pictures"
        f" ({r['pictures'] / max(w['presses'], 1):.2f} a press)",
        f"bot log warnings/errors: {r['log'] or 'none'}",
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
    args = parser.parse_args()
    if not 0 <= args.heads_up_bots <= 1 or args.tables < 1 or args.hours <= 0 or args.speed < 1:
        parser.error("--tables >= 1, --hours > 0, --speed >= 1, --heads-up-bots in [0, 1]")
    result = asyncio.run(measure(args))
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
