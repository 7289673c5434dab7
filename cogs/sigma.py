"""/sigma: Sigma Poker for 2 to 6 players, fixed-limit or no-limit.

Betting uses the generic buttons. Placing a card: one button per option the engine offers
("Option 1: place it face down", "Option 2: ..."), each opening a private select of the legal
placements with readable labels; choosing one shows a picture of the result with Confirm and Back
before anything is sent (the words and the picture are the game's ``choice_label`` and
``choice_preview``, in ``images/choice_labels.py``).
"""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.adapter.cogs.cash import CashCog
from bot.adapter.protocol import Cardroom

class Sigma(CashCog, group_name="sigma", group_description="Sigma Poker"):
    game_name = "sigma"

    @app_commands.command(name="create", description="Open a Sigma Poker table in this channel")
    @app_commands.describe(limit="Betting structure", ante="Ante per player (0 for none)",
                           small_bet="Bet of the first stage (the second stage bets twice as much)",
                           buy_in="Your buy-in from your wallet (default 50 small bets)",
                           turn_seconds="Seconds each player has to act")
    async def create(self, interaction: discord.Interaction,
                     limit: Literal["fixed-limit", "no-limit"] = "fixed-limit",
                     ante: app_commands.Range[int, 0, 10**6] = 1,
                     small_bet: app_commands.Range[int, 1, 10**6] = 2,
                     buy_in: app_commands.Range[int, 1, 10**9] | None = None,
                     turn_seconds: app_commands.Range[int, 15, 600] = 60) -> None:
        settings = {"limit": limit, "ante": ante, "small_bet": small_bet, "buy_in": 50 * small_bet,
                    "min_buy_in": 10 * small_bet, "turn_seconds": turn_seconds}
        await self.open_table(interaction, settings, buy_in)




async def setup(bot: Cardroom) -> None:
    await bot.add_cog(Sigma(bot))
