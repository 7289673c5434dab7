"""Private hands: each human's own cards by DM when they get new ones, and the ephemeral "My hand"
reply (the fallback when DMs are closed). Only a seat's own view reaches here."""
from __future__ import annotations

import logging
from typing import Any, Awaitable, Callable

import discord

from bot.adapter.protocol import Cardroom
from bot.games.cards import pretty
from bot.service.live import LiveTable

log = logging.getLogger(__name__)

Render = Callable[..., Awaitable[discord.File]]


def private_cards(view: dict[str, Any], seat: int) -> list[str]:
    """What a DM is about: the seat's own cards (``seats``/``players`` entries' ``cards`` and a card
    ``in_hand``, else the view's ``hands[seat]``, else its ``hand``)."""
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

    def __init__(self, bot: Cardroom, render: Render):
        self.bot = bot
        self._render = render
        self._sent_private: dict[tuple[int, int], tuple[int, frozenset[str]]] = {}
        self._dm_closed: set[int] = set()

    async def send(self, live: LiveTable) -> None:
        """DM each human in the deal their cards at the deal's start and whenever they get new ones."""
        if live.engine is None:  # no deal (``live.dealt()`` is empty too)
            return
        for deal_seat, index in enumerate(live.dealt()):
            seat = live.row.seats[index]
            if seat["is_bot"] or seat["user_id"] in self._dm_closed:
                continue
            view = live.engine.view(deal_seat)
            key = (live.id, seat["user_id"])
            cards = private_cards(view, deal_seat)
            hand_no, known = self._sent_private.get(key, (0, frozenset()))
            if hand_no == live.row.hand_no and set(cards) <= known:
                continue  # nothing new to tell (playing a card away is no news); My hand shows the rest
            self._sent_private[key] = (live.row.hand_no, frozenset(cards))
            file = await self._render(live.spec.render_hand, view, affinity=live.id)
            text = " ".join(pretty(c) for c in cards)
            try:
                dm = await self.bot.create_dm(discord.Object(seat["user_id"]))
                await dm.send(f"Your hand at table #{live.id} (hand #{live.row.hand_no}): {text}", file=file)
            except discord.Forbidden:
                self._dm_closed.add(seat["user_id"])
                live.note(f"{seat['name']} has DMs closed: use the My hand button.")
            except discord.HTTPException:
                log.warning("could not DM user %s", seat["user_id"])

    async def show_hand(self, interaction: discord.Interaction, live: LiveTable) -> None:
        """The ephemeral "My hand" reply: the presser's own view only."""
        deal_seat = live.deal_seat(interaction.user.id)
        if live.engine is None or deal_seat is None:
            await interaction.response.send_message("You have no cards in this hand.", ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = live.engine.view(deal_seat)
        file = await self._render(live.spec.render_hand, view, affinity=live.id)
        text = " ".join(pretty(c) for c in private_cards(view, deal_seat))
        await interaction.followup.send(f"Your hand (hand #{live.row.hand_no}): {text}", file=file, ephemeral=True)
