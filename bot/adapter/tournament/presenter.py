"""Showing multi-table tournaments on Discord: the announcement post (edited at most every
``EDIT_EVERY`` seconds through the channel, or at once through a Register press, which costs nothing
of the bot's 50 requests a second), the posts of its events, and its tables' threads.

An announcement lives for days (a tournament announced a day ahead), and Discord caps edits of
messages older than an hour (code 30046). So it is treated as a table's message is
(``bot.adapter.table.message``): once it is ``ROLL_OVER_AGE`` old, its next change posts it afresh
and deletes the old one, and an edit refused with 30046 does the same. A press on an announcement
that old is answered with the member's own sentence alone (their registration does not depend on
the message), and the announcement catches up by its roll-over."""
from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Literal

import discord

from bot.adapter.traffic.channel_faults import UNKNOWN_MESSAGE
from bot.adapter.traffic.global_pace import Cancellable, Clock, WallTimers
from bot.adapter.tournament.buttons import mtt_view
from bot.adapter.tournament.text import announcement, event_text
from bot.adapter.protocol import Cardroom
from bot.adapter.table.message import EDIT_CAP, ROLL_OVER_AGE, message_age
from bot.service.table.live import LiveTable
from bot.service.tournament.multi_table import Tournament

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
    due: Cancellable | None = None  # the catch-up's timer, while one is set
    writing: asyncio.Lock = field(default_factory=asyncio.Lock)  # one post, edit or roll-over at a time


class DiscordMttPresenter:
    def __init__(self, bot: Cardroom):
        self.bot = bot
        self._posts: dict[int, _Post] = {}
        self._retiring: set[asyncio.Task[None]] = set()
        self.edit_every = EDIT_EVERY
        self.timers: Clock = WallTimers(time.time)
        """The wall clock with the event loop's timers, the announcement's catch-up is set on (a test
        gives timers that come due only as it moves its clock)."""

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
        """The announcement's newest state: posted now if it has no message yet, else edited (or
        posted afresh, when it is too old to edit) within ``edit_every`` seconds, unless a press
        showed it first."""
        post = self._posts.setdefault(mtt.id, _Post())
        post.asked += 1
        if mtt.row.message_id is None:
            await self._write(mtt, post)
        else:
            self._catch_up(mtt, post)

    def editable(self, message_id: int | None) -> bool:
        """Whether a message is young enough to edit: under ``ROLL_OVER_AGE``, read from its id
        against the presenter's clock (the one Discord's snowflakes are read against)."""
        return message_id is not None and message_age(message_id, self.bot.presenter.clock()) < ROLL_OVER_AGE

    async def answer_press(self, mtt: Tournament, interaction: discord.Interaction, said: str) -> None:
        """A press's answer: the announcement shown anew through the press and ``said`` privately to
        the member; when the pressed message is not the announcement's live one, is too old to edit,
        or its edit is refused, ``said`` alone answers the press and the announcement catches up (its
        edit, or its roll-over, already asked for by the change)."""
        pressed = interaction.message.id if interaction.message is not None else None
        if pressed == mtt.row.message_id and self.editable(pressed):
            post = self._posts.setdefault(mtt.id, _Post())
            before, post.shown = post.shown, post.asked  # the edit due for this change is this one
            try:
                await interaction.response.edit_message(content=announcement(mtt, mtt.service.clock()),
                                                         view=mtt_view(mtt))
            except discord.HTTPException as error:
                log.info("tournament %s: a press could not show the announcement (%s)", mtt.id, error)
                post.shown = before
                self._catch_up(mtt, post)
        if interaction.response.is_done():
            await interaction.followup.send(said, ephemeral=True)
        else:
            await interaction.response.send_message(said, ephemeral=True)

    def _catch_up(self, mtt: Tournament, post: _Post) -> None:
        """The announcement is shown by the channel within ``edit_every`` seconds (one timer or write
        at a time)."""
        if post.due is None and (post.task is None or post.task.done()):
            post.due = self.timers.call_at(self.timers.time() + self.edit_every, lambda: self._due(mtt, post))

    def _due(self, mtt: Tournament, post: _Post) -> None:
        post.due = None
        post.task = asyncio.create_task(self._later(mtt, post))

    async def _later(self, mtt: Tournament, post: _Post) -> None:
        """Show the newest state, and again ``edit_every`` seconds later if changes came in during the
        write; a write that fails waits for the next change."""
        if post.shown < post.asked and await self._write(mtt, post) and post.shown < post.asked:
            post.task = None  # this write is done: the changes asked during it are the next catch-up's
            self._catch_up(mtt, post)

    async def _write(self, mtt: Tournament, post: _Post) -> bool:
        """Post the announcement (afresh, when it is too old to edit), else edit it. Returns whether
        it is shown."""
        async with post.writing:
            version = post.asked
            content, view = announcement(mtt, mtt.service.clock()), mtt_view(mtt)
            channel = self.bot.get_partial_messageable(mtt.row.channel_id, guild_id=mtt.row.guild_id)
            old = mtt.row.message_id
            try:
                if old is not None and self.editable(old):
                    try:
                        await channel.get_partial_message(old).edit(content=content, view=view)
                        post.shown = max(post.shown, version)
                        return True
                    except discord.HTTPException as error:
                        if error.code not in (EDIT_CAP, UNKNOWN_MESSAGE):  # too old, or deleted: post afresh
                            raise
                message = await channel.send(content, view=view)
            except discord.HTTPException as error:
                log.warning("could not show tournament %s: %s", mtt.id, error)
                return False
            mtt.row.message_id = message.id
            post.shown = max(post.shown, version)
            try:
                async with mtt.service.storage.transaction() as tx:
                    await tx.save_mtt(mtt.row)
            except Exception:  # shown all the same; a later save of the tournament stores it
                log.exception("tournament %s: could not store its announcement's new message", mtt.id)
            if old is not None:
                self._retire(channel, old)
            return True

    def _retire(self, channel: discord.PartialMessageable, message_id: int) -> None:
        """Delete an announcement's old message beside its next updates; one that stays (the delete
        failed) still registers a press, which is answered privately."""
        async def delete() -> None:
            try:
                await channel.get_partial_message(message_id).delete()
            except discord.HTTPException as error:
                log.info("could not delete an old announcement %s: %s", message_id, error)
        task = asyncio.create_task(delete())
        self._retiring.add(task)
        task.add_done_callback(self._retiring.discard)

    async def announce_mtt(self, mtt: Tournament, event: str, table: LiveTable | None = None) -> None:
        channel = self.bot.get_partial_messageable(mtt.row.channel_id, guild_id=mtt.row.guild_id)
        files: list[Any] = []
        public = table.public_view() if event == "finished" and table is not None else None
        if table is not None and public is not None:  # the hand that ended it, at its end: board, cards shown
            files.append(await self.bot.presenter.picture(table.spec.render_table, public,
                                                          f"{mtt.row.name}: the last hand", filename="final-table.png"))
        try:
            await channel.send(event_text(mtt, event), files=files)
        except discord.HTTPException as error:
            log.warning("could not post in the channel of tournament %s: %s", mtt.id, error)
