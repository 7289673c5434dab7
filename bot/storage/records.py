"""The records the storage reads and writes, typed: a table (``TableRow``) with its seats and the deal
in progress, a finished deal (``StoredHand``, ``PlayedHand``), a leaderboard line, an event's state,
a line of a table's ledger (``LedgerEntry``), a multi-table tournament (``MttRow``, its settings and
state in ``bot.storage.tournament_records``), a season and what it counts, an achievement (in
``bot.storage.season_records``), a server's web page (``WebSite``); a table's settings are in ``bot.storage.table_records``.
They are turned into JSON only here, at the storage edge (``to_json``/``from_json``, shallow copies:
``dataclasses.asdict`` deep-copies, which is slow once per action)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.games.base import Action
from bot.storage.table_records import Straddle, TableCarry, TableMode, TableSettings
from bot.storage.season_records import (FORMATS, FORMULAS, Achievement, BustDeal, CashLine, DealtChips, EventBoard,
                                        MemberTotals, Placed, Season, SeasonLine, SeasonRule, SeasonSources,
                                        SitAndGoPlay)
from bot.storage.tournament_records import TournamentSettings, TournamentState

__all__ = ["TableSeat", "seats_json", "seats_from_json", "Move", "Deal", "TableRow", "StoredHand", "PlayedHand",
           "Standing", "EventState", "LedgerEntry", "MttRow", "MttEntry", "TableSettings", "TableMode", "Straddle", "TableCarry",
           "TournamentSettings", "TournamentState", "Season", "SeasonRule", "SeasonLine", "SeasonSources", "Placed",
           "CashLine", "EventBoard", "Achievement", "FORMATS", "FORMULAS", "DealtChips", "SitAndGoPlay", "BustDeal",
           "WebSite", "MemberTotals"]


@dataclass
class TableSeat:
    """A place at a table and who holds it: a member (``user_id``) or a computer player, the chips
    in front of them, and whether they are away. A table seat is not a deal seat: a deal numbers
    only the table seats dealt in (``LiveTable.dealt``), from 0, as its engine does."""

    user_id: int
    name: str
    stack: int
    is_bot: bool = False
    sitting_out: bool = False
    timeouts: int = 0  # turns in a row the clock played for them
    leaving: bool = False  # stands up when the deal in progress ends
    place: int | None = None  # their finish in a tournament, once they are out or it is won
    straddles: bool = False  # posts a straddle when the table allows one and their position comes up
    away: bool = False  # dealt in, their turns checked or folded at once (``presence``)
    away_deals: int = 0  # deals begun while away: after an orbit they sit out
    waits_for_big_blind: bool = False  # not dealt in until the deal where they are the big blind
    time_bank: float = 0.0  # seconds of time bank left (``time_bank``)
    bank_hand: int = 0  # the hand their time bank was last filled at
    bank_since: float | None = None  # when this turn's use of the time bank began, while it runs
    top_up: int = 0  # chips asked for during a deal they play, added when it ends (0: none)
    auto_rebuy: int = 0  # buys in again for this much when a deal leaves them without chips (0: off)
    chair: int | None = None  # a multi-table tournament's seat number at its table (seats keep their order)

    def to_json(self) -> dict[str, Any]:
        return dict(vars(self))  # its fields, shallow (dataclasses.asdict deep-copies: slow per action)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "TableSeat":
        return cls(**data)


def seats_json(seats: list[TableSeat]) -> list[dict[str, Any]]:
    return [seat.to_json() for seat in seats]


def seats_from_json(data: list[dict[str, Any]]) -> list[TableSeat]:
    return [TableSeat.from_json(seat) for seat in data]


@dataclass(frozen=True)
class Move:
    """One action of a deal: the deal seat that took it, and what it did."""

    deal_seat: int
    action: Action

    def to_json(self) -> list[Any]:
        """``[deal seat, Action JSON]``, as a finished deal's record keeps its actions."""
        return [self.deal_seat, self.action.to_json()]


@dataclass
class Deal:
    """The deal in progress, as it was dealt: which table seats were dealt in (in engine seat order,
    the deal seats 0, 1, ...), their names, stacks and kinds then, the seed of the deck and its
    published commitment, what the table carried into it (the button, match scores), its settings,
    and the moves so far, in order. The engine is rebuilt from it."""

    seed: str
    commitment: str
    seats: list[int]
    names: list[str]
    stacks: list[int]
    bots: list[bool]
    carry: dict[str, Any]
    settings: dict[str, Any]
    event_key: str | None = None  # the board of an event this deal plays (bot.service.events.shared_deals)
    actions: list[Move] = field(default_factory=list)

    def header_json(self) -> dict[str, Any]:
        """All but the actions: the header is one column, the actions rows of their own."""
        return {name: value for name, value in vars(self).items() if name != "actions"}

    @classmethod
    def from_json(cls, header: dict[str, Any], actions: list[Move] | None = None) -> "Deal":
        return cls(**{k: v for k, v in header.items() if k != "actions"}, actions=actions or [])


@dataclass
class TableRow:
    """A table as stored, typed (JSON only in the database): its ``settings``, ``seats``, what it
    ``carry``-s between deals, and ``deal``, whose ``settings`` and ``carry`` are the engine's mappings.

    ``deal`` is the deal in progress: its header is one column, and its actions are rows a backend
    appends one by one with ``Tx.append_action``; loading a table puts them back in ``deal.actions``,
    and takes ``step``, ``deadline`` (and ``seats`` if changed) from action rows newer than the row.
    """

    id: int
    guild_id: int
    channel_id: int
    game: str
    host_id: int
    status: str
    settings: TableSettings
    seats: list[TableSeat]
    carry: TableCarry
    deal: Deal | None
    hand_no: int
    step: int
    deadline: float | None
    message_id: int | None


@dataclass(frozen=True)
class StoredHand:
    """A finished deal as stored: its game, the seed and its commitment (the fair-deck proof), the
    deal's record (the game's JSON document: seats, names, stacks, carry, actions, outcome; what a
    replay rebuilds it from), its export (PHH, PBN or JSON text) and when it ended (a unix time; not
    part of its identity)."""

    game: str
    seed: str
    commitment: str
    record: dict[str, Any]
    export: str
    finished_at: float = field(default=0.0, compare=False)


@dataclass(frozen=True)
class PlayedHand:
    """One finished deal as one member played it: the stored record and export, their engine seat,
    the chips they won or lost, and when it ended (what ``bot.service.stats`` reads)."""

    table_id: int
    hand_no: int
    game: str
    seat: int
    net: int
    finished_at: float
    record: dict[str, Any]
    export: str


@dataclass(frozen=True)
class Standing:
    """One member's line of the leaderboard: chips won and deals played in the period asked, and
    the rating (openskill mu - 3 sigma, best of the games counted; None: unrated)."""

    user_id: int
    chips_won: int
    deals: int
    rating: float | None


@dataclass
class EventState:
    """An event as stored: its tables (id -> (channel, status, hand_no)), each deal's key -> revealed,
    the deal keys each table has finished, and whether a director closed it."""

    tables: dict[int, tuple[int, str, int]]
    deals: dict[str, bool]
    finished: dict[int, set[str]]
    closed: bool


@dataclass(frozen=True)
class LedgerEntry:
    """Chips moved between a wallet and a table, as the ledger keeps them: the table, who sat there
    (a member, or a computer player by its seat's negative id, which its wallet, the house's, is not),
    the name they sat under, the kind of move ("buy-in", "rebuy" of an empty stack, "top-up" of one
    that has chips, or "cash-out" back to the wallet), the chips (always positive), the table's deals
    dealt so far, and when."""

    table_id: int
    user_id: int
    name: str
    kind: str
    chips: int
    hand_no: int
    at: float


@dataclass
class MttRow:
    """A multi-table tournament as stored (``bot.service.tournament.multi_table``): where it is announced, its settings
    (stack, blind schedule, seats a table, buy-in, prizes...), what it keeps of its play (``state``:
    when it started, its pauses, the hand-for-hand round...), and the wallet chips it holds (``pool``:
    the buy-ins not yet paid out)."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    name: str
    game: str
    status: str  # registering | playing | finished | cancelled
    settings: TournamentSettings
    state: TournamentState
    pool: int
    created_at: float


@dataclass
class MttEntry:
    """A player of a multi-table tournament: a member, or a computer player (a negative id of the
    tournament's own), the buy-ins they paid, the table they sit at or move to with the chips they
    carry there, and their finish and prize once out."""

    user_id: int
    name: str
    is_bot: bool = False
    entries: int = 1
    table_id: int | None = None
    chips: int = 0  # chips carried to ``table_id`` and not seated there yet (a move between tables)
    place: int | None = None
    prize: int = 0


@dataclass(frozen=True)
class WebSite:
    """A server's web page: its links' token, whether it is served, whether its id opens it too."""

    guild_id: int
    token: str
    enabled: bool
    public: bool
