"""/omaha: Omaha tables (pot-limit by default, no-limit, fixed-limit).

``OmahaTables`` holds the ``create`` command both Omaha games share; ``cogs/omaha_hilo.py`` reuses it
for /omaha-hilo.
"""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.client import CardroomBot
from bot.game_cog import GameCog


class OmahaTables(GameCog):
    """The ``create`` command of an Omaha game; subclasses name the game and its command group."""

    @app_commands.command(name="create", description="Open a table in this channel (pot-limit unless you choose)")
    @app_commands.describe(limit="Betting structure", small_blind="Small blind", big_blind="Big blind",
                           ante="Ante per player (0 for none)", buy_in="Your buy-in from your wallet",
                           turn_seconds="Seconds each player has to act")
    async def create(self, interaction: discord.Interaction,
                     limit: Literal["pot-limit", "no-limit", "fixed-limit"] = "pot-limit",
                     small_blind: app_commands.Range[int, 1, 10**6] = 5,
                     big_blind: app_commands.Range[int, 2, 10**6] = 10,
                     ante: app_commands.Range[int, 0, 10**6] = 0,
                     buy_in: app_commands.Range[int, 1, 10**9] | None = None,
                     turn_seconds: app_commands.Range[int, 15, 600] = 60) -> None:
        if big_blind < small_blind:
            await interaction.response.send_message("The big blind can't be smaller than the small blind.",
                                                    ephemeral=True)
            return
        settings = {"limit": limit, "small_blind": small_blind, "big_blind": big_blind, "ante": ante,
                    "buy_in": 100 * big_blind, "turn_seconds": turn_seconds}
        await self.open_table(interaction, settings, buy_in)


class Omaha(OmahaTables, group_name="omaha", group_description="Omaha: four hole cards, play exactly two"):
    game_name = "omaha"


async def setup(bot: CardroomBot) -> None:
    await bot.add_cog(Omaha(bot))
