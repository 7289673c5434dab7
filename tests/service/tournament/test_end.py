"""A tournament's end as its announcement reads it (``table_hooks.finish``): it is finished before the
win's first write, so nothing shown meanwhile says it still plays with nobody left."""
from __future__ import annotations

from typing import Any

from bot.adapter.tournament.buttons import mtt_view
from bot.adapter.tournament.text import announcement, table_heading
from bot.service.tournament import control, table_hooks
from bot.service.tournament.clock import Schedule
from tests.service.tournament.test_places import _knock_out, _playing


class _Peeking:
    """A transaction that reads the announcement at each wallet move, as a concurrent edit would."""

    def __init__(self, tx: Any, shown: list[tuple[str, int]], mtt: Any) -> None:
        self._tx, self._shown, self._mtt = tx, shown, mtt

    def __getattr__(self, name: str) -> Any:
        return getattr(self._tx, name)

    async def move_wallet(self, *args: Any) -> None:
        self._shown.append((announcement(self._mtt, 0.0), len(mtt_view(self._mtt).children)))
        await self._tx.move_wallet(*args)


async def test_the_win_is_never_shown_as_a_tournament_playing_with_nobody_left(tmp_path) -> None:
    service, mtt = await _playing(tmp_path, 3)
    await _knock_out(service, mtt, [(-3, 1500)])
    await _knock_out(service, mtt, [(-2, 1500)])
    (table,) = mtt.live_tables()
    shown: list[tuple[str, int]] = []
    announced: list[Any] = []
    async with service.storage.transaction() as tx:
        await table_hooks.finish(mtt, _Peeking(tx, shown, mtt), table, announced.append)
    for work in announced:
        work.close()
    assert shown, "the winner's prize moved"
    for text, buttons in shown:
        assert "Players left" not in text and "Won by Ada (bot)" in text and buttons == 0, text
    assert mtt.row.status == "finished"


async def test_a_table_names_its_tournament_level_and_when_the_next_comes_by_time_or_by_hands(tmp_path) -> None:
    service, mtt = await _playing(tmp_path, 16, minutes=10)
    table = mtt.live_tables()[0]
    now = service.clock()
    assert table_heading(table) == [f"**Late** · Level 1: blinds 25/50 · next level <t:{int(now) + 600}:R>"]
    mtt.state.pauses = [(now, None)]
    assert table_heading(table) == ["**Late** · Level 1: blinds 25/50 · **paused**"], "no countdown while paused"
    (tmp_path / "hands").mkdir()
    service, mtt = await _playing(tmp_path / "hands", 16, level_hands=4)
    tables = mtt.live_tables()
    assert len(tables) == 2
    tables[0].row.hand_no, tables[1].row.hand_no = 3, 2  # 5 of the 8 hands of level 1 dealt: 3 to go over 2 tables
    assert table_heading(tables[0]) == ["**Late** · Level 1: blinds 25/50 · next level in 2 hands"]
    tables[1].row.hand_no = 4
    assert table_heading(tables[0]) == ["**Late** · Level 1: blinds 25/50 · next level in 1 hand"]


async def test_a_cancelled_tournament_says_so_with_no_button(tmp_path) -> None:
    service, mtt = await _playing(tmp_path, 4)
    await control.cancel(mtt)
    said = announcement(mtt, 0.0)
    assert said.endswith("Cancelled by a manager: every buy-in went back to its wallet.") and "Prizes" not in said
    assert not mtt_view(mtt).children


def test_the_next_level_comes_after_the_break_before_it_and_never_past_the_last() -> None:
    schedule = Schedule(((10, 20), (20, 40), (30, 60)), minutes=1, break_every=1, break_minutes=1)
    assert [schedule.next_level_at(t) for t in (0, 59, 130, 179)] == [120, 120, 240, 240]
    assert schedule.next_level_at(250) is None, "the last level lasts"
    assert Schedule(((10, 20), (20, 40)), minutes=2, break_every=0).next_level_at(30) == 120
