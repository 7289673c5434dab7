"""A time bank per player (a table option of the poker games): once a turn's clock runs out, the
player's banked seconds are added before the timeout plays for them; what they do not use is kept;
the bank is filled again every ``time_bank_hands`` hands.

The bank runs on the table's one deadline, so it survives a restart like every deadline does; the
message shows its end as a Discord relative timestamp, which counts down on the members' screens
without an edit (an edit a second would spend the channel's rate limit).
"""
from __future__ import annotations

from bot.service.table.live import LiveTable
from bot.storage.records import TableSeat


def full(table: LiveTable) -> int:
    """The table's time bank in seconds (0: none)."""
    return table.row.settings.time_bank


def refill(table: LiveTable, dealt: list[int]) -> None:
    """At a deal's start: the players dealt in whose bank is due get it full again."""
    every = table.row.settings.time_bank_hands
    for index in dealt if full(table) else ():
        seat = table.row.seats[index]
        if not seat.bank_hand or table.row.hand_no - seat.bank_hand >= every:
            seat.time_bank, seat.bank_hand = float(full(table)), table.row.hand_no
        seat.bank_since = None


def start(table: LiveTable, seat: TableSeat) -> bool:
    """The turn's clock ran out: start the seat's time bank if it has one left (returns whether it
    did, and moves the table's deadline to its end)."""
    if seat.bank_since is not None or seat.time_bank < 1 or seat.is_bot:
        return False
    now = table.room.clock()
    seat.bank_since = now
    table.row.deadline = now + seat.time_bank
    table.note(f"{seat.name} is using their time bank ({int(seat.time_bank)} s).")
    return True


def settle(table: LiveTable, seat: TableSeat) -> bool:
    """The seat acted, or its bank ran out: keep what is left of it. Returns whether it had run."""
    if seat.bank_since is None:
        return False
    seat.time_bank = max(0.0, seat.time_bank - (table.room.clock() - seat.bank_since))
    seat.bank_since = None
    return True
