"""The storage figures of two checkouts measured in one run, alternately: is a change no worse?

    python bench/side_by_side.py BASE_DIR [--games holdem gin] [--tables 500] [--resume 1000] [--repeat 3]
    python bench/side_by_side.py BASE_DIR --capacity 1 50 200 [--presses 2000] [--repeat 3] [--drawn]
    python bench/side_by_side.py BASE_DIR --limits "--tables 40 --hours 1 --speed 60" [--repeat 2]

``BASE_DIR`` is another checkout of the project (``git worktree add /tmp/base <commit>``); the other
side is this one. Each repeat runs, for each side in turn, a fresh process of that side's own code:
the action p50/p99 of ``bench/report.py`` with N open tables per game (the same plan: untimed warm-up
actions, then round-robin actions over every table), the whole press's p50/p99 over the same
round-robin (the table's act command, ``timed_presses``; its CPU p50 too), and ``bench/resume.py``'s
build and resume of M mid-hand tables (its wall-clock and CPU seconds). With ``--capacity``, each measurement is instead ``bench/capacity.py``'s run with drawing replaced by
a fixed image (what serializes presses besides drawing; with ``--drawn``, the pictures drawn in the
render pool, whose CPU a press then counts too), for each number of tables pressing at once:
each table pressing again as soon as it is shown, and (N > 1) all N pressing at the same moment,
round after round (``--rounds``). With ``--limits``, each measurement is each side's own
``bench/discord_limits.py`` run with the options given (its bot in a process of its own): the CPU a
press of the bot's process and of its render workers, presses answered a second, the answer and
press-to-shown p99, the requests counted against the token's 50 a second per press (as measured, and
with roll-overs at their real-time rate) and by route, and the presses answered after 3 s or never.
Alternating the sides spreads what other work on the machine does over both. Prints one line per
measurement and then each figure's range per side.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


async def measure(root: str, games: list[str], tables: int, resume_tables: int) -> dict[str, float]:
    """This process's figures, from the code under ``root`` (imported first on the path)."""
    sys.path.insert(0, root)
    from dataclasses import replace

    from bench.report import FULL, measure_tables, percentile
    from bench.resume import build, resume

    plan = replace(FULL, tables=tables)
    figures: dict[str, float] = {}
    presses = timed_presses()
    with tempfile.TemporaryDirectory() as directory:
        for name in games:
            presses.clear()
            result = await measure_tables(name, tables, plan, directory, rendering=False)
            figures[f"{name} p50"], figures[f"{name} p99"] = result.p50, result.p99
            timed = presses[-plan.actions_many:]  # the round-robin's, after the warm-up's
            whole, cpu = sorted(wall for wall, _ in timed), sorted(cpu for _, cpu in timed)
            figures[f"{name} press p50"], figures[f"{name} press p99"] = percentile(whole, 0.5), percentile(whole, 0.99)
            figures[f"{name} press CPU p50"] = percentile(cpu, 0.5)
        await build(f"{directory}/resume.db", resume_tables)
        cpu_started = time.process_time()
        figures["resume s"] = (await resume(f"{directory}/resume.db"))[1]
        figures["resume CPU s"] = time.process_time() - cpu_started
    return figures


def timed_presses() -> list[tuple[float, float]]:
    """The milliseconds of each whole press from here on, from the table's act command (``Jobs.act``)
    to its end, or of ``TableService.act`` on a side from before the table had commands: the press
    found, judged, applied, stored and shown (to a presenter that shows nothing); as (wall clock, this
    process's CPU: its storage thread's too, and less of the other work on the machine)."""
    try:
        from bot.service.table.jobs import Jobs as owner
    except ImportError:  # the side before the table had its commands
        from bot.service.tables import TableService as owner  # type: ignore[assignment]
    act = owner.act
    times: list[tuple[float, float]] = []

    async def timed(self: Any, *args: Any) -> None:
        started, cpu = time.perf_counter(), time.process_time()
        try:
            await act(self, *args)
        finally:
            times.append(((time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000))

    owner.act = timed  # type: ignore[method-assign]
    return times


async def capacity(root: str, counts: list[int], presses: int, drawn: bool) -> dict[str, float]:
    """``bench/capacity.py`` under ``root``, drawing replaced by a fixed image (unless ``drawn``), per
    table count."""
    sys.path.insert(0, root)
    from bench.capacity import measure as measure_capacity

    figures: dict[str, float] = {}
    for count in counts:
        for rounds in (False, True) if count > 1 else (False,):
            row = await measure_capacity(count, max(presses, 3 * count), not drawn, rounds=rounds)
            for key in ("presses_per_second", "answer_p99", "edit_p50", "edit_p99", "bot_cpu_ms_per_press",
                        "drawing_cpu_ms_per_press", "transaction_ms", "storage_busy"):
                figures[f"{count}{' rounds' if rounds else ''} {key}"] = row[key]
    return figures


LIMIT_ROUTES = ("channel edit", "channel post", "delete", "DM", "DM open")
"""The counted routes ``--limits`` lists per press."""


def limits(root: Path, options: str) -> dict[str, float]:
    """``root``'s bench/discord_limits.py with ``options``: its figures of the whole run."""
    command = [sys.executable, str(root / "bench" / "discord_limits.py"), *shlex.split(options), "--json"]
    result = json.loads(subprocess.run(command, cwd=root, check=True, capture_output=True, text=True).stdout
                        .strip().splitlines()[-1])
    whole, presses = result["whole"], max(1, result["whole"]["presses"])
    figures = {"presses": whole["presses"], "presses_per_second": whole["presses_per_second"],
               "bot_cpu_ms_per_press": whole["cpu_ms_per_press"]["bot"],
               "drawing_cpu_ms_per_press": whole["cpu_ms_per_press"]["render"],
               "answer_p99_ms": whole["answer_p99_ms"], "shown_p99_ms": whole["shown_p99_ms"],
               "counted_per_press": whole["global_bound_per_press"],
               "counted_per_press_real_time_roll_overs": result["one_token"]["real_time_per_press"],
               "answered_after_3s": whole["answered_after_3s"] + whole.get("opens_answered_after_3s", 0),
               "never_answered": result["unanswered"], "panels_opened": whole.get("panels_opened", 0)}
    figures |= {f"{route} per press": whole["requests"].get(route, 0) / presses for route in LIMIT_ROUTES}
    return {k: float("nan") if v is None else float(v) for k, v in figures.items()}


def run_side(root: Path, args: argparse.Namespace) -> dict[str, float]:
    """One measurement in a new process whose imports come from ``root``."""
    if args.limits:
        return limits(root, args.limits)
    command = [sys.executable, str(ROOT / "bench" / "side_by_side.py"), "--worker", str(root),
               "--games", *args.games, "--tables", str(args.tables), "--resume", str(args.resume),
               "--presses", str(args.presses)]
    if args.capacity:
        command += ["--capacity", *map(str, args.capacity)] + ["--drawn"] * args.drawn
    output = subprocess.run(command, cwd=root, check=True, capture_output=True, text=True).stdout
    return json.loads(output.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", nargs="?", help="the other checkout's directory")
    parser.add_argument("--games", nargs="+", default=["holdem", "gin"])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--resume", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--capacity", type=int, nargs="+", help="table counts for bench/capacity.py instead")
    parser.add_argument("--presses", type=int, default=2000, help="presses per capacity run")
    parser.add_argument("--drawn", action="store_true", help="capacity runs draw their pictures in the render pool")
    parser.add_argument("--limits", help="bench/discord_limits.py's options: run it on each side instead")
    parser.add_argument("--worker", help=argparse.SUPPRESS)  # one side's measurement (a subprocess)
    args = parser.parse_args()
    if args.worker:
        work = (capacity(args.worker, args.capacity, args.presses, args.drawn) if args.capacity
                else measure(args.worker, args.games, args.tables, args.resume))
        print(json.dumps(asyncio.run(work)))
        return
    sides = {"before": Path(args.base).resolve(), "after": ROOT}
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    results: dict[str, list[dict[str, float]]] = {side: [] for side in sides}
    for repeat in range(args.repeat):
        for side, root in sides.items():
            figures = run_side(root, args)
            results[side].append(figures)
            print(f"{repeat + 1} {side}: " + ", ".join(f"{k} {v:.2f}" for k, v in figures.items()), flush=True)
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    for key in results["after"][0]:
        ranges = {side: (min(r[key] for r in runs), max(r[key] for r in runs)) for side, runs in results.items()}
        print(f"{key}: " + "; ".join(f"{side} {low:.2f}-{high:.2f}" for side, (low, high) in ranges.items()))


if __name__ == "__main__":
    main()
