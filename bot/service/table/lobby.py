"""A table's life around its deals: members and computer players sitting down, leaving (cashing out),
sitting out, the start of a match, and the table's close (cancelled, or its channel gone)."""
from __future__ import annotations

import logging

from bot.errors import TablePaused, UserError
from bot.service.table import presence
from bot.service.table.command import command
from bot.service.table.dealing import drive, eligible, maybe_resume, start_deal
from bot.service.events.shared_deals import reveal_after_close
from bot.service.table.live import LiveTable
from bot.storage.records import Straddle
from bot.service.tournament.sit_and_go import cancel_refunds
from bot.service.table.seats import (BOT_NAMES, bot_name, buy_in, cash_note, remove_seats, require_room,
                               require_seated_or_host, sit_down)

log = logging.getLogger(__name__)


async def join(table: LiveTable, user_id: int, name: str, amount: int | None = None,
               wait_for_big_blind: bool = False) -> bool:
    """Take a seat (``wait_for_big_blind``: not dealt in until the deal where it is the big blind). A
    member who asked to leave after this deal and joins again stays instead: their seat and chips are
    kept, as a player who changed their mind expects (``stays``). Returns whether they stayed."""
    async with command(table) as run:
        if wait_for_big_blind and not presence.has_blinds(table):
            raise UserError("Waiting for the big blind is for tables with blinds.")
        if stays(table, user_id):
            seat = table.seat_of_user(user_id)
            seat.leaving = False
            await (await run.transaction()).save_table(table.row)
            table.note(f"{seat.name} stays at the table.")
            return True
        await sit_down(table, user_id, name, amount, is_bot=False)
        if wait_for_big_blind and table.row.status == "playing":
            seat = table.seat_of_user(user_id)
            seat.waits_for_big_blind = True
            await table.save()
            table.note(f"{seat.name} waits for the big blind.")
        await maybe_resume(table)
    return False


def stays(table: LiveTable, user_id: int) -> bool:
    """Whether a join by ``user_id`` now cancels their leave (they asked to leave after this deal)."""
    index = table.seat_index(user_id)
    return index is not None and table.row.seats[index].leaving


async def add_bot(table: LiveTable, user_id: int) -> str:
    """Seat a computer player (asked by a seated member or the host). Returns its name."""
    async with command(table):
        require_seated_or_host(table, user_id)
        require_room(table)
        taken = {s.name for s in table.row.seats}
        # No game seats more than ten: with a seat free, one of the first ten names is free too.
        name = next(bot_name(number) for number in range(1, len(BOT_NAMES) + 1) if bot_name(number) not in taken)
        bot_id = -1 - max([-s.user_id for s in table.row.seats if s.is_bot], default=0)
        await sit_down(table, bot_id, name, None, is_bot=True)
        await maybe_resume(table)
    return name


async def leave(table: LiveTable, user_id: int) -> str:
    """Leave now (lobby, or not in the deal) or after the current deal. Returns what happened."""
    async with command(table) as run:
        seat = table.seat_of_user(user_id)
        table.kind.refuse_leave(seat.place)
        if table.row.deal is not None:
            # Seats keep their places until the deal is settled: its record points at them.
            seat.leaving = True
            await table.save()
            table.note(f"{seat.name} will leave after this deal.")
            chips = " and the chips you have left go back to your wallet then" if table.spec.chips else ""
            message = (f"You will leave when this deal ends{chips}; until then your turns are played for you. "
                       f"`/{table.spec.name} join` before then keeps your seat.")
            await drive(table)
        else:
            tx = await run.transaction()
            await remove_seats(table, tx, [table.row.seats.index(seat)])
            await tx.save_table(table.row)
            message = f"You left the table{cash_note(seat)}."
    return message


async def start(table: LiveTable, user_id: int) -> None:
    async with command(table):
        if table.paused is not None:
            raise TablePaused(table.paused.why)
        row = table.row
        if user_id != row.host_id and table.seat_index(user_id) is None:
            raise UserError("Only a seated player can start the game.")
        if row.status == "playing":
            raise UserError("The game has already started.")
        for seat in row.seats:  # computer players buy in again for a new match
            if table.spec.chips and seat.is_bot and seat.stack == 0:
                await sit_down(table, seat.user_id, seat.name, None, is_bot=True)
        if len(eligible(table)) < table.spec.min_players:
            raise UserError(f"{table.spec.title} needs at least {table.spec.min_players} players"
                            " with chips; invite someone or use add-bot.")
        row.status = "playing"
        await start_deal(table)


async def set_sitting_out(table: LiveTable, user_id: int, value: bool) -> None:
    async with command(table):
        seat = table.seat_of_user(user_id)
        presence.refuse_no_change(seat, "sitout" if value else "back")
        seat.sitting_out = value
        seat.timeouts = 0
        seat.away, seat.away_deals = False, 0
        await table.save()
        table.note(f"{seat.name} {'sits out' if value else 'is back'}.")
        if value:
            await drive(table)
        else:
            await maybe_resume(table)


async def set_away(table: LiveTable, user_id: int) -> None:
    """Away: dealt in, every turn checked or folded at once, until I'm back (``presence``)."""
    async with command(table):
        seat = table.seat_of_user(user_id)
        presence.refuse_no_change(seat, "away")
        seat.away, seat.away_deals = True, 0
        await table.save()
        table.note(f"{seat.name} is away.")
        await drive(table)


async def toggle_straddle(table: LiveTable, user_id: int) -> bool:
    """The member will (True) or won't straddle when their position comes up; kept across deals
    and restarts (``TableSeat.straddles``). Computer players never straddle."""
    async with command(table, show=False) as run:
        if table.row.settings.straddle is Straddle.OFF:
            raise UserError("This table plays without straddles (a table option at `create`).")
        seat = table.seat_of_user(user_id)
        seat.straddles = not seat.straddles
        await (await run.transaction()).save_table(table.row)
        return seat.straddles


async def cancel(table: LiveTable, user_id: int, can_manage: bool) -> None:
    """Close the table: the deal in progress is void and every stack goes back to its wallet (a
    running tournament: every entrant's buy-in, see ``sit_and_go.CANCEL_RULE``); who may cancel is the
    table's kind's rule."""
    async with command(table, show=False):  # shown as closed, its last word
        table.kind.refuse_cancel(can_manage)
        if user_id != table.row.host_id and not can_manage:
            raise UserError("Only the host or a member with Manage Channels can cancel this table.")
        reason = table.kind.cancelled_text()
        note = await close(table)
        await reveal_after_close(table)
    await table.room.presenter.closed(table, f"{reason} {note}" if note else reason)


async def shown_in(table: LiveTable, message_id: int | None) -> None:
    """The table's live message is now ``message_id`` (``Commands.shown_in``)."""
    table.row.message_id = message_id
    async with table.room.storage.transaction() as tx:
        await tx.set_table_message(table.id, message_id)


async def vanished(table: LiveTable, why: str) -> bool:
    """The table's channel, thread or server is gone: close it as /cancel does (the deal in
    progress is called off, every stack goes back to its wallet, in one transaction). Returns
    whether it was still open."""
    async with command(table, show=False):
        if table.room.tables.get(table.id) is not table:
            return False
        await close(table)
        await reveal_after_close(table)
    log.info("table %s closed: %s", table.id, why)
    return True


async def close(table: LiveTable) -> str | None:
    """Close the table and cash everyone out. Members read why in the presenter's last word
    (``presenter.closed``), which replaces the table message and its log; returned: what the game
    says of a match it stopped (``GameSpec.closing_note``: an unfinished rubber's score)."""
    row = table.row
    note = table.spec.closing_note(row.carry.game) if table.spec.closing_note else None
    if note:
        table.note(note)
    async with table.room.storage.transaction() as tx:
        if table.kind.running():  # a tournament's hand in progress is void: stacks are as it began
            refunds = cancel_refunds([s.stack for s in row.seats], buy_in(table, None))
            for seat, refund in zip(row.seats, refunds):
                seat.stack = refund
        row.deal = None
        row.deadline = None
        row.status = "closed"
        await remove_seats(table, tx, list(range(len(row.seats))))
        await tx.save_table(row)
        await tx.clear_actions(row.id)
    table.engine = None
    table.room.forget(table)
    return note
