"""What the poker games' cogs add for cash tables: the table's minimum and maximum buy-in chosen at
``create`` (``cash_limits``), and the commands ``rebuy``, ``topup`` and ``auto-rebuy`` (``CashCog``);
the buttons Rebuy, Top up and Auto-rebuy do the same with the table's defaults
(``move_buttons.TableButton``)."""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.adapter.cogs.game import GameCog
from bot.errors import UserError
from bot.service.table.seats import MAX_IN_MINIMUMS


def cash_limits(options: dict[str, Any], mode: str, minimum: int, min_buy_in: int | None,
                max_buy_in: int | None, buy_in: int | None) -> dict[str, Any]:
    """The ``create`` command's ``options`` with the table's buy-in range: the host's ``min_buy_in``
    and ``max_buy_in``, else the game's ``minimum`` at these stakes and ``MAX_IN_MINIMUMS`` of it
    (``TableSettings.chosen`` refuses a maximum under the minimum). The table's default buy-in
    (the options' ``buy_in``, when the host chose none) is kept inside the range. A tournament has
    one buy-in for everyone, and no range."""
    if mode == "tournament":
        if min_buy_in is not None or max_buy_in is not None:
            raise UserError("A tournament has one buy-in for everyone (`buy_in`): leave out min_buy_in and "
                            "max_buy_in.")
        return options
    low = minimum if min_buy_in is None else min_buy_in
    high = MAX_IN_MINIMUMS * minimum if max_buy_in is None else max_buy_in
    limited = {**options, "min_buy_in": low, "max_buy_in": high}
    if buy_in is None:
        limited["buy_in"] = min(max(int(options["buy_in"]), low), high)
    return limited


class CashCog(GameCog):
    """A poker game's cog whose tables may be cash games: the lobby commands, and chips between hands."""

    @app_commands.command(name="rebuy", description="Buy in again when your stack is gone")
    @app_commands.describe(amount="Chips from your wallet (default: the table's buy-in)")
    async def rebuy(self, interaction: discord.Interaction,
                    amount: app_commands.Range[int, 1, 10**9] | None = None) -> None:
        live = self._table(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(await live.commands.rebuy(interaction.user.id, amount),
                                        ephemeral=True)

    @app_commands.command(name="topup", description="Add chips to your stack, up to the table's maximum")
    @app_commands.describe(amount="Chips from your wallet (default: as many as the maximum allows)")
    async def topup(self, interaction: discord.Interaction,
                    amount: app_commands.Range[int, 1, 10**9] | None = None) -> None:
        live = self._table(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(await live.commands.top_up(interaction.user.id, amount),
                                        ephemeral=True)

    @app_commands.command(name="auto-rebuy",
                          description="Buy in again by yourself when a hand leaves you without chips (a toggle)")
    @app_commands.describe(amount="Chips each time (turns it on; default: the table's buy-in)")
    async def auto_rebuy(self, interaction: discord.Interaction,
                         amount: app_commands.Range[int, 1, 10**9] | None = None) -> None:
        live = self._table(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(await live.commands.auto_rebuy(interaction.user.id, amount),
                                        ephemeral=True)
