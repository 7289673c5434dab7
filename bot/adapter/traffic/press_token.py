"""One press on a table message: its interaction answered exactly once, and its token, which can edit
that message for 15 minutes without counting against the bot's 50 requests a second.

Discord does not count the interaction callback or the webhook routes of an interaction's token
(edit the original response, follow-ups) against the global rate limit, so the table message is
edited through the newest press on it: while the press is unanswered, the new table *is* its answer
(an UPDATE_MESSAGE callback); once answered (a deferred update), the original response, which is the
pressed message, is edited through the token. Several coroutines may want to answer the same press
(the table's update, the press's own deferral, a refusal, the late-answer guard), so every answer
goes through one lock and one record of how the press was answered.

Discord wants a press's first answer within 3 seconds of the interaction's creation (its snowflake's
time), not of its arrival: a press that reaches the bot late has less. A press that misses them is
dead: its callback answers 10062 Unknown Interaction and its token's webhook routes 10015 Unknown
Webhook. The move it carried still applies (the table judged it); the table is then shown through
the channel route or a fresher press, and the dead token is never sent again (``DeadToken``). A press
that arrives already past the 3 seconds by the bot's clock is not answered at all: its member sees
Discord's own "This interaction failed", and the table shows what their move did.
"""
from __future__ import annotations

import asyncio
import enum
import logging
from typing import Any

import discord

from bot.adapter.traffic import token_routes
from bot.adapter.traffic.global_pace import Cancellable, Clock

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 15 * 60.0
"""Seconds an interaction token can use its webhook routes (Discord's figure)."""
TOKEN_MARGIN = 60.0
"""Seconds of a token's life left unused: an edit may wait in its bucket before it is sent."""
ANSWER_DEADLINE = 3.0
"""Seconds after an interaction's creation that Discord takes its first answer ("Receiving and
Responding" in Discord's Interactions documentation); later, the interaction is unknown (10062)."""
ANSWER_BY = 2.0
"""Seconds after the interaction's creation that a press is answered (deferred) at the latest,
whatever the table is doing: ``ANSWER_DEADLINE`` less a second for the answer's trip to Discord."""
UNKNOWN_INTERACTION = 10062
EXPIRED_CODES = (10015, 50027, UNKNOWN_INTERACTION)
"""Unknown Webhook, Invalid Webhook Token and Unknown Interaction: what a dead token is answered."""


class Answer(enum.Enum):
    NONE = "not answered"
    UPDATE = "answered by updating the pressed message"  # the token edits that message from now on
    REPLY = "answered by a reply"  # its original response is that reply: it edits no table
    PANEL = "answered by the presser's seat panel"  # its original response is that panel: it edits the panel
    DEAD = "not answered within Discord's 3 seconds"  # its token is dead: never sent again


class DeadToken(discord.HTTPException):
    """A request not sent because the press's token is known dead: Discord would answer it 10015
    Unknown Webhook. An ``HTTPException`` so a caller's fallback for an expired token takes it."""

    def __init__(self) -> None:
        Exception.__init__(self, "the press missed Discord's 3 seconds: its token is dead")
        self.response = None  # type: ignore[assignment]
        self.status = 404
        self.code = 10015
        self.text = str(self)


class PressToken:
    """The interaction of one press, answered once; a courier for its message while it is fresh."""

    def __init__(self, interaction: discord.Interaction, clock: Clock,
                 deadline: float | None = ANSWER_DEADLINE):
        """``clock``: the time a press's age is read on and its answer guard set on, one clock for
        both (``WallTimers``; in tests one that moves only when the test moves it, so a slow machine
        never makes a press late). ``deadline``: Discord's 3 seconds, judged on ``clock``; None where
        that clock runs faster than real time (a bench's), and the press is answered ``ANSWER_BY``
        after it arrives."""
        self.interaction: discord.Interaction | None = interaction
        """The press, until it is answered (``_let_go``)."""
        self._webhook: discord.Webhook | None = None
        self._thinking = False
        """A command's deferral shows "thinking" until its first follow-up, which replaces it."""
        self._original: int | None = None
        """The id of the original response when a follow-up replaced a command's "thinking"."""
        self._mentions = interaction.client.allowed_mentions
        self.clock = clock
        message = interaction.message
        self.message_id = message.id if message is not None else None
        self.created = interaction.created_at.timestamp()  # the snowflake's time, Discord's clock
        self.answer = Answer.NONE
        self._lock = asyncio.Lock()
        self._guard: Cancellable | None = None
        self._late_task: asyncio.Task[None] | None = None  # held: the event loop keeps its tasks weakly
        arrived = clock.time()
        age = arrived - self.created
        if deadline is not None and age >= deadline:
            self.answer = Answer.DEAD
            log.info("a press reached the bot %.1f s after it was made: too late to answer", age)
            self._let_go()
        else:
            self._guard = clock.call_at((self.created if deadline is not None else arrived) + ANSWER_BY, self._late)
        interaction.extras["press"] = self

    @staticmethod
    def of(interaction: discord.Interaction) -> "PressToken | None":
        press = interaction.extras.get("press")
        return press if isinstance(press, PressToken) else None

    def fresh(self) -> bool:
        """Whether the token may still edit its message (a refused press's reply is not the table)."""
        age = self.clock.time() - self.created
        return self.answer not in (Answer.REPLY, Answer.DEAD) and age < TOKEN_LIFETIME - TOKEN_MARGIN

    def left(self) -> float:
        """Seconds its token may still edit (``TOKEN_MARGIN`` kept back)."""
        return TOKEN_LIFETIME - TOKEN_MARGIN - (self.clock.time() - self.created)

    def edits_pressed(self) -> bool:
        """Whether its original response is the message pressed (answered by an update, or not yet)."""
        return self.answer in (Answer.NONE, Answer.UPDATE)

    def _missed(self, error: discord.HTTPException) -> bool:
        """Whether the first answer failed because it came too late: the token is dead from now on."""
        if error.code == UNKNOWN_INTERACTION:
            self._answered(Answer.DEAD)
            log.info("a press was answered after Discord's 3 seconds; its table goes by another route")
            return True
        return False

    def _late(self) -> None:
        self._guard = None
        self._late_task = asyncio.get_running_loop().create_task(self.acknowledge())

    def _answered(self, how: Answer) -> None:
        self.answer = how
        if self._guard is not None:
            self._guard.cancel()
            self._guard = None

    def _let_go(self) -> None:
        """Once answered, a press needs only its token's webhook, so the interaction (the pressed
        message as discord.py parsed it, its buttons, the member) is let go while it is young. A press
        lives on as its table's courier and its member's way to a private hand for up to 14 minutes,
        and an interaction is a reference cycle (the interaction and its response): held that long,
        each one reached the collector's oldest generation, which only a full collection empties, and
        the heap and the collections' pauses grew hour by hour (bench/discord_limits.py). The webhook
        is no cycle."""
        if self.interaction is not None:
            self._webhook = self.interaction.followup
            self.interaction = None

    def _unanswered(self) -> discord.Interaction | None:
        """The interaction, while nothing has answered it."""
        interaction = self.interaction
        if self.answer is Answer.NONE and interaction is not None and not interaction.response.is_done():
            return interaction
        return None

    def _followup(self) -> discord.Webhook:
        """The token's webhook: follow-ups, and edits of the original response."""
        if self._webhook is None:
            assert self.interaction is not None, "a press lets its interaction go only for its webhook"
            return self.interaction.followup
        return self._webhook

    async def acknowledge(self) -> None:
        """Answer the press with a deferred update if nothing else has answered it (nothing changes
        on screen; a later edit through the token shows the table)."""
        async with self._lock:
            if (interaction := self._unanswered()) is not None:
                self._answered(Answer.UPDATE)
                try:
                    await interaction.response.defer()  # a command's: "thinking", public
                    self._thinking = interaction.type is discord.InteractionType.application_command
                except discord.HTTPException as error:  # too late, or the message is gone: nothing to do
                    if not self._missed(error):
                        log.info("could not acknowledge a press: %s", error)
                self._let_go()

    async def edit(self, **fields: Any) -> None:
        """Show ``fields`` (content, embed, attachments, view) on the pressed message through this
        press: as its answer while it is unanswered and young, else through the token's webhook (the
        original response of a press is the pressed message). A dead token raises ``DeadToken``
        unsent, or the 10062 that killed it: the caller shows the table by another route."""
        async with self._lock:
            if self.answer is Answer.DEAD:
                raise DeadToken()
            if (interaction := self._unanswered()) is not None:
                self._answered(Answer.UPDATE)
                try:
                    await interaction.response.edit_message(**fields)
                except discord.HTTPException as error:
                    if not self._missed(error):
                        self.answer = Answer.NONE  # not answered: the press's own deferral still may be
                    raise
                self._let_go()
                return
        await token_routes.edit(self._followup(), self._mentions, None, **fields)

    async def open_panel(self, **fields: Any) -> bool:
        """Answer the press with the presser's seat panel (``fields``), a message only they see, which
        the token then edits (``edit``). Returns whether it did: a press the answer guard already
        deferred gets the panel as a private follow-up instead, which its next press on it edits."""
        async with self._lock:
            if (interaction := self._unanswered()) is not None:
                self._answered(Answer.PANEL)
                try:
                    await interaction.response.send_message(ephemeral=True, **fields)
                except discord.HTTPException as error:
                    if not self._missed(error):
                        self.answer = Answer.NONE
                    raise
                self._let_go()
                return True
            if self.answer is Answer.DEAD:
                raise DeadToken()
        await self._followup().send(ephemeral=True, **fields)
        return False

    async def post(self, content: str, embeds: list[discord.Embed], files: list[discord.File],
                   view: discord.ui.View) -> int:
        """A public follow-up of the press (a table message posted afresh through it; a command's public
        answer), once the press is answered; returns its id. The token edits and deletes it
        (``edit_message``, ``delete_message``) for the rest of its life, uncounted like every
        interaction webhook route."""
        await self.acknowledge()
        if self.answer is Answer.DEAD:
            raise DeadToken()
        replaces, self._thinking = self._thinking, False
        message = await self._followup().send(content, embeds=embeds, files=files, view=view, wait=True)
        if replaces:
            self._original = message.id
        return message.id

    async def edit_message(self, message_id: int, **fields: Any) -> None:
        """Edit a follow-up of this press (the original response by its own route)."""
        if self.answer is Answer.DEAD:
            raise DeadToken()
        await token_routes.edit(self._followup(), self._mentions, None if message_id == self._original else message_id,
                                **fields)

    async def delete_message(self, message_id: int) -> None:
        """Delete a follow-up of this press (a dead token raises ``DeadToken`` unsent)."""
        if self.answer is Answer.DEAD:
            raise DeadToken()
        await token_routes.delete(self._followup(), None if message_id == self._original else message_id)

    async def tell(self, content: str, file: discord.File) -> None:
        """A private follow-up to the presser (their next hand): the press is answered first, since a
        follow-up needs an answered interaction; never the "thinking" reply that a follow-up replaces
        (a press is never answered that way), so the flag holds and only the presser sees it."""
        await self.acknowledge()
        if self.answer is Answer.DEAD:
            raise DeadToken()
        assert not self._thinking, "a command's first follow-up is its public answer"
        await self._followup().send(content, file=file, ephemeral=True)

    async def whisper(self, content: str) -> None:
        """A private follow-up to the presser, once the press has its answer (a command's: its
        public answer, posted first)."""
        if self.answer is Answer.DEAD:
            raise DeadToken()
        assert self.answer is not Answer.NONE and not self._thinking, "a follow-up after the answer"
        await self._followup().send(content, ephemeral=True)

    async def refuse(self, text: str) -> None:
        """A private refusal: the answer itself if the press is unanswered (the press then edits no
        table: its original response is this reply), else a private follow-up. A command's public
        "thinking" (the guard's deferral) is deleted first: the first follow-up would replace it, as
        public as the deferral whatever its own flags. A press that missed Discord's 3 seconds reaches
        nobody: the refusal is only logged."""
        async with self._lock:
            if (interaction := self._unanswered()) is not None:
                self._answered(Answer.REPLY)
                try:
                    await interaction.response.send_message(text, ephemeral=True)
                    self._let_go()
                    return
                except discord.HTTPException as error:
                    if not self._missed(error):
                        raise
            if self.answer is Answer.DEAD:
                log.info("a refusal could not reach a press answered too late: %s", text)
                return
            thinking, self._thinking = self._thinking, False
        if thinking:
            await token_routes.delete(self._followup(), None)
        await self._followup().send(text, ephemeral=True)


def expired(error: discord.HTTPException) -> bool:
    """Whether Discord refused a token's request because the token is past its life."""
    return error.code in EXPIRED_CODES or error.status == 401
