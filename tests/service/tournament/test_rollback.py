"""The record of a deal's end in its tournament (``bot/service/tournament/rollback.py``): undone, it puts back
exactly what that deal's end changed (an entry, a state key added or a list grown in place, the
status, the pool by its delta), keeps the save's number and what another table changed after it, and
drops its announcements unsaid; committed, it sends them."""
from __future__ import annotations

import asyncio
import inspect
from dataclasses import dataclass, field
from typing import Any, Coroutine

from bot.service.tournament.rollback import DealEnd
from bot.storage.records import MttEntry, MttRow, TournamentSettings, TournamentState

SETTINGS = TournamentSettings(stack=1500, buy_in=100, seats=8, blinds=((10, 20),), minutes=10)


@dataclass
class Kept:
    row: MttRow
    entries: dict[int, MttEntry]
    spawned: list[Coroutine[Any, Any, None]] = field(default_factory=list)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        self.spawned.append(work)


def _tournament() -> Kept:
    state = TournamentState(field_fixed=True, hfh=True, hfh_done=[7], saved=4, moves={"balance": 1})
    row = MttRow(1, 10, 20, None, 1, "Friday", "holdem", "playing", SETTINGS, state, 300, 0.0)
    entries = {user: MttEntry(user, f"p{user}", table_id=7 if user < 3 else 8) for user in (1, 2, 3, 4)}
    entries[4].place, entries[4].prize, entries[4].table_id = 4, 0, None
    return Kept(row, entries)


async def _said() -> None:
    pass


def _deal_end(mtt: Kept) -> tuple[DealEnd, Coroutine[Any, Any, None]]:
    """Table 7's deal end: player 2 out in place 3, paid 90; the round's list grown in place, a field
    set, the tournament won; saved."""
    ending = DealEnd(mtt)
    mtt.entries[2].place, mtt.entries[2].prize, mtt.entries[2].table_id = 3, 90, None
    mtt.row.pool -= 90
    mtt.row.state.hfh_done.append(8)
    mtt.row.state.finished_at = 5.0
    mtt.row.status = "finished"
    mtt.row.state.saved = 5
    said = _said()
    ending.spawn(said)
    ending.done()
    return ending, said


def test_undone_it_puts_back_what_it_changed_and_keeps_what_others_changed_since() -> None:
    mtt = _tournament()
    before = {user: (e.place, e.prize, e.table_id) for user, e in mtt.entries.items()}
    ending, said = _deal_end(mtt)
    mtt.entries[3].table_id = 9  # another table moved player 3 before the commit failed
    mtt.row.state.moves["balance"] = 2
    ending.undo()
    assert {user: (e.place, e.prize, e.table_id) for user, e in mtt.entries.items()} == {**before, 3: (None, 0, 9)}
    assert mtt.row.pool == 300 and mtt.row.status == "playing"
    assert mtt.row.state == TournamentState(field_fixed=True, hfh=True, hfh_done=[7], saved=5, moves={"balance": 2}), \
        "its changes put back, the save's number kept, another table's change kept"
    assert not mtt.spawned and inspect.getcoroutinestate(said) == inspect.CORO_CLOSED, "its announcement dropped"


def test_committed_it_sends_its_announcements() -> None:
    mtt = _tournament()
    ending, _ = _deal_end(mtt)
    ending.committed()
    assert len(mtt.spawned) == 1
    asyncio.run(mtt.spawned[0])


def test_a_deal_end_that_failed_before_it_was_done_is_undone_all_the_same() -> None:
    mtt = _tournament()
    ending = DealEnd(mtt)
    mtt.entries[1].table_id = None
    mtt.row.state.hfh_busts.append((1, 500))
    ending.undo()
    assert mtt.entries[1].table_id == 7 and mtt.row.state.hfh_busts == []
