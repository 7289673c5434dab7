"""Crash safety: selfplay killed with SIGKILL and restarted over the same database (bench/soak.py),
and the restart behaviour the soak found wrong: a deal interrupted on a computer player's turn."""
from __future__ import annotations

from bot.service.table.press import Press
import time

import sqlite3
from contextlib import closing
from typing import Any

import pytest

from bench.soak import soak
from bot.service.table import dealing
from bot.storage.interface import HOUSE
from bot.storage import open_storage
from bot.service.tables import TableService

GAMES = ["holdem", "gin"]
KILLS = 3


async def test_kills_create_or_lose_no_chip_and_every_game_finishes(tmp_path) -> None:
    db = str(tmp_path / "soak.db")
    lines: list[str] = []
    reports = await soak(GAMES, KILLS, seed=7, db=db, scale=0.25, spread=1.0, out=lines.append)
    assert [r.game for r in reports] == GAMES and len(lines) == 1 + len(GAMES)
    for report in reports:
        assert report.ok, (report.game, report.problems)
        assert report.kills == KILLS and report.runs == KILLS + 1
        assert report.chips_after == report.chips_before > 0
        assert report.deals > 0 and report.advanced >= 1
    with closing(sqlite3.connect(db)) as conn:
        assert conn.execute("SELECT COUNT(*) FROM tables WHERE status != 'closed'").fetchone() == (0,)
        assert conn.execute("SELECT COUNT(*) FROM hands").fetchone() == (sum(r.deals for r in reports),)


class Quiet:
    async def update(self, table: Any) -> None:
        return None

    async def closed(self, table: Any, reason: str) -> None:
        return None


async def test_a_restored_deal_is_played_on_by_its_computer_players(database: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = database
    storage = await open_storage(path)
    crashed = TableService(storage, Quiet(), offload_bots=False)

    async def crash_before_the_computers_move(live: Any) -> None:
        return None

    with monkeypatch.context() as patched:
        patched.setattr(dealing, "drive", crash_before_the_computers_move)
        live = await crashed.create(1, 1, "holdem", HOUSE, "Host", {}, seat_host=False)
        for _ in range(3):
            await live.commands.add_bot(HOUSE)
        await live.commands.start(HOUSE)
    assert live.row.step == 0 and live.row.deal is not None  # stored with a computer player to act
    await storage.close()

    storage = await open_storage(path)
    try:
        restarted = TableService(storage, Quiet(), offload_bots=False)
        await restarted.restore()
        again = restarted.tables[live.id]
        assert again.row.deadline is not None and again.row.deadline <= time.time()  # due at once
        await restarted.tick()
        assert again.row.deal is None and again.row.hand_no == 1  # the deal was played to its end
        assert await storage.hand_record(live.id, 1) is not None
        assert all(seat.timeouts == 0 and not seat.sitting_out for seat in again.row.seats)
    finally:
        await storage.close()


async def test_a_restart_keeps_a_simultaneous_players_button_valid(database: str) -> None:
    """Poker Squared: both players place a card at once. One places, the bot restarts; the other's
    button from before the restart is still theirs to press."""
    path = database
    storage = await open_storage(path)
    service = TableService(storage, Quiet(), offload_bots=False)
    live = await service.create(1, 1, "squared", 11, "Ann", {})
    await live.commands.join(12, "Bob")
    await live.commands.start(11)
    assert set(live.engine.to_act()) == {0, 1}
    first = live.table_seat_of(0).user_id
    await service.tables[live.id].commands.act(Press(first, 1, 0, live.engine.timeout_action(0)))
    await storage.close()

    storage = await open_storage(path)
    try:
        restarted = TableService(storage, Quiet(), offload_bots=False)
        await restarted.restore()
        again = restarted.tables[live.id]
        assert again.row.step == 1 and again.engine.to_act() == (1,)
        assert not again.is_stale(live.table_seat_of(1).user_id, 0), "the waiting player's button"
        assert again.is_stale(first, 0), "the player who already placed has no button from step 0"
    finally:
        await storage.close()
