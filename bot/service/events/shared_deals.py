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

A table's part (the functions below): a shared seed per deal, its result, and withholding a board
not revealed yet; the service's part (``bot.service.events.desk``): revealing boards to every table of
the event, and a director closing it. A table that finishes an event's deal that is not revealed yet withholds it: its message
says the board is done and shows neither the seed, the last picture, the result nor the log of the
play. When the deal is revealed (the last open table finished it, a table of the event closed, or a
director closed the event), the board's results table goes to the channel of every open table of
the event (``Presenter.announce``) and the tables' messages show their last deal again.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Sequence

from bot.errors import UserError
from bot.games.event_records import EventPlayer, EventResult
from bot.service.table.live import LiveTable
from bot.service.table.memory import EventDeal
from bot.storage.interface import Storage, Tx
from bot.storage.records import Deal, EventState


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


def played_it(results: Sequence[EventResult], user_id: int) -> bool:
    """Whether the user played the deal at a table of the event (its recorded ``results``)."""
    return any(player.user_id == user_id for result in results for player in result.players)


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


async def revealed_results(storage: Storage, guild_id: int, event: str) -> list[EventResult]:
    """Every recorded result of the event's revealed deals (what a channel may see)."""
    state = await storage.event_state(guild_id, event)
    revealed = {key for key, shown in state.deals.items() if shown} if state else set()
    return [row for row in await storage.event_results(guild_id, event) if row.deal_key in revealed]


async def deal_seed(table: LiveTable, settings: dict[str, Any], carry: dict[str, Any]) -> tuple[str, str | None]:
    """A fresh seed; for a table in an event, the seed this deal shares with the event's other
    tables (the first to deal it chooses), and the deal's key within the event."""
    seed = table.room.seeds(f"{table.id}:{table.row.hand_no}")
    event = table.kind.event
    key = table.spec.deal_key(settings, carry) if event is not None and table.spec.deal_key else None
    if key is None:
        return seed, None
    async with table.room.storage.transaction() as tx:
        return await tx.event_seed(table.row.guild_id, str(event), key, seed), key


async def record_event(table: LiveTable, tx: Tx, deal: Deal) -> None:
    """Record this table's result of an event deal (shown once the deal is revealed)."""
    row, spec = table.row, table.spec
    assert spec.event_result is not None
    event, key = str(table.kind.event), str(deal.event_key)
    players = [EventPlayer(row.seats[i].user_id, name) for i, name in zip(deal.seats, deal.names)]
    await tx.insert_event_result(row.guild_id, event, key, row.id, row.hand_no, players,
                                 spec.event_result(table.engine))


async def check_event_join(storage: Storage, guild_id: int, event: str) -> None:
    """Refuse a new table in an event whose results are out (or which is closed)."""
    refusal = join_refusal(await storage.event_state(guild_id, event), event)
    if refusal:
        raise UserError(refusal)


async def event_deal_finished(table: LiveTable, event: str, key: str) -> None:
    """``table`` has just recorded its result of the event's deal ``key``: reveal what may be, and
    hold this board back if it is still secret."""
    table.event_deal = EventDeal(event, key, table.row.hand_no, withheld=False)
    await table.room.reveal_event_deals(table.row.guild_id, event, finished_by=table)
    if await is_secret(table.room.storage, table.row.guild_id, event, key):
        table.event_deal = replace(table.event_deal, withheld=True)
        table.log.clear()  # the play of the board: cards and result
        table.note(f"Board {key} done; its results come when every table of event {event} has played it.")


async def reveal_after_close(table: LiveTable) -> None:
    """A closed table no longer holds back its event's boards."""
    if table.kind.event is not None:
        await table.room.reveal_event_deals(table.row.guild_id, table.kind.event)
