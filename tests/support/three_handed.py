"""A hold'em table of three members in the home channel, the first deal on: what the end-to-end tests
of table options start from."""
from __future__ import annotations

from typing import Any

from bot.service.table.live import LiveTable
from tests.support.harness import CHANNEL_ID, Harness, User


async def three_playing(h: Harness, host: User, second: User, third: User, **options: Any) -> LiveTable:
    """``host`` creates hold'em with ``options``, the others join, ``host`` starts: the host has the
    button and acts first."""
    await h.command(host, "holdem", "create", **options)
    await h.command(second, "holdem", "join")
    await h.command(third, "holdem", "join")
    await h.command(host, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None
    return live
