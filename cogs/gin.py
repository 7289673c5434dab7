"""/gin: gin rummy for two players, or one player against the computer (``/gin add-bot``).

Moves come from the generic table buttons; this cog adds the settings of ``create`` and the score
sheet (``/gin score``). Select options read from the game's ``choice_label`` (a layoff names the meld
it goes on: ``images/choice_labels.py``).
"""
from __future__ import annotations

import asyncio
import io
from typing import Any, Literal

import discord
from discord import app_commands

from bot.adapter.cogs.game import GameCog
from bot.adapter.member_text import shown
from bot.adapter.protocol import Cardroom
from bot.errors import UserError
from bot.games.gin import gin_settings
from images.gin import render_scores


class Gin(GameCog, group_name="gin", group_description="Gin rummy"):
    game_name = "gin"

    @app_commands.command(name="create", description="Open a gin rummy table in this channel")
    @app_commands.describe(target="Points that win a game (default 100; 250 in a best of five)",
                           knock_limit="Most deadwood points a player may knock with",
                           big_gin="Allow big gin (all 11 cards in melds)",
                           match="One game, or the first to win three games",
                           turn_seconds="Seconds each player has to act")
    async def create(self, interaction: discord.Interaction,
                     target: Literal[100, 250, 500] | None = None,
                     knock_limit: app_commands.Range[int, 0, 10] = 10,
                     big_gin: bool = True,
                     match: Literal["game", "best-of-five"] = "game",
                     turn_seconds: app_commands.Range[int, 15, 600] = 90) -> None:
        if target is None:
            target = gin_settings({"match": match})["target"]
        await self.open_table(interaction, {"target": target, "knock_limit": knock_limit, "big_gin": big_gin,
                                            "match": match, "turn_seconds": turn_seconds})

    @app_commands.command(name="score", description="Show the score sheet of this channel's gin table")
    async def score(self, interaction: discord.Interaction) -> None:
        view = self._table(interaction).public_view()
        if view is None:
            raise UserError("No hand has been dealt at this table yet.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        png = await asyncio.to_thread(render_scores, view)
        await interaction.followup.send(shown(_score_line(view)), file=discord.File(io.BytesIO(png), "scores.png"),
                                        ephemeral=True)



def _score_line(view: dict[str, Any]) -> str:
    """The sheet in one line of text, for readers without images."""
    score = view["score"]
    names = [p["name"] for p in view["players"]]
    text = (f"Game {score['game_no']} to {score['target']}: {names[0]} {score['points'][0]}, "
            f"{names[1]} {score['points'][1]} (hands won {score['hands_won'][0]}–{score['hands_won'][1]}).")
    if view.get("result"):
        text += f" Last hand: {view['result']}"
    return text


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(Gin(bot))
