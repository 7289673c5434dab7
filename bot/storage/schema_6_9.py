"""Migrations 6-9: clusters' fencing tokens, the players of each stored hand, DM channels, the ledger."""
from __future__ import annotations

from bot.storage.migration import Migration

CLUSTERS_STATS_AND_LEDGER: tuple[Migration, ...] = (
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
