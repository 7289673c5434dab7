"""Chips at a cash table through the service: the minimum and maximum buy-in, rebuys, top-ups at once
or when the deal the member plays ends, auto-rebuy, the refusals; every chip moved is a ledger line
written with it, and the chips in wallets and at tables add up throughout. Deals are settled with a
chosen outcome (``settlement.settle``, as the deal's last action would), so every seat's part is known."""
from __future__ import annotations

import pytest

from bot.errors import UserError
from bot.games.base import Outcome
from bot.service.table import settlement
from bot.service.table.live import LiveTable
from bot.service.tables import TableService
from bot.storage.interface import HOUSE, InsufficientChips
from tests.support.service_rig import ALICE, BOB, CAROL, CHANNEL, GUILD, open_service

CASH = {"min_buy_in": 200, "max_buy_in": 1500}  # at 5/10: the table's buy-in is 1000


async def _table(service: TableService, settings: dict[str, object] | None = None) -> LiveTable:
    live = await service.create(GUILD, CHANNEL, "holdem", ALICE, "Ann", dict(CASH if settings is None else settings),
                                None)
    await live.commands.join(BOB, "Bob")
    return live


async def _settle(service: TableService, live: LiveTable, wins: dict[int, int]) -> None:
    """End the deal in progress: each member in ``wins`` wins (loses) that much, the rest nothing."""
    users = [live.row.seats[i].user_id for i in live.row.deal.seats]  # type: ignore[union-attr]
    deltas = tuple(wins.get(user, 0) for user in users)
    async with service.storage.transaction() as tx:
        await settlement.settle(live, tx, Outcome(deltas, "over"))
        await tx.save_table(live.row)


async def _fund(service: TableService, **chips: int) -> None:
    """More chips in members' wallets (``bob=500``), from outside the tables."""
    users = {"ann": ALICE, "bob": BOB, "cat": CAROL}
    async with service.storage.transaction() as tx:
        for who, amount in chips.items():
            await tx.move_wallet(GUILD, users[who], amount)


def _stacks(live: LiveTable) -> dict[int, int]:
    return {seat.user_id: seat.stack for seat in live.row.seats}


async def _moves(service: TableService, live: LiveTable) -> list[tuple[int, str, int]]:
    return [(e.user_id, e.kind, e.chips) for e in await service.storage.ledger_entries(GUILD, [live.id])]


async def test_a_buy_in_is_held_between_the_tables_minimum_and_maximum(database: str) -> None:
    service = await open_service(database)
    live = await _table(service)
    await _fund(service, cat=500)
    with pytest.raises(UserError, match=r"^The buy-in must be at least 200 chips\.$"):
        await live.commands.join(CAROL, "Cat", 150)
    with pytest.raises(UserError, match=r"^The buy-in can be at most 1500 chips, this table's maximum\.$"):
        await live.commands.join(CAROL, "Cat", 1600)
    await live.commands.join(CAROL, "Cat", 1500)
    assert _stacks(live) == {ALICE: 1000, BOB: 1000, CAROL: 1500}
    assert await _moves(service, live) == [(ALICE, "buy-in", 1000), (BOB, "buy-in", 1000), (CAROL, "buy-in", 1500)]
    plain = await service.create(GUILD, CHANNEL + 1, "holdem", 4, "Dan", {}, None)  # no range in its settings
    with pytest.raises(UserError, match="at most 2500 chips"):  # 25 minimum buy-ins: 250 big blinds
        await plain.commands.join(CAROL, "Cat", 2600)


async def test_rebuy_and_top_up_between_hands(database: str) -> None:
    service = await open_service(database)
    live = await _table(service)
    await _fund(service, bob=3000)
    total = await service.storage.total_chips()
    await live.commands.start(ALICE)
    with pytest.raises(UserError, match=r"^You still have 1000 chips here: a rebuy is for an empty stack\. Top up "
                                        r"instead \(`/holdem topup`\), up to the table's maximum of 1500\.$"):
        await live.commands.rebuy(BOB)
    await _settle(service, live, {ALICE: 1000, BOB: -1000})
    assert _stacks(live) == {ALICE: 2000, BOB: 0}
    with pytest.raises(UserError, match=r"^You have no chips here: rebuy instead \(`/holdem rebuy`, from 200 to "
                                        r"1500 chips\)\.$"):
        await live.commands.top_up(BOB)
    with pytest.raises(UserError, match=r"^You have 2000 chips, the table's maximum is 1500: there is nothing to top up\.$"):
        await live.commands.top_up(ALICE)
    with pytest.raises(UserError, match="at most 1500"):
        await live.commands.rebuy(BOB, 1600)
    with pytest.raises(UserError, match=r"^You are not seated at this table: join it first \(`/holdem join`\)\.$"):
        await live.commands.rebuy(CAROL)
    assert await live.commands.rebuy(BOB, 300) == "You bought in again for 300 chips."
    with pytest.raises(UserError, match=r"^You can add at most 1200 chips: the table's maximum is 1500 and you have 300\.$"):
        await live.commands.top_up(BOB, 1201)
    assert await live.commands.top_up(BOB, 200) == \
        "You topped up 200 chips: your stack is 500 (the table's maximum is 1500)."
    assert "your stack is 1500" in await live.commands.top_up(BOB)  # no amount: up to the maximum
    assert await service.storage.balance(GUILD, BOB) == 3000 - 300 - 200 - 1000
    assert await _moves(service, live) == [(ALICE, "buy-in", 1000), (BOB, "buy-in", 1000), (BOB, "rebuy", 300),
                                           (BOB, "top-up", 200), (BOB, "top-up", 1000)]
    assert await service.storage.total_chips() == total


async def test_a_top_up_during_a_hand_is_added_when_it_ends(database: str) -> None:
    service = await open_service(database)
    live = await _table(service)
    await _fund(service, bob=400, cat=0)
    total = await service.storage.total_chips()
    await live.commands.start(ALICE)
    await live.commands.join(CAROL, "Cat", 300)  # not in this hand: her top-up is paid at once
    assert await live.commands.top_up(CAROL, 200) == \
        "You topped up 200 chips: your stack is 500 (the table's maximum is 1500)."
    answer = await live.commands.top_up(BOB, 400)
    assert answer == "Taken: 400 chips are added to your stack when this hand ends (never past the table's maximum of 1500)."
    assert _stacks(live) == {ALICE: 1000, BOB: 1000, CAROL: 500} and live.row.seats[1].top_up == 400
    with pytest.raises(InsufficientChips, match=r"^You have 0 chips; that needs 500\. Try /daily or a smaller top-up\.$"):
        await live.commands.top_up(ALICE)  # Ann's wallet went into her buy-in
    restarted = await open_service(database)  # the request is kept on the seat, across a restart
    again = restarted.tables[live.id]
    assert again.row.seats[1].top_up == 400
    await _settle(restarted, again, {ALICE: -300, BOB: 300})
    assert _stacks(again) == {ALICE: 700, BOB: 1500, CAROL: 500}, "Bob's 1300 takes only 200 up to the maximum"
    assert again.row.seats[1].top_up == 0 and "Bob tops up 200." in again.log
    assert await _moves(restarted, again) == [(ALICE, "buy-in", 1000), (BOB, "buy-in", 1000), (CAROL, "buy-in", 300),
                                              (CAROL, "top-up", 200), (BOB, "top-up", 200)]
    assert await restarted.storage.total_chips() == total


async def test_auto_rebuy_buys_in_again_or_sits_the_member_out(database: str) -> None:
    service = await open_service(database)
    live = await _table(service)
    await live.commands.join(CAROL, "Cat", 1000)
    await _fund(service, bob=500)
    total = await service.storage.total_chips()
    answer = await live.commands.auto_rebuy(BOB, 500)
    assert answer.startswith("Auto-rebuy is on: whenever a hand leaves you without chips you buy in again for 500")
    assert await live.commands.auto_rebuy(CAROL) != "Auto-rebuy is off."  # on, for the table's buy-in
    assert live.row.seats[2].auto_rebuy == 1000
    with pytest.raises(UserError, match="at least 200"):
        await live.commands.auto_rebuy(BOB, 100)
    await live.commands.start(ALICE)
    await _settle(service, live, {ALICE: 2000, BOB: -1000, CAROL: -1000})
    assert _stacks(live) == {ALICE: 3000, BOB: 500, CAROL: 0}, "Bob's wallet pays 500; Cat's is empty"
    assert live.row.seats[2].sitting_out and not live.row.seats[1].sitting_out
    assert "Bob buys in again for 500 (auto-rebuy)." in live.log
    assert "Cat's auto-rebuy of 1000 failed: their wallet is short of it. Cat sits out until they rebuy." in live.log
    async with service.storage.transaction() as tx:
        await tx.move_wallet(GUILD, CAROL, 300)
    assert await live.commands.rebuy(CAROL, 300) == "You bought in again for 300 chips."
    assert not live.row.seats[2].sitting_out, "buying in again is coming back"
    assert await live.commands.auto_rebuy(BOB) == "Auto-rebuy is off."
    assert await service.storage.total_chips() == total + 300


async def test_a_computer_players_chips_are_ledger_lines_and_the_house_is_no_player(database: str) -> None:
    service = await open_service(database)
    live = await _table(service)
    name = await live.commands.add_bot(ALICE)
    bot = live.row.seats[2].user_id
    await live.commands.start(ALICE)
    await _settle(service, live, {ALICE: 1000, bot: -1000})
    assert live.row.seats[2].stack == 1000 and f"{name} buys in again for 1000." in live.log
    await live.commands.leave(BOB)
    assert await _moves(service, live) == [(ALICE, "buy-in", 1000), (BOB, "buy-in", 1000), (bot, "buy-in", 1000),
                                           (bot, "rebuy", 1000), (BOB, "cash-out", 1000)]
    assert all(entry.user_id != HOUSE for entry in await service.storage.ledger_entries(GUILD, [live.id]))


async def test_a_tournament_and_a_match_game_have_no_rebuys(database: str) -> None:
    service = await open_service(database)
    tournament = await service.create(GUILD, CHANNEL, "holdem", ALICE, "Ann",
                                      {"mode": "tournament", "buy_in": 200, "min_buy_in": 200}, None)
    for ask in (tournament.commands.rebuy, tournament.commands.top_up, tournament.commands.auto_rebuy):
        with pytest.raises(UserError, match=r"^A tournament has no rebuys or top-ups: everyone plays the chips they started with\.$"):
            await ask(ALICE)
    squared = await service.create(GUILD, CHANNEL + 1, "squared", BOB, "Bob", {}, None)
    with pytest.raises(UserError, match=r"^Poker Squared is played for one buy-in: there is no rebuy or top-up\.$"):
        await squared.commands.top_up(BOB)
