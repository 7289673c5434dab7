"""/presidential: Presidential Poker with the SIXCHEX deck (ante, open, draw 0-7, second interval).

Betting uses the generic table buttons and the draw the generic private select (with a "Choose
none" button to stand pat); this cog adds the settings of ``create``. A SIXCHEX code alone says
nothing, so each select option names the card's six symbols and the group of the player's current
rank it belongs to (the game's ``choice_label``, ``images/choice_labels.py``).
"""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.adapter.cogs.cash import CashCog
from bot.adapter.protocol import Cardroom

class Presidential(CashCog, group_name="presidential", group_description="Presidential Poker (SIXCHEX deck)"):
    game_name = "presidential"

    @app_commands.command(name="create", description="Open a Presidential Poker table in this channel")
    @app_commands.describe(limit="Betting structure", ante="Ante per player each deal (0 for none)",
                           small_bet="Bet of the first interval (the smallest bet unless fixed-limit)",
                           big_bet="Bet of the second interval (the smallest bet unless fixed-limit)",
                           buy_in="Your buy-in from your wallet",
                           turn_seconds="Seconds each player has to act")
    async def create(self, interaction: discord.Interaction,
                     limit: Literal["fixed-limit", "pot-limit", "no-limit"] = "fixed-limit",
                     ante: app_commands.Range[int, 0, 10**6] = 1,
                     small_bet: app_commands.Range[int, 1, 10**6] = 2,
                     big_bet: app_commands.Range[int, 1, 10**6] = 4,
                     buy_in: app_commands.Range[int, 1, 10**9] | None = None,
                     turn_seconds: app_commands.Range[int, 15, 600] = 60) -> None:
        if big_bet < small_bet:
            await interaction.response.send_message("The big bet can't be smaller than the small bet.",
                                                    ephemeral=True)
            return
        settings = {"limit": limit, "ante": ante, "small_bet": small_bet, "big_bet": big_bet,
                    "buy_in": 25 * big_bet, "min_buy_in": 5 * big_bet, "turn_seconds": turn_seconds}
        await self.open_table(interaction, settings, buy_in)


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(Presidential(bot))
