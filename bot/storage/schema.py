"""The schema, as numbered migrations: a database at version n runs migrations n+1... in order.

One list for both databases: each migration's ``schema`` is a ``string.Template`` whose ``$int``,
``$real``, ``$id``... a ``bot.storage.dialect.Dialect`` fills in; a migration that moves data says how
in each dialect (``data``). A migration is never edited once released: a change of schema is a new
migration at the end, which also moves existing data (an old database opens and resumes its tables).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from string import Template

from bot.storage.dialect import Dialect


@dataclass(frozen=True)
class Migration:
    schema: str
    data: dict[str, str] = field(default_factory=dict)  # dialect name -> statements moving old data

    def script(self, dialect: Dialect) -> str:
        return Template(self.schema).substitute(dialect.types) + self.data.get(dialect.name, "")


MIGRATIONS: tuple[Migration, ...] = (
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
    # out of every channel until then (bot.service.events)
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
    # 6: clusters' fencing tokens: each time a process takes its shards (bot.storage.guard) it bumps
    # their generation, and every write transaction of a process first checks that the generations are
    # still the ones it took (cardroom_fence, bot.storage.postgres): a process that lost its shards to
    # another writes nothing more. The check holds a shared transaction lock per shard, the bump an
    # exclusive one, so a bump waits for the writes in flight and every later write sees it. SQLite
    # (one process) keeps the table empty.
    Migration("""
    CREATE TABLE shard_leases (
        shard_count $int NOT NULL,
        shard $int NOT NULL,
        generation $int NOT NULL,        -- bumped by every process that takes the shard
        PRIMARY KEY (shard_count, shard)
    );
    """, data={"postgresql": """
    CREATE FUNCTION cardroom_fence(held_count BIGINT, held_shards BIGINT[], held_generations BIGINT[])
    RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
        PERFORM pg_advisory_xact_lock_shared(25446, (held_count * 65536 + shard)::int)
            FROM unnest(held_shards) AS shard;  -- 25446: "cf", bot.storage.guard.FENCE_SPACE
        IF (SELECT COUNT(*) FROM shard_leases JOIN unnest(held_shards, held_generations) AS held(s, g)
                ON shard = held.s AND generation = held.g WHERE shard_count = held_count)
                <> cardinality(held_shards) THEN  -- a statement of its own: it sees a bump just made
            RAISE EXCEPTION 'another process took these shards over' USING ERRCODE = 'CR001';
        END IF;
    END $$;
    """}),
    # 7: one row per player per finished deal (who, which game, when, the chips it won or lost), the
    # stored hands' index for /stats and the leaderboard's week and month. The players of deals stored
    # before it are recovered from the hand record's users and bots where it has them, else where the
    # table still seats a member of the same name at the place they were dealt from
    Migration("""
    CREATE TABLE hand_players (
        guild_id $int NOT NULL,
        table_id $int NOT NULL,
        hand_no $int NOT NULL,
        seat $int NOT NULL,              -- the engine seat (place in the deal)
        game TEXT NOT NULL,
        user_id $int NOT NULL,           -- members only: computer players have no statistics
        net $int NOT NULL,               -- chips won (+) or lost (-) in the deal
        finished_at $real NOT NULL,
        PRIMARY KEY (table_id, hand_no, seat)
    );
    CREATE INDEX hand_players_by_user ON hand_players(guild_id, user_id, game, finished_at);
    CREATE INDEX hand_players_by_time ON hand_players(guild_id, game, finished_at);
    """, data={
        "sqlite": """
    INSERT INTO hand_players (guild_id, table_id, hand_no, seat, game, user_id, net, finished_at)
        SELECT tables.guild_id, hands.table_id, hands.hand_no, dealt.key, hands.game,
               COALESCE(json_extract(hands.record, '$.users[' || dealt.key || ']'),
                        json_extract(tables.seats, '$[' || dealt.value || '].user_id')),
               json_extract(hands.record, '$.outcome.deltas[' || dealt.key || ']'), hands.finished_at
        FROM hands JOIN tables ON tables.id = hands.table_id, json_each(hands.record, '$.seats') AS dealt
        WHERE CASE WHEN json_extract(hands.record, '$.users') IS NOT NULL
                   THEN NOT json_extract(hands.record, '$.bots[' || dealt.key || ']')
                   ELSE json_extract(tables.seats, '$[' || dealt.value || '].name')
                            = json_extract(hands.record, '$.names[' || dealt.key || ']')
                        AND NOT json_extract(tables.seats, '$[' || dealt.value || '].is_bot') END;
    """,
        "postgresql": """
    INSERT INTO hand_players (guild_id, table_id, hand_no, seat, game, user_id, net, finished_at)
        SELECT tables.guild_id, hands.table_id, hands.hand_no, dealt.place - 1, hands.game,
               COALESCE((hands.record::jsonb -> 'users' ->> (dealt.place - 1)::int)::bigint,
                        (tables.seats::jsonb -> dealt.value::int ->> 'user_id')::bigint),
               (hands.record::jsonb -> 'outcome' -> 'deltas' ->> (dealt.place - 1)::int)::bigint, hands.finished_at
        FROM hands JOIN tables ON tables.id = hands.table_id,
             jsonb_array_elements_text(hands.record::jsonb -> 'seats') WITH ORDINALITY AS dealt(value, place)
        WHERE CASE WHEN hands.record::jsonb ? 'users'
                   THEN NOT (hands.record::jsonb -> 'bots' ->> (dealt.place - 1)::int)::boolean
                   ELSE tables.seats::jsonb -> dealt.value::int ->> 'name'
                            = hands.record::jsonb -> 'names' ->> (dealt.place - 1)::int
                        AND NOT (tables.seats::jsonb -> dealt.value::int ->> 'is_bot')::boolean END;
    """}),
    # 8: each member's DM channel with the bot, opened once and kept across restarts (opening one is a
    # request counted against the bot's 50 a second). A member's DM channel is the same in every server:
    # it is the member's, not a server's, and holds nothing of any server
    Migration("""
    CREATE TABLE dm_channels (
        user_id $int PRIMARY KEY,
        channel_id $int NOT NULL
    );
    """),
    # 9: the ledger: every chip moved between a wallet and a table, one row per move, written in the
    # transaction that moves it (a buy-in, a rebuy, a top-up, a cash-out; /ledger reads them). The
    # seats of tables open at the upgrade are counted as bought in for the stacks they hold then
    Migration("""
    CREATE TABLE ledger (
        guild_id $int NOT NULL,
        table_id $int NOT NULL,
        user_id $int NOT NULL,           -- a member, or a computer player's seat id (negative, per table)
        name TEXT NOT NULL,              -- the name they sat under
        kind TEXT NOT NULL,              -- buy-in | rebuy | top-up | cash-out
        chips $int NOT NULL CHECK (chips > 0),
        hand_no $int NOT NULL,           -- the table's deals dealt so far when it happened
        at $real NOT NULL$insertion_order
    );
    CREATE INDEX ledger_by_table ON ledger(guild_id, table_id);
    """, data={
        "sqlite": """
    INSERT INTO ledger (guild_id, table_id, user_id, name, kind, chips, hand_no, at)
        SELECT tables.guild_id, tables.id, json_extract(seat.value, '$.user_id'), json_extract(seat.value, '$.name'),
               'buy-in', json_extract(seat.value, '$.stack'), tables.hand_no, (julianday('now') - 2440587.5) * 86400.0
        FROM tables, json_each(tables.seats) AS seat
        WHERE tables.status != 'closed' AND json_extract(seat.value, '$.stack') > 0
        ORDER BY tables.id, seat.key;
    """,
        "postgresql": """
    INSERT INTO ledger (guild_id, table_id, user_id, name, kind, chips, hand_no, at)
        SELECT tables.guild_id, tables.id, (seat.value ->> 'user_id')::bigint, seat.value ->> 'name', 'buy-in',
               (seat.value ->> 'stack')::bigint, tables.hand_no, extract(epoch from now())
        FROM tables, jsonb_array_elements(tables.seats::jsonb) WITH ORDINALITY AS seat(value, place)
        WHERE tables.status != 'closed' AND (seat.value ->> 'stack')::bigint > 0
        ORDER BY tables.id, seat.place;
    """}),
)


def migrations(dialect: Dialect) -> list[str]:
    """Every migration's script in ``dialect``, in order (the first is version 1)."""
    return [migration.script(dialect) for migration in MIGRATIONS]
