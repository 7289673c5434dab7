"""Every seat-based option at tables where some seats are out of the deal (sitting out, away for an
orbit, waiting for the big blind), so that a deal's seat numbers differ from the table's: each option
applies to the member it is for. Straddles (under the gun and on the button), the big-blind ante, a
bomb pot, the 7-2 bounty, the time bank, waiting for the big blind and run it twice."""
from __future__ import annotations

from typing import Any

from bot.service.table.press import Press
import pytest
from pokerkit import AntePosting

from bot.games.base import Action
from bot.service.table.live import LiveTable
from bot.service.tables import TableService
from tests.service.table.test_bounty import WINS_THE_SHOWDOWN
from tests.support.service_rig import ALICE, BOB, CAROL, Clock, open_service
from tests.support.table_play import big_blind_seat, deal_seats, finish_hand, next_deal, passive, poker_table, turn

DAVE, ERIN = 4, 5
FIVE = (ALICE, BOB, CAROL, DAVE, ERIN)


async def _five_with_gaps(service: TableService, settings: dict[str, Any], *out: int) -> LiveTable:
    """Five members at table seats 0-4, those in ``out`` sitting out, the first deal dealt."""
    live = await poker_table(service, settings, FIVE)
    for user in out:
        await live.commands.sit_out(user)
    await live.commands.start(ALICE)
    assert len(deal_seats(live)) == 5 - len(out)
    return live


def _button(live: LiveTable) -> int:
    """The table seat with the button this deal."""
    assert live.row.deal is not None
    return deal_seats(live)[live.row.deal.carry["dealer"]]


def _table_seat(live: LiveTable, player: int) -> int:
    """The table seat of a pokerkit player of this deal."""
    return deal_seats(live)[live.engine._seat_of(player)]


@pytest.mark.parametrize("where, out", [("under the gun", (BOB,)), ("under the gun", (ALICE, CAROL)),
                                        ("button", (CAROL,)), ("button", (ALICE, ERIN))])
async def test_a_straddle_is_posted_by_the_member_who_chose_it_whatever_the_gaps(database: str, where: str,
                                                                                 out: tuple[int, ...]) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await _five_with_gaps(service, {"straddle": where}, *out)
    assert await live.commands.straddle(DAVE)
    posted = 0
    for _ in range(2 * len(deal_seats(live))):  # two orbits
        await finish_hand(service, live, "fold")
        await next_deal(service, live, clock)
        dealt = deal_seats(live)
        place = dealt.index(_button(live))
        position = dealt[(place + 3) % len(dealt)] if where == "under the gun" else dealt[place]
        straddler = live.engine.forced.straddler
        if position == live.seat_index(DAVE):
            assert straddler is not None and _table_seat(live, straddler) == position, "Dave straddles"
            posted += 1
        else:
            assert straddler is None, "nobody else chose to"
    assert posted == 2


async def test_the_big_blind_ante_is_posted_by_the_big_blind_of_the_deal(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await _five_with_gaps(service, {"ante": 10, "ante_kind": "big blind"}, BOB, DAVE)
    for _ in range(4):
        antes = [op for op in live.engine.state.operations if isinstance(op, AntePosting) and op.amount]
        assert [_table_seat(live, op.player_index) for op in antes] == [big_blind_seat(live)]
        await finish_hand(service, live, "fold")
        await next_deal(service, live, clock)


async def test_a_bomb_pot_takes_its_ante_from_those_dealt_in_only(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await _five_with_gaps(service, {"bomb_pot_every": 1, "bomb_pot": 30}, CAROL)
    stacks = [s.stack for s in live.row.seats]
    in_pot = [stacks[i] - live.engine.state.stacks[live.engine._player_of(d)] for d, i in enumerate(deal_seats(live))]
    assert in_pot == [30] * 4 and live.row.seats[2].stack == 1000
    await finish_hand(service, live, "fold")
    assert live.row.seats[2].stack == 1000, "the member sitting out paid nothing"
    assert sum(s.stack for s in live.row.seats) == sum(stacks)


async def test_the_seven_deuce_bounty_is_paid_by_the_players_dealt_in_to_the_one_who_showed_it(database: str) -> None:
    service = await open_service(database, seed=WINS_THE_SHOWDOWN)
    live = await poker_table(service, {"bounty_72": 10}, (DAVE, ALICE, BOB, CAROL))
    await live.commands.sit_out(DAVE)
    await live.commands.start(ALICE)
    assert deal_seats(live) == [1, 2, 3], "the same three players as in test_bounty, one seat along"
    await finish_hand(service, live, "call")
    assert [s.stack for s in live.row.seats] == [1000, 1040, 980, 980], "Dave, sitting out, pays nothing"
    assert "7-2 bounty: p1 collects 20" in " ".join(live.log)


async def test_the_time_bank_is_the_member_whose_turn_ran_out(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await poker_table(service, {"time_bank": 30}, FIVE)
    await live.commands.sit_out(ALICE)
    await live.commands.sit_out(CAROL)
    await live.commands.start(BOB)
    assert [live.row.seats[i].time_bank for i in range(5)] == [0, 30, 0, 30, 30], "filled for those dealt in"
    for _ in range(3):
        user = turn(live)
        seat = live.row.seats[live.seat_index(user)]
        clock.now += 61
        await service.tick()
        assert seat.bank_since is not None and f"p{user} is using their time bank (30 s)." in live.log
        assert [s.bank_since is not None for s in live.row.seats].count(True) == 1
        clock.now += 5
        await passive(service, live, "call")
        assert seat.time_bank == 25 and seat.bank_since is None
        seat.time_bank = 30  # for the next member's turn to be told the same way
        if live.row.deal is None:
            break


async def test_members_waiting_for_the_big_blind_past_gaps_are_each_dealt_in_on_theirs(database: str) -> None:
    """Three members play; Bob joins waiting, Carol joins, Dave joins waiting: each is dealt in on the
    deal where they are the big blind."""
    clock = Clock()
    service = await open_service(database, clock)
    live = await poker_table(service, {}, (ALICE, ERIN, 6))
    await live.commands.start(ALICE)
    await live.commands.join(BOB, "p2", wait_for_big_blind=True)
    await live.commands.join(CAROL, "p3")
    await live.commands.join(DAVE, "p4", wait_for_big_blind=True)
    await _check_dealt_in_on_their_big_blind(service, live, clock)


async def test_members_waiting_for_the_big_blind_one_seat_apart_are_dealt_in(database: str) -> None:
    """Five seats, the second and the fourth waiting (as when X, who sat between the first two, has left)."""
    clock = Clock()
    service = await open_service(database, clock)
    live = await _five_with_gaps(service, {}, BOB, DAVE)
    await live.commands.come_back(DAVE)
    await live.commands.come_back(BOB)
    for user in (BOB, DAVE):
        live.row.seats[live.seat_index(user)].waits_for_big_blind = True
    await _check_dealt_in_on_their_big_blind(service, live, clock)


async def _check_dealt_in_on_their_big_blind(service: TableService, live: LiveTable, clock: Clock) -> None:
    dealt_in: dict[int, int] = {}
    for hand in range(2, 8):
        await finish_hand(service, live, "fold")
        await next_deal(service, live, clock)
        dealt = deal_seats(live)
        for user in (BOB, DAVE):
            index = live.seat_index(user)
            if index in dealt and user not in dealt_in:
                dealt_in[user] = hand
                assert big_blind_seat(live) == index, f"p{user} is dealt in as the big blind"
    assert set(dealt_in) == {BOB, DAVE}


async def test_run_it_twice_answers_go_to_the_members_who_pressed(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await poker_table(service, {"run_it_twice": True}, (ALICE, BOB, CAROL))
    await live.commands.sit_out(BOB)
    await live.commands.start(ALICE)
    assert deal_seats(live) == [0, 2]
    shove = live.engine.legal_actions(live.engine.to_act()[0])[-1]
    await service.tables[live.id].commands.act(Press(turn(live), 1, live.row.step, Action(shove.kind, amount=shove.max_amount)))
    await passive(service, live, "call")
    assert live.engine.choosing_runouts()
    await service.tables[live.id].commands.act(Press(CAROL, 1, live.row.step, Action("twice")))
    assert live.engine.to_act() == (live.deal_seat(ALICE),), "Carol has answered: Alice is asked"
    await service.tables[live.id].commands.act(Press(ALICE, 1, live.row.step, Action("twice")))
    record = await service.storage.hand_record(live.id, 1)
    assert record is not None and "_runout_counts = [2, 2]" in record.export
