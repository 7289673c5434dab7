"""Replays on Discord: a private message that steps through a finished deal, and its whole animation.

``/replay`` and the Replay button under a finished hand open it; First / Back / Next / Last edit it
in place, Animation attaches the deal as one GIF. Each copy is ephemeral and drawn from the engine's
views as rebuilt by ``bot.service.table.replays``: the public view at each step, or, for the member who
held a seat, that seat's own view. Pictures are drawn in the render pool. A button's custom_id
carries the table, the hand and the step it shows, so a replay works after a restart, and a press
naming another server's table reads as no such hand.
"""
from __future__ import annotations

import re
from typing import Any

import discord

from bot.adapter.seat.checks import TableComponent, bot_of, guarded
from bot.adapter.member_text import plain, shown
from bot.adapter.table.message import EDIT_CAP
from bot.errors import UserError
from bot.service.table.live import LiveTable
from bot.registry import game
from bot.service.table.replays import Replay
from images.animation import animate

MOVES = {"first": "⏮ First", "back": "◀ Back", "next": "Next ▶", "last": "Last ⏭"}
LABELS = {**MOVES, "anim": "Animation", "open": "Replay"}


def target_step(what: str, step: int, last: int) -> int:
    """The step a move button leads to from ``step``."""
    return {"first": 0, "back": max(step - 1, 0), "next": min(step + 1, last), "last": last}[what]


def footer(replay: Replay, step: int) -> str:
    return f"Replay · table #{replay.table_id} · hand #{replay.hand_no} · step {step}/{replay.last}"


def replay_text(replay: Replay, step: int, own_seat: bool) -> str:
    """The message above the picture: where in the deal, the action that led there, and at the end the
    outcome; names are members' text, shown as typed."""
    title = game(replay.game).title
    lines = [f"**Replay** · {title} table #{replay.table_id}, hand #{replay.hand_no} · step {step} of {replay.last}"]
    if own_seat:
        lines.append("Your own cards are shown: this copy is yours alone.")
    lines += [f"> {shown(plain(line, 300))}" for line in replay.steps[step].lines[-6:]]
    if step == replay.last:
        lines.append(f"**Outcome:** {shown(plain(replay.summary, 600))}")
    return "\n".join(lines)[:1900]


def replay_view(replay: Replay, step: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for what in MOVES:
        button = ReplayButton(replay.table_id, replay.hand_no, step, what)
        button.item.disabled = target_step(what, step, replay.last) == step
        view.add_item(button)
    view.add_item(ReplayButton(replay.table_id, replay.hand_no, step, "anim"))
    view.stop()  # answered by custom_id alone: no view store entry, no timer
    return view


async def _load(interaction: discord.Interaction, table: int, hand: int) -> Replay:
    return await bot_of(interaction).service.replays.load(interaction.guild_id, table, hand)


async def _picture(interaction: discord.Interaction, replay: Replay, step: int) -> tuple[str, discord.File]:
    """The step's text and picture as the presser may see it."""
    seat = replay.seat_of(interaction.user.id)
    view = replay.steps[step].view(seat)
    file = await bot_of(interaction).presenter.picture(game(replay.game).render_table, view, footer(replay, step),
                                                        filename="replay.png")
    return replay_text(replay, step, seat is not None), file


async def open_replay(interaction: discord.Interaction, table: int, hand: int) -> None:
    """A new private replay at the deal's start (``/replay``, or the Replay button of a finished hand)."""
    replay = await _load(interaction, table, hand)
    await interaction.response.defer(ephemeral=True, thinking=True)
    content, file = await _picture(interaction, replay, 0)
    await interaction.followup.send(content, file=file, view=replay_view(replay, 0), ephemeral=True)


async def send_animation(interaction: discord.Interaction, replay: Replay) -> None:
    """The whole deal as one GIF, privately, from the views the presser may see."""
    seat = replay.seat_of(interaction.user.id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    views = [step.view(seat) for step in replay.steps]
    footers = [footer(replay, index) for index in range(len(views))]
    file = await bot_of(interaction).presenter.picture(animate, views, game(replay.game).render_table, footers,
                                                        filename=f"replay-table{replay.table_id}-hand{replay.hand_no}.gif")
    await interaction.followup.send(f"Hand #{replay.hand_no} at table #{replay.table_id}, step by step.",
                                    file=file, ephemeral=True)


class ReplayButton(TableComponent, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                   template=r"cr:r:(?P<table>[0-9]+):(?P<hand>[0-9]+):(?P<step>[0-9]+):(?P<what>[a-z]+)"):
    """First / Back / Next / Last and Animation under a replay; Replay under a finished hand."""

    def __init__(self, table: int, hand: int, step: int, what: str):
        label = f"Replay hand #{hand}" if what == "open" else LABELS.get(what, what)
        style = discord.ButtonStyle.primary if what in ("open", "anim") else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"cr:r:{table}:{hand}:{step}:{what}"))
        self.table, self.hand, self.step, self.what = table, hand, step, what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "ReplayButton":
        return cls(int(match["table"]), int(match["hand"]), int(match["step"]), match["what"])

    async def _press(self, interaction: discord.Interaction, live: LiveTable | None) -> None:
        if self.what == "open":
            await open_replay(interaction, self.table, self.hand)
            return
        replay = await _load(interaction, self.table, self.hand)
        if self.step > replay.last or self.what not in LABELS:
            raise UserError("That replay button is out of date: open the replay again with /replay.")
        if self.what == "anim":
            await send_animation(interaction, replay)
            return
        step = target_step(self.what, self.step, replay.last)
        await interaction.response.defer()
        content, file = await _picture(interaction, replay, step)
        try:
            await interaction.edit_original_response(content=content, attachments=[file], view=replay_view(replay, step))
        except discord.HTTPException as error:
            if error.code != EDIT_CAP:
                raise
            file.reset()  # a replay too old to edit: the step comes as a new private message
            await interaction.followup.send(content, file=file, view=replay_view(replay, step), ephemeral=True)


async def replay_command(interaction: discord.Interaction, table: int, hand: int) -> None:
    """``/replay table hand``: refusals are private, like a button's."""
    await guarded(interaction, open_replay(interaction, table, hand))
