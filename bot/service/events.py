"""Events: tables that play the same deals (duplicate bridge boards) and compare their results."""
from __future__ import annotations

from typing import Any

from bot.service.base import ServiceBase
from bot.service.live import LiveTable
from bot.storage.interface import Tx


class Events(ServiceBase):
    """A shared deal's seed, and each table's result of it."""

    async def _deal_seed(self, live: LiveTable, settings: dict[str, Any],
                         carry: dict[str, Any]) -> tuple[str, str | None]:
        """A fresh seed; for a table in an event, the seed this deal shares with the event's other
        tables (the first to deal it chooses), and the deal's key within the event."""
        seed = self.seeds()
        event = settings.get("event")
        key = live.spec.deal_key(settings, carry) if event and live.spec.deal_key else None
        if key is None:
            return seed, None
        async with self.storage.transaction() as tx:
            return await tx.event_seed(live.row.guild_id, str(event), key, seed), key

    async def _record_event(self, live: LiveTable, tx: Tx, hand: dict[str, Any]) -> None:
        """Record this table's result of an event deal and prepare the deal's results table so far."""
        row, spec = live.row, live.spec
        assert spec.event_result is not None and spec.event_report is not None
        event, key = str(hand["settings"]["event"]), str(hand["event_key"])
        players = [{"user_id": row.seats[i]["user_id"], "name": name} for i, name in zip(hand["seats"], hand["names"])]
        await tx.insert_event_result(row.guild_id, event, key, row.id, row.hand_no, players,
                                     spec.event_result(live.engine))
        live.report = spec.event_report(key, await tx.event_results(row.guild_id, event, key))
