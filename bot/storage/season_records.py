"""The records of seasons and achievements, typed (JSON only at the storage edge): a season and its
rule (``Season``, ``SeasonRule``), a line of its standings (``SeasonLine``), what it counts as read
from the stored tournaments, tables and events (``SeasonSources``), and an achievement earned."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

FORMATS = ("tournament", "sit-and-go", "cash", "bridge")
"""What a season may count: multi-table tournaments, sit-and-gos, cash sessions (a poker cash table's
hands in the season), bridge events (a duplicate event's pairs, by their matchpoint percentage)."""
FORMULAS = ("field", "fixed", "funbridge", "percentage", "masterpoints")
"""Points by finish: ``field`` 100 x ln(entrants + 1) / place; ``fixed`` the rule's points per place;
``funbridge`` 2 x (entrants + 1 - place) / log10(place + 2), 20% off for each 30 days since;
``percentage`` a bridge session's matchpoint percentage, the season ranked by their average;
``masterpoints`` a bridge event's award by place and field size (``bot.service.seasons.masterpoints``)."""


@dataclass(frozen=True)
class SeasonRule:
    """What a season counts and how: the ``formats``, the ``formula``, the points per place of the
    ``fixed`` formula, the ``best`` results counted (None: all), ``participation`` points for every
    result, counted or not, and ``bounty`` points for every player a member knocks out in a counted
    tournament or sit-and-go (0: none)."""

    formats: tuple[str, ...] = FORMATS
    formula: str = "field"
    places: tuple[float, ...] = (10.0, 7.0, 5.0, 3.0, 2.0, 1.0)
    best: int | None = None
    participation: float = 0.0
    bounty: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"formats": list(self.formats), "formula": self.formula, "places": list(self.places),
                "best": self.best, "participation": self.participation, "bounty": self.bounty}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "SeasonRule":
        return cls(tuple(data["formats"]), str(data["formula"]), tuple(float(p) for p in data["places"]),
                   None if data.get("best") is None else int(data["best"]), float(data.get("participation", 0.0)),
                   float(data.get("bounty", 0.0)))


@dataclass(frozen=True)
class SeasonLine:
    """One member's line of a season's standings: place (equal points share one), points (bounties
    included), the results they played, how many counted (best k) and the players they knocked out."""

    user_id: int
    place: int
    points: float
    results: int
    counted: int
    knockouts: int = 0

    def to_json(self) -> list[Any]:
        return [self.user_id, self.place, self.points, self.results, self.counted, self.knockouts]

    @classmethod
    def from_json(cls, data: list[Any]) -> "SeasonLine":
        user_id, place, points, results, counted, *rest = data  # lines kept before bounties have five
        return cls(int(user_id), int(place), float(points), int(results), int(counted), int(rest[0]) if rest else 0)


@dataclass(frozen=True)
class Season:
    """A season of a server: its name, when it runs, where its end is posted, its rule, and once it
    ended, when and its final standings (kept as they stood then)."""

    id: int
    guild_id: int
    channel_id: int
    name: str
    starts_at: float
    ends_at: float
    rule: SeasonRule
    ended_at: float | None = None
    final: tuple[SeasonLine, ...] = ()


@dataclass(frozen=True)
class Placed:
    """A finish as stored: the session (``"mtt:3"``, ``"table:12"``), who (a member; computer players
    are negative and score nothing), their place (equal places shared), the entrants, when it ended."""

    session: str
    user_id: int
    place: int
    entrants: int
    at: float


@dataclass(frozen=True)
class DealtChips:
    """One deal of a table as its record keeps it: who was dealt in (user ids in deal seat order),
    their stacks when it began and what each won or lost."""

    users: tuple[int, ...]
    stacks: tuple[int, ...]
    deltas: tuple[int, ...]


@dataclass(frozen=True)
class SitAndGoPlay:
    """A closed sit-and-go's deals in order (its places are read from them: a finished table keeps no
    seats), and when its last deal ended."""

    session: str
    deals: tuple[DealtChips, ...]
    at: float


@dataclass(frozen=True)
class CashLine:
    """A member's chips won or lost at one cash table in the season's time, and when they last played."""

    table_id: int
    game: str
    user_id: int
    net: int
    at: float


@dataclass(frozen=True)
class EventBoard:
    """One table's result of a revealed event board: the event, the board, the players in seat order
    (user id, name), the contract result and when the table finished it."""

    event: str
    deal_key: str
    table_id: int
    hand_no: int
    players: tuple[tuple[int, str], ...]
    result: dict[str, Any]
    at: float


@dataclass(frozen=True)
class BustDeal:
    """A tournament's deal in which a player was knocked out: the tournament's format and the session
    it counts in (``"mtt:3"``, ``"table:12"``, as its places), who was dealt in (user ids in deal seat
    order) and its hand history (PHH), from which who knocked out whom is read (``bot.games.knockouts``)."""

    format: str
    session: str
    users: tuple[int, ...]
    export: str


@dataclass
class SeasonSources:
    """Everything a season of a server may count between two times, as stored."""

    tournaments: list[Placed] = field(default_factory=list)
    sit_and_gos: list[SitAndGoPlay] = field(default_factory=list)
    cash: list[CashLine] = field(default_factory=list)
    bridge: list[EventBoard] = field(default_factory=list)


@dataclass(frozen=True)
class MemberTotals:
    """What a member's achievements are judged on besides a deal: on one server, the deals they finished,
    the deals they won chips in, and the achievements they hold."""

    hands: int = 0
    wins: int = 0
    held: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Achievement:
    """An achievement a member earned on a server: its kind, when, and the hand that earned it."""

    user_id: int
    kind: str
    earned_at: float
    table_id: int | None = None
    hand_no: int | None = None
