"""Showing multi-table tournaments on Discord: the announcement post (edited at most every
``EDIT_EVERY`` seconds through the channel, or at once through a Register press, which costs nothing
of the bot's 50 requests a second), the posts of its events, and its tables' threads."""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any, Literal

import discord

from bot.adapter.mtt_buttons import mtt_view
from bot.adapter.mtt_text import announcement, event_text
from bot.adapter.protocol import Cardroom
from bot.games.poker_view import without_cards
from bot.service.live import LiveTable
from bot.service.mtt import Tournament

log = logging.getLogger(__name__)
EDIT_EVERY = 10.0
"""Seconds between two channel edits of one announcement: players joining in a rush are one edit."""
THREAD_ARCHIVE_MINUTES: Literal[1440] = 1440
"""A table's thread archives itself a day after its last message (the bot archives it when the table closes)."""


@dataclass
class _Post:
    asked: int = 0
    shown: int = 0
    task: asyncio.Task[None] | None = None


class DiscordMttPresenter:
    def __init__(self, bot: Cardroom):
        self.bot = bot
        self._posts: dict[int, _Post] = {}
        self.edit_every = EDIT_EVERY

    async def open_thread(self, guild_id: int, channel_id: int, name: str) -> int | None:
        try:
            thread = await self.bot.http.start_thread_without_message(
                channel_id, name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES, type=11)
        except discord.HTTPException as error:
            log.warning("could not open a thread in channel %s: %s", channel_id, error)
            return None
        return int(thread["id"])

    async def archive_thread(self, guild_id: int, thread_id: int) -> None:
        try:
            await self.bot.http.edit_channel(thread_id, archived=True)
        except discord.HTTPException as error:
            log.info("could not archive thread %s: %s", thread_id, error)

    async def show_mtt(self, mtt: Tournament) -> None:
        """The announcement's newest state: posted now if it has no message yet, else edited within
        ``edit_every`` seconds (unless a press showed it first)."""
        post = self._posts.setdefault(mtt.id, _Post())
        post.asked += 1
        if mtt.row.message_id is None:
            await self._write(mtt, post)
        elif post.task is None or post.task.done():
            post.task = asyncio.create_task(self._later(mtt, post))

    def shown_by_press(self, mtt: Tournament) -> tuple[str, discord.ui.View]:
        """The announcement as a press on it shows it now (through the press's own interaction)."""
        post = self._posts.setdefault(mtt.id, _Post())
        post.shown = post.asked
        return announcement(mtt, mtt.service.clock()), mtt_view(mtt)

    async def _later(self, mtt: Tournament, post: _Post) -> None:
        await asyncio.sleep(self.edit_every)
        if post.shown < post.asked:
            await self._write(mtt, post)

    async def _write(self, mtt: Tournament, post: _Post) -> None:
        version = post.asked
        content, view = announcement(mtt, mtt.service.clock()), mtt_view(mtt)
        channel = self.bot.get_partial_messageable(mtt.row.channel_id, guild_id=mtt.row.guild_id)
        try:
            if mtt.row.message_id is None:
                message = await channel.send(content, view=view)
                mtt.row.message_id = message.id
                async with mtt.service.storage.transaction() as tx:
                    await tx.save_mtt(mtt.row)
            else:
                await channel.get_partial_message(mtt.row.message_id).edit(content=content, view=view)
            post.shown = max(post.shown, version)
        except discord.HTTPException as error:
            log.warning("could not show tournament %s: %s", mtt.id, error)

    async def announce_mtt(self, mtt: Tournament, event: str, table: LiveTable | None = None) -> None:
        channel = self.bot.get_partial_messageable(mtt.row.channel_id, guild_id=mtt.row.guild_id)
        files: list[Any] = []
        public = table.public_view() if event == "finished" and table is not None else None
        if table is not None and public is not None:  # the final table, cards face down (the thread saw them)
            files.append(await self.bot.presenter.picture(table.spec.render_table, without_cards(public),
                                                          f"{mtt.row.name}: the final table", filename="final-table.png"))
        try:
            await channel.send(event_text(mtt, event), files=files)
        except discord.HTTPException as error:
            log.warning("could not post in the channel of tournament %s: %s", mtt.id, error)
