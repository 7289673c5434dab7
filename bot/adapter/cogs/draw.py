"""What the draw games' cogs share (five-card draw, 2-7 triple draw, 2-7 single draw, badugi): table
settings from blinds, an ante, the buy-in, turn time, and cash game or sit-and-go (``blind_settings``);
and the ``create`` command of the fixed-limit triple-draw games (``LimitDrawCog``)."""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.adapter.cogs.cash import CashCog, cash_limits
from bot.adapter.cogs.poker import tournament_settings
from bot.errors import UserError


def blind_settings(small_blind: int, big_blind: int, ante: int, buy_in: int | None, turn_seconds: int,
                   mode: str, level_hands: int, min_buy_in: int | None, max_buy_in: int | None,
                   **options: object) -> dict[str, object]:
    """A draw table's settings from the create options (``options``: the game's own, such as the
    limit); by default a buy-in of 100 big blinds, at least 10."""
    if big_blind < small_blind:
        raise UserError("The big blind can't be smaller than the small blind.")
    settings: dict[str, object] = {**options, "small_blind": small_blind, "big_blind": big_blind, "ante": ante,
                                   "buy_in": 100 * big_blind, "turn_seconds": turn_seconds}
    settings |= tournament_settings(mode, level_hands, buy_in or 100 * big_blind, 10 * big_blind)
    return cash_limits(settings, mode, 10 * big_blind, min_buy_in, max_buy_in, buy_in)


class LimitDrawCog(CashCog):
    """A fixed-limit triple-draw game's cog (2-7 triple draw, badugi): subclasses set ``game_name``
    and the group."""

    @app_commands.command(name="create", description="Open a table of this draw game in this channel")
    @app_commands.describe(small_blind="Small blind",
                           big_blind="Big blind: the small bet of the first two rounds (the big bet is twice that)",
                           buy_in="Your buy-in from your wallet (a tournament: everyone's starting stack)",
                           mode="Cash game, or a sit-and-go tournament with rising stakes",
                           level_hands="Tournament: hands per level", turn_seconds="Seconds each player has to act",
                           min_buy_in="Cash game: the least a player buys in for (default 10 big blinds)",
                           max_buy_in="Cash game: the most a stack may hold by buying in (default 250 big blinds)")
    async def create(self, interaction: discord.Interaction,
                     small_blind: app_commands.Range[int, 1, 10**6] = 5,
                     big_blind: app_commands.Range[int, 2, 10**6] = 10,
                     buy_in: app_commands.Range[int, 1, 10**9] | None = None,
                     turn_seconds: app_commands.Range[int, 15, 600] = 60,
                     mode: Literal["cash", "tournament"] = "cash",
                     level_hands: app_commands.Range[int, 1, 100] = 10,
                     min_buy_in: app_commands.Range[int, 1, 10**9] | None = None,
                     max_buy_in: app_commands.Range[int, 1, 10**9] | None = None) -> None:
        settings = blind_settings(small_blind, big_blind, 0, buy_in, turn_seconds, mode, level_hands,
                                  min_buy_in, max_buy_in)
        await self.open_table(interaction, settings, buy_in)
