"""/draw: five-card draw tables (no-limit, pot-limit, fixed-limit; blinds or antes)."""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.client import CardroomBot
from bot.game_cog import GameCog


class Draw(GameCog, group_name="draw", group_description="Five-card draw"):
    game_name = "draw"

    @app_commands.command(name="create", description="Open a five-card draw table in this channel")
    @app_commands.describe(limit="Betting structure", forced="Blinds, or antes only",
                           small_blind="Small blind", big_blind="Big blind (also the minimum bet)",
                           ante="Ante per player (needed with antes only)", buy_in="Your buy-in from your wallet",
                           turn_seconds="Seconds each player has to act")
    async def create(self, interaction: discord.Interaction,
                     limit: Literal["no-limit", "pot-limit", "fixed-limit"] = "no-limit",
                     forced: Literal["blinds", "antes"] = "blinds",
                     small_blind: app_commands.Range[int, 1, 10**6] = 5,
                     big_blind: app_commands.Range[int, 2, 10**6] = 10,
                     ante: app_commands.Range[int, 0, 10**6] = 0,
                     buy_in: app_commands.Range[int, 1, 10**9] | None = None,
                     turn_seconds: app_commands.Range[int, 15, 600] = 60) -> None:
        problem = None
        if big_blind < small_blind:
            problem = "The big blind can't be smaller than the small blind."
        elif forced == "antes" and ante == 0:
            problem = "A game with antes only needs an ante: add `ante:` with at least 1 chip."
        if problem:
            await interaction.response.send_message(problem, ephemeral=True)
            return
        settings = {"limit": limit, "forced": forced, "small_blind": small_blind, "big_blind": big_blind,
                    "ante": ante, "buy_in": 100 * big_blind, "turn_seconds": turn_seconds}
        await self.open_table(interaction, settings, buy_in)


async def setup(bot: CardroomBot) -> None:
    await bot.add_cog(Draw(bot))
