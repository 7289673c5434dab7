"""The lobby commands every game has, written once: join, leave, start, status, cancel, add-bot.

A game's cog subclasses ``GameCog`` with ``group_name=<game>`` and adds only its ``create`` command
(whose options are that game's settings), which calls ``self.open_table``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter.member_text import member_name
from bot.adapter.table.text import PERMISSIONS_HELP, table_text
from bot.adapter.traffic.channel_faults import missing
from bot.adapter.protocol import Cardroom
from bot.errors import UserError
from bot.registry import GameSpec, game

if TYPE_CHECKING:
    from bot.service.table.live import LiveTable


@app_commands.guild_only()
class GameCog(commands.GroupCog):
    """Base of every game's cog. ``game_name`` is the registry name, equal to the group name."""

    game_name: ClassVar[str]

    def __init__(self, bot: Cardroom):
        self.bot = bot
        super().__init__()

    @property
    def spec(self) -> GameSpec:
        return game(self.game_name)

    def _table(self, interaction: discord.Interaction) -> "LiveTable":
        return self.bot.service.require(interaction.channel_id or 0, self.game_name, interaction.guild_id or 0)

    async def open_table(self, interaction: discord.Interaction, settings: dict[str, Any],
                         buy_in: int | None = None) -> None:
        """Create the channel's table with these settings; the host takes the first seat. The table
        message is the command's public answer, posted through its token (uncounted, and it edits the
        table for its first minutes); the host alone then reads how others join."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        if missing(interaction.app_permissions, isinstance(interaction.channel, discord.Thread)):
            raise UserError(PERMISSIONS_HELP)  # the table could not be shown once its first token is gone
        press = self.bot.presenter.token(interaction)
        live = await self.bot.service.create(interaction.guild_id, interaction.channel_id, self.game_name,
                                             interaction.user.id, member_name(interaction.user), settings,
                                             buy_in)
        await self.bot.presenter.show_first(live, press)
        if live.row.message_id is None:
            await live.commands.cancel(interaction.user.id, True)
            raise UserError(PERMISSIONS_HELP)
        await press.whisper(f"{self.spec.title} table #{live.id} is open. Others join with `/{self.game_name} join`; "
                            f"start with `/{self.game_name} start`.")

    @app_commands.command(name="join", description="Take a seat at this channel's table")
    @app_commands.describe(buy_in="Chips to bring from your wallet (chip games only)",
                           wait_for_big_blind="Don't deal me in until I am the big blind (tables with blinds)")
    async def join(self, interaction: discord.Interaction,
                   buy_in: app_commands.Range[int, 1, 10**9] | None = None, wait_for_big_blind: bool = False) -> None:
        live = self._table(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if await live.commands.join(interaction.user.id, member_name(interaction.user), buy_in, wait_for_big_blind):
            text = f"You stay at table #{live.id}: your leave is cancelled, and you keep your seat and chips."
        else:
            stack = live.seat_of_user(interaction.user.id).stack if live.spec.chips else 0
            text = f"You are seated at table #{live.id}" + (f" with {stack:,} chips from your wallet." if stack else ".")
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(name="leave", description="Leave the table (after the current hand if you are in it)")
    async def leave(self, interaction: discord.Interaction) -> None:
        live = self._table(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        message = await live.commands.leave(interaction.user.id)
        await interaction.followup.send(message, ephemeral=True)

    @app_commands.command(name="start", description="Start playing")
    async def start(self, interaction: discord.Interaction) -> None:
        live = self._table(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await live.commands.start(interaction.user.id)
        await interaction.followup.send("Dealt. Press **My seat** under the table for your cards and moves.", ephemeral=True)

    @app_commands.command(name="add-bot", description="Fill a seat with a computer player")
    async def add_bot(self, interaction: discord.Interaction) -> None:
        live = self._table(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        name = await live.commands.add_bot(interaction.user.id)
        await interaction.followup.send(f"{name} sits down.", ephemeral=True)

    @app_commands.command(name="status", description="Show where the table stands")
    async def status(self, interaction: discord.Interaction) -> None:
        live = self._table(interaction)
        describe = live.spec.describe_settings
        stakes = describe(live.row.deal.settings if live.row.deal else live.row.settings.to_json()) if describe else ""
        await interaction.response.send_message(table_text(live) + (f"\n{stakes}." if stakes else ""),
                                                ephemeral=True)

    @app_commands.command(name="cancel", description="Close the table; stacks (a running tournament: buy-ins) go back")
    async def cancel(self, interaction: discord.Interaction) -> None:
        live = self._table(interaction)
        perms = interaction.permissions
        await interaction.response.defer(ephemeral=True, thinking=True)
        await live.commands.cancel(interaction.user.id, bool(perms and perms.manage_channels))
        await interaction.followup.send("The table is closed.", ephemeral=True)
