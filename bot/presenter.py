"""Showing tables on Discord: one live message per table, edited in place, and private hands by DM.

Only engine views reach this module (the public view for the channel, a seat's own view for its DM
or its "My hand" reply), so no hidden card can reach a channel from here. Images are rendered in a
thread; Discord calls are made after the table's state is safely stored.
"""
from __future__ import annotations

import asyncio
from collections import deque
import io
import logging
import time
from typing import TYPE_CHECKING, Any

import discord

from bot.games.cards import pretty
from bot.tables import LiveTable
from bot.ui import table_view

if TYPE_CHECKING:
    from bot.client import CardroomBot

log = logging.getLogger(__name__)

PERMISSIONS_HELP = ("I can't post in this channel. Give me View Channel, Send Messages, Embed Links and "
                    "Attach Files here, then try again.")


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


def table_text(live: LiveTable) -> str:
    """The message text above the table image: status, whose turn and until when, recent events."""
    row = live.row
    spec = live.spec
    lines = [f"**{spec.title}** · table #{row.id}"]
    if row.status == "lobby":
        seats = ", ".join(s["name"] + (f" ({s['stack']})" if spec.chips else "") for s in row.seats) or "nobody yet"
        lines.append(f"Waiting to start. Seated: {seats}. "
                     f"Join with the button or `/{spec.name} join`; add computer players with `/{spec.name} add-bot`.")
    elif live.engine is not None and live.engine.outcome is None and row.hand is not None:
        turn = ", ".join(live.user_of_deal_seat(s)["name"] for s in live.engine.to_act())
        due = f" (until <t:{int(row.deadline)}:T>)" if row.deadline else ""
        lines.append(f"Hand #{row.hand_no} · to act: **{turn}**{due}")
        lines.append(f"Deck SHA-256 `{row.hand['commitment']}`")
    elif live.last_outcome is not None:
        lines.append(f"Hand #{row.hand_no} is over: {live.last_outcome.summary}")
        if live.last_seed:
            lines.append(f"Deck seed `{live.last_seed}` (check it with `/verify {row.id} {row.hand_no}`)")
    lines += [f"> {line}" for line in live.log[-5:]]
    return "\n".join(lines)[:1900]


class DiscordPresenter:
    """Edits each table's message and DMs hands. Owned by the bot; used by the table service."""

    def __init__(self, bot: "CardroomBot"):
        self.bot = bot
        self._sent_private: dict[tuple[int, int], tuple[int, frozenset[str]]] = {}
        self._dm_closed: set[int] = set()
        self._locks: dict[int, asyncio.Lock] = {}
        self.render_ms: deque[float] = deque(maxlen=10_000)

    async def _render(self, fn: Any, *args: Any) -> discord.File:
        started = time.perf_counter()
        png = await asyncio.to_thread(fn, *args)
        self.render_ms.append((time.perf_counter() - started) * 1000)
        return discord.File(io.BytesIO(png), filename="table.png")

    async def update(self, live: LiveTable) -> None:
        lock = self._locks.setdefault(live.id, asyncio.Lock())
        async with lock:
            await self._update_message(live)
            await self._post_report(live)
            await self._send_hands(live)

    async def _update_message(self, live: LiveTable) -> None:
        row = live.row
        content = table_text(live)
        view = table_view(live)
        attachments: list[discord.File] = []
        embed = None
        public = live.public_view()
        if public is not None:
            footer = f"Deck SHA-256 {row.hand['commitment'][:24]}…" if row.hand else ""
            attachments.append(await self._render(live.spec.render_table, public, footer))
            embed = discord.Embed(colour=discord.Colour.dark_green()).set_image(url="attachment://table.png")
        channel = self.bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        try:
            if row.message_id is None:
                message = await channel.send(content, embed=embed, files=attachments, view=view)
                row.message_id = message.id
                async with self.bot.service.storage.transaction() as tx:
                    await tx.save_table(row)
            else:
                await channel.get_partial_message(row.message_id).edit(
                    content=content, embed=embed, attachments=attachments, view=view)
        except discord.NotFound:
            row.message_id = None
            await self._update_message(live)
        except discord.Forbidden:
            log.warning("no permission to post table %s in channel %s", row.id, row.channel_id)

    async def _post_report(self, live: LiveTable) -> None:
        """Post a deal's report (an event board's results table) once, below the table message."""
        if live.report is None:
            return
        report, live.report = live.report, None
        channel = self.bot.get_partial_messageable(live.row.channel_id, guild_id=live.row.guild_id)
        try:
            await channel.send(report[:2000])
        except discord.HTTPException:
            log.warning("could not post the report of table %s", live.id)

    async def _send_hands(self, live: LiveTable) -> None:
        """DM each human in the deal their cards at the deal's start and whenever they get new ones."""
        if live.engine is None or live.row.hand is None:
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
            file = await self._render(live.spec.render_hand, view)
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
        file = await self._render(live.spec.render_hand, view)
        text = " ".join(pretty(c) for c in private_cards(view, deal_seat))
        await interaction.followup.send(f"Your hand (hand #{live.row.hand_no}): {text}", file=file, ephemeral=True)

    async def closed(self, live: LiveTable, reason: str) -> None:
        if live.row.message_id is None:
            return
        channel = self.bot.get_partial_messageable(live.row.channel_id, guild_id=live.row.guild_id)
        try:
            await channel.get_partial_message(live.row.message_id).edit(
                content=f"**{live.spec.title}** · table #{live.id}\n{reason}", view=None)
        except discord.HTTPException:
            log.warning("could not edit closed table %s", live.id)
