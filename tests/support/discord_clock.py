"""The wall clock Discord's snowflakes are read against, which a test may move forward.

Discord reads a message's age (edits of messages older than an hour are limited) and an
interaction's age (its token lives 15 minutes) from the snowflake id's timestamp. The recorder and
the loopback Discord mint every id from ``CLOCK`` and the bot's presenter reads ages against
``CLOCK.now``, so a test can make a message an hour old by ``CLOCK.advance(3601)`` instead of
waiting. The clock only moves forward and is never reset between tests: ids stay increasing for
the whole run, as Discord's do.

Short deadlines (an interaction's 3 seconds, a channel's allowance of edits to hour-old messages)
are read on the part of the clock tests move (``moved_since``), not on the wall clock: a busy machine
makes the bot slower in wall time, and a test must wait longer then, never fail. A test delivers a
press late by moving the clock between the press's creation and its delivery.
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
        self._moves: list[tuple[float, float]] = [(0.0, 0.0)]  # (time from which, offset from then on)
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
            if seconds:
                self._moves.append((time.time() + self.offset, self.offset))

    def moved_since(self, snowflake: int) -> float:
        """Seconds the clock was moved forward (``advance``) since ``snowflake`` was minted: its age
        with the wall clock's own passing left out."""
        minted = snowflake_seconds(snowflake) + 0.001  # a snowflake keeps whole milliseconds
        with self._lock:
            then = next(offset for since, offset in reversed(self._moves) if since <= minted)
            return self.offset - then

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
