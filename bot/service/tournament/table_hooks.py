"""What a multi-table tournament's table does at the boundaries of its deals, for the tournament.

Before a deal (``before_deal``, under the table's lock, no deal in progress): seat the players on their
way to it; move its players out when the tournament breaks it or it has too many (the player due to
post the big blind next, as the TDA's rules say); then deal at the clock's level, or wait (a manager's
pause, a break, a hand-for-hand round the other tables have not finished). After a deal
(``after_deal``, in the transaction of the action that ended it): its knocked-out players take their
places and prizes once the field is fixed (``tournament.places``), hand for hand begins on the bubble, and the
last player left wins. What it changed in the tournament is put back if that transaction fails, and
what it announces goes out only once it committed (``deal_end``, ``tournament.rollback``).

A player is only ever moved from a table between its deals, so no deal in progress loses a seat; the
table they go to seats them when its own deal is over. Nothing here waits for the tournament's lock:
each step reads and changes the tournament's state with no await in between.
"""
from __future__ import annotations

import random
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from bot.service.tournament import places as mtt_places, seating as mtt_seating
from bot.service.table.live import LiveTable
from bot.service.tournament.multi_table import Tournament, seating_of
from bot.service.tournament.rollback import DealEnd, Work
from bot.service.money.ratings import rate
from bot.service.table.seats import seat_at, unseat
from bot.storage.interface import Tx
from bot.storage.records import Deal, MttEntry, TableSeat

def tournament_of(table: LiveTable) -> Tournament:
    """The tournament a table of one belongs to, which its kind holds (``kinds.TournamentTable``)."""
    mtt: Tournament = table.kind.tournament
    return mtt


def can_deal(table: LiveTable) -> bool:
    return sum(1 for s in table.row.seats if s.stack > 0) >= 2


# -- before a deal ---------------------------------------------------------------------------------

async def before_deal(table: LiveTable) -> tuple[dict[str, Any] | None, float | None]:
    """(the deal's stakes, None) to deal now; else (None, when to look again: None until woken)."""
    mtt = tournament_of(table)
    changed = seat_arrivals(mtt, table) + move_out(mtt, table)
    if table.row.status == "closed":  # its hands still count for levels by hands
        mtt.state.hands_closed += table.row.hand_no
        if len(mtt.live_tables()) == 1 and mtt.state.final_table_players is None:  # who is at the final table, for its post
            mtt.state.final_table_players = [e.user_id for e in mtt.alive()]
    if changed:
        async with table.room.storage.transaction() as tx:
            await tx.save_table(table.row)
            await tx.save_mtt(mtt.row, changed)
        mtt.wake_arrivals()
    if table.row.status == "closed":  # it broke: it leaves the registry once its message says so
        mtt.spawn(mtt.retire(table))
        return None, None
    seconds = mtt.clock_seconds()
    if mtt.paused():
        table.note("The tournament is paused by a manager.")
        return None, None
    if mtt.schedule.on_break(seconds):
        left = mtt.schedule.break_left(seconds)
        table.note(f"Break: play resumes <t:{int(table.room.clock() + left)}:R>.")
        return None, table.room.clock() + left
    if mtt.state.hfh and table.id in mtt.state.hfh_done:
        return None, None  # hand for hand: this table waits for the others to finish the hand
    if not can_deal(table):
        table.note("Waiting for players to be moved here.")
        return None, None
    mtt.keep_level()
    return mtt.stakes(), None  # the table's message names the level (``bot.adapter.tournament.text.table_heading``)


def seat_arrivals(mtt: Tournament, table: LiveTable) -> list[MttEntry]:
    """Seat the players on their way here, each in the empty chair where they post the big blind
    soonest (a player moved gets no free orbit; a new one plays at once)."""
    arrived = []
    for entry in mtt.entries.values():
        if entry.table_id != table.id or not entry.chips or entry.place is not None:
            continue
        chair = mtt_seating.worst_seat(seating_of(table, mtt.seats_per_table))
        index = sum(1 for s in table.row.seats if s.chair is not None and s.chair < chair)
        seat_at(table, index, TableSeat(entry.user_id, entry.name, entry.chips, is_bot=entry.is_bot, chair=chair))
        table.note(f"{entry.name} takes seat {chair + 1} with {entry.chips} chips.")
        entry.chips = 0
        arrived.append(entry)
    return arrived


def move_out(mtt: Tournament, table: LiveTable) -> list[MttEntry]:
    """Move players out of this table, when it breaks (all of them, to the other tables by draw) or
    has more than one player over the table with the fewest (``seating.balance``)."""
    tables = mtt.seating()
    breaking = mtt_seating.table_to_break(tables, mtt.seats_per_table)
    if breaking == table.id:
        rng = random.Random(f"{mtt.id}:{table.id}:{table.row.hand_no}")
        moves = mtt_seating.break_table(tables, table.id, rng)
        table.row.status = "closed"
        table.row.deadline = None
    elif breaking is None:
        moves = [m for m in mtt_seating.balance(tables) if m.from_table == table.id]
    else:
        moves = []  # another table breaks first: it will bring its players
    kind = "break" if breaking == table.id else "balance"
    mtt.state.moves[kind] = mtt.state.moves.get(kind, 0) + len(moves)
    moved = []
    for move in moves:
        index = table.seat_index(move.player)
        assert index is not None
        seat = unseat(table, index)
        entry = mtt.entries[move.player]
        entry.table_id, entry.chips = move.to_table, seat.stack
        table.note(f"{seat.name} moves to table {mtt.numbers[move.to_table]}.")
        moved.append(entry)
    return moved


# -- after a deal ----------------------------------------------------------------------------------

@contextmanager
def deal_end(table: LiveTable) -> Iterator[None]:
    """Around the transaction of the action that ends a deal (``settlement.end_deal``): at a
    tournament's table, what ``after_deal`` changed in the tournament is undone if the transaction
    fails (the table is put back as stored: the deal goes on, and its end comes again), and its
    announcements go out once it committed."""
    mtt = tournament_of(table)
    try:
        yield
    except BaseException:
        if (ending := mtt.ending.pop(table.id, None)) is not None:
            ending.undo()
        raise
    if (ending := mtt.ending.pop(table.id, None)) is not None:
        ending.committed()


async def after_deal(table: LiveTable, tx: Tx, deal: Deal) -> None:
    """The deal is over: knocked-out players leave, with their places once the field is fixed (held
    until the round ends when hand for hand; ``tournament.places``), the field is fixed if registration has
    closed, the tournament may go hand for hand or be won, and the table's next deadline. What it
    changes in the tournament is recorded (``mtt.ending``, ``deal_end``) and its announcements wait
    for the commit."""
    mtt = tournament_of(table)
    ending = mtt.ending[table.id] = DealEnd(mtt)
    row = table.row
    started = dict(zip(deal.seats, deal.stacks))
    out = [(row.seats[i].user_id, started[i]) for i in deal.seats if row.seats[i].stack == 0]
    for user, _ in out:
        index = table.seat_index(user)
        assert index is not None
        unseat(table, index)
        mtt.entries[user].table_id = None
    changed = [mtt.entries[user] for user, _ in out]
    if out:  # the announcement's players left, average stack and chip leaders
        ending.spawn(mtt.presenter.show_mtt(mtt))
    between = table.room.between_deals
    row.deadline = table.room.clock() + (table.spec.pause_after_deal if between is None else between)
    if mtt.state.hfh:
        mtt.state.hfh_busts.extend(out)
        mtt.state.hfh_done.append(table.id)
        row.deadline = None
    else:
        await mtt_places.knocked_out(mtt, tx, out)  # placed, or waiting while registration is open
        if not mtt.registration_open():
            changed += await mtt_places.fix_field(mtt, tx)
        if mtt_places.field_fixed(mtt) and mtt_seating.hand_for_hand(len(mtt.alive()), len(paid(mtt)),
                                                                     len(mtt.live_tables())):
            mtt.state.hfh, mtt.state.hfh_done, mtt.state.hfh_busts = True, [table.id], []
            row.deadline = None
            ending.spawn(mtt.presenter.announce_mtt(mtt, "bubble"))
    await check_round(mtt, tx, ending.spawn)
    if len(mtt.alive()) == 1 and not mtt.state.hfh_busts:
        changed += await finish(mtt, tx, table, ending.spawn)
    await tx.save_mtt(mtt.row, changed)
    ending.done()


def paid(mtt: Tournament) -> list[int]:
    """The prizes of the paid places, best first."""
    return [prize for prize in mtt.prize_table() if prize > 0]


async def check_round(mtt: Tournament, tx: Tx | None = None, spawn: Callable[[Work], None] | None = None) -> None:
    """Hand for hand (only once the field is fixed): once every table has finished the hand (or cannot
    deal), the players knocked out in it take their places together, ranked by the chips they started
    it with across the tables, and every table deals the next hand; past the bubble, play goes back
    to normal. In a deal end's ``tx``, its announcement waits for the commit (``spawn``)."""
    if not mtt.state.hfh:
        return
    done = set(mtt.state.hfh_done)
    if any(t.row.deal is not None or (t.id not in done and can_deal(t)) for t in mtt.live_tables()):
        return
    busts, mtt.state.hfh_done, mtt.state.hfh_busts = mtt.state.hfh_busts, [], []
    if tx is None:
        async with mtt.service.storage.transaction() as own:
            await own.save_mtt(mtt.row, await mtt_places.knocked_out(mtt, own, busts))
    else:
        await tx.save_mtt(mtt.row, await mtt_places.knocked_out(mtt, tx, busts))
    tables = len(mtt.live_tables())
    if not mtt_seating.hand_for_hand(len(mtt.alive()), len(paid(mtt)), tables) and len(mtt.alive()) <= len(paid(mtt)):
        mtt.state.hfh = False
        (spawn or mtt.spawn)(mtt.presenter.announce_mtt(mtt, "burst"))
    elif tables <= 1:
        mtt.state.hfh = False
    mtt.wake_all()


async def finish(mtt: Tournament, tx: Tx, table: LiveTable, spawn: Callable[[Work], None]) -> list[MttEntry]:
    """One player has every chip: they win the first prize (``places.win``); every entrant's
    finish counts in the results and ratings; the last table closes with its chips, which were the
    tournament's, and its end is announced once stored (``spawn``). It is finished before the first
    await, so nothing reads it in between as still playing with nobody left (an announcement saying
    "Players left 0" with a Pause button). Returns the entries placed."""
    mtt.row.status = "finished"
    mtt.state.finished_at = table.room.clock()
    placed = await mtt_places.win(mtt, tx, mtt.alive()[0])
    entries = list(mtt.entries.values())
    seats = [TableSeat(e.user_id, e.name, 0, is_bot=e.is_bot) for e in entries]
    await rate(table, tx, seats, [(e.place or 1) - 1 for e in entries], match=True)
    for seat in table.row.seats:
        seat.stack = 0
    table.row.status = "closed"
    table.row.deadline = None
    spawn(mtt.finished(table))
    return placed
