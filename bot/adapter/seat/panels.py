"""Members' seat panels: the message only its member sees (opened by My seat) with their cards, what they
need to decide and their own moves as buttons, so a whole hand is played from it.

A panel is written through its member's own interaction token, never the channel route: the press that
opened it (its original response is the panel) or their newest press on it (a press on a message is
answered by updating that message, and its token edits it for 15 minutes). Interaction webhooks are not
counted against the bot's 50 requests a second. A panel is edited only when what it shows changes: the
member's cards, their turn, their buttons. Between their turns it shows their cards and no volatile
figures, so a hand's other moves edit it once, when their turn ends, and once, when it comes again.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.adapter.table.components import panel_view
from bot.adapter.seat.panel_text import panel_text
from bot.adapter.traffic.press_token import PressToken, expired
from bot.service.table.live import LiveTable
from bot.service.table.offers import offers

log = logging.getLogger(__name__)

Signature = tuple[str, tuple[str, ...]]
KEPT = 2
"""Earlier presses kept behind a member's newest, in case it is refused (its answer is then a reply)."""


def compose(live: LiveTable, user_id: int) -> tuple[dict[str, Any], Signature]:
    """A member's panel now: the message's fields, and what tells one drawing from another."""
    offer = offers(live, user_id)
    content = panel_text(live, user_id, offer)
    view = panel_view(live, offer)
    drawn = tuple(f"{getattr(item, 'custom_id', '')}|{getattr(getattr(item, 'item', item), 'label', '')}"
                  for item in view.children)
    return {"content": content, "view": view}, (content, drawn)


class SeatPanels:
    """Each table's open panels: their writers (each member's newest press whose original response is
    their panel) and what each last showed."""

    def __init__(self) -> None:
        self._writers: dict[int, dict[int, list[PressToken]]] = {}
        """Per table, per member: their presses that may write their panel, newest last (a press refused
        or answered otherwise than by its panel's update writes nothing: the one before it still does)."""
        self._shown: dict[int, dict[int, Signature]] = {}
        self.edits = 0

    def writer(self, live: LiveTable, user_id: int) -> PressToken | None:
        """The newest press that writes the member's panel, while its token lasts."""
        presses = self._writers.get(live.id, {}).get(user_id, [])
        presses[:] = [press for press in presses if press.fresh()]  # a refusal's or a dead token's go
        return presses[-1] if presses else None

    def presses(self, live: LiveTable) -> list[PressToken]:
        """The presses that write the table's open panels."""
        return [press for user in list(self._writers.get(live.id, {})) if (press := self.writer(live, user))]

    def pressed(self, live: LiveTable, user_id: int, press: PressToken) -> None:
        """A press on the member's panel: it writes that panel from now on, once it is answered by the
        panel's update (their newest such press)."""
        presses = self._writers.setdefault(live.id, {}).setdefault(user_id, [])
        if press.fresh() and (not presses or presses[-1].created <= press.created):
            presses[:] = presses[-KEPT:] + [press]
            self._shown.setdefault(live.id, {}).pop(user_id, None)  # what the panel shows is this press's answer

    async def open(self, live: LiveTable, user_id: int, press: PressToken) -> None:
        """My seat: the press is answered with the member's panel, which it writes from now on."""
        fields, signature = compose(live, user_id)
        if await press.open_panel(**fields):
            self._writers.setdefault(live.id, {})[user_id] = [press]
            self._shown.setdefault(live.id, {})[user_id] = signature

    async def update(self, live: LiveTable) -> None:
        """Edit every open panel whose words or buttons changed (a press still to be answered is answered
        by its panel's update)."""
        await asyncio.gather(*(self._refresh(live, user) for user in list(self._writers.get(live.id, {}))))

    async def _refresh(self, live: LiveTable, user_id: int) -> None:
        press = self.writer(live, user_id)
        if press is None:
            return
        fields, signature = compose(live, user_id)
        shown = self._shown.setdefault(live.id, {})
        if shown.get(user_id) == signature:
            return
        shown[user_id] = signature
        try:
            await press.edit(**fields)
            self.edits += 1
        except discord.HTTPException as error:
            shown.pop(user_id, None)
            if expired(error):
                self._writers.get(live.id, {}).pop(user_id, None)  # every press of theirs is as old
            else:
                log.info("table %s: a seat panel could not be edited (%s)", live.id, error)

    def forget(self, table_id: int) -> None:
        self._writers.pop(table_id, None)
        self._shown.pop(table_id, None)
