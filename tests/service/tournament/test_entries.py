"""A multi-table tournament's entries and a manager's controls through the table service: buy-ins
from wallets and back, refusals in the words members read, late registration and re-entry, a pause
and a break that stop the tables dealing, and a cancel that returns every buy-in."""
from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from bot.errors import UserError
from bot.service.tournament import control, register as mtt_register
from bot.service.tournament.multi_table import Tournament
from bot.service.tables import TableService
from tests.service.tournament.test_multi_table import settings
from tests.support.mtt_rig import RecordingMttPresenter, check_chips
from tests.support.service_rig import ALICE, BOB, CAROL, GUILD, Clock, open_service


async def _open(tmp_path, **changes: object) -> tuple[TableService, Tournament, Clock]:
    clock = Clock()
    service = await open_service(str(tmp_path / "mtt.db"), clock, mtt_presenter=RecordingMttPresenter())
    mtt = await service.mtts.create(GUILD, 80, ALICE, "Friday", "holdem", settings(**changes))
    return service, mtt, clock


async def _play(service: TableService, clock: Clock, seconds: int) -> None:
    for _ in range(seconds):
        clock.now += 1
        await service.tick()


def _knock_out(mtt: Tournament, user: int) -> None:
    """As if knocked out just now, registration open: no place yet (their chips left with them)."""
    mtt.entries[user].table_id = None
    mtt.state.out.append((user, 1500, 1))
    for table in mtt.live_tables():
        table.row.seats = [s for s in table.row.seats if s.user_id != user]


async def test_registering_pays_the_buy_in_and_unregistering_gives_it_back(tmp_path) -> None:
    service, mtt, _ = await _open(tmp_path)
    assert "registered for Friday (100 chips" in await mtt_register.register(mtt, ALICE, "Ann")
    assert await service.storage.balance(GUILD, ALICE) == 900 and mtt.row.pool == 100
    with pytest.raises(UserError, match="already registered"):
        await mtt_register.register(mtt, ALICE, "Ann")
    with pytest.raises(UserError, match="not registered"):
        await mtt_register.unregister(mtt, BOB)
    assert "100 chips are back in your wallet" in await mtt_register.unregister(mtt, ALICE)
    assert await service.storage.balance(GUILD, ALICE) == 1000 and mtt.row.pool == 0 and not mtt.entries
    with pytest.raises(UserError, match="needs at least 2 entrants"):
        await mtt_register.start(mtt)
    again = await service.mtts.create(GUILD, 81, ALICE, "Saturday", "holdem", settings(buy_in=5000))
    with pytest.raises(UserError, match="You have 1000 chips"):
        await mtt_register.register(again, BOB, "Bob")
    assert not again.entries and again.row.pool == 0 and await service.storage.balance(GUILD, BOB) == 1000
    with pytest.raises(UserError, match="already open on this server"):
        await service.mtts.create(GUILD, 82, ALICE, "Friday", "holdem", settings())


async def test_a_late_registrant_and_a_re_entry_get_a_stack_at_the_table_with_the_fewest(tmp_path) -> None:
    service, mtt, clock = await _open(tmp_path, reentry=True, late_levels=2, seats=4)
    await mtt_register.add_bots(mtt, 7)
    await mtt_register.start(mtt)
    assert sorted(len(t.row.seats) for t in mtt.live_tables()) == [3, 4]
    await mtt_register.register(mtt, CAROL, "Cat")
    await _play(service, clock, 3)
    check_chips(mtt)
    seated = {s.user_id for t in mtt.live_tables() for s in t.row.seats}
    assert CAROL in seated and mtt.chips_in_play() == 8 * 1500
    with pytest.raises(UserError, match="already registered"):
        await mtt_register.register(mtt, CAROL, "Cat")
    with pytest.raises(UserError, match="has started"):
        await mtt_register.unregister(mtt, CAROL)
    _knock_out(mtt, CAROL)
    assert "registered again" in await mtt_register.register(mtt, CAROL, "Cat")
    assert mtt.entries[CAROL].entries == 2 and mtt.row.pool == 900
    clock.now += 2 * 120  # past the late registration's two levels
    with pytest.raises(UserError, match="Registration for Friday is closed"):
        await mtt_register.register(mtt, BOB, "Bob")


async def test_no_re_entry_unless_the_tournament_allows_it(tmp_path) -> None:
    service, mtt, _ = await _open(tmp_path, reentry=False)
    await mtt_register.add_bots(mtt, 3)
    await mtt_register.register(mtt, BOB, "Bob")
    await mtt_register.start(mtt)
    _knock_out(mtt, BOB)
    with pytest.raises(UserError, match="allows no re-entry"):
        await mtt_register.register(mtt, BOB, "Bob")


async def test_a_pause_and_a_break_stop_every_table_dealing_and_the_clock_skips_them(tmp_path) -> None:
    service, mtt, clock = await _open(tmp_path, break_every=1, break_minutes=1, stack=15000)  # play outlasts the break
    await mtt_register.add_bots(mtt, 12)
    await mtt_register.start(mtt)
    await _play(service, clock, 10)
    assert "paused" in await control.pause(mtt)
    with pytest.raises(UserError, match="already paused"):
        await control.pause(mtt)
    await _play(service, clock, 30)
    hands = [t.row.hand_no for t in mtt.live_tables()]
    await _play(service, clock, 100)
    assert [t.row.hand_no for t in mtt.live_tables()] == hands, "no deal while paused"
    assert all(t.row.deal is None for t in mtt.live_tables())
    assert mtt.level().number == 1, "the pause does not count on the clock"
    await control.resume(mtt)
    await _play(service, clock, 115)  # into the break after the first level (2 minutes of play)
    assert mtt.schedule.on_break(mtt.clock_seconds())
    hands = [t.row.hand_no for t in mtt.live_tables()]
    await _play(service, clock, 40)
    assert [t.row.hand_no for t in mtt.live_tables()] == hands, "no deal on a break"
    await _play(service, clock, 40)
    assert mtt.level().number == 2 and [t.row.hand_no for t in mtt.live_tables()] > hands
    check_chips(mtt)


async def test_a_cancel_returns_every_buy_in_and_closes_every_table(tmp_path) -> None:
    service, mtt, clock = await _open(tmp_path)
    for user, name in ((ALICE, "Ann"), (BOB, "Bob")):
        await mtt_register.register(mtt, user, name)
    await mtt_register.add_bots(mtt, 9)
    await mtt_register.start(mtt)
    await _play(service, clock, 20)
    tables = mtt.live_tables()
    await control.cancel(mtt)
    assert mtt.row.status == "cancelled" and mtt.row.pool == 0
    assert all(t.row.status == "closed" and t.id not in service.tables for t in tables)
    assert await service.storage.balance(GUILD, ALICE) == 1000 and await service.storage.balance(GUILD, BOB) == 1000
    with pytest.raises(UserError, match="is over"):
        await control.cancel(mtt)


async def test_a_tournament_in_the_money_is_not_cancelled(tmp_path) -> None:
    service, mtt, _ = await _open(tmp_path)
    await mtt_register.add_bots(mtt, 4)
    await mtt_register.start(mtt)
    mtt.entries[-1].prize = 10
    with pytest.raises(UserError, match="in the money"):
        await control.cancel(mtt)


async def test_levels_by_hands_rise_with_the_hands_every_table_deals(tmp_path) -> None:
    service, mtt, clock = await _open(tmp_path, level_hands=3, break_every=2)
    assert mtt.settings.break_every == 0, "no break without a clock"
    await mtt_register.add_bots(mtt, 12)
    await mtt_register.start(mtt)
    assert mtt.level().number == 1 and len(mtt.live_tables()) == 2
    levels = []
    for _ in range(40):
        clock.now += 3
        await service.tick()
        if mtt.row.status != "playing":
            break
        tables = mtt.live_tables()
        dealt = mtt.state.hands_closed + sum(t.row.hand_no for t in tables)
        levels.append(mtt.level().number)
        assert mtt.level().number - 1 >= min(dealt // (3 * len(tables)), len(mtt.settings.blinds) - 1)
    assert levels == sorted(levels) and levels[-1] >= 3, levels
    assert clock.now - 1_000_000 < 2 * 60 * 3, "levels of 2 minutes would have given fewer"


async def test_a_player_sent_to_a_table_in_the_middle_of_a_hand_is_seated_when_it_ends(tmp_path) -> None:
    service, mtt, clock = await _open(tmp_path, seats=5, turn_seconds=30)
    for user in range(1, 8):  # seven members, nobody presses: every table waits on a member's turn
        await mtt_register.register(mtt, user, f"p{user}")
    await mtt_register.start(mtt)
    await _play(service, clock, 1)
    smaller = min(mtt.live_tables(), key=lambda t: len(t.row.seats))
    assert len(smaller.row.seats) == 3 and smaller.row.deal is not None
    hand = smaller.row.hand_no
    await mtt_register.register(mtt, 8, "p8")
    entry = mtt.entries[8]
    assert entry.table_id == smaller.id and entry.chips == 1500 and smaller.seat_index(8) is None
    check_chips(mtt)
    await _play(service, clock, 5)
    assert smaller.row.hand_no == hand and smaller.seat_index(8) is None, "the hand in play is not touched"
    for _ in range(300):
        await _play(service, clock, 1)
        check_chips(mtt)
        if smaller.seat_index(8) is not None:
            break
    assert smaller.row.hand_no > hand and entry.chips == 0
    assert smaller.row.seats[smaller.seat_index(8)].stack == 1500  # type: ignore[index]


async def test_a_tournament_starts_at_its_time_or_says_why_it_could_not(tmp_path) -> None:
    service, mtt, clock = await _open(tmp_path, starts_at=1_000_000.0 + 60)
    lonely = await service.mtts.create(GUILD, 81, ALICE, "Lonely", "holdem", settings(starts_at=1_000_000.0 + 60))
    await mtt_register.add_bots(mtt, 5)
    await mtt_register.register(lonely, BOB, "Bob")
    await _play(service, clock, 59)
    assert mtt.row.status == lonely.row.status == "registering"
    await _play(service, clock, 2)
    assert mtt.row.status == "playing" and len(mtt.live_tables()) == 1
    assert lonely.row.status == "registering" and lonely.state.start_failed
    shown = service.mtts.presenter
    assert isinstance(shown, RecordingMttPresenter) and shown.posts.count("start_failed") == 1
    await _play(service, clock, 5)
    assert shown.posts.count("start_failed") == 1, "said once"


async def test_a_tournament_built_without_the_command_is_judged_the_same(tmp_path) -> None:
    service, mtt, _ = await _open(tmp_path)
    for key, value, words in (("buy_in", -5, "can't be negative"), ("minutes", 0, "at least 1 minute"),
                              ("turn_seconds", 0, "at least 10 seconds"), ("break_minutes", -1, "can't be negative")):
        with pytest.raises(UserError, match=words):
            await service.mtts.create(GUILD, 81, ALICE, f"Bad {key}", "holdem", replace(mtt.settings, **{key: value}))
    assert list(service.mtts.running) == [mtt.id]


class StuckPresenter(RecordingMttPresenter):
    """Discord never answers the announcement's edits while ``stuck`` (each waits forever)."""

    def __init__(self) -> None:
        super().__init__()
        self.stuck = False

    async def show_mtt(self, mtt: Tournament) -> None:
        if self.stuck:
            await asyncio.Event().wait()


@pytest.mark.parametrize("end", ["cancelled", "finished", "the bot stops"])
async def test_a_tournament_s_tasks_are_cancelled_when_it_ends_or_the_bot_stops(tmp_path, end: str) -> None:
    clock, shown = Clock(), StuckPresenter()
    service = await open_service(str(tmp_path / "mtt.db"), clock, mtt_presenter=shown)
    mtt = await service.mtts.create(GUILD, 80, ALICE, "Stuck", "holdem", settings(late_levels=0))
    shown.stuck = True
    await mtt_register.add_bots(mtt, 3)
    await mtt_register.start(mtt)
    await asyncio.sleep(0)
    stuck = {task for task in mtt.tasks if not task.done()}  # the announcement's edits, waiting on Discord
    assert stuck
    shown.stuck = False  # the end's own words go out; the edits asked for before still hang
    if end == "cancelled":
        await control.cancel(mtt)
    elif end == "the bot stops":
        service.mtts.close()
    else:
        while mtt.row.status != "finished":
            await _play(service, clock, 1)
        while mtt.tasks - stuck:  # the last words are said, then the rest is cancelled
            await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert all(task.cancelled() for task in stuck) and all(task.done() for task in mtt.tasks)
