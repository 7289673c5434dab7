"""What a table keeps from one hand to the next, checked over at least three hands in a row: a time bank
spent stays spent until the hand the rules page refills it; an away member's count of deals; a
straddle chosen once; an auto-rebuy; every third hand a bomb pot; and a run-it-twice answer, which is
asked again every hand and never carried over."""
from __future__ import annotations

from bot.service.table.press import Press
from bot.games.base import Action
from bot.service.table.live import LiveTable
from bot.service.tables import TableService
from tests.support.service_rig import ALICE, BOB, CAROL, GUILD, Clock, open_service
from tests.support.table_play import act, deal_seats, finish_hand, next_deal, passive, poker_table, turn

DAVE = 4


async def _to_turn_of(service: TableService, live: LiveTable, user: int) -> None:
    """The others check or call until it is ``user``'s turn (in this hand)."""
    while turn(live) != user:
        await passive(service, live, "call")


async def test_a_spent_time_bank_stays_spent_until_its_refill_hand(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await poker_table(service, {"time_bank": 30, "time_bank_hands": 3}, (ALICE, BOB))
    await live.commands.start(ALICE)
    first = turn(live)
    seat = live.row.seats[live.seat_index(first)]
    clock.now += 61
    await service.tick()                        # hand 1: the turn's clock runs out, the bank starts
    clock.now += 30
    await service.tick()                        # and runs out too
    assert seat.time_bank == 0 and seat.timeouts == 1
    await finish_hand(service, live, "fold")
    banks = []
    for hand in (2, 3):
        await next_deal(service, live, clock)
        banks.append(seat.time_bank)
        await _to_turn_of(service, live, first)
        if hand == 3:                           # its clock runs out again: no bank to start
            step = live.row.step
            clock.now += 61
            await service.tick()
            assert seat.bank_since is None and live.row.step == step + 1, "the timeout plays at once"
        else:
            await passive(service, live, "call")
        await finish_hand(service, live, "fold")
    assert banks == [0, 0], "spent in hand 1: nothing in hands 2 and 3"
    await next_deal(service, live, clock)
    assert seat.time_bank == 30 and seat.bank_hand == 4, "full again 3 hands after it was filled"


async def test_a_time_bank_partly_used_keeps_the_rest_over_the_next_hands(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await poker_table(service, {"time_bank": 30, "time_bank_hands": 4}, (ALICE, BOB))
    await live.commands.start(ALICE)
    first = turn(live)
    seat = live.row.seats[live.seat_index(first)]
    clock.now += 61
    await service.tick()
    clock.now += 10
    await passive(service, live, "call")        # 10 of its 30 seconds used
    await finish_hand(service, live, "fold")
    left = []
    for _ in range(3):                          # hands 2, 3 and 4
        await next_deal(service, live, clock)
        left.append(seat.time_bank)
        await finish_hand(service, live, "fold")
    await next_deal(service, live, clock)
    assert left == [20, 20, 20] and seat.time_bank == 30, "refilled at hand 5, four hands after hand 1"


async def test_an_away_member_is_counted_each_deal_and_sits_out_after_an_orbit(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await poker_table(service, {}, (ALICE, BOB, CAROL))
    await live.commands.start(ALICE)
    await live.commands.away(CAROL)
    carol = live.row.seats[live.seat_index(CAROL)]
    counts = []
    for _ in range(3):
        await finish_hand(service, live, "fold")
        await next_deal(service, live, clock)
        assert live.seat_index(CAROL) in deal_seats(live), "dealt in while away"
        counts.append(carol.away_deals)
    await finish_hand(service, live, "fold")
    await next_deal(service, live, clock)
    assert counts == [1, 2, 3] and live.seat_index(CAROL) not in deal_seats(live)
    assert carol.sitting_out and not carol.away, "three players: an orbit is three deals"


async def test_a_straddle_chosen_once_is_posted_each_time_its_position_comes_round(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await poker_table(service, {"straddle": "under the gun"}, (ALICE, BOB, CAROL, DAVE))
    await live.commands.start(ALICE)
    assert await live.commands.straddle(DAVE)
    straddled: list[bool] = []
    for hand in range(2, 10):
        if hand == 6:
            assert not await live.commands.straddle(DAVE), "off again for the second orbit"
        await finish_hand(service, live, "fold")
        await next_deal(service, live, clock)
        dealt = deal_seats(live)
        under_the_gun = dealt[(live.row.deal.carry["dealer"] + 3) % len(dealt)]
        forced = live.engine.forced
        straddler = None if forced.straddler is None else live.engine._seat_of(forced.straddler)
        dave_utg = under_the_gun == live.seat_index(DAVE)
        assert (straddler is not None) == (dave_utg and hand < 6), hand
        if straddler is not None:
            assert dealt[straddler] == live.seat_index(DAVE) and f"p{DAVE} straddles for 20" in live.engine.log
        straddled.append(straddler is not None)
    assert straddled.count(True) == 1, "once in the first orbit of four hands, never in the second"


async def _auto_rebuy(service: TableService, live: LiveTable) -> None:
    """Both members turn auto-rebuy on for 1000, their wallets holding enough for several."""
    async with service.storage.transaction() as tx:
        for user in (ALICE, BOB):
            await tx.move_wallet(GUILD, user, 5000)
    for user in (ALICE, BOB):
        await live.commands.auto_rebuy(user, 1000)


async def _all_in_and_called(service: TableService, live: LiveTable) -> None:
    """The player to act bets all they can, the other calls (heads-up)."""
    shove = live.engine.legal_actions(live.engine.to_act()[0])[-1]
    await act(service, live, shove.kind, shove.max_amount)
    await act(service, live, "call")


async def test_an_auto_rebuy_buys_in_again_after_every_hand_that_empties_the_stack(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await poker_table(service, {}, (ALICE, BOB))
    await live.commands.start(ALICE)
    await _auto_rebuy(service, live)
    chips = await service.storage.total_chips()
    rebuys = 0
    for _ in range(3):
        await _all_in_and_called(service, live)
        rebuys += sum(f"{s.name} buys in again for 1000 (auto-rebuy)." in live.log[-4:] for s in live.row.seats)
        assert all(s.stack > 0 and s.auto_rebuy == 1000 for s in live.row.seats), "still on, hand after hand"
        assert await service.storage.total_chips() == chips
        await next_deal(service, live, clock)
    assert rebuys >= 2


async def test_every_third_hand_is_a_bomb_pot(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await poker_table(service, {"bomb_pot_every": 3, "bomb_pot": 20}, (ALICE, BOB, CAROL))
    await live.commands.start(ALICE)
    bombs = []
    for _ in range(6):
        bombs.append(live.engine.forced.bomb_pot)
        await finish_hand(service, live, "fold")
        if live.row.hand_no < 6:
            await next_deal(service, live, clock)
    assert bombs == [False, False, True, False, False, True]


async def test_a_run_it_twice_answer_is_asked_again_every_hand(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await poker_table(service, {"run_it_twice": True}, (ALICE, BOB))
    await live.commands.start(ALICE)
    await _auto_rebuy(service, live)
    for hand, answer in enumerate(["twice", "once", "twice"], start=1):
        await _all_in_and_called(service, live)
        assert live.engine.choosing_runouts() and len(live.engine.to_act()) == 2, f"asked again in hand {hand}"
        for user in (ALICE, BOB):
            if live.row.deal is not None:
                await service.tables[live.id].commands.act(Press(user, live.row.hand_no, live.row.step, Action(answer)))
        assert live.row.deal is None
        record = await service.storage.hand_record(live.id, hand)
        assert record is not None and ("_runout_counts = [2, 2]" in record.export) == (answer == "twice")
        await next_deal(service, live, clock)
