"""Multi-table tournaments' storage on both backends: a tournament, its entries (in the order they
registered) and its tables read back as written; an older save never written over a newer one, the
pool moved by deltas; one name open at a time per server; a table moved to
another channel; and ``total_chips`` counts the pool with the wallets but not the tournament's tables,
whose chips are no wallet's."""
from __future__ import annotations

import pytest

from bot.errors import UserError
from bot.storage import open_storage
from bot.storage.records import MttEntry, MttRow, TableSeat

GUILD = 7


async def test_a_tournament_its_entries_and_tables_read_back_as_written(database: str) -> None:
    storage = await open_storage(database)
    try:
        async with storage.transaction() as tx:
            mtt_id = await tx.insert_mtt(GUILD, 80, 1, "Sunday", "holdem", {"stack": 1500}, 1000.0)
            await tx.move_wallet(GUILD, 2, -100)
            await tx.move_wallet(GUILD, 3, -100)
        row = await storage.mtt(mtt_id)
        assert row is not None and (row.status, row.settings, row.state, row.pool) == ("registering", {"stack": 1500}, {}, 0)
        before = await storage.total_chips()
        row.status, row.state, row.message_id = "playing", {"started_at": 5.0}, 99
        entries = [MttEntry(3, "Cat"), MttEntry(2, "Bob", entries=2, table_id=None, chips=1500), MttEntry(-1, "Bot 1", is_bot=True)]
        async with storage.transaction() as tx:
            await tx.add_to_mtt_pool(mtt_id, 200)
            await tx.save_mtt(row, entries)
            table_id = await tx.insert_table(GUILD, 81, "holdem", 1, {"mode": "mtt", "mtt": mtt_id})
            await tx.add_mtt_table(mtt_id, table_id, 1)
            await tx.move_table(table_id, 82)
        assert await storage.total_chips() == before + 200, "the pool is wallet chips the tournament holds"
        table = await storage.table(table_id)
        assert table is not None and table.channel_id == 82
        table.seats, table.status = [TableSeat(3, "Cat", 3000, chair=4)], "playing"
        async with storage.transaction() as tx:
            await tx.save_table(table)
        assert await storage.total_chips() == before + 200, "a tournament table's chips are no wallet's"
        assert (await storage.table(table_id)).seats[0].chair == 4  # type: ignore[union-attr]
        entries[0].place, entries[0].prize = 3, 50
        async with storage.transaction() as tx:
            await tx.save_mtt(row, [entries[0]])
            await tx.drop_mtt_entry(mtt_id, -1)
        assert await storage.mtt_entries(mtt_id) == entries[:2], "in the order they registered"
        assert await storage.mtt_tables(mtt_id) == {table_id: 1}
        assert [m.id for m in await storage.running_mtts()] == [mtt_id]
        assert (await storage.mtt_named(GUILD, "Sunday")) == await storage.mtt(mtt_id)
        with pytest.raises(UserError, match="already open"):
            async with storage.transaction() as tx:
                await tx.insert_mtt(GUILD, 80, 1, "Sunday", "holdem", {}, 2000.0)
        row.status = "finished"
        async with storage.transaction() as tx:
            await tx.save_mtt(row)
            again = await tx.insert_mtt(GUILD, 80, 1, "Sunday", "omaha", {}, 3000.0)
        assert await storage.running_mtts() == [await storage.mtt(again)]
        assert (await storage.mtt_named(GUILD, "Sunday")).id == again  # type: ignore[union-attr]
        assert await storage.mtt_named(GUILD + 1, "Sunday") is None, "another server's name is not this one's"
    finally:
        await storage.close()


async def test_an_older_save_committed_last_leaves_the_newer_one_and_the_pool_adds_its_deltas(database: str) -> None:
    storage = await open_storage(database)
    try:
        async with storage.transaction() as tx:
            mtt_id = await tx.insert_mtt(GUILD, 80, 1, "Sunday", "holdem", {}, 1000.0)
        row = await storage.mtt(mtt_id)
        assert row is not None
        older_row = MttRow(**{**row.__dict__, "state": {}})
        older, newer = MttEntry(2, "Bob", table_id=5), MttEntry(2, "Bob", place=9)
        async with storage.transaction() as tx:  # taken first (saves 1), sent last
            await tx.save_mtt(older_row, [older])
            async with storage.transaction() as later:  # taken second (saves 2), committed first
                row.state["level_index"] = 4
                row.state["saved"] = older_row.state["saved"]
                await later.save_mtt(row, [newer])
                await later.add_to_mtt_pool(mtt_id, 300)
            await tx.add_to_mtt_pool(mtt_id, -100)
        stored = await storage.mtt(mtt_id)
        assert stored is not None and stored.state == {"level_index": 4, "saved": 2} and stored.pool == 200
        assert await storage.mtt_entries(mtt_id) == [newer]
    finally:
        await storage.close()
