"""/saint: Saint Poker for 2-5 players: eight rounds of simultaneous private choices, no betting.

Every choice (the river card, the two cards to reveal, the pickups) is a select opened from the
table's buttons; the engine keeps each choice hidden until every player has made theirs.
"""
from __future__ import annotations

import discord
from discord import app_commands

from bot.adapter.cogs.game import GameCog
from bot.adapter.protocol import Cardroom


class Saint(GameCog, group_name="saint", group_description="Saint Poker"):
    game_name = "saint"

    @app_commands.command(name="create", description="Open a Saint Poker table in this channel (2-5 players)")
    @app_commands.describe(turn_seconds="Seconds each player has for a choice")
    async def create(self, interaction: discord.Interaction,
                     turn_seconds: app_commands.Range[int, 15, 600] = 90) -> None:
        await self.open_table(interaction, {"turn_seconds": turn_seconds})


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(Saint(bot))
