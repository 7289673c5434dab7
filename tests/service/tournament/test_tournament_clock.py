"""A multi-table tournament's clock: levels by minutes across breaks and pauses, the big-blind ante,
the next break and late registration."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.service.tournament.clock import PRESETS, Schedule, played


def test_levels_follow_the_minutes_played_and_breaks_stop_the_clock() -> None:
    schedule = Schedule.preset("regular", minutes=10)  # a 5-minute break after every 4 levels
    assert schedule.level_at(0).number == 1 and schedule.level_at(599).number == 1
    assert schedule.level_at(600).number == 2
    assert not schedule.on_break(2399) and schedule.on_break(2400) and schedule.on_break(2699)
    assert schedule.level_at(2399).number == 4 and schedule.level_at(2400).number == 5, "the break comes before level 5"
    assert schedule.level_at(3299).number == 5 and schedule.level_at(3300).number == 6, "level 5 runs its 10 minutes after it"
    assert schedule.next_break(100) == 2400 and schedule.next_break(2500) == 2400 + 2700
    first, third = schedule.level_at(0), schedule.level_at(1200)
    assert (first.small_blind, first.big_blind, first.ante) == (10, 20, 0)
    assert (third.big_blind, third.ante) == (50, 50), "a big-blind ante of one big blind from level 3"
    assert schedule.level_at(10**7).number == len(PRESETS["regular"]), "the last level stays"


def test_late_registration_closes_after_its_level() -> None:
    schedule = Schedule(PRESETS["turbo"], minutes=5, late_registration_levels=2)
    assert schedule.registration_open(0) and schedule.registration_open(599)
    assert not schedule.registration_open(600)


def test_pauses_do_not_count() -> None:
    assert played(1000, 100, []) == 900
    assert played(1000, 100, [(200, 300), (900, None)]) == 700, "a pause still running counts to now"
    assert played(150, 100, [(200, 300)]) == 50, "a pause that has not begun takes nothing"


@given(st.floats(0, 10**6), st.floats(0, 10**5))
def test_levels_never_go_down_as_time_passes(start: float, step: float) -> None:
    schedule = Schedule.preset("turbo", minutes=7)
    assert schedule.level_at(start).number <= schedule.level_at(start + step).number
