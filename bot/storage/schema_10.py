"""Migration 10: multi-table tournaments (``bot.service.tournament.multi_table``)."""
from __future__ import annotations

from bot.storage.migration import Migration

TOURNAMENTS: tuple[Migration, ...] = (
    # 10: a multi-table tournament, its entries and its tables (normal tables, each in a thread of the
    # tournament's channel, that the tournament owns). Its pool is wallet chips: the buy-ins paid in and
    # not yet paid out as prizes. The chips at its tables are tournament chips, which no wallet holds: an
    # entry's are at its table's seat, or in ``chips`` while it moves between tables
    Migration("""
    CREATE TABLE mtts (
        id $id,
        guild_id $int NOT NULL,
        channel_id $int NOT NULL,        -- where it is announced; its tables play in threads of it
        message_id $int,                 -- the announcement, with Register and Unregister
        host_id $int NOT NULL,
        name TEXT NOT NULL,
        game TEXT NOT NULL,
        status TEXT NOT NULL,            -- registering | playing | finished | cancelled
        settings TEXT NOT NULL,          -- JSON: stack, blind schedule, seats a table, buy-in, prizes...
        state TEXT NOT NULL,             -- JSON: when it started, its pauses, the hand-for-hand round...
        pool $int NOT NULL DEFAULT 0 CHECK (pool >= 0),
        created_at $real NOT NULL
    );
    CREATE UNIQUE INDEX one_running_mtt_per_name ON mtts(guild_id, name) WHERE status IN ('registering', 'playing');
    CREATE TABLE mtt_entries (
        mtt_id $int NOT NULL,
        user_id $int NOT NULL,           -- a member, or a computer player's negative id in this tournament
        name TEXT NOT NULL,
        is_bot $int NOT NULL,            -- 1: a computer player, whose buy-in and prize are the house's
        entries $int NOT NULL,           -- buy-ins paid: 1, more after re-entries
        table_id $int,                   -- the table they sit at or move to; NULL once out
        chips $int NOT NULL DEFAULT 0,   -- chips carried to table_id, not seated there yet
        place $int,                      -- their finish, once out or once it is won
        prize $int NOT NULL DEFAULT 0,   -- wallet chips paid for their place
        PRIMARY KEY (mtt_id, user_id)$insertion_order
    );
    CREATE TABLE mtt_tables (
        table_id $int PRIMARY KEY,
        mtt_id $int NOT NULL,
        number $int NOT NULL             -- "table 3" of the tournament
    );
    CREATE INDEX mtt_tables_by_mtt ON mtt_tables(mtt_id);
    """),
)
