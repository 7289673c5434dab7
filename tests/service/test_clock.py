"""The service's one clock (``bot.service.clock``): the loop the bot runs is the one ``tick`` drives; it
sleeps until the next deadline and is woken when one is set; a slow table holds up no other."""
from __future__ import annotations

from bot.service.table.press import Press
import asyncio
import time
from typing import Any

import pytest

from bot.games.base import Action
from bot.service.clock import ASLEEP, RealTime
from bot.service.table import dealing
from bot.service.table.live import LiveTable
from bot.service.tables import TableService
from bot.service.tournament import register
from bot.service.tournament.settings import mtt_settings
from tests.support.harness import Harness
from tests.support.mtt_rig import RecordingMttPresenter
from tests.support.service_rig import ALICE, CAROL, CHANNEL, GUILD, Clock, RecordingPresenter, holdem_table, open_service
from tests.support.waiting import CEILING, until


async def _two_dealt_tables(database: str, clock: Clock) -> tuple[TableService, LiveTable, LiveTable]:
    """A service with two heads-up hold'em tables in different channels, both dealt."""
    service = await open_service(database, clock)
    first = await holdem_table(service)
    second = await service.create(GUILD, CHANNEL + 1, "holdem", CAROL, "p3", {}, None)
    await second.commands.join(4, "p4")
    for live, host in ((first, ALICE), (second, CAROL)):
        await live.commands.start(host)
    return service, first, second


async def test_the_bot_runs_the_clock_that_tick_drives(tmp_path: Any) -> None:
    """The bot starts its clock as it starts (a harness too); ``tick`` wakes that loop, and there is
    no other (no polling timer)."""
    h = await Harness.start(str(tmp_path / "bot.db"))
    clocks = [t for t in asyncio.all_tasks() if t.get_name() == ASLEEP]
    assert len(clocks) == 1, "the bot started its one clock"
    rounds: list[asyncio.Task[Any] | None] = []
    tick = h.bot.service.mtts.tick

    async def recorded() -> None:
        rounds.append(asyncio.current_task())
        await tick()

    h.bot.service.mtts.tick = recorded  # type: ignore[method-assign]
    assert await h.bot.service.tick() == 0
    assert rounds == clocks, "tick's round ran in the bot's clock"
    assert not hasattr(TableService, "run_timers")


async def test_a_deadline_set_while_the_clock_sleeps_is_handled_when_due(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await holdem_table(service)
    await live.commands.start(ALICE)
    service.deadlines.start()
    await until(lambda: clock.asleep_until() is not None)
    assert clock.asleep_until() == live.row.deadline > clock.now + 2, "asleep until the turn's time runs out"
    await service.tables[live.id].commands.act(Press(live.table_seat_of(live.engine.to_act()[0]).user_id, 1, live.row.step, Action("fold")))
    assert live.row.deal is None and live.row.deadline == clock.now + 2, "the next deal in 2 s"
    clock.advance(2)
    await until(lambda: live.row.hand_no == 2)  # with the clock still asleep until the safety net, a hang


async def test_due_tables_are_handled_at_the_same_time(database: str) -> None:
    """A slow table (here: its presenter waits for the other table's update) does not hold up another."""
    clock = Clock()
    service, slow, fast = await _two_dealt_tables(database, clock)
    other_updated = asyncio.Event()

    class Waiting(RecordingPresenter):
        async def update(self, table: LiveTable) -> None:
            if table is slow:
                await other_updated.wait()
            else:
                other_updated.set()

    service.presenter = Waiting()
    clock.now += 61
    assert await asyncio.wait_for(service.tick(), timeout=CEILING) == 2  # reached only if one waits for the other


async def test_the_clock_never_waits_for_a_slow_table(database: str) -> None:
    """The clock starts each due table in its own task: while one table is still busy, another
    table's next deadline is handled when it falls due, and the busy table is not started twice."""
    clock = Clock()
    service, slow, fast = await _two_dealt_tables(database, clock)
    release = asyncio.Event()
    handled: list[int] = []

    class Busy(RecordingPresenter):
        async def update(self, table: LiveTable) -> None:
            handled.append(table.id)
            if table is slow:
                await release.wait()

    service.presenter = Busy()
    service.deadlines.start()
    clock.advance(61)  # both time out: the slow table's update blocks
    await until(lambda: slow.id in handled and fast.id in handled)
    assert fast.row.deal is None and fast.row.deadline is not None, "the fast table's next deal is timed"
    clock.advance(fast.row.deadline - clock.now)  # it falls due while the slow table is still busy
    await until(lambda: fast.row.hand_no == 2)
    assert handled.count(slow.id) == 1
    release.set()
    await until(lambda: not slow.tasks)


async def test_a_closed_table_cancels_the_work_it_owns(database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table's deadline is handled in a task the table owns: cancelling the table mid-way (a
    computer player still thinking) cancels it, and nothing of the closed table runs on."""
    service = await open_service(database)
    live = await holdem_table(service)
    await live.commands.start(ALICE)
    thinking = asyncio.Event()

    async def forever(*args: Any) -> Action:
        thinking.set()
        await asyncio.Event().wait()  # a choice that never comes
        raise AssertionError("unreachable")

    monkeypatch.setattr(dealing, "bot_choice", forever)  # a robot that thinks for ever
    live.row.deadline = service.clock() - 1
    for seat in live.row.seats:
        seat.is_bot = True  # every seat plays itself: the clock's task starts thinking
    tick = asyncio.ensure_future(service.tick())
    await asyncio.wait_for(thinking.wait(), CEILING)
    assert len(live.tasks) == 1
    task = next(iter(live.tasks))
    service.forget(live)  # what cancel, a vanished channel and a finished tournament do to a table
    assert await asyncio.wait_for(tick, CEILING) == 0, "tick returns: the table's handling was cancelled"
    assert task.cancelled() and not live.tasks


async def test_an_error_is_raised_by_tick_and_the_clock_goes_on(database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    service, first, second = await _two_dealt_tables(database, clock)
    handle = dealing.handle_deadline

    async def failing(table: LiveTable) -> bool:
        if table is first:
            raise RuntimeError("storage is down")
        return await handle(table)

    monkeypatch.setattr(dealing, "handle_deadline", failing)
    clock.now += 61
    with pytest.raises(RuntimeError, match="storage is down"):
        await service.tick()
    assert second.row.deadline is not None and second.row.deadline > clock.now, "the other table was handled"
    monkeypatch.setattr(dealing, "handle_deadline", handle)
    assert await service.tick() == 1, "the failed table again, by the same loop"


async def test_a_tournament_starts_at_its_time_without_a_tick(database: str) -> None:
    """The clock sleeps until a tournament's start as it does until a table's deadline."""
    clock = Clock()
    service = await open_service(database, clock, mtt_presenter=RecordingMttPresenter())
    settings = mtt_settings(stack=1500, buy_in=100, seats=8, blinds="turbo", minutes=2, level_hands=0, break_every=0,
                            break_minutes=5, late_levels=0, reentry=False, prizes=None, starts_at=clock.now + 600,
                            turn_seconds=30, manager_role=None)
    mtt = await service.mtts.create(GUILD, 80, 1, "Sunday", "holdem", settings)
    await register.add_bots(mtt, 4)
    starts_at = clock.now + 600
    service.deadlines.start()
    clock.advance(1)  # the registrations are looked at
    await until(lambda: clock.asleep_until() == starts_at)
    clock.advance(599)
    await until(lambda: mtt.row.status == "playing")


async def test_the_wall_clock_sleeps_until_the_time_or_a_change() -> None:
    changed = asyncio.Event()
    assert await RealTime().sleep_until(time.time() - 1, changed), "a time already passed: no sleep"
    changed.set()
    assert not await RealTime().sleep_until(time.time() + 3600, changed), "woken by a change"
