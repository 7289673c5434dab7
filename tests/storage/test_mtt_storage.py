"""Multi-table tournaments' storage on both backends: a tournament, its entries (in the order they
registered) and its tables read back as written; one name open at a time per server; a table moved to
another channel; and ``total_chips`` counts the pool with the wallets but not the tournament's tables,
whose chips are no wallet's."""
from __future__ import annotations

import pytest

from bot.errors import UserError
from bot.storage import open_storage
from bot.storage.records import MttEntry, TableSeat

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
        row.pool, row.status, row.state, row.message_id = 200, "playing", {"started_at": 5.0}, 99
        entries = [MttEntry(3, "Cat"), MttEntry(2, "Bob", entries=2, table_id=None, chips=1500), MttEntry(-1, "Bot 1", is_bot=True)]
        async with storage.transaction() as tx:
            await tx.save_mtt(row)
            await tx.save_mtt_entries(mtt_id, entries)
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
            await tx.save_mtt_entries(mtt_id, [entries[0]])
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
