"""Storage: an action appends one row; a database of the old schema (actions inside tables.hand)
migrates and resumes its deals as they were."""
from __future__ import annotations

import json
import random
import sqlite3
from contextlib import asynccontextmanager, closing
from typing import Any, AsyncIterator

from bot.games.base import Action
from bot.storage.schema import MIGRATIONS
from bot.storage.sqlite import SQLiteStorage
from bot.service.live import LiveTable
from bot.service.tables import TableService

GUILD, CHANNEL = 7, 70


class Quiet:
    async def update(self, table: Any) -> None:
        return None

    async def closed(self, table: Any, reason: str) -> None:
        return None


class Spy:
    """Wraps a storage: every ``Tx`` method called inside its transactions, by name."""

    def __init__(self, storage: SQLiteStorage):
        self.storage = storage
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.storage, name)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Any]:
        async with self.storage.transaction() as tx:
            yield _SpyTx(tx, self.calls)


class _SpyTx:
    def __init__(self, tx: Any, calls: list[str]):
        self._tx, self._calls = tx, calls

    def __getattr__(self, name: str) -> Any:
        self._calls.append(name)
        return getattr(self._tx, name)


async def _service(storage: Any) -> TableService:
    seeds = random.Random(3)
    service = TableService(storage, Quiet(), clock=lambda: 1_000_000.0, between_deals=2, offload_bots=False,
                           seeds=lambda: "%064x" % seeds.getrandbits(256))
    await service.restore()
    return service


async def _dealt_table(service: TableService, actions: tuple[Action, ...]) -> LiveTable:
    live = await service.create(GUILD, CHANNEL, "holdem", 1, "Ann", {}, None)
    for user in (2, 3):
        await service.join(live, user, f"p{user}")
    await service.start(live, 1)
    for action in actions:
        user = live.user_of_deal_seat(live.engine.to_act()[0])["user_id"]
        await service.act(live.id, user, live.row.hand_no, live.row.step, action)
    return live


def _stored(path: str, table_id: int) -> tuple[dict[str, Any], list[tuple[int, int, dict[str, Any]]]]:
    with closing(sqlite3.connect(path)) as conn:
        (hand,) = conn.execute("SELECT hand FROM tables WHERE id = ?", (table_id,)).fetchone()
        rows = conn.execute("SELECT step, seat, action FROM actions WHERE table_id = ? ORDER BY step",
                            (table_id,)).fetchall()
    return json.loads(hand) if hand else {}, [(step, seat, json.loads(action)) for step, seat, action in rows]


async def test_an_action_appends_one_row_and_rewrites_nothing(tmp_path) -> None:
    path = str(tmp_path / "t.db")
    spy = Spy(await SQLiteStorage.open(path))
    service = await _service(spy)
    live = await _dealt_table(service, (Action("call"),))
    spy.calls.clear()
    await service.act(live.id, live.user_of_deal_seat(live.engine.to_act()[0])["user_id"], 1, 1, Action("call"))
    assert spy.calls == ["append_action"], "an action mid-deal is one appended row, not a rewritten table"
    hand, rows = _stored(path, live.id)
    assert "actions" not in hand and hand["seed"] == live.row.hand["seed"]
    assert rows == [(step, seat, action) for step, (seat, action) in enumerate(live.row.hand["actions"], 1)]
    assert [kind["kind"] for _, _, kind in rows] == ["call", "call"]
    rng = random.Random(1)
    while live.row.hand is not None:  # play the deal out: its record moves to hands, its rows go
        seat = live.engine.to_act()[0]
        action = live.spec.choose(live.engine.view(seat), live.engine.legal_actions(seat), rng)
        await service.act(live.id, live.user_of_deal_seat(seat)["user_id"], 1, live.row.step, action)
    record = await spy.storage.hand_record(live.id, 1)
    assert record is not None and record["record"]["actions"][:2] == [[s, a] for _, s, a in rows]
    assert _stored(path, live.id) == ({}, [])
    await spy.storage.close()


async def test_a_database_of_the_old_schema_opens_and_resumes(tmp_path) -> None:
    """A deal in progress stored the old way (its action log inside tables.hand, schema version 2)
    moves to action rows at open and resumes exactly where it was."""
    new_path, old_path = str(tmp_path / "new.db"), str(tmp_path / "old.db")
    storage = await SQLiteStorage.open(new_path)
    live = await _dealt_table(await _service(storage), (Action("call"), Action("raise", amount=60)))
    await storage.close()
    with closing(sqlite3.connect(new_path)) as new, closing(sqlite3.connect(old_path)) as old:
        for script in MIGRATIONS[:2]:
            old.executescript(script)
        old.execute("PRAGMA user_version = 2")
        columns = [c[1] for c in new.execute("PRAGMA table_info(tables)")]
        for table in ("wallets", "tables"):
            for row in new.execute(f"SELECT * FROM {table}"):
                old.execute(f"INSERT INTO {table} VALUES ({','.join('?' * len(row))})", row)
        logged = [[seat, json.loads(action)] for seat, action in new.execute(
            "SELECT seat, action FROM actions WHERE table_id = ? ORDER BY step", (live.id,))]
        hand = json.loads(new.execute("SELECT hand FROM tables WHERE id = ?", (live.id,)).fetchone()[0])
        old.execute("UPDATE tables SET hand = ? WHERE id = ?", (json.dumps({**hand, "actions": logged}), live.id))
        old.commit()
        assert "hand" in columns and len(logged) == 2

    resumed_storage = await SQLiteStorage.open(old_path)
    resumed = (await _service(resumed_storage)).in_channel(CHANNEL)
    assert resumed is not None and resumed.row.step == 2
    assert resumed.row.hand["actions"] == live.row.hand["actions"]
    assert resumed.engine.view(None) == live.engine.view(None)
    assert resumed.engine.to_act() == live.engine.to_act()
    hand, rows = _stored(old_path, live.id)
    assert "actions" not in hand and [(s, a) for _, s, a in rows] == [tuple(x) for x in live.row.hand["actions"]]
    with closing(sqlite3.connect(old_path)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (len(MIGRATIONS),)
    await resumed_storage.close()
