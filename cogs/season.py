"""/season: a server's seasons and leagues. ``create`` (Manage Server) opens one; ``standings`` shows
one as a picture and text; ``history`` lists every season with its podium. The rules are in
``bot.service.seasons``; the one clock ends a season and posts its final standings."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter.member_text import shown
from bot.adapter.protocol import Cardroom
from bot.errors import UserError
from bot.service.seasons.making import create_season, rule_of
from bot.service.seasons.strata import season_strata
from bot.service.seasons.views import current, describe, standings_text, standings_view
from bot.storage.records import Season
from images.stats_card import render_stats_card

FORMULA_CHOICES = [app_commands.Choice(name="100 x ln(entrants + 1) / place", value="field"),
                   app_commands.Choice(name="Fixed points per place", value="fixed"),
                   app_commands.Choice(name="Funbridge: 2 x (entrants + 1 - place) / log10(place + 2), 20% off a month",
                                       value="funbridge"),
                   app_commands.Choice(name="Bridge session percentage (the average ranks)", value="percentage"),
                   app_commands.Choice(name="Bridge masterpoints by place and field size", value="masterpoints")]


@app_commands.guild_only()
class SeasonCog(commands.GroupCog, group_name="season", description="This server's seasons and leagues"):
    """Reads and writes one server's seasons, so it is registered server-only."""

    def __init__(self, bot: Cardroom):
        self.bot = bot
        super().__init__()

    async def _season(self, guild_id: int, name: str | None) -> Season:
        """The season named, else the latest one still running, else the latest."""
        seasons = await self.bot.storage.seasons(guild_id)
        if name is not None:
            found = await self.bot.storage.season_named(guild_id, " ".join(name.split()))
            if found is None:
                raise UserError("This server has no season of that name: `/season history` lists them.")
            return found
        running = [s for s in seasons if s.ended_at is None]
        if not seasons:
            raise UserError("This server has no season yet: a manager opens one with `/season create`.")
        return (running or seasons)[0]

    @app_commands.command(name="create", description="Open a season: what counts and how it scores (managers)")
    @app_commands.describe(name="The season's name", start="First day, YYYY-MM-DD (UTC)", end="End day, YYYY-MM-DD (UTC)",
                           points="How a finish scores", tournaments="Multi-table tournaments count",
                           sit_and_gos="Sit-and-gos count", cash="Poker cash sessions count (a table's nets)",
                           bridge="Duplicate bridge events count", best="Only a member's best results count",
                           participation="Points for every result played", places="Fixed points per place: 10, 7, 5, 3",
                           bounty="Points for every player a member knocks out of a tournament (0: none)")
    @app_commands.choices(points=FORMULA_CHOICES)
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def create(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 40],
                     start: app_commands.Range[str, 8, 12], end: app_commands.Range[str, 8, 12], points: str = "field",
                     tournaments: bool = False, sit_and_gos: bool = False, cash: bool = False, bridge: bool = False,
                     best: app_commands.Range[int, 1, 1000] | None = None,
                     participation: app_commands.Range[float, 0, 1000] = 0.0,
                     places: app_commands.Range[str, 1, 300] | None = None,
                     bounty: app_commands.Range[float, 0, 1000] = 0.0) -> None:
        assert interaction.guild_id is not None
        counted = [kind for kind, chosen in (("tournament", tournaments), ("sit-and-go", sit_and_gos), ("cash", cash),
                                             ("bridge", bridge)) if chosen]
        rule = rule_of(counted, points, places, best, participation, bounty)
        season = await create_season(self.bot.storage, interaction.guild_id, interaction.channel_id or 0, name, start,
                                     end, rule, self.bot.service.clock())
        self.bot.service.deadlines.timers_changed()  # its end may be the next the clock keeps
        await interaction.response.send_message(f"Season opened. {shown(describe(season))}.")

    @app_commands.command(name="standings", description="A season's standings, as a picture")
    @app_commands.describe(name="The season (default: the latest running)")
    async def standings(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 40] | None = None) -> None:
        assert interaction.guild_id is not None
        season = await self._season(interaction.guild_id, name)
        await interaction.response.defer(thinking=True)
        now = self.bot.service.clock()
        lines = await current(self.bot.storage, season, now)
        strata = await season_strata(self.bot.storage, season, lines, now)
        names = await self.bot.storage.player_names(interaction.guild_id, [line.user_id for line in lines])
        picture = await self.bot.presenter.picture(render_stats_card, standings_view(season, lines, names, strata),
                                                   filename="standings.png")
        text = f"{describe(season)}\n{standings_text(season, lines, names, strata=strata)}"
        await interaction.followup.send(shown(text)[:2000], file=picture)

    @app_commands.command(name="history", description="Every season of this server, with its podium")
    async def history(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        seasons = await self.bot.storage.seasons(interaction.guild_id)
        if not seasons:
            raise UserError("This server has no season yet: a manager opens one with `/season create`.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        parts = []
        for season in sorted(seasons, key=lambda s: (s.ended_at is None, -(s.ended_at or s.starts_at))):
            podium = [line for line in await current(self.bot.storage, season, self.bot.service.clock()) if line.place <= 3]
            names = await self.bot.storage.player_names(interaction.guild_id, [line.user_id for line in podium])
            parts.append(f"{describe(season)}\n{standings_text(season, podium, names)}")
        await interaction.followup.send(shown("\n\n".join(parts))[:2000], ephemeral=True)


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(SeasonCog(bot))
