"""What every table component checks before it acts, and how it refuses.

A component's custom_id carries the table, the hand number and the step (actions applied in the
hand): the table must be this server's and open; the rest (the hand and step the current ones, the
move one the engine offers the presser) the table judges, once, as it applies the move
(``LiveTable.verify``). Player errors become ephemeral replies; nothing escapes.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.adapter.traffic.press_token import PressToken
from bot.adapter.protocol import Cardroom
from bot.errors import TableClosed, UserError
from bot.games.base import Action, ActionSpec, IllegalAction
from bot.games.moves import NOT_NOW
from bot.service.table.live import LiveTable
from bot.service.table.press import Press
from bot.storage.interface import COMMITTED

log = logging.getLogger(__name__)

NOTHING_CHANGED = "Something went wrong on my side; nothing was changed."
PARTLY_DONE = ("Something went wrong on my side partway through: what was done before it is kept, and the "
               "table or tournament shows where things stand.")
STATE = r"(?P<table>[0-9]+):(?P<hand>[0-9]+):(?P<step>[0-9]+):(?P<kind>[a-z_]+)"  # ASCII digits only
"""The custom_id part every move component shares: table, hand number, step, the move's kind."""


async def reply_error(interaction: discord.Interaction, message: str) -> None:
    """An ephemeral refusal, whether or not the interaction was already acknowledged (a press on a
    table answers once, through its ``PressToken``)."""
    press = PressToken.of(interaction)
    if press is not None:
        await press.refuse(message)
    elif interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)


def counting_commits() -> None:
    """From now on the task handling a member's request counts the transactions it commits (not
    those of tasks it starts), for ``failure_text``."""
    COMMITTED.set((asyncio.current_task(), [0]))


def failure_text() -> str:
    """What a member reads when their request failed on the bot's side: that nothing was changed
    only if nothing of it was stored (a table or tournament that failed midway is put back as stored:
    ``bot.service.table.stored_lock``), else that what was done is kept."""
    counting = COMMITTED.get()
    return PARTLY_DONE if counting is not None and counting[0] is asyncio.current_task() and counting[1][0] \
        else NOTHING_CHANGED


async def guarded(interaction: discord.Interaction, work: Any) -> None:
    """Run ``work`` (a coroutine); player errors become ephemeral replies, nothing escapes."""
    counting_commits()
    try:
        await work
    except UserError as error:
        await reply_error(interaction, str(error))
    except Exception:
        log.exception("interaction failed")
        await reply_error(interaction, failure_text())


def bot_of(interaction: discord.Interaction) -> Cardroom:
    """The bot, as components see it: through the ``Cardroom`` protocol, never the client class."""
    # discord.py types it as its Client; every interaction this bot answers reaches a CardroomBot
    return interaction.client  # type: ignore[return-value]


def open_table(interaction: discord.Interaction, table: int) -> LiveTable:
    """The open table a custom_id names, if it belongs to the server the interaction came from: a
    forged custom_id naming another server's table (or one pressed in a DM) reads as a closed table."""
    live = bot_of(interaction).service.table_in(interaction.guild_id, table)
    if live is None:
        raise TableClosed()
    return live


def left_behind(interaction: discord.Interaction, live: LiveTable) -> bool:
    """Whether the press came from a channel message of the table that is not its live one (an old
    message that a roll-over could not delete, or one posted as a restart cut a roll-over short)."""
    message = interaction.message
    return (message is not None and not message.flags.ephemeral and live.row.message_id is not None
            and message.id != live.row.message_id and message.channel.id == live.row.channel_id)


async def submit(interaction: discord.Interaction, live: LiveTable, hand: int, step: int, action: Action) -> None:
    """Hand the presser's move to its table (its ``act``, which judges it under the table's lock). The
    press is answered by the table's update (its ``PressToken``), or by a deferred update once the move is
    applied, or ``ANSWER_BY`` seconds after it came, whichever is first (Discord's 3-second deadline)."""
    token = bot_of(interaction).presenter.pressed(live, interaction)
    await live.commands.act(Press(interaction.user.id, hand, step, action))
    await token.acknowledge()


async def send_choice(interaction: discord.Interaction, live: LiveTable, hand: int, step: int,
                      action: Action) -> None:
    """Hand a move chosen in a private select (or its preview) to its table: the select's message is
    answered at once (a deferred update: Discord's 3 seconds), and says "Sent." once the table took
    the move; a refusal is a private follow-up and leaves the select as it was."""
    await interaction.response.defer()
    await live.commands.act(Press(interaction.user.id, hand, step, action))
    await interaction.edit_original_response(content="Sent.", view=None, attachments=[])


def present(live: LiveTable | None) -> LiveTable:
    """The open table a press is about (``TableComponent._checked`` found it), or the refusal."""
    if live is None:
        raise TableClosed()
    return live


def on_offer(interaction: discord.Interaction, live: LiveTable | None, hand: int, step: int, kind: str,
             index: int = 0) -> tuple[LiveTable, ActionSpec]:
    """The table and the presser's ``index``-th move of ``kind`` on offer (``LiveTable.offer``), for a
    press that must be answered before its move exists (a form needs the range, a select its choices);
    else the refusal. An engine may offer several moves of one kind."""
    table = present(live)
    specs = table.offer(interaction.user.id, hand, step, kind)
    if index < len(specs):
        return table, specs[index]
    raise IllegalAction(NOT_NOW)


class TableComponent:
    """What every table component does when used: check it is the kind of component it claims to be
    (a forged select can carry a button's custom_id), then ``_press``; refusals are private."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._checked(interaction))

    async def _checked(self, interaction: discord.Interaction) -> None:
        """Find the press's open table once (of this server only: ``TableService.table_in``) and
        refuse a press on a message the table left behind; ``_press`` gets the table, None when the
        component names none (a leaderboard page) or it is closed (a replay's table may be)."""
        assert isinstance(self, discord.ui.DynamicItem), "a table component is a DynamicItem"
        if dict(interaction.data or {}).get("component_type") != self.item.type.value:
            raise UserError("That button is no longer active.")
        table = getattr(self, "table", None)
        live = bot_of(interaction).service.table_in(interaction.guild_id, table) if table is not None else None
        if live is not None and interaction.message is not None and left_behind(interaction, live):
            await bot_of(interaction).presenter.retire(live, interaction.message.id)
            raise UserError("That table message is out of date: the table is in its newest message in this channel.")
        await self._press(interaction, live)

    async def _press(self, interaction: discord.Interaction, live: LiveTable | None) -> None:
        raise NotImplementedError
