"""The schema, as numbered migrations: a database at version n runs migrations n+1... in order.

One list for both databases: each migration's ``schema`` is a ``string.Template`` whose ``$int``,
``$real``, ``$id``... a ``bot.storage.dialect.Dialect`` fills in; a migration that moves data says how
in each dialect (``data``). A migration is never edited once released: a change of schema is a new
migration at the end, which also moves existing data (an old database opens and resumes its tables).
"""
from __future__ import annotations

from bot.storage.dialect import Dialect
from bot.storage.migration import Migration
from bot.storage.schema_1_5 import TABLES_AND_EVENTS
from bot.storage.schema_6_9 import CLUSTERS_STATS_AND_LEDGER
from bot.storage.schema_10 import TOURNAMENTS
from bot.storage.schema_11 import TOURNAMENT_SAVES
from bot.storage.schema_12 import WEB_SITES
from bot.storage.schema_13 import SEASONS_AND_ACHIEVEMENTS

MIGRATIONS: tuple[Migration, ...] = (TABLES_AND_EVENTS + CLUSTERS_STATS_AND_LEDGER + TOURNAMENTS + TOURNAMENT_SAVES + WEB_SITES
              + SEASONS_AND_ACHIEVEMENTS)
"""Every migration, in order: the first is version 1."""


def migrations(dialect: Dialect) -> list[str]:
    """Every migration's script in ``dialect``, in order (the first is version 1)."""
    return [migration.script(dialect) for migration in MIGRATIONS]
