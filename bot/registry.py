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
    ``pause_after_deal``: seconds between a deal's end and the next deal, to read how it ended.
    ``deal_key``: for a table in an event (``settings["event"]``), which of the event's deals this one
    is (``None``: not shared); the event's tables get the same seed for the same key, record
    ``event_result(engine)`` when the deal ends and show ``event_report(key, results)``.
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
    pause_after_deal: float = 5.0
    deal_key: Callable[[Mapping[str, Any], Mapping[str, Any]], str | None] | None = None
    event_result: Callable[[Any], dict[str, Any]] | None = None
    event_report: Callable[[str, list[dict[str, Any]]], str] | None = None


def _load(game_name: str, engine: str, **options: Any) -> GameSpec:
    """Import a game's engine (``bot.games.<module>``), computer player and renderer by name."""
    from importlib import import_module

    module, cls = engine.split(":")
    images = import_module(f"images.{options.pop('images', game_name)}")
    return GameSpec(
        name=game_name, engine=getattr(import_module(f"bot.games.{module}"), cls),
        choose=import_module(f"bot.ai.{module}").choose,
        render_table=images.render_table, render_hand=images.render_hand, **options)


def _export_method(name: str) -> Callable[[Engine], str]:
    return lambda engine: getattr(engine, name)()


def _events(module: str) -> dict[str, Any]:
    """A game's event hooks (``deal_key``, ``event_result``, ``event_report``) from ``bot.games.<module>``."""
    from importlib import import_module

    events = import_module(f"bot.games.{module}")
    return {name: getattr(events, name) for name in ("deal_key", "event_result", "event_report")}


_FACTORIES: dict[str, Callable[[], GameSpec]] = {
    "holdem": lambda: _load(
        "holdem", "holdem:HoldemEngine", images="poker", title="Texas hold'em", min_players=2, max_players=10,
        default_settings={"limit": "no-limit", "small_blind": 5, "big_blind": 10, "ante": 0},
        chips=True, moves_button=True, default_buy_in=1000, export=_export_method("phh")),
    "gin": lambda: _load(
        "gin", "gin:GinEngine", title="Gin rummy", min_players=2, max_players=2,
        default_settings={"target": 100, "knock_limit": 10, "big_gin": True, "match": "game"},
        turn_seconds=90, pause_after_deal=10),
    "bridge": lambda: _load(
        "bridge", "bridge:BridgeEngine", title="Contract bridge", min_players=4, max_players=4,
        default_settings={"scoring": "rubber"}, turn_seconds=120, export=_export_method("pbn"),
        pause_after_deal=12,
        **_events("bridge_events")),
    "saint": lambda: _load(
        "saint", "saint:SaintEngine", title="Saint Poker", min_players=2, max_players=5,
        simultaneous=True, turn_seconds=90, pause_after_deal=8),
    "squared": lambda: _load(
        "squared", "squared:SquaredEngine", title="Poker Squared", min_players=2, max_players=2,
        default_settings={"rounds": 27, "min_buy_in": 40, "buy_in": 40}, chips=True, simultaneous=True,
        turn_seconds=120, default_buy_in=40, pause_after_deal=8),
    "sigma": lambda: _load(
        "sigma", "sigma:SigmaEngine", title="Sigma Poker", min_players=2, max_players=6,
        default_settings={"ante": 1, "limit": "fixed-limit", "small_bet": 2, "min_buy_in": 20},
        chips=True, moves_button=True, default_buy_in=100),
    "presidential": lambda: _load(
        "presidential", "presidential:PresidentialEngine", title="Presidential Poker", min_players=2,
        max_players=6, default_settings={"ante": 1, "limit": "fixed-limit", "small_bet": 2, "big_bet": 4,
                                         "min_buy_in": 20},
        chips=True, moves_button=True, default_buy_in=100),
    "omaha": lambda: _load(
        "omaha", "omaha:OmahaEngine", images="poker", title="Omaha", min_players=2, max_players=10,
        default_settings={"limit": "pot-limit", "small_blind": 5, "big_blind": 10, "ante": 0},
        chips=True, moves_button=True, default_buy_in=1000, export=_export_method("phh")),
    "omaha-hilo": lambda: _load(
        "omaha-hilo", "omaha:OmahaHiLoEngine", images="poker", title="Omaha hi-lo", min_players=2,
        max_players=10, default_settings={"limit": "pot-limit", "small_blind": 5, "big_blind": 10, "ante": 0},
        chips=True, moves_button=True, default_buy_in=1000, export=_export_method("phh")),
    "stud": lambda: _load(
        "stud", "stud:StudEngine", images="poker", title="Seven-card stud", min_players=2, max_players=8,
        default_settings={"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10, "min_buy_in": 50},
        chips=True, moves_button=True, default_buy_in=200, export=_export_method("phh")),
    "draw": lambda: _load(
        "draw", "draw:DrawEngine", images="poker", title="Five-card draw", min_players=2, max_players=8,
        default_settings={"limit": "no-limit", "forced": "blinds", "small_blind": 5, "big_blind": 10, "ante": 0},
        chips=True, moves_button=True, default_buy_in=1000, export=_export_method("phh")),
}
_LOADED: dict[str, GameSpec] = {}


def game(name: str) -> GameSpec:
    """The spec of a game by its slash-command name (KeyError if unknown)."""
    if name not in _LOADED:
        _LOADED[name] = _FACTORIES[name]()
    return _LOADED[name]


def game_names() -> list[str]:
    return list(_FACTORIES)
