"""Which games exist and what the platform needs to know about each one.

The table service, the cogs, selfplay and the help pages all read this one table, so adding a game
is: an engine, a computer player, a renderer, a ``GameSpec`` here and a thin cog.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from bot.games.base import Action, ActionSpec, Engine

Chooser = Callable[[dict[str, Any], list[ActionSpec], random.Random], Action]


def _json_export(engine: Engine) -> str:
    return json.dumps(engine.view(None), indent=1)


@dataclass(frozen=True)
class GameSpec:
    """Everything game-specific the platform uses.

    ``chips``: players buy in from their wallet and play for table stacks (poker) instead of points.
    ``moves_button``: the service rotates ``carry["dealer"]`` between deals (poker cash games).
    ``simultaneous``: several seats choose at once; a button stays valid while its deal lasts.
    """

    name: str
    title: str
    engine: Callable[..., Engine]
    choose: Chooser
    min_players: int
    max_players: int
    render_table: Callable[[dict[str, Any], str], bytes]
    render_hand: Callable[[dict[str, Any]], bytes]
    default_settings: Mapping[str, Any] = field(default_factory=dict)
    chips: bool = False
    moves_button: bool = False
    simultaneous: bool = False
    turn_seconds: int = 60
    default_buy_in: int = 0
    export: Callable[[Engine], str] = _json_export


def _holdem() -> GameSpec:
    from bot.ai.holdem import choose
    from bot.games.holdem import HoldemEngine
    from images.poker import render_hand, render_table

    return GameSpec(
        name="holdem", title="Texas hold'em", engine=HoldemEngine, choose=choose,
        min_players=2, max_players=10, render_table=render_table, render_hand=render_hand,
        default_settings={"limit": "no-limit", "small_blind": 5, "big_blind": 10, "ante": 0},
        chips=True, moves_button=True, turn_seconds=60, default_buy_in=1000,
        export=lambda engine: engine.phh(),  # type: ignore[attr-defined]
    )


_FACTORIES: dict[str, Callable[[], GameSpec]] = {"holdem": _holdem}
_LOADED: dict[str, GameSpec] = {}


def game(name: str) -> GameSpec:
    """The spec of a game by its slash-command name (KeyError if unknown)."""
    if name not in _LOADED:
        _LOADED[name] = _FACTORIES[name]()
    return _LOADED[name]


def game_names() -> list[str]:
    return list(_FACTORIES)
