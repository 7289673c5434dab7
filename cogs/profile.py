"""/profile [member]: a member's card on this server (``bot.service.seasons.profile``): games, hands and
ratings as /stats shows them, season places and achievements, as a picture and a line of text."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import registry
from bot.adapter.member_text import member_name, shown
from bot.adapter.protocol import Cardroom
from bot.registry import game_names
from bot.service.seasons.profile import profile_text, profile_view
from images.profile_card import render_profile_card


class ProfileCog(commands.Cog):
    """Reads one server's records, so it is registered server-only."""

    def __init__(self, bot: Cardroom):
        self.bot = bot

    @app_commands.guild_only()
    @app_commands.command(name="profile", description="A player's card: games, ratings, seasons and achievements")
    @app_commands.describe(member="Whose card (default: yours)")
    async def profile(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        assert interaction.guild_id is not None
        who = member or interaction.user
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = await profile_view(self.bot.storage, interaction.guild_id, who.id, member_name(who),
                                  {g: registry.game(g).title for g in game_names()}, self.bot.service.clock())
        picture = await self.bot.presenter.picture(render_profile_card, view, filename="profile.png")
        await interaction.followup.send(f"**{shown(view['player'])}** · {shown(profile_text(view))}"[:2000], file=picture,
                                        ephemeral=True)


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(ProfileCog(bot))
