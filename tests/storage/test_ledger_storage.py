"""The ledger's storage on both backends: a database of schema 8 (before the ledger) opens with the
seats of its open tables counted as bought in for the stacks they hold, and nothing for closed tables
or empty stacks; lines are read back in the order written."""
from __future__ import annotations

from bot.storage import open_storage
from bot.storage.records import TableSeat, TableSettings

GUILD = 7


async def test_a_database_before_the_ledger_counts_open_tables_stacks_as_bought_in(database: str) -> None:
    old = await open_storage(database, schema_version=8)
    async with old.transaction() as tx:
        playing = await tx.insert_table(GUILD, 70, "holdem", 1, TableSettings())
        closed = await tx.insert_table(GUILD, 71, "holdem", 2, TableSettings())
        gin = await tx.insert_table(GUILD, 72, "gin", 3, TableSettings())
    for table_id, status, seats, hand_no in (
            (playing, "playing", [TableSeat(1, "Ann", 700), TableSeat(2, "Bob", 0), TableSeat(-1, "Ada (bot)", 1300,
                                                                                           is_bot=True)], 4),
            (closed, "closed", [TableSeat(2, "Bob", 500)], 2), (gin, "playing", [TableSeat(3, "Cat", 0)], 1)):
        row = await old.table(table_id)
        assert row is not None
        row.status, row.seats, row.hand_no = status, seats, hand_no
        async with old.transaction() as tx:
            await tx.save_table(row)
    await old.close()
    total = 700 + 1300  # the open tables' stacks (no wallet was touched)

    storage = await open_storage(database)
    try:
        lines = await storage.ledger_entries(GUILD, [playing, closed, gin])
        assert [(e.table_id, e.user_id, e.name, e.kind, e.chips, e.hand_no) for e in lines] == [
            (playing, 1, "Ann", "buy-in", 700, 4), (playing, -1, "Ada (bot)", "buy-in", 1300, 4)]
        assert await storage.ledger_tables(GUILD, 70, 0.0) == [playing] and await storage.ledger_tables(GUILD, 71, 0.0) == []
        assert await storage.total_chips() == total, "a line of the ledger moves no chip"
        async with storage.transaction() as tx:
            for kind, chips in (("top-up", 300), ("cash-out", 1000), ("rebuy", 200)):
                await tx.record_chips(GUILD, playing, 1, "Ann", kind, chips, 5)
        assert [(e.kind, e.chips) for e in await storage.ledger_entries(GUILD, [playing]) if e.user_id == 1] == [
            ("buy-in", 700), ("top-up", 300), ("cash-out", 1000), ("rebuy", 200)]
    finally:
        await storage.close()
