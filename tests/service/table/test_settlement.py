"""Settlement: what a finished deal leaves behind (stacks, the hand record, results and ratings,
wallets at a match's end, computer players buying in again, leavers cashed out), in the
transaction of the action that ended it. Each test settles a deal of a real table with a chosen
outcome, so every seat's part is known."""
from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from bot.games.base import Outcome
from bot.service.table import settlement
from bot.service.table.live import LiveTable
from bot.service.tables import TableService
from bot.storage.interface import HOUSE
from bot.storage.records import TableCarry
from tests.support.service_rig import ALICE, BOB, CAROL, GUILD, Clock, open_service, holdem_table


async def _settle(service: TableService, live: LiveTable, *deltas: int, **more: Any) -> Outcome:
    outcome = Outcome(tuple(deltas), more.pop("summary", "The deal is over."), **more)
    async with service.storage.transaction() as tx:
        await settlement.settle(live, tx, outcome)
        await tx.save_table(live.row)
    return outcome


def _users(live: LiveTable) -> list[int]:
    """The user of each seat dealt in, in deal order."""
    return [live.row.seats[i].user_id for i in live.row.deal.seats]  # type: ignore[union-attr]


async def _rating(service: TableService, user: int) -> float | None:
    (row,) = await service.storage.stats(GUILD, user)
    return row[5]


async def test_a_deal_sets_the_stacks_records_the_hand_and_schedules_the_next(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await holdem_table(service, (ALICE, BOB, CAROL))
    await live.commands.start(ALICE)
    hand = live.row.deal
    assert hand is not None
    users, before = _users(live), list(hand.stacks)
    deltas = (60, 0, -60)
    outcome = await _settle(service, live, *deltas, summary="p1 wins 60.", carry={"dealt": 1})
    stacks = {s.user_id: s.stack for s in live.row.seats}
    assert [stacks[u] for u in users] == [b + d for b, d in zip(before, deltas)]
    record = await service.storage.hand_record(live.id, 1)
    assert record is not None and (record.seed, record.commitment) == (hand.seed, hand.commitment)
    assert record.record == {"seats": hand.seats, "names": hand.names, "stacks": before,
                                "carry": hand.carry, "settings": hand.settings, "actions": [move.to_json() for move in hand.actions],
                                "outcome": json.loads(json.dumps(outcome.to_json())), "bots": hand.bots,
                                "users": users}
    assert record.game == "holdem" and record.export == live.spec.export(live.engine)
    assert live.row.deal is None and live.last_deal.outcome is outcome and live.last_deal.seed == hand.seed
    assert "p1 wins 60." not in live.log, "the engine logs its own result: the settlement does not write it again"
    assert live.row.carry == TableCarry(button_seat=hand.carry["button_seat"], last_dealt=users, game={"dealt": 1}), \
        "the button stays put, and who was dealt in is kept for the next deal's button"
    assert live.row.deadline == clock.now + 2 and live.row.status == "playing"
    assert (service.deals_finished, service.matches_finished) == (1, 0)
    assert await service.storage._db.fetch("SELECT COUNT(*) FROM actions WHERE table_id = ?", live.id) == [(0,)]
    results = {u: (await service.storage.stats(GUILD, u))[0] for u in users}
    assert [results[u][1:5] for u in users] == [(1, d, 0, 0) for d in deltas], "one hand, its chips, no match"
    first, middle, last = (results[u][5] for u in users)
    assert first > middle > last, "a cash hand rates the winner above the even seat above the loser"


async def test_ratings_build_on_the_last_and_a_tie_rates_nobody(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service, (ALICE, BOB))
    await live.commands.start(ALICE)
    winner, loser = _users(live)
    await _settle(service, live, 0, 0, summary="Split pot.")
    assert [await _rating(service, u) for u in (winner, loser)] == [None, None], "a tie ranks nobody"
    for hand_no in (2, 3):
        live.row.deadline = 0
        await service.tick()
        assert live.row.hand_no == hand_no
        first, second = _users(live)
        await _settle(service, live, *((10, -10) if first == winner else (-10, 10)))
        if hand_no == 2:
            once = await _rating(service, winner)
    assert await _rating(service, winner) > once > await _rating(service, loser), "two wins rate higher than one"
    assert (service.deals_finished, service.matches_finished) == (3, 0)
    assert [(await service.storage.stats(GUILD, u))[0][1:3] for u in (winner, loser)] == [(3, 20), (3, -20)]


async def test_a_busted_computer_player_buys_in_again_from_the_house(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service, (ALICE, BOB))
    await live.commands.add_bot(ALICE)
    await live.commands.start(ALICE)
    house = await service.storage.balance(GUILD, HOUSE)
    users, stacks = _users(live), live.row.deal.stacks  # type: ignore[union-attr]
    bot, bob = users.index(live.row.seats[2].user_id), users.index(BOB)
    deltas = [0, 0, 0]
    deltas[bot], deltas[bob] = -stacks[bot], -stacks[bob]
    deltas[users.index(ALICE)] = stacks[bot] + stacks[bob]
    await _settle(service, live, *deltas)
    assert [s.stack for s in live.row.seats] == [3000, 0, 1000], "the bot buys in again, Bob does not"
    assert await service.storage.balance(GUILD, HOUSE) == house - 1000
    assert live.log[-1] == f"{live.row.seats[2].name} buys in again for 1000."


async def test_a_seat_leaving_during_the_deal_is_cashed_out_when_it_ends(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service, (ALICE, BOB, CAROL))
    await live.commands.start(ALICE)
    await live.commands.leave(CAROL)
    assert live.row.deal is not None and live.row.seats[2].leaving, "Carol stays seated until the deal ends"
    users = _users(live)
    deltas = [0, 0, 0]
    deltas[users.index(CAROL)], deltas[users.index(ALICE)] = 25, -25
    stack = live.row.deal.stacks[users.index(CAROL)]  # type: ignore[union-attr]
    await _settle(service, live, *deltas)
    assert [s.user_id for s in live.row.seats] == [ALICE, BOB]
    assert await service.storage.balance(GUILD, CAROL) == stack + 25


@pytest.mark.parametrize("game", ["holdem", "saint"])
async def test_the_end_of_a_match_pays_every_stack_back_and_counts_the_win(database: str, game: str) -> None:
    service = await open_service(database)
    live = await service.create(GUILD, 70, game, ALICE, "Ann", {}, None)
    await live.commands.join(BOB, "Bob")
    await live.commands.add_bot(ALICE)
    async with service.storage.transaction() as tx:
        await tx.move_wallet(GUILD, HOUSE, 0)
    wallets = {u: await service.storage.balance(GUILD, u) for u in (ALICE, BOB, HOUSE)}
    await live.commands.start(ALICE)
    users = _users(live)
    chips = live.spec.chips
    deltas = [0, 0, 0]  # Ann wins the last deal; Bob, the match (its places, not the last deal, rank it)
    deltas[users.index(ALICE)], deltas[users.index(BOB)] = (30, -30) if chips else (0, 0)
    ranking = [1, 1, 1]
    ranking[users.index(BOB)] = 0
    stacks = {u: s for u, s in zip(users, live.row.deal.stacks)}  # type: ignore[union-attr]
    await _settle(service, live, *deltas, match_over=True, ranking=tuple(ranking))
    assert (live.row.status, live.row.deadline, live.row.carry, service.matches_finished) == ("lobby", None, TableCarry(), 1)
    if chips:
        assert [s.stack for s in live.row.seats] == [0, 0, 0]
        bot = live.row.seats[2].user_id
        paid = {u: stacks[u] + deltas[users.index(u)] for u in (ALICE, BOB)} | {HOUSE: stacks[bot]}
        assert {u: await service.storage.balance(GUILD, u) - wallets[u] for u in wallets} == paid, \
            "every stack back in its wallet, the bot's in the house's"
        assert live.log[-1].startswith("The match is over: every stack is back in its wallet.")
        for user, name in ((ALICE, "Ann"), (BOB, "Bob")):
            await live.commands.join(user, name, 500)
        computer = dataclasses.replace(live.row.seats[2])
        house = await service.storage.balance(GUILD, HOUSE)
        await live.commands.start(ALICE)  # the next match: the computer player buys in again, from the house
        buy_in = live.spec.default_buy_in
        assert live.row.seats[2] == dataclasses.replace(computer, stack=buy_in) and len(live.row.seats) == 3
        assert live.log.count(f"{computer.name} sits down with {buy_in} chips.") == 2, "at the first match and now"
        assert await service.storage.balance(GUILD, HOUSE) == house - buy_in and len(live.row.deal.seats) == 3
    else:
        assert {u: await service.storage.balance(GUILD, u) for u in wallets} == wallets
        assert live.log[-1] == "The match is over. /start plays another."
        await live.commands.start(ALICE)
        await _settle(service, live, 0, 0, 0)
        assert (service.deals_finished, service.matches_finished) == (2, 1)
    results = {u: (await service.storage.stats(GUILD, u))[0] for u in (ALICE, BOB)}
    assert [results[u][3:5] for u in (ALICE, BOB)] == [(1, 0), (1, 1)], "one match each, Bob's win"
    assert results[BOB][5] > results[ALICE][5]


async def test_an_outcome_that_makes_or_loses_chips_is_refused(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service, (ALICE, BOB))
    await live.commands.start(ALICE)
    seats = [dataclasses.replace(s) for s in live.row.seats]
    total = await service.storage.total_chips()
    for deltas in ((10, 0), (10, -10, 0), (5, -4)):
        with pytest.raises(RuntimeError, match="does not balance"):
            await _settle(service, live, *deltas)
    assert live.row.seats == seats and live.row.deal is not None
    assert await service.storage.hand_record(live.id, 1) is None
    assert await service.storage.total_chips() == total


async def test_a_tournament_hand_rates_nobody(database: str) -> None:
    service = await open_service(database)
    settings = {"mode": "tournament", "buy_in": 200, "min_buy_in": 200}
    live = await service.create(GUILD, 70, "holdem", ALICE, "Ann", settings, None)
    await live.commands.join(BOB, "Bob")
    await live.commands.join(CAROL, "Cat")
    await live.commands.start(ALICE)
    users = _users(live)
    await _settle(service, live, *[40 if u == ALICE else -20 for u in users])
    assert [(await service.storage.stats(GUILD, u))[0][1:] for u in (ALICE, BOB)] == [
        (1, 40, 0, 0, None), (1, -20, 0, 0, None)], "rated once, by the finishing places"


async def test_a_tied_match_is_nobody_s_win(database: str) -> None:
    service = await open_service(database)
    live = await service.create(GUILD, 70, "saint", ALICE, "Ann", {}, None)
    await live.commands.join(BOB, "Bob")
    await live.commands.start(ALICE)
    await _settle(service, live, 0, 0, match_over=True, ranking=(0, 0))
    assert [(await service.storage.stats(GUILD, u))[0][1:] for u in (ALICE, BOB)] == [(1, 0, 1, 0, None)] * 2


async def test_a_tournament_s_end_counts_its_hands_once_and_its_winner(database: str) -> None:
    service = await open_service(database)
    settings = {"mode": "tournament", "buy_in": 200, "min_buy_in": 200}
    live = await service.create(GUILD, 70, "holdem", ALICE, "Ann", settings, None)
    await live.commands.join(BOB, "Bob")
    await live.commands.start(ALICE)
    users = _users(live)
    await _settle(service, live, *[200 if u == ALICE else -200 for u in users])
    assert live.row.status == "closed"
    ann, bob = [(await service.storage.stats(GUILD, u))[0] for u in (ALICE, BOB)]
    assert (ann[1:5], bob[1:5]) == ((1, 200, 1, 1), (1, -200, 1, 0)), "one hand, its chips, the match"
    assert ann[5] > bob[5]
    assert [await service.storage.balance(GUILD, u) for u in (ALICE, BOB)] == [1200, 800], "the winner takes all"


async def test_a_deal_of_computer_players_alone_records_no_result(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service, (ALICE,))
    for _ in range(2):
        await live.commands.add_bot(ALICE)
    await live.commands.sit_out(ALICE)
    await live.commands.start(ALICE)  # the two bots play the deal out at once
    assert (service.deals_finished, live.row.deal) == (1, None)
    record = await service.storage.hand_record(live.id, 1)
    assert record is not None and record.record["seats"] == [1, 2], "Ann (seat 0) sat out"
    assert await service.storage.standings(GUILD, "holdem", None) == []
    assert await service.storage.standings(GUILD, "holdem", 0.0) == [], "no member's row for the deal"
