"""Migrations 1-5: tables and their deals (the action rows), finished hands, results, events."""
from __future__ import annotations

from bot.storage.migration import Migration

TABLES_AND_EVENTS: tuple[Migration, ...] = (
    # 1: the first schema
    Migration("""
    CREATE TABLE guild_settings (
        guild_id $int PRIMARY KEY,
        starting_balance $int NOT NULL,
        daily_amount $int NOT NULL
    );
    CREATE TABLE wallets (
        guild_id $int NOT NULL,
        user_id $int NOT NULL,
        balance $int NOT NULL CHECK (balance >= 0),
        last_daily $real,                -- NULL: never collected
        PRIMARY KEY (guild_id, user_id)
    );
    CREATE TABLE tables (
        id $id,
        guild_id $int NOT NULL,
        channel_id $int NOT NULL,
        game TEXT NOT NULL,
        host_id $int NOT NULL,
        status TEXT NOT NULL,            -- lobby | playing | closed
        settings TEXT NOT NULL,          -- JSON
        seats TEXT NOT NULL,             -- JSON list of seat records
        carry TEXT NOT NULL DEFAULT '{}',-- JSON handed from one deal to the next
        hand TEXT,                       -- JSON of the deal in progress: seed, seats, actions
        hand_no $int NOT NULL DEFAULT 0,
        step $int NOT NULL DEFAULT 0,    -- actions applied in this deal (stale-button check)
        deadline $real,                  -- unix time the current turn times out
        message_id $int,
        created_at $real NOT NULL
    );
    CREATE UNIQUE INDEX one_open_table_per_channel ON tables(channel_id) WHERE status != 'closed';
    CREATE TABLE hands (
        table_id $int NOT NULL,
        hand_no $int NOT NULL,
        game TEXT NOT NULL,
        seed TEXT NOT NULL,
        commitment TEXT NOT NULL,
        record TEXT NOT NULL,            -- JSON: seats, actions, outcome
        export TEXT NOT NULL,            -- PHH for poker, PBN for bridge, text otherwise
        finished_at $real NOT NULL,
        PRIMARY KEY (table_id, hand_no)
    );
    CREATE TABLE results (
        guild_id $int NOT NULL,
        game TEXT NOT NULL,
        user_id $int NOT NULL,
        hands $int NOT NULL DEFAULT 0,
        chips_won $int NOT NULL DEFAULT 0,
        matches $int NOT NULL DEFAULT 0,
        wins $int NOT NULL DEFAULT 0,
        mu $real,
        sigma $real,
        PRIMARY KEY (guild_id, game, user_id)
    );
    """),
    # 2: events: tables of one event (duplicate bridge) play the same deals and compare results
    Migration("""
    CREATE TABLE event_deals (
        guild_id $int NOT NULL,
        event TEXT NOT NULL,
        deal_key TEXT NOT NULL,          -- e.g. the board number
        seed TEXT NOT NULL,              -- the first table to deal it chose the seed; the rest reuse it
        PRIMARY KEY (guild_id, event, deal_key)
    );
    CREATE TABLE event_results (
        guild_id $int NOT NULL,
        event TEXT NOT NULL,
        deal_key TEXT NOT NULL,
        table_id $int NOT NULL,
        hand_no $int NOT NULL,
        players TEXT NOT NULL,           -- JSON: [{"user_id", "name"}] in engine seat order
        result TEXT NOT NULL,            -- JSON from the game's event_result
        PRIMARY KEY (table_id, hand_no)$insertion_order
    );
    CREATE INDEX event_results_by_deal ON event_results(guild_id, event, deal_key);
    """),
    # 3: a deal's actions are rows appended one by one, no longer a JSON list inside tables.hand
    # (rewritten whole on every action); the logs of deals in progress move over
    Migration("""
    CREATE TABLE actions (
        table_id $int NOT NULL,
        hand_no $int NOT NULL,
        step $int NOT NULL,              -- 1 for the deal's first action
        seat $int NOT NULL,              -- the engine seat (place in the deal) that acted
        action TEXT NOT NULL,            -- JSON of bot.games.base.Action
        at $real NOT NULL,               -- unix time it was recorded
        PRIMARY KEY (table_id, hand_no, step)
    ) $without_rowid;
    """, data={
        "sqlite": """
    INSERT INTO actions (table_id, hand_no, step, seat, action, at)
        SELECT tables.id, tables.hand_no, logged.key + 1, json_extract(logged.value, '$[0]'),
               json_extract(logged.value, '$[1]'), (julianday('now') - 2440587.5) * 86400.0
        FROM tables, json_each(tables.hand, '$.actions') AS logged
        WHERE tables.hand IS NOT NULL;
    UPDATE tables SET hand = json_remove(hand, '$.actions') WHERE hand IS NOT NULL;
    """,
        "postgresql": """
    INSERT INTO actions (table_id, hand_no, step, seat, action, at)
        SELECT tables.id, tables.hand_no, logged.step, (logged.value ->> 0)::bigint,
               (logged.value -> 1)::text, extract(epoch from now())
        FROM tables, jsonb_array_elements(tables.hand::jsonb -> 'actions') WITH ORDINALITY AS logged(value, step)
        WHERE tables.hand IS NOT NULL;
    UPDATE tables SET hand = (hand::jsonb - 'actions')::text WHERE hand IS NOT NULL;
    """}),
    # 4: an event's tables, whether the event is closed, and which of its deals are revealed (every
    # table of the event has finished it, or the event was closed): a deal's seed and results stay
    # out of every channel until then (bot.service.events.shared_deals)
    Migration("""
    CREATE TABLE events (
        guild_id $int NOT NULL,
        event TEXT NOT NULL,
        closed_at $real,                 -- NULL while open; closing reveals every deal
        PRIMARY KEY (guild_id, event)
    );
    CREATE TABLE event_tables (
        table_id $int PRIMARY KEY,
        guild_id $int NOT NULL,
        event TEXT NOT NULL
    );
    CREATE INDEX event_tables_by_event ON event_tables(guild_id, event);
    ALTER TABLE event_deals ADD COLUMN revealed_at $real;
    """, data={
        "sqlite": """
    INSERT INTO event_tables (table_id, guild_id, event)
        SELECT id, guild_id, json_extract(settings, '$.event') FROM tables
        WHERE json_extract(settings, '$.event') IS NOT NULL;
    INSERT INTO events (guild_id, event) SELECT DISTINCT guild_id, event FROM event_tables;
    """,
        "postgresql": """
    INSERT INTO event_tables (table_id, guild_id, event)
        SELECT id, guild_id, settings::jsonb ->> 'event' FROM tables WHERE settings::jsonb ->> 'event' IS NOT NULL;
    INSERT INTO events (guild_id, event) SELECT DISTINCT guild_id, event FROM event_tables;
    """}),
    # 5: an action is one write, the INSERT of its row: the row carries the turn's deadline, and the
    # seat records when the action changed them (a turn timed out). tables.step, deadline and seats
    # hold what the last save of the whole row wrote (a deal's start, its end, a seat change); action
    # rows of a later step override them when a table is loaded. Existing rows need no move: each
    # was written together with an UPDATE of tables.step to its own step, so none is later than it.
    Migration("""
    ALTER TABLE actions ADD COLUMN deadline $real;  -- unix time the turn after this action times out
    ALTER TABLE actions ADD COLUMN seats TEXT;      -- JSON seat records, when this action changed them
    """),
)
