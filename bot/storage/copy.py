"""``python -m bot migrate-db``: every row of one database copied into another (SQLite to PostgreSQL,
typically), checked before it commits.

The copy is one transaction on the target: every table's rows, then the checks (the same number of
rows in each table, the same chips in wallets and at tables). A failed check rolls it all back. The
bot should be stopped while it runs: the source is read as it is.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.storage.interface import Storage
from bot.storage.queries import Queries

COLUMNS: dict[str, str] = {  # every table of the schema and the columns copied, in a stable order
    "guild_settings": "guild_id, starting_balance, daily_amount",
    "wallets": "guild_id, user_id, balance, last_daily",
    "tables": "id, guild_id, channel_id, game, host_id, status, settings, seats, carry, hand, hand_no, step,"
              " deadline, message_id, created_at",
    "actions": "table_id, hand_no, step, seat, action, at, deadline, seats",
    "hands": "table_id, hand_no, game, seed, commitment, record, export, finished_at",
    "results": "guild_id, game, user_id, hands, chips_won, matches, wins, mu, sigma",
    "event_deals": "guild_id, event, deal_key, seed, revealed_at",
    "event_results": "guild_id, event, deal_key, table_id, hand_no, players, result",
    "events": "guild_id, event, closed_at",
    "event_tables": "table_id, guild_id, event",
    "hand_players": "guild_id, table_id, hand_no, seat, game, user_id, net, finished_at",
    "dm_channels": "user_id, channel_id",
    "ledger": "guild_id, table_id, user_id, name, kind, chips, hand_no, at",
    "mtts": "id, guild_id, channel_id, message_id, host_id, name, game, status, settings, state, pool, created_at, saved",
    "mtt_entries": "mtt_id, user_id, name, is_bot, entries, table_id, chips, place, prize, saved",
    "mtt_tables": "table_id, mtt_id, number",
    "web_sites": "guild_id, token, enabled, public",
    "seasons": "id, guild_id, channel_id, name, starts_at, ends_at, rule, ended_at, final",
    "achievements": "guild_id, user_id, kind, earned_at, table_id, hand_no",
}
ORDER = {"event_results": "rowid", "ledger": "rowid", "mtt_entries": "rowid"}  # the order rows were written in is the order shown


class CopyRefused(RuntimeError):
    """The copy did not happen (the target holds data) or did not check out (rolled back)."""


@dataclass
class CopyReport:
    rows: dict[str, int] = field(default_factory=dict)
    chips_before: int = 0
    chips_after: int = 0


async def copy_database(source: Storage, target: Storage) -> CopyReport:
    """Copy every row of ``source`` into the empty ``target``; raise ``CopyRefused`` (nothing written)
    when the target is not empty or the copy does not match."""
    assert isinstance(source, Queries)  # a backend of this package: its ``_db`` runs plain SQL
    report = CopyReport(chips_before=await source.total_chips())
    async with target.transaction() as tx:
        assert isinstance(tx, Queries)  # the backend's ``Writes``: plain SQL on the transaction's connection
        db = tx._db
        for table in COLUMNS:
            if (await db.fetch(f"SELECT COUNT(*) FROM {table}"))[0][0]:
                raise CopyRefused(f"the target database already has rows in {table}; copy into an empty one")
        for table, columns in COLUMNS.items():
            order = ORDER.get(table, "1")
            rows: list[Any] = await source._db.fetch(
                f"SELECT {columns} FROM {table} ORDER BY {order}")
            marks = ", ".join("?" * len(columns.split(",")))
            await db.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", [tuple(r) for r in rows])
            report.rows[table] = len(rows)
        if db.dialect.after_copy:
            await db.execute(db.dialect.after_copy)
        for table in COLUMNS:
            (count,) = (await db.fetch(f"SELECT COUNT(*) FROM {table}"))[0]
            if count != report.rows[table]:
                raise CopyRefused(f"{table}: {report.rows[table]} rows read but {count} written; nothing copied")
        report.chips_after = await tx.total_chips()
        if report.chips_after != report.chips_before:
            raise CopyRefused(f"chips do not match ({report.chips_before} before, {report.chips_after} after);"
                              " nothing copied")
    return report
