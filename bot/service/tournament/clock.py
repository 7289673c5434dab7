"""A multi-table tournament's clock: blind levels by minutes (or by hands), breaks, a pause, late
registration, as pure functions of the schedule and the time played.

Every table of a tournament deals at the level of the tournament's clock, not its own hand count, so
the clock counts the seconds the tournament has been playing: the wall-clock time since the start
less the breaks it has taken and the time a manager paused it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

PRESETS: dict[str, tuple[tuple[int, int], ...]] = {
    "regular": ((10, 20), (15, 30), (25, 50), (50, 100), (75, 150), (100, 200), (150, 300), (200, 400),
                (300, 600), (400, 800), (500, 1000), (700, 1400), (1000, 2000), (1500, 3000), (2000, 4000)),
    "turbo": ((25, 50), (50, 100), (100, 200), (150, 300), (200, 400), (300, 600), (500, 1000), (800, 1600),
              (1200, 2400), (2000, 4000), (3000, 6000)),
}
"""Blind schedules by name: (small blind, big blind) per level; a big-blind ante of one big blind
from the third level on."""


@dataclass(frozen=True)
class Level:
    """One level's stakes: the blinds and the big-blind ante."""

    number: int
    small_blind: int
    big_blind: int
    ante: int


@dataclass(frozen=True)
class Schedule:
    """The levels and how long each lasts (``minutes``), a break of ``break_minutes`` after every
    ``break_every`` levels (0: none), and the last level a player may still register in."""

    blinds: tuple[tuple[int, int], ...]
    minutes: int = 15
    break_every: int = 4
    break_minutes: int = 5
    late_registration_levels: int = 3
    ante_from_level: int = 3

    @classmethod
    def preset(cls, name: str, minutes: int = 15) -> "Schedule":
        return cls(PRESETS[name], minutes)

    def level_at(self, seconds: float) -> Level:
        """The level after ``seconds`` of play (the blinds stay at the last level once it is reached)."""
        return self.level(int(self._playing(seconds) // (self.minutes * 60)))

    def level(self, index: int) -> Level:
        """The ``index``-th level (0-based; the last once past it)."""
        index = min(index, len(self.blinds) - 1)
        small, big = self.blinds[index]
        return Level(index + 1, small, big, big if index + 1 >= self.ante_from_level else 0)

    def next_level_at(self, seconds: float) -> float | None:
        """Tournament seconds at which the level after the one ``seconds`` fall in begins (after the
        break that comes first, if any); None at the last level."""
        index = self.level_at(seconds).number
        if index >= len(self.blinds):
            return None
        if not self.break_every:
            return float(index * self.minutes * 60)
        cycle = self.break_every * self.minutes * 60 + self.break_minutes * 60
        return float((index // self.break_every) * cycle + (index % self.break_every) * self.minutes * 60)

    def on_break(self, seconds: float) -> bool:
        """Whether ``seconds`` of tournament time fall in a break (no deal starts then)."""
        if not self.break_every:
            return False
        cycle = self.break_every * self.minutes * 60 + self.break_minutes * 60
        return seconds % cycle >= self.break_every * self.minutes * 60

    def next_break(self, seconds: float) -> float | None:
        """Tournament seconds at which the next break begins (None: no breaks)."""
        if not self.break_every:
            return None
        cycle = self.break_every * self.minutes * 60 + self.break_minutes * 60
        start = (seconds // cycle) * cycle + self.break_every * self.minutes * 60
        return start if start > seconds else start + cycle

    def break_left(self, seconds: float) -> float:
        """Seconds of the break ``seconds`` fall in still to go (0: not on a break)."""
        if not self.on_break(seconds):
            return 0.0
        cycle = self.break_every * self.minutes * 60 + self.break_minutes * 60
        return cycle - seconds % cycle

    def registration_open(self, seconds: float) -> bool:
        return self.level_at(seconds).number <= self.late_registration_levels

    def _playing(self, seconds: float) -> float:
        """Seconds of play in ``seconds`` of tournament time: the breaks taken out."""
        if not self.break_every:
            return seconds
        play = self.break_every * self.minutes * 60
        cycle = play + self.break_minutes * 60
        whole, rest = divmod(seconds, cycle)
        return whole * play + min(rest, play)


def played(now: float, started: float, pauses: Sequence[tuple[float, float | None]]) -> float:
    """Tournament seconds at ``now``: since ``started``, less the managers' pauses ((from, to), to
    None while one lasts)."""
    paused = sum((end if end is not None else now) - begin for begin, end in pauses if begin < now)
    return max(0.0, now - started - paused)
