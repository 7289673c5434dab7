"""Every lobby change is saved when it is made: after each one a new service over the same database
(a restart) finds the table exactly as it was left, seats, stacks, flags, host and deal, and the
wallets as they were."""
from __future__ import annotations

from typing import Awaitable, Callable

from bot.service.table.live import LiveTable
from bot.service.tables import TableService
from bot.storage.interface import HOUSE
from tests.support.service_rig import ALICE, BOB, CAROL, CHANNEL, GUILD, open_service

Change = Callable[[TableService, LiveTable], Awaitable[object]]


async def _restarted(database: str, service: TableService, live: LiveTable) -> LiveTable:
    """The table as a new service over the same database restores it, checked against ``live``."""
    again = await open_service(database)
    restored = again.in_channel(CHANNEL)
    assert restored is not None and restored.id == live.id
    row, was = restored.row, live.row
    assert (row.status, row.host_id, row.seats, row.carry, row.hand_no, row.step) == \
           (was.status, was.host_id, was.seats, was.carry, was.hand_no, was.step)
    assert row.deal == was.deal, "the deal in progress, its actions included"
    for user in (ALICE, BOB, CAROL, HOUSE):
        assert await again.storage.balance(GUILD, user) == await service.storage.balance(GUILD, user)
    return restored


async def _lobby(database: str) -> tuple[TableService, LiveTable]:
    service = await open_service(database)
    live = await service.create(GUILD, CHANNEL, "holdem", ALICE, "Ann", {}, 400)
    return service, live


async def test_sitting_down_buying_in_and_computer_players_are_saved(database: str) -> None:
    service, live = await _lobby(database)
    await _restarted(database, service, live)
    await live.commands.join(BOB, "Bob", 300)
    restored = await _restarted(database, service, live)
    assert [(s.name, s.stack) for s in restored.row.seats] == [("Ann", 400), ("Bob", 300)]
    name = await live.commands.add_bot(BOB)
    restored = await _restarted(database, service, live)
    assert restored.row.seats[-1].name == name and restored.row.seats[-1].is_bot


async def test_leaving_the_lobby_and_the_host_passing_on_are_saved(database: str) -> None:
    service, live = await _lobby(database)
    await live.commands.join(BOB, "Bob")
    await live.commands.leave(ALICE)  # the host leaves: Bob hosts now
    restored = await _restarted(database, service, live)
    assert restored.row.host_id == BOB and [s.user_id for s in restored.row.seats] == [BOB]
    assert await service.storage.balance(GUILD, ALICE) == 1000, "the buy-in back in the wallet"


async def test_start_sitting_out_coming_back_and_leaving_mid_deal_are_saved(database: str) -> None:
    service, live = await _lobby(database)
    await live.commands.join(BOB, "Bob")
    await live.commands.join(CAROL, "Cy")
    await live.commands.start(ALICE)
    restored = await _restarted(database, service, live)
    assert restored.row.status == "playing" and restored.row.deal is not None
    await live.commands.sit_out(CAROL)
    restored = await _restarted(database, service, live)
    assert restored.row.seats[2].sitting_out
    await live.commands.come_back(CAROL)
    restored = await _restarted(database, service, live)
    assert not restored.row.seats[2].sitting_out
    await live.commands.leave(BOB)  # mid-deal: stays seated, leaving, until the deal ends
    restored = await _restarted(database, service, live)
    assert restored.row.seats[1].leaving and restored.row.deal is not None


async def test_a_cancelled_table_stays_closed_with_every_stack_back(database: str) -> None:
    service, live = await _lobby(database)
    await live.commands.join(BOB, "Bob")
    await live.commands.start(ALICE)
    await live.commands.cancel(ALICE, can_manage=False)
    again = await open_service(database)
    assert again.in_channel(CHANNEL) is None, "a restart does not bring it back"
    assert [await again.storage.balance(GUILD, user) for user in (ALICE, BOB)] == [1000, 1000]
