"""A command whose transaction fails at its commit changes nothing, in memory as in storage: the member
is told nothing was changed, so the table (or tournament) in memory is put back as storage has it, and
the next command is judged against that. Each kind of command: a move, the move that ends a deal, the
computer players' turns after a move, the lobby, a cash table's chips, a tournament's registration."""
from __future__ import annotations

from bot.service.table.press import Press
import asyncio

import pytest

from bot.games.base import Action
from bot.service.table import dealing
from bot.service.tournament import register as mtt_register
from bot.service.table.live import LiveTable
from bot.service.tables import TableService
from tests.service.tournament.test_multi_table import settings
from tests.support.failing_commit import CommitFailed, failing_commits
from tests.support.mtt_rig import RecordingMttPresenter
from tests.support.service_rig import ALICE, BOB, CAROL, CHANNEL, GUILD, Clock, holdem_table, open_service


def _to_act(live: LiveTable) -> int:
    return live.table_seat_of(live.engine.to_act()[0]).user_id


async def _move(service: TableService, live: LiveTable, kind: str) -> None:
    await service.tables[live.id].commands.act(Press(_to_act(live), live.row.hand_no, live.row.step, Action(kind)))


async def as_stored(service: TableService, live: LiveTable) -> None:
    """The table in memory is the table storage holds: its row, and its engine where the stored
    actions lead."""
    stored = await service.storage.table(live.id)
    assert stored == live.row
    if stored is not None and stored.deal is not None:
        fresh = dealing.restored(service, stored)
        assert live.engine.view(None) == fresh.engine.view(None)
        assert live.engine.to_act() == fresh.engine.to_act()


async def test_a_move_whose_commit_fails_leaves_the_table_as_stored_and_the_next_move_plays(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service)
    await live.commands.start(ALICE)
    step, player, log = live.row.step, _to_act(live), list(live.log)
    with failing_commits(service.storage) as failures, pytest.raises(CommitFailed):
        await _move(service, live, "call")
    assert failures.failed == 1
    assert live.row.step == step and _to_act(live) == player and live.log == log, "nothing changed"
    await as_stored(service, live)
    await _move(service, live, "call")
    assert live.row.step == step + 1 and _to_act(live) != player
    await as_stored(service, live)


async def test_the_move_that_ends_a_deal_failing_at_its_commit_leaves_the_deal_and_the_wallets(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service)
    await live.commands.start(ALICE)
    stacks, total = [s.stack for s in live.row.seats], await service.storage.total_chips()
    with failing_commits(service.storage), pytest.raises(CommitFailed):
        await _move(service, live, "fold")
    assert live.row.deal is not None and live.engine.outcome is None, "the deal goes on"
    assert [s.stack for s in live.row.seats] == stacks and live.last_deal is None
    await as_stored(service, live)
    await _move(service, live, "fold")
    assert live.row.deal is None and live.last_deal is not None and sorted(s.stack for s in live.row.seats) != stacks
    await as_stored(service, live)
    assert await service.storage.total_chips() == total


async def test_a_computer_players_turn_failing_after_a_members_move_keeps_the_move_and_plays_later(
        database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await holdem_table(service, (ALICE,))
    await live.commands.add_bot(ALICE)
    await live.commands.start(ALICE)
    if _to_act(live) != ALICE:
        await dealing.drive(live)
    assert _to_act(live) == ALICE
    step = live.row.step
    with failing_commits(service.storage, skip=1) as failures:  # Alice's move is stored, the computer's fails
        await _move(service, live, "call")
    assert failures.failed == 1
    assert live.row.step == step + 1 and _to_act(live) != ALICE, "the member's move stands; the computer's turn waits"
    await as_stored(service, live)
    assert live.row.deadline is not None
    clock.now = live.row.deadline
    await service.tick()
    assert live.row.step > step + 1, "the computer's turn is played at its deadline"
    await as_stored(service, live)


async def test_a_seat_and_chips_whose_commit_fails_are_not_taken(database: str) -> None:
    service = await open_service(database)
    live = await service.create(GUILD, CHANNEL, "holdem", ALICE, "Ann", {"min_buy_in": 200, "max_buy_in": 1500}, None)
    with failing_commits(service.storage), pytest.raises(CommitFailed):
        await live.commands.join(BOB, "Bob", 500)
    assert live.seat_index(BOB) is None and await service.storage.balance(GUILD, BOB) == 1000
    await as_stored(service, live)
    await live.commands.join(BOB, "Bob", 500)
    with failing_commits(service.storage), pytest.raises(CommitFailed):
        await live.commands.top_up(BOB, 300)
    assert live.seat_of_user(BOB).stack == 500 and await service.storage.balance(GUILD, BOB) == 500
    await as_stored(service, live)
    assert "300" in await live.commands.top_up(BOB, 300)
    assert live.seat_of_user(BOB).stack == 800
    await as_stored(service, live)


async def test_a_registration_whose_commit_fails_takes_no_entry_and_no_buy_in(tmp_path) -> None:
    service = await open_service(str(tmp_path / "mtt.db"), mtt_presenter=RecordingMttPresenter())
    mtt = await service.mtts.create(GUILD, 80, ALICE, "Friday", "holdem", settings())
    await mtt_register.register(mtt, ALICE, "Ann")
    with failing_commits(service.storage), pytest.raises(CommitFailed):
        await mtt_register.register(mtt, BOB, "Bob")
    with failing_commits(service.storage), pytest.raises(CommitFailed):
        await mtt_register.unregister(mtt, ALICE)
    stored = await service.storage.mtt(mtt.id)
    assert stored is not None and mtt.row.pool == stored.pool == 100
    assert sorted(mtt.entries) == [e.user_id for e in await service.storage.mtt_entries(mtt.id)] == [ALICE]
    assert await service.storage.balance(GUILD, BOB) == 1000
    assert "registered for Friday" in await mtt_register.register(mtt, BOB, "Bob")
    assert "registered for Friday" in await mtt_register.register(mtt, CAROL, "Cat")
    assert mtt.row.pool == 300 and sorted(mtt.entries) == sorted([ALICE, BOB, CAROL])


async def test_a_command_that_fails_after_storing_part_of_its_work_keeps_that_part(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service)
    await live.commands.start(ALICE)
    with failing_commits(service.storage, skip=1), pytest.raises(CommitFailed):
        await live.commands.join(CAROL, "Cat", wait_for_big_blind=True)  # seated (stored), then the wait fails
    assert not live.seat_of_user(CAROL).waits_for_big_blind, "seated, without the wait that was not stored"
    await as_stored(service, live)


async def test_a_command_cancelled_midway_is_put_back_by_the_next_one(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service)
    await live.commands.start(ALICE)
    step, player = live.row.step, _to_act(live)
    stored = asyncio.Event()

    async def cancelled_midway() -> None:
        async with live.lock:
            live.row.step += 1  # a change in memory whose transaction never commits
            stored.set()
            await asyncio.Event().wait()

    task = asyncio.create_task(cancelled_midway())
    await stored.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await service.tables[live.id].commands.act(Press(player, live.row.hand_no, step, Action("call")))  # judged against the stored table
    assert live.row.step == step + 1 and _to_act(live) != player
    await as_stored(service, live)
