"""/replay: step through a finished deal of this server's tables, privately."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter.protocol import Cardroom
from bot.adapter.table.replay_buttons import replay_command


class Replay(commands.Cog):
    """The command opens the same private replay as a finished hand's Replay button."""

    def __init__(self, bot: Cardroom):
        self.bot = bot

    @app_commands.guild_only()
    @app_commands.command(name="replay", description="Step through a finished hand: the table at each "
                                                      "step, as you could see it")
    @app_commands.describe(table="The table's number", hand="The hand's number")
    async def replay(self, interaction: discord.Interaction, table: app_commands.Range[int, 1],
                     hand: app_commands.Range[int, 1]) -> None:
        await replay_command(interaction, table, hand)
        link = await self.bot.service.web_links.replay_link(interaction.guild_id, table, hand)
        if link is not None and interaction.response.is_done():  # the server's web page is on
            await interaction.followup.send(f"Step through it on the web: {link}", ephemeral=True)


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(Replay(bot))
