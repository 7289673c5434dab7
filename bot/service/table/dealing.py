"""Deals and turns: dealing from a seed, players' actions, computer players and seats that play
themselves, turns that run out of time, and replaying a deal in progress after a restart.

Every change is persisted before it is shown: each applied action is one transaction (one appended
action row, or the whole settlement when it ends the deal), so a restart replays the stored actions
and lands in exactly the same state.
"""
from __future__ import annotations

import asyncio
import logging
import random
import time

from bot.games.base import Action
from bot.games.cards import commitment
from bot.registry import game
from bot.service.events import shared_deals
from bot.service.table import presence, time_bank
from bot.service.table.command import command
from bot.service.table.live import LiveTable, Room
from bot.service.table.press import Press
from bot.service.table.settlement import end_deal
from bot.storage.records import Deal, Move, Straddle, TableRow

log = logging.getLogger(__name__)


def restored(room: Room, row: TableRow) -> LiveTable:
    """A stored table back in memory, its deal in progress replayed on a fresh engine. A deal stopped
    on a computer player's turn is due at once: the timer plays that turn (the computer's own
    choice, not a timeout) without holding up the start of the bot."""
    table = LiveTable(row=row, spec=game(row.game), room=room)
    if row.deal is not None:
        table.replay()
        if table.engine.outcome is None and any(plays_itself(table, s) for s in table.engine.to_act()):
            row.deadline = min(row.deadline or room.clock(), room.clock())
    table.note("The table was restored after a restart.")
    return table


def eligible(table: LiveTable) -> list[int]:
    """Seats dealt into the next deal. In a tournament everyone with chips is dealt in (absent
    players' blinds are posted and their hands folded for them)."""
    if table.kind.deals_everyone_with_chips:
        return [i for i, s in enumerate(table.row.seats) if s.stack > 0]
    return [i for i, s in enumerate(table.row.seats)
            if not s.sitting_out and not s.leaving and (not table.spec.chips or s.stack > 0)]


async def maybe_resume(table: LiveTable) -> None:
    """A playing table that was waiting for players deals again once it has enough."""
    row = table.row
    if row.status == "playing" and row.deal is None and row.deadline is None \
            and len(eligible(table)) >= table.spec.min_players:
        row.deadline = table.room.clock()
        async with table.room.storage.transaction() as tx:
            await tx.save_table(row)


async def start_deal(table: LiveTable) -> None:
    row = table.row
    hold = await table.kind.before_deal()  # a multi-table tournament seats, moves and times its tables
    if hold is not None:
        row.deadline = hold.until
        async with table.room.storage.transaction() as tx:
            await tx.save_table(row)
        return
    presence.sit_out_the_long_away(table, len(eligible(table)))
    dealt = eligible(table)
    if len(dealt) < table.spec.min_players:
        row.deadline = None
        async with table.room.storage.transaction() as tx:
            await tx.save_table(row)
        table.note("Waiting for more players with chips.")
        return
    carry = row.carry.to_json()  # the deal's: the engine's mapping, with where the button goes
    if table.spec.moves_button:
        dealt = presence.place_the_button(table, dealt, carry)
    row.hand_no += 1
    time_bank.refill(table, dealt)
    carry["hand_no"] = row.hand_no
    dealt_with = table.kind.deal_settings()
    if row.settings.straddle is not Straddle.OFF:  # who may straddle this deal, if their position comes up
        dealt_with["straddlers"] = [deal_seat for deal_seat, i in enumerate(dealt) if row.seats[i].straddles]
    seed, event_key = await shared_deals.deal_seed(table, dealt_with, carry)
    seats = [row.seats[i] for i in dealt]
    row.deal = Deal(seed=seed, commitment=commitment(seed), seats=dealt, names=[s.name for s in seats],
                    stacks=[s.stack for s in seats], bots=[s.is_bot for s in seats], carry=carry,
                    settings=dealt_with, event_key=event_key)
    row.step = 0
    table.engine = table.new_engine()
    table.turns.restart()
    table.track_turns()
    table.last_deal = None
    row.deadline = turn_deadline(table)
    table.note(f"Deal #{row.hand_no} starts. Deck SHA-256 {row.deal.commitment[:16]}…")
    table.kind.deal_started()
    await persist(table)
    await drive(table)


def turn_deadline(table: LiveTable) -> float | None:
    if table.engine is None or table.engine.outcome is not None:
        return None
    seconds = table.row.settings.turn_seconds  # None: the game's own time for this decision, if it sets one
    return table.room.clock() + float(seconds or table.engine.turn_seconds() or table.spec.turn_seconds)


async def act(table: LiveTable, press: Press) -> None:
    """A member's move from a button, select or form: judged once, here under the table's lock
    (``LiveTable.verify``: the table may have moved while the press travelled), then applied."""
    async with command(table):  # each action stores itself (``apply``): one transaction a move
        judged = table.verify(press)
        seat = table.table_seat_of(judged.deal_seat)
        timed_out, seat.timeouts = seat.timeouts, 0
        banked = time_bank.settle(table, seat)
        await apply(table, judged.deal_seat, judged.action, seats_changed=timed_out != 0 or banked)
        await drive(table)


async def apply(table: LiveTable, deal_seat: int, action: Action, *, seats_changed: bool = False) -> None:
    """Play one judged move (``LiveTable.verify``'s, or the engine's ``verify`` of a turn a seat plays
    itself) and persist it, with the chips it settles, in one transaction: stored as judged, so a
    replay plays it unjudged. ``seats_changed``: the seat records changed with it (a turn timed out,
    a timeout count reset)."""
    row = table.row
    assert row.deal is not None
    started = time.perf_counter()
    lines = table.engine.apply_judged(deal_seat, action)
    move = Move(deal_seat, action)
    row.deal.actions.append(move)
    row.step += 1
    table.track_turns()
    for line in lines:
        table.note(line)
    row.deadline = turn_deadline(table)
    await persist(table, (move, seats_changed))
    table.room.action_done(table.spec.name, time.perf_counter() - started)


async def persist(table: LiveTable, action: tuple[Move, bool] | None = None) -> None:
    """Store the table. An ``action`` (the move, whether the seats changed) of a deal
    still going is one write, its appended row (which carries the step, the deadline and changed
    seats); a new deal rewrites the table row; a deal that is over (even by forced bets alone)
    ends (``settlement.end_deal``)."""
    if table.engine.outcome is not None:
        await end_deal(table)
        return
    async with table.room.storage.transaction() as tx:
        if action is not None:
            move, seats_changed = action
            await tx.append_action(table.row, move, seats_changed=seats_changed)
        else:
            await tx.save_table(table.row)


async def drive(table: LiveTable) -> None:
    """Play every turn that no human needs to take: computer players, sitting-out or leaving seats.
    Each is stored on its own, so one that fails undoes nothing that led here (a member's move, a
    deal's start, which were stored): the table is put back as storage has it, and its deadline plays
    the turn again."""
    memory = table.checkpoint()
    try:
        await _automatic_turns(table)
    except Exception:
        log.exception("table %s: a turn played for a seat failed; the table is back as stored", table.id)
        await table.lock.restore_now(memory)


async def _automatic_turns(table: LiveTable) -> None:
    while table.engine is not None and table.engine.outcome is None and table.row.deal is not None:
        automatic = [s for s in table.engine.to_act() if plays_itself(table, s)]
        if not automatic:
            return
        for deal_seat in automatic:
            if deal_seat not in table.engine.to_act():
                continue
            if table.engine.ruling:  # a director's ruling: the solver, off the event loop
                action = await asyncio.to_thread(table.engine.ruling_action)
            elif table.table_seat_of(deal_seat).is_bot:
                action = await bot_choice(table, deal_seat)
            else:
                action = table.engine.timeout_action(deal_seat)
            await apply(table, deal_seat, table.engine.verify(deal_seat, action))
            if table.engine.outcome is not None:
                return


def plays_itself(table: LiveTable, deal_seat: int) -> bool:
    seat = table.table_seat_of(deal_seat)
    # bridge: the director rules on a rejected claim
    return bool(seat.is_bot or seat.sitting_out or seat.leaving or seat.away or table.engine.ruling)


async def bot_choice(table: LiveTable, deal_seat: int) -> Action:
    view = table.engine.view(deal_seat)
    legal = table.engine.legal_actions(deal_seat)
    assert table.row.deal is not None  # a computer player chooses in a deal
    rng = random.Random(f"{table.row.deal.seed}:{table.row.step}:{deal_seat}")
    if table.room.offload_bots:
        return await asyncio.to_thread(table.spec.choose, view, legal, rng)
    return table.spec.choose(view, legal, rng)


async def handle_deadline(table: LiveTable) -> bool:
    """The table's deadline, if it has passed: the next deal, or the turns that ran out of time.
    Returns whether it was due."""
    async with command(table) as run:
        row = table.row
        if row.deadline is None or row.deadline > table.room.clock() or row.status != "playing" or table.paused:
            run.show = False
            return False
        if row.deal is None:
            await start_deal(table)
        else:
            await time_out(table)
    return True


async def time_out(table: LiveTable) -> None:
    """Each seat whose turn ran out uses its time bank if it has one, else plays the game's timeout
    move; two in a row make a chip-game player away (a tournament's: sit out, dealt in all the same)."""
    banked = False
    for deal_seat in list(table.engine.to_act()):
        if table.engine.outcome is not None or deal_seat not in table.engine.to_act():
            continue
        if plays_itself(table, deal_seat):
            continue  # a computer's (or sitting-out) turn a restart interrupted: drive plays it
        seat = table.table_seat_of(deal_seat)
        if time_bank.start(table, seat):
            banked = True
            continue
        time_bank.settle(table, seat)  # a bank that ran out is spent
        action = table.engine.timeout_action(deal_seat)
        seat.timeouts += 1
        table.note(f"{seat.name} ran out of time.")
        if seat.timeouts >= 2 and table.spec.chips and table.kind.deals_everyone_with_chips:
            seat.sitting_out = True
            table.note(f"{seat.name} timed out twice and now sits out.")
        elif seat.timeouts >= 2 and table.spec.chips:
            seat.away = True
            table.note(f"{seat.name} timed out twice and is away: their turns are checked or folded "
                       "until they press I'm back.")
        await apply(table, deal_seat, table.engine.verify(deal_seat, action), seats_changed=True)
    if banked and table.engine.outcome is None:
        async with table.room.storage.transaction() as tx:
            await tx.save_table(table.row)
    await drive(table)
