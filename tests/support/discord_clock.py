"""The wall clock Discord's snowflakes are read against, which a test may move forward.

Discord reads a message's age (edits of messages older than an hour are limited) and an
interaction's age (its token lives 15 minutes) from the snowflake id's timestamp. The recorder and
the loopback Discord mint every id from ``CLOCK`` and the bot's presenter reads ages against
``CLOCK.now``, so a test can make a message an hour old by ``CLOCK.advance(3601)`` instead of
waiting. The clock only moves forward and is never reset between tests: ids stay increasing for
the whole run, as Discord's do.
"""
from __future__ import annotations

import threading
import time
from datetime import datetime, timezone

import discord


class DiscordClock:
    """``time.time()`` plus an offset tests add to, and snowflakes minted at that time."""

    def __init__(self) -> None:
        self.offset = 0.0
        self._last = 0
        self._lock = threading.Lock()  # the loopback mints ids on its own thread

    def now(self) -> float:
        """Seconds since the Unix epoch, as Discord's snowflakes count them, moved by ``advance``."""
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        """Move the clock forward (never back: ids minted later must be larger)."""
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        with self._lock:
            self.offset += seconds

    def snowflake(self) -> int:
        """A new id whose timestamp is ``now()``: larger than every id minted before, as Discord's
        ids are (two in the same millisecond differ in their low bits)."""
        with self._lock:
            minted = discord.utils.time_snowflake(datetime.fromtimestamp(self.now(), tz=timezone.utc))
            self._last = max(self._last + 1, minted)
            return self._last


def snowflake_seconds(snowflake: int) -> float:
    """When ``snowflake`` was minted, in seconds since the Unix epoch."""
    return discord.utils.snowflake_time(snowflake).timestamp()


CLOCK = DiscordClock()
"""The one clock the recorder harness, the loopback Discord and the bot's presenter share."""
