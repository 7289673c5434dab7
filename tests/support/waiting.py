"""How a test waits: for an event, never for an amount of time it hopes is enough.

A busy machine (CI shares its cores) makes the bot slower, never wrong, so a test waits on the
condition it asserts (``until``) with a ceiling that only a hang reaches (``CEILING``); what counts
requests in windows of a second runs on a clock the test moves (``discord_clock.ManualClock``).
docs/testing.md, "How the suite keeps time", says which clock each kind of test reads.
"""
from __future__ import annotations

import asyncio
from typing import Callable

CEILING = 600.0
"""Seconds after which a wait on a condition gives up: only a hang reaches it. On two cores with a
load of 8, the first picture of a test process (its render workers spawned) took 10 s, and a ceiling
of 20 s failed end-to-end tests that were merely slow. mutmut's niced test processes wait as long;
its own timeout catches a hang."""


async def until(condition: Callable[[], bool], ceiling: float = CEILING) -> None:
    """Wait until ``condition()`` holds, however long a busy machine takes (up to ``ceiling``)."""
    deadline = asyncio.get_running_loop().time() + ceiling
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(f"still not so after {ceiling} s: {condition}")
        await asyncio.sleep(0.01)
