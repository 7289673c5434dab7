"""The bot object: storage, table service and presenter wired together, cogs loaded at setup."""
from __future__ import annotations

import asyncio
import gc
import logging
import time
from typing import TYPE_CHECKING, Any, Iterator

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter.traffic.channel_watch import ChannelWatch
from bot.adapter.seat.checks import counting_commits, failure_text, reply_error
from bot.adapter.table.components import COMPONENTS
from bot.adapter.tournament.buttons import MttButton
from bot.adapter.traffic.global_pace import GlobalPace, share, traced
from bot.adapter.traffic.metrics import Metrics
from bot.adapter.tournament.presenter import DiscordMttPresenter
from bot.adapter.table.presenter import DiscordPresenter
from bot.errors import UserError
from bot.service.seasons.ends import SeasonEnds
from bot.service.clock import RealTime
from bot.service.tables import TableService
from bot.shards import Shards
from bot.storage import is_postgres_url, open_storage
from bot.storage.interface import Storage

if TYPE_CHECKING:
    from bot.storage.guard import ShardGuard

log = logging.getLogger(__name__)
EXPIRED_FORM = "That form has expired: press the button on the table again."
SERVER_ONLY = "Use this command in a server channel: tables, wallets and results belong to a server, not to DMs."


def extensions() -> list[str]:
    """Every module in ``cogs/`` is an extension: adding a game's cog is adding its file."""
    import pkgutil

    import cogs

    return [f"cogs.{m.name}" for m in pkgutil.iter_modules(cogs.__path__) if not m.name.startswith("_")]


def server_only(command: app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu) -> bool:
    """Whether a command is registered for servers only (Discord reads that from the top-level
    command: a subcommand follows its group)."""
    root: Any = command
    while getattr(root, "parent", None) is not None:
        root = root.parent
    contexts = root.allowed_contexts
    return bool(root.guild_only or (contexts is not None and not contexts.dm_channel and not contexts.private_channel))


class CardroomTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """A server-only command reached from a DM anyway (an old client, a forged payload) is refused
        with one clear line before it runs."""
        counting_commits()  # the command runs in this task: ``on_error`` reads what it stored
        command = interaction.command
        if interaction.guild_id is None and command is not None and server_only(command):
            await reply_error(interaction, SERVER_ONLY)
            return False
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, UserError):
            await reply_error(interaction, str(original))
        elif isinstance(error, app_commands.MissingPermissions):
            names = {"manage_guild": "Manage Server"}
            await reply_error(interaction, "You need the " + ", ".join(
                names.get(p, p.replace("_", " ").title()) for p in error.missing_permissions) + " permission for that.")
        elif isinstance(error, app_commands.NoPrivateMessage):
            await reply_error(interaction, SERVER_ONLY)
        else:
            log.error("command failed", exc_info=error)
            await reply_error(interaction, failure_text())


class CardroomBot(commands.Bot):
    """Discord client. ``database`` is the SQLite file (":memory:" is not useful: restarts lose it)
    or a ``postgresql://`` URL."""

    cluster: Shards | None = None
    """The shards this process holds (``ClusterBot``); None: all of them, as one process. (Not
    ``shards``: that is discord.py's ``AutoShardedClient.shards``, the live gateway connections.)"""

    def __init__(self, database: str, *, starting_balance: int = 1000, daily_amount: int = 200,
                 sync_guild: int | None = None, run_timers: bool = True, metrics_port: int | None = None,
                 metrics_addr: str = "0.0.0.0", global_rate: float | None = None, **options: Any):
        """``global_rate``: the requests a second counted against the token's 50 that this process may
        make (default: all of them alone, its shards' part in a cluster; ``bot.adapter.traffic.global_pace``).
        ``run_timers``: the service's clock sleeps on the wall clock until each deadline; False (the
        tests' harnesses): it reads the wall clock and handles what is due when told (``service.tick``)."""
        intents = discord.Intents.default()
        cluster = self.cluster
        self.pace = GlobalPace(global_rate or share(cluster.ids if cluster else None, cluster.count if cluster else None))
        # No message parses a mention unless it says so: a member named "@everyone" pings nobody.
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, tree_cls=CardroomTree,
                         help_command=None, allowed_mentions=discord.AllowedMentions.none(),
                         http_trace=traced(self.pace), **options)
        self.database = database
        self.guard: "ShardGuard | None" = None
        self.metrics_port = metrics_port
        self.metrics_addr = metrics_addr
        self.metrics: Metrics | None = None
        self.guard_lost = False
        self.defaults = (starting_balance, daily_amount)
        self.sync_guild = sync_guild
        self.start_timers = run_timers
        self.presenter = DiscordPresenter(self)
        self.mtt_presenter = DiscordMttPresenter(self)
        self.storage: Storage
        self.service: TableService
        self._orphan_replies: set[asyncio.Task[None]] = set()
        self.channel_watch = ChannelWatch(self)

    async def setup_hook(self) -> None:
        self.storage = await open_storage(self.database, *self.defaults)
        owns = (lambda guild_id: True) if self.cluster is None else self.cluster.owns
        if self.cluster is not None and is_postgres_url(self.database):
            from bot.storage.guard import ShardGuard  # asyncpg: only where PostgreSQL is used
            from bot.storage.postgres import PostgresStorage

            self.guard = ShardGuard(self.database, self.cluster.ids, self.cluster.count)
            await self.guard.acquire(str(self.cluster))  # before a table is restored or an event arrives
            self.guard.on_lost(self._guard_lost)
            assert isinstance(self.storage, PostgresStorage)
            self.storage.fence, self.storage.on_fenced = self.guard.fence, self._guard_lost
            log.info("%s: this process drives their servers' tables", self.cluster)
        self.service = TableService(self.storage, self.presenter, owns=owns,
                                    clock=RealTime() if self.start_timers else time.time)
        self.service.mtts.presenter = self.mtt_presenter
        self.service.deadlines.timers.append(SeasonEnds(self.service))
        if self.metrics_port is not None:
            self.metrics = Metrics("all" if self.cluster is None else str(self.cluster))
            self.metrics.attach(self)
            self.metrics.serve(self.metrics_port, self.metrics_addr)
        self.add_dynamic_items(*COMPONENTS, MttButton)
        await self.add_cog(self.channel_watch)
        for extension in extensions():
            try:
                await self.load_extension(extension)
            except Exception:
                log.exception("failed to load %s", extension)
                raise
        restored = await self.service.restore()
        log.info("restored %d open tables", restored)
        freeze_startup_objects()
        self.service.deadlines.start()

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        """Also answer a component or form nobody will handle (a custom_id no template matches, a form
        from before a restart), which discord.py drops in silence. Decided here, as the event is
        parsed, from the same view store discord.py has just dispatched from: before any handler ran.
        For the same reason a paused table resumes here when the bot may post in its channel again."""
        if event_name == "interaction":
            self.channel_watch.seen(args[0])
        if event_name == "interaction" and not self._will_be_handled(args[0]):
            task = asyncio.create_task(self._answer_unhandled(args[0]))
            self._orphan_replies.add(task)
            task.add_done_callback(self._orphan_replies.discard)
        super().dispatch(event_name, *args, **kwargs)

    def _will_be_handled(self, interaction: discord.Interaction) -> bool:
        """Whether discord.py's view store takes this interaction (as ``ViewStore.dispatch_view`` and
        ``dispatch_modal`` decide); commands and autocomplete are the command tree's."""
        store = self._connection._view_store
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if interaction.type == discord.InteractionType.modal_submit:
            return custom_id in store._modals
        if interaction.type != discord.InteractionType.component:
            return True
        key = (int(data.get("component_type") or 0), custom_id)
        message = interaction.message
        for entity in ((message.id,) if message is not None else ()) + (None,):
            item = store._views.get(entity, {}).get(key)
            if item is not None:
                return item.view is not None
        return (message is not None and any(p.fullmatch(custom_id) for p in store._dynamic_items)
                and _shows(message, key))

    async def _answer_unhandled(self, interaction: discord.Interaction) -> None:
        if interaction.type == discord.InteractionType.modal_submit:
            text = EXPIRED_FORM
        else:
            live = self.service.in_channel(interaction.channel_id) if interaction.channel_id else None
            text = "That button is no longer active." + (
                f" Use /{live.spec.name} status to see the table's current buttons." if live else "")
        try:
            await reply_error(interaction, text)
        except discord.HTTPException as error:
            log.warning("could not answer a stale interaction: %s", error)

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
        if self.cluster is None or 0 in self.cluster.ids:  # one cluster registers the commands for all
            await self.sync_commands()

    def _guard_lost(self) -> None:
        """The shard locks went with their connection, or a write found the shards taken over: another
        process may drive these tables now."""
        if self.guard_lost:
            return
        log.error("%s: lost the database lock on them; stopping so no table is driven twice", self.cluster)
        self.guard_lost = True
        asyncio.get_running_loop().create_task(self.close())

    async def close(self) -> None:
        if hasattr(self, "service"):
            await self.service.deadlines.stop()
            self.service.mtts.close()  # the tournaments' tasks
        await super().close()
        if hasattr(self, "storage"):
            await self.storage.close()
        if self.guard is not None:
            await self.guard.release()
        if self.metrics is not None:
            self.metrics.detach()


_frozen = False


GC_THRESHOLDS = (20_000, 5, 40)
"""Python's defaults (700, 10, 10) collect the young objects every 700 allocations and everything every
100 young collections: with 200 tables pressing at once (bench/capacity.py) that was 5 full
collections of 75-135 ms and 700 young ones, 0.7 s in 2,000 presses, all of it with the event loop
stopped, and a full collection held up every press of the round it fell in. (50,000, 10, 20) made
them rare, but with tables pressing 80-150 times a second (bench/discord_limits.py) each middle
collection, every ten young ones, met some 145,000 objects of garbage at 200 tables (what was in
flight at the young collections) and stopped the loop 0.2-1.0 s at 400, every press of that moment
with it. These keep each pause a few times shorter (0.1-0.35 s at 400 tables), and a full
collection still every 200 young ones."""


def freeze_startup_objects() -> None:
    """Take what the process holds once started (modules, pokerkit's hand lookup tables: about 180,000
    objects) out of the garbage collector's sight, once per process, and collect less often
    (``GC_THRESHOLDS``). Each full collection scanned them all, with the event loop stopped: 250-400 ms
    a time, several times a minute with 200 tables pressing (bench/capacity.py). Garbage is collected
    first, so none of it is kept for good."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)


class ClusterBot(CardroomBot, commands.AutoShardedBot):
    """One process of a cluster: discord.py's ``AutoShardedBot`` holding ``shards`` (their gateway
    connections), driving only the tables of the servers they own. Several such processes share one
    PostgreSQL database; the ``ShardGuard`` keeps any two from driving the same shards."""

    def __init__(self, database: str, shards: Shards, **options: Any):
        self.cluster = shards
        super().__init__(database, shard_ids=list(shards.ids), shard_count=shards.count, **options)


def _shows(message: discord.Message, key: tuple[Any, str]) -> bool:
    """Whether ``message`` holds the component (type, custom_id): a dynamic item is only called for a
    component its message really has. Read from the message's parsed components (rows, containers,
    sections' accessories), not a ``View`` built from them: this runs for every press."""
    return key in _component_keys(message.components)


def _component_keys(components: Any) -> Iterator[tuple[int, str | None]]:
    for component in components:
        yield component.type.value, getattr(component, "custom_id", None)
        yield from _component_keys(getattr(component, "children", None) or ())
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield from _component_keys((accessory,))
