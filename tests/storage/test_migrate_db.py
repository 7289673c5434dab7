"""``python -m bot migrate-db``: an SQLite database in use (a deal in progress, finished hands, results,
wallets, an event's results) copied into PostgreSQL resumes there exactly as it was; the copy refuses a
target that already holds data, and checks chip totals."""
from __future__ import annotations

from bot.service.table.press import Press
import asyncio
import random
from typing import Any

import pytest

from bot.games.event_records import EventPlayer
from bot.__main__ import main
from bot.games.base import Action
from bot.service.tables import TableService
from bot.storage import open_storage
from bot.storage.interface import Storage
from tests.support.postgres import fresh_schema

GUILD = 7


class Quiet:
    async def update(self, table: Any) -> None:
        return None

    async def closed(self, table: Any, reason: str) -> None:
        return None


def _service(storage: Storage) -> TableService:
    seeds = random.Random(2)
    return TableService(storage, Quiet(), clock=lambda: 1_000_000.0, between_deals=0, offload_bots=False,
                        seeds=lambda _label: "%064x" % seeds.getrandbits(256))


async def _in_use(path: str) -> tuple[int, int]:
    """A database with every kind of row; returns (the table in the middle of a deal, its step)."""
    storage = await open_storage(path)
    service = _service(storage)
    async with storage.transaction() as tx:
        await tx.set_guild_settings(GUILD, 1500, 300)
        await tx.claim_daily(GUILD, 9, 1000.0)
        await tx.event_seed(GUILD, "club", "1", "ab" * 32)
        for table_id in (50, 51):
            await tx.insert_event_result(GUILD, "club", "1", table_id, 1, [EventPlayer(table_id, "x")],
                                         {"score": table_id})
    live = await service.create(GUILD, 70, "holdem", 1, "Ann", {}, None)
    for user in (2, 3):
        await live.commands.join(user, f"p{user}")
    await live.commands.start(1)
    while live.row.deal is not None:  # the first deal: everyone folds to the big blind
        seat = live.engine.to_act()[0]
        await service.tables[live.id].commands.act(Press(live.table_seat_of(seat).user_id, 1, live.row.step, Action("fold")))
    await service.tick()  # the second deal starts; one action of it
    seat = live.engine.to_act()[0]
    await service.tables[live.id].commands.act(Press(live.table_seat_of(seat).user_id, 2, live.row.step, Action("call")))
    await service.create(GUILD, 71, "gin", 4, "Dan", {}, None)  # a lobby
    await storage.close()
    return live.id, live.row.step


async def _snapshot(storage: Storage, table_id: int) -> dict[str, Any]:
    table = await storage.table(table_id)
    return {"table": table, "open": [t.id for t in await storage.open_tables()],
            "chips": await storage.total_chips(), "settings": await storage.guild_settings(GUILD),
            "wallets": [await storage.balance(GUILD, u) for u in (1, 2, 3, 4, 9)],
            "board": await storage.standings(GUILD, None, None),
            "week": await storage.standings(GUILD, None, 0.0), "stats": await storage.stats(GUILD, 1),
            "events": await storage.event_results(GUILD, "club"),
            "hands": await storage.hand_exports(table_id), "record": await storage.hand_record(table_id, 1),
            "ledger": await storage.ledger_entries(GUILD, [table_id])}


def test_an_sqlite_database_in_use_moves_to_postgresql_and_resumes(tmp_path: Any, postgres_url: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    source, target = str(tmp_path / "cardroom.db"), asyncio.run(fresh_schema(postgres_url))
    table_id, step = asyncio.run(_in_use(source))

    assert main(["migrate-db", "--from", source, "--to", target]) == 0
    out = capsys.readouterr().out
    assert "hands: 1 rows" in out and "actions: 1 rows" in out and "event_results: 2 rows" in out
    assert "ledger: 3 rows" in out  # the buy-ins at the hold'em table (the gin table has no chips)
    assert "they match" in out

    async def compare() -> None:
        old, new = await open_storage(source), await open_storage(target)
        before, after = await _snapshot(old, table_id), await _snapshot(new, table_id)
        assert after == before and before["chips"] > 0 and before["board"] and before["hands"] and before["ledger"]
        assert [e.table_id for e in after["events"]] == [50, 51]
        service = _service(new)  # the copy resumes: the deal in progress goes on, new ids follow the old
        await service.restore()
        live = service.tables[table_id]
        assert live.row.step == step and live.row.hand_no == 2
        seat = live.engine.to_act()[0]
        await service.tables[table_id].commands.act(Press(live.table_seat_of(seat).user_id, 2, step, Action("fold")))
        later = await service.create(GUILD, 72, "holdem", 5, "Eve", {}, None)
        assert later.id > max(before["open"])
        for storage in (old, new):
            await storage.close()

    asyncio.run(compare())
    assert main(["migrate-db", "--from", source, "--to", target]) == 1  # the target holds data now
    assert "already has rows" in capsys.readouterr().err
