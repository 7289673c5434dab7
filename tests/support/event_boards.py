"""A bridge event's first board recorded at several tables and revealed, as a season reads it: 4S by
North made at the first table (+420 North-South), down one at every other (+50 East-West)."""
from __future__ import annotations

from typing import Sequence

from bot.games.event_records import EventPlayer
from bot.storage.interface import Storage
from bot.storage.records import TableSettings

MADE = {"level": 4, "strain": "S", "doubled": 0, "declarer": 0, "tricks": 10}


async def record_board(storage: Storage, guild_id: int, event: str, tables: Sequence[tuple[int, int, int, int]],
                       first_channel: int, now: float) -> None:
    """Board 1 of ``event`` played at one table a seating (North, East, South, West), each table in a
    channel of its own from ``first_channel``, and revealed at ``now``."""
    async with storage.transaction() as tx:
        for k, seated in enumerate(tables):
            table_id = await tx.insert_table(guild_id, first_channel + k, "bridge", 1, TableSettings(event=event))
            await tx.join_event(guild_id, event, table_id)
            await tx.event_seed(guild_id, event, "1", "seed")
            await tx.insert_hand(table_id, 1, "bridge", "s", "c", {}, "")
            await tx.insert_event_result(guild_id, event, "1", table_id, 1, [EventPlayer(u, f"p{u}") for u in seated],
                                         MADE if k == 0 else dict(MADE, tricks=9))
        await tx.reveal_event_deals(guild_id, event, ["1"], now)
