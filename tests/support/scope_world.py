"""Two servers that look alike, for the storage scope tests (tests/test_storage_scope.py).

Servers ``G1`` and ``G2`` each have members ``U1`` and ``U2`` with a wallet, results, a hold'em table
whose finished hands are numbered 1 and 2 and whose deal 3 is in progress (each member's buy-in there
in its ledger), and an event named "club" with deals "1" and "2". Only the values differ (balances, seeds, chips, names), so a query that loses
its server, member, event or table still finds a row, just someone else's. ``G1`` also has a bridge
table in an event "cup" (its deal "1" too); ``G3`` has no settings at all.

``changes`` tells which rows a write touched, by their scope columns: a scope test compares it with
the one row (or few) the write was for."""
from __future__ import annotations

from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, AsyncIterator

from bot.games.base import Action
from bot.games.event_records import EventPlayer
from bot.storage import open_storage
from bot.storage.interface import Storage
from bot.storage.records import Deal, Move, TableSettings

G1, G2, G3 = 7, 8, 9
U1, U2, U3 = 1, 2, 3  # U3 never played anywhere
TARGETS = ((G1, U1), (G2, U2))
"""Each write is tried for both: a query that lost its server (member) returns whichever matching row
comes first, and whether rows come by server (member) up or down, one of these two is not first."""
SETTINGS = {G1: (500, 50), G2: (700, 70)}
DEFAULTS = (1000, 200)  # what open_storage gives a server without settings (G3)
MOVED = {(G1, U1): 10, (G1, U2): 20, (G2, U1): 30, (G2, U2): 40}
BALANCES = {(g, u): SETTINGS[g][0] + moved for (g, u), moved in MOVED.items()}
SEATS = {(G1, U1): 0, (G1, U2): 1, (G2, U1): 1, (G2, U2): 0}  # U1 sits at seat 1 in G2
NAMES = {(G1, U1): "Ann", (G1, U2): "Bob", (G2, U1): "Annie", (G2, U2): "Bobby"}
NETS = {(G1, U1, 1): 5, (G1, U2, 1): -5, (G1, U1, 2): -3, (G1, U2, 2): 3,
        (G2, U1, 1): 50, (G2, U2, 1): -50, (G2, U1, 2): -30, (G2, U2, 2): 30}
RESULTS = {  # (server, game, member): (hands, chips won, matches, wins, mu, sigma)
    (G1, "holdem", U1): (2, 2, 0, 0, 25.0, 5.0), (G1, "holdem", U2): (2, -2, 0, 0, 26.0, 5.0),
    (G2, "holdem", U1): (2, 20, 0, 0, 27.0, 5.0), (G2, "holdem", U2): (2, -20, 0, 0, 28.0, 5.0),
    (G1, "bridge", U1): (1, 0, 1, 1, 30.0, 6.0), (G1, "bridge", U2): (1, 0, 1, 0, 20.0, 6.0),
}
DM_CHANNELS = {U1: 1001, U2: 1002}
BOUGHT = {(G1, U1): 100, (G1, U2): 200, (G2, U1): 300, (G2, U2): 400}  # each one's buy-in at its server's table

SCOPE_COLUMNS: dict[str, tuple[str, str]] = {
    # table: (the columns that say whose a row is, the rest)
    "guild_settings": ("guild_id", "starting_balance, daily_amount"),
    "wallets": ("guild_id, user_id", "balance, last_daily"),
    "tables": ("guild_id, id", "channel_id, game, host_id, status, settings, seats, carry, hand, hand_no,"
                               " step, deadline, message_id"),
    "hands": ("table_id, hand_no", "game, seed, commitment, record, export, finished_at"),
    "hand_players": ("guild_id, table_id, hand_no, seat, user_id", "game, net, finished_at"),
    "results": ("guild_id, game, user_id", "hands, chips_won, matches, wins, mu, sigma"),
    "events": ("guild_id, event", "closed_at"),
    "event_tables": ("guild_id, event, table_id", "table_id"),
    "event_deals": ("guild_id, event, deal_key", "seed, revealed_at"),
    "event_results": ("guild_id, event, deal_key, table_id, hand_no", "players, result"),
    "actions": ("table_id, hand_no, step", "seat, action, at, deadline, seats"),
    "dm_channels": ("user_id", "channel_id"),
    "ledger": ("guild_id, table_id, user_id", "name, kind, chips, hand_no, at"),
}

Snapshot = dict[str, set[tuple[Any, ...]]]


CUP_CHANNEL = 80 + G1


@dataclass(frozen=True)
class World:
    tables: dict[int, int]  # server -> its hold'em table (the same hand numbers on both)
    cup: int                # G1's bridge table in the event "cup", in CUP_CHANNEL


def channel(guild: int) -> int:
    """The channel of ``guild``'s hold'em table."""
    return 70 + guild


def seed(guild: int, event: str, key: str) -> str:
    return f"seed {guild} {event} {key}"


def action(table_id: int, step: int) -> Move:
    """A deal's move (the deal seat before the step's); its amount names its table and step."""
    return Move((step - 1) % 2, Action("raise", amount=100 * table_id + step))


def hand_record(guild: int, hand_no: int) -> dict[str, Any]:
    """The record of a hold'em hand ``hand_no`` at ``guild``'s table: names in seat order."""
    by_seat = sorted((SEATS[g, u], u) for g, u in SEATS if g == guild)
    return {"seats": [0, 1], "names": [NAMES[guild, u] for _, u in by_seat],
            "outcome": {"deltas": [NETS[guild, u, hand_no] for _, u in by_seat]}}


async def build_world(storage: Storage) -> World:
    async with storage.transaction() as tx:
        for guild, (starting, daily) in SETTINGS.items():
            await tx.set_guild_settings(guild, starting, daily)
        for (guild, user), amount in MOVED.items():
            await tx.move_wallet(guild, user, amount)
        tables = {g: await tx.insert_table(g, channel(g), "holdem", U1, TableSettings(event="club")) for g in SETTINGS}
        cup = await tx.insert_table(G1, CUP_CHANNEL, "bridge", U2, TableSettings(event="cup"))
        for guild, table_id in tables.items():
            await tx.join_event(guild, "club", table_id)
            for hand_no in (1, 2):
                await tx.insert_hand(table_id, hand_no, "holdem", seed(guild, "hand", str(hand_no)), "c",
                                     hand_record(guild, hand_no), f"export {guild} {hand_no}")
                await tx.insert_hand_players(guild, table_id, hand_no, "holdem", [
                    (SEATS[guild, u], u, NETS[guild, u, hand_no]) for u in (U1, U2)])
            for key in ("1", "2"):
                await tx.event_seed(guild, "club", key, seed(guild, "club", key))
            await tx.insert_event_result(guild, "club", "1", table_id, 1, [EventPlayer(U1, "N")],
                                         {"tricks": guild})
        await tx.join_event(G1, "cup", cup)
        await tx.event_seed(G1, "cup", "1", seed(G1, "cup", "1"))
        await tx.insert_hand(cup, 1, "bridge", seed(G1, "cup", "1"), "c",
                             {"seats": [0, 1, 2, 3], "names": ["Ann", "Robot", "Bob", "Robot"],
                              "outcome": {"deltas": [0, 0, 0, 0]}}, "pbn")
        await tx.insert_hand_players(G1, cup, 1, "bridge", [(0, U1, 0), (2, U2, 0)])
        await tx.insert_event_result(G1, "cup", "1", cup, 1, [EventPlayer(U2, "S")], {"tricks": 1})
        for (guild, game, user), (hands, chips, matches, wins, mu, sigma) in RESULTS.items():
            await tx.add_result(guild, game, user, chips, hands=hands, match=bool(matches), win=bool(wins),
                                rating=(mu, sigma))
        for user, dm in DM_CHANNELS.items():
            await tx.remember_dm_channel(user, dm)
        for (guild, user), chips in BOUGHT.items():
            await tx.record_chips(guild, tables[guild], user, NAMES[guild, user], "buy-in", chips, 0)
    for guild, table_id in tables.items():  # deal 3 in progress at both tables, two actions each
        row = await storage.table(table_id)
        assert row is not None
        async with storage.transaction() as tx:
            row.status, row.hand_no, row.step = "playing", 3, 0
            row.deal = Deal(seed(guild, "deal", "3"), "c", [0, 1], ["Ann", "Bob"], [100, 100], [False, False],
                            {}, {})
            await tx.save_table(row)
            for step in (1, 2):
                row.step, row.deadline = step, 1000.0 + step
                await tx.append_action(row, action(table_id, step), seats_changed=False)
    return World(tables, cup)


@asynccontextmanager
async def opened_world(database: str) -> AsyncIterator[tuple[Storage, World]]:
    """A store at ``database`` holding the world, closed after the test even when it fails."""
    storage = await open_storage(database)
    try:
        yield storage, await build_world(storage)
    finally:
        await storage.close()


async def snapshot(storage: Storage) -> Snapshot:
    """Every row of every table, as (scope columns..., the rest...)."""
    db: Any = getattr(storage, "_db")  # the backend's own connection, as tests/test_storage.py reads it
    return {table: {tuple(row) for row in await db.fetch(f"SELECT {keys}, {rest} FROM {table}")}
            for table, (keys, rest) in SCOPE_COLUMNS.items()}


def changes(before: Snapshot, after: Snapshot) -> set[tuple[Any, ...]]:
    """(table, *scope columns) of every row added, removed or changed between two snapshots."""
    return {(table, *row[:len(SCOPE_COLUMNS[table][0].split(","))])
            for table in SCOPE_COLUMNS for row in before[table] ^ after[table]}
