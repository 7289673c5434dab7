"""Storage: the schema, its migrations, and the database backends behind one interface."""
from __future__ import annotations

from bot.storage.interface import Storage


def is_postgres_url(database: str) -> bool:
    """Whether ``database`` names a PostgreSQL server rather than an SQLite file."""
    return database.startswith(("postgresql://", "postgres://"))


async def open_storage(database: str, starting_balance: int = 1000, daily_amount: int = 200, *,
                       schema_version: int | None = None) -> Storage:
    """The database named by ``database``: a ``postgresql://`` URL, else an SQLite file's path.
    ``schema_version``: migrate no further than that (tests of the migrations); default all."""
    if is_postgres_url(database):
        from bot.storage.postgres import PostgresStorage  # asyncpg: only where PostgreSQL is used

        return await PostgresStorage.open(database, starting_balance, daily_amount,
                                           schema_version=schema_version)
    from bot.storage.sqlite import SQLiteStorage

    return await SQLiteStorage.open(database, starting_balance, daily_amount, schema_version=schema_version)
