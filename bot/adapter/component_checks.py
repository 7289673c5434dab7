"""What every table component checks before it acts, and how it refuses.

A component's custom_id carries the table, the hand number and the step (actions applied in the
hand): the table must be this server's and open, the hand and step the current ones, and the move
one the engine offers the presser. Player errors become ephemeral replies; nothing escapes.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.adapter.press_token import PressToken
from bot.adapter.protocol import Cardroom
from bot.errors import UserError
from bot.games.base import Action, ActionSpec, IllegalAction

if TYPE_CHECKING:
    from bot.service.live import LiveTable

log = logging.getLogger(__name__)

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


async def guarded(interaction: discord.Interaction, work: Any) -> None:
    """Run ``work`` (a coroutine); player errors become ephemeral replies, nothing escapes."""
    try:
        await work
    except UserError as error:
        await reply_error(interaction, str(error))
    except Exception:
        log.exception("interaction failed")
        await reply_error(interaction, "Something went wrong on my side; nothing was changed.")


def bot_of(interaction: discord.Interaction) -> Cardroom:
    """The bot, as components see it: through the ``Cardroom`` protocol, never the client class."""
    return interaction.client  # type: ignore[return-value]


def open_table(interaction: discord.Interaction, table: int) -> "LiveTable":
    """The open table a custom_id names, if it belongs to the server the interaction came from: a
    forged custom_id naming another server's table (or one pressed in a DM) reads as a closed table."""
    live = bot_of(interaction).service.table_in(interaction.guild_id, table)
    if live is None:
        raise UserError("That table is closed.")
    return live


def left_behind(interaction: discord.Interaction, live: "LiveTable") -> bool:
    """Whether the press came from a channel message of the table that is not its live one (an old
    message that a roll-over could not delete, or one posted as a restart cut a roll-over short)."""
    message = interaction.message
    return (message is not None and not message.flags.ephemeral and live.row.message_id is not None
            and message.id != live.row.message_id and message.channel.id == live.row.channel_id)


async def submit(interaction: discord.Interaction, table: int, hand: int, step: int, action: Action) -> None:
    """Send a checked move to the service. The press is answered by the table's update (its
    ``PressToken``), or by a deferred update once the move is applied, or ``ANSWER_BY`` seconds
    after it came, whichever is first (Discord's 3-second deadline)."""
    live = open_table(interaction, table)
    press = bot_of(interaction).presenter.pressed(live, interaction)
    await bot_of(interaction).service.act(table, interaction.user.id, hand, step, action)
    await press.acknowledge()


def presser_specs(live: "LiveTable", user_id: int, kind: str) -> list[ActionSpec]:
    """The presser's legal specs of ``kind`` (an engine may offer several, e.g. two options); refused
    with the reason when there are none."""
    deal_seat = live.deal_seat(user_id)
    if deal_seat is None:
        raise UserError("You are not playing in this hand.")
    same_kind = [spec for spec in live.engine.legal_actions(deal_seat) if spec.kind == kind]
    if same_kind:
        return same_kind
    if not live.engine.to_act():
        raise IllegalAction("This hand is over.")
    if deal_seat not in live.engine.to_act():
        raise IllegalAction("It is not your turn.")
    raise IllegalAction("You can't do that now.")


def presser_spec(live: "LiveTable", user_id: int, kind: str, index: int = 0) -> ActionSpec:
    """The presser's ``index``-th legal spec of ``kind``."""
    same_kind = presser_specs(live, user_id, kind)
    if index < len(same_kind):
        return same_kind[index]
    raise IllegalAction("You can't do that now.")


def offering(live: "LiveTable", user_id: int, kind: str, values: list[str]) -> ActionSpec:
    """The presser's spec of ``kind`` that offers exactly this pick: forged or outdated select values
    are refused here, before anything is shown or sent."""
    for spec in presser_specs(live, user_id, kind):
        count_ok = max(1, spec.min_choices) <= len(values) <= max(1, spec.max_choices)
        if count_ok and len(set(values)) == len(values) and set(values) <= set(spec.choices):
            return spec
    raise UserError("That choice is not on offer now: the table has moved on.")


def current_table(interaction: discord.Interaction, table: int, hand: int, step: int) -> "LiveTable":
    """The table a component belongs to, refusing one from a closed table, another hand or another
    state (a step not reached yet is as forged as one long past)."""
    live = open_table(interaction, table)
    if live.row.hand is None or hand < live.row.hand_no:
        raise UserError("That button is from an earlier hand.")
    if hand != live.row.hand_no:
        raise UserError("That button is not from this table's current hand.")
    if step > live.row.step or live.is_stale(interaction.user.id, step):
        raise UserError("That button is out of date: the table has moved on.")
    return live


class TableComponent:
    """What every table component does when used: check it is the kind of component it claims to be
    (a forged select can carry a button's custom_id), then ``_press``; refusals are private."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._checked(interaction))

    async def _checked(self, interaction: discord.Interaction) -> None:
        assert isinstance(self, discord.ui.DynamicItem), "a table component is a DynamicItem"
        if dict(interaction.data or {}).get("component_type") != self.item.type.value:
            raise UserError("That button is no longer active.")
        table = getattr(self, "table", None)  # the leaderboard's pages have none
        live = bot_of(interaction).service.table_in(interaction.guild_id, table) if table is not None else None
        if live is not None and interaction.message is not None and left_behind(interaction, live):
            await bot_of(interaction).presenter.retire(live, interaction.message.id)
            raise UserError("That table message is out of date: the table is in its newest message in this channel.")
        await self._press(interaction)

    async def _press(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError
