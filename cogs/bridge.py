"""/bridge: contract bridge for four (people or robots), rubber or duplicate scoring."""
from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.client import CardroomBot
from bot.game_cog import GameCog


class Bridge(GameCog, group_name="bridge", group_description="Contract bridge"):
    game_name = "bridge"

    @app_commands.command(name="create", description="Open a contract bridge table in this channel")
    @app_commands.describe(scoring="Rubber bridge, or duplicate (boards with set dealer and vulnerability)",
                           board="Duplicate only: the board number to start from (default 1)",
                           turn_seconds="Seconds each player has for a call or a card")
    async def create(self, interaction: discord.Interaction,
                     scoring: Literal["rubber", "duplicate"] = "rubber",
                     board: app_commands.Range[int, 1, 10**6] | None = None,
                     turn_seconds: app_commands.Range[int, 30, 900] = 120) -> None:
        if board is not None and scoring != "duplicate":
            await interaction.response.send_message(
                "A board number only applies to duplicate scoring; rubber bridge counts its own boards.",
                ephemeral=True)
            return
        settings: dict[str, Any] = {"scoring": scoring, "board": board, "turn_seconds": turn_seconds}
        await self.open_table(interaction, settings)


async def setup(bot: CardroomBot) -> None:
    await bot.add_cog(Bridge(bot))
