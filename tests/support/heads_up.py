"""A heads-up hold'em table of two members in the home channel, and whose turn it is: what the
end-to-end tests of the table's message and of Discord's limits start from."""
from __future__ import annotations

from tests.support.harness import CHANNEL_ID, Harness, User


async def open_heads_up(h: Harness, host: User, guest: User) -> None:
    """``host`` creates hold'em, ``guest`` joins, ``host`` starts: the first deal is on."""
    await h.command(host, "holdem", "create")
    await h.command(guest, "holdem", "join")
    await h.command(host, "holdem", "start")


def to_act(h: Harness, first: User, second: User) -> User:
    """Which of the two members is to act now."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    return first if live.engine.to_act() == (live.deal_seat(first.id),) else second
