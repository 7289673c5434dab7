"""A table's settings and carry on both backends: written as one flat JSON object each and read back
typed, and a row stored as tables were before they were typed (a dict of every option, defaults
included; a carry of the button's place and the game's own) loads with the table's part as fields
and the rest as the game's, which the engine reads as before."""
from __future__ import annotations

import json

from bot.storage import open_storage
from bot.storage.records import Straddle, TableCarry, TableMode, TableSettings

GUILD = 7
STORED_BEFORE = {"limit": "no-limit", "small_blind": 5, "big_blind": 10, "ante": 0, "buy_in": 1000,
                 "turn_seconds": 60, "ante_kind": "every player", "straddle": "under the gun", "rabbit_hunt": True,
                 "time_bank": 30, "time_bank_hands": 10, "bomb_pot_every": 0, "bomb_pot": 20, "bounty_72": 0,
                 "run_it_twice": False, "mode": "cash", "min_buy_in": 100, "max_buy_in": 2500}
"""A hold'em cash table's settings as ``/holdem create`` stored them before they were typed."""


async def _stored(database: str, settings: dict[str, object], channel: int = 70) -> TableSettings:
    """The settings of a table whose row holds ``settings`` as written by an older version."""
    storage = await open_storage(database)
    try:
        async with storage.transaction() as tx:
            table_id = await tx.insert_table(GUILD, channel, "holdem", 1, TableSettings())
            await tx._db.execute("UPDATE tables SET settings = ? WHERE id = ?",  # type: ignore[attr-defined]
                                 json.dumps(settings), table_id)
        row = await storage.table(table_id)
        assert row is not None
        return row.settings
    finally:
        await storage.close()


async def test_a_row_stored_as_a_dict_loads_typed(database: str) -> None:
    settings = await _stored(database, STORED_BEFORE)
    assert (settings.mode, settings.straddle, settings.turn_seconds, settings.rabbit_hunt, settings.time_bank) == \
        (TableMode.CASH, Straddle.UNDER_THE_GUN, 60, True, 30)
    assert (settings.buy_in, settings.min_buy_in, settings.max_buy_in) == (1000, 100, 2500)
    assert dict(settings.game) == {"limit": "no-limit", "small_blind": 5, "big_blind": 10, "ante": 0,
                                   "ante_kind": "every player", "bomb_pot_every": 0, "bomb_pot": 20}
    engine_reads = settings.to_json()
    assert all(engine_reads.get(key, default) == value for key, value, default in (
        ("straddle", "under the gun", "off"), ("rabbit_hunt", True, False), ("time_bank", 30, 0),
        ("small_blind", 5, None), ("run_it_twice", False, False), ("bounty_72", 0, 0))), \
        "the engine reads every option as it did from the stored dict (a default left out reads as one)"


async def test_a_tournament_table_and_an_older_cash_table_load_with_their_defaults(database: str) -> None:
    mtt = await _stored(database, {"mode": "mtt", "mtt": 3, "turn_seconds": 30, "small_blind": 10, "big_blind": 20,
                                   "ante": 0, "ante_kind": "big blind"})
    assert (mtt.mode, mtt.mtt, mtt.event) == (TableMode.TOURNAMENT, 3, None)
    older = await _stored(database, {"small_blind": 5, "big_blind": 10}, channel=71)  # before tables had a buy-in range
    assert (older.mode, older.least_buy_in, older.max_buy_in, older.turn_seconds) == (TableMode.CASH, 100, None, None)


async def test_settings_are_written_flat_and_read_back_equal(database: str) -> None:
    chosen = TableSettings.chosen(STORED_BEFORE)
    storage = await open_storage(database)
    try:
        async with storage.transaction() as tx:
            table_id = await tx.insert_table(GUILD, 70, "holdem", 1, chosen)
        row = await storage.table(table_id)
        (stored,), = await storage._db.fetch("SELECT settings FROM tables WHERE id = ?", table_id)  # type: ignore[attr-defined]
    finally:
        await storage.close()
    assert row is not None and row.settings == chosen
    assert json.loads(stored) == {key: value for key, value in STORED_BEFORE.items()
                                  if key not in ("mode", "time_bank_hands", "bounty_72", "run_it_twice")}, \
        "one flat object, the table options at their defaults left out"


async def test_a_carry_stored_as_a_dict_loads_typed_and_is_written_back_flat(database: str) -> None:
    stored = {"button_seat": 2, "last_dealt": [11, 12, -1], "blinds": [2, 3, 0], "rubber": {"below": [0, 70]}}
    storage = await open_storage(database)
    try:
        async with storage.transaction() as tx:
            table_id = await tx.insert_table(GUILD, 70, "holdem", 1, TableSettings())
            await tx._db.execute("UPDATE tables SET carry = ? WHERE id = ?",  # type: ignore[attr-defined]
                                 json.dumps(stored), table_id)
        row = await storage.table(table_id)
        assert row is not None
        assert row.carry == TableCarry(button_seat=2, last_dealt=[11, 12, -1], blinds=(2, 3, 0),
                                       game={"rubber": {"below": [0, 70]}})
        row.carry.button_seat = 1
        async with storage.transaction() as tx:
            await tx.save_table(row)
        (written,), = await storage._db.fetch("SELECT carry FROM tables WHERE id = ?", table_id)  # type: ignore[attr-defined]
    finally:
        await storage.close()
    assert json.loads(written) == {**stored, "button_seat": 1}, "one flat object, as the engine reads it"
