"""/ledger: a session's chips per player (bought in, cashed out, net, hands, biggest pot) and the
fewest transfers that settle up, as a picture and a CSV file (``bot.service.money.ledger``)."""
from __future__ import annotations

import io
import time

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter.member_text import shown
from bot.adapter.protocol import Cardroom
from bot.service.money.ledger import channel_ledger, ledger_csv, ledger_view, method, table_ledger
from images.ledger import render_ledger


class LedgerCog(commands.Cog):
    """Reads one server's tables, so it is registered server-only."""

    def __init__(self, bot: Cardroom):
        self.bot = bot

    @app_commands.guild_only()
    @app_commands.command(name="ledger", description="Buy-ins, cash-outs and nets of a table, or of today's "
                                                      "tables here, and how to settle up")
    @app_commands.describe(table="The table's number (leave it out for this channel's tables of today)")
    async def ledger(self, interaction: discord.Interaction, table: app_commands.Range[int, 1] | None = None) -> None:
        assert interaction.guild_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        storage = self.bot.storage
        if table is None:
            found = await channel_ledger(storage, interaction.guild_id, interaction.channel_id or 0, time.time())
        else:
            found = await table_ledger(storage, interaction.guild_id, table)
        view = ledger_view(found)
        picture = await self.bot.presenter.picture(render_ledger, view, filename="ledger.png")
        name = f"ledger-table{found.tables[0]}.csv" if table is not None else "ledger-today.csv"
        sheet = discord.File(io.BytesIO(ledger_csv(found).encode("utf-8")), filename=name)
        settle = "\n".join(f"• {shown(line)}" for line in view["transfers"])
        await interaction.followup.send(f"**{shown(found.title)}**\n{method(found)}" + (f"\n{settle}" if settle else ""),
                                        files=[picture, sheet], ephemeral=True)


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(LedgerCog(bot))
