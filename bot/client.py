"""The bot object: storage, table service and presenter wired together, cogs loaded at setup."""
from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.games.base import IllegalAction
from bot.presenter import DiscordPresenter
from bot.storage import Storage
from bot.tables import TableService
from bot.ui import COMPONENTS, reply_error

log = logging.getLogger(__name__)

def extensions() -> list[str]:
    """Every module in ``cogs/`` is an extension: adding a game's cog is adding its file."""
    import pkgutil

    import cogs

    return [f"cogs.{m.name}" for m in pkgutil.iter_modules(cogs.__path__) if not m.name.startswith("_")]


class CardroomTree(app_commands.CommandTree):
    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, (UserError, IllegalAction)):
            await reply_error(interaction, str(original))
        elif isinstance(error, app_commands.MissingPermissions):
            names = {"manage_guild": "Manage Server"}
            await reply_error(interaction, "You need the " + ", ".join(
                names.get(p, p.replace("_", " ").title()) for p in error.missing_permissions) + " permission for that.")
        elif isinstance(error, app_commands.NoPrivateMessage):
            await reply_error(interaction, "Card tables live in server channels, not in DMs.")
        else:
            log.error("command failed", exc_info=error)
            await reply_error(interaction, "Something went wrong on my side; nothing was changed.")


class CardroomBot(commands.Bot):
    """Discord client. ``database`` is the SQLite file (":memory:" is not useful: restarts lose it)."""

    def __init__(self, database: str, *, starting_balance: int = 1000, daily_amount: int = 200,
                 sync_guild: int | None = None, run_timers: bool = True):
        intents = discord.Intents.default()
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, tree_cls=CardroomTree,
                         help_command=None)
        self.database = database
        self.defaults = (starting_balance, daily_amount)
        self.sync_guild = sync_guild
        self.start_timers = run_timers
        self.presenter = DiscordPresenter(self)
        self.storage: Storage
        self.service: TableService
        self._timer_task: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        self.storage = await Storage.open(self.database, *self.defaults)
        self.service = TableService(self.storage, self.presenter)
        self.add_dynamic_items(*COMPONENTS)
        for extension in extensions():
            try:
                await self.load_extension(extension)
            except Exception:
                log.exception("failed to load %s", extension)
                raise
        restored = await self.service.restore()
        log.info("restored %d open tables", restored)
        if self.start_timers:
            self._timer_task = asyncio.create_task(self.service.run_timers())

    async def sync_commands(self) -> None:
        """Register slash commands with Discord (globally, or instantly on the development guild)."""
        if self.sync_guild:
            guild = discord.Object(self.sync_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        log.info("connected as %s", self.user)
        await self.sync_commands()

    async def close(self) -> None:
        if self._timer_task is not None:
            self._timer_task.cancel()
        await super().close()
        if hasattr(self, "storage"):
            await self.storage.close()
