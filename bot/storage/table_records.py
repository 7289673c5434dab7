"""A table's settings and what it carries between deals, typed (``TableRow.settings``, ``TableRow.carry``).

Settings: what the table itself reads (its mode, its tournament or event, buy-in limits, clocks,
straddle and the other table options) is a field each, checked once when the settings are built (a
bad value is refused there, in words the host reads); the game's own options (stakes, limit, antes,
scoring...) stay a mapping, ``game``, that only the engine judges. Storage keeps them as one flat JSON
object, as tables always were (``to_json``/``from_json``: a row stored before a field existed loads
with its default), and the engine receives that same object, so engines read their options as they
always did. The carry keeps the button's place as fields and the game's own part as the engine's."""
from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, Mapping, TypeAlias

from bot.errors import UserError

JSON: TypeAlias = Any
"""A decoded JSON value (what ``json.loads`` gives)."""


class TableMode(enum.Enum):
    """How a table plays: a cash game (or a casual game, for a game without chips), a sit-and-go
    tournament, or a table of a multi-table tournament. The values are the stored ones."""

    CASH = "cash"
    SIT_AND_GO = "tournament"
    TOURNAMENT = "mtt"


class Straddle(enum.Enum):
    """Who may straddle (no-limit and pot-limit poker): nobody, the player under the gun, or the button."""

    OFF = "off"
    UNDER_THE_GUN = "under the gun"
    BUTTON = "button"


@dataclass(frozen=True)
class TableSettings:
    """What a table was opened with. ``mtt``: the multi-table tournament it belongs to; ``event``: the
    event (shared bridge deals) it plays in; ``turn_seconds``: a player's time to act (None: the game's
    own time for each decision); ``buy_in``: the buy-in when a player names none (None: the game's),
    between ``min_buy_in`` and ``max_buy_in`` (None: ten big blinds, and no maximum); ``level_hands``:
    a sit-and-go's hands per blind level; a time bank of ``time_bank`` seconds, full again every
    ``time_bank_hands`` hands (0: none); ``bounty_72``: what a pot won showing 7-2 collects from every
    other player (0: none); and the options ``straddle``, ``rabbit_hunt`` and ``run_it_twice``."""

    game: Mapping[str, JSON] = field(default_factory=dict)
    mode: TableMode = TableMode.CASH
    mtt: int | None = None
    event: str | None = None
    turn_seconds: int | None = None
    buy_in: int | None = None
    min_buy_in: int | None = None
    max_buy_in: int | None = None
    level_hands: int = 10
    straddle: Straddle = Straddle.OFF
    time_bank: int = 0
    time_bank_hands: int = 10
    rabbit_hunt: bool = False
    run_it_twice: bool = False
    bounty_72: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "game", MappingProxyType(dict(self.game)))  # a copy no one can change
        self._check()

    @classmethod
    def chosen(cls, options: Mapping[str, JSON]) -> "TableSettings":
        """The settings of a new table from the options of its ``create`` (the game's defaults under
        them): the table's own options checked (None: the default), the game's kept for its engine.
        Raises ``UserError`` naming the option that can't be."""
        ours = {f.name for f in fields(cls)} - {"game"}
        chosen: dict[str, Any] = {key: value for key, value in options.items() if key in ours and value is not None}
        try:
            chosen["mode"] = TableMode(chosen.get("mode", TableMode.CASH.value))
        except ValueError:
            raise UserError(f"A table is a cash game or a tournament, not {chosen['mode']!r}.") from None
        try:
            chosen["straddle"] = Straddle(chosen.get("straddle", Straddle.OFF.value))
        except ValueError:
            raise UserError("A straddle is off, under the gun or on the button.") from None
        for key, value in chosen.items():
            if key in ("rabbit_hunt", "run_it_twice"):
                chosen[key] = _flag(key, value)
            elif key == "event":
                chosen[key] = str(value)
            elif key not in ("mode", "straddle"):
                chosen[key] = _whole(key, value)
        return cls(game={key: value for key, value in options.items() if key not in ours}, **chosen)

    def _check(self) -> None:
        """Refuse a number out of its range, or a maximum buy-in under the minimum."""
        for name, least in (("turn_seconds", 1), ("buy_in", 1), ("min_buy_in", 1), ("max_buy_in", 1),
                            ("level_hands", 1), ("time_bank", 0), ("time_bank_hands", 1), ("bounty_72", 0)):
            value = getattr(self, name)
            if value is not None and value < least:
                raise UserError(f"`{name}` must be at least {least}.")
        if self.min_buy_in is not None and self.max_buy_in is not None and self.max_buy_in < self.min_buy_in:
            raise UserError(f"The maximum buy-in ({self.max_buy_in}) can't be under the minimum ({self.min_buy_in}).")

    @property
    def least_buy_in(self) -> int | None:
        """The minimum buy-in: the table's, else ten big blinds (tables opened before tables had one);
        None in a game with neither (a game without chips)."""
        if self.min_buy_in is not None:
            return self.min_buy_in
        big_blind = self.game.get("big_blind")
        return None if big_blind is None else 10 * int(big_blind)

    @property
    def posts_blinds(self) -> bool:
        """Whether the game's forced bets are blinds (a player may wait for the big blind)."""
        return "big_blind" in self.game and self.game.get("forced", "blinds") == "blinds"

    def to_json(self) -> dict[str, JSON]:
        """The settings as one flat object: the game's options and every table option not at its
        default, as they are stored and as the engine reads them."""
        flat = dict(self.game)
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name != "game" and value != f.default:
                flat[f.name] = value.value if isinstance(value, enum.Enum) else value
        return flat

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> "TableSettings":
        """The settings as stored, any version: a table option it does not hold takes its default."""
        return cls.chosen(data)


def _flag(name: str, value: JSON) -> bool:
    if not isinstance(value, bool):
        raise UserError(f"`{name}` is true or false.")
    return value


def _whole(name: str, value: JSON) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise UserError(f"`{name}` must be a whole number.") from None
    if number != value and not isinstance(value, str):
        raise UserError(f"`{name}` must be a whole number.")
    return number


@dataclass
class TableCarry:
    """What a table carries from one deal to the next. Where the button was, which the service moves
    (``bot.service.table.presence``): ``button_seat``, the table seat that had it; ``last_dealt``, the
    members dealt in; ``blinds``, a tournament table's last [button, small blind, big blind] chairs
    (its dead button's record, ``bot.service.tournament.dead_button``). ``game``: what the game
    carries (match scores, a rubber, its own dealer), the engine's, handed back to it as it left it.
    Stored, and given to the engine, as one flat object as before (``to_json``/``from_json``)."""

    button_seat: int | None = None
    last_dealt: list[int] = field(default_factory=list)
    blinds: tuple[int, int, int] | None = None
    game: dict[str, JSON] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        flat = dict(self.game)
        if self.button_seat is not None:
            flat["button_seat"] = self.button_seat
        if self.last_dealt:
            flat["last_dealt"] = list(self.last_dealt)
        if self.blinds is not None:
            flat["blinds"] = list(self.blinds)
        return flat

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> "TableCarry":
        """The carry as stored, or as a deal left it (what is not the button's is the game's)."""
        game = dict(data)
        button, dealt, blinds = game.pop("button_seat", None), game.pop("last_dealt", None), game.pop("blinds", None)
        return cls(button_seat=None if button is None else int(button),
                   last_dealt=[int(user) for user in dealt or ()],
                   blinds=None if blinds is None else (int(blinds[0]), int(blinds[1]), int(blinds[2])),
                   game=game)
