"""/tournament: multi-table tournaments (``bot.service.tournament.multi_table``). Anyone registers (the announcement's
Register button, or ``/tournament register``); managers (Manage Server, or the role the tournament
names) create, start early, add computer players, pause, resume and cancel."""
from __future__ import annotations

import time
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter.member_text import member_name, plain
from bot.adapter.tournament.buttons import require_manager
from bot.adapter.tournament.text import announcement
from bot.adapter.protocol import Cardroom
from bot.service.tournament.multi_table import Tournament
from bot.service.tournament.settings import mtt_settings

async def running_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The server's tournaments registering or playing whose names hold what was typed."""
    bot: Cardroom = interaction.client  # type: ignore[assignment]
    names = [m.row.name for m in bot.service.mtts.in_guild(interaction.guild_id or 0)]
    return [app_commands.Choice(name=n, value=n) for n in names if current.casefold() in n.casefold()][:25]


@app_commands.guild_only()
class TournamentCog(commands.GroupCog, group_name="tournament", description="Multi-table tournaments"):
    def __init__(self, bot: Cardroom):
        self.bot = bot
        super().__init__()

    def _named(self, interaction: discord.Interaction, name: str) -> Tournament:
        return self.bot.service.mtts.named(interaction.guild_id or 0, plain(name, 60))

    def _managed(self, interaction: discord.Interaction, name: str) -> Tournament:
        """The server's tournament of that name, if the member may run it."""
        mtt = self._named(interaction, name)
        require_manager(interaction, mtt)
        return mtt

    @app_commands.command(name="create", description="Announce a multi-table tournament in this channel")
    @app_commands.describe(
        name="What members call it (e.g. Sunday Major)", game="Hold'em (no-limit) or Omaha (pot-limit)",
        stack="Starting chips", buy_in="Chips from each entrant's wallet, paid out as prizes",
        seats="Players a table", blinds="regular, turbo, or your own levels: 10/20, 20/40, 50/100",
        minutes="Minutes a level", level_hands="Levels by hands instead: this many hands a table (no breaks)",
        starts_in="Start in this many minutes (leave out: a manager starts it)",
        late_levels="Registration stays open to the end of this level", reentry="A knocked-out player may buy in again",
        prizes="Percents by place, best first (e.g. 50,30,20); leave out for the usual 15% of the field",
        break_every="A break after every this many levels (0: none)", break_minutes="Minutes a break lasts",
        manager_role="A role whose members may run it too", turn_seconds="Seconds a player has to act")
    async def create(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 60],
                     game: Literal["holdem", "omaha"] = "holdem", stack: app_commands.Range[int, 100, 10**7] = 5000,
                     buy_in: app_commands.Range[int, 0, 10**7] = 100, seats: app_commands.Range[int, 2, 10] = 9,
                     blinds: str = "regular", minutes: app_commands.Range[int, 1, 120] = 15,
                     level_hands: app_commands.Range[int, 0, 200] = 0,
                     starts_in: app_commands.Range[int, 1, 60 * 24 * 14] | None = None,
                     late_levels: app_commands.Range[int, 0, 20] = 3, reentry: bool = False, prizes: str | None = None,
                     break_every: app_commands.Range[int, 0, 20] = 4, break_minutes: app_commands.Range[int, 1, 30] = 5,
                     manager_role: discord.Role | None = None,
                     turn_seconds: app_commands.Range[int, 10, 300] = 45) -> None:
        require_manager(interaction, None, manager_role.id if manager_role else None)
        assert interaction.guild_id is not None and interaction.channel_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        settings = mtt_settings(stack=stack, buy_in=buy_in, seats=seats, blinds=blinds, minutes=minutes,
                                level_hands=level_hands,
                                break_every=break_every, break_minutes=break_minutes, late_levels=late_levels,
                                reentry=reentry, prizes=prizes, turn_seconds=turn_seconds,
                                starts_at=time.time() + 60 * starts_in if starts_in else None,
                                manager_role=manager_role.id if manager_role else None)
        mtt = await self.bot.service.mtts.create(interaction.guild_id, interaction.channel_id, interaction.user.id,
                                                 plain(name, 60), game, settings)
        await interaction.followup.send(f"Tournament {announcement(mtt, time.time()).splitlines()[0]} is announced "
                                        "here; members register with its button.", ephemeral=True)

    @app_commands.command(name="register", description="Register for a tournament (its buy-in comes from your wallet)")
    @app_commands.autocomplete(name=running_names)
    async def register(self, interaction: discord.Interaction, name: str) -> None:
        mtt = self._named(interaction, name)
        await interaction.response.defer(ephemeral=True, thinking=True)
        said = await self.bot.service.mtts.register(mtt, interaction.user.id, member_name(interaction.user))
        await interaction.followup.send(said, ephemeral=True)

    @app_commands.command(name="unregister", description="Leave a tournament before it starts, with your buy-in back")
    @app_commands.autocomplete(name=running_names)
    async def unregister(self, interaction: discord.Interaction, name: str) -> None:
        mtt = self._named(interaction, name)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(await self.bot.service.mtts.unregister(mtt, interaction.user.id), ephemeral=True)

    @app_commands.command(name="start", description="Start a tournament now (managers)")
    @app_commands.autocomplete(name=running_names)
    async def start(self, interaction: discord.Interaction, name: str) -> None:
        mtt = self._managed(interaction, name)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.service.mtts.start(mtt)
        await interaction.followup.send(f"Started: {len(mtt.live_tables())} tables, each in its own thread.",
                                        ephemeral=True)

    @app_commands.command(name="add-bots", description="Fill a tournament with computer players (managers)")
    @app_commands.autocomplete(name=running_names)
    async def add_bots(self, interaction: discord.Interaction, name: str,
                       count: app_commands.Range[int, 1, 200] = 1) -> None:
        mtt = self._managed(interaction, name)
        await interaction.response.defer(ephemeral=True, thinking=True)
        names = await self.bot.service.mtts.add_bots(mtt, count)
        await interaction.followup.send(f"{len(names)} computer players registered.", ephemeral=True)

    @app_commands.command(name="pause", description="Stop a tournament's clock and deals (managers)")
    @app_commands.autocomplete(name=running_names)
    async def pause(self, interaction: discord.Interaction, name: str) -> None:
        mtt = self._managed(interaction, name)
        await interaction.response.send_message(await self.bot.service.mtts.pause(mtt), ephemeral=True)

    @app_commands.command(name="resume", description="Let a paused tournament go on (managers)")
    @app_commands.autocomplete(name=running_names)
    async def resume(self, interaction: discord.Interaction, name: str) -> None:
        mtt = self._managed(interaction, name)
        await interaction.response.send_message(await self.bot.service.mtts.resume(mtt), ephemeral=True)

    @app_commands.command(name="cancel", description="Call a tournament off: every buy-in back (managers)")
    @app_commands.autocomplete(name=running_names)
    async def cancel(self, interaction: discord.Interaction, name: str) -> None:
        mtt = self._managed(interaction, name)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(await self.bot.service.mtts.cancel(mtt), ephemeral=True)

    @app_commands.command(name="status", description="Where a tournament stands")
    @app_commands.autocomplete(name=running_names)
    async def status(self, interaction: discord.Interaction, name: str) -> None:
        mtt = self._named(interaction, name)
        await interaction.response.send_message(announcement(mtt, time.time()), ephemeral=True)


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(TournamentCog(bot))
