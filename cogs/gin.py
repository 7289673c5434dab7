"""/gin: gin rummy for two players, or one player against the computer (``/gin add-bot``).

Moves come from the generic table buttons; this cog adds the settings of ``create``, the score sheet
(``/gin score``) and readable select options (a layoff names the meld it goes on).
"""
from __future__ import annotations

import asyncio
import io
from typing import Any, Literal

import discord
from discord import app_commands

from bot.adapter.game_cog import GameCog
from bot.adapter.member_text import shown
from bot.adapter.protocol import Cardroom
from bot.errors import UserError
from bot.games import gin_melds
from bot.games.cards import pretty
from bot.games.gin import gin_settings
from images.gin import render_scores


def choice_label(view: dict[str, Any], kind: str, value: str) -> str:
    """Select option text from the presser's own view: a layoff shows the meld it extends
    ("5♥ → meld 2 (2♥ 3♥ 4♥)"), a discard or knock the deadwood points it leaves."""
    if kind == "layoff":
        card, _, index = value.partition("@")
        meld = view["showdown"]["table"][int(index)]
        return f"{pretty(card)} → meld {int(index) + 1} ({' '.join(pretty(c) for c in meld)})"
    if kind in ("discard", "knock"):
        hand = view["players"][view["viewer"]]["cards"]
        left = gin_melds.deadwood_after_discards(hand)[value]
        return f"{pretty(value)} · leaves {left} deadwood"
    return pretty(value)


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

    def choice_label(self, view: dict[str, Any], kind: str, value: str) -> str:
        return choice_label(view, kind, value)


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
