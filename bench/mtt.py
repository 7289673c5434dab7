"""A multi-table tournament of computer players played to the end, and what it costs.

    python bench/mtt.py [--players 200] [--seats 9] [--stack 2500] [--blinds turbo] [--minutes 3] [--json]

One table service over a SQLite file (no Discord, no pictures; computer players think on the event
loop), a tournament of ``--players`` computer players, its clock run by hand: each step moves the
clock one second and runs the service's timers (``TableService.tick``: every table's due deal or
turn, and the tournament's own work), as the bot's timer loop does. Every action of every table goes
through the table's lock, its engine, the stored action row and, at a deal's end, the settlement with
the tournament's knock-outs. It prints: the wall-clock time to a winner and the simulated time, the
hands and actions played, action p50/p99 (engine and storage, ``TableService.action_ms``), the time
the tournament's own work took at the tables' deal boundaries (seating arrivals, balancing and
breaking before a deal, knock-outs and prizes after one) per call, p50/p99, the moves it made, and
whether every tournament chip was accounted for after every step.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Awaitable, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service import mtt_register, mtt_tables  # noqa: E402
from bot.service.live import LiveTable  # noqa: E402
from bot.service.mtt import Tournament  # noqa: E402
from bot.service.mtt_settings import mtt_settings  # noqa: E402
from bot.service.tables import TableService  # noqa: E402
from bot.storage import open_storage  # noqa: E402


class QuietPresenter:
    """Shows nothing: tables, threads and posts cost nothing here (Discord is not what is measured)."""

    def __init__(self) -> None:
        self.thread = 10_000

    async def update(self, table: LiveTable) -> None: ...

    async def closed(self, table: LiveTable, reason: str) -> None: ...

    async def announce(self, guild_id: int, channel_id: int, text: str, report: str = "") -> None: ...

    async def open_thread(self, guild_id: int, channel_id: int, name: str) -> int | None:
        self.thread += 1
        return self.thread

    async def archive_thread(self, guild_id: int, thread_id: int) -> None: ...

    async def show_mtt(self, mtt: Tournament) -> None: ...

    async def announce_mtt(self, mtt: Tournament, event: str, table: LiveTable | None = None) -> None: ...


def timed(calls: list[float], work: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    async def wrapper(*args: Any) -> Any:
        started = time.perf_counter()
        try:
            return await work(*args)
        finally:
            calls.append((time.perf_counter() - started) * 1000)
    return wrapper


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


async def run(players: int, seats: int, stack: int, blinds: str, minutes: int) -> dict[str, Any]:
    boundary: list[float] = []
    mtt_tables.before_deal = timed(boundary, mtt_tables.before_deal)  # type: ignore[assignment]
    mtt_tables.after_deal = timed(boundary, mtt_tables.after_deal)  # type: ignore[assignment]
    with tempfile.TemporaryDirectory() as directory:
        storage = await open_storage(os.path.join(directory, "mtt.db"))
        now = [1_000_000.0]
        presenter = QuietPresenter()
        service = TableService(storage, presenter, clock=lambda: now[0], between_deals=2, offload_bots=False)
        service.mtts.presenter = presenter
        settings = mtt_settings(stack=stack, buy_in=10, seats=seats,
                                blinds=blinds, minutes=minutes, level_hands=0, break_every=0, break_minutes=5, late_levels=0,
                                reentry=False, prizes=None, starts_at=None, turn_seconds=30, manager_role=None)
        mtt = await service.mtts.create(1, 1, 1, "Bench", "holdem", settings)
        await mtt_register.add_bots(mtt, players)
        started = time.perf_counter()
        await mtt_register.start(mtt)
        tables_at_start = len(mtt.live_tables())
        conserved, hand_for_hand_rounds, seconds = True, 0, 0
        while mtt.row.status == "playing":
            now[0] += 1
            seconds += 1
            await service.tick()
            if mtt.row.status == "playing":
                conserved &= mtt.chips_in_play() == mtt.entries_paid() * int(settings["stack"])
            hand_for_hand_rounds += bool(mtt.state.get("hfh"))
        wall = time.perf_counter() - started
        hands = await storage._db.fetch("SELECT COUNT(*) FROM hands")  # type: ignore[attr-defined]
        await storage.close()
    actions = list(service.action_ms)
    return {"players": players, "seats": seats, "tables_at_start": tables_at_start, "wall_s": round(wall, 1),
            "simulated_min": round(seconds / 60, 1), "hands": int(hands[0][0]), "actions": len(actions),
            "action_p50_ms": round(statistics.median(actions), 2), "action_p99_ms": round(percentile(actions, 0.99), 2),
            "boundary_calls": len(boundary), "boundary_p50_ms": round(statistics.median(boundary), 2),
            "boundary_p99_ms": round(percentile(boundary, 0.99), 2), "moves": mtt.state.get("moves", {}),
            "prizes_paid": sum(e.prize for e in mtt.entries.values()), "pool_left": mtt.row.pool,
            "chips_conserved": conserved, "load_after": round(os.getloadavg()[0], 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seats", type=int, default=9)
    parser.add_argument("--stack", type=int, default=2500)
    parser.add_argument("--blinds", default="turbo")
    parser.add_argument("--minutes", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    load_before = round(os.getloadavg()[0], 1)
    figures = asyncio.run(run(args.players, args.seats, args.stack, args.blinds, args.minutes))
    figures["load_before"] = load_before
    if args.json:
        print(json.dumps(figures))
        return
    f = figures
    print(f"{f['players']} computer players, {f['seats']} a table ({f['tables_at_start']} tables at the start), "
          f"stacks of {args.stack}, {args.blinds} blinds of {args.minutes} simulated minutes; load average {load_before} before, "
          f"{f['load_after']} after")
    print(f"to a winner: {f['wall_s']} s of wall clock, {f['simulated_min']} simulated minutes, "
          f"{f['hands']} hands, {f['actions']} actions")
    print(f"action p50 / p99: {f['action_p50_ms']} / {f['action_p99_ms']} ms")
    print(f"the tournament's work at a deal boundary ({f['boundary_calls']} calls): p50 / p99 "
          f"{f['boundary_p50_ms']} / {f['boundary_p99_ms']} ms; moves {f['moves']}")
    print(f"prizes paid {f['prizes_paid']}, pool left {f['pool_left']}, chips conserved after every step: "
          f"{f['chips_conserved']}")


if __name__ == "__main__":
    main()
