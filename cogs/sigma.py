"""/sigma: Sigma Poker for 2 to 6 players, fixed-limit or no-limit.

Betting uses the generic buttons. Placing a card: one button per option the engine offers
("Option 1: place it face down", "Option 2: ..."), each opening a private select of the legal
placements with readable labels; choosing one shows a picture of the result with Confirm and Back
(``choice_preview``) before anything is sent.
"""
from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.adapter.game_cog import GameCog
from bot.adapter.protocol import Cardroom
from bot.games.sigma_shapes import Placement, card_size
from images.sigma import render_preview

HOW = {"1": "Face down", "2": "Face up", "3": "Third card, face down"}
TURNS = {0: "upright", 90: "quarter turn right", 180: "upside down", 270: "quarter turn left"}


def choice_label(view: dict[str, Any], kind: str, value: str) -> str:
    """A placement "2:90:0,1" reads "Face up · quarter turn right · columns 1–3, rows 2–3"."""
    try:
        placement = Placement.parse(value)
    except ValueError:
        return value
    width, height = card_size(placement.rotation)
    where = f"columns {placement.col + 1}–{placement.col + width}"
    if height < 3:
        where += f", rows {placement.row + 1}–{placement.row + height}"
    return f"{HOW.get(placement.option, placement.option)} · {TURNS.get(placement.rotation, '?')} · {where}"


def choice_preview(view: dict[str, Any], kind: str, value: str) -> bytes:
    """The presser's strip with the card laid at ``value`` (refused with the rule's reason if illegal)."""
    return render_preview(view, value)


class Sigma(GameCog, group_name="sigma", group_description="Sigma Poker"):
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

    def choice_label(self, view: dict[str, Any], kind: str, value: str) -> str:
        return choice_label(view, kind, value)

    def choice_preview(self, view: dict[str, Any], kind: str, value: str) -> bytes:
        return choice_preview(view, kind, value)


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(Sigma(bot))
