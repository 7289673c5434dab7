"""Migration 12: a server's web page, off until a manager turns it on."""
from __future__ import annotations

from bot.storage.migration import Migration

WEB_SITES: tuple[Migration, ...] = (
    # 12: one row a server that ever turned its web page on (``bot.storage.web_store``); no row: off
    Migration("""
    CREATE TABLE web_sites (
        guild_id $int PRIMARY KEY,
        token TEXT NOT NULL UNIQUE,      -- the unguessable part of the server's links
        enabled $int NOT NULL,           -- 1: pages served; 0: every link answers 404
        public $int NOT NULL             -- 1: the server's id also opens the pages (no token needed)
    );
    """),
)
