"""The service's part of events (``bot.service.events.shared_deals`` has the rule): revealing an event's boards to
every one of its tables, and a director closing the event; both span tables, so they live with the
registry of tables rather than in one."""
from __future__ import annotations

from dataclasses import replace

from bot.errors import UserError
from bot.registry import game
from bot.service.table import lobby
from bot.service.events.shared_deals import deals_to_reveal, not_played
from bot.service.table.live import LiveTable, Room
from bot.storage.records import EventState

MAX_REPORTS = 10
"""Boards whose results tables are posted at once when an event closes; the rest: /bridge results."""


class EventDesk:
    """Reveals an event's boards and closes events, for every table of the service."""

    def __init__(self, room: Room):
        self.room = room

    async def reveal_event_deals(self, guild_id: int, event: str, finished_by: LiveTable | None = None,
                                 channels: list[int] | None = None) -> list[str]:
        """Reveal every deal of the event that may be now and post each one's results to the
        channels of the event's open tables (or ``channels``). Returns the keys revealed."""
        state = await self.room.storage.event_state(guild_id, event)
        if state is None:
            return []
        keys = deals_to_reveal(state)
        if not keys:
            return []
        async with self.room.storage.transaction() as tx:
            await tx.reveal_event_deals(guild_id, event, keys, self.room.clock())
        if channels is None:
            channels = sorted({c for c, status, _ in state.tables.values() if status != "closed"})
        for key in keys[:MAX_REPORTS]:
            heading, report = await self._event_report(state, guild_id, event, key)
            for channel in channels:
                await self.room.presenter.announce(guild_id, channel, heading, report)
        if len(keys) > MAX_REPORTS:
            for channel in channels:
                await self.room.presenter.announce(
                    guild_id, channel, f"... and boards {keys[MAX_REPORTS]}-{keys[-1]}: see `/bridge results`.")
        for table_id in state.tables:
            other = self.room.tables.get(table_id)
            if other is not None and other.withheld and other.event_deal is not None and other.event_deal.key in keys:
                other.event_deal = replace(other.event_deal, withheld=False)
                if other is not finished_by:  # its message shows its last deal again, in its own time
                    other.spawn(self.room.presenter.update(other))
        return keys

    async def _event_report(self, state: EventState, guild_id: int, event: str, key: str) -> tuple[str, str]:
        """The heading (the bot's words) and the game's results table (with members' names) of a board."""
        rows = await self.room.storage.event_results(guild_id, event, key)
        if state.closed:
            missing = not_played(state, key)
            heading = f"Event `{event}` is closed: board {key}'s results." + (
                " Not played at " + ", ".join(f"#{t}" for t in missing) + "." if missing else "")
        else:
            heading = f"Event `{event}`, board {key}: every table has played it."
        if not rows:  # no table finished it: it was in play when its tables or the event closed
            return heading, ""
        table = await self.room.storage.table(rows[0].table_id)
        assert table is not None  # tables are never deleted
        report = game(table.game).event_report
        assert report is not None  # only a game with event reports deals an event's boards
        return heading, report(key, rows)

    async def close_event(self, guild_id: int, event: str) -> tuple[int, list[str]]:
        """A director closes the event: its open tables close (a deal in progress is void and scored
        as not played) and every deal is revealed. Returns (tables closed, keys revealed)."""
        state = await self.room.storage.event_state(guild_id, event)
        if state is None:
            raise UserError(f"No table ever joined event `{event}` on this server.")
        if state.closed:
            raise UserError(f"Event `{event}` is already closed.")
        channels = sorted({c for c, status, _ in state.tables.values() if status != "closed"})
        closed = 0
        for table_id in state.tables:
            live = self.room.tables.get(table_id)  # the event's tables still open (a closed one is not live)
            if live is not None:
                async with live.lock:
                    if self.room.tables.get(live.id) is not live:
                        continue
                    await lobby.close(live)
                await self.room.presenter.closed(live, f"Event `{event}` was closed by a director; so is this table. "
                                                  "A board in progress counts as not played.")
                closed += 1
        async with self.room.storage.transaction() as tx:
            await tx.close_event(guild_id, event, self.room.clock())
        return closed, await self.reveal_event_deals(guild_id, event, channels=channels)
