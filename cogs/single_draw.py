"""/single-draw: no-limit 2-7 single draw tables."""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.adapter.cogs.cash import CashCog
from bot.adapter.cogs.draw import blind_settings
from bot.adapter.protocol import Cardroom


class SingleDraw(CashCog, group_name="single-draw", group_description="2-7 single draw (no limit)"):
    game_name = "single-draw"

    @app_commands.command(name="create", description="Open a no-limit 2-7 single draw table in this channel")
    @app_commands.describe(small_blind="Small blind", big_blind="Big blind (also the minimum bet)",
                           ante="Ante (0 for none): every player's, or the big blind's alone (ante_kind)",
                           ante_kind="Who antes: every player, or the big blind for the table (tournaments' default)",
                           buy_in="Your buy-in from your wallet (a tournament: everyone's starting stack)",
                           mode="Cash game, or a sit-and-go tournament with rising stakes",
                           level_hands="Tournament: hands per level", turn_seconds="Seconds each player has to act",
                           min_buy_in="Cash game: the least a player buys in for (default 10 big blinds)",
                           max_buy_in="Cash game: the most a stack may hold by buying in (default 250 big blinds)")
    async def create(self, interaction: discord.Interaction,
                     small_blind: app_commands.Range[int, 1, 10**6] = 5,
                     big_blind: app_commands.Range[int, 2, 10**6] = 10,
                     ante: app_commands.Range[int, 0, 10**6] = 0,
                     ante_kind: Literal["every player", "big blind"] | None = None,
                     buy_in: app_commands.Range[int, 1, 10**9] | None = None,
                     turn_seconds: app_commands.Range[int, 15, 600] = 60,
                     mode: Literal["cash", "tournament"] = "cash",
                     level_hands: app_commands.Range[int, 1, 100] = 10,
                     min_buy_in: app_commands.Range[int, 1, 10**9] | None = None,
                     max_buy_in: app_commands.Range[int, 1, 10**9] | None = None) -> None:
        kind = ante_kind or ("big blind" if mode == "tournament" else "every player")
        settings = blind_settings(small_blind, big_blind, ante, buy_in, turn_seconds, mode, level_hands,
                                  min_buy_in, max_buy_in, ante_kind=kind)
        await self.open_table(interaction, settings, buy_in)


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(SingleDraw(bot))
