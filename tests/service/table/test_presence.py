"""Time at a poker table: a time bank used once the turn's clock runs out, kept across a restart and
refilled every few hands; away players dealt in and folded for; a member who waits for the big
blind is dealt in on the deal where they are the big blind."""
from __future__ import annotations

from typing import Any

from bot.service.table.press import Press
import pytest

from bot.errors import UserError
from bot.games.base import Action
from bot.service.table.live import LiveTable
from bot.service.tables import TableService
from tests.support.service_rig import ALICE, BOB, CAROL, CHANNEL, GUILD, Clock, open_service
from tests.support.table_play import big_blind_seat

DAVE = 4


async def _table(service: TableService, settings: dict[str, Any], players: tuple[int, ...] = (ALICE, BOB)) -> LiveTable:
    live = await service.create(GUILD, CHANNEL, "holdem", players[0], f"p{players[0]}", settings, None)
    for user in players[1:]:
        await live.commands.join(user, f"p{user}")
    return live


def _turn(live: LiveTable) -> int:
    return live.table_seat_of(live.engine.to_act()[0]).user_id


async def _act(service: TableService, live: LiveTable, kind: str) -> None:
    await service.tables[live.id].commands.act(Press(_turn(live), live.row.hand_no, live.row.step, Action(kind)))


async def _passive(service: TableService, live: LiveTable, first_choice: str) -> None:
    """``first_choice`` (fold or call) when there is a bet to face, else check."""
    kinds = {spec.kind for spec in live.engine.legal_actions(live.engine.to_act()[0])}
    await _act(service, live, first_choice if first_choice in kinds else "check")


async def test_a_time_bank_runs_after_the_turn_clock_keeps_what_is_left_and_survives_a_restart(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await _table(service, {"time_bank": 30, "time_bank_hands": 3})
    await live.commands.start(ALICE)
    first = _turn(live)
    seat = live.row.seats[live.seat_index(first)]
    assert seat.time_bank == 30 and seat.bank_hand == 1, "filled when dealt in"
    clock.now += 61
    assert await service.tick() == 1
    assert live.row.step == 0 and seat.bank_since == clock.now and live.row.deadline == clock.now + 30
    assert f"p{first} is using their time bank (30 s)." in live.log
    assert await service.tick() == 0, "nothing is due while the bank runs"

    again = await open_service(database, clock)  # a restart in the middle of the bank
    live = again.in_channel(CHANNEL)
    assert live is not None and live.row.deadline == clock.now + 30
    seat = live.row.seats[live.seat_index(first)]
    assert seat.bank_since is not None
    clock.now += 12
    await _act(again, live, "call")
    assert seat.bank_since is None and seat.time_bank == 18, "12 of its 30 seconds used"

    while _turn(live) != first:  # the other player checks; back to the first player's next turn
        await _act(again, live, "check")
    clock.now += 61
    await again.tick()
    assert seat.bank_since is not None and live.row.deadline == clock.now + 18
    clock.now += 18
    await again.tick()
    assert seat.time_bank == 0 and seat.timeouts == 1 and f"p{first} ran out of time." in live.log

    while live.row.hand_no < 4:  # three hands on, the bank is full again
        if live.row.deal is None:
            clock.now += 3
            await again.tick()
            continue
        await _passive(again, live, "fold")
    assert seat.time_bank == 30 and seat.bank_hand == 4


async def test_a_member_who_waits_for_the_big_blind_is_dealt_in_on_that_deal(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await _table(service, {}, (ALICE, BOB, CAROL))
    await live.commands.start(ALICE)
    await live.commands.join(DAVE, "p4", wait_for_big_blind=True)
    waiting = live.row.seats[live.seat_index(DAVE)]
    assert waiting.waits_for_big_blind and "p4 waits for the big blind." in live.log
    dealt_in: list[bool] = []
    for _ in range(4):
        while live.row.deal is not None:
            await _passive(service, live, "fold")
        clock.now += 3
        await service.tick()
        seats = live.row.deal.seats if live.row.deal else []
        dealt_in.append(live.seat_index(DAVE) in seats)
        if dealt_in[-1]:
            assert big_blind_seat(live) == live.seat_index(DAVE), "dealt in as the big blind"
            break
    assert dealt_in[-1] and not waiting.waits_for_big_blind and dealt_in.count(True) == 1


async def test_waiting_for_the_big_blind_needs_blinds_and_never_stops_a_game(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    stud = await service.create(GUILD, CHANNEL + 1, "stud", CAROL, "p3", {}, None)
    with pytest.raises(UserError, match="for tables with blinds"):
        await stud.commands.join(DAVE, "p4", wait_for_big_blind=True)
    live = await _table(service, {}, (ALICE,))
    await live.commands.join(BOB, "p2", wait_for_big_blind=True)
    assert not live.row.seats[1].waits_for_big_blind, "in the lobby nobody has missed a blind"
    await live.commands.start(ALICE)
    assert len(live.row.deal.seats) == 2


async def test_away_players_are_dealt_in_and_folded_for_until_they_are_back(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await _table(service, {}, (ALICE, BOB, CAROL))
    await live.commands.start(ALICE)
    await live.commands.away(CAROL)
    carol = live.row.seats[live.seat_index(CAROL)]
    assert carol.away and "p3 is away." in live.log
    while live.row.deal is not None:
        assert _turn(live) != CAROL, "an away player's turns play themselves"
        await _passive(service, live, "call")
    clock.now += 3
    await service.tick()
    assert live.seat_index(CAROL) in live.row.deal.seats and carol.away_deals == 1
    await live.commands.come_back(CAROL)  # I'm back
    assert not carol.away and carol.away_deals == 0 and f"p{CAROL} is back." in live.log
