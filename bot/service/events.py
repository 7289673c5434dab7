"""Events: tables that play the same deals (duplicate bridge boards): the one rule for showing them.

**The tables of an event** are the tables created with its name in one server (in any channel). A
deal of the event (a board) is **revealed** once every table of the event that is still open has
finished it (a table in its lobby, dealing or playing the deal, or not there yet, holds it back), or
once a director closes the event (``/bridge close-event``: its open tables close, a deal in progress
is void and scored as not played). Until then the deal's seed, cards and results stay out of every
channel message (its SHA-256 commitment may be shown); a private reply may show them to those who
played it at a table of the event and to directors (Manage Channels). Once a deal of the event is
revealed, no new table may join the event: it would play boards whose results are out.

Every path that can show a shared deal asks here: the table message and the board's report (the
table service), ``/verify``, ``/export``, ``/bridge results`` and ``standings``, and ``python -m bot export``.

The table service's part (``Events``): a shared seed per deal, each table's result, and when to
show them. A table that finishes an event's deal that is not revealed yet withholds it: its message
says the board is done and shows neither the seed, the last picture, the result nor the log of the
play. When the deal is revealed (the last open table finished it, a table of the event closed, or a
director closed the event), the board's results table goes to the channel of every open table of
the event (``Presenter.announce``) and the tables' messages show their last deal again.
"""
from __future__ import annotations

from typing import Any, Sequence

from bot.errors import UserError
from bot.registry import game
from bot.service.base import ServiceBase
from bot.service.live import LiveTable
from bot.storage.interface import Deal, EventState, Storage, Tx


def deal_order(key: str) -> tuple[int, str]:
    """Deal keys in play order: board "2" before board "10"."""
    return (len(key), key)


def deals_to_reveal(state: EventState) -> list[str]:
    """The event's deals not revealed yet that may be now, in order."""
    open_tables = [t for t, (_, status, _) in state.tables.items() if status != "closed"]
    return sorted((key for key, revealed in state.deals.items() if not revealed and (
        state.closed or all(key in state.finished.get(t, ()) for t in open_tables))), key=deal_order)


def not_played(state: EventState, key: str) -> list[int]:
    """Tables of a closed event that dealt boards but not this one to its end (scored as not played)."""
    return [t for t, (_, _, hand_no) in state.tables.items() if hand_no and key not in state.finished.get(t, ())]


def join_refusal(state: EventState | None, name: str) -> str | None:
    """Why a new table may not join the event (None: it may)."""
    if state is None:
        return None
    if state.closed:
        return f"Event `{name}` is closed. Pick a new event name."
    if any(state.deals.values()):
        return f"Event `{name}` already has boards whose results are out: a new table would play them. " \
               "Pick a new event name."
    return None


def played_it(results: Sequence[dict[str, Any]], user_id: int) -> bool:
    """Whether the user played the deal at a table of the event (its recorded ``results``)."""
    return any(player["user_id"] == user_id for result in results for player in result["players"])


async def is_secret(storage: Storage, guild_id: int, event: str, key: str) -> bool:
    """Whether the event's deal is not revealed: nothing of it may reach a channel."""
    state = await storage.event_state(guild_id, event)
    return state is not None and state.deals.get(key) is False


async def may_show(storage: Storage, guild_id: int, event: str, key: str, user_id: int | None,
                   director: bool) -> bool:
    """Whether the deal may be shown: to a channel (``user_id`` None) once revealed; privately, also
    to a player who played it and to a director."""
    if not await is_secret(storage, guild_id, event, key):
        return True
    if user_id is None:
        return False
    return director or played_it(await storage.event_results(guild_id, event, key), user_id)


async def hand_may_show(storage: Storage, table_id: int, hand_no: int, user_id: int | None,
                        director: bool = False) -> bool:
    """The same for a finished hand of a table (it may have been an event's deal)."""
    deal = await storage.event_of_hand(table_id, hand_no)
    return deal is None or await may_show(storage, *deal, user_id=user_id, director=director)


async def revealed_results(storage: Storage, guild_id: int, event: str) -> list[dict[str, Any]]:
    """Every recorded result of the event's revealed deals (what a channel may see)."""
    state = await storage.event_state(guild_id, event)
    revealed = {key for key, shown in state.deals.items() if shown} if state else set()
    return [row for row in await storage.event_results(guild_id, event) if row["deal_key"] in revealed]


MAX_REPORTS = 10
"""Boards whose results tables are posted at once when an event closes; the rest: /bridge results."""


class Events(ServiceBase):
    """A shared deal's seed, each table's result of it, and revealing it."""

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

    async def _record_event(self, live: LiveTable, tx: Tx, deal: Deal) -> None:
        """Record this table's result of an event deal (shown once the deal is revealed)."""
        row, spec = live.row, live.spec
        assert spec.event_result is not None
        event, key = str(deal.settings["event"]), str(deal.event_key)
        players = [{"user_id": row.seats[i].user_id, "name": name} for i, name in zip(deal.seats, deal.names)]
        await tx.insert_event_result(row.guild_id, event, key, row.id, row.hand_no, players,
                                     spec.event_result(live.engine))

    async def _check_event_join(self, guild_id: int, event: str) -> None:
        """Refuse a new table in an event whose results are out (or which is closed)."""
        refusal = join_refusal(await self.storage.event_state(guild_id, event), event)
        if refusal:
            raise UserError(refusal)

    async def _event_deal_finished(self, live: LiveTable, event: str, key: str) -> None:
        """``live`` has just recorded its result of the event's deal ``key``: reveal what may be,
        and hold this board back if it is still secret."""
        live.last_event = (event, key)
        await self.reveal_event_deals(live.row.guild_id, event, finished_by=live)
        if await is_secret(self.storage, live.row.guild_id, event, key):
            live.withheld = True
            live.log.clear()  # the play of the board: cards and result
            live.note(f"Board {key} done; its results come when every table of event {event} has played it.")

    async def _reveal_after_close(self, live: LiveTable) -> None:
        """A closed table no longer holds back its event's boards."""
        event = live.row.settings.get("event")
        if event and live.spec.deal_key:
            await self.reveal_event_deals(live.row.guild_id, str(event))

    async def reveal_event_deals(self, guild_id: int, event: str, finished_by: LiveTable | None = None,
                                 channels: list[int] | None = None) -> list[str]:
        """Reveal every deal of the event that may be now and post each one's results to the
        channels of the event's open tables (or ``channels``). Returns the keys revealed."""
        state = await self.storage.event_state(guild_id, event)
        if state is None:
            return []
        keys = deals_to_reveal(state)
        if not keys:
            return []
        async with self.storage.transaction() as tx:
            await tx.reveal_event_deals(guild_id, event, keys, self.clock())
        if channels is None:
            channels = sorted({c for c, status, _ in state.tables.values() if status != "closed"})
        for key in keys[:MAX_REPORTS]:
            heading, report = await self._event_report(state, guild_id, event, key)
            for channel in channels:
                await self.presenter.announce(guild_id, channel, heading, report)
        if len(keys) > MAX_REPORTS:
            for channel in channels:
                await self.presenter.announce(guild_id, channel, f"... and boards {keys[MAX_REPORTS]}-{keys[-1]}: "
                                                                 "see `/bridge results`.")
        for table_id in state.tables:
            other = self.tables.get(table_id)
            if other is not None and other.withheld and other.last_event and other.last_event[1] in keys:
                other.withheld = False
                if other is not finished_by:  # its message shows its last deal again, in its own time
                    other.spawn(self.presenter.update(other))
        return keys

    async def _event_report(self, state: EventState, guild_id: int, event: str, key: str) -> tuple[str, str]:
        """The heading (the bot's words) and the game's results table (with members' names) of a board."""
        rows = await self.storage.event_results(guild_id, event, key)
        if state.closed:
            missing = not_played(state, key)
            heading = f"Event `{event}` is closed: board {key}'s results." + (
                " Not played at " + ", ".join(f"#{t}" for t in missing) + "." if missing else "")
        else:
            heading = f"Event `{event}`, board {key}: every table has played it."
        if not rows:  # no table finished it: it was in play when its tables or the event closed
            return heading, ""
        table = await self.storage.table(rows[0]["table_id"])
        assert table is not None  # tables are never deleted
        report = game(table.game).event_report
        assert report is not None  # only a game with event reports deals an event's boards
        return heading, report(key, rows)

    async def close_event(self, guild_id: int, event: str) -> tuple[int, list[str]]:
        """A director closes the event: its open tables close (a deal in progress is void and scored
        as not played) and every deal is revealed. Returns (tables closed, keys revealed)."""
        state = await self.storage.event_state(guild_id, event)
        if state is None:
            raise UserError(f"No table ever joined event `{event}` on this server.")
        if state.closed:
            raise UserError(f"Event `{event}` is already closed.")
        channels = sorted({c for c, status, _ in state.tables.values() if status != "closed"})
        closed = 0
        for table_id in state.tables:
            live = self.tables.get(table_id)  # the event's tables still open (a closed one is not live)
            if live is not None:
                async with live.lock:
                    if self.tables.get(live.id) is not live:
                        continue
                    await self._close(live)
                await self.presenter.closed(live, f"Event `{event}` was closed by a director; so is this table. "
                                                  "A board in progress counts as not played.")
                closed += 1
        async with self.storage.transaction() as tx:
            await tx.close_event(guild_id, event, self.clock())
        return closed, await self.reveal_event_deals(guild_id, event, channels=channels)
