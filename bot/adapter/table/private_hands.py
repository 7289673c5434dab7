"""Private hands: each member's own cards when they get new ones, and the ephemeral "My hand" reply.
Only a seat's own view reaches here.

A hand goes the cheapest private way there is: as an ephemeral follow-up to the member's own newest
press at the table while its token is fresh (interaction webhooks are not counted against the bot's
50 requests a second, and only the presser sees an ephemeral follow-up), else by DM. A member's DM
channel is opened once and kept in the database, so a restart opens none again. "My hand" is the
fallback when DMs are closed.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any, Awaitable, Callable

import discord

from bot.adapter.traffic.press_token import PressToken
from bot.adapter.protocol import Cardroom
from bot.games.card_names import card_name
from bot.service.table.live import LiveTable
from bot.storage.records import TableSeat

log = logging.getLogger(__name__)

Render = Callable[..., Awaitable[discord.File]]


def private_cards(view: dict[str, Any], seat: int) -> list[str]:
    """What a private hand is about: the seat's own cards (``seats``/``players`` entries' ``cards``
    and a card ``in_hand``, else the view's ``hands[seat]``, else its ``hand``)."""
    seats = view.get("seats", view.get("players"))
    hands = view.get("hands")
    if isinstance(seats, list) and seat < len(seats) and isinstance(seats[seat], dict) and "cards" in seats[seat]:
        cards = list(seats[seat]["cards"]) + ([seats[seat]["in_hand"]] if seats[seat].get("in_hand") else [])
    elif isinstance(hands, list) and seat < len(hands) and isinstance(hands[seat], list):
        cards = hands[seat]
    else:
        cards = view.get("hand") or []
    codes = [c.get("code") if isinstance(c, dict) else c for c in cards]  # card views carry a "code"
    return [c for c in codes if isinstance(c, str)]


class PrivateHands:
    """Sends each seat's cards to its player, once per new card, and answers "My hand"."""

    def __init__(self, bot: Cardroom, render: Render, on_panel: Callable[[LiveTable, int], bool] = lambda live, user: False):
        self.bot = bot
        self._render = render
        self._on_panel = on_panel
        """Whether a member has a seat panel that shows their cards (no hand is sent to them then)."""
        self._pressers: dict[int, dict[int, PressToken]] = {}
        """Each table's members' newest press at it: their next private hand rides on it while it lasts."""
        self._told: dict[int, dict[int, tuple[int, frozenset[str]]]] = {}
        """What each member of each table was last sent of their own cards: (hand number, cards)."""
        self._dm_closed: set[int] = set()
        self._dm_channels: dict[int, int] = {}
        self.by_press = 0
        self.by_dm = 0

    def pressed(self, live: LiveTable, user_id: int, press: PressToken) -> None:
        """The member pressed at the table: their next private hand may ride on this press."""
        pressers = self._pressers.setdefault(live.id, {})
        current = pressers.get(user_id)
        if current is None or current.created <= press.created:
            pressers[user_id] = press

    def told(self, live: LiveTable) -> dict[int, tuple[int, frozenset[str]]]:
        """What each member of the table was last sent of their own cards, or shown on their panel."""
        return self._told.setdefault(live.id, {})

    def closed(self, table_id: int) -> None:
        """A closed table's presses and what its members were told are let go."""
        self._pressers.pop(table_id, None)
        self._told.pop(table_id, None)

    async def send(self, live: LiveTable) -> None:
        """Tell each member in the deal their cards at the deal's start and whenever they get new ones,
        all of them at once (six members' hands of a new deal are drawn and sent side by side)."""
        if live.engine is None:  # no deal (``live.dealt()`` is empty too)
            return
        news = []
        told = self.told(live)
        for deal_seat, index in enumerate(live.dealt()):
            seat = live.row.seats[index]
            if seat.is_bot:
                continue
            view = live.engine.view(deal_seat)
            cards = private_cards(view, deal_seat)
            hand_no, known = told.get(seat.user_id, (0, frozenset()))
            if hand_no == live.row.hand_no and set(cards) <= known:
                continue  # nothing new to tell (playing a card away is no news); My hand shows the rest
            if self._on_panel(live, seat.user_id):
                told[seat.user_id] = (live.row.hand_no, frozenset(cards))
                continue  # their panel shows them
            if seat.user_id in self._dm_closed and self._press(live, seat.user_id) is None:
                continue
            told[seat.user_id] = (live.row.hand_no, frozenset(cards))
            text = f"Your hand at table #{live.id} (hand #{live.row.hand_no}): " + " ".join(map(card_name, cards))
            news.append(self._tell(live, seat, view, text))
        await asyncio.gather(*news)

    async def _tell(self, live: LiveTable, seat: TableSeat, view: dict[str, Any], text: str) -> None:
        """One member's hand: drawn, then on their newest fresh press, else by DM."""
        file = await self._render(live.spec.render_hand, view, affinity=live.id)
        if not await self._through_press(live, seat.user_id, text, file):
            file.reset()
            await self._by_dm(live, seat, text, file)

    def _press(self, live: LiveTable, user_id: int) -> PressToken | None:
        """The member's newest press at the table whose token still lasts, or None."""
        pressers = self._pressers.get(live.id, {})
        press = pressers.get(user_id)
        if press is None or not press.fresh():
            pressers.pop(user_id, None)
            return None
        return press

    async def _through_press(self, live: LiveTable, user_id: int, text: str, file: discord.File) -> bool:
        """Send the hand as an ephemeral follow-up to the member's newest fresh press, if there is one."""
        press = self._press(live, user_id)
        if press is None:
            return False
        try:
            await press.tell(text, file)
        except discord.HTTPException as error:
            log.info("a private hand could not ride on a press (%s); it goes by DM", error)
            self._pressers.get(live.id, {}).pop(user_id, None)
            return False
        self.by_press += 1
        return True

    async def _by_dm(self, live: LiveTable, seat: TableSeat, text: str, file: discord.File) -> None:
        try:
            channel_id = await self._dm_channel(seat.user_id)
            dm = self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
            await dm.send(text, file=file)
            self.by_dm += 1
        except discord.Forbidden:
            self._dm_closed.add(seat.user_id)
            live.note(f"{seat.name} has DMs closed: My seat shows their cards.")
        except discord.HTTPException:
            log.warning("could not DM user %s", seat.user_id)

    async def _dm_channel(self, user_id: int) -> int:
        """The member's DM channel: remembered, else stored, else opened now (and stored)."""
        channel_id = self._dm_channels.get(user_id) or await self.bot.storage.dm_channel(user_id)
        if channel_id is None:
            channel_id = (await self.bot.create_dm(discord.Object(user_id))).id
            async with self.bot.storage.transaction() as tx:
                await tx.remember_dm_channel(user_id, channel_id)
        self._dm_channels[user_id] = channel_id
        return channel_id

    async def show_hand(self, interaction: discord.Interaction, live: LiveTable) -> None:
        """The ephemeral "My hand" reply: the presser's own view only."""
        deal_seat = live.deal_seat(interaction.user.id)
        if live.engine is None or deal_seat is None:
            await interaction.response.send_message("You have no cards in this hand.", ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = live.engine.view(deal_seat)
        file = await self._render(live.spec.render_hand, view, affinity=live.id)
        text = " ".join(map(card_name, private_cards(view, deal_seat)))
        await interaction.followup.send(f"Your hand (hand #{live.row.hand_no}): {text}", file=file, ephemeral=True)
