"""A table's seats: buying in from the wallet, sitting down, and cashing out when a seat goes."""
from __future__ import annotations

from bot.errors import UserError
from bot.service import tournaments
from bot.service.live import LiveTable
from bot.storage.interface import HOUSE, Tx
from bot.storage.records import TableSeat

BOT_NAMES = ("Ada", "Babbage", "Curie", "Dijkstra", "Euler", "Fermat", "Gauss", "Hopper", "Iris",
             "Jude")


def buy_in(table: LiveTable, amount: int | None) -> int:
    """The chips a seat buys in for (``amount``, or the table's buy-in), refused under the minimum;
    0 in a game without chips."""
    if not table.spec.chips:
        return 0
    settings = table.row.settings
    amount = settings.get("buy_in", table.spec.default_buy_in) if amount is None else amount
    # Every chip game's defaults hold a minimum buy-in or a big blind (``bot/registry.py``).
    low = int(settings["min_buy_in"] if "min_buy_in" in settings else 10 * int(settings["big_blind"]))
    if amount < low:
        raise UserError(f"The buy-in must be at least {low} chips.")
    return int(amount)


def running_tournament(table: LiveTable) -> bool:
    return tournaments.is_tournament(table.row.settings) and table.row.status == "playing"


def require_room(table: LiveTable) -> None:
    if len(table.row.seats) >= table.spec.max_players:
        raise UserError(f"The table is full ({table.spec.max_players} seats).")


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
    if tournaments.is_tournament(row.settings):
        if row.status == "playing":
            raise UserError("The tournament has started; join the next one.")
        fixed = buy_in(table, None)
        if amount not in (None, fixed):
            raise UserError(f"Everyone buys in for {fixed} chips in this tournament.")
    chips = buy_in(table, amount)
    async with table.room.storage.transaction() as tx:
        if chips:
            await tx.move_wallet(row.guild_id, HOUSE if is_bot else user_id, -chips)
        if existing is None:
            row.seats.append(TableSeat(user_id, name, chips, is_bot=is_bot))
        else:
            row.seats[existing].stack = chips
        await tx.save_table(row)
    table.note(f"{name} sits down{f' with {chips} chips' if chips else ''}.")


def cash_note(seat: TableSeat) -> str:
    return f" with {seat.stack} chips back in your wallet" if seat.stack else ""


async def remove_seats(table: LiveTable, tx: Tx, indexes: list[int]) -> None:
    """Cash out and remove seats (not dealt in). Keeps the dealer button on the right seat."""
    row = table.row
    for index in sorted(indexes, reverse=True):
        seat = row.seats.pop(index)
        if seat.stack:
            await tx.move_wallet(row.guild_id, HOUSE if seat.is_bot else seat.user_id, seat.stack)
        button = row.carry.get("button_seat")
        if button is not None and index <= button:
            row.carry["button_seat"] = button - 1
        table.note(f"{seat.name} leaves the table{cash_note(seat)}.")
    if row.seats and all(s.user_id != row.host_id for s in row.seats):
        humans = [s for s in row.seats if not s.is_bot]
        if humans:
            row.host_id = humans[0].user_id
