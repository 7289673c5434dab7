"""The ``create`` command the stud games share (seven-card stud, razz, stud hi-lo): fixed-limit
stakes from the small bet, ante, bring-in, buy-in, turn time, and cash game or sit-and-go."""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.adapter.cogs.cash import CashCog, cash_limits
from bot.adapter.cogs.poker import tournament_settings


class StudCog(CashCog):
    """A stud game's cog: subclasses set ``game_name`` and the group."""

    @app_commands.command(name="create", description="Open a table of this stud game in this channel")
    @app_commands.describe(small_bet="Bet size on third and fourth street (the big bet is twice that)",
                           ante="Ante per player (0 for none)",
                           bring_in="Forced bet of the door card that brings in (stud: the lowest; razz: the highest)",
                           buy_in="Your buy-in from your wallet (a tournament: everyone's starting stack)",
                           mode="Cash game, or a sit-and-go tournament with rising stakes",
                           level_hands="Tournament: hands per level", turn_seconds="Seconds each player has to act",
                           min_buy_in="Cash game: the least a player buys in for (default 10 small bets)",
                           max_buy_in="Cash game: the most a stack may hold by buying in (default 250 small bets)")
    async def create(self, interaction: discord.Interaction,
                     small_bet: app_commands.Range[int, 2, 10**6] = 5,
                     ante: app_commands.Range[int, 0, 10**6] = 1,
                     bring_in: app_commands.Range[int, 1, 10**6] = 2,
                     buy_in: app_commands.Range[int, 1, 10**9] | None = None,
                     turn_seconds: app_commands.Range[int, 15, 600] = 60,
                     mode: Literal["cash", "tournament"] = "cash",
                     level_hands: app_commands.Range[int, 1, 100] = 10,
                     min_buy_in: app_commands.Range[int, 1, 10**9] | None = None,
                     max_buy_in: app_commands.Range[int, 1, 10**9] | None = None) -> None:
        if bring_in >= small_bet:  # a bring-in of the whole small bet would leave nothing to complete
            await interaction.response.send_message("The bring-in must be smaller than the small bet.",
                                                    ephemeral=True)
            return
        settings: dict[str, object] = {"small_bet": small_bet, "big_bet": 2 * small_bet, "ante": ante, "bring_in": bring_in,
                    "buy_in": 40 * small_bet, "min_buy_in": 10 * small_bet, "turn_seconds": turn_seconds}
        settings |= tournament_settings(mode, level_hands, buy_in or 40 * small_bet, 10 * small_bet)
        settings = cash_limits(settings, mode, 10 * small_bet, min_buy_in, max_buy_in, buy_in)
        await self.open_table(interaction, settings, buy_in)
