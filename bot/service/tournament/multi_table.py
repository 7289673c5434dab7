"""A multi-table tournament (``Tournament``): a service object of its own that owns its tables (normal
tables, each in a thread of the tournament's channel), its entries, its clock and its tasks.

What it does, by job: what spans its tables here; registration and the start in ``tournament.register``;
a manager's pause, resume and cancel in ``tournament.control``; what each of its tables does at a deal's
boundaries (seating arrivals, moving players for balance, breaking, hand for hand, knock-outs and
prizes) in ``tournament.table_hooks``; places and prizes with late registration and re-entry in ``tournament.places``;
the rules of seating in ``tournament.seating``, of the clock in ``tournament.clock``, of prizes in ``tournament.prizes``.
Chips: the buy-ins are wallet chips the tournament holds (``row.pool``) until it pays them as prizes;
the chips at its tables are tournament chips, every entry's starting stack, which only move from seat
to seat (``chips_in_play`` always equals entries times the stack).
"""
from __future__ import annotations

import asyncio
from typing import Any, Callable, Coroutine, Protocol

from bot.service.tournament import dead_button, prizes as mtt_prizes, seating as mtt_seating
from bot.service.table.live import LiveTable, Presenter
from bot.service.tournament.clock import Level, Schedule, played
from bot.service.tournament.rollback import DealEnd
from bot.service.table.stored_lock import StoredLock
from bot.storage.interface import HOUSE, Storage, Tx
from bot.storage.records import MttEntry, MttRow, TableRow, TournamentSettings, TournamentState


EVENTS = ("start", "bubble", "burst", "final_table", "finished", "paused", "resumed", "cancelled", "start_failed")
"""What a tournament announces in its channel (the presenter puts it in words)."""


class MttPresenter(Protocol):
    """Shows a tournament: its announcement post, its posts in its channel, its tables' threads."""

    async def open_thread(self, guild_id: int, channel_id: int, name: str) -> int | None:
        """A public thread of the channel for a table (None: the bot can't open one there)."""

    async def archive_thread(self, guild_id: int, thread_id: int) -> None: ...

    async def show_mtt(self, mtt: "Tournament") -> None:
        """Post or edit the announcement: its state, entrants, levels, and Register/Unregister."""

    async def announce_mtt(self, mtt: "Tournament", event: str, table: LiveTable | None = None) -> None:
        """A post in the tournament's channel saying what happened (``EVENTS``), with ``table``'s
        picture for the final table at the end."""


class MttRoom(Protocol):
    """What a tournament uses of the table service: its storage and clock, and the registry its tables
    are in (``bot.service.tables.TableService``)."""

    storage: Storage
    presenter: Presenter
    tables: dict[int, LiveTable]
    clock: Callable[[], float]

    def forget(self, table: LiveTable) -> None: ...

    def adopt(self, row: TableRow) -> LiveTable: ...

    def moved(self, table: LiveTable, old_channel: int) -> None: ...


class Shows(Protocol):
    presenter: MttPresenter | None


class Tournament:
    """One multi-table tournament in memory, as stored in ``row`` and ``entries``."""

    def __init__(self, service: MttRoom, shows: Shows, row: MttRow, entries: list[MttEntry], tables: dict[int, int]):
        self.service = service
        self.shows = shows
        self.row = row
        self.entries: dict[int, MttEntry] = {e.user_id: e for e in entries}
        self.numbers = tables
        """Every table it opened: table id -> its number ("table 3")."""
        self.lock = StoredLock(self)
        """Held by registration, the start, a pause and the end (one that fails: ``restore``); a table's
        deal boundaries never wait for it (they change it without an await between reading and writing)."""
        self.tasks: set[asyncio.Task[Any]] = set()
        self.ending: dict[int, DealEnd] = {}  # by table: a deal's end whose transaction is open (``tournament.rollback``)

    def checkpoint(self) -> None:
        """Nothing of a tournament is in memory alone (``StoredLock``)."""

    async def restore(self, checkpoint: None) -> None:
        """The tournament back as storage has it (a command failed before its change was stored): its
        row, entries and tables read anew, and a table the failed command opened let go."""
        storage = self.service.storage
        row = await storage.mtt(self.id)
        if row is None:
            raise RuntimeError(f"tournament {self.id} is not in storage")
        entries, numbers = await storage.mtt_entries(self.id), await storage.mtt_tables(self.id)
        for table_id in set(self.numbers) - set(numbers):
            if (table := self.service.tables.get(table_id)) is not None:
                self.service.forget(table)
        row.message_id, self.row, self.numbers = self.row.message_id, row, numbers  # the presenter stores its own
        self.entries = {e.user_id: e for e in entries}

    # -- what it is ---------------------------------------------------------------------------

    @property
    def presenter(self) -> MttPresenter:
        presenter = self.shows.presenter
        assert presenter is not None, "the bot sets how tournaments are shown before any is loaded"
        return presenter

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def settings(self) -> TournamentSettings:
        return self.row.settings

    @property
    def state(self) -> TournamentState:
        return self.row.state

    @property
    def schedule(self) -> Schedule:
        s = self.settings
        return Schedule(s.blinds, s.minutes, s.break_every, s.break_minutes, s.late_levels)

    @property
    def seats_per_table(self) -> int:
        return self.settings.seats

    def clock_seconds(self) -> float:
        """Tournament time: seconds played since the start, the managers' pauses taken out."""
        started = self.state.started_at
        if started is None:
            return 0.0
        return played(self.service.clock(), started, self.state.pauses)

    def level(self) -> Level:
        """The level its tables deal at: by the clock, or with levels by hands ``level_hands`` hands a
        table on average over the tables open now, never below the level kept (``keep_level``)."""
        if not self.settings.level_hands:
            return self.schedule.level_at(self.clock_seconds())
        tables = max(1, len(self.live_tables()))
        return self.schedule.level(max(self.state.level_index, self.hands_dealt() // (self.settings.level_hands * tables)))

    def keep_level(self) -> None:
        """The level by hands kept, as a table deals and before one opens (more tables, fewer hands a table)."""
        self.state.level_index = self.level().number - 1 if self.settings.level_hands else 0

    def hands_dealt(self) -> int:
        """Every hand of every table it opened (what levels by hands count)."""
        return self.state.hands_closed + sum(t.row.hand_no for t in self.live_tables())

    def paused(self) -> bool:
        return any(end is None for _, end in self.state.pauses)

    def stakes(self) -> dict[str, Any]:
        """The settings of the deals its tables start now: the clock's blinds and big-blind ante."""
        level = self.level()
        return {"small_blind": level.small_blind, "big_blind": level.big_blind, "ante": level.ante, "ante_kind": "big blind"}

    def alive(self) -> list[MttEntry]:
        """Entries still playing: seated at a table or on their way to one."""
        return [e for e in self.entries.values() if e.place is None and e.table_id is not None]

    def waiting(self) -> list[int]:
        """Players knocked out while registration is open, by order out, waiting for places (``tournament.places``)."""
        return [user for user, _, _ in self.state.out]

    def entries_paid(self) -> int:
        """Buy-ins paid in: entrants, and their re-entries."""
        return sum(e.entries for e in self.entries.values())

    def prize_table(self) -> list[int]:
        """The prize of each place, 1..N: the pool paid in (every buy-in and re-entry) shared over the
        paid places (about 15% of the buy-ins by default), never more places than entrants. Final once
        the field is fixed (``tournament.places``); before that, what it would be now."""
        shares = self.settings.prizes or mtt_prizes.default_shares(mtt_prizes.paid_places(self.entries_paid()))
        return mtt_prizes.prizes(self.entries_paid() * self.settings.buy_in, shares, len(self.entries))

    def live_tables(self) -> list[LiveTable]:
        """Its open tables, by number."""
        found = [self.service.tables[t] for t in self.numbers
                 if t in self.service.tables and self.service.tables[t].row.status == "playing"]
        return sorted(found, key=lambda t: self.numbers[t.id])

    def chips_in_play(self) -> int:
        """Tournament chips at its tables and carried between them (entries times the stack)."""
        seated = sum(s.stack for t in self.live_tables() for s in t.row.seats)
        return seated + sum(e.chips for e in self.entries.values())

    def registration_open(self) -> bool:
        """Before the start, and while playing until the end of the last level of late registration,
        unless the field was fixed before (one player left)."""
        if self.row.status == "registering":
            return True
        return self.row.status == "playing" and not self.state.field_fixed \
            and self.level().number <= self.settings.late_levels

    async def into_pool(self, tx: Tx, entry: MttEntry, chips: int) -> None:
        """``chips`` from the entry's wallet (the house's for a computer player) into the pool, or out of
        it to the wallet when negative (a refund, a prize), in ``tx``: the pool is written as a delta,
        so no other table's transaction committed after this one can write back an older pool."""
        await tx.move_wallet(self.row.guild_id, HOUSE if entry.is_bot else entry.user_id, -chips)
        await tx.add_to_mtt_pool(self.id, chips)
        self.row.pool += chips

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in a task the tournament owns (cancelled when it ends or the bot stops: ``close``)."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def close(self) -> None:
        """It ended or the bot stops: its other tasks are cancelled, so nothing of one that is over waits on Discord."""
        current = asyncio.current_task()
        for task in list(self.tasks):
            if task is not current:
                task.cancel()

    # -- what spans its tables ----------------------------------------------------------------

    def seating(self) -> list[mtt_seating.Table]:
        """Every open table's chairs, with the players on their way to it put in the seats they will
        take (``seating.worst_seat``): what balancing and breaking decide from."""
        tables = []
        for live in self.live_tables():
            table = seating_of(live, self.seats_per_table)
            for entry in self.entries.values():
                if entry.table_id == live.id and entry.chips and entry.place is None:
                    chair = mtt_seating.worst_seat(table)
                    table = mtt_seating.Table(table.id, tuple(entry.user_id if i == chair else p
                                                              for i, p in enumerate(table.seats)), table.big_blind)
            tables.append(table)
        return tables

    def wake_arrivals(self) -> None:
        """A table waiting for players (no deal, no deadline) that has some on their way deals again."""
        arriving = {e.table_id for e in self.entries.values() if e.chips and e.place is None}
        for table in self.live_tables():
            if table.id in arriving:
                wake(table)

    def wake_all(self) -> None:
        for table in self.live_tables():
            wake(table)

    async def rehome(self, table: LiveTable) -> bool:
        """The table's thread was deleted: it plays on in a new thread, where its message is posted
        anew (no chip of the tournament may leave with a channel). False: no thread could be opened."""
        thread = await self.presenter.open_thread(self.row.guild_id, self.row.channel_id,
                                                  f"{self.row.name} · table {self.numbers[table.id]}"[:100])
        if thread is None:
            return False
        async with table.lock:
            old = table.row.channel_id
            table.row.channel_id, table.row.message_id = thread, None
            async with self.service.storage.transaction() as tx:
                await tx.move_table(table.id, thread)
                await tx.save_table(table.row)
            self.service.moved(table, old)
            table.note("This table's thread was deleted: it plays on in this new thread.")
        self.spawn(self.presenter.show_mtt(self))
        return True

    async def retire(self, table: LiveTable) -> None:
        """A table that broke: its last word, its thread archived; the final table announced."""
        await self.service.presenter.closed(table, "This table broke: its players moved to the tournament's "
                                                   "other tables.")
        self.service.forget(table)
        await self.presenter.archive_thread(self.row.guild_id, table.row.channel_id)
        tables = self.live_tables()
        if len(tables) == 1 and not self.state.final_table:
            self.state.final_table = True
            await self.presenter.announce_mtt(self, "final_table", tables[0])
        await self.presenter.show_mtt(self)

    async def finished(self, table: LiveTable) -> None:
        """Won: the last hand shown at its table, then the result with its picture posted, the
        announcement closed, its other tasks cancelled."""
        await self.service.presenter.update(table)
        await self.presenter.announce_mtt(self, "finished", table)
        await self.presenter.show_mtt(self)
        await self.presenter.archive_thread(self.row.guild_id, table.row.channel_id)
        self.close()


def seating_of(live: LiveTable, seats: int) -> mtt_seating.Table:
    """A table's chairs as ``tournament.seating`` reads them: who sits in each, and the chair of the last big
    blind (``dead_button``)."""
    chairs: list[int | None] = [None] * seats
    for seat in live.row.seats:
        assert seat.chair is not None, "a tournament table's seats have chairs"
        chairs[seat.chair] = seat.user_id
    return mtt_seating.Table(live.id, tuple(chairs), dead_button.last_big_blind(live))


def wake(table: LiveTable) -> None:
    """Deal again now, if the table waits between deals with no deadline."""
    if table.row.deal is None and table.row.deadline is None and table.row.status == "playing":
        table.row.deadline = table.room.clock()
