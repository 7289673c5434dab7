"""A multi-table tournament's entries and its start: registering (a re-entry when it allows one, a
late registrant seated at once), unregistering before the start, computer players a manager adds,
and the start that draws the seats and opens a table in a thread for every table's worth of players.
Every buy-in is paid from the wallet in the transaction that records the entry."""
from __future__ import annotations

import random

from bot.errors import UserError
from bot.service.tournament import places, seating as mtt_seating
from bot.service.table.live import LiveTable
from bot.service.tournament.multi_table import Tournament
from bot.service.table.seats import bot_name
from bot.storage.interface import Tx
from bot.storage.records import MttEntry, TableCarry, TableMode, TableRow, TableSeat, TableSettings

NO_THREADS = ("I can't open threads in this channel: give me Create Public Threads and Send Messages in "
              "Threads there, or hold the tournament in another channel.")


async def register(mtt: Tournament, user_id: int, name: str, is_bot: bool = False) -> str:
    """Pay the buy-in and take an entry (again, after a knock-out, when re-entry is on); after the
    start, the new stack goes to the table with the fewest players (a new table when all are full)."""
    async with mtt.lock:
        if not mtt.registration_open():
            raise UserError(f"Registration for {mtt.row.name} is closed.")
        entry = mtt.entries.get(user_id)
        if entry is not None and user_id not in mtt.waiting():
            raise UserError(f"You are already registered for {mtt.row.name}.")
        if entry is not None and not mtt.settings.reentry:
            raise UserError(f"You are out of {mtt.row.name}, which allows no re-entry.")
        buy_in = mtt.settings.buy_in
        table_id, thread, number = None, None, next_number(mtt)
        if mtt.row.status == "playing":
            table_id = table_for_newcomer(mtt)
            if table_id is None:
                thread = await open_thread(mtt, number)
        entry = entry or MttEntry(user_id, name, is_bot, entries=0)
        async with mtt.service.storage.transaction() as tx:
            new_table = None if thread is None else await insert_table(mtt, tx, thread, number, [])
            await mtt.into_pool(tx, entry, buy_in)
            if not mtt.registration_open():  # closed while the wallet paid: the transaction takes nothing
                mtt.row.pool -= buy_in
                raise UserError(f"Registration for {mtt.row.name} is closed.")
            places.reenter(mtt, user_id)
            entry.entries += 1
            if new_table is not None:
                table_id = new_table.id
            if table_id is not None:
                entry.table_id, entry.chips = table_id, mtt.settings.stack
            mtt.entries[user_id] = entry
            await tx.save_mtt(mtt.row, [entry])
        if new_table is not None:
            adopt(mtt, new_table, number)
    mtt.wake_arrivals()
    mtt.spawn(mtt.presenter.show_mtt(mtt))
    again = " again" if entry.entries > 1 else ""
    return f"You are registered{again} for {mtt.row.name} ({buy_in} chips from your wallet)."


async def unregister(mtt: Tournament, user_id: int) -> str:
    """Before the start only: the entry goes and its buy-ins come back."""
    async with mtt.lock:
        entry = mtt.entries.get(user_id)
        if entry is None:
            raise UserError(f"You are not registered for {mtt.row.name}.")
        if mtt.row.status != "registering":
            raise UserError(f"{mtt.row.name} has started: your seat is played for you until you are out.")
        refund = entry.entries * mtt.settings.buy_in
        async with mtt.service.storage.transaction() as tx:
            await mtt.into_pool(tx, entry, -refund)
            await tx.drop_mtt_entry(mtt.id, user_id)
            await tx.save_mtt(mtt.row)
        del mtt.entries[user_id]
    mtt.spawn(mtt.presenter.show_mtt(mtt))
    return f"You are no longer registered for {mtt.row.name}; {refund} chips are back in your wallet."


async def add_bots(mtt: Tournament, count: int) -> list[str]:
    """Computer players, their buy-ins paid by the house (a manager fills a field)."""
    names: list[str] = []
    for _ in range(count):
        number = mtt.state.bots = mtt.state.bots + 1
        await register(mtt, -number, bot_name(number), is_bot=True)
        names.append(bot_name(number))
    return names


def table_for_newcomer(mtt: Tournament) -> int | None:
    """A late registrant's table: the one with the fewest players (None: every table is full)."""
    counts = {t.id: len(t.players) for t in mtt.seating()}
    table_id = min(counts, key=lambda t: (counts[t], mtt.numbers[t]), default=None)
    return table_id if table_id is not None and counts[table_id] < mtt.seats_per_table else None


async def start(mtt: Tournament) -> None:
    """Draw the seats and open the tables, each in a thread of its own; their first deals are due."""
    async with mtt.lock:
        if mtt.row.status != "registering":
            raise UserError(f"{mtt.row.name} has already started.")
        if len(mtt.entries) < 2:
            raise UserError(f"{mtt.row.name} needs at least 2 entrants to start.")
        rng = random.Random(f"{mtt.row.id}:{mtt.row.created_at}")
        seatings = mtt_seating.draw(list(mtt.entries), mtt.seats_per_table, rng)
        threads = [await open_thread(mtt, number) for number in range(1, len(seatings) + 1)]
        async with mtt.service.storage.transaction() as tx:
            mtt.row.status = "playing"
            mtt.state.started_at = mtt.service.clock()
            rows = [await insert_table(mtt, tx, thread, number, [(chair, user) for chair, user in enumerate(chairs)
                                                                  if user is not None])
                    for number, (thread, chairs) in enumerate(zip(threads, seatings), start=1)]
            await tx.save_mtt(mtt.row, list(mtt.entries.values()))
        for number, row in enumerate(rows, start=1):
            adopt(mtt, row, number)
    for table in mtt.live_tables():
        await mtt.service.presenter.update(table)
    mtt.spawn(mtt.presenter.show_mtt(mtt))
    mtt.spawn(mtt.presenter.announce_mtt(mtt, "start"))


def next_number(mtt: Tournament) -> int:
    """The number of the tournament's next table ("table 5")."""
    return max(mtt.numbers.values(), default=0) + 1


async def open_thread(mtt: Tournament, number: int) -> int:
    """The thread of the tournament's table ``number``."""
    thread = await mtt.presenter.open_thread(mtt.row.guild_id, mtt.row.channel_id,
                                             f"{mtt.row.name} · table {number}"[:100])
    if thread is None:
        raise UserError(NO_THREADS)
    return thread


async def insert_table(mtt: Tournament, tx: Tx, thread: int, number: int, seated: list[tuple[int, int]]) -> TableRow:
    """A new table of the tournament in ``thread``, with ``seated`` (chair, player) at the starting
    stack, its first deal due now, written in ``tx``: ``adopt`` it once ``tx`` has committed (a
    transaction rolled back leaves no table behind)."""
    settings = TableSettings(game=mtt.stakes(), mode=TableMode.TOURNAMENT, mtt=mtt.id, turn_seconds=mtt.settings.turn_seconds)
    table_id = await tx.insert_table(mtt.row.guild_id, thread, mtt.row.game, mtt.row.host_id, settings)
    await tx.add_mtt_table(mtt.id, table_id, number)
    row = TableRow(table_id, mtt.row.guild_id, thread, mtt.row.game, mtt.row.host_id, "playing", settings,
                   [], TableCarry(), None, 0, 0, mtt.service.clock(), None)
    for chair, user in seated:
        entry = mtt.entries[user]
        row.seats.append(TableSeat(user, entry.name, mtt.settings.stack, is_bot=entry.is_bot, chair=chair))
        entry.table_id = table_id
    await tx.save_table(row)
    return row


def adopt(mtt: Tournament, row: TableRow, number: int) -> LiveTable:
    """A table stored by ``insert_table``, now one of the tournament's tables in the registry (the
    level by hands kept first: more tables make fewer hands a table)."""
    mtt.keep_level()
    mtt.numbers[row.id] = number
    return mtt.service.adopt(row)
