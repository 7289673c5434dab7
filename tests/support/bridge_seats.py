"""Bridge tables for the end-to-end tests: one member in the South seat among three robots, and a
duplicate event's table of four members whose boards are passed out."""
from __future__ import annotations

from typing import Any

from tests.support.harness import GUILD_ID, Harness, Place, User


async def south_among_robots(h: Harness, south: User, **create: Any) -> None:
    """Seats are dealt in the order people sit down: the host steps out so two robots take North and
    East, sits down again as South, and a third robot takes West. ``create``: the table's options."""
    await h.command(south, "bridge", "create", **create)
    await h.command(south, "bridge", "leave")
    await h.command(south, "bridge", "add-bot")
    await h.command(south, "bridge", "add-bot")
    await h.command(south, "bridge", "join")
    await h.command(south, "bridge", "add-bot")


async def open_event_table(h: Harness, players: list[User], at: Place, event: str = "Club-Night") -> Any:
    """Four members at a duplicate table of ``event`` in ``at``, its first board dealt."""
    await h.command(players[0], "bridge", "create", scoring="duplicate", event=event, at=at)
    for user in players[1:]:
        await h.command(user, "bridge", "join", at=at)
    await h.command(players[0], "bridge", "start", at=at)
    return h.bot.service.in_channel(at.channel_id)


async def seat_panel(h: Harness, live: Any, user: User) -> dict[str, Any]:
    """``user``'s seat panel at ``live``'s table, in whichever channel it is: opened with the table
    message's My seat the first time, then as the bot last edited it."""
    if user.id in h.panels:
        return h.recorder.messages[h.panels[user.id]]
    message = h.recorder.messages[live.row.message_id]  # the table message (a report may follow it)
    seat = next(c for r in message["components"] for c in r["components"]
                if str(c.get("custom_id", "")).startswith("cr:seat:"))
    token = await h.press(user, seat["custom_id"], message, at=Place(GUILD_ID, live.row.channel_id))
    panel = h.recorder.shown(token)
    h.panels[user.id] = int(panel["id"])
    return panel


async def pass_board(h: Harness, live: Any, players: list[User]) -> None:
    """Everyone passes: the board is passed out (four presses on the Pass button of the seat panel of
    the member to call)."""
    board = live.row.hand_no
    while live.row.deal is not None and live.row.hand_no == board:
        user = players[live.engine.to_act()[0]]
        panel = await seat_panel(h, live, user)
        button = next(c for r in panel["components"] for c in r["components"] if c.get("label") == "Pass")
        await h.press(user, button["custom_id"], panel, at=Place(GUILD_ID, live.row.channel_id))
