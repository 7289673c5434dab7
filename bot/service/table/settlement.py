"""A deal's end, in the transaction of the action that ended it: the stacks, the hand's record,
results and ratings, and what comes next, which the table's kind decides (``kinds``: an event's
result, a tournament's step, computer players buying in again, a cash table's asked chips, leavers
going, the match's end or the next deal's deadline) from the steps written here."""
from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

from bot.games.base import Outcome
from bot.service.table import bounty
from bot.service.tournament.sit_and_go import busted_places, payouts
from bot.service.table.live import LiveTable
from bot.service.table.memory import LastDeal
from bot.service.money.ratings import rate
from bot.service.seasons import awards
from bot.service.table.seats import buy_in, buy_in_range, cash_out, pay_in, remove_seats, try_pay_in
from bot.storage.interface import Tx

log = logging.getLogger(__name__)
from bot.storage.records import Deal, StoredHand, TableCarry

def pause_after(table: LiveTable) -> float:
    """Seconds from a deal's end to the next deal."""
    return table.spec.pause_after_deal if table.room.between_deals is None else table.room.between_deals


async def end_deal(table: LiveTable) -> None:
    """The deal is over: settled and the table row rewritten in one transaction (the one that
    records the action that ended it); then a finished tournament's table is let go, and the kind
    hears that the deal is stored (an event may reveal the board to every table); its members'
    achievements are checked after (``bot.service.seasons.awards``)."""
    outcome = table.engine.outcome
    deal = table.row.deal
    assert outcome is not None and deal is not None
    analysis: object = None  # bridge: double dummy and par, solved off the loop before the export that carries it
    try:
        analysis = await asyncio.to_thread(table.engine.analyse)
    except Exception:  # the board ends all the same, without its analysis
        log.exception("table %s: the board's double-dummy analysis failed", table.id)
    with table.kind.deal_end():  # a tournament's part undone if the commit fails, announced once it is stored
        async with table.room.storage.transaction() as tx:
            hand = await settle(table, tx, outcome)
            await tx.save_table(table.row)
    if analysis is not None and table.engine.par_note():
        table.note(table.engine.par_note())
    if table.last_deal is not None:  # its web replay, for its message (a page's state kept: no read a deal)
        link = await table.room.hand_link(table.row.guild_id, table.id, table.row.hand_no)
        table.last_deal = replace(table.last_deal, link=link)
    if table.row.status == "closed":  # a tournament just finished and paid out
        table.room.forget(table)
    await table.kind.deal_stored(deal)
    awards.after_deal(table, hand)  # its members' achievements, off the lock, from the record in memory


async def settle(table: LiveTable, tx: Tx, outcome: Outcome) -> StoredHand:
    """The deal is over, in the transaction of the action that ended it, in named steps: the
    stacks, the hand's record, results and ratings, the deal closed; then what comes next, as the
    table's kind has it (``TableKind.after_deal``). Returns the hand as stored."""
    deal = table.row.deal
    assert deal is not None
    settle_stacks(table, outcome)
    bounty.collect(table, list(deal.seats))
    hand = await record_hand(table, tx, outcome)
    await record_results(table, tx, outcome)
    close_deal(table, outcome)
    await table.kind.after_deal(tx, deal, outcome)
    return hand


async def carry_on(table: LiveTable, tx: Tx, outcome: Outcome) -> None:
    """After a deal outside a tournament: the seats leaving go, and the match ends or the next deal
    is due after the pause."""
    await remove_seats(table, tx, [i for i, s in enumerate(table.row.seats) if s.leaving])
    if outcome.match_over:
        await end_match(table, tx)
    else:
        table.row.deadline = table.room.clock() + pause_after(table)


def settle_stacks(table: LiveTable, outcome: Outcome) -> None:
    """Each dealt seat's stack after the deal (the engine's deltas must balance)."""
    row, deal = table.row, table.row.deal
    assert deal is not None
    dealt = deal.seats
    if sum(outcome.deltas) != 0 or len(outcome.deltas) != len(dealt):
        raise RuntimeError(f"engine outcome does not balance: {outcome.deltas}")
    for k, index in enumerate(dealt):
        row.seats[index].stack = deal.stacks[k] + outcome.deltas[k]


async def record_hand(table: LiveTable, tx: Tx, outcome: Outcome) -> StoredHand:
    """The finished hand's record and export, its members' lines, and its action rows cleared;
    returned as stored (what ``hand_record`` would read back)."""
    row, deal = table.row, table.row.deal
    assert deal is not None
    dealt = deal.seats
    record = {"seats": dealt, "names": deal.names, "stacks": deal.stacks, "carry": deal.carry,
              "settings": deal.settings, "actions": [move.to_json() for move in deal.actions], "outcome": outcome.to_json(),
              "bots": deal.bots, "users": [row.seats[index].user_id for index in dealt]}
    hand = StoredHand(row.game, deal.seed, deal.commitment, record, table.spec.export(table.engine))
    await tx.insert_hand(row.id, row.hand_no, hand.game, hand.seed, hand.commitment, record, hand.export)
    nets = table.kind.counted_chips(outcome.deltas)
    members = [(k, row.seats[index].user_id, nets[k]) for k, index in enumerate(dealt)
               if not row.seats[index].is_bot]
    if members:
        await tx.insert_hand_players(row.guild_id, row.id, row.hand_no, row.game, members)
    await tx.clear_actions(row.id)
    return hand


def close_deal(table: LiveTable, outcome: Outcome) -> None:
    """The deal is gone from the table: what it hands to the next, its outcome and seed to show."""
    row, deal = table.row, table.row.deal
    assert deal is not None
    kept = TableCarry.from_json(deal.carry) if table.spec.moves_button else TableCarry()  # the button's place
    row.carry = replace(kept, game=dict(outcome.carry))
    row.deal = None
    table.last_deal = LastDeal(outcome, deal.seed, tuple(row.seats[index].user_id for index in deal.seats))
    table.room.deal_done(outcome.match_over)


async def rebuy_computer_players(table: LiveTable, tx: Tx) -> None:
    """A computer player who lost its stack buys in again from the house (chip games)."""
    row = table.row
    for seat in row.seats:
        if table.spec.chips and seat.is_bot and seat.stack == 0:
            amount = buy_in(table, None)
            await pay_in(table, tx, seat, amount, "rebuy")
            seat.stack = amount
            table.note(f"{seat.name} buys in again for {amount}.")


async def add_asked_chips(table: LiveTable, tx: Tx, dealt: list[int]) -> None:
    """At a cash table, the chips members asked for while they played the deal (a top-up), or their
    auto-rebuy when it left them without any, from their wallets, up to the table's maximum. A wallet
    that cannot pay now moves nothing, and its member is told in the table's log; one whose
    auto-rebuy fails sits out. A seat leaving gets nothing."""
    low, high = buy_in_range(table)
    assert high is not None  # a cash table has a maximum
    for index in dealt:
        seat = table.row.seats[index]
        asked, seat.top_up = seat.top_up, 0
        if seat.is_bot or seat.leaving:
            continue
        if seat.stack:
            chips, kind = min(asked, high - seat.stack), "top-up"
        else:
            chips, kind = min(asked or seat.auto_rebuy, high), "rebuy"
        if chips <= 0:
            continue
        if kind == "rebuy" and chips < low:
            table.note(f"{seat.name}'s {chips} chips are under the minimum buy-in ({low}) for an empty stack: "
                       "rebuy instead.")
        elif await try_pay_in(table, tx, seat, chips, kind):
            seat.stack += chips
            table.note(f"{seat.name} {'tops up' if kind == 'top-up' else 'buys in again for'} {chips}"
                       f"{' (auto-rebuy)' if not asked else ''}.")
        elif asked:
            table.note(f"{seat.name}'s {kind} of {chips} is dropped: their wallet is short of it.")
        else:
            seat.sitting_out = True
            table.note(f"{seat.name}'s auto-rebuy of {chips} failed: their wallet is short of it. "
                       f"{seat.name} sits out until they rebuy.")


async def end_match(table: LiveTable, tx: Tx) -> None:
    """The match is over: back to the lobby (a chip game's stacks back in their wallets)."""
    row = table.row
    row.status = "lobby"
    row.carry = TableCarry()
    row.deadline = None
    if table.spec.chips:  # a match is played for its buy-in: everyone cashes out at the end
        for seat in row.seats:
            await cash_out(table, tx, seat)
            seat.stack = 0
        table.note("The match is over: every stack is back in its wallet. Join again to play another.")
    else:
        table.note("The match is over. /start plays another.")


async def record_results(table: LiveTable, tx: Tx, outcome: Outcome) -> None:
    """Chips won per hand for everyone; ratings from the deal's ranking (a match's finishing
    places, or a cash game hand's winners), but not per hand in a tournament."""
    row = table.row
    assert row.deal is not None  # results are recorded before the deal is closed
    seats = [row.seats[i] for i in row.deal.seats]
    ranking = list(outcome.ranking) if outcome.ranking is not None else [0] * len(seats)
    if table.kind.deals_everyone_with_chips:  # a tournament rates its finish, not each deal
        ranking = [0] * len(seats)
    elif outcome.ranking is None and table.spec.chips:
        order = sorted(set(outcome.deltas), reverse=True)
        ranking = [order.index(d) for d in outcome.deltas]
    await rate(table, tx, seats, ranking, match=outcome.match_over, deltas=table.kind.counted_chips(outcome.deltas))


async def tournament_step(table: LiveTable, tx: Tx, deal: Deal) -> None:
    """After a tournament hand: places for the players knocked out; the finish when one is left."""
    row = table.row
    dealt = deal.seats
    hand_stacks = dict(zip(dealt, deal.stacks))
    remaining = sum(1 for s in row.seats if s.place is None)
    busted = [i for i in dealt if row.seats[i].stack == 0]  # only seats with chips are dealt in
    for index, place in zip(busted, busted_places(remaining, [hand_stacks[i] for i in busted])):
        row.seats[index].place = place
        table.note(f"{row.seats[index].name} is out in place {place}.")
    alive = [s for s in row.seats if s.place is None]
    if len(alive) > 1:
        row.deadline = table.room.clock() + pause_after(table)
        return
    for seat in alive:
        seat.place = 1
    places = [s.place or 1 for s in row.seats]  # every seat has its place now
    prizes = payouts(sum(s.stack for s in row.seats), len(row.seats))
    for seat, place in zip(row.seats, places):
        seat.stack = prizes[place - 1] if place <= len(prizes) else 0
    standings = ", ".join(f"{place}. {s.name} ({s.stack})" for place, s in sorted(zip(places, row.seats),
                                                                                  key=lambda p: p[0]))
    table.note(f"The tournament is over: {standings}.")
    await rate(table, tx, row.seats, [place - 1 for place in places], match=True)
    await remove_seats(table, tx, list(range(len(row.seats))))
    row.status = "closed"
    row.deadline = None
