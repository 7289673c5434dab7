"""Where a table's live message is and how an update reaches it, inside Discord's real limits.

A bot token may make 50 requests a second in all, every process together; the interaction callback
and the webhook routes of an interaction's token are not counted. So the table message is posted as
the public answer of the command that opened it, edited through that token or the newest press on
it, and posted afresh through a member's fresh panel press when those run out (``relay``); through
the channel route only when no press is fresh (a table of computer players, a quiet table).

A press that misses Discord's 3 seconds (``PressToken``) is dead: it is never the courier again.

Discord also caps edits of messages older than an hour (code 30046). So once the message is
``ROLL_OVER_AGE`` old, at the next deal boundary the table is posted afresh and the old message is
deleted (deleted, not kept as a last picture: a channel shows one live table, and a deleted message
has no buttons left to press). A message past ``LAST_CALL_AGE`` rolls over mid-deal, and a 30046
answer rolls over at once. The new message id is stored before the old one is deleted; a message
left behind (its delete failed, or a restart came between the post and the store) answers a press as
stale and is deleted then (``bot.adapter.seat.checks``).
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any, Awaitable, Callable

import discord

from bot.adapter.traffic.global_pace import Clock, WallTimers
from bot.adapter.traffic.press_token import ANSWER_DEADLINE, PressToken, expired
from bot.adapter.protocol import Cardroom
from bot.adapter.table.composed import Composed, PostedBy
from bot.service.table.live import LiveTable

log = logging.getLogger(__name__)

EDIT_CAP = 30046
"""Discord's "Maximum number of edits to messages older than 1 hour reached"."""
ROLL_OVER_AGE = 50 * 60.0
"""Seconds after which the table message is posted afresh at the next deal boundary."""
LAST_CALL_AGE = 57 * 60.0
"""Seconds after which it is posted afresh whatever the deal is doing (edits stop at an hour)."""


def message_age(message_id: int, now: float) -> float:
    """Seconds since the message was posted, read from its snowflake id against ``now`` (the
    presenter's clock, the one Discord's ids are read against)."""
    return now - discord.utils.snowflake_time(message_id).timestamp()


RELAY_AFTER = 5 * 60.0
"""Seconds of life a courier has left below which the table is posted afresh (``TableMessages.relay``)."""


def at_boundary(live: LiveTable) -> bool:
    """Between deals, or before the first move of one: a fresh message loses nobody's place."""
    return live.row.deal is None or live.row.step == 0


class TableMessages:
    """How an update reaches a table's live message: through the table's courier (its freshest press)
    or the channel route, and when the message is posted afresh."""

    def __init__(self, bot: Cardroom, clock: Callable[[], float]):
        self.bot = bot
        self.clock = clock
        self.answer_deadline: float | None = ANSWER_DEADLINE
        """Discord's 3 seconds for a press's first answer, judged on ``clock``; None where that clock
        runs faster than real time (bench/discord_limits.py measures the real 3 seconds itself)."""
        self.timers: Clock = WallTimers(lambda: self.clock())
        """``clock`` with the timers a press's answer guard is set on (the event loop's); a test gives
        timers that fire only when it moves its clock, the one the press's age is read on."""
        self._couriers: dict[int, PressToken | PostedBy] = {}
        """Each table's newest press on its live message, or the press that posted it (``courier``)."""
        self._openers: dict[int, PressToken] = {}
        """The command that opened a table, not yet answered: its answer is the table's first message."""
        self.presses: Callable[[LiveTable], list[PressToken]] = lambda live: []
        """Members' fresh presses at a table (their seat panels'), any of which may post the table afresh."""
        self.by_token = 0
        self.by_channel = 0
        self.roll_overs = 0
        self.relayed = 0
        self.retired = 0
        self._retiring: set[asyncio.Task[None]] = set()

    def pressed(self, live: LiveTable, interaction: discord.Interaction) -> PressToken:
        """A press reached the table: it is answered once through the token returned, and, if it was
        made on the table's live message, it becomes the table's courier while it is the newest (a
        press that came too late to be answered carries nothing: the courier it would displace, or
        the channel route, shows what its move did)."""
        press = self.token(interaction)
        if press.fresh() and press.message_id is not None and press.message_id == live.row.message_id:
            current = self._couriers.get(live.id)
            if current is None or current.created <= press.created:
                self._couriers[live.id] = press
        return press

    def opening(self, live: LiveTable, press: PressToken) -> None:
        """``press`` (the command that opened the table) posts its first message as its public answer:
        uncounted, and a courier of the table from the start."""
        self._openers[live.id] = press

    def token(self, interaction: discord.Interaction) -> PressToken:
        """A press answered once through the token returned, which is no courier of the table message
        (My seat: its answer is the presser's panel)."""
        return PressToken(interaction, self.timers, self.answer_deadline)

    def courier(self, live: LiveTable) -> PressToken | PostedBy | None:
        """What may edit the live message uncounted: the newest press on it, or the press that posted it,
        while its token lasts; else None."""
        press = self._couriers.get(live.id)
        if isinstance(press, PostedBy) and press.message_id == live.row.message_id and press.fresh():
            return press
        if not isinstance(press, PressToken) or press.message_id != live.row.message_id or not press.fresh() \
                or not press.edits_pressed():  # a My seat press answered by its panel edits that panel
            self._couriers.pop(live.id, None)
            return None
        return press

    def relay(self, live: LiveTable) -> PressToken | None:
        """A press to post the table afresh through when its courier is gone or running out (under
        ``RELAY_AFTER`` left at a deal boundary; under half that mid-deal, still in time for its token to
        delete the old message uncounted): members play from their seat panels, so nobody presses
        the table message, and without a courier its every edit would be counted."""
        courier = self.courier(live)
        if courier is not None and courier.left() > (RELAY_AFTER if at_boundary(live) else RELAY_AFTER / 2):
            return None
        return self.freshest(live)

    def freshest(self, live: LiveTable) -> PressToken | None:
        """The newest of the members' panel presses with more than twice ``RELAY_AFTER`` left."""
        fresh = [press for press in self.presses(live) if press.fresh() and press.left() > 2 * RELAY_AFTER]
        return max(fresh, key=lambda press: press.created, default=None)

    def forget(self, live: LiveTable) -> None:
        self._couriers.pop(live.id, None)

    def closed(self, table_id: int) -> None:
        self._couriers.pop(table_id, None)
        self._openers.pop(table_id, None)

    def age(self, message_id: int) -> float:
        """Seconds since the message was posted."""
        return message_age(message_id, self.clock())

    async def write(self, live: LiveTable, composed: Composed) -> None:
        """Post the table, or edit its message by the cheapest route that works; roll it over when
        it is too old to edit. A press that turns out dead (its answer came too late) gives way to the
        next route. Other failures are raised for the presenter to judge."""
        row = live.row
        if row.message_id is None:
            await self._by_press_or_channel(self._post, live, composed, self._openers.pop(live.id, None))
            return
        age = self.age(row.message_id)
        if age >= LAST_CALL_AGE or (age >= ROLL_OVER_AGE and at_boundary(live)):
            await self._by_press_or_channel(self.roll_over, live, composed, self.freshest(live))
            return
        if (relay := self.relay(live)) is not None:
            try:
                await self.roll_over(live, composed, relay)
                return
            except discord.HTTPException as error:
                if not expired(error):
                    raise
        try:
            await self._edit(live, composed)
        except discord.HTTPException as error:
            if error.code != EDIT_CAP:
                raise
            await self.roll_over(live, composed)

    @staticmethod
    async def _by_press_or_channel(post: Callable[[LiveTable, Composed, PressToken | None], Awaitable[Any]],
                                   live: LiveTable, composed: Composed, press: PressToken | None) -> None:
        """``post`` through ``press``, or through the channel if there is none or it turns out dead."""
        if press is not None:
            try:
                await post(live, composed, press)
                return
            except discord.HTTPException as error:
                if not expired(error):
                    raise
        await post(live, composed, None)

    async def _edit(self, live: LiveTable, composed: Composed) -> None:
        press = self.courier(live)
        if press is not None:
            try:
                await press.edit(**composed.fields())
                self.by_token += 1
                return
            except discord.HTTPException as error:
                if not expired(error):
                    raise
                log.info("table %s: a press token is dead (%s); the channel route takes the edit", live.id, error.code)
                self.forget(live)
        assert live.row.message_id is not None
        channel = self.bot.get_partial_messageable(live.row.channel_id, guild_id=live.row.guild_id)
        await channel.get_partial_message(live.row.message_id).edit(**composed.fields())
        self.by_channel += 1

    async def _post(self, live: LiveTable, composed: Composed, relay: PressToken | None = None) -> None:
        """Post the table message: through ``relay`` (a public follow-up of that press, which becomes the
        courier), else through the channel route. The table then stores it as its live message."""
        row = live.row
        embeds = [composed.embed] if composed.embed else []
        if relay is not None:
            posted = await relay.post(composed.content, embeds, composed.rewound(), composed.view)
            self._couriers[live.id] = PostedBy(relay, posted)
        else:
            channel = self.bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
            posted = (await channel.send(composed.content, embeds=embeds, files=composed.rewound(), view=composed.view)).id
        await live.commands.shown_in(posted)

    async def roll_over(self, live: LiveTable, composed: Composed, relay: PressToken | None = None) -> None:
        """Post the table afresh (through ``relay`` if given), store the new message, then delete the old
        one beside the table's next updates (through the token that posted it while it lasts, else the
        channel route, whose delete waits its turn in the bot's pace; the table need not)."""
        old, posted_by = live.row.message_id, self.courier(live)
        self.forget(live)
        await self._post(live, composed, relay)
        self.relayed += relay is not None
        self.roll_overs += 1
        if old is not None:
            task = asyncio.create_task(self.retire(live, old, posted_by if isinstance(posted_by, PostedBy) else None))
            self._retiring.add(task)
            task.add_done_callback(self._retiring.discard)

    async def retire(self, live: LiveTable, message_id: int, posted_by: PostedBy | None = None) -> None:
        """Delete a message of the table that is not its live one (through the press that posted it while
        its token lasts); one that stays (the delete failed) answers its presses as stale, and is tried
        again when it is pressed."""
        channel = self.bot.get_partial_messageable(live.row.channel_id, guild_id=live.row.guild_id)
        try:
            if posted_by is not None and posted_by.fresh():
                await posted_by.press.delete_message(message_id)
            else:
                await channel.get_partial_message(message_id).delete()
            self.retired += 1
        except discord.HTTPException as error:
            log.info("table %s: could not delete its old message %s (%s); its buttons answer as stale",
                     live.id, message_id, error)

    async def last_word(self, live: LiveTable, content: str) -> None:
        """The closed table's message says why, without buttons (through a fresh press if any); a
        message too old to edit is deleted and the last word posted afresh."""
        message = live.row.message_id
        if message is None:
            return
        press = self.courier(live)
        self.forget(live)
        channel = self.bot.get_partial_messageable(live.row.channel_id, guild_id=live.row.guild_id)
        try:
            if self.age(message) < ROLL_OVER_AGE:
                if press is not None:
                    try:
                        await press.edit(content=content, view=None)
                        return
                    except discord.HTTPException as error:
                        if not expired(error):
                            raise
                await channel.get_partial_message(message).edit(content=content, view=None)
                return
        except discord.HTTPException as error:
            if error.code != EDIT_CAP:
                raise
        await channel.send(content)
        await self.retire(live, message)
