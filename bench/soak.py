"""Crash safety: selfplay for every game, killed with SIGKILL at random moments and restarted over the
same database, until every game finishes.

    python bench/soak.py [--games holdem,gin,...] [--kills 5] [--seed 1] [--db FILE or postgresql://...]

Each game runs ``python -m bot selfplay`` as a subprocess, kills it ``--kills`` times after a random
delay (mostly once its deals are under way, so kills land between and inside transactions) and
then lets a last run finish normally. It checks, reading the database itself:

- the chips in wallets and at open tables never change (after every kill and at the end);
- no table is left open, and no kill made the stored game go backwards;
- every deal in progress at a kill was resumed and finished with the same seed and the same first
  actions (not voided, not dealt again), and each table's hand numbers run 1, 2, 3... once each.

One SQLite file serves the whole soak, as in production (one database and one house wallet for
every game), so a chip leaked by any game shows in the same total; each game plays in its own
channel so that a table one game left open is never resumed by the next.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import signal
import sys
import tempfile
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Awaitable, Callable

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.selfplay import GAMES  # noqa: E402
from bot.registry import game, game_names  # noqa: E402
from bot.selfplay import GUILD  # noqa: E402
from bot.storage.interface import HOUSE  # noqa: E402
from bot.storage import open_storage  # noqa: E402

NEVER = 10**9
"""``--games`` of a run that is meant to be killed: it never finishes by itself."""


@dataclass(frozen=True)
class Snapshot:
    """A game's state in the database after a kill (or at the end)."""

    chips: int
    hands: int  # rows in ``hands`` for the game's tables
    table_id: int | None
    hand_no: int
    seed: str | None  # of the deal in progress, None between deals
    actions: tuple[str, ...]  # of the deal in progress, as stored
    timed_out: int  # seats with a turn timeout or sitting out: a computer player never should

    @property
    def progress(self) -> tuple[int, int, int]:
        """Grows with every committed step of play; a restart must never make it go back."""
        return self.hands, self.hand_no, len(self.actions)


@dataclass
class GameReport:
    """One game's soak: what happened and every problem found (none: OK)."""

    game: str
    startup: float = 0.0  # seconds from launch to the first deal; kill delays are drawn around it
    runs: int = 0
    kills: int = 0
    mid_deal: int = 0  # kills that left a deal in progress in the database
    advanced: int = 0  # restarts that committed more play before they ended
    deals: int = 0
    chips_before: int = 0
    chips_after: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _command(name: str, players: int, games: int, seed: int, db: str, channel: int) -> list[str]:
    return [sys.executable, "-m", "bot", "selfplay", name, "--games", str(games), "--players", str(players),
            "--seed", str(seed), "--db", db, "--channel", str(channel), "--json"]


async def _run(command: list[str], kill_after: float) -> tuple[bool, int, str]:
    """Run a selfplay process; SIGKILL it after ``kill_after`` seconds.

    Returns (killed, exit code, its JSON line, or its stderr if it printed none)."""
    process = await asyncio.create_subprocess_exec(*command, cwd=ROOT, stdout=asyncio.subprocess.PIPE,
                                                   stderr=asyncio.subprocess.PIPE)
    try:
        out, err = await asyncio.wait_for(process.communicate(), kill_after)
        return False, process.returncode or 0, (out or err).decode()
    except asyncio.TimeoutError:
        process.send_signal(signal.SIGKILL)
        try:  # the wait ends when the pipes close: a child the bot left behind (its solver) holds them
            await asyncio.wait_for(process.wait(), 30)
        except asyncio.TimeoutError:
            raise RuntimeError("a process the killed bot started kept running for 30 s") from None
        return True, process.returncode or 0, ""


async def _startup_seconds(name: str, players: int) -> float:
    """Time from launch to the first deal: imports, database, table and seats (a zero-game run)."""
    with tempfile.TemporaryDirectory() as directory:
        started = time.perf_counter()
        await _run(_command(name, players, 0, 0, os.path.join(directory, "startup.db"), 1), 60)
        return time.perf_counter() - started


@asynccontextmanager
async def _opened(db: str) -> AsyncIterator[Any]:
    """The soak's database, SQLite file or PostgreSQL; opening a file also recovers the write-ahead
    log a killed process left behind."""
    storage = await open_storage(db)
    try:
        yield storage
    finally:
        await storage.close()


async def _snapshot(db: str, channel: int) -> Snapshot:
    async with _opened(db) as storage:
        chips = await storage.total_chips()
        fetch = storage._db.fetch
        (hands,) = (await fetch("SELECT COUNT(*) FROM hands JOIN tables ON hands.table_id = tables.id"
                                " WHERE tables.channel_id = ?", channel))[0]
        rows = await fetch("SELECT id, hand_no, hand FROM tables WHERE channel_id = ?"
                           " ORDER BY id DESC LIMIT 1", channel)
        row = rows[0] if rows else None
        logged = await fetch("SELECT seat, action FROM actions WHERE table_id = ? AND hand_no = ? ORDER BY step",
                             row[0], row[1]) if row is not None else []
        loaded = await storage.table(row[0]) if row is not None else None  # seats as of its last action
    if row is None:
        return Snapshot(chips, int(hands), None, 0, None, (), 0)
    hand = json.loads(row[2]) if row[2] else None
    actions = tuple(json.dumps([seat, json.loads(a)], sort_keys=True) for seat, a in logged) if hand else ()
    assert loaded is not None
    timed_out = sum(1 for s in loaded.seats if s.timeouts or s.sitting_out)
    return Snapshot(chips, int(hands), row[0], row[1], hand["seed"] if hand else None, actions, timed_out)


async def _check_database(db: str, channel: int, kills: list[Snapshot]) -> list[str]:
    """Problems with the finished soak of one game: open tables, hand numbering, lost deals."""
    problems = []
    async with _opened(db) as storage:
        fetch = storage._db.fetch
        open_tables = await fetch("SELECT id, status FROM tables WHERE channel_id = ? AND status != 'closed'",
                                  channel)
        problems += [f"table {t} left {status}" for t, status in open_tables]
        for table_id, hand_no in await fetch("SELECT id, hand_no FROM tables WHERE channel_id = ?", channel):
            numbers = [n for (n,) in await fetch(  # in the order they were finished
                "SELECT hand_no FROM hands WHERE table_id = ? ORDER BY finished_at, hand_no", table_id)]
            if numbers != list(range(1, len(numbers) + 1)) or hand_no < len(numbers):
                problems.append(f"table {table_id}: hand numbers {numbers[:5]}... (table at {hand_no})")
        for snap in kills:
            if snap.seed is not None:
                problems += await _check_resumed(fetch, snap)
    return problems


async def _check_resumed(fetch: Callable[..., Awaitable[list[Any]]], snap: Snapshot) -> list[str]:
    """The deal in progress at a kill was finished with its seed and its stored actions."""
    rows = await fetch("SELECT seed, record FROM hands WHERE table_id = ? AND hand_no = ?",
                       snap.table_id, snap.hand_no)
    if not rows:
        return [f"deal {snap.hand_no} interrupted by a kill never finished"]
    seed, record = rows[0]
    actions = tuple(json.dumps(a, sort_keys=True) for a in json.loads(record)["actions"])
    if seed != snap.seed or actions[:len(snap.actions)] != snap.actions:
        return [f"deal {snap.hand_no} was not resumed as stored (seed or actions differ)"]
    return []


async def soak_game(name: str, channel: int, kills: int, rng: random.Random, db: str, *,
                    scale: float = 1.0, spread: float = 1.5, timeout: float = 300) -> GameReport:
    """Kill one game's selfplay ``kills`` times, then let it finish; check the database."""
    target, players = GAMES.get(name, (5, game(name).min_players))
    target = max(1, int(target * scale))
    report = GameReport(name, await _startup_seconds(name, players))
    previous = await _snapshot(db, channel)
    report.chips_before = previous.chips
    snaps: list[Snapshot] = []
    while report.kills < kills:
        delay = rng.uniform(0.8 * report.startup, report.startup + spread)
        killed, code, output = await _run(_command(name, players, NEVER, rng.randrange(2**31), db, channel), delay)
        snap = await _after_run(report, db, channel, previous)
        if not killed:
            last = output.strip().splitlines()[-1:] or [""]
            report.problems.append(f"run {report.runs} exited by itself (code {code}): {last[0][:200]}")
            break
        _check_kill(report, snap, previous)
        snaps.append(snap)
        previous = snap
    killed, code, output = await _run(_command(name, players, target, rng.randrange(2**31), db, channel), timeout)
    final = await _after_run(report, db, channel, previous)
    result = json.loads(output.strip().splitlines()[-1]) if output.startswith("{") else {"output": output[-200:]}
    if killed or code or result.get("errors") or result.get("games", 0) < target:
        report.problems.append(f"last run did not finish: killed={killed} code={code} {result}")
    report.deals, report.chips_after = final.hands, final.chips
    if final.chips != report.chips_before:
        report.problems.append(f"{final.chips - report.chips_before:+} chips at the end")
    report.problems += await _check_database(db, channel, snaps)
    return report


async def _after_run(report: GameReport, db: str, channel: int, previous: Snapshot) -> Snapshot:
    """Count a run that ended, and whether it was a restart that committed more play."""
    report.runs += 1
    snap = await _snapshot(db, channel)
    report.advanced += report.runs > 1 and snap.progress > previous.progress
    return snap


def _check_kill(report: GameReport, snap: Snapshot, previous: Snapshot) -> None:
    """What must hold in the database right after any kill."""
    report.kills += 1
    report.mid_deal += snap.seed is not None
    if snap.chips != report.chips_before:
        report.problems.append(f"kill {report.kills}: {snap.chips - report.chips_before:+} chips")
    if snap.progress < previous.progress:
        report.problems.append(f"kill {report.kills}: stored play went back {previous.progress} -> {snap.progress}")
    if snap.timed_out:
        report.problems.append(f"kill {report.kills}: {snap.timed_out} computer players timed out")


async def _initialise(db: str) -> None:
    """Create the schema and the house wallet, whose first use seeds its bankroll: the "before" total
    is read after it, so that seeding is not counted as chips created."""
    async with _opened(db) as storage, storage.transaction() as tx:
        await tx.move_wallet(GUILD, HOUSE, 0)


async def soak(names: list[str], kills: int, seed: int, db: str, *, scale: float = 1.0,
               spread: float = 1.5, out: Callable[[str], None] = print) -> list[GameReport]:
    """Soak each game in turn over one database; prints a line per game and returns the reports."""
    await _initialise(db)
    rng = random.Random(seed)
    out(f"{'game':<14}{'start':>6}{'runs':>5}{'kills':>6}{'mid-deal':>9}{'resumed':>8}{'deals':>7}"
        f"{'chips before':>16}{'chips after':>16}  result")
    reports = []
    for name in names:
        channel = game_names().index(name) + 1
        report = await soak_game(name, channel, kills, rng, db, scale=scale, spread=spread)
        reports.append(report)
        out(_line(report))
    return reports


def _line(r: GameReport) -> str:
    return (f"{r.game:<14}{r.startup:>5.2f}s{r.runs:>5}{r.kills:>6}{r.mid_deal:>9}{r.advanced:>8}{r.deals:>7}"
            f"{r.chips_before:>16}{r.chips_after:>16}  {'OK' if r.ok else 'FAIL: ' + '; '.join(r.problems)}")


async def main(args: argparse.Namespace) -> int:
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"command: python {' '.join(sys.argv)}")
    names = args.games.split(",") if args.games else game_names()
    db = args.db or os.path.join(tempfile.mkdtemp(prefix="cardroom-soak-"), "soak.db")
    started = time.perf_counter()
    reports = await soak(names, args.kills, args.seed, db, scale=args.scale, spread=args.spread)
    failed = [r.game for r in reports if not r.ok]
    async with _opened(db) as storage:
        total = await storage.total_chips()
    print(f"summary: {len(reports)} games, {sum(r.runs for r in reports)} runs, {sum(r.kills for r in reports)} kills"
          f" ({sum(r.mid_deal for r in reports)} mid-deal), {sum(r.deals for r in reports)} deals, chips"
          f" {reports[0].chips_before if reports else total} -> {total}, {time.perf_counter() - started:.0f} s,"
          f" {'FAIL: ' + ', '.join(failed) if failed else 'OK'} (database {db})")
    return 1 if failed else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    parser.add_argument("--kills", type=int, default=5, help="kills per game before the last run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default=None, help="SQLite file or postgresql:// URL (default: a fresh temporary SQLite file)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the games of the last run")
    parser.add_argument("--spread", type=float, default=1.5, help="seconds after start-up kills land in")
    sys.exit(asyncio.run(main(parser.parse_args())))
