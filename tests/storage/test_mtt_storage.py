"""Multi-table tournaments' storage on both backends: a tournament, its entries (in the order they
registered) and its tables read back as written, its settings and state as typed records (a state
stored before a field existed loads with that field's default); an older save never written over a newer one, the
pool moved by deltas; one name open at a time per server; a table moved to
another channel; and ``total_chips`` counts the pool with the wallets but not the tournament's tables,
whose chips are no wallet's."""
from __future__ import annotations

import json

import pytest

from bot.errors import UserError
from bot.storage import open_storage
from bot.storage.records import MttEntry, MttRow, TableMode, TableSeat, TableSettings, TournamentSettings, TournamentState

GUILD = 7
SETTINGS = TournamentSettings(stack=1500, buy_in=100, seats=8, blinds=((10, 20), (20, 40)), minutes=10, prizes=(60, 40))


async def test_a_tournament_its_entries_and_tables_read_back_as_written(database: str) -> None:
    storage = await open_storage(database)
    try:
        async with storage.transaction() as tx:
            mtt_id = await tx.insert_mtt(GUILD, 80, 1, "Sunday", "holdem", SETTINGS, 1000.0)
            await tx.move_wallet(GUILD, 2, -100)
            await tx.move_wallet(GUILD, 3, -100)
        row = await storage.mtt(mtt_id)
        assert row is not None and (row.status, row.settings, row.state, row.pool) == \
            ("registering", SETTINGS, TournamentState(), 0)
        before = await storage.total_chips()
        row.status, row.message_id = "playing", 99
        row.state.started_at, row.state.pauses, row.state.out = 5.0, [(6.0, 7.5), (9.0, None)], [(2, 300, 1)]
        row.state.hfh_busts, row.state.moves = [(3, 40)], {"balance": 2}
        entries = [MttEntry(3, "Cat"), MttEntry(2, "Bob", entries=2, table_id=None, chips=1500), MttEntry(-1, "Bot 1", is_bot=True)]
        async with storage.transaction() as tx:
            await tx.add_to_mtt_pool(mtt_id, 200)
            await tx.save_mtt(row, entries)
            table_id = await tx.insert_table(GUILD, 81, "holdem", 1, TableSettings(mode=TableMode.TOURNAMENT, mtt=mtt_id))
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
        assert (await storage.mtt(mtt_id)).state == row.state  # type: ignore[union-attr]
        assert [m.id for m in await storage.running_mtts()] == [mtt_id]
        assert (await storage.mtt_named(GUILD, "Sunday")) == await storage.mtt(mtt_id)
        with pytest.raises(UserError, match="already open"):
            async with storage.transaction() as tx:
                await tx.insert_mtt(GUILD, 80, 1, "Sunday", "holdem", SETTINGS, 2000.0)
        row.status = "finished"
        async with storage.transaction() as tx:
            await tx.save_mtt(row)
            again = await tx.insert_mtt(GUILD, 80, 1, "Sunday", "omaha", SETTINGS, 3000.0)
        assert await storage.running_mtts() == [await storage.mtt(again)]
        assert (await storage.mtt_named(GUILD, "Sunday")).id == again  # type: ignore[union-attr]
        assert await storage.mtt_named(GUILD + 1, "Sunday") is None, "another server's name is not this one's"
    finally:
        await storage.close()


async def test_an_older_save_committed_last_leaves_the_newer_one_and_the_pool_adds_its_deltas(database: str) -> None:
    storage = await open_storage(database)
    try:
        async with storage.transaction() as tx:
            mtt_id = await tx.insert_mtt(GUILD, 80, 1, "Sunday", "holdem", SETTINGS, 1000.0)
        row = await storage.mtt(mtt_id)
        assert row is not None
        older_row = MttRow(**{**row.__dict__, "state": TournamentState()})
        older, newer = MttEntry(2, "Bob", table_id=5), MttEntry(2, "Bob", place=9)
        async with storage.transaction() as tx:  # taken first (saves 1), sent last
            await tx.save_mtt(older_row, [older])
            async with storage.transaction() as later:  # taken second (saves 2), committed first
                row.state.level_index = 4
                row.state.saved = older_row.state.saved
                await later.save_mtt(row, [newer])
                await later.add_to_mtt_pool(mtt_id, 300)
            await tx.add_to_mtt_pool(mtt_id, -100)
        stored = await storage.mtt(mtt_id)
        assert stored is not None and stored.state == TournamentState(saved=2, level_index=4) and stored.pool == 200
        assert await storage.mtt_entries(mtt_id) == [newer]
    finally:
        await storage.close()


STORED_BEFORE = {  # a tournament's settings and state as stored by the version that kept them as dicts
    "settings": {"stack": 3000, "buy_in": 50, "seats": 6, "blinds": [[25, 50], [50, 100]], "minutes": 12,
                 "level_hands": 0, "break_every": 4, "break_minutes": 5, "late_levels": 3, "reentry": True,
                 "prizes": [50, 30, 20], "starts_at": None, "turn_seconds": 30, "manager_role": 55},
    "state": {"saved": 7, "bots": 3, "started_at": 100.5, "pauses": [[200.0, 260.0]], "knockouts": 1,
              "out": [[-2, 1200, 1]], "hfh": True, "hfh_done": [12], "hfh_busts": [[-3, 800]],
              "moves": {"balance": 2, "break": 0}, "shown_level": 2, "level_index": 1},
}


async def test_settings_and_state_stored_as_dicts_before_load_typed_with_defaults(database: str) -> None:
    storage = await open_storage(database)
    try:
        async with storage.transaction() as tx:
            mtt_id = await tx.insert_mtt(GUILD, 80, 1, "Old", "holdem", SETTINGS, 1000.0)
        async with storage.transaction() as tx:
            await tx._db.execute("UPDATE mtts SET settings = ?, state = ? WHERE id = ?",  # type: ignore[attr-defined]
                                 json.dumps(STORED_BEFORE["settings"]), json.dumps(STORED_BEFORE["state"]), mtt_id)
        row = await storage.mtt(mtt_id)
        assert row is not None
        assert row.settings == TournamentSettings(stack=3000, buy_in=50, seats=6, blinds=((25, 50), (50, 100)), minutes=12,
                                                  break_every=4, break_minutes=5, late_levels=3, reentry=True,
                                                  prizes=(50, 30, 20), turn_seconds=30, manager_role=55)
        assert row.state == TournamentState(saved=7, bots=3, started_at=100.5, pauses=[(200.0, 260.0)], knockouts=1,
                                            out=[(-2, 1200, 1)], hfh=True, hfh_done=[12], hfh_busts=[(-3, 800)],
                                            moves={"balance": 2, "break": 0}, shown_level=2, level_index=1)
        assert (row.state.field_fixed, row.state.final_table_players, row.state.finished_at) == (False, None, None), \
            "what the old state did not hold takes its default"
    finally:
        await storage.close()
