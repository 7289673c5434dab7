"""Chips at a cash table, as its members ask for them: a rebuy when their stack is gone, a top-up
towards the table's maximum, and auto-rebuy (buy in again by themselves when a deal leaves them
without chips).

Chips come from the member's wallet in the transaction that records them in the table's ledger
(``seats.pay_in``). A member who is not in the deal being played (there is none, or they were not
dealt in) gets them at once; one who plays it has the request kept on their seat, and it is paid when
the deal ends, in the transaction that settles it (``settlement.add_asked_chips``): chips never
change under a hand in progress.
"""
from __future__ import annotations

from bot.errors import UserError
from bot.service.table.command import command
from bot.service.table.dealing import maybe_resume
from bot.service.table.live import LiveTable
from bot.service.table.seats import buy_in, buy_in_range, pay_in
from bot.storage.interface import InsufficientChips
from bot.storage.records import TableSeat


def _cash_seat(table: LiveTable, user_id: int) -> TableSeat:
    """The member's seat at a cash table, or the refusal that says what to do instead."""
    if table.kind.deals_everyone_with_chips:
        raise UserError("A tournament has no rebuys or top-ups: everyone plays the chips they started with.")
    if not table.kind.cash:
        raise UserError(f"{table.spec.title} is played for one buy-in: there is no rebuy or top-up.")
    seat = table.seat_of_user(user_id)
    if seat.leaving:
        raise UserError("You are leaving this table when this deal ends: nothing more is bought in.")
    return seat


def _maximum(table: LiveTable) -> int:
    high = buy_in_range(table)[1]
    assert high is not None  # a cash table has a maximum
    return high


def playing(table: LiveTable, user_id: int) -> bool:
    """Whether the member plays the deal in progress (their chips wait for its end)."""
    return table.row.deal is not None and table.deal_seat(user_id) is not None


async def _pay(table: LiveTable, seat: TableSeat, chips: int, kind: str) -> None:
    """Chips onto the seat from its member's wallet, with the ledger's line, in one transaction."""
    async with table.room.storage.transaction() as tx:
        await pay_in(table, tx, seat, chips, kind)
        seat.stack += chips
        seat.sitting_out = seat.sitting_out and kind != "rebuy"  # buying in again is coming back
        await tx.save_table(table.row)


async def rebuy(table: LiveTable, user_id: int, amount: int | None) -> str:
    """A seated member whose stack is gone buys in again (``amount``, or the table's buy-in)."""
    async with command(table):
        seat = _cash_seat(table, user_id)
        if seat.stack:
            raise UserError(f"You still have {seat.stack} chips here: a rebuy is for an empty stack. Top up "
                            f"instead (`/{table.spec.name} topup`), up to the table's maximum of {_maximum(table)}.")
        chips = buy_in(table, amount)
        await _pay(table, seat, chips, "rebuy")
        table.note(f"{seat.name} buys in again for {chips}.")
        await maybe_resume(table)
    return f"You bought in again for {chips} chips."


async def top_up(table: LiveTable, user_id: int, amount: int | None) -> str:
    """A seated member adds ``amount`` chips (None: as many as the table's maximum allows), at once,
    or when the deal they play ends."""
    async with command(table):
        seat = _cash_seat(table, user_id)
        low, high = buy_in_range(table)[0], _maximum(table)
        if not seat.stack:
            raise UserError(f"You have no chips here: rebuy instead (`/{table.spec.name} rebuy`, from {low} "
                            f"to {high} chips).")
        room = high - seat.stack
        if room <= 0:
            raise UserError(f"You have {seat.stack} chips, the table's maximum is {high}: there is nothing "
                            "to top up.")
        if amount is not None and amount > room:
            raise UserError(f"You can add at most {room} chips: the table's maximum is {high} and you have "
                            f"{seat.stack}.")
        chips = room if amount is None else amount
        if playing(table, user_id):
            message = await _ask(table, seat, chips, high if amount is None else amount)
        else:
            await _pay(table, seat, chips, "top-up")
            table.note(f"{seat.name} tops up {chips}.")
            message = f"You topped up {chips} chips: your stack is {seat.stack} (the table's maximum is {high})."
    return message


async def _ask(table: LiveTable, seat: TableSeat, chips: int, asked: int) -> str:
    """Keep a top-up of a member who plays the deal for its end: ``chips`` is what it would add now
    (their wallet must hold it), ``asked`` what is kept (the maximum itself, for "as many as allowed":
    the deal's end adds no more than the maximum allows then)."""
    if seat.top_up == asked:  # a second press: nothing new to keep, nothing to post
        raise UserError("You already asked for that top-up: it is added to your stack when this hand ends.")
    balance = await table.room.storage.balance(table.row.guild_id, seat.user_id)
    if balance < chips:
        raise InsufficientChips(f"You have {balance} chips; that needs {chips}. Try /daily or a smaller top-up.")
    seat.top_up = asked
    async with table.room.storage.transaction() as tx:
        await tx.save_table(table.row)
    table.note(f"{seat.name} tops up when this deal ends.")
    high = _maximum(table)
    if asked >= high:
        return f"Taken: when this hand ends, your stack is topped up to the table's maximum of {high} chips."
    return (f"Taken: {asked} chips are added to your stack when this hand ends (never past the table's "
            f"maximum of {high}).")


async def set_auto_rebuy(table: LiveTable, user_id: int, amount: int | None) -> str:
    """Turn a member's auto-rebuy on for ``amount`` (None: toggle it, on for the table's buy-in). A
    member whose stack is already gone, and who plays no deal, buys in at once."""
    async with command(table) as run:
        seat = _cash_seat(table, user_id)
        if amount is None and seat.auto_rebuy:
            seat.auto_rebuy = 0
            run.show = False  # nothing the table shows has changed
            await (await run.transaction()).save_table(table.row)
            return "Auto-rebuy is off."
        chips = buy_in(table, amount)
        now = not seat.stack and not playing(table, user_id)
        if now:
            await _pay(table, seat, chips, "rebuy")
            table.note(f"{seat.name} buys in again for {chips} (auto-rebuy).")
        seat.auto_rebuy = chips
        async with table.room.storage.transaction() as tx:
            await tx.save_table(table.row)
        await maybe_resume(table)
    return (f"Auto-rebuy is on: {'you bought in again for ' + str(chips) + ' chips, and ' if now else ''}"
            f"whenever a hand leaves you without chips you buy in again for {chips} from your wallet (if it "
            "holds that much; else you sit out). Press Auto-rebuy again to turn it off.")


def offers_to(table: LiveTable, seat: TableSeat) -> list[str]:
    """The cash buttons that apply to a member of a cash table now: Auto-rebuy (a toggle), Rebuy while they
    have no chips, and Top up while they could add chips at once (some chips, fewer than the maximum, and
    not in the deal being played: one who plays it asks with ``/<game> topup``, kept for the deal's end)."""
    if not table.kind.cash or table.row.status == "closed" or seat.is_bot or seat.leaving:
        return []
    room = 0 < seat.stack < _maximum(table) and not playing(table, seat.user_id)
    return (["rebuy"] if not seat.stack else []) + (["topup"] if room else []) + ["autorebuy"]
