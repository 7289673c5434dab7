"""A table's seats: buying in from the wallet within the table's limits, sitting down, and cashing
out when a seat goes; every move of chips between a wallet and a table is a line of the table's
ledger, written in the same transaction (``pay_in``, ``cash_out``)."""
from __future__ import annotations

from bot.errors import UserError
from bot.service.table.live import LiveTable
from bot.storage.interface import HOUSE, Tx
from bot.storage.records import TableSeat

BOT_NAMES = ("Ada", "Babbage", "Curie", "Dijkstra", "Euler", "Fermat", "Gauss", "Hopper", "Iris",
             "Jude")


def bot_name(number: int) -> str:
    """The ``number``-th computer player's name, the one naming at every table and tournament: "Ada (bot)"
    for 1, "Jude (bot)" for 10, then "Ada 2 (bot)"."""
    first, rest = BOT_NAMES[(number - 1) % len(BOT_NAMES)], (number - 1) // len(BOT_NAMES)
    return f"{first}{f' {rest + 1}' if rest else ''} (bot)"
MAX_IN_MINIMUMS = 25
"""A cash table's maximum buy-in when its settings hold none (tables opened before tables had one):
this many minimum buy-ins, 250 big blinds where the minimum is ten."""


def buy_in_range(table: LiveTable) -> tuple[int, int | None]:
    """The table's minimum and maximum buy-in (None: no maximum, at a table that is no cash game)."""
    settings = table.row.settings
    low = settings.least_buy_in
    assert low is not None, "every chip game's defaults hold a minimum buy-in or a big blind (bot/registry.py)"
    if not table.kind.cash:
        return low, None
    return low, MAX_IN_MINIMUMS * low if settings.max_buy_in is None else settings.max_buy_in


def buy_in(table: LiveTable, amount: int | None) -> int:
    """The chips a seat buys in for (``amount``, or the table's buy-in), refused under the minimum or
    over the maximum; 0 in a game without chips."""
    if not table.spec.chips:
        return 0
    if amount is None:
        amount = table.spec.default_buy_in if table.row.settings.buy_in is None else table.row.settings.buy_in
    low, high = buy_in_range(table)
    if amount < low:
        raise UserError(f"The buy-in must be at least {low} chips.")
    if high is not None and amount > high:
        raise UserError(f"The buy-in can be at most {high} chips, this table's maximum.")
    return int(amount)


def require_room(table: LiveTable) -> None:
    seats = table.spec.max_seats(table.row.settings.to_json())
    if len(table.row.seats) >= seats:
        raise UserError(f"The table is full ({seats} seats).")


def require_seated_or_host(table: LiveTable, user_id: int) -> None:
    if user_id != table.row.host_id and table.seat_index(user_id) is None:
        raise UserError("Only players at this table can do that.")


async def sit_down(table: LiveTable, user_id: int, name: str, amount: int | None, is_bot: bool) -> None:
    """Seat a member or a computer player (a member whose stack is gone buys in again), paying the
    buy-in from their wallet (the house's for a computer player) in the same transaction."""
    row = table.row
    existing = table.seat_index(user_id)
    if existing is not None and not (table.spec.chips and row.seats[existing].stack == 0):
        raise UserError("You are already seated at this table.")
    if existing is None:
        require_room(table)
    if existing is None and row.status == "playing" and not table.spec.chips:
        raise UserError("This game is under way; join the next one.")
    table.kind.refuse_join(amount)
    chips = buy_in(table, amount)
    seat = TableSeat(user_id, name, 0, is_bot=is_bot) if existing is None else row.seats[existing]
    async with table.room.storage.transaction() as tx:
        if chips:
            await pay_in(table, tx, seat, chips, "buy-in" if existing is None else "rebuy")
        seat.stack = chips
        if existing is None:
            row.seats.append(seat)
        await tx.save_table(row)
    table.note(f"{name} sits down{f' with {chips} chips' if chips else ''}.")


async def pay_in(table: LiveTable, tx: Tx, seat: TableSeat, chips: int, kind: str) -> None:
    """``chips`` from the seat holder's wallet (the house's, for a computer player) to the table, and
    the ledger's line of ``kind``, in ``tx``; ``InsufficientChips`` if the wallet cannot pay. The
    caller puts the chips on the seat."""
    await tx.move_wallet(table.row.guild_id, HOUSE if seat.is_bot else seat.user_id, -chips)
    await tx.record_chips(table.row.guild_id, table.id, seat.user_id, seat.name, kind, chips, table.row.hand_no)


async def try_pay_in(table: LiveTable, tx: Tx, seat: TableSeat, chips: int, kind: str) -> bool:
    """``pay_in`` that moves nothing and answers False when the wallet cannot pay (at a deal's end,
    whose settlement a short wallet must not undo)."""
    if await tx.try_move_wallet(table.row.guild_id, HOUSE if seat.is_bot else seat.user_id, -chips) is None:
        return False
    await tx.record_chips(table.row.guild_id, table.id, seat.user_id, seat.name, kind, chips, table.row.hand_no)
    return True


async def cash_out(table: LiveTable, tx: Tx, seat: TableSeat) -> None:
    """The seat's stack back to its holder's wallet (the house's, for a computer player), and the
    ledger's line (the seat goes, or the caller empties it)."""
    if seat.stack and not table.kind.wallet_chips:  # a multi-table tournament's chips, no wallet's
        raise RuntimeError(f"a seat of multi-table tournament table {table.id} would cash out {seat.stack} chips")
    if seat.stack:
        await tx.move_wallet(table.row.guild_id, HOUSE if seat.is_bot else seat.user_id, seat.stack)
        await tx.record_chips(table.row.guild_id, table.id, seat.user_id, seat.name, "cash-out", seat.stack,
                              table.row.hand_no)


def cash_note(seat: TableSeat, whose: str = "your") -> str:
    """" with 120 chips back in your wallet" (to the member) or "... their wallet" (to the table)."""
    return f" with {seat.stack} chips back in {whose} wallet" if seat.stack else ""


def unseat(table: LiveTable, index: int) -> TableSeat:
    """Take a seat away from the table (not dealt in), keeping the dealer button where it was."""
    row = table.row
    seat = row.seats.pop(index)
    button = row.carry.button_seat
    if button is not None and index <= button:
        row.carry.button_seat = button - 1
    return seat


def seat_at(table: LiveTable, index: int, seat: TableSeat) -> None:
    """Put a seat at the table's ``index``-th place (between deals), keeping the button where it was."""
    row = table.row
    row.seats.insert(index, seat)
    button = row.carry.button_seat
    if button is not None and index <= button:
        row.carry.button_seat = button + 1


async def remove_seats(table: LiveTable, tx: Tx, indexes: list[int]) -> None:
    """Cash out and remove seats (not dealt in). Keeps the dealer button on the right seat."""
    row = table.row
    for index in sorted(indexes, reverse=True):
        seat = unseat(table, index)
        await cash_out(table, tx, seat)
        whose = "the house's" if seat.is_bot else "their"
        table.note(f"{seat.name} leaves the table{cash_note(seat, whose)}.")
    if row.seats and all(s.user_id != row.host_id for s in row.seats):
        humans = [s for s in row.seats if not s.is_bot]
        if humans:
            row.host_id = humans[0].user_id
