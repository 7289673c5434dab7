"""Migration 13: a server's seasons (what counts, the points rule, the
final standings kept once it ends) and each member's achievements, earned once."""
from __future__ import annotations

from bot.storage.migration import Migration

SEASONS_AND_ACHIEVEMENTS: tuple[Migration, ...] = (
    # 13: a season of a server (``bot.storage.season_queries``): its finishes are read from the stored
    # tournaments, tables, hands and events when asked; only its rule and, once it ended, its final
    # standings are its own. An achievement is one row a member and kind, so it is earned (and
    # announced) once, whichever process or hand finds it first
    Migration("""
    CREATE TABLE seasons (
        id $id,
        guild_id $int NOT NULL,
        channel_id $int NOT NULL,        -- where its final standings are posted
        name TEXT NOT NULL,
        starts_at $real NOT NULL,
        ends_at $real NOT NULL,
        rule TEXT NOT NULL,              -- JSON: formats counted, formula, places' points, best k, participation
        ended_at $real,                  -- NULL while it runs
        final TEXT                       -- JSON: the standings as they stood at its end
    );
    CREATE UNIQUE INDEX season_names ON seasons(guild_id, name);
    CREATE INDEX seasons_running ON seasons(ends_at) WHERE ended_at IS NULL;
    CREATE TABLE achievements (
        guild_id $int NOT NULL,
        user_id $int NOT NULL,           -- members only: computer players earn none
        kind TEXT NOT NULL,              -- bot.service.seasons.achievements.ACHIEVEMENTS
        earned_at $real NOT NULL,
        table_id $int,                   -- the table of the hand that earned it, if a hand did
        hand_no $int,
        PRIMARY KEY (guild_id, user_id, kind)
    );
    """),
)
