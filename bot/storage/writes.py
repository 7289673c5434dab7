"""The writes of ``bot.storage.interface.Tx``, written once for every backend.

Each runs on the one connection of its transaction; a write whose result is not read waits and goes
with the next read or the commit (``bot.storage.batch``). The database itself refuses an overdraft: a
wallet is taken from by one conditional ``UPDATE ... WHERE balance + amount >= 0`` (and the schema's
``CHECK (balance >= 0)``), so two transactions buying in the same member at once, in two processes
even, cannot both spend the same chips.
"""
from __future__ import annotations

import json
import time
from typing import Any, Sequence

from bot.games.event_records import EventPlayer
from bot.storage.interface import HOUSE, HOUSE_BANKROLL, InsufficientChips
from bot.storage.records import Move, TableRow, TableSettings, seats_json
from bot.storage.mtt_store import MttWrites
from bot.storage.queries import Db, Queries


class Writes(Queries, MttWrites):
    """Writes inside one transaction, and the reads of ``Queries`` on the transaction's connection
    (what it wrote so far included). Only a backend's ``transaction()`` creates it."""

    def __init__(self, db: Db, defaults: tuple[int, int]):
        self._db = db
        self._defaults = defaults

    async def _ensure_wallet(self, guild_id: int, user_id: int) -> None:
        """One statement, no read: it goes with the next one in the same trip (``bot.storage.batch``)."""
        if user_id == HOUSE:
            await self._db.execute(
                "INSERT INTO wallets (guild_id, user_id, balance) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                guild_id, user_id, HOUSE_BANKROLL)
            return
        await self._db.execute(
            "INSERT INTO wallets (guild_id, user_id, balance) VALUES (?, ?, COALESCE("
            "(SELECT starting_balance FROM guild_settings WHERE guild_id = ?), ?)) ON CONFLICT DO NOTHING",
            guild_id, user_id, guild_id, self._defaults[0])

    async def move_wallet(self, guild_id: int, user_id: int, amount: int) -> int:
        """Add ``amount`` (negative to take) to a wallet; refuses to go below zero. Returns the balance."""
        moved = await self.try_move_wallet(guild_id, user_id, amount)
        if moved is not None:
            return moved
        balance = (await self._db.fetch(
            "SELECT balance FROM wallets WHERE guild_id = ? AND user_id = ?", guild_id, user_id))[0][0]
        raise InsufficientChips(f"You have {balance} chips; that needs {-amount}. Try /daily or a smaller buy-in.")

    async def try_move_wallet(self, guild_id: int, user_id: int, amount: int) -> int | None:
        """``move_wallet`` that answers None, having moved nothing, when the wallet cannot pay."""
        await self._ensure_wallet(guild_id, user_id)
        rows = await self._db.fetch(
            "UPDATE wallets SET balance = balance + ? WHERE guild_id = ? AND user_id = ? AND balance + ? >= 0"
            " RETURNING balance", amount, guild_id, user_id, amount)
        return int(rows[0][0]) if rows else None

    async def record_chips(self, guild_id: int, table_id: int, user_id: int, name: str, kind: str, chips: int,
                           hand_no: int) -> None:
        await self._db.execute(
            "INSERT INTO ledger (guild_id, table_id, user_id, name, kind, chips, hand_no, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", guild_id, table_id, user_id, name, kind, chips, hand_no, time.time())

    async def claim_daily(self, guild_id: int, user_id: int, now: float, period: float = 86400) -> tuple[int, float]:
        """Top up by the guild's daily amount once per ``period``. Returns (balance, seconds to wait)."""
        await self._ensure_wallet(guild_id, user_id)
        claimed = await self._db.fetch(
            "UPDATE wallets SET last_daily = ? WHERE guild_id = ? AND user_id = ?"
            " AND (last_daily IS NULL OR last_daily <= ?) RETURNING balance",
            now, guild_id, user_id, now - period)
        if not claimed:
            balance, last = (await self._db.fetch(
                "SELECT balance, last_daily FROM wallets WHERE guild_id = ? AND user_id = ?", guild_id, user_id))[0]
            return int(balance), period - (now - last)
        rows = await self._db.fetch("SELECT daily_amount FROM guild_settings WHERE guild_id = ?", guild_id)
        amount = int(rows[0][0]) if rows else self._defaults[1]
        return await self.move_wallet(guild_id, user_id, amount), 0.0

    async def set_guild_settings(self, guild_id: int, starting_balance: int, daily_amount: int) -> None:
        await self._db.execute(
            "INSERT INTO guild_settings (guild_id, starting_balance, daily_amount) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET"
            " starting_balance = excluded.starting_balance, daily_amount = excluded.daily_amount",
            guild_id, starting_balance, daily_amount)

    async def remember_dm_channel(self, user_id: int, channel_id: int) -> None:
        await self._db.execute(
            "INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id", user_id, channel_id)

    async def insert_table(self, guild_id: int, channel_id: int, game: str, host_id: int,
                           settings: TableSettings) -> int:
        rows = await self._db.fetch(
            "INSERT INTO tables (guild_id, channel_id, game, host_id, status, settings, seats, created_at)"
            " VALUES (?, ?, ?, ?, 'lobby', ?, '[]', ?) RETURNING id",
            guild_id, channel_id, game, host_id, json.dumps(settings.to_json()), time.time())
        return int(rows[0][0])

    async def save_table(self, t: TableRow) -> None:
        header = None if t.deal is None else json.dumps(t.deal.header_json())
        await self._db.execute(
            "UPDATE tables SET status = ?, seats = ?, carry = ?, hand = ?, hand_no = ?, step = ?,"
            " deadline = ?, message_id = ?, host_id = ? WHERE id = ?",
            t.status, json.dumps(seats_json(t.seats)), json.dumps(t.carry.to_json()), header, t.hand_no, t.step, t.deadline,
            t.message_id, t.host_id, t.id)

    async def set_table_message(self, table_id: int, message_id: int | None) -> None:
        await self._db.execute("UPDATE tables SET message_id = ? WHERE id = ?", message_id, table_id)

    async def append_action(self, table: TableRow, move: Move, *, seats_changed: bool) -> None:
        """One INSERT: the row carries what the table row would otherwise be updated with (loading
        the table reads it back, ``Queries._load_actions``)."""
        await self._db.execute(
            "INSERT INTO actions (table_id, hand_no, step, seat, action, at, deadline, seats)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            table.id, table.hand_no, table.step, move.deal_seat, json.dumps(move.action.to_json()), time.time(), table.deadline,
            json.dumps(seats_json(table.seats)) if seats_changed else None)

    async def drop_actions_from(self, table_id: int, hand_no: int, step: int) -> None:
        await self._db.execute("DELETE FROM actions WHERE table_id = ? AND hand_no = ? AND step >= ?",
                               table_id, hand_no, step)

    async def clear_actions(self, table_id: int) -> None:
        await self._db.execute("DELETE FROM actions WHERE table_id = ?", table_id)

    async def insert_hand(self, table_id: int, hand_no: int, game: str, seed: str, commitment: str,
                          record: dict[str, Any], export: str) -> None:
        await self._db.execute(
            "INSERT INTO hands (table_id, hand_no, game, seed, commitment, record, export, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            table_id, hand_no, game, seed, commitment, json.dumps(record), export, time.time())

    async def update_hand_export(self, table_id: int, hand_no: int, export: str) -> None:
        await self._db.execute("UPDATE hands SET export = ? WHERE table_id = ? AND hand_no = ?",
                               export, table_id, hand_no)

    async def insert_hand_players(self, guild_id: int, table_id: int, hand_no: int, game: str,
                                  players: list[tuple[int, int, int]]) -> None:
        at = time.time()
        await self._db.executemany(
            "INSERT INTO hand_players (guild_id, table_id, hand_no, seat, game, user_id, net, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(guild_id, table_id, hand_no, seat, game, user, net, at) for seat, user, net in players])

    async def event_seed(self, guild_id: int, event: str, deal_key: str, candidate: str) -> str:
        """The seed of an event's deal: ``candidate`` if this is the first table to deal it, else the
        seed the first table stored (so every table of the event plays the same cards)."""
        await self._db.execute(
            "INSERT INTO event_deals (guild_id, event, deal_key, seed) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            guild_id, event, deal_key, candidate)
        rows = await self._db.fetch(
            "SELECT seed FROM event_deals WHERE guild_id = ? AND event = ? AND deal_key = ?", guild_id, event, deal_key)
        return str(rows[0][0])

    async def insert_event_result(self, guild_id: int, event: str, deal_key: str, table_id: int,
                                  hand_no: int, players: Sequence[EventPlayer], result: dict[str, Any]) -> None:
        await self._db.execute(
            "INSERT INTO event_results (guild_id, event, deal_key, table_id, hand_no, players, result)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            guild_id, event, deal_key, table_id, hand_no, json.dumps([vars(player) for player in players]), json.dumps(result))

    async def join_event(self, guild_id: int, event: str, table_id: int) -> None:
        await self._db.execute("INSERT INTO events (guild_id, event) VALUES (?, ?) ON CONFLICT DO NOTHING",
                               guild_id, event)
        await self._db.execute("INSERT INTO event_tables (table_id, guild_id, event) VALUES (?, ?, ?)"
                               " ON CONFLICT DO NOTHING", table_id, guild_id, event)

    async def reveal_event_deals(self, guild_id: int, event: str, deal_keys: list[str], at: float) -> None:
        for key in deal_keys:
            await self._db.execute(
                "UPDATE event_deals SET revealed_at = ? WHERE guild_id = ? AND event = ? AND deal_key = ?"
                " AND revealed_at IS NULL", at, guild_id, event, key)

    async def close_event(self, guild_id: int, event: str, at: float) -> None:
        await self._db.execute("UPDATE events SET closed_at = ? WHERE guild_id = ? AND event = ?", at, guild_id, event)

    async def add_result(self, guild_id: int, game: str, user_id: int, chips: int, *,
                         hands: int, match: bool, win: bool, rating: tuple[float, float] | None) -> None:
        await self._db.execute(
            "INSERT INTO results (guild_id, game, user_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            guild_id, game, user_id)
        await self._db.execute(
            "UPDATE results SET hands = hands + ?, chips_won = chips_won + ?, matches = matches + ?,"
            " wins = wins + ?, mu = COALESCE(?, mu), sigma = COALESCE(?, sigma)"
            " WHERE guild_id = ? AND game = ? AND user_id = ?",
            hands, chips, int(match), int(win), rating[0] if rating else None,
            rating[1] if rating else None, guild_id, game, user_id)
