"""/squared: Poker Squared, a match of 27 (or 18, or 9) rounds between two players, or one player
and the computer (``/squared add-bot``).

Placing a card is a "card@cell" choice: the generic UI gives one private select per card in hand,
whose options are the empty cells of the presser's grid. Betting uses the generic buttons. Turn
times come from the engine (2 minutes to place, 1 to bet), so ``create`` sets none.
"""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.adapter.cogs.game import GameCog
from bot.adapter.protocol import Cardroom

class Squared(GameCog, group_name="squared", group_description="Poker Squared"):
    game_name = "squared"

    @app_commands.command(name="create", description="Open a Poker Squared table in this channel")
    @app_commands.describe(rounds="Rounds in the match: 27 (three grids), 18 or 9 (one grid)")
    async def create(self, interaction: discord.Interaction, rounds: Literal[27, 18, 9] = 27) -> None:
        await self.open_table(interaction, {"rounds": rounds})



async def setup(bot: Cardroom) -> None:
    await bot.add_cog(Squared(bot))
