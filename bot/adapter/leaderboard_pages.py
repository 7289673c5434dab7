"""``/leaderboard`` as a picture with Previous / Next buttons.

A page button's custom_id carries the server, the game, the period, the page, the member who asked
and the minute the board was made: a press from another server (a forged or copied id) is refused,
so is one on a board older than ``STALE_MINUTES`` or a page that no longer exists. The member who
asked turns the pages of the message itself; anyone else who presses gets that page privately, with
their own line on it.
"""
from __future__ import annotations

import re
from typing import Any
import time

import discord

from bot import registry
from bot.adapter.seat.checks import TableComponent, bot_of
from bot.adapter.member_text import member_name, shown
from bot.errors import UserError
from bot.service.table.live import LiveTable
from bot.service.stats.leaderboard import PERIOD_TITLES, PERIODS, Page, leaderboard, leaderboard_view
from images.leaderboard import render_leaderboard

STALE_MINUTES = 15
ALL_GAMES = "all"


async def leaderboard_reply(interaction: discord.Interaction, game: str, period: str,
                            number: int) -> tuple[str, discord.File, discord.ui.View, Page]:
    """The text, picture and buttons of one page for the member who pressed or asked."""
    bot = bot_of(interaction)
    guild_id, caller = interaction.guild_id, interaction.user.id
    assert guild_id is not None
    page = await leaderboard(bot.storage, guild_id, None if game == ALL_GAMES else game, period, caller,
                             number, time.time())
    shown_lines = [standing for _, standing in page.lines] + ([page.own[1]] if page.own else [])
    ids = [standing.user_id for standing in shown_lines]
    names = await bot.storage.player_names(guild_id, ids)
    guild = interaction.guild
    for user_id in ids:
        member = guild.get_member(user_id) if guild is not None else None
        if member is not None:
            names[user_id] = member_name(member)
    title = "Leaderboard · " + ("every game" if game == ALL_GAMES else registry.game(game).title) \
        + " · " + PERIOD_TITLES[period]
    file = await bot.presenter.picture(render_leaderboard, leaderboard_view(page, names, title, caller),
                                       filename="leaderboard.png")
    mine = next(((rank, s) for rank, s in [*page.lines, *([page.own] if page.own else [])]
                 if s.user_id == caller), None)
    text = f"**{title}** · page {page.number} of {page.pages}"
    if page.lines:
        text += f" · first: {shown(names.get(page.lines[0][1].user_id, 'a member'))}"
    text += f" · you: #{mine[0]}, {mine[1].chips_won:+d} chips" if mine else " · you have no deals in this period"
    made = int(bot.presenter.clock() // 60)  # the clock a message's age is read against
    view = discord.ui.View(timeout=None)
    for label, target, enabled in (("Previous", page.number - 1, page.number > 1),
                                   ("Next", page.number + 1, page.number < page.pages)):
        button = PageButton(guild_id, game, period, max(target, 1), caller, made, label)
        button.item.disabled = not enabled
        view.add_item(button)
    return text, file, view, page


class PageButton(TableComponent, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                 template=r"cr:lb:(?P<guild>[0-9]+):(?P<game>[a-z-]+):(?P<period>week|month|all):"
                          r"(?P<page>[0-9]{1,6}):(?P<owner>[0-9]+):(?P<made>[0-9]+)"):
    """Previous or Next under a leaderboard picture."""

    def __init__(self, guild: int, game: str, period: str, page: int, owner: int, made: int, label: str):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"cr:lb:{guild}:{game}:{period}:{page}:{owner}:{made}"))
        self.guild, self.game, self.period, self.page = guild, game, period, page
        self.owner, self.made = owner, made

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "PageButton":
        return cls(int(match["guild"]), match["game"], match["period"], int(match["page"]), int(match["owner"]),
                   int(match["made"]), getattr(item, "label", None) or "")

    async def _press(self, interaction: discord.Interaction, live: LiveTable | None) -> None:
        if interaction.guild_id != self.guild:
            raise UserError("That leaderboard belongs to another server.")
        if self.game != ALL_GAMES and self.game not in registry.game_names() or self.period not in PERIODS:
            raise UserError("That button is no longer active.")
        if bot_of(interaction).presenter.clock() // 60 - self.made > STALE_MINUTES:
            raise UserError(f"That leaderboard is more than {STALE_MINUTES} minutes old: use /leaderboard again.")
        owner = interaction.user.id == self.owner
        await interaction.response.defer(ephemeral=not owner, thinking=not owner)
        text, file, view, page = await leaderboard_reply(interaction, self.game, self.period, self.page)
        if page.number != self.page:
            raise UserError("The leaderboard has fewer pages now: use /leaderboard again.")
        none = discord.AllowedMentions.none()
        if owner:
            await interaction.edit_original_response(content=text, attachments=[file], view=view, allowed_mentions=none)
        else:
            await interaction.followup.send(text, file=file, view=view, ephemeral=True, allowed_mentions=none)
