"""What the table service and the cogs may ask of a database: the ``Storage`` and ``Tx`` protocols.

A backend (SQLite in ``bot.storage.sqlite``, PostgreSQL in ``bot.storage.postgres``) implements both. Nothing above the
storage layer writes SQL or imports a driver: it holds a ``Storage`` and writes inside
``transaction()``, so the chips an action moves and the record of the action commit together.
"""
from __future__ import annotations

import asyncio
from contextvars import ContextVar
from typing import Any, AsyncContextManager, Protocol, Sequence

from bot.errors import UserError
from bot.games.event_records import EventPlayer, EventResult
from bot.storage.mtt_interface import MttStorage, MttTx
from bot.storage.season_queries import SeasonReads, SeasonWrites
from bot.storage.web_store import WebReads, WebWrites
from bot.storage.records import EventState, LedgerEntry, Move, PlayedHand, Standing, StoredHand, TableRow, TableSettings

COMMITTED: ContextVar[tuple[asyncio.Task[Any] | None, list[int]] | None] = ContextVar("committed", default=None)
"""A task that counts the transactions it commits (not those of tasks it starts): the task, and its
count, which every backend's commit adds to. The adapter counts a member's request with it, to tell a
failure with nothing stored from one after part of the request was (``bot.adapter.seat.checks``)."""
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


class Tx(MttTx, WebWrites, SeasonWrites, Protocol):
    """Writes inside one transaction (``Storage.transaction()``): all of them commit, or none. The
    reads a step needs of what it just wrote are here too (another connection would not see them)."""

    async def move_wallet(self, guild_id: int, user_id: int, amount: int) -> int:
        """Add ``amount`` (negative to take) to a wallet; ``InsufficientChips`` below zero. Returns
        the balance."""
        ...

    async def try_move_wallet(self, guild_id: int, user_id: int, amount: int) -> int | None:
        """``move_wallet`` that answers None, having moved nothing, when the wallet cannot pay (what a
        deal's settlement asks, which a short wallet must not undo)."""
        ...

    async def record_chips(self, guild_id: int, table_id: int, user_id: int, name: str, kind: str, chips: int,
                           hand_no: int) -> None:
        """A line of the table's ledger (``LedgerEntry``), written with the wallet move it records."""
        ...

    async def claim_daily(self, guild_id: int, user_id: int, now: float,
                          period: float = 86400) -> tuple[int, float]:
        """Top up by the guild's daily amount once per ``period``. Returns (balance, seconds to wait)."""
        ...

    async def set_guild_settings(self, guild_id: int, starting_balance: int, daily_amount: int) -> None: ...

    async def insert_table(self, guild_id: int, channel_id: int, game: str, host_id: int,
                           settings: TableSettings) -> int:
        """A new table in the lobby; returns its id."""
        ...

    async def save_table(self, table: TableRow) -> None:
        """Store every column of ``table`` but its deal's actions (those are appended one by one)."""
        ...

    async def set_table_message(self, table_id: int, message_id: int | None) -> None:
        """Store which message shows the table, and nothing else of it."""
        ...

    async def append_action(self, table: TableRow, move: Move, *, seats_changed: bool) -> None:
        """Record the deal's action number ``table.step``, ``move``: one new row, and nothing else written. The
        row carries what an action changes of the table: its step, the deadline, and the seats when
        ``seats_changed``; loading the table takes them from its last action rows."""
        ...

    async def drop_actions_from(self, table_id: int, hand_no: int, step: int) -> None:
        """Drop the deal's action rows from ``step`` on (an undo took them back)."""
        ...

    async def clear_actions(self, table_id: int) -> None:
        """Drop the action rows of a table whose deal is over (recorded by ``insert_hand``) or void."""
        ...

    async def insert_hand(self, table_id: int, hand_no: int, game: str, seed: str, commitment: str,
                          record: dict[str, Any], export: str) -> None: ...

    async def update_hand_export(self, table_id: int, hand_no: int, export: str) -> None:
        """Rewrite a finished hand's export (a winner showed their cards after it: a remark, no chip)."""
        ...

    async def insert_hand_players(self, guild_id: int, table_id: int, hand_no: int, game: str,
                                  players: list[tuple[int, int, int]]) -> None:
        """Index a finished deal by its members: ``players`` is (engine seat, user id, net chips)."""
        ...

    async def event_seed(self, guild_id: int, event: str, deal_key: str, candidate: str) -> str:
        """The seed of an event's deal: ``candidate`` if this is the first table to deal it, else the
        seed the first table stored."""
        ...

    async def insert_event_result(self, guild_id: int, event: str, deal_key: str, table_id: int,
                                  hand_no: int, players: Sequence[EventPlayer], result: dict[str, Any]) -> None: ...

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
                            deal_key: str | None = None) -> list[EventResult]: ...


class Storage(MttStorage, WebReads, SeasonReads, Protocol):
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

    async def hand_record(self, table_id: int, hand_no: int) -> StoredHand | None: ...

    async def hand_exports(self, table_id: int) -> list[tuple[int, str]]: ...

    async def hand_records(self, table_id: int) -> list[tuple[int, StoredHand]]:
        """Every finished hand of a table as ``(hand_no, stored hand)``, in order."""
        ...

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
                            deal_key: str | None = None) -> list[EventResult]:
        """Every table's recorded result of one event deal (``None``: of every deal), in the order
        they finished."""
        ...

    async def event_state(self, guild_id: int, event: str) -> "EventState | None":
        """The event's tables, its deals and which are revealed; None if no table ever joined it."""
        ...

    async def event_of_hand(self, table_id: int, hand_no: int) -> tuple[int, str, str] | None:
        """(guild, event, deal key) of a finished hand that was an event's deal, else None."""
        ...

    async def ledger_entries(self, guild_id: int, table_ids: list[int]) -> list[LedgerEntry]:
        """The ledger lines of this server's tables among ``table_ids``, in the order they were written."""
        ...

    async def ledger_tables(self, guild_id: int, channel_id: int, since: float) -> list[int]:
        """This server's tables in ``channel_id`` whose ledger has a line written since ``since``."""
        ...

    async def table_hands(self, guild_id: int, table_id: int) -> list[StoredHand]:
        """Every finished hand of this server's table ``table_id``, in the order they were played."""
        ...

    async def dm_channel(self, user_id: int) -> int | None:
        """The member's DM channel with the bot, if one was ever opened and kept."""
        ...

    async def total_chips(self) -> int:
        """Every chip in wallets and at tables (selfplay and soak tests check it never changes)."""
        ...
