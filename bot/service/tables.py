"""The table service: the registry of a process's open tables, restoring them after a restart, their
clock, and what spans tables (an event's boards). What a table does is its own (``LiveTable`` and the
functions of its jobs: ``lobby``, ``dealing``, ``settlement``, ``events``): the service finds the
table a request is about (``require``, ``table_in``), and the request goes to the table's
``commands``, which the service gives each table it takes in (``jobs.Jobs``).

Cogs (Discord) and selfplay find and create tables through ``TableService``; what players see is
produced by a ``Presenter`` from engine views.
"""
from __future__ import annotations

from collections import deque
from functools import partial
from typing import Any, Callable

from bot.errors import UserError
from bot.games.cards import new_seed
from bot.registry import game
from bot.service.clock import DeadlineClock, RealTime
from bot.service.events.desk import EventDesk
from bot.service.events.shared_deals import check_event_join
from bot.service.table import dealing, kinds
from bot.service.table.jobs import Jobs
from bot.service.table.live import LiveTable, Presenter
from bot.service.table.memory import Paused
from bot.service.table.replays import Replays
from bot.service.table.seats import sit_down
from bot.service.tournament.desk import MttDesk
from bot.service.web_links import WebLinks
from bot.storage.interface import Storage
from bot.storage.records import TableRow, TableSettings


class TableService:
    """Owns every open table: finds it (``require``, ``table_in``, ``in_channel``, ``in_guild``),
    ``create``, ``pause``, ``resume``, ``restore``, ``tick``, ``stacks_held``, and for events ``close_event``
    and ``reveal_event_deals``; ``replays.load`` rebuilds a finished deal. What members ask of a table
    are the table's own ``commands``. Requests it refuses raise ``UserError``. It is the ``Room`` of
    its tables."""

    def __init__(self, storage: Storage, presenter: Presenter, *, clock: Callable[[], float] = RealTime(),
                 between_deals: float | None = None, offload_bots: bool = True,
                 seeds: Callable[[str], str] = new_seed, owns: Callable[[int], bool] = lambda guild_id: True):
        self.storage = storage
        self.owns = owns
        """Whether this process drives the tables of a server (a cluster owns its shards' servers);
        the others' tables are left to their processes: not restored, not timed."""
        self.presenter = presenter
        self.clock = clock
        """The time source: the wall clock, a test's time, or a plain function of time that moves only
        when its owner moves it (its deadlines are handled at ``tick``; ``bot.service.clock``)."""
        self.between_deals = between_deals
        """Seconds from the end of a deal to the next: None for each game's own ``pause_after_deal``
        (time to read the showdown, the laid-down melds, the played board); tests and selfplay use 0."""
        self.offload_bots = offload_bots
        self.seeds = seeds
        self.deals_finished = 0
        self.matches_finished = 0
        self.tables: dict[int, LiveTable] = {}
        self._by_channel: dict[int, int] = {}
        self.action_ms: deque[float] = deque(maxlen=100_000)  # recent action times, for reports
        self.on_action: Callable[[str, float], None] = lambda game_name, seconds: None
        """Told of every action applied (its game, seconds for engine and storage): the metrics."""
        self.events = EventDesk(self)
        self.replays = Replays(storage)
        """Finished deals rebuilt step by step (``/replay``)."""
        self.web_links = WebLinks(storage, clock)
        """Each server's web page as last read or switched: the links to its hands' replays."""
        self.mtts = MttDesk(self)
        """The multi-table tournaments under way, which own some of the tables."""
        self.deadlines = DeadlineClock(self)
        """The one clock: the loop that handles every table and tournament when it is due."""

    # -- the registry ---------------------------------------------------------------------------

    def in_channel(self, channel_id: int) -> LiveTable | None:
        table_id = self._by_channel.get(channel_id)
        return self.tables.get(table_id) if table_id is not None else None

    def require_owner(self, guild_id: int | None) -> None:
        """Refuse, with the reason, a server whose tables another process drives (a cluster that
        receives its events during a take-over, or shard counts set differently by mistake): this
        process knows nothing of them, and must not say the table is closed or start another."""
        if guild_id is not None and not self.owns(guild_id):
            raise UserError("This server's tables are run by another part of the bot, which is starting "
                            "or taking over just now: try again in a minute.")

    def table_in(self, guild_id: int | None, table_id: int) -> LiveTable | None:
        """An open table by the id a member gave (a button's custom_id), only for the server it
        belongs to: another server's table is as unknown as a closed one."""
        self.require_owner(guild_id)
        table = self.tables.get(table_id)
        return table if table is not None and table.row.guild_id == guild_id else None

    def require(self, channel_id: int, game_name: str | None = None, guild_id: int | None = None) -> LiveTable:
        """The channel's table of this game; with ``guild_id``, only if it belongs to that server."""
        self.require_owner(guild_id)
        table = self.in_channel(channel_id)
        if table is not None and guild_id is not None and table.row.guild_id != guild_id:
            table = None
        if table is None or (game_name is not None and table.spec.name != game_name):
            what = game(game_name).title if game_name else "game"
            raise UserError(f"There is no {what} table in this channel. Create one first.")
        return table

    def in_guild(self, guild_id: int) -> list[LiveTable]:
        return [table for table in self.tables.values() if table.row.guild_id == guild_id]

    def stacks_held(self, guild_id: int, user_id: int) -> list[tuple[LiveTable, int, bool]]:
        """Where a member's chips are besides their wallet: each table of a chip game in the server
        where they hold a stack, the stack, and whether it is a tournament's (not the wallet's chips)."""
        return [(table, seat.stack, table.kind.deals_everyone_with_chips)
                for table in self.in_guild(guild_id) if table.spec.chips for seat in table.row.seats
                if seat.user_id == user_id and seat.stack]

    def _track(self, table: LiveTable) -> None:
        table.kind = kinds.of(table)
        table.commands = Jobs(table)
        self.tables[table.id] = table
        table.lock.on_release = partial(self.deadlines.changed, table)  # where its deadlines are set
        self._by_channel[table.row.channel_id] = table.id

    def forget(self, table: LiveTable) -> None:
        table.close()
        self.tables.pop(table.id, None)
        if self._by_channel.get(table.row.channel_id) == table.id:
            del self._by_channel[table.row.channel_id]

    def action_done(self, game_name: str, seconds: float) -> None:
        self.action_ms.append(seconds * 1000)
        self.on_action(game_name, seconds)

    def deal_done(self, match_over: bool) -> None:
        self.deals_finished += 1
        self.matches_finished += match_over

    async def restore(self) -> int:
        """Load every open table of this process's servers and replay its deal in progress. Returns
        how many were loaded."""
        for row in await self.storage.open_tables():
            if self.owns(row.guild_id):
                self._track(dealing.restored(self, row))
        await self.mtts.restore()
        self.deadlines.changed()
        return len(self.tables)

    def moved(self, table: LiveTable, old_channel: int) -> None:
        """The table now plays in ``table.row.channel_id`` (no longer in ``old_channel``)."""
        if self._by_channel.get(old_channel) == table.id:
            del self._by_channel[old_channel]
        self._by_channel[table.row.channel_id] = table.id

    def adopt(self, row: TableRow) -> LiveTable:
        """A table opened by what owns it (a tournament), from its stored row, now in the registry."""
        table = LiveTable(row=row, spec=game(row.game), room=self)
        self._track(table)
        return table

    # -- a new table, and what spans tables ----------------------------------------------------

    async def create(self, guild_id: int, channel_id: int, game_name: str, host_id: int,
                     host_name: str, settings: dict[str, Any], buy_in: int | None = None,
                     seat_host: bool = True) -> LiveTable:
        self.require_owner(guild_id)
        if self.in_channel(channel_id) is not None:
            raise UserError("This channel already has a table. Finish or cancel it first, or use a thread.")
        spec = game(game_name)
        chosen = TableSettings.chosen({**spec.default_settings, **{k: v for k, v in settings.items() if v is not None}})
        event = chosen.event if spec.deal_key else None
        if event:
            await check_event_join(self.storage, guild_id, event)
        async with self.storage.transaction() as tx:
            table_id = await tx.insert_table(guild_id, channel_id, spec.name, host_id, chosen)
            if event:
                await tx.join_event(guild_id, event, table_id)
        row = await self.storage.table(table_id)
        assert row is not None
        table = LiveTable(row=row, spec=spec, room=self)
        self._track(table)
        table.note(f"{host_name} opened this {spec.title} table.")
        if not seat_host:
            return table
        try:
            await sit_down(table, host_id, host_name, buy_in, is_bot=False)
        except Exception:
            async with self.storage.transaction() as tx:
                row.status = "closed"
                await tx.save_table(row)
            self.forget(table)
            raise
        return table

    async def reveal_event_deals(self, guild_id: int, event: str, finished_by: LiveTable | None = None,
                                 channels: list[int] | None = None) -> list[str]:
        return await self.events.reveal_event_deals(guild_id, event, finished_by, channels)

    async def hand_link(self, guild_id: int, table_id: int, hand_no: int) -> str | None:
        return await self.web_links.hand_link(guild_id, table_id, hand_no)

    async def close_event(self, guild_id: int, event: str) -> tuple[int, list[str]]:
        return await self.events.close_event(guild_id, event)

    # -- the clock (``bot.service.clock``) --------------------------------------------------------

    async def tick(self) -> int:
        """Wake the clock and wait until every table and tournament due now has been handled. Returns
        how many tables were; raises the first error a table's handling raised."""
        return await self.deadlines.tick()

    def pause(self, table: LiveTable, why: str) -> bool:
        """The bot can't show the table: stop its clock (no turn runs out on players who can't see
        it) until ``resume``. Returns whether it was running."""
        if table.paused is not None or self.tables.get(table.id) is not table:
            return False
        table.paused = Paused(why, None if table.row.deadline is None else max(0.0, table.row.deadline - self.clock()))
        table.note(f"The table is paused: {why}.")
        return True

    def resume(self, table: LiveTable) -> bool:
        """The table can be shown again: its clock goes on with the time it had left."""
        paused, table.paused = table.paused, None
        if paused is None:
            return False
        if paused.left is not None and table.row.deadline is not None:
            table.row.deadline = self.clock() + paused.left
        self.deadlines.changed(table)
        table.note("The table goes on.")
        return True
