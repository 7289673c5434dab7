"""The schema, as numbered migrations: a database at ``PRAGMA user_version`` n runs scripts n+1...

Written in SQLite's dialect. A migration is never edited once released: a change of schema is a new
script at the end, which also moves existing data (an old database opens and resumes its tables).
"""
from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    # 1: the first schema
    """
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        starting_balance INTEGER NOT NULL,
        daily_amount INTEGER NOT NULL
    );
    CREATE TABLE wallets (
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        balance INTEGER NOT NULL CHECK (balance >= 0),
        last_daily REAL,                 -- NULL: never collected
        PRIMARY KEY (guild_id, user_id)
    );
    CREATE TABLE tables (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        host_id INTEGER NOT NULL,
        status TEXT NOT NULL,            -- lobby | playing | closed
        settings TEXT NOT NULL,          -- JSON
        seats TEXT NOT NULL,             -- JSON list of seat records
        carry TEXT NOT NULL DEFAULT '{}',-- JSON handed from one deal to the next
        hand TEXT,                       -- JSON of the deal in progress: seed, seats, actions
        hand_no INTEGER NOT NULL DEFAULT 0,
        step INTEGER NOT NULL DEFAULT 0, -- actions applied in this deal (stale-button check)
        deadline REAL,                   -- unix time the current turn times out
        message_id INTEGER,
        created_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX one_open_table_per_channel ON tables(channel_id) WHERE status != 'closed';
    CREATE TABLE hands (
        table_id INTEGER NOT NULL,
        hand_no INTEGER NOT NULL,
        game TEXT NOT NULL,
        seed TEXT NOT NULL,
        commitment TEXT NOT NULL,
        record TEXT NOT NULL,            -- JSON: seats, actions, outcome
        export TEXT NOT NULL,            -- PHH for poker, PBN for bridge, text otherwise
        finished_at REAL NOT NULL,
        PRIMARY KEY (table_id, hand_no)
    );
    CREATE TABLE results (
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        hands INTEGER NOT NULL DEFAULT 0,
        chips_won INTEGER NOT NULL DEFAULT 0,
        matches INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        mu REAL,
        sigma REAL,
        PRIMARY KEY (guild_id, game, user_id)
    );
    """,
    # 2: events: tables of one event (duplicate bridge) play the same deals and compare results
    """
    CREATE TABLE event_deals (
        guild_id INTEGER NOT NULL,
        event TEXT NOT NULL,
        deal_key TEXT NOT NULL,          -- e.g. the board number
        seed TEXT NOT NULL,              -- the first table to deal it chose the seed; the rest reuse it
        PRIMARY KEY (guild_id, event, deal_key)
    );
    CREATE TABLE event_results (
        guild_id INTEGER NOT NULL,
        event TEXT NOT NULL,
        deal_key TEXT NOT NULL,
        table_id INTEGER NOT NULL,
        hand_no INTEGER NOT NULL,
        players TEXT NOT NULL,           -- JSON: [{"user_id", "name"}] in engine seat order
        result TEXT NOT NULL,            -- JSON from the game's event_result
        PRIMARY KEY (table_id, hand_no)
    );
    CREATE INDEX event_results_by_deal ON event_results(guild_id, event, deal_key);
    """,
    # 3: a deal's actions are rows appended one by one, no longer a JSON list inside tables.hand
    # (rewritten whole on every action); the logs of deals in progress move over
    """
    CREATE TABLE actions (
        table_id INTEGER NOT NULL,
        hand_no INTEGER NOT NULL,
        step INTEGER NOT NULL,           -- 1 for the deal's first action
        seat INTEGER NOT NULL,           -- the engine seat (place in the deal) that acted
        action TEXT NOT NULL,            -- JSON of bot.games.base.Action
        at REAL NOT NULL,                -- unix time it was recorded
        PRIMARY KEY (table_id, hand_no, step)
    ) WITHOUT ROWID;
    INSERT INTO actions (table_id, hand_no, step, seat, action, at)
        SELECT tables.id, tables.hand_no, logged.key + 1, json_extract(logged.value, '$[0]'),
               json_extract(logged.value, '$[1]'), (julianday('now') - 2440587.5) * 86400.0
        FROM tables, json_each(tables.hand, '$.actions') AS logged
        WHERE tables.hand IS NOT NULL;
    UPDATE tables SET hand = json_remove(hand, '$.actions') WHERE hand IS NOT NULL;
    """,
)
