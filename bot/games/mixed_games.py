"""The games a mixed table deals, each with its stakes from the table's one level, and the rotations.

A mixed table has one level: a small and a big blind (``small_blind``, ``big_blind``). Each game's
stakes come from it, so a change of game changes nothing of what a hand is worth:

- fixed-limit games: the small bet is the big blind and the big bet twice it; the flop and draw
  games post the level's blinds, the stud games an ante of a tenth of the big blind (at least 1) and
  a bring-in of three tenths of it (at least 1);
- no-limit and pot-limit games: the level's blinds (short-deck hold'em too, rather than its antes
  and button blind).

A rotation is a list of the keys of ``GAMES`` ("holdem-fl", "razz"...). HORSE and 8-game are the
rotations of the mixed events; ``rotation`` reads a table's settings, where the list the host chose
is stored as written.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from bot.games.badugi import BadugiEngine
from bot.games.base import Engine
from bot.games.draw import DrawEngine
from bot.games.holdem import HoldemEngine
from bot.games.lowball import SingleDrawEngine, TripleDrawEngine
from bot.games.omaha import OmahaEngine, OmahaHiLoEngine
from bot.games.razz import RazzEngine
from bot.games.short_deck import ShortDeckEngine
from bot.games.stud import StudEngine
from bot.games.stud_hilo import StudHiLoEngine
from bot.games.words import counted


@dataclass(frozen=True)
class MixedGame:
    """One game of a rotation: its registry game, engine, title and how its stakes follow the level."""

    key: str
    game: str
    """The registry's name of the game (its seat count, robot and picture)."""
    engine: Callable[..., Engine]
    title: str
    limit: str
    """"fixed-limit", "no-limit" or "pot-limit"."""
    stud: bool = False
    """Antes and a bring-in instead of blinds."""

    def settings(self, small_blind: int, big_blind: int, ante: int = 0) -> dict[str, Any]:
        """The game's own settings at this level; ``ante``: every player's in the blind games (a
        sit-and-go's later levels), the stud games having their own."""
        if self.stud:
            return {"ante": max(1, big_blind // 10), "bring_in": max(1, 3 * big_blind // 10),
                    "small_bet": big_blind, "big_bet": 2 * big_blind}
        return {"limit": self.limit, "forced": "blinds", "small_blind": small_blind, "big_blind": big_blind,
                "ante": ante}


_CATALOG = (
    MixedGame("holdem-fl", "holdem", HoldemEngine, "Fixed-limit hold'em", "fixed-limit"),
    MixedGame("holdem-nl", "holdem", HoldemEngine, "No-limit hold'em", "no-limit"),
    MixedGame("holdem-pl", "holdem", HoldemEngine, "Pot-limit hold'em", "pot-limit"),
    MixedGame("omaha-pl", "omaha", OmahaEngine, "Pot-limit Omaha", "pot-limit"),
    MixedGame("omaha-fl", "omaha", OmahaEngine, "Fixed-limit Omaha", "fixed-limit"),
    MixedGame("omaha-hilo-fl", "omaha-hilo", OmahaHiLoEngine, "Fixed-limit Omaha hi-lo", "fixed-limit"),
    MixedGame("omaha-hilo-pl", "omaha-hilo", OmahaHiLoEngine, "Pot-limit Omaha hi-lo", "pot-limit"),
    MixedGame("razz", "razz", RazzEngine, "Razz", "fixed-limit", stud=True),
    MixedGame("stud", "stud", StudEngine, "Seven-card stud", "fixed-limit", stud=True),
    MixedGame("stud-hilo", "stud-hilo", StudHiLoEngine, "Seven-card stud hi-lo", "fixed-limit", stud=True),
    MixedGame("draw-fl", "draw", DrawEngine, "Fixed-limit five-card draw", "fixed-limit"),
    MixedGame("draw-nl", "draw", DrawEngine, "No-limit five-card draw", "no-limit"),
    MixedGame("triple-draw", "triple-draw", TripleDrawEngine, "2-7 triple draw", "fixed-limit"),
    MixedGame("single-draw", "single-draw", SingleDrawEngine, "No-limit 2-7 single draw", "no-limit"),
    MixedGame("badugi", "badugi", BadugiEngine, "Badugi", "fixed-limit"),
    MixedGame("short-deck", "short-deck", ShortDeckEngine, "Short-deck hold'em", "no-limit"),
)
GAMES: Mapping[str, MixedGame] = {game.key: game for game in _CATALOG}
"""Every game a mixed table may deal, by key."""

ROTATIONS: Mapping[str, tuple[str, ...]] = {
    "horse": ("holdem-fl", "omaha-hilo-fl", "razz", "stud", "stud-hilo"),
    "8-game": ("triple-draw", "holdem-fl", "omaha-hilo-fl", "razz", "stud", "stud-hilo", "holdem-nl", "omaha-pl"),
}
"""The mixed events' rotations, in the order they are dealt."""
ROTATION_NAMES = {"horse": "HORSE", "8-game": "8-game"}
DEFAULT_ROTATION = "horse"
"""A table's rotation unless the host gives one."""

DEFAULT_HANDS = 8
"""Hands of each game before the next, unless the host chooses (0: one orbit)."""


class RotationError(ValueError):
    """A rotation the room cannot deal; the message says why, in the host's words."""


def rotation(settings: Mapping[str, Any]) -> tuple[str, ...]:
    """The keys of the games the table deals (or, at dealer's choice, may be chosen), in order:
    ``settings["rotation"]`` is "horse", "8-game" or the host's comma list ("holdem-nl, omaha-pl");
    refused with the reason when a game is unknown or not dealt here yet."""
    text = str(settings.get("rotation", "horse")).strip().lower()
    keys = ROTATIONS.get(text) or tuple(key.strip() for key in text.split(",") if key.strip())
    missing = [key for key in keys if key not in GAMES]
    if text in ROTATIONS and missing:
        raise RotationError(f"{ROTATION_NAMES[text]} needs {', '.join(missing)}, which this room does not deal yet: "
                            f"give the games as a list instead (`rotation:` with some of {', '.join(GAMES)}).")
    if missing:
        raise RotationError(f"Unknown game{'s' if len(missing) > 1 else ''} {', '.join(missing)}: "
                            f"a rotation lists some of {', '.join(GAMES)}, or is horse or 8-game.")
    if len(keys) < 2 and settings.get("choice") != "dealer":
        raise RotationError("A mixed table rotates two games or more.")
    if not keys:
        raise RotationError("Dealer's choice needs at least one game to choose from.")
    return keys


def rotation_name(settings: Mapping[str, Any]) -> str:
    """"HORSE", "8-game", "Dealer's choice" or "Mixed games" (a host's list)."""
    if settings.get("choice") == "dealer":
        return "Dealer's choice"
    return ROTATION_NAMES.get(str(settings.get("rotation", "horse")).strip().lower(), "Mixed games")


def hands_per_game(settings: Mapping[str, Any]) -> int:
    """Hands of each game; 0: an orbit (as many hands as players dealt in when the game began). A
    dealer's choice lasts an orbit."""
    if settings.get("choice") == "dealer":
        return 0
    return int(settings.get("hands_per_game", DEFAULT_HANDS))


def level(settings: Mapping[str, Any]) -> tuple[int, int]:
    """The table's level: its small and big blind."""
    small, big = int(settings.get("small_blind", 5)), int(settings.get("big_blind", 10))
    if not 0 < small <= big or big < 2:
        raise RotationError("The level needs 0 < small blind <= big blind, and a big blind of at least 2.")
    return small, big


def game_settings(key: str, settings: Mapping[str, Any]) -> dict[str, Any]:
    """The settings of game ``key`` at the table's level (and ante, at a sit-and-go's later levels)."""
    return GAMES[key].settings(*level(settings), int(settings.get("ante", 0)))


def stakes_table(settings: Mapping[str, Any]) -> list[str]:
    """One line a game of the rotation: its stakes at the table's level ("Razz: limits 10/20, ante 1,
    bring-in 3")."""
    lines = []
    for key in rotation(settings):
        game, own = GAMES[key], game_settings(key, settings)
        if game.stud:
            stakes = f"limits {own['small_bet']}/{own['big_bet']}, ante {own['ante']}, bring-in {own['bring_in']}"
        elif game.limit == "fixed-limit":
            stakes = f"blinds {own['small_blind']}/{own['big_blind']}, limits {own['big_blind']}/{2 * own['big_blind']}"
        else:
            stakes = f"blinds {own['small_blind']}/{own['big_blind']}"
        lines.append(f"{game.title}: {stakes}" + (f", ante {own['ante']}" if own["ante"] and not game.stud else ""))
    return lines


def describe(settings: Mapping[str, Any]) -> str:
    """The table in words (``/status``): its rotation, how long each game lasts, its level and each
    game's stakes at it."""
    every = hands_per_game(settings)
    length = "each game an orbit" if not every else f"{counted(every, 'hand')} a game"
    small, big = level(settings)
    stakes = "; ".join(dict.fromkeys(stakes_table(settings)))
    return f"{rotation_name(settings)}, {length}, level {small}/{big}: {stakes}"
