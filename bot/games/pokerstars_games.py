"""Each poker game the PokerStars export writes, as PokerStars names it and lays its hand out: the
game's words in the header, and what kind of deal it is (a board, stud's up cards, draws).

A game whose engine writes a PHH variant code listed here has a PokerStars form; listing a code is all
a new game of one of these kinds needs. The names are those of real PokerStars files ("7 Card Stud
Limit", "Triple Draw 2-7 Lowball Limit", ...).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class StarsGame:
    """A game as a PokerStars hand history writes it."""

    name: str
    """The header's game and limit: "Hold'em No Limit"."""
    kind: Literal["board", "stud", "draw"]
    """A board (flop, turn, river), stud's streets ("*** 3rd STREET ***") or draws ("*** FIRST DRAW ***")."""
    draws: int = 0
    """A draw game's draws: PokerStars marks each of three ("*** FIRST DRAW ***"), and no single one."""


GAMES: dict[str, StarsGame] = {
    "NT": StarsGame("Hold'em No Limit", "board"), "PT": StarsGame("Hold'em Pot Limit", "board"),
    "FT": StarsGame("Hold'em Limit", "board"),
    "NO": StarsGame("Omaha No Limit", "board"), "PO": StarsGame("Omaha Pot Limit", "board"),
    "FO": StarsGame("Omaha Limit", "board"),
    "NO/8": StarsGame("Omaha Hi/Lo No Limit", "board"), "PO/8": StarsGame("Omaha Hi/Lo Pot Limit", "board"),
    "FO/8": StarsGame("Omaha Hi/Lo Limit", "board"),
    "NS": StarsGame("6+ Hold'em No Limit", "board"),
    "F7S": StarsGame("7 Card Stud Limit", "stud"), "F7S/8": StarsGame("7 Card Stud Hi/Lo Limit", "stud"),
    "FR": StarsGame("Razz Limit", "stud"),
    "N1D": StarsGame("5 Card Draw No Limit", "draw", 1), "P1D": StarsGame("5 Card Draw Pot Limit", "draw", 1),
    "F1D": StarsGame("5 Card Draw Limit", "draw", 1),
    "N2L1D": StarsGame("Single Draw 2-7 Lowball No Limit", "draw", 1),
    "F2L3D": StarsGame("Triple Draw 2-7 Lowball Limit", "draw", 3),
    "FB": StarsGame("Badugi Limit", "draw", 3),
}
"""PHH variant code -> the game as PokerStars writes it: the variants this format carries."""

STUD_STREETS = ("3rd", "4th", "5th", "6th")
"""Stud's streets before the last, which PokerStars calls the river."""
DRAW_ORDINALS = ("FIRST", "SECOND", "THIRD")
_DRAWN = ("1st", "2nd", "3rd")


def street_name(game: StarsGame, street: int) -> str:
    """How a summary line names the street a player folded on (0: the first betting round), after
    "folded ": "before Flop", "on the Turn", "on the 3rd Street", "before the Draw", "after the 2nd Draw"."""
    if game.kind == "board":
        return "before Flop" if street == 0 else f"on the {('Flop', 'Turn', 'River')[min(street, 3) - 1]}"
    if game.kind == "stud":
        return f"on the {STUD_STREETS[street]} Street" if street < 4 else "on the River"
    if street == 0:
        return "before the Draw"
    return "after the Draw" if game.draws == 1 else f"after the {_DRAWN[street - 1]} Draw"
