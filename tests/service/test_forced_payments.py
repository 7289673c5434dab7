"""Short stacks against the payments a table takes outside the poker hand: the 7-2 bounty is paid by
each other player up to what they hold (never below zero), every chip is kept, and the stored stacks
say the same after a restart. The engines' forced bets (blinds, antes, straddles, bomb pots, stud's
bring-in, a tournament's late levels) are checked in ``tests/engines/test_forced_payments.py``."""
from __future__ import annotations

from tests.service.test_bounty import HOLDS_IT_IN_THE_SMALL_BLIND, WINS_THE_SHOWDOWN
from tests.support.export_checks import replayed_stacks
from tests.support.service_rig import ALICE, BOB, CAROL, CHANNEL, GUILD, Clock, open_service
from tests.support.table_play import act, finish_hand, poker_table


async def test_a_bounty_larger_than_a_stack_takes_that_stack_and_no_more(database: str) -> None:
    service = await open_service(database, seed=WINS_THE_SHOWDOWN)
    live = await poker_table(service, {"bounty_72": 5000}, (ALICE, BOB, CAROL))
    chips = await service.storage.total_chips()
    await service.start(live, ALICE)
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
        await service.join(live, user, f"p{user}")
    chips = await service.storage.total_chips()
    await service.start(live, ALICE)  # the button holds 250, less than the bounty
    await act(service, live, "fold")          # the button
    await act(service, live, "raise", 40)     # the small blind, with 7-2
    await act(service, live, "fold")          # the big blind
    await service.show_cards(live, BOB)
    assert [s.stack for s in live.row.seats] == [0, 1010 + 250 + 300, 990 - 300]
    assert min(s.stack for s in live.row.seats) >= 0
    assert await service.storage.total_chips() == chips
    again = await open_service(database, clock)
    assert [s.stack for s in again.in_channel(CHANNEL).row.seats] == [0, 1560, 690], "saved with the show"
