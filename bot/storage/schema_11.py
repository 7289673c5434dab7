"""Migration 11: a tournament's saves numbered, so an older copy never overwrites a newer one."""
from __future__ import annotations

from bot.storage.migration import Migration

TOURNAMENT_SAVES: tuple[Migration, ...] = (
    # 11: two tables of one tournament write it in transactions whose writes are sent at commit, so the
    # one that took its copy first can commit last. Every save of a tournament takes the next number
    # (``mtt_store.save_mtt``), and a row is only written over an older save's (``saved`` below its own)
    Migration("""
    ALTER TABLE mtts ADD COLUMN saved $int NOT NULL DEFAULT 0;
    ALTER TABLE mtt_entries ADD COLUMN saved $int NOT NULL DEFAULT 0;
    """),
)
