"""A member's move at a table as their button, select or form carries it (``Press``), and what the
table's one judgement of it gives the deal (``Judged``): ``LiveTable.verify`` makes one from the
other under the table's lock, and ``dealing.act`` applies it."""
from __future__ import annotations

from dataclasses import dataclass

from bot.games.base import Action


@dataclass(frozen=True)
class Press:
    """Who pressed, the hand the component was drawn for, the step it was drawn at (None: any step of
    that hand, a command's move) and the move it carries."""

    user_id: int
    hand_no: int
    step: int | None
    action: Action


@dataclass(frozen=True)
class Judged:
    """A press the table accepts: the deal seat it moves for and the move as the engine will apply it
    (a fixed amount filled in)."""

    deal_seat: int
    action: Action
