"""/web: the server's web page (``bot.web``), off until a manager turns it on; its link for everyone. The
switches go through the table service's ``web_links``, so the links under finished hands follow them at once."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter.protocol import Cardroom
from bot.service.web_links import site_url

OFF = "This server's web page is off. A member with Manage Server turns it on with `/web enable`."


@app_commands.guild_only()
class Web(commands.GroupCog, group_name="web", description="This server's web page: leaderboard, tables, replays"):
    """Every answer is private: a private page's link is given to the member who asked."""

    def __init__(self, bot: Cardroom):
        self.bot = bot

    @app_commands.command(name="enable", description="Turn this server's web page on (Manage Server)")
    @app_commands.describe(public="Anyone with the server's id may open it (otherwise only its secret link)",
                           new_link="Draw a new secret link: every link given out before stops working")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def enable(self, interaction: discord.Interaction, public: bool = False, new_link: bool = False) -> None:
        assert interaction.guild_id is not None
        site = await self.bot.service.web_links.switch(interaction.guild_id, enabled=True, public=public,
                                                       new_link=new_link)
        how = "public: the server's id opens it" if site.public else "private: only this link opens it"
        await interaction.response.send_message(f"This server's web page is on ({how}): {site_url(site)}\n"
                                                "It shows the leaderboard, players, tables with their hand "
                                                "replays and ledgers, tournaments and bridge events.",
                                                ephemeral=True)

    @app_commands.command(name="disable", description="Turn this server's web page off (Manage Server)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def disable(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        if await self.bot.service.web_links.site(interaction.guild_id) is not None:
            await self.bot.service.web_links.switch(interaction.guild_id, enabled=False)
        await interaction.response.send_message("This server's web page is off: its links open nothing.",
                                                ephemeral=True)

    @app_commands.command(name="link", description="The link to this server's web page")
    async def link(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        site = await self.bot.service.web_links.served(interaction.guild_id)
        text = OFF if site is None else f"This server's web page: {site_url(site)}"
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(Web(bot))
