"""Whose turn began at which step of the deal in play, for the stale-button check: a button drawn at
an earlier step is stale unless its presser has been choosing since then (several seats choose at
once: others' choices don't outdate yours). Only ``Turns``' own methods write it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable


@dataclass
class Turns:
    """The step at which each deal seat now to act began its turn."""

    started: dict[int, int] = field(default_factory=dict)

    def restart(self) -> None:
        """A deal dealt, rebuilt or gone: no turn has begun."""
        self.started = {}

    def track(self, acting: Iterable[int], step: int) -> None:
        """The seats to act at ``step``: a turn that goes on keeps the step it began at."""
        self.started = {seat: self.started.get(seat, step) for seat in acting}

    def stale(self, deal_seat: int | None, drawn_at: int, step: int) -> bool:
        """Whether a component drawn at step ``drawn_at`` is stale now, at ``step``, for ``deal_seat``."""
        return drawn_at != step and (deal_seat not in self.started or drawn_at < self.started[deal_seat])
