"""A multi-table tournament of computer players played to the end, with late registration and
re-entries, every invariant checked after every hand, and what it costs.

    python bench/mtt.py [--players 200] [--late 20] [--late-levels 2] [--reentries 1] [--seats 9]
                        [--stack 2500] [--blinds turbo] [--minutes 3] [--json]

One table service over a SQLite file (no Discord, no pictures; computer players think on the event
loop), a tournament of ``--players`` computer players: ``--players`` less ``--late`` at the start, the
``--late`` others registering one by one while registration is open (the first ``--late-levels``
levels), and every player knocked out meanwhile buying in again up to ``--reentries`` times. Its clock
is run by hand: each step moves the clock one second and runs the service's timers
(``TableService.tick``: every table's due deal or turn, and the tournament's own work), as the bot's
timer loop does. Every action of every table goes through the table's lock, its engine, the stored
action row and, at a deal's end, the settlement with the tournament's knock-outs.

The invariants of ``tests.support.mtt_rig.Watch`` hold after every hand (chips at the tables and on
their way equal the buy-ins' stacks, every player still in at exactly one table, no place or prize
before the field is fixed and the prizes as the prize table says after, every table that deals
balanced and at the tournament's level), and after every step the pool in storage is the one in
memory and the wallets and the pool add up to what they did; at the end the places are 1..N, the
winner's prize exactly the first and the prizes the pool paid in. A broken invariant stops the run
with its ``AssertionError``.

It prints: the wall-clock time to a winner and the simulated time, the hands and actions played, the
entrants, buy-ins and re-entries, action p50/p99 (engine and storage, ``TableService.action_ms``),
the time the tournament's own work took at the tables' deal boundaries (seating arrivals, balancing
and breaking before a deal, knock-outs, places and prizes after one) per call, p50/p99, the moves it
made, the hands checked and how many tables ended a deal at once at most.
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

from bot.service.tournament import register as mtt_register, table_hooks
from bot.service.table.live import LiveTable  # noqa: E402
from bot.service.tournament.multi_table import Tournament  # noqa: E402
from bot.service.tournament.settings import mtt_settings  # noqa: E402
from bot.service.tables import TableService  # noqa: E402
from bot.storage import open_storage  # noqa: E402
from tests.support.mtt_rig import Watch, check_final  # noqa: E402


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


async def run(players: int, late: int, late_levels: int, reentries: int, seats: int, stack: int, blinds: str,
              minutes: int) -> dict[str, Any]:
    boundary: list[float] = []
    table_hooks.before_deal = timed(boundary, table_hooks.before_deal)  # type: ignore[assignment]
    table_hooks.after_deal = timed(boundary, table_hooks.after_deal)  # type: ignore[assignment]
    watch = Watch(setattr)
    with tempfile.TemporaryDirectory() as directory:
        storage = await open_storage(os.path.join(directory, "mtt.db"))
        now = [1_000_000.0]
        presenter = QuietPresenter()
        service = TableService(storage, presenter, clock=lambda: now[0], between_deals=2, offload_bots=False)
        service.mtts.presenter = presenter
        settings = mtt_settings(stack=stack, buy_in=10, seats=seats, blinds=blinds, minutes=minutes, level_hands=0,
                                break_every=0, break_minutes=5, late_levels=late_levels, reentry=reentries > 0,
                                prizes=None, starts_at=None, turn_seconds=30, manager_role=None)
        mtt = await service.mtts.create(1, 1, 1, "Bench", "holdem", settings)
        await mtt_register.add_bots(mtt, players - late)
        wallets = await storage.total_chips()
        started = time.perf_counter()
        await mtt_register.start(mtt)
        tables_at_start = len(mtt.live_tables())
        spacing = max(1, int(late_levels * minutes * 60 * 0.8) // max(1, late))
        seconds = reentered = 0
        while mtt.row.status == "playing":
            now[0] += 1
            seconds += 1
            await service.tick()
            if mtt.registration_open():
                if len(mtt.entries) < players and seconds % spacing == 0:
                    await mtt_register.add_bots(mtt, 1)
                for user in mtt.waiting():
                    if mtt.entries[user].entries <= reentries:
                        await mtt_register.register(mtt, user, mtt.entries[user].name, is_bot=True)
                        reentered += 1
            stored = await storage.mtt(mtt.id)
            assert stored is not None and stored.pool == mtt.row.pool, "the pool in storage is the one in memory"
            assert await storage.total_chips() == wallets, "wallets and pool conserved"
        wall = time.perf_counter() - started
        check_final(mtt)
        hands = await storage._db.fetch("SELECT COUNT(*) FROM hands")  # type: ignore[attr-defined]
        await storage.close()
    actions = list(service.action_ms)
    return {"players": players, "late": late, "entrants": len(mtt.entries), "buy_ins": mtt.entries_paid(),
            "reentries": reentered, "seats": seats, "tables_at_start": tables_at_start, "wall_s": round(wall, 1),
            "simulated_min": round(seconds / 60, 1), "hands": int(hands[0][0]), "actions": len(actions),
            "action_p50_ms": round(statistics.median(actions), 2), "action_p99_ms": round(percentile(actions, 0.99), 2),
            "boundary_calls": len(boundary), "boundary_p50_ms": round(statistics.median(boundary), 2),
            "boundary_p99_ms": round(percentile(boundary, 0.99), 2), "moves": mtt.state.moves,
            "prizes_paid": sum(e.prize for e in mtt.entries.values()), "pool_left": mtt.row.pool,
            "paid_places": len([e for e in mtt.entries.values() if e.prize]),
            "hands_ended": watch.hands, "checks": watch.checks, "deals_checked": watch.dealt,
            "most_ending_at_once": watch.most,
            "load_after": round(os.getloadavg()[0], 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200, help="entrants, the late ones included")
    parser.add_argument("--late", type=int, default=20, help="entrants who register after the start")
    parser.add_argument("--late-levels", type=int, default=2)
    parser.add_argument("--reentries", type=int, default=1, help="buy-ins again a player knocked out may make")
    parser.add_argument("--seats", type=int, default=9)
    parser.add_argument("--stack", type=int, default=2500)
    parser.add_argument("--blinds", default="turbo")
    parser.add_argument("--minutes", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    load_before = round(os.getloadavg()[0], 1)
    figures = asyncio.run(run(args.players, args.late, args.late_levels, args.reentries, args.seats, args.stack,
                              args.blinds, args.minutes))
    figures["load_before"] = load_before
    if args.json:
        print(json.dumps(figures))
        return
    f = figures
    print(f"{f['entrants']} computer players ({f['late']} registering late, {f['reentries']} re-entries: "
          f"{f['buy_ins']} buy-ins), {f['seats']} a table ({f['tables_at_start']} tables at the start), stacks of "
          f"{args.stack}, {args.blinds} blinds of {args.minutes} simulated minutes, late registration for "
          f"{args.late_levels} levels; load average {load_before} before, {f['load_after']} after")
    print(f"to a winner: {f['wall_s']} s of wall clock, {f['simulated_min']} simulated minutes, "
          f"{f['hands']} hands, {f['actions']} actions")
    print(f"action p50 / p99: {f['action_p50_ms']} / {f['action_p99_ms']} ms")
    print(f"the tournament's work at a deal boundary ({f['boundary_calls']} calls): p50 / p99 "
          f"{f['boundary_p50_ms']} / {f['boundary_p99_ms']} ms; moves {f['moves']}")
    print(f"invariants held after all {f['hands_ended']} hands ({f['checks']} checks, each once no table was ending "
          f"a deal; up to {f['most_ending_at_once']} ended one at once), at {f['deals_checked']} deals' starts, and "
          f"wallets + pool after every second; "
          f"places 1..{f['entrants']}, {f['paid_places']} paid, prizes {f['prizes_paid']} = the pool paid in, "
          f"pool left {f['pool_left']}")


if __name__ == "__main__":
    main()
