"""Register and Unregister under a tournament's announcement, and Pause or Resume for its managers.
A press answers through its own interaction: the announcement updated in place and a private line to
the presser, neither counted against the bot's 50 requests a second; when the announcement is too old
to edit, the line alone (``DiscordMttPresenter.answer_press``): what was done is said whatever happens
to the message. The custom_id names the tournament, so the buttons work after a restart, and a press
naming another server's tournament reads as a finished one."""
from __future__ import annotations

import re
from typing import Any

import discord

from bot.adapter.seat.checks import bot_of, guarded
from bot.adapter.member_text import member_name
from bot.errors import UserError
from bot.service.tournament.multi_table import Tournament

LABELS = {"register": "Register", "unregister": "Unregister", "pause": "Pause", "resume": "Resume"}

MANAGERS = "Only a member with Manage Server{role} can do that for a tournament."


def is_manager(interaction: discord.Interaction, role: int | None) -> bool:
    perms = interaction.permissions
    roles = {r.id for r in getattr(interaction.user, "roles", [])}
    return bool(perms and perms.manage_guild) or (role is not None and role in roles)


def require_manager(interaction: discord.Interaction, mtt: Tournament | None, role: int | None = None) -> None:
    role = mtt.settings.manager_role if mtt is not None and mtt.settings.manager_role else role
    if not is_manager(interaction, role):
        raise UserError(MANAGERS.format(role=f" or the <@&{role}> role" if role else ""))


def mtt_view(mtt: Tournament) -> discord.ui.View:
    """Register and Unregister while registration is open (Unregister until the start)."""
    view = discord.ui.View(timeout=None)
    if mtt.registration_open():
        view.add_item(MttButton(mtt.id, "register"))
        if mtt.row.status == "registering":
            view.add_item(MttButton(mtt.id, "unregister"))
    if mtt.row.status == "playing":  # for managers: anyone else is told who may
        view.add_item(MttButton(mtt.id, "resume" if mtt.paused() else "pause"))
    view.stop()  # answered by custom_id alone: no view store entry, no timer
    return view


def running(interaction: discord.Interaction, mtt_id: int) -> Tournament:
    """The tournament a button names, if it is this server's and under way."""
    mtts = bot_of(interaction).service.mtts
    mtt = mtts.running.get(mtt_id)
    if mtt is None or mtt.row.guild_id != interaction.guild_id:
        raise UserError("That tournament is over.")
    return mtt


class MttButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"cr:t:(?P<mtt>[0-9]+):(?P<what>[a-z]+)"):
    def __init__(self, mtt: int, what: str):
        style = discord.ButtonStyle.success if what == "register" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=LABELS.get(what, what), style=style, custom_id=f"cr:t:{mtt}:{what}"))
        self.mtt, self.what = mtt, what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "MttButton":
        return cls(int(match["mtt"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._press(interaction))

    async def _press(self, interaction: discord.Interaction) -> None:
        if dict(interaction.data or {}).get("component_type") != self.item.type.value or self.what not in LABELS:
            raise UserError("That button is no longer active.")
        mtt = running(interaction, self.mtt)
        mtts = bot_of(interaction).service.mtts
        if self.what == "register":
            said = await mtts.register(mtt, interaction.user.id, member_name(interaction.user))
        elif self.what == "unregister":
            said = await mtts.unregister(mtt, interaction.user.id)
        else:
            require_manager(interaction, mtt)
            said = await (mtts.pause(mtt) if self.what == "pause" else mtts.resume(mtt))
        await bot_of(interaction).mtt_presenter.answer_press(mtt, interaction, said)
