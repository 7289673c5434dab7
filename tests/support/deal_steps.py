"""Steps the end-to-end game tests take between members' moves: the channel's table, and the next
deal dealt once the pause after a deal is over."""
from __future__ import annotations

from bot.service.table.live import LiveTable
from tests.support.harness import CHANNEL_ID, Harness


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
