"""Gateway events that change where tables live: channels, threads and servers that vanish, threads
archived, permissions lost and given back.

A table whose channel, thread or server is gone is closed by the table service (its deal called
off, its chips back in the wallets); a table the bot can no longer show is paused, and goes on when
the bot may post there again: seen on the next command or press in that channel (the interaction
carries the bot's permissions there) or on a channel or role update.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.adapter.traffic.channel_faults import Verdict, missing
from bot.adapter.protocol import Cardroom

if TYPE_CHECKING:
    from bot.service.table.live import LiveTable


class ChannelWatch(commands.Cog):
    """Listens for the platform's changes and hands each affected table to the presenter."""

    def __init__(self, bot: Cardroom):
        self.bot = bot

    async def _fail(self, live: "LiveTable | None", verdict: Verdict) -> None:
        if live is not None:
            await self.bot.presenter.channel_failed(live, verdict)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._fail(self.bot.service.in_channel(channel.id), Verdict.CHANNEL_GONE)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._fail(self.bot.service.in_channel(payload.thread_id), Verdict.CHANNEL_GONE)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was removed from a server (not an outage: that is ``on_guild_unavailable``)."""
        for live in self.bot.service.in_guild(guild.id):
            await self._fail(live, Verdict.SERVER_GONE)

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        live = self.bot.service.in_channel(payload.thread_id)
        if live is not None and payload.data.get("thread_metadata", {}).get("archived"):
            await self._fail(live, Verdict.ARCHIVED)

    @commands.Cog.listener()
    async def on_guild_channel_update(self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel) -> None:
        self._resume_if_allowed(after.guild, [after.id])

    @commands.Cog.listener()
    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        self._resume_if_allowed(after.guild, None)

    def _resume_if_allowed(self, guild: discord.Guild, channel_ids: list[int] | None) -> None:
        """Resume the server's paused tables (in ``channel_ids``, or all) whose channel the bot may
        post in again, as its cache of the server now says."""
        for live in self.bot.service.in_guild(guild.id):
            channel = guild.get_channel_or_thread(live.row.channel_id)
            if live.paused is None or channel is None or (channel_ids is not None and channel.id not in channel_ids):
                continue
            if not missing(channel.permissions_for(guild.me), isinstance(channel, discord.Thread)):
                self.resume(live)

    def seen(self, interaction: discord.Interaction) -> None:
        """An interaction in a paused table's channel: resume it if the bot may post there again.
        Called as the interaction is parsed, before its handler runs, so that handler sees the table
        running."""
        live = self.bot.service.in_channel(interaction.channel_id) if interaction.channel_id else None
        thread = interaction.channel is not None and interaction.channel.type in (
            discord.ChannelType.public_thread, discord.ChannelType.private_thread)
        if live is not None and live.paused is not None and not missing(interaction.app_permissions, thread):
            self.resume(live)

    def resume(self, live: "LiveTable") -> None:
        if self.bot.service.resume(live):
            live.spawn(self.bot.presenter.update(live))
