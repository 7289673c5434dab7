"""The 7-2 bounty: a pot won showing a seven and a deuce collects the bounty from every other player
dealt in, at the showdown or when the winner nobody called shows; the chips move in the transaction
of the hand's end (or of the show), and the export says so in a remark."""
from __future__ import annotations

from bot.service.table.press import Press
from bot.games.base import Action, Seat
from bot.games.holdem import HoldemEngine
from bot.service.table.live import LiveTable
from bot.service.tables import TableService
from tests.support.export_checks import replayed_stacks
from tests.support.service_rig import ALICE, BOB, CAROL, CHANNEL, GUILD, open_service

WINS_THE_SHOWDOWN = "%064x" % 0x35
"""Three-handed, button on the first seat: the button holds a seven and a deuce and wins when checked down."""
HOLDS_IT_IN_THE_SMALL_BLIND = "%064x" % 0x21
"""The small blind (the second seat) holds a seven and a deuce."""


def test_the_seeds_deal_what_the_tests_say() -> None:
    for seed, seat in ((WINS_THE_SHOWDOWN, 0), (HOLDS_IT_IN_THE_SMALL_BLIND, 1)):
        engine = HoldemEngine({}, [Seat(n, 1000) for n in ("p1", "p2", "p3")], seed, {"dealer": 0})
        assert [s for s in range(3) if engine.seven_deuce(s)] == [seat]


async def _table(service: TableService) -> LiveTable:
    live = await service.create(GUILD, CHANNEL, "holdem", ALICE, "p1", {"bounty_72": 10}, None)
    for user in (BOB, CAROL):
        await live.commands.join(user, f"p{user}")
    await live.commands.start(ALICE)
    return live


async def _act(service: TableService, live: LiveTable, kind: str, amount: int | None = None) -> None:
    user = live.table_seat_of(live.engine.to_act()[0]).user_id
    await service.tables[live.id].commands.act(Press(user, live.row.hand_no, live.row.step, Action(kind, amount=amount)))


async def test_a_seven_deuce_that_wins_the_showdown_collects_from_everyone(database: str) -> None:
    service = await open_service(database, seed=WINS_THE_SHOWDOWN)
    live = await _table(service)
    while live.row.deal is not None:
        kinds = {spec.kind for spec in live.engine.legal_actions(live.engine.to_act()[0])}
        await _act(service, live, "call" if "call" in kinds else "check")
    assert [s.stack for s in live.row.seats] == [1020 + 20, 990 - 10, 990 - 10]
    assert "7-2 bounty: p1 collects 20 (10 from each other player, at most what they have)." in live.log
    record = await service.storage.hand_record(live.id, 1)
    assert record is not None and "# 7-2 bounty: p3 collects 10 from p1, 10 from p2" in record.export
    assert replayed_stacks(record.export) == [[1020, 990, 990]], "the hand's own pots are the poker hand's"
    again = await open_service(database)
    assert [s.stack for s in again.in_channel(CHANNEL).row.seats] == [1040, 980, 980], "saved with the hand's end"
    assert await service.storage.total_chips() == await again.storage.total_chips()


async def test_a_seven_deuce_nobody_called_collects_once_it_is_shown(database: str) -> None:
    service = await open_service(database, seed=HOLDS_IT_IN_THE_SMALL_BLIND)
    live = await _table(service)
    await _act(service, live, "fold")          # the button
    await _act(service, live, "raise", 40)     # the small blind, with 7-2
    await _act(service, live, "fold")          # the big blind
    assert [s.stack for s in live.row.seats] == [1000, 1010, 990], "no bounty for cards nobody saw"
    await live.commands.show_cards(BOB)
    assert [s.stack for s in live.row.seats] == [990, 1030, 980]
    record = await service.storage.hand_record(live.id, 1)
    assert record is not None and "# p1 shows" in record.export and "# 7-2 bounty: p1 collects 10 from p3, 10 from p2" \
        in record.export
    again = await open_service(database)
    assert [s.stack for s in again.in_channel(CHANNEL).row.seats] == [990, 1030, 980], "saved with the show"


async def test_no_bounty_without_the_option_or_for_other_hands(database: str) -> None:
    service = await open_service(database, seed=WINS_THE_SHOWDOWN)
    live = await service.create(GUILD, CHANNEL, "holdem", ALICE, "p1", {}, None)
    for user in (BOB, CAROL):
        await live.commands.join(user, f"p{user}")
    await live.commands.start(ALICE)
    while live.row.deal is not None:
        kinds = {spec.kind for spec in live.engine.legal_actions(live.engine.to_act()[0])}
        await _act(service, live, "call" if "call" in kinds else "check")
    assert [s.stack for s in live.row.seats] == [1020, 990, 990]
