"""Wallets, the daily top-up, the leaderboard, player stats and the server's economy settings."""
from __future__ import annotations

import io
import time
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter.leaderboard_pages import ALL_GAMES, PageButton, leaderboard_reply
from bot.adapter.member_text import member_name, shown
from bot import registry, render_pool
from bot.adapter.protocol import Cardroom
from bot.games.words import listed
from bot.registry import game_names
from bot.service.stats import card_view, game_stats, overview_view, summary
from images.stats_card import render_stats_card

if TYPE_CHECKING:
    from bot.service.table.live import LiveTable

GAME_CHOICES = [app_commands.Choice(name=n, value=n) for n in game_names()]


def wallet_text(balance: int, held: list[tuple["LiveTable", int, bool]]) -> str:
    """"You have **0** chips in your wallet and 1,000 at table #12 (Texas hold'em)." A stack at a
    table is the member's too (it comes back to the wallet when they leave); a tournament's is not wallet
    chips, so it is named as such."""
    places = [f"{'a tournament stack of ' if tournament else ''}{stack:,} at table #{table.id} ({table.spec.title})"
              for table, stack, tournament in held]
    if not places:
        return f"You have **{balance:,}** chips in your wallet."
    back = " Chips at a table come back to your wallet when you leave it." if not all(t for _, _, t in held) else ""
    return f"You have **{balance:,}** chips in your wallet and {listed(places)}.{back}"


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
        held = self.bot.service.stacks_held(interaction.guild_id, interaction.user.id)
        await interaction.response.send_message(wallet_text(balance, held), ephemeral=True)

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
    @app_commands.command(name="leaderboard", description="The best players on this server, as a picture")
    @app_commands.describe(game="Only this game", period="Deals of the last 7 days, 30 days, or all time")
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None,
                          period: Literal["week", "month", "all"] = "all") -> None:
        assert interaction.guild_id is not None
        await interaction.response.defer(thinking=True)
        text, file, view, _ = await leaderboard_reply(interaction, game or ALL_GAMES, period, 1)
        await interaction.followup.send(text, file=file, view=view, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.guild_only()
    @app_commands.command(name="stats", description="A player's statistics on this server, as a card")
    @app_commands.describe(member="Whose statistics (default: yours)", game="One game in detail")
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None,
                    game: str | None = None) -> None:
        assert interaction.guild_id is not None
        who = member or interaction.user
        name = member_name(who)
        await interaction.response.defer(ephemeral=True, thinking=True)
        totals = await self.bot.storage.stats(interaction.guild_id, who.id)
        if game is None:
            view = overview_view(name, totals, {g: registry.game(g).title for g in game_names()})
            missing = f"{shown(name)} has not played on this server yet." if not totals else None
        else:
            found = await game_stats(self.bot.storage, interaction.guild_id, who.id, game)
            title = registry.game(game).title
            missing = f"{shown(name)} has not played {title} on this server yet." if found is None else None
            rating = next((r for g, *_, r in totals if g == game), None)
            view = card_view(name, title, found, rating) if found is not None else {}
        if missing is not None:
            await interaction.followup.send(missing, ephemeral=True)
            return
        png = await render_pool.render(render_stats_card, view)
        await interaction.followup.send(f"**{shown(name)}** · {view['game']}: {shown(summary(view))}",
                                        file=discord.File(io.BytesIO(png), "stats.png"), ephemeral=True)

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
    bot.add_dynamic_items(PageButton)
    await bot.add_cog(Economy(bot))
