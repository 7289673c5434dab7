"""The bot's process of bench/discord_limits.py: the real bot alone, reached only as Discord reaches it.

    python bench/discord_limits_bot.py --base URL --line PATH --database PATH --clock PATH

Started by bench/discord_limits.py, never by hand. The bot (its cogs and command tree, the SQLite
store, the render pool) logs in with discord.py's real ``HTTPClient`` against the loopback Discord at
``--base`` and answers interactions through discord.py's real webhook adapter, as in the loopback
harness (tests/support/loopback_harness.py). The loopback, the members and the reading of what was
served run in the bench's process, so the CPU of this one is the bot's.

Interactions arrive on a Unix socket (``--line``) as raw gateway ``INTERACTION_CREATE`` payloads, one
JSON line each, and a reader task hands each to ``ConnectionState.parse_interaction_create``, which is
what discord.py's gateway does with the same event: the JSON decoding is this process's, as it would
be. (Not a gateway websocket in the loopback: it would add IDENTIFY, READY, GUILD_CREATE, heartbeats
and the command sync to the loopback, none of which the bench measures, and its per-event cost beyond
this, zlib and the websocket frame, is small beside a press.) The same line carries the bench's own
questions (wait until idle, start the timers and stop them, counters, chips), answered by their id. Ages of messages
and tokens are read against the bench's moved clock (``SharedClock``: an offset in shared memory).
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from discord.http import Route  # noqa: E402
from discord.webhook.async_ import AsyncWebhookAdapter, async_context  # noqa: E402

from bench.capacity import worker_cpu  # noqa: E402
from bench.discord_limits_load import SharedClock, watch_log  # noqa: E402
from bot import render_pool  # noqa: E402
from bot.adapter.client import CardroomBot  # noqa: E402
from bot.service.clock import RealTime  # noqa: E402
from tests.support.harness import GUILD_ID, _idle  # noqa: E402

LAG_EVERY = 0.1
"""Seconds between two looks at the event loop's lag (how late a timer of this long fires)."""


class Watch:
    """What the bot's process went through, by real (monotonic) time: the garbage collector's pauses
    and the event loop's lag, read back by the simulated hour they fell in."""

    def __init__(self) -> None:
        self.pauses: list[tuple[float, int, float]] = []  # (when, generation, seconds)
        self.lags: list[tuple[float, float]] = []  # (when, seconds late)
        self._started = 0.0
        gc.callbacks.append(self._gc)

    def _gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.pauses.append((time.monotonic(), info["generation"], time.perf_counter() - self._started))

    async def lag(self) -> None:
        while True:
            asked = time.monotonic()
            await asyncio.sleep(LAG_EVERY)
            now = time.monotonic()
            self.lags.append((now, now - asked - LAG_EVERY))

    def by_hour(self, starts: list[float]) -> list[dict[str, Any]]:
        hours: list[dict[str, Any]] = []
        for k, start in enumerate(starts):
            end = starts[k + 1] if k + 1 < len(starts) else float("inf")
            pauses = [(g, s) for at, g, s in self.pauses if start <= at < end]
            lags = sorted(s for at, s in self.lags if start <= at < end)
            hours.append({
                "gc": {str(g): {"count": sum(1 for x, _ in pauses if x == g),
                                "seconds": sum(s for x, s in pauses if x == g),
                                "longest_ms": 1000 * max((s for x, s in pauses if x == g), default=0.0)}
                       for g in (0, 1, 2)},
                "lag_p50_ms": 1000 * lags[len(lags) // 2] if lags else None,
                "lag_p99_ms": 1000 * lags[int(0.99 * len(lags))] if lags else None,
                "lag_max_ms": 1000 * lags[-1] if lags else None})
        return hours


class BotSide:
    """The bot and the answers to the bench's questions."""

    def __init__(self, bot: CardroomBot, writer: asyncio.StreamWriter, seen: Any):
        self.bot = bot
        self.writer = writer
        self.seen = seen
        self.watch = Watch()
        self.kept: set[asyncio.Task[Any]] = set()  # the reader, the lag watch: never idle
        self.pictures = 0
        self.before: dict[str, int] = {}
        self.cpu = (0.0, 0.0)

    def counters(self) -> dict[str, int]:
        messages, hands, pace = self.bot.presenter.messages, self.bot.presenter.hands, self.bot.pace
        return {"by_token": messages.by_token, "by_channel": messages.by_channel, "roll_overs": messages.roll_overs,
                "relayed": messages.relayed, "panel_edits": self.bot.presenter.panels.edits,
                "retired": messages.retired, "by_press": hands.by_press, "by_dm": hands.by_dm,
                "pace_taken": pace.taken, "pace_waited": pace.waited, "pictures": self.pictures,
                "stale_dropped": self.bot.presenter.stale_dropped}

    async def answer(self, request: dict[str, Any]) -> None:
        try:
            result = await getattr(self, f"op_{request['op']}")(request)
            line = {"id": request["id"], "result": result}
        except Exception as error:  # told to the bench, which stops
            line = {"id": request["id"], "error": f"{type(error).__name__}: {error}"}
        self.writer.write(json.dumps(line).encode() + b"\n")
        await self.writer.drain()

    async def op_wallets(self, request: dict[str, Any]) -> None:
        async with self.bot.storage.transaction() as tx:
            await tx.set_guild_settings(GUILD_ID, request["wallet"], 200)

    async def op_settle(self, request: dict[str, Any]) -> None:
        """Wait until every task the interactions started has finished (``Harness.settle``)."""
        current = asyncio.current_task()
        async with asyncio.timeout(request.get("timeout", 120)):
            while True:
                await asyncio.sleep(0.01)
                if not [t for t in asyncio.all_tasks()
                        if t is not current and t not in self.kept and not t.done() and not _idle(t)]:
                    return

    async def op_chips(self, request: dict[str, Any]) -> int:
        return await self.bot.storage.total_chips()

    async def op_start(self, request: dict[str, Any]) -> dict[str, Any]:
        """The measured run begins: deals follow each other, the timers run; the counters so far."""
        self.bot.service.between_deals = request["between_deals"]
        self.bot.presenter.on_render = self.rendered
        self.bot.service.clock = RealTime()  # its clock sleeps until each deadline, as the bot's does
        self.bot.service.deadlines.changed()
        self.keep(self.watch.lag())
        self.before = self.counters()
        self.cpu = (time.process_time(), worker_cpu())
        return {"pid": os.getpid(), "render_pids": render_pool.worker_pids()}

    async def op_quiet(self, request: dict[str, Any]) -> None:
        """The run is over: the timers stop (no deal starts) and the work in flight ends, the deletes of
        rolled-over messages that wait their turn in the bot's pace among it."""
        self.bot.service.clock = time.time  # deadlines wait for a tick again
        self.bot.service.deadlines.changed()
        await self.op_settle(request)

    async def op_finish(self, request: dict[str, Any]) -> dict[str, Any]:
        """Counters of the run, each table's live message, the log, the CPU and the watch by hour."""
        now = self.counters()
        live = {str(t.row.channel_id): t.row.message_id for t in self.bot.service.tables.values()}
        return {"counters": {k: now[k] - self.before.get(k, 0) for k in now}, "live_messages": live,
                "log": dict(self.seen.most_common(10)), "cpu_seconds": time.process_time() - self.cpu[0],
                "render_cpu_seconds": worker_cpu() - self.cpu[1], "by_hour": self.watch.by_hour(request["hour_starts"])}

    def rendered(self, seconds: float) -> None:
        self.pictures += 1

    def keep(self, work: Any) -> asyncio.Task[Any]:
        task = asyncio.create_task(work)
        self.kept.add(task)
        return task


async def serve(args: argparse.Namespace) -> None:
    seen = watch_log()
    Route.BASE = args.base
    async_context.set(AsyncWebhookAdapter())
    clock = SharedClock(args.clock)
    bot = CardroomBot(args.database, run_timers=False)
    await bot.login("loopback-token")  # GET /users/@me and the application, then setup_hook
    bot.service.between_deals = 0
    bot.presenter.clock = clock.now
    bot.presenter.messages.answer_deadline = None  # the clock runs --speed times real time; the 3 s are real
    reader, writer = await asyncio.open_unix_connection(args.line, limit=2**24)
    side = BotSide(bot, writer, seen)
    side.kept.add(asyncio.current_task())  # type: ignore[arg-type]
    parse = bot._connection.parse_interaction_create
    try:
        while line := await reader.readline():
            message = json.loads(line)
            if message["op"] == "INTERACTION_CREATE":
                parse(message["d"])
            elif message["op"] == "stop":
                break
            else:
                task = asyncio.create_task(side.answer(message))
                side.kept.add(task)  # a question being answered is not the bot's work in progress
                task.add_done_callback(side.kept.discard)
    finally:
        for task in side.kept:
            if task is not asyncio.current_task():
                task.cancel()
        await bot.close()
        writer.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the loopback Discord's API base URL")
    parser.add_argument("--line", required=True, help="the Unix socket the bench listens on")
    parser.add_argument("--database", required=True)
    parser.add_argument("--clock", required=True, help="the shared clock's file")
    asyncio.run(serve(parser.parse_args()))


if __name__ == "__main__":
    main()
