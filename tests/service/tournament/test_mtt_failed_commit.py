"""A tournament table's end of deal whose transaction fails at its commit changes nothing of the
tournament either (``bot/service/tournament/rollback.py``): the knock-out, its place and prize, the pool, the
tournament's state and its end are put back as they were, no announcement goes out, and the deal's
last action pressed again (or timed out again) ends the deal as if the failure had not happened."""
from __future__ import annotations

from bot.service.table.press import Press
import asyncio
import dataclasses
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Awaitable, Callable

import pytest

from bot.games.base import Action
from bot.service.tournament import register as mtt_register
from bot.service.tournament.multi_table import Tournament
from bot.service.tables import TableService
from bot.storage.records import TournamentState
from tests.service.table.test_failed_commit import as_stored
from tests.service.tournament.test_multi_table import settings
from tests.support.failing_commit import CommitFailed, failing_commits
from tests.support.mtt_rig import RecordingMttPresenter, check_chips
from tests.support.service_rig import ALICE, BOB, CAROL, GUILD, Clock, open_service

NAMES = {ALICE: "Ann", BOB: "Bob", CAROL: "Cat"}


class Run:
    """A one-table tournament of members, its first deal under way."""

    def __init__(self, service: TableService, mtt: Tournament, shown: RecordingMttPresenter, clock: Clock) -> None:
        self.service, self.mtt, self.shown, self.clock = service, mtt, shown, clock
        (self.table,) = mtt.live_tables()

    @classmethod
    async def open(cls, database: str, players: tuple[int, ...]) -> "Run":
        clock, shown = Clock(), RecordingMttPresenter()
        service = await open_service(database, clock, mtt_presenter=shown)
        mtt = await service.mtts.create(GUILD, 80, ALICE, "Friday", "holdem", settings(late_levels=0))
        for user in players:
            await mtt_register.register(mtt, user, NAMES[user])
        await mtt_register.start(mtt)
        run = cls(service, mtt, shown, clock)
        while run.table.row.deal is None:
            clock.now += 1
            await service.tick()
        return run

    def moves(self) -> list[Action]:
        """All in, a call, then folds: one player is knocked out (unless the pot is split)."""
        engine = self.table.engine
        raise_to = next(s for s in engine.legal_actions(engine.to_act()[0]) if s.kind == "raise").max_amount
        return [Action("raise", amount=raise_to), Action("call")] + [Action("fold")] * (len(self.table.row.seats) - 2)

    async def press(self, action: Action) -> None:
        live = self.table
        user = live.table_seat_of(live.engine.to_act()[0]).user_id
        await self.service.tables[live.id].commands.act(Press(user, live.row.hand_no, live.row.step, action))

    async def last(self, action: Action, how: str) -> None:
        """The deal's last action: pressed, or a fold as the player's turn runs out."""
        if how == "pressed":
            await self.press(action)
            return
        assert action.kind == "fold" and self.table.row.deadline is not None
        self.clock.now = self.table.row.deadline
        await self.service.tick()

    async def wallets(self) -> dict[int, int]:
        return {user: await self.service.storage.balance(GUILD, user) for user in NAMES}

    def said(self) -> tuple[int, list[str]]:
        return self.shown.shown, list(self.shown.posts)

    async def quiet(self) -> None:
        """Every task the tournament spawned has had its turn."""
        for _ in range(5):
            await asyncio.sleep(0)


def _entries(mtt: Tournament) -> dict[int, Any]:
    return {user: dataclasses.astuple(entry) for user, entry in sorted(mtt.entries.items())}


def _state(state: TournamentState) -> dict[str, Any]:
    """A tournament's state but its save number, which a save that failed has used up."""
    return {key: value for key, value in vars(state).items() if key != "saved"}


async def as_stored_mtt(run: Run, *, saved_since: bool = True) -> None:
    """The tournament in memory is the tournament storage holds (when it was not saved since its
    tables started dealing, but for the level the announcement shows and the count of moves, which
    memory keeps alone until its next save)."""
    storage, mtt = run.service.storage, run.mtt
    stored = await storage.mtt(mtt.id)
    assert stored is not None
    kept = [key for key in _state(mtt.row.state) if saved_since or key not in ("shown_level", "moves")]
    assert (mtt.row.status, mtt.row.pool, [getattr(mtt.row.state, key) for key in kept]) == \
        (stored.status, stored.pool, [getattr(stored.state, key) for key in kept])
    assert _entries(mtt) == {e.user_id: dataclasses.astuple(e) for e in sorted(await storage.mtt_entries(mtt.id),
                                                                                key=lambda e: e.user_id)}


async def _outcome(run: Run) -> tuple[Any, ...]:
    mtt = run.mtt
    return (_entries(mtt), mtt.row.status, mtt.row.pool, _state(mtt.row.state), await run.wallets(),
            [s.stack for s in run.table.row.seats])


async def _played(new_database: Callable[[], Awaitable[str]], players: tuple[int, ...], fail: bool,
                  how: str = "pressed") -> tuple[Run, tuple[Any, ...]]:
    """The knock-out deal played, its last action's commit failed first if ``fail`` (then checked:
    nothing changed, nothing said) and played again (``how``: pressed, or timed out)."""
    run = await Run.open(await new_database(), players)
    *moves, last = run.moves()
    for action in moves:
        await run.press(action)
    total, said = await run.service.storage.total_chips(), run.said()
    if fail:
        entries, pool, state = _entries(run.mtt), run.mtt.row.pool, _state(run.mtt.row.state)
        with failing_commits(run.service.storage) as failures, pytest.raises(CommitFailed):
            await run.last(last, how)
        await run.quiet()
        assert failures.failed == 1
        assert run.table.row.deal is not None and run.table.engine.outcome is None, "the deal goes on"
        assert (_entries(run.mtt), run.mtt.row.pool, _state(run.mtt.row.state)) == (entries, pool, state)
        await as_stored(run.service, run.table)
        await as_stored_mtt(run, saved_since=False)
        assert run.said() == said, "no knock-out, prize or end is announced"
    await run.last(last, how)
    await run.quiet()
    assert await run.service.storage.total_chips() == total, "wallet chips and the pool conserved"
    await as_stored_mtt(run)
    return run, await _outcome(run)


@pytest.mark.parametrize("how", ["pressed", "timed out"])
async def test_a_knock_out_whose_commit_fails_is_undone_and_played_again_to_the_same_result(
        new_database: Callable[[], Awaitable[str]], how: str) -> None:
    players = (ALICE, BOB, CAROL)
    control, expected = await _played(new_database, players, fail=False, how=how)
    out = [e for e in control.mtt.entries.values() if e.place is not None]
    assert len(out) == 1 and out[0].place == 3 and out[0].prize > 0, "the deal knocks one player out, paid"
    run, outcome = await _played(new_database, players, fail=True, how=how)
    assert outcome == expected
    assert run.said() == control.said(), "the knock-out announced once"
    assert run.mtt.row.status == "playing" and run.table.row.deal is None
    check_chips(run.mtt)


async def test_a_tournament_s_last_deal_whose_commit_fails_is_won_and_paid_once_when_played_again(
        new_database: Callable[[], Awaitable[str]]) -> None:
    players = (ALICE, BOB)
    control, expected = await _played(new_database, players, fail=False)
    run, outcome = await _played(new_database, players, fail=True)
    assert outcome == expected
    assert run.mtt.row.status == "finished" and run.mtt.row.pool == 0
    winner = next(e for e in run.mtt.entries.values() if e.place == 1)
    assert winner.prize == run.mtt.prize_table()[0] > 0
    assert (await run.wallets())[winner.user_id] == 1000 - 100 + winner.prize, "the winner paid once"
    assert run.said() == control.said() and run.shown.posts.count("finished") == 1


async def test_a_tournament_is_kept_while_the_commit_of_its_win_is_in_flight(
        new_database: Callable[[], Awaitable[str]]) -> None:
    """The tournaments' clock ticks while the transaction of the winning deal's end is committing (the
    tournament is finished in memory, not yet stored); that commit fails: the tournament is still
    there, and the deal played again wins it."""
    run = await Run.open(await new_database(), (ALICE, BOB))
    *moves, last = run.moves()
    for action in moves:
        await run.press(action)
    storage, original = run.service.storage, run.service.storage.transaction

    @asynccontextmanager
    async def ticking_then_failing() -> AsyncIterator[Any]:
        async with original() as tx:
            yield tx
            await run.service.mtts.tick()
            raise CommitFailed("the database went away at the commit")

    storage.transaction = ticking_then_failing  # type: ignore[method-assign]
    try:
        with pytest.raises(CommitFailed):
            await run.press(last)
    finally:
        del storage.transaction  # type: ignore[attr-defined]
    assert run.service.mtts.running.get(run.mtt.id) is run.mtt and run.mtt.row.status == "playing"
    await run.press(last)
    await run.quiet()
    assert run.mtt.row.status == "finished" and run.shown.posts.count("finished") == 1
    await run.service.mtts.tick()
    assert run.mtt.id not in run.service.mtts.running, "let go once its end is stored"
