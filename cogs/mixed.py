"""/mixed: mixed-game tables (HORSE, 8-game, a host's own rotation, or dealer's choice; cash or
sit-and-go)."""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.adapter.cogs.cash import CashCog, cash_limits
from bot.adapter.cogs.poker import tournament_settings
from bot.adapter.protocol import Cardroom
from bot.errors import UserError
from bot.games import mixed_games
from bot.registry import game


class Mixed(CashCog, group_name="mixed", group_description="Mixed games: HORSE, 8-game, dealer's choice"):
    game_name = "mixed"

    @app_commands.command(name="create", description="Open a mixed-game table in this channel")
    @app_commands.describe(rotation="horse, 8-game, or games separated by commas (holdem-nl, omaha-pl, stud...)",
                           hands_per_game="Hands of each game before the next (0: one orbit); default 8",
                           choice="Rotate the games, or let the players choose one for each orbit, in turn from the button",
                           small_blind="The level's small blind", big_blind="The level's big blind (the small bet of "
                                                                            "fixed-limit games)",
                           buy_in="Your buy-in from your wallet (a tournament: everyone's starting stack)",
                           turn_seconds="Seconds each player has to act",
                           mode="Cash game, or a sit-and-go tournament whose level rises",
                           level_hands="Tournament: hands per level",
                           min_buy_in="The least a player buys in for (default 10 big blinds)",
                           max_buy_in="The most a stack may hold by buying in (default 250 big blinds)")
    async def create(self, interaction: discord.Interaction, rotation: str | None = None,
                     hands_per_game: app_commands.Range[int, 0, 100] = mixed_games.DEFAULT_HANDS,
                     choice: Literal["rotation", "dealer"] = "rotation",
                     small_blind: app_commands.Range[int, 1, 10**6] = 5,
                     big_blind: app_commands.Range[int, 2, 10**6] = 10,
                     buy_in: app_commands.Range[int, 1, 10**9] | None = None,
                     turn_seconds: app_commands.Range[int, 15, 600] = 60,
                     mode: Literal["cash", "tournament"] = "cash",
                     level_hands: app_commands.Range[int, 1, 100] = 10,
                     min_buy_in: app_commands.Range[int, 1, 10**9] | None = None,
                     max_buy_in: app_commands.Range[int, 1, 10**9] | None = None) -> None:
        if rotation is None:
            rotation = ",".join(mixed_games.GAMES) if choice == "dealer" else game("mixed").default_settings["rotation"]
        settings: dict[str, object] = {"rotation": rotation, "hands_per_game": hands_per_game, "choice": choice,
                                       "small_blind": small_blind, "big_blind": big_blind, "buy_in": 100 * big_blind,
                                       "turn_seconds": turn_seconds}
        try:
            mixed_games.level(settings)
            mixed_games.rotation(settings)
        except mixed_games.RotationError as refusal:
            raise UserError(str(refusal)) from refusal
        settings |= tournament_settings(mode, level_hands, buy_in or 100 * big_blind, 10 * big_blind)
        settings = cash_limits(settings, mode, 10 * big_blind, min_buy_in, max_buy_in, buy_in)
        await self.open_table(interaction, settings, buy_in)


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(Mixed(bot))
