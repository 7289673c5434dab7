"""A table in memory (``LiveTable``), what it needs of the service that holds every table (``Room``)
and what the service asks of whoever shows it (``Presenter``).

A table owns itself: its state, lock, engine, log and tasks are here; what members may ask of it are
its ``commands``, and what it does is written as functions of the table in the modules of its jobs
(``lobby``: seats and the table's life; ``dealing``: deals, turns and timeouts; ``settlement``: a
deal's end; ``events``: an event's boards). What it holds in memory beside its row and engine is
grouped by concern, each written only by its concern's modules: ``turns`` (``turns.Turns``) and the
frozen records of ``memory`` (``last_deal``, ``after_hand``, ``undo``, ``event_deal``, ``paused``). The
service (``tables.TableService``) is the registry of tables and what spans them.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field, fields
from typing import Any, Callable, Coroutine, Protocol

from bot.errors import EarlierHand, NotPlaying, OtherHand, StaleButton, TablePaused, UserError
from bot.games.base import ActionSpec, Seat
from bot.games.moves import offered
from bot.registry import GameSpec
from bot.service.table.commands import Commands
from bot.service.table.kind import Owners, TableKind
from bot.service.table.memory import AfterHand, EventDeal, LastDeal, Paused, UndoAsked
from bot.service.table.press import Judged, Press
from bot.service.table.stored_lock import StoredLock
from bot.service.table.turns import Turns
from bot.storage.interface import Storage
from bot.storage.records import TableRow, TableSeat

MAX_LOG = 12
MEMORY = ("engine", "last_deal", "after_hand", "undo", "event_deal")
"""What of a table memory alone holds (the engine: the last deal's, shown between deals), kept as it
was when a failed command took the lock (``LiveTable.restore``), with its log; the records are frozen,
so they are kept as they are. Where the table is shown, which the presenter stores in transactions of
its own, is kept from memory when the row is read back."""
KEPT = ("channel_id", "message_id")


@dataclass
class LiveTable:
    """A table in memory: its stored row, its game and the engine of the deal in progress."""

    row: TableRow
    spec: GameSpec
    engine: Any = None
    lock: StoredLock = field(init=False, repr=False)
    """Held by every command; a command that fails puts the table back as stored (``restore``)."""
    log: list[str] = field(default_factory=list)
    turns: Turns = field(default_factory=Turns)  # when each seat to act began its turn (the stale check)
    last_deal: LastDeal | None = None  # the deal it finished last, until the next is dealt (``settlement``)
    after_hand: AfterHand = AfterHand()  # its rabbit hunted, its bounty paid (``after_hand``, ``bounty``)
    undo: UndoAsked | None = None  # an undo waiting for the opponents' answer (``undo``)
    event_deal: EventDeal | None = None  # the event deal it finished last (``bot.service.events``)
    paused: Paused | None = None  # why the bot can't show it, if so (``tables``)
    tasks: set[asyncio.Task[Any]] = field(default_factory=set)
    """Work started for this table alone (its deadline, a refresh of its message): cancelled when
    the table closes (``close``), so nothing of a closed table goes on running."""
    room: "Room" = field(kw_only=True, repr=False)
    """The service that holds it: storage, presenter, clock, and what spans tables."""
    kind: TableKind = field(init=False, repr=False)
    """What differs by kind of table (``kinds.of``), given it as the service takes it in."""
    commands: Commands = field(init=False, repr=False)
    """What members may ask of it (``jobs.Jobs``, given it as the service takes it in): ``act``,
    ``join``, ``leave``, ``start``... each under its lock, stored and shown (``command``)."""

    def __post_init__(self) -> None:
        self.lock = StoredLock(self)

    @property
    def id(self) -> int:
        return self.row.id

    def new_engine(self) -> Any:
        """The engine of the deal in progress as it was dealt, before any action."""
        deal = self.row.deal
        assert deal is not None
        seats = [Seat(name=n, stack=s, is_bot=b) for n, s, b in zip(deal.names, deal.stacks, deal.bots)]
        return self.spec.engine(dict(deal.settings), seats, deal.seed, dict(deal.carry))

    def replay(self) -> None:
        """The deal in progress rebuilt from the row: a new engine and the stored actions played anew
        (judged when they were made, so not again: a corrupt one fails on the engine's own checks),
        with the step each seat's turn began (a restart, an undo, a failed command put back)."""
        deal = self.row.deal
        assert deal is not None
        self.engine = self.new_engine()
        self.turns.restart()
        self.track_turns(0)
        for step, move in enumerate(deal.actions, start=1):
            self.engine.apply_judged(move.deal_seat, move.action)
            self.track_turns(step)  # buttons shown before stay as valid as they were

    def checkpoint(self) -> dict[str, Any]:  # what memory alone holds of it now, for ``restore``
        return {**{name: getattr(self, name) for name in MEMORY}, "log": list(self.log)}

    async def restore(self, memory: dict[str, Any]) -> None:
        """The table back as storage has it (a command failed before its change was stored): its row
        read anew, its deal's engine replayed, and what only memory holds as in ``memory``."""
        stored = await self.room.storage.table(self.id)
        if stored is None:
            raise RuntimeError(f"table {self.id} is not in storage")
        for item in fields(stored):
            if item.name not in KEPT:
                setattr(self.row, item.name, getattr(stored, item.name))
        for name, value in memory.items():
            setattr(self, name, value)
        if self.row.deal is not None:
            self.replay()
        else:
            self.turns.restart()

    def spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Run ``work`` in a task the table owns until it is done or the table closes."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def close(self) -> None:
        """The table is closed: cancel its tasks (not the one closing it, which finishes its work)."""
        current = asyncio.current_task()
        for task in list(self.tasks):
            if task is not current:
                task.cancel()

    def seat_index(self, user_id: int) -> int | None:
        """The table seat of a user, or None."""
        for i, seat in enumerate(self.row.seats):
            if seat.user_id == user_id:
                return i
        return None

    def seat_of_user(self, user_id: int) -> TableSeat:
        """The member's table seat, or the refusal that says how to get one."""
        index = self.seat_index(user_id)
        if index is None:
            raise UserError(f"You are not seated at this table: join it first (`/{self.spec.name} join`).")
        return self.row.seats[index]

    async def save(self) -> None:
        """Store the table's row (its seats, settings, deadline), in a transaction of its own."""
        async with self.room.storage.transaction() as tx:
            await tx.save_table(self.row)

    def dealt(self) -> list[int]:
        """Table seats dealt into the current deal, in engine seat order."""
        return list(self.row.deal.seats) if self.row.deal else []

    @property
    def deal_size(self) -> int:
        """Seats in the current deal, or the last (engine seats 0..deal_size-1)."""
        if self.row.deal is not None:
            return len(self.row.deal.seats)
        return len(self.last_deal.players) if self.last_deal is not None else 0

    @property
    def withheld(self) -> bool:
        """Its last deal, an event's, is still secret: its message shows none of it."""
        event = self.event_deal
        return event is not None and event.withheld and self.row.deal is None and event.hand_no == self.row.hand_no

    def deal_seat(self, user_id: int) -> int | None:
        """The engine seat of a user in the current deal, or None."""
        index = self.seat_index(user_id)
        dealt = self.dealt()
        return dealt.index(index) if index is not None and index in dealt else None

    def table_seat_of(self, deal_seat: int) -> TableSeat:
        """Who holds a deal seat: the table seat dealt in at that place."""
        return self.row.seats[self.dealt()[deal_seat]]

    def track_turns(self, step: int | None = None) -> None:
        """Remember at which step (default: now) each seat now to act began its turn (for the
        stale-button check)."""
        step = self.row.step if step is None else step
        acting = self.engine.to_act() if self.engine is not None and self.engine.outcome is None else ()
        self.turns.track(acting, step)

    def is_stale(self, user_id: int, step: int) -> bool:
        """A button rendered at ``step`` is stale unless it is the current step, or its presser has been
        choosing since then (``turns``)."""
        return self.turns.stale(self.deal_seat(user_id), step, self.row.step)

    def _pressed_seat(self, user_id: int, hand_no: int, step: int | None) -> int:
        """The deal seat a press on a component of hand ``hand_no`` drawn at ``step`` moves for, or the
        refusal: the table is paused, the component is stale, the presser is not dealt in."""
        if self.paused is not None:
            raise TablePaused(self.paused.why)
        row = self.row
        if row.deal is None or hand_no < row.hand_no:
            raise EarlierHand()
        if hand_no != row.hand_no:
            raise OtherHand()
        deal_seat = self.deal_seat(user_id)
        if step is not None and (step > row.step or self.turns.stale(deal_seat, step, row.step)):
            raise StaleButton()
        if deal_seat is None:
            raise NotPlaying()
        return deal_seat

    def verify(self, press: Press) -> Judged:
        """The one judgement of a press, which ``dealing.act`` asks under the table's lock: the deal
        seat it moves for and its move as the engine will apply it, else the refusal in the words the
        presser reads. Whose turn it is, and what the move may be, the engine judges (its ``verify``:
        a bridge claim is any player's but dummy's at any time)."""
        deal_seat = self._pressed_seat(press.user_id, press.hand_no, press.step)
        return Judged(deal_seat, self.engine.verify(deal_seat, press.action))

    def offer(self, user_id: int, hand_no: int, step: int, kind: str) -> list[ActionSpec]:
        """The presser's moves of ``kind`` on offer now, or the refusal ``verify`` would give: asked
        only where the adapter must answer before the move exists (a range opens a form, a choice a
        select); the move it then sends is judged by ``verify``."""
        return offered(self.engine, self._pressed_seat(user_id, hand_no, step), kind)

    def note(self, line: str) -> None:
        self.log.append(line)
        del self.log[:-MAX_LOG]

    def public_view(self) -> dict[str, Any] | None:
        return self.engine.view(None) if self.engine is not None else None

    def commitment(self) -> str | None:
        return self.row.deal.commitment if self.row.deal else None


class Presenter(Protocol):
    """Shows tables to people. The Discord presenter edits messages and sends DMs; selfplay renders."""

    async def update(self, table: LiveTable) -> None:
        """The table changed (a deal started, actions were applied, the lobby changed)."""

    async def announce(self, guild_id: int, channel_id: int, text: str, report: str = "") -> None:
        """Post ``text`` once in a channel, then a game's ``report`` that holds members' names (an
        event board's results, when they are revealed)."""

    async def closed(self, table: LiveTable, reason: str) -> None:
        """The table was cancelled or finished for good."""


class Room(Protocol):
    """What a table uses of the service that holds it (``tables.TableService``)."""

    storage: Storage
    presenter: Presenter
    tables: dict[int, LiveTable]
    """The open tables, by id."""
    clock: Callable[[], float]
    seeds: Callable[[str], str]
    """A deal's seed, given the deal's label (``<table id>:<hand no>``)."""
    between_deals: float | None
    """Seconds from the end of a deal to the next: None for each game's own ``pause_after_deal``."""
    offload_bots: bool
    """Computer players think in a thread (the bot), or on the event loop (tests, selfplay)."""
    @property
    def mtts(self) -> Owners:
        """The multi-table tournaments, which own some tables (``bot.service.tournament.desk``)."""

    def owns(self, guild_id: int) -> bool: ...

    def pause(self, table: LiveTable, why: str) -> bool:
        """The bot can't show the table: stop its clock until it can. Returns whether it ran."""

    def action_done(self, game_name: str, seconds: float) -> None:
        """An action was applied and stored in ``seconds`` (the metrics)."""

    def deal_done(self, match_over: bool) -> None:
        """A deal (and maybe its match) finished (the counters selfplay reads)."""

    def forget(self, table: LiveTable) -> None:
        """The table closed: out of the registry, its tasks cancelled."""

    async def reveal_event_deals(self, guild_id: int, event: str, finished_by: LiveTable | None = None,
                                 channels: list[int] | None = None) -> list[str]:
        """Reveal what of an event may be now, to every table of it."""

    async def hand_link(self, guild_id: int, table_id: int, hand_no: int) -> str | None:
        """The web replay of a hand the table has just finished, while the server's web page is on
        (``bot.service.web_links``)."""

