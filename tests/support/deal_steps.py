"""Steps the end-to-end game tests take between members' moves: the channel's table, the next deal
dealt once the pause after a deal is over, and a scripted member's press."""
from __future__ import annotations

from typing import Mapping, Sequence

from bot.service.table.live import LiveTable
from tests.support.harness import CHANNEL_ID, Harness, User


def live_table(h: Harness) -> LiveTable:
    """The open table in the test channel."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None
    return live


async def next_deal(h: Harness) -> LiveTable:
    """The pause after the deal is over: the next deal is dealt."""
    live = live_table(h)
    hand = live.row.hand_no
    live.row.deadline = 0.0
    await h.bot.service.tick()
    await h.settle()
    assert live.row.hand_no == hand + 1 and live.row.deal is not None
    return live


async def scripted_step(h: Harness, live: LiveTable, users: Mapping[int, User],
                        wanted: Mapping[int, Sequence[str]]) -> None:
    """The next deal once the pause after one is over; else the member to act presses the first of
    their ``wanted`` labels they are offered ("All-in", "Call", "Check"...)."""
    if live.row.deal is None:
        live.row.deadline = 0
        await h.bot.service.tick()
        await h.settle()
        return
    (seat,) = live.engine.to_act()
    user = users[live.table_seat_of(seat).user_id]
    labels = await h.labels_of(user)
    await h.press_label(user, next(w for w in wanted[user.id] if any(label.startswith(w) for label in labels)))
