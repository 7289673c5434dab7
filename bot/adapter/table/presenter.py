"""Showing tables on Discord: one live message per table, edited in place (private hands by DM are
``private_hands``, the message's words ``table_text``).

Only engine views reach this module (the public view for the channel; a seat's own view goes to
``PrivateHands``), so no hidden card can reach a channel from here. Images are rendered in
worker processes (``bot.render_pool``); Discord calls are made after the table's state is safely stored.
"""
from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass
import io
import logging
import time
from typing import Any, Callable

import discord

from bot import render_pool
from bot.adapter.traffic.channel_faults import Verdict, diagnose
from bot.adapter.table.components import table_view
from bot.adapter.member_text import shown_report
from bot.adapter.table.private_hands import PrivateHands
from bot.adapter.protocol import Cardroom
from bot.adapter.traffic.press_token import PressToken
from bot.adapter.seat.panel_text import HEADING
from bot.adapter.seat.panels import SeatPanels
from bot.adapter.table.composed import Composed
from bot.adapter.table.message import TableMessages
from bot.adapter.table.text import PAUSED_HELP, replay_line, table_text
from bot.service.table.kind import Loss, Lost
from bot.service.table.live import LiveTable

log = logging.getLogger(__name__)
LOSSES = {Verdict.CHANNEL_GONE: Loss.CHANNEL, Verdict.SERVER_GONE: Loss.SERVER,
          Verdict.NO_ACCESS: Loss.REACH, Verdict.ARCHIVED: Loss.REACH}
"""What a channel's failure is to its table (the rest, a message deleted or a passing fault, are not losses)."""


@dataclass
class _Feed:
    """One table's message updates: how many were asked for, which was last shown, and the one task
    showing them (at most one edit in flight; everything asked meanwhile is one pending update); and
    the one task telling the private hands, asked again after each update shown."""

    asked: int = 0
    shown: int = 0
    task: asyncio.Task[None] | None = None
    hands_asked: int = 0
    hands_told: int = 0
    hands: asyncio.Task[None] | None = None


class DiscordPresenter:
    """Edits each table's message and DMs hands. Owned by the bot; used by the table service.

    Updates are coalesced per table: Discord lets a channel take about five edits in five seconds,
    so a burst of presses must not queue one edit each. The newest state wins: a picture that went
    out of date while it was drawn is dropped, and the message is edited again with the latest."""

    MAX_DROPS = 3
    """Stale pictures dropped in a row before one is sent anyway (a table that never stops moving
    still gets shown)."""

    def __init__(self, bot: Cardroom, request_timeout: float = 30.0):
        self.bot = bot
        self.request_timeout = request_timeout
        """Seconds a table message's post or edit may take, discord.py's waits on rate limits
        included, before it is given up (the next update tries again)."""
        self.answer_wait = 0.5
        """Seconds an update waits for its edit before its caller goes on (to answer a member)."""
        self.panels = SeatPanels()
        self.hands = PrivateHands(bot, lambda fn, *args, **kw: self._render(fn, *args, **kw),  # as patched now, by a test too
                                  lambda live, user: self.panels.writer(live, user) is not None)
        self._feeds: dict[int, _Feed] = {}
        self._gone: set[int] = set()  # tables whose channel, thread or server is gone, or whose last word
        # is said (``closed``): nothing more to show
        self.render_ms: deque[float] = deque(maxlen=10_000)
        self.on_render: Callable[[float], None] = lambda seconds: None  # the metrics, when exported
        self.stale_dropped = 0
        self.clock: Callable[[], float] = time.time
        """Wall-clock seconds, as Discord's snowflakes count them (a message's or an interaction's age is
        read from its id against this clock; a test moves it forward)."""
        self.messages = TableMessages(bot, lambda: self.clock())
        self.messages.presses = self.panels.presses

    def pressed(self, live: LiveTable, interaction: discord.Interaction) -> PressToken:
        """A press reached the table (``TableMessages.pressed``): answer it through what this returns."""
        press = self.messages.pressed(live, interaction)
        message = interaction.message
        if message is not None and message.flags.ephemeral and message.content.startswith(HEADING):  # their panel
            self.panels.pressed(live, interaction.user.id, press)
        elif press.fresh():  # one that came too late carries no hand: the member's earlier press, or a DM
            self.hands.pressed(live, interaction.user.id, press)
        return press

    async def open_panel(self, interaction: discord.Interaction, live: LiveTable) -> None:
        """My seat: the presser's seat panel, as the answer to their press (``SeatPanels``)."""
        await self.panels.open(live, interaction.user.id, self.messages.token(interaction))

    async def _render(self, fn: Any, *args: Any, affinity: int | None = None) -> discord.File:
        """``fn(*args)`` drawn in the render pool (a table's pictures, ``affinity`` its id, in the same
        worker), as the file a message carries."""
        started = time.perf_counter()
        png = await render_pool.render(fn, *args, affinity=affinity)
        seconds = time.perf_counter() - started
        self.render_ms.append(seconds * 1000)
        self.on_render(seconds)
        return discord.File(io.BytesIO(png), filename="table.png")

    async def picture(self, fn: Any, *args: Any, filename: str = "table.png") -> discord.File:
        """``fn(*args)`` drawn in the render pool, as a file named ``filename``: a replay's frame or GIF, a
        leaderboard page, a move's preview. Every picture the bot sends is drawn here or by ``_render``."""
        file = await self._render(fn, *args)
        file.filename = filename
        return file

    async def update(self, live: LiveTable) -> None:
        """Show the table's current state. Returns once it is shown, or after ``answer_wait``
        seconds when the table is already posted (an answer to a member must not wait for the
        channel's rate limit); a first post is waited for (the create command checks it could)."""
        if live.id in self._gone:
            return
        feed = self._feeds.setdefault(live.id, _Feed())
        feed.asked += 1
        if feed.task is None or feed.task.done():
            feed.task = asyncio.create_task(self._drain(live, feed))
        await self.panels.update(live)  # at once, not after the picture: a press on a panel is answered by
        # its update, and the member whose turn comes sees their moves without waiting for the table's drawing
        await asyncio.wait({feed.task}, timeout=None if live.row.message_id is None else self.answer_wait)

    def token(self, interaction: discord.Interaction) -> PressToken:
        return self.messages.token(interaction)

    async def show_first(self, live: LiveTable, press: PressToken) -> None:
        self.messages.opening(live, press)
        await self.update(live)

    async def retire(self, live: LiveTable, message_id: int) -> None:
        """Delete a left-behind message of the table (``TableMessages.retire``)."""
        await self.messages.retire(live, message_id)

    async def _drain(self, live: LiveTable, feed: _Feed) -> None:
        """Show the newest state until nothing newer was asked for."""
        drops = 0
        while feed.shown < feed.asked and live.id not in self._gone and live.paused is None:
            version = feed.asked
            try:
                composed = await self._compose(live)
                if feed.asked != version and drops < self.MAX_DROPS:
                    drops += 1
                    self.stale_dropped += 1
                    continue  # the table moved on while this was drawn: draw the newest instead
                drops = 0
                await self._show(live, composed)
                feed.shown = version
                if live.paused is not None or live.id in self._gone:
                    break
                self._tell_hands(live, feed)
            except Exception:
                feed.shown = version
                log.exception("could not show table %s", live.id)

    def _tell_hands(self, live: LiveTable, feed: _Feed) -> None:
        """Send the private hands of the state just shown, beside the table's next updates: a hand
        by DM waits its turn in the bot's pace, and the table must not wait with it."""
        feed.hands_asked += 1
        if feed.hands is None or feed.hands.done():
            feed.hands = asyncio.create_task(self._send_hands(live, feed))

    async def _send_hands(self, live: LiveTable, feed: _Feed) -> None:
        while feed.hands_told < feed.hands_asked:
            asked = feed.hands_asked
            try:
                await self.hands.send(live)
            except Exception:
                log.exception("could not send the private hands of table %s", live.id)
            feed.hands_told = asked

    async def _compose(self, live: LiveTable) -> Composed:
        """The table message for the current state: text, buttons and the public picture."""
        row = live.row
        acting = live.engine.to_act() if live.engine is not None and live.engine.outcome is None and row.deal else ()
        members = [live.table_seat_of(s) for s in acting]
        content = table_text(live, tuple(m.user_id for m in members
                                         if not m.is_bot and self.panels.writer(live, m.user_id) is None))
        view = table_view(live)
        public = None if live.withheld else live.public_view()
        if public is None:
            return Composed(content, view, None, [])
        footer = f"Deck SHA-256 {row.deal.commitment[:24]}…" if row.deal else ""
        file = await self._render(live.spec.render_table, public, footer, affinity=live.id)
        embed = discord.Embed(colour=discord.Colour.dark_green()).set_image(url="attachment://table.png")
        return Composed(content, view, embed, [file])

    async def _show(self, live: LiveTable, composed: Composed) -> None:
        """Post or edit the table message; a failure is judged once (``_failed``), never looped on."""
        try:
            async with asyncio.timeout(self.request_timeout):
                await self.messages.write(live, composed)
        except discord.HTTPException as error:
            await self._failed(live, error)
        except TimeoutError:
            log.warning("showing table %s took over %s s; the next update tries again", live.id, self.request_timeout)

    async def _failed(self, live: LiveTable, error: discord.HTTPException) -> None:
        """A deleted message is posted again, once; anything else is the table's channel failing."""
        row = live.row
        verdict = await diagnose(self.bot.http, error, row.channel_id, row.guild_id)
        if verdict is Verdict.MESSAGE_GONE and row.message_id is not None:
            await live.commands.shown_in(None)
            try:
                async with asyncio.timeout(self.request_timeout):
                    await self.messages.write(live, await self._compose(live))
                return
            except discord.HTTPException as again:
                verdict = await diagnose(self.bot.http, again, row.channel_id, row.guild_id)
            except TimeoutError:
                verdict = Verdict.PASSING
        await self.channel_failed(live, verdict)

    async def channel_failed(self, live: LiveTable, verdict: Verdict) -> None:
        """A table's channel failed: a thread archived is unarchived once; else the table's kind decides
        what the table does (``TableKind.channel_lost``: close, deal on in a new thread, or pause), and
        the presenter stops showing it there and tells the host (a passing fault waits for the next
        update)."""
        row = live.row
        if verdict is Verdict.ARCHIVED and await self._unarchived(live):
            return
        loss = LOSSES.get(verdict)
        if loss is None:
            log.warning("could not show table %s in channel %s: %s", row.id, row.channel_id, verdict.value)
            return
        if loss is not Loss.REACH:  # nothing more is sent there while the table decides
            self._gone.add(live.id)
            self._feeds.pop(live.id, None)
        lost = await live.kind.channel_lost(loss, verdict.value)
        if lost in (Lost.REHOMED, Lost.PAUSED):
            self._gone.discard(live.id)
        if lost is Lost.REHOMED:
            await self.update(live)  # its message, posted in the new thread
        elif lost is Lost.CLOSED and loss is Loss.CHANNEL:
            await self._tell_host(live, f"{live.spec.title} table #{live.id} is closed: {verdict.value}. "
                                  "The deal in progress was called off"
                                  + (" and every stack is back in its wallet." if live.spec.chips else "."))
        elif lost is Lost.PAUSED:
            await self._tell_host(live, f"{live.spec.title} table #{live.id} in <#{row.channel_id}> is paused: "
                                  f"{verdict.value}. {PAUSED_HELP}")

    async def _unarchived(self, live: LiveTable) -> bool:
        """Unarchive the table's thread and show the table there again (once)."""
        try:
            await self.bot.http.edit_channel(live.row.channel_id, archived=False)
            async with asyncio.timeout(self.request_timeout):
                await self.messages.write(live, await self._compose(live))
            return True
        except (discord.HTTPException, TimeoutError):
            return False

    async def _tell_host(self, live: LiveTable, text: str) -> None:
        """A DM to the table's host, if they take DMs (a table lost from sight is worth one)."""
        try:
            dm = await self.bot.create_dm(discord.Object(live.row.host_id))
            await dm.send(text)
        except discord.HTTPException:
            log.info("could not tell the host of table %s: %s", live.id, text)

    async def announce(self, guild_id: int, channel_id: int, text: str, report: str = "") -> None:
        """Post a message once in a channel (an event board's results, when they are revealed); the
        report's names are shown as typed."""
        channel = self.bot.get_partial_messageable(channel_id, guild_id=guild_id)
        try:
            await channel.send((text + ("\n" + shown_report(report) if report else ""))[:2000])
        except discord.HTTPException:
            log.warning("could not post an event report in channel %s", channel_id)

    async def show_hand(self, interaction: discord.Interaction, live: LiveTable) -> None:
        """The ephemeral "My hand" reply: the presser's own view only."""
        await self.hands.show_hand(interaction, live)

    async def closed(self, live: LiveTable, reason: str) -> None:
        """The table's last word: pending updates are dropped, the one in flight is let finish."""
        self._gone.add(live.id)  # an update asked later (a timer that was running) must not cover the last word
        self.panels.forget(live.id)
        self.messages.closed(live.id)
        self.hands.closed(live.id)
        feed = self._feeds.pop(live.id, None)
        if feed is not None and feed.task is not None:
            feed.asked = feed.shown
            await asyncio.shield(feed.task)
        if feed is not None and feed.hands is not None:  # the hands of what was shown, before the last word
            feed.hands_asked = feed.hands_told
            await asyncio.shield(feed.hands)
        try:
            replay = replay_line(live) if live.last_deal is not None and live.last_deal.link else None  # its web replay
            await self.messages.last_word(live, f"**{live.spec.title}** · table #{live.id}\n{reason}"
                                          + (f"\n{replay}" if replay else ""))
        except discord.HTTPException:
            log.warning("could not edit closed table %s", live.id)
