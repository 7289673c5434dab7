"""Wallets, the daily top-up, the leaderboard, player stats and the server's economy settings."""
from __future__ import annotations

import time

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter.member_text import member_name, shown
from bot.adapter.protocol import Cardroom
from bot.registry import game_names

GAME_CHOICES = [app_commands.Choice(name=n, value=n) for n in game_names()]


class Economy(commands.Cog):
    """Every command here reads or writes one server's data, so each is registered server-only
    (``guild_only`` on a plain ``Cog`` class would not reach its commands)."""

    def __init__(self, bot: Cardroom):
        self.bot = bot

    @app_commands.guild_only()
    @app_commands.command(name="wallet", description="Your chips on this server")
    async def wallet(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        balance = await self.bot.storage.balance(interaction.guild_id, interaction.user.id)
        await interaction.response.send_message(f"You have **{balance}** chips.", ephemeral=True)

    @app_commands.guild_only()
    @app_commands.command(name="daily", description="Collect your daily chips")
    async def daily(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        async with self.bot.storage.transaction() as tx:
            balance, wait = await tx.claim_daily(interaction.guild_id, interaction.user.id, time.time())
        if wait:
            ready = int(time.time() + wait)
            await interaction.response.send_message(
                f"You already collected today. Next top-up <t:{ready}:R>. You have **{balance}** chips.",
                ephemeral=True)
        else:
            await interaction.response.send_message(f"Collected! You now have **{balance}** chips.",
                                                    ephemeral=True)

    @app_commands.guild_only()
    @app_commands.command(name="leaderboard", description="The best players on this server")
    @app_commands.describe(game="Only this game")
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None) -> None:
        assert interaction.guild_id is not None
        rows = await self.bot.storage.leaderboard(interaction.guild_id, game)
        if not rows:
            await interaction.response.send_message("No results yet: play a game first!", ephemeral=True)
            return
        lines = [f"**Leaderboard{' · ' + game if game else ''}** (rating = openskill μ − 3σ)"]
        for place, (user_id, chips, rating, matches) in enumerate(rows, start=1):
            rated = f"{rating:.1f}" if rating is not None else "unrated"
            lines.append(f"{place}. <@{user_id}> · rating {rated} · chips won {chips:+d}")
        await interaction.response.send_message("\n".join(lines), allowed_mentions=discord.AllowedMentions.none())

    @app_commands.guild_only()
    @app_commands.command(name="stats", description="A player's results per game")
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        assert interaction.guild_id is not None
        who = member or interaction.user
        rows = await self.bot.storage.stats(interaction.guild_id, who.id)
        if not rows:
            await interaction.response.send_message(f"{shown(member_name(who))} has not played yet.", ephemeral=True)
            return
        lines = [f"**{shown(member_name(who))}**"]
        for name, hands, chips, matches, wins, rating in rows:
            rated = f"{rating:.1f}" if rating is not None else "unrated"
            lines.append(f"{name}: {hands} hands, chips {chips:+d}, {wins}/{matches} matches won, rating {rated}")
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.guild_only()
    @app_commands.command(name="economy", description="Set the starting balance and daily top-up (admins)")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def economy(self, interaction: discord.Interaction,
                      starting_balance: app_commands.Range[int, 0, 10**9],
                      daily: app_commands.Range[int, 0, 10**9]) -> None:
        assert interaction.guild_id is not None
        async with self.bot.storage.transaction() as tx:
            await tx.set_guild_settings(interaction.guild_id, starting_balance, daily)
        await interaction.response.send_message(
            f"New members start with {starting_balance} chips; /daily gives {daily}.", ephemeral=True)


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(Economy(bot))
