"""Which games exist and what the platform needs to know about each one.

The table service, the cogs, selfplay and the help pages all read this one table, so adding a game
is: an engine, a computer player, a renderer, a ``GameSpec`` here, a thin cog, its rules page
(``docs/rules/<game>.md``), and its name in one of the statistics families of ``bot.service.stats``
(``POKER_GAMES`` or ``INVENTED_GAMES``; gin and bridge have their own figures).
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from bot.ai import bridge as bridge_ai
from bot.ai import badugi as badugi_ai
from bot.ai import draw as draw_ai
from bot.ai import gin as gin_ai
from bot.ai import holdem as holdem_ai
from bot.ai import lowball as lowball_ai
from bot.ai import mixed as mixed_ai
from bot.ai import omaha as omaha_ai
from bot.ai import presidential as presidential_ai
from bot.ai import razz as razz_ai
from bot.ai import saint as saint_ai
from bot.ai import short_deck as short_deck_ai
from bot.ai import sigma as sigma_ai
from bot.ai import squared as squared_ai
from bot.ai.bridge_explain import explain as explain_call
from bot.ai import stud as stud_ai
from bot.ai import stud_hilo as stud_hilo_ai
from bot.games import bridge_events
from bot.games.base import Action, ActionSpec, Engine
from bot.games.bridge import BridgeEngine
from bot.games.bridge import casual as bridge_casual
from bot.games.bridge_options import describe_settings as bridge_settings
from bot.games.event_records import EventResult
from bot.games.poker_options import describe as describe_options
from bot.games.bridge_scoring import unfinished_rubber_note
from bot.games.badugi import BadugiEngine
from bot.games.draw import DrawEngine
from bot.games.gin import GinEngine
from bot.games.holdem import HoldemEngine
from bot.games.lowball import SingleDrawEngine, TripleDrawEngine
from bot.games import mixed_games
from bot.games.mixed import MixedEngine, choice_label as mixed_choice_label
from bot.games.omaha import OmahaEngine, OmahaHiLoEngine
from bot.games.presidential import PresidentialEngine
from bot.games.razz import RazzEngine
from bot.games.saint import SaintEngine
from bot.games import short_deck
from bot.games.short_deck import ShortDeckEngine
from bot.games.sigma import SigmaEngine
from bot.games.squared import SquaredEngine
from bot.games.stud import StudEngine
from bot.games.stud_hilo import StudHiLoEngine
from images import bridge as bridge_images
from images import choice_labels
from images import gin as gin_images
from images import poker as poker_images
from images import presidential as presidential_images
from images import saint as saint_images
from images import sigma as sigma_images
from images import squared as squared_images

Chooser = Callable[[dict[str, Any], list[ActionSpec], random.Random], Action]


def _json_export(engine: Engine) -> str:
    return json.dumps(engine.view(None), indent=1)


@dataclass(frozen=True)
class GameSpec:
    """Everything game-specific the platform uses.

    ``chips``: players buy in from their wallet and play for table stacks (poker) instead of points.
    ``moves_button``: the service moves ``carry["dealer"]`` between deals (``bot/service/table/presence.py``: one
    player a hand at a cash table, the dead button at a tournament's with blinds).
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
    export_format: str = "json"
    """What ``export`` writes: "phh" (poker hand history), "pbn" (portable bridge notation) or "json"."""
    other_formats: tuple[str, ...] = ()
    """Formats ``/export format:`` also writes from the stored export ("pokerstars": the hands of
    the poker games PokerStars deals as PokerStars hand histories, ``bot.exports.pokerstars_file``)."""
    pause_after_deal: float = 5.0
    deal_key: Callable[[Mapping[str, Any], Mapping[str, Any]], str | None] | None = None
    event_result: Callable[[Any], dict[str, Any]] | None = None
    event_report: Callable[[str, list[EventResult]], str] | None = None
    choice_label: Callable[[dict[str, Any], str, str], str] | None = None
    """Words for a choice in the presser's private select, from their own view (else the choice's
    cards or bid, pretty-printed)."""
    choice_preview: Callable[[dict[str, Any], str, str], bytes] | None = None
    """A picture of a chosen move (PNG, from the presser's own view), shown with Confirm and Back
    before it is sent."""
    explain_call: Callable[[Sequence[tuple[int, str]], int, str | None], str] | None = None
    """What a call of the auction ((deal seat, call) in order) means in the robots' system, the one
    the table's view names (bridge: ``system``, None for the default)."""
    undo: Callable[[Mapping[str, Any]], bool] | None = None
    """Whether a table with these settings lets a player take back a move (``bot.service.table.undo``)."""
    describe_settings: Callable[[Mapping[str, Any]], str] | None = None
    """The stakes and table options in words (``/status``), from a deal's settings or the table's."""
    closing_note: Callable[[Mapping[str, Any]], str | None] | None = None
    """What the game says of the table's carry when the table closes before its match is over
    (bridge: the unfinished rubber, scored by its law); shown in the closing message."""
    seat_limit: Callable[[Mapping[str, Any]], int] | None = None
    """The seats a table with these settings has, when its settings decide (a mixed table: the fewest
    of its games'); else ``max_players``."""

    def max_seats(self, settings: Mapping[str, Any]) -> int:
        """The seats of a table of this game with ``settings``."""
        return self.seat_limit(settings) if self.seat_limit is not None else self.max_players


def _spec(name: str, engine: Callable[..., Engine], ai: Any, images: Any, **options: Any) -> GameSpec:
    """A game's spec from its engine class, computer player module (``choose``) and renderer module."""
    return GameSpec(name=name, engine=engine, choose=ai.choose, render_table=images.render_table,
                    render_hand=images.render_hand, **options)


def _mixed_robot(view: dict[str, Any], legal: list[ActionSpec], rng: random.Random) -> Action:
    """At a mixed table, the robot of the game the view names (or the dealer's choice of game)."""
    return mixed_ai.choose(view, legal, rng, GAMES[view["game"]].choose)


def _mixed_export(engine: Engine) -> str:
    """A mixed deal's hand history: its game's."""
    assert isinstance(engine, MixedEngine)
    return engine.phh()


def _mixed_choice_label(view: dict[str, Any], kind: str, value: str) -> str:
    """At a mixed table, a game's name at the dealer's choice, else the words of the game dealt."""
    return mixed_choice_label(view, kind, value, GAMES[view["game"]].choice_label)


def _mixed_seats(settings: Mapping[str, Any]) -> int:
    """A mixed table's seats: the fewest of its games' (the stud games' 8)."""
    return min(GAMES[mixed_games.GAMES[key].game].max_players for key in mixed_games.rotation(settings))


_POKER = {"limit": "no-limit", "small_blind": 5, "big_blind": 10, "ante": 0}
_BLINDS = {"small_blind": 5, "big_blind": 10, "ante": 0}
_STUD = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10, "min_buy_in": 50}
_GAMES: tuple[GameSpec, ...] = (
    _spec("holdem", HoldemEngine, holdem_ai, poker_images, title="Texas hold'em", min_players=2, max_players=10,
          default_settings=_POKER, chips=True, moves_button=True, default_buy_in=1000, export=HoldemEngine.phh, export_format="phh",
          other_formats=("pokerstars",), describe_settings=describe_options),
    _spec("gin", GinEngine, gin_ai, gin_images, title="Gin rummy", min_players=2, max_players=2,
          default_settings={"target": 100, "knock_limit": 10, "big_gin": True, "match": "game"},
          turn_seconds=90, pause_after_deal=10, choice_label=choice_labels.gin_label),
    _spec("bridge", BridgeEngine, bridge_ai, bridge_images, title="Contract bridge", min_players=4, max_players=4,
          default_settings={"scoring": "rubber"}, turn_seconds=120, export=BridgeEngine.pbn, export_format="pbn", pause_after_deal=12,
          deal_key=bridge_events.deal_key, event_result=bridge_events.event_result,
          event_report=bridge_events.event_report, closing_note=unfinished_rubber_note, explain_call=explain_call,
          undo=bridge_casual, describe_settings=bridge_settings),
    _spec("saint", SaintEngine, saint_ai, saint_images, title="Saint Poker", min_players=2, max_players=5,
          simultaneous=True, turn_seconds=90, pause_after_deal=8),
    _spec("squared", SquaredEngine, squared_ai, squared_images, title="Poker Squared", min_players=2,
          max_players=2, default_settings={"rounds": 27, "min_buy_in": 40, "buy_in": 40}, chips=True,
          simultaneous=True, turn_seconds=120, default_buy_in=40, pause_after_deal=8,
          choice_label=choice_labels.squared_label),
    _spec("sigma", SigmaEngine, sigma_ai, sigma_images, title="Sigma Poker", min_players=2, max_players=6,
          default_settings={"ante": 1, "limit": "fixed-limit", "small_bet": 2, "min_buy_in": 20},
          chips=True, moves_button=True, default_buy_in=100, choice_label=choice_labels.sigma_label,
          choice_preview=choice_labels.sigma_preview),
    _spec("presidential", PresidentialEngine, presidential_ai, presidential_images, title="Presidential Poker",
          min_players=2, max_players=6,
          default_settings={"ante": 1, "limit": "fixed-limit", "small_bet": 2, "big_bet": 4, "min_buy_in": 20},
          chips=True, moves_button=True, default_buy_in=100, choice_label=choice_labels.presidential_label),
    _spec("omaha", OmahaEngine, omaha_ai, poker_images, title="Omaha", min_players=2, max_players=10,
          default_settings={**_POKER, "limit": "pot-limit"}, chips=True, moves_button=True, default_buy_in=1000,
          export=OmahaEngine.phh, export_format="phh", other_formats=("pokerstars",), describe_settings=describe_options),
    _spec("omaha-hilo", OmahaHiLoEngine, omaha_ai, poker_images, title="Omaha hi-lo", min_players=2,
          max_players=10, default_settings={**_POKER, "limit": "pot-limit"}, chips=True, moves_button=True,
          default_buy_in=1000, export=OmahaHiLoEngine.phh, export_format="phh", other_formats=("pokerstars",), describe_settings=describe_options),
    _spec("stud", StudEngine, stud_ai, poker_images, title="Seven-card stud", min_players=2, max_players=8,
          default_settings=_STUD, chips=True, moves_button=True, default_buy_in=200, export=StudEngine.phh, export_format="phh", other_formats=("pokerstars",)),
    _spec("razz", RazzEngine, razz_ai, poker_images, title="Razz", min_players=2, max_players=8,
          default_settings=_STUD, chips=True, moves_button=True, default_buy_in=200, export=RazzEngine.phh,
          export_format="phh", other_formats=("pokerstars",)),
    _spec("stud-hilo", StudHiLoEngine, stud_hilo_ai, poker_images, title="Seven-card stud hi-lo", min_players=2,
          max_players=8, default_settings=_STUD, chips=True, moves_button=True, default_buy_in=200,
          export=StudHiLoEngine.phh, export_format="phh", other_formats=("pokerstars",)),
    _spec("draw", DrawEngine, draw_ai, poker_images, title="Five-card draw", min_players=2, max_players=8,
          default_settings={"limit": "no-limit", "forced": "blinds", "small_blind": 5, "big_blind": 10, "ante": 0}, chips=True, moves_button=True, default_buy_in=1000,
          export=DrawEngine.phh, export_format="phh", other_formats=("pokerstars",)),
    _spec("short-deck", ShortDeckEngine, short_deck_ai, poker_images, title="Short-deck hold'em", min_players=2,
          max_players=8, default_settings={"limit": "no-limit", "forced": "button blind", "ante": 10, "big_blind": 10},
          chips=True, moves_button=True, default_buy_in=1000, export=ShortDeckEngine.phh, export_format="phh",
          other_formats=("pokerstars",),
          describe_settings=short_deck.describe_settings),
    _spec("triple-draw", TripleDrawEngine, lowball_ai, poker_images, title="2-7 triple draw", min_players=2,
          max_players=6, default_settings=_BLINDS, chips=True, moves_button=True, default_buy_in=1000,
          export=TripleDrawEngine.phh, export_format="phh", other_formats=("pokerstars",)),
    _spec("single-draw", SingleDrawEngine, lowball_ai, poker_images, title="2-7 single draw", min_players=2,
          max_players=6, default_settings=_BLINDS, chips=True, moves_button=True, default_buy_in=1000,
          export=SingleDrawEngine.phh, export_format="phh", other_formats=("pokerstars",)),
    _spec("badugi", BadugiEngine, badugi_ai, poker_images, title="Badugi", min_players=2, max_players=8,
          default_settings=_BLINDS, chips=True, moves_button=True, default_buy_in=1000, export=BadugiEngine.phh,
          export_format="phh", other_formats=("pokerstars",)),
    GameSpec(name="mixed", engine=MixedEngine, choose=_mixed_robot, render_table=poker_images.render_table,
             render_hand=poker_images.render_hand, title="Mixed games", min_players=2, max_players=10,
             default_settings={"rotation": mixed_games.DEFAULT_ROTATION, "hands_per_game": mixed_games.DEFAULT_HANDS,
                               "small_blind": 5, "big_blind": 10},
             chips=True, moves_button=True, default_buy_in=1000, export=_mixed_export, export_format="phh",
             other_formats=("pokerstars",),
             describe_settings=mixed_games.describe, choice_label=_mixed_choice_label, seat_limit=_mixed_seats),
)
GAMES: Mapping[str, GameSpec] = {spec.name: spec for spec in _GAMES}
"""Every game by its slash-command name, in the order the help pages list them."""


def game(name: str) -> GameSpec:
    """The spec of a game by its slash-command name (KeyError if unknown)."""
    return GAMES[name]


def game_names() -> list[str]:
    return list(GAMES)
