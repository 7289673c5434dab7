"""One press on a table message: its interaction answered exactly once, and its token, which can edit
that message for 15 minutes without counting against the bot's 50 requests a second.

Discord does not count the interaction callback or the webhook routes of an interaction's token
(edit the original response, follow-ups) against the global rate limit, so the table message is
edited through the newest press on it: while the press is unanswered, the new table *is* its answer
(an UPDATE_MESSAGE callback); once answered (a deferred update), the original response, which is the
pressed message, is edited through the token. Several coroutines may want to answer the same press
(the table's update, the press's own deferral, a refusal, the late-answer guard), so every answer
goes through one lock and one record of how the press was answered.
"""
from __future__ import annotations

import asyncio
import enum
import logging
from typing import Any, Callable

import discord
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 15 * 60.0
"""Seconds an interaction token can use its webhook routes (Discord's figure)."""
TOKEN_MARGIN = 60.0
"""Seconds of a token's life left unused: an edit may wait in its bucket before it is sent."""
ANSWER_BY = 2.0
"""Seconds after a press that it is answered (deferred) at the latest, whatever the table is doing:
Discord drops an interaction not answered within 3 s."""
EXPIRED_CODES = (10015, 50027)
"""Unknown Webhook and Invalid Webhook Token: what a token past its life is answered."""


class Answer(enum.Enum):
    NONE = "not answered"
    UPDATE = "answered by updating the pressed message"  # the token edits that message from now on
    REPLY = "answered by a reply"  # its original response is that reply: it edits no table


class PressToken:
    """The interaction of one press, answered once; a courier for its message while it is fresh."""

    def __init__(self, interaction: discord.Interaction, clock: Callable[[], float]):
        self.interaction: discord.Interaction | None = interaction
        """The press, until it is answered (``_let_go``)."""
        self._webhook: discord.Webhook | None = None
        self._mentions = interaction.client.allowed_mentions
        self.clock = clock
        message = interaction.message
        self.message_id = message.id if message is not None else None
        self.created = interaction.created_at.timestamp()
        self.answer = Answer.NONE
        self._lock = asyncio.Lock()
        self._guard: asyncio.TimerHandle | None = asyncio.get_running_loop().call_later(ANSWER_BY, self._late)
        self._late_task: asyncio.Task[None] | None = None
        interaction.extras["press"] = self

    @staticmethod
    def of(interaction: discord.Interaction) -> "PressToken | None":
        press = interaction.extras.get("press")
        return press if isinstance(press, PressToken) else None

    def fresh(self) -> bool:
        """Whether the token may still edit its message (a refused press's reply is not the table)."""
        age = self.clock() - self.created
        return self.answer is not Answer.REPLY and age < TOKEN_LIFETIME - TOKEN_MARGIN

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
                    await interaction.response.defer()
                except discord.HTTPException as error:  # too late, or the message is gone: nothing to do
                    log.info("could not acknowledge a press: %s", error)
                self._let_go()

    async def edit(self, **fields: Any) -> None:
        """Show ``fields`` (content, embed, attachments, view) on the pressed message through this
        press: as its answer while it is unanswered and young, else through the token's webhook (the
        original response of a press is the pressed message)."""
        async with self._lock:
            if (interaction := self._unanswered()) is not None:
                self._answered(Answer.UPDATE)
                try:
                    await interaction.response.edit_message(**fields)
                except discord.HTTPException:
                    self.answer = Answer.NONE  # not answered: the press's own deferral still may be
                    raise
                self._let_go()
                return
        await self._edit_original(**fields)

    async def _edit_original(self, **fields: Any) -> None:
        """The request ``Interaction.edit_original_response`` makes (PATCH
        /webhooks/{application}/{token}/messages/@original), from the token's webhook alone; the
        table's buttons are dynamic items, found by their custom ids, so no view is stored."""
        webhook = self._followup()
        assert webhook.token is not None, "an interaction's webhook has its token"
        with handle_message_parameters(**fields, previous_allowed_mentions=self._mentions) as params:
            await async_context.get().edit_original_interaction_response(
                webhook.id, webhook.token, session=webhook.session, proxy=webhook.proxy,
                proxy_auth=webhook.proxy_auth, payload=params.payload, multipart=params.multipart,
                files=params.files)

    async def tell(self, content: str, file: discord.File) -> None:
        """A private follow-up to the presser (their next hand): the press is answered first, since a
        follow-up needs an answered interaction; never the "thinking" reply that a follow-up replaces
        (a press is never answered that way), so the flag holds and only the presser sees it."""
        await self.acknowledge()
        await self._followup().send(content, file=file, ephemeral=True)

    async def refuse(self, text: str) -> None:
        """A private refusal: the answer itself if the press is unanswered (the press then edits no
        table: its original response is this reply), else a private follow-up."""
        async with self._lock:
            if (interaction := self._unanswered()) is not None:
                self._answered(Answer.REPLY)
                await interaction.response.send_message(text, ephemeral=True)
                self._let_go()
                return
        await self._followup().send(text, ephemeral=True)


def expired(error: discord.HTTPException) -> bool:
    """Whether Discord refused a token's request because the token is past its life."""
    return error.code in EXPIRED_CODES or error.status == 401
