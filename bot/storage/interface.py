"""What the table service and the cogs may ask of a database: the ``Storage`` and ``Tx`` protocols.

A backend (SQLite in ``bot.storage.sqlite``, PostgreSQL in ``bot.storage.postgres``) implements both. Nothing above the
storage layer writes SQL or imports a driver: it holds a ``Storage`` and writes inside
``transaction()``, so the chips an action moves and the record of the action commit together.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, AsyncContextManager, Protocol

from bot.errors import UserError

HOUSE = 0
"""The user id of the house wallet: computer players buy in from it and cash out to it."""
HOUSE_BANKROLL = 10**12


class InsufficientChips(UserError, ValueError):
    """A wallet cannot pay; the message, which says what to do, is shown to the player."""


class NotOwner(UserError):
    """This process's shards were taken over by another (it was paused, its lock connection broke):
    the database refused the write, and nothing of it was written. The process stops."""

    SQLSTATE = "CR001"  # raised by the fence check, bot.storage.schema's cardroom_fence

    def __init__(self) -> None:
        super().__init__("This server's tables are now run by another part of the bot: nothing was changed."
                         " Try again in a moment.")


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

    def to_json(self) -> dict[str, Any]:
        return dict(vars(self))  # its fields, shallow (dataclasses.asdict deep-copies: slow per action)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "TableSeat":
        return cls(**data)


def seats_json(seats: list[TableSeat]) -> list[dict[str, Any]]:
    return [seat.to_json() for seat in seats]


def seats_from_json(data: list[dict[str, Any]]) -> list[TableSeat]:
    return [TableSeat.from_json(seat) for seat in data]


@dataclass
class Deal:
    """The deal in progress, as it was dealt: which table seats were dealt in (in engine seat order,
    the deal seats 0, 1, ...), their names, stacks and kinds then, the seed of the deck and its
    published commitment, what the table carried into it (the button, match scores), its settings,
    and the actions so far (``[deal seat, Action JSON]``, in order). The engine is rebuilt from it."""

    seed: str
    commitment: str
    seats: list[int]
    names: list[str]
    stacks: list[int]
    bots: list[bool]
    carry: dict[str, Any]
    settings: dict[str, Any]
    event_key: str | None = None  # the board of an event this deal plays (bot.service.events)
    actions: list[list[Any]] = field(default_factory=list)

    def header_json(self) -> dict[str, Any]:
        """All but the actions: the header is one column, the actions rows of their own."""
        return {name: value for name, value in vars(self).items() if name != "actions"}

    @classmethod
    def from_json(cls, header: dict[str, Any], actions: list[list[Any]] | None = None) -> "Deal":
        return cls(**{k: v for k, v in header.items() if k != "actions"}, actions=actions or [])


@dataclass
class TableRow:
    """A table as stored. ``settings`` and ``carry`` are decoded JSON; ``seats`` and ``deal`` are
    typed (JSON only in the database).

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
    settings: dict[str, Any]
    seats: list[TableSeat]
    carry: dict[str, Any]
    deal: Deal | None
    hand_no: int
    step: int
    deadline: float | None
    message_id: int | None


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


class Tx(Protocol):
    """Writes inside one transaction (``Storage.transaction()``): all of them commit, or none. The
    reads a step needs of what it just wrote are here too (another connection would not see them)."""

    async def move_wallet(self, guild_id: int, user_id: int, amount: int) -> int:
        """Add ``amount`` (negative to take) to a wallet; ``InsufficientChips`` below zero. Returns
        the balance."""
        ...

    async def claim_daily(self, guild_id: int, user_id: int, now: float,
                          period: float = 86400) -> tuple[int, float]:
        """Top up by the guild's daily amount once per ``period``. Returns (balance, seconds to wait)."""
        ...

    async def set_guild_settings(self, guild_id: int, starting_balance: int, daily_amount: int) -> None: ...

    async def insert_table(self, guild_id: int, channel_id: int, game: str, host_id: int,
                           settings: dict[str, Any]) -> int:
        """A new table in the lobby; returns its id."""
        ...

    async def save_table(self, table: TableRow) -> None:
        """Store every column of ``table`` but its deal's actions (those are appended one by one)."""
        ...

    async def append_action(self, table: TableRow, seat: int, action: dict[str, Any], *,
                            seats_changed: bool) -> None:
        """Record the deal's action number ``table.step``: one new row, and nothing else written. The
        row carries what an action changes of the table: its step, the deadline, and the seats when
        ``seats_changed``; loading the table takes them from its last action rows."""
        ...

    async def clear_actions(self, table_id: int) -> None:
        """Drop the action rows of a table whose deal is over (recorded by ``insert_hand``) or void."""
        ...

    async def insert_hand(self, table_id: int, hand_no: int, game: str, seed: str, commitment: str,
                          record: dict[str, Any], export: str) -> None: ...

    async def insert_hand_players(self, guild_id: int, table_id: int, hand_no: int, game: str,
                                  players: list[tuple[int, int, int]]) -> None:
        """Index a finished deal by its members: ``players`` is (engine seat, user id, net chips)."""
        ...

    async def event_seed(self, guild_id: int, event: str, deal_key: str, candidate: str) -> str:
        """The seed of an event's deal: ``candidate`` if this is the first table to deal it, else the
        seed the first table stored."""
        ...

    async def insert_event_result(self, guild_id: int, event: str, deal_key: str, table_id: int,
                                  hand_no: int, players: list[dict[str, Any]], result: dict[str, Any]) -> None: ...

    async def join_event(self, guild_id: int, event: str, table_id: int) -> None:
        """Count ``table_id`` among the event's tables (the event is created with its first table)."""
        ...

    async def reveal_event_deals(self, guild_id: int, event: str, deal_keys: list[str], at: float) -> None:
        """Mark deals of the event as revealed: their seeds and results may reach every channel."""
        ...

    async def close_event(self, guild_id: int, event: str, at: float) -> None: ...

    async def remember_dm_channel(self, user_id: int, channel_id: int) -> None:
        """Keep the member's DM channel with the bot (the one Discord opened for them)."""
        ...

    async def add_result(self, guild_id: int, game: str, user_id: int, chips: int, *,
                         hands: int, match: bool, win: bool, rating: tuple[float, float] | None) -> None: ...

    async def ratings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, tuple[float, float]]: ...

    async def event_results(self, guild_id: int, event: str,
                            deal_key: str | None = None) -> list[dict[str, Any]]: ...


class Storage(Protocol):
    """The database: reads, and ``transaction()`` for every write."""

    def transaction(self) -> AsyncContextManager[Tx]:
        """All writes of one logical step; rolled back whole if anything inside raises."""
        ...

    async def close(self) -> None: ...

    async def open_tables(self) -> list[TableRow]:
        """Every table not closed, each with its deal's actions."""
        ...

    async def table(self, table_id: int) -> TableRow | None: ...

    async def guild_settings(self, guild_id: int) -> tuple[int, int]:
        """(starting balance, daily amount)."""
        ...

    async def balance(self, guild_id: int, user_id: int) -> int: ...

    async def hand_record(self, table_id: int, hand_no: int) -> dict[str, Any] | None: ...

    async def hand_exports(self, table_id: int) -> list[tuple[int, str]]: ...

    async def hand_seat_holders(self, table_id: int, hand_no: int) -> dict[int, int]:
        """The member in each deal seat of a finished hand (``hand_players``; computer players have none)."""

    async def stats(self, guild_id: int, user_id: int) -> list[tuple[str, int, int, int, int, float | None]]:
        """Per game: (game, hands, chips_won, matches, wins, rating)."""
        ...

    async def played_hands(self, guild_id: int, user_id: int, game: str) -> list[PlayedHand]:
        """Every deal of ``game`` the member finished on this server, oldest first."""
        ...

    async def standings(self, guild_id: int, game: str | None, since: float | None) -> list[Standing]:
        """Every member's line of the leaderboard, best first. ``since`` (a unix time): count only the
        deals finished since, ordered by chips won; ``None``: all time, ordered by rating then chips."""
        ...

    async def player_names(self, guild_id: int, user_ids: list[int]) -> dict[int, str]:
        """The name each member last played under on this server (those who have a stored deal)."""
        ...

    async def ratings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, tuple[float, float]]: ...

    async def event_results(self, guild_id: int, event: str,
                            deal_key: str | None = None) -> list[dict[str, Any]]:
        """Every table's recorded result of one event deal (``None``: of every deal), in the order
        they finished."""
        ...

    async def event_state(self, guild_id: int, event: str) -> "EventState | None":
        """The event's tables, its deals and which are revealed; None if no table ever joined it."""
        ...

    async def event_of_hand(self, table_id: int, hand_no: int) -> tuple[int, str, str] | None:
        """(guild, event, deal key) of a finished hand that was an event's deal, else None."""
        ...

    async def dm_channel(self, user_id: int) -> int | None:
        """The member's DM channel with the bot, if one was ever opened and kept."""
        ...

    async def total_chips(self) -> int:
        """Every chip in wallets and at tables (selfplay and soak tests check it never changes)."""
        ...
