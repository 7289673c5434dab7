"""Does the event loop stay responsive while bridge robots think? The bot answers every button on
one asyncio loop, so a robot that held it (or the GIL) for long would freeze every table.

Three measurements, each with a monitor task that sleeps 5 ms over and over and records how late
it wakes (the time the loop could not run):

1. The idle loop: what the machine alone allows (other processes compete for the CPU).
2. The solver alone: endplay's double-dummy solver runs in a thread; a solver that held the GIL
   would stop the loop for the whole solve.
3. The service: one ``TableService`` with ``offload_bots=True`` (robots think in threads) and a
   presenter that renders every update in a thread, as on Discord, plays ``tables`` tables of
   four robots at once, each table ``boards`` duplicate boards (one table per board: create,
   four robots, start, which plays the board out, cancel). The robots' sampling and solving run
   in their solver process; ``--in-thread`` runs them in the robot's thread instead, for comparison.

Prints the loop lag (max, p99, p50 in ms), boards played, robot decisions and their p50 / max time,
renders, the machine and the load average. The goal: no lag above 50 ms.

Run: ``python bench/bridge_loop.py [tables] [boards] [--in-thread]`` from the repository root
(default 4 tables x 2 boards).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from endplay.dds import solve_all_boards  # noqa: E402
from endplay.types import Deal, Player  # noqa: E402

from bot.ai import bridge as robot  # noqa: E402
from bot.games.bridge import BridgeEngine, pbn_hand  # noqa: E402
from bot.games.base import Action, Seat  # noqa: E402
from bot.storage.interface import HOUSE  # noqa: E402
from bot.storage import open_storage  # noqa: E402
from bot.service.table import dealing
from bot.service.table.live import LiveTable  # noqa: E402
from bot.service.tables import TableService  # noqa: E402

TICK_MS = 5.0
GOAL_MS = 50.0
GUILD = 1


@dataclass
class ThreadRenderingPresenter:
    """Renders the public table on every update in a worker thread, like the Discord presenter."""

    render_ms: list[float] = field(default_factory=list)

    async def update(self, live: LiveTable) -> None:
        view = live.public_view()
        if view is None:
            return
        started = time.perf_counter()
        await asyncio.to_thread(live.spec.render_table, view, "")
        self.render_ms.append((time.perf_counter() - started) * 1000)

    async def closed(self, live: LiveTable, reason: str) -> None:
        return None


def timed_decisions() -> list[float]:
    """Time each robot decision the service asks for (its thread's wait for the solver included):
    ``dealing.bot_choice``, wrapped for this run. Returns the list the times go to."""
    decision_ms: list[float] = []
    choose = dealing.bot_choice

    async def timed(live: LiveTable, deal_seat: int) -> Action:
        started = time.perf_counter()
        action = await choose(live, deal_seat)
        decision_ms.append((time.perf_counter() - started) * 1000)
        return action

    dealing.bot_choice = timed  # type: ignore[assignment]
    return decision_ms


class LagMonitor:
    """Sleeps ``TICK_MS`` again and again; each wake-up's delay is the time the loop was busy."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            started = time.perf_counter()
            await asyncio.sleep(TICK_MS / 1000)
            self.lags.append((time.perf_counter() - started) * 1000 - TICK_MS)

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        assert self._task is not None
        self._task.cancel()
        try:
            await self._task
        except asyncio.CancelledError:
            pass


def cpu_model() -> str:
    """The processor's name, where /proc/cpuinfo tells it."""
    try:
        lines = Path("/proc/cpuinfo").read_text().splitlines()
    except OSError:
        return platform.machine()
    return next((line.split(":", 1)[1].strip() for line in lines if line.startswith("model name")),
                platform.machine())


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def lag_line(lags: list[float]) -> str:
    worst = max(lags, default=0.0)
    verdict = "ok" if worst <= GOAL_MS else f"OVER {GOAL_MS:.0f} ms"
    return (f"loop lag max {worst:7.1f} ms  p99 {percentile(lags, 0.99):6.1f}  "
            f"p50 {percentile(lags, 0.5):5.1f}  ({len(lags)} wake-ups; {verdict})")


def opening_lead_deals(count: int) -> list[Deal]:
    """Full 13-card deals at the opening lead: the slowest solves a robot asks for."""
    seats = [Seat(n, is_bot=True) for n in "NESW"]
    deals = []
    for k in range(count):
        hands = BridgeEngine({"scoring": "duplicate"}, seats, f"{k + 1:064x}", {}).dealt
        deal = Deal("N:" + " ".join(pbn_hand(hand) for hand in hands))
        deal.first = Player.east       # East leads against North
        deals.append(deal)
    return deals


async def idle_loop(seconds: float = 2.0) -> None:
    monitor = LagMonitor()
    monitor.start()
    await asyncio.sleep(seconds)
    await monitor.stop()
    print(f"idle loop: {lag_line(monitor.lags)}")


def solve_in_thread() -> None:
    """The robots' sampling and solving in the robot's own thread (one at a time, as the DDS
    library needs): the comparison for the solver process."""
    lock = threading.Lock()

    def in_thread(work: Any, *args: Any) -> Any:
        with lock:
            return work(*args)

    robot.in_solver = in_thread


async def solver_alone() -> None:
    """Solve a batch in a thread, exactly as a robot does, while the monitor watches the loop."""
    deals = opening_lead_deals(robot.SAMPLES)
    monitor = LagMonitor()
    monitor.start()
    await asyncio.sleep(0.05)
    started = time.perf_counter()
    await asyncio.to_thread(solve_all_boards, deals)
    solve_ms = (time.perf_counter() - started) * 1000
    await monitor.stop()
    print(f"solver alone: {len(deals)} opening-lead deals solved in a thread in {solve_ms:.0f} ms")
    print(f"  {lag_line(monitor.lags)}")


async def play_table(service: TableService, channel: int, boards: int) -> None:
    """One channel: ``boards`` times a fresh duplicate table of four robots that plays one board."""
    for board in range(1, boards + 1):
        live = await service.create(GUILD, channel, "bridge", HOUSE, "Bench",
                                    {"scoring": "duplicate", "board": board}, seat_host=False)
        for _ in range(4):
            await live.commands.add_bot(HOUSE)
        await live.commands.start(HOUSE)           # the robots play the whole board here
        await live.commands.cancel(HOUSE, can_manage=True)


async def service_run(tables: int, boards: int) -> None:
    storage = await open_storage(str(Path(tempfile.mkdtemp(prefix="cardroom-loop-")) / "loop.db"))
    presenter = ThreadRenderingPresenter()
    rng = random.Random(1)
    service = TableService(storage, presenter, between_deals=0, offload_bots=True,
                           seeds=lambda _label: "%064x" % rng.getrandbits(256))
    decisions = timed_decisions()
    monitor = LagMonitor()
    monitor.start()
    started = time.perf_counter()
    try:
        await asyncio.gather(*(play_table(service, channel, boards)
                               for channel in range(1, tables + 1)))
    finally:
        await monitor.stop()
        await storage.close()
    elapsed = time.perf_counter() - started
    print(f"service: {tables} tables x {boards} boards of four robots, {elapsed:.1f} s, "
          f"{threading.active_count()} threads at the end")
    print(f"  {lag_line(monitor.lags)}")
    print(f"  boards played {service.deals_finished}, robot decisions {len(decisions)} "
          f"(p50 {percentile(decisions, 0.5):.0f} ms, max {max(decisions, default=0):.0f} ms, "
          f"queueing for the solver included), renders {len(presenter.render_ms)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tables", type=int, nargs="?", default=4)
    parser.add_argument("boards", type=int, nargs="?", default=2)
    parser.add_argument("--in-thread", action="store_true",
                        help="sample and solve in the robot's thread, not the solver process")
    args = parser.parse_args()
    print(f"machine: {cpu_model()}, {os.cpu_count()} CPUs, {platform.platform()}, "
          f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.2f}; "
          f"{robot.SAMPLES} sampled deals per robot card")
    asyncio.run(idle_loop())
    asyncio.run(solver_alone())
    if args.in_thread:
        solve_in_thread()
    print(f"robots sample and solve in {'their own thread' if args.in_thread else 'the solver process'}")
    asyncio.run(service_run(args.tables, args.boards))
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
