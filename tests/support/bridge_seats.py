"""A bridge table with one member in the South seat and robots in the other three."""
from __future__ import annotations

from tests.support.harness import Harness, User


async def south_among_robots(h: Harness, south: User) -> None:
    """Seats are dealt in the order people sit down: the host steps out so two robots take North and
    East, sits down again as South, and a third robot takes West."""
    await h.command(south, "bridge", "create")
    await h.command(south, "bridge", "leave")
    await h.command(south, "bridge", "add-bot")
    await h.command(south, "bridge", "add-bot")
    await h.command(south, "bridge", "join")
    await h.command(south, "bridge", "add-bot")
