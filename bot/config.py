"""Settings from the environment (and a ``.env`` file beside the working directory)."""
from __future__ import annotations

import os
from dataclasses import dataclass

from dotenv import load_dotenv


@dataclass(frozen=True)
class Config:
    token: str | None
    database: str  # an SQLite file, or a postgresql:// URL (CARDROOM_DATABASE_URL wins)
    starting_balance: int
    daily_amount: int
    guild_id: int | None  # sync slash commands to one server instantly (development)
    shards: str | None = None  # this process's gateway shards, e.g. "0-3" (a cluster); None: all
    shard_count: int | None = None
    metrics_port: int | None = None  # serve Prometheus metrics on this port (CARDROOM_METRICS_PORT)
    global_rate: float | None = None  # counted requests a second this process may make (CARDROOM_GLOBAL_RATE)

    @classmethod
    def from_env(cls) -> "Config":
        load_dotenv()
        guild = os.getenv("CARDROOM_DEV_GUILD")
        # Read apart: inside ``a or getenv(k, d)`` mypy solves getenv's default type from
        # the left operand (``str | None``), so the whole expression would not be ``str``.
        sqlite_file: str = os.getenv("CARDROOM_DB", "cardroom.db")
        return cls(
            token=os.getenv("DISCORD_TOKEN") or None,
            database=os.getenv("CARDROOM_DATABASE_URL") or sqlite_file,
            starting_balance=int(os.getenv("CARDROOM_STARTING_BALANCE", "1000")),
            daily_amount=int(os.getenv("CARDROOM_DAILY", "200")),
            guild_id=int(guild) if guild else None,
            shards=os.getenv("CARDROOM_SHARDS") or None,
            shard_count=int(os.getenv("CARDROOM_SHARD_COUNT", "0")) or None,
            metrics_port=int(os.getenv("CARDROOM_METRICS_PORT", "0")) or None,
            global_rate=float(os.getenv("CARDROOM_GLOBAL_RATE", "0")) or None,
        )
