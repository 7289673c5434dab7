"""My seat: the table message's button that opens the presser's seat panel, their cards and their moves
in a message only they see (``seat_panels``)."""
from __future__ import annotations

import re
from typing import Any

import discord

from bot.adapter.seat.checks import TableComponent, bot_of, present
from bot.service.table.live import LiveTable


class SeatButton(TableComponent, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                 template=r"cr:seat:(?P<table>[0-9]+)"):
    """Opens (or opens afresh) the presser's seat panel."""

    def __init__(self, table: int):
        super().__init__(discord.ui.Button(label="My seat", style=discord.ButtonStyle.primary,
                                           custom_id=f"cr:seat:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "SeatButton":
        return cls(int(match["table"]))

    async def _press(self, interaction: discord.Interaction, live: LiveTable | None) -> None:
        await bot_of(interaction).presenter.open_panel(interaction, present(live))
