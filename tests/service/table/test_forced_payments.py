"""Short stacks against the payments a table takes: the 7-2 bounty is paid by each other player up to
what they hold (never below zero), every chip kept and the stored stacks the same after a restart; a
sit-and-go's rising blinds and antes take an absent player's stack to an all-in blind and out, never
below zero, its chips all kept. The engines' forced bets (blinds, antes, straddles, bomb pots, stud's
bring-in, a tournament's late levels) are checked in ``tests/engines/test_forced_payments.py``."""
from __future__ import annotations

import re

from bot.exports import pokerstars_hand
from bot.service.tournament.sit_and_go import hand_settings
from bot.storage.records import TableSettings
from tests.service.table.test_bounty import HOLDS_IT_IN_THE_SMALL_BLIND, WINS_THE_SHOWDOWN
from tests.support.export_checks import replayed_stacks
from tests.support.pokerstars_numbers import check_numbers
from tests.support.service_rig import ALICE, BOB, CAROL, CHANNEL, GUILD, Clock, open_service
from tests.support.table_play import act, finish_hand, poker_table


async def test_a_bounty_larger_than_a_stack_takes_that_stack_and_no_more(database: str) -> None:
    service = await open_service(database, seed=WINS_THE_SHOWDOWN)
    live = await poker_table(service, {"bounty_72": 5000}, (ALICE, BOB, CAROL))
    chips = await service.storage.total_chips()
    await live.commands.start(ALICE)
    await finish_hand(service, live, "call")
    assert [s.stack for s in live.row.seats] == [1020 + 2 * 990, 0, 0], "each pays all they have, 990"
    assert "7-2 bounty: p1 collects 1980 (5000 from each other player, at most what they have)." in live.log
    record = await service.storage.hand_record(live.id, 1)
    assert record is not None and "# 7-2 bounty: p3 collects 990 from p1, 990 from p2" in record.export
    assert replayed_stacks(record.export) == [[1020, 990, 990]]
    assert await service.storage.total_chips() == chips
    again = await open_service(database)
    assert [s.stack for s in again.in_channel(CHANNEL).row.seats] == [3000, 0, 0]


async def test_a_bounty_is_paid_from_what_each_has_left_after_the_hand(database: str) -> None:
    """The payers hold different amounts once the hand is settled: one less than the bounty, one more;
    the winner shows after nobody called."""
    clock = Clock()
    service = await open_service(database, clock, seed=HOLDS_IT_IN_THE_SMALL_BLIND)
    live = await service.create(GUILD, CHANNEL, "holdem", ALICE, "p1", {"bounty_72": 300}, 250)
    for user in (BOB, CAROL):
        await live.commands.join(user, f"p{user}")
    chips = await service.storage.total_chips()
    await live.commands.start(ALICE)  # the button holds 250, less than the bounty
    await act(service, live, "fold")          # the button
    await act(service, live, "raise", 40)     # the small blind, with 7-2
    await act(service, live, "fold")          # the big blind
    await live.commands.show_cards(BOB)
    assert [s.stack for s in live.row.seats] == [0, 1010 + 250 + 300, 990 - 300]
    assert min(s.stack for s in live.row.seats) >= 0
    assert await service.storage.total_chips() == chips
    again = await open_service(database, clock)
    assert [s.stack for s in again.in_channel(CHANNEL).row.seats] == [0, 1560, 690], "saved with the show"


async def test_a_sit_and_go_blinds_an_absent_player_off_without_a_stack_below_zero(database: str) -> None:
    """A member sits out of a sit-and-go whose levels last one hand: the blinds and antes (a big-blind
    ante from the fourth level) take their stack down to an all-in blind and out, never below zero; every
    hand's exports say the same, number by number."""
    clock = Clock()
    service = await open_service(database, clock)
    settings = {"mode": "tournament", "buy_in": 200, "min_buy_in": 200, "level_hands": 1, "ante_kind": "big blind"}
    live = await service.create(GUILD, CHANNEL, "holdem", ALICE, "Ann", settings, None)
    for _ in range(3):
        await live.commands.add_bot(ALICE)
    await live.commands.start(ALICE)
    await live.commands.sit_out(ALICE)
    ann = live.row.seats[0]
    for _ in range(500):
        if service.in_channel(CHANNEL) is None or ann.place is not None:
            break
        assert min(s.stack for s in live.row.seats) >= 0
        assert sum(s.stack for s in live.row.seats) == 800, "the tournament's chips, every hand"
        clock.now += 200
        await service.tick()
    assert ann.place is not None and ann.stack == 0, "blinded out"
    short = 0
    for hand_no, stored in await service.storage.hand_records(live.id):
        replayed_stacks(stored.export)  # pokerkit replays it to the stacks it states
        level = hand_settings(TableSettings.from_json(settings | {"small_blind": 5, "big_blind": 10}), hand_no)
        text = pokerstars_hand(live.id, hand_no, stored, max_seats=9)
        check_numbers(text, stored.export, blinds=(level["small_blind"], level["big_blind"]))
        short += bool(re.search(r"^Ann: posts .+ and is all-in$", text, re.M))
    assert short >= 1, "Ann's last hand: all in for less than a forced bet"
