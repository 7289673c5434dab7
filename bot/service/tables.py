"""The table service: the lobby, deals, turns, timers, computer players and chips, written once.

Cogs (Discord) and selfplay both drive tables only through ``TableService``; what players see is
produced by a ``Presenter`` from engine views. Every change is persisted before it is shown:
each applied action is one SQLite transaction that also moves any chips it settles, so a restart
replays the stored action log and lands in exactly the same state.
"""
from __future__ import annotations

import asyncio
from collections import deque
import logging
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from openskill.models import PlackettLuce

from bot.errors import StaleButton, UserError
from bot.games.base import Action, IllegalAction, Outcome, Seat
from bot.games.cards import commitment, new_seed
from bot.registry import GameSpec, game
from bot.service import tournaments as tournament
from bot.storage.interface import HOUSE, InsufficientChips, Storage, TableRow, Tx

log = logging.getLogger(__name__)

BOT_NAMES = ("Ada", "Babbage", "Curie", "Dijkstra", "Euler", "Fermat", "Gauss", "Hopper", "Iris",
             "Jude")
MAX_LOG = 12
_RATING = PlackettLuce()


@dataclass
class LiveTable:
    """A table in memory: its stored row, its game and the engine of the deal in progress."""

    row: TableRow
    spec: GameSpec
    engine: Any = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    log: list[str] = field(default_factory=list)
    last_outcome: Outcome | None = None
    last_seed: str | None = None  # revealed once its deal is over
    deal_size: int = 0  # seats in the current or last deal (engine seats 0..deal_size-1)
    turn_started: dict[int, int] = field(default_factory=dict)  # deal seat -> step its turn began
    report: str | None = None  # to post once in the channel (an event deal's results table)
    paused: str | None = None  # why the table is paused (the bot can't show it), or None
    paused_left: float | None = None  # seconds its deadline had left when it was paused

    @property
    def id(self) -> int:
        return self.row.id

    def seat_index(self, user_id: int) -> int | None:
        """The table seat of a user, or None."""
        for i, seat in enumerate(self.row.seats):
            if seat["user_id"] == user_id:
                return i
        return None

    def dealt(self) -> list[int]:
        """Table seats dealt into the current deal, in engine seat order."""
        return list(self.row.hand["seats"]) if self.row.hand else []

    def deal_seat(self, user_id: int) -> int | None:
        """The engine seat of a user in the current deal, or None."""
        index = self.seat_index(user_id)
        dealt = self.dealt()
        return dealt.index(index) if index is not None and index in dealt else None

    def user_of_deal_seat(self, deal_seat: int) -> dict[str, Any]:
        return self.row.seats[self.dealt()[deal_seat]]

    def track_turns(self, step: int | None = None) -> None:
        """Remember at which step (default: now) each seat now to act began its turn (for the
        stale-button check)."""
        step = self.row.step if step is None else step
        acting = set(self.engine.to_act()) if self.engine is not None and self.engine.outcome is None else set()
        self.turn_started = {seat: self.turn_started.get(seat, step) for seat in acting}

    def is_stale(self, user_id: int, step: int) -> bool:
        """A button rendered at ``step`` is stale unless it is the current step, or its presser has been
        choosing since then (several seats choose at once: others' choices don't outdate yours)."""
        if step == self.row.step:
            return False
        deal_seat = self.deal_seat(user_id)
        return deal_seat not in self.turn_started or step < self.turn_started[deal_seat]

    def note(self, line: str) -> None:
        self.log.append(line)
        del self.log[:-MAX_LOG]

    def public_view(self) -> dict[str, Any] | None:
        return self.engine.view(None) if self.engine is not None else None

    def commitment(self) -> str | None:
        return self.row.hand["commitment"] if self.row.hand else None


class Presenter(Protocol):
    """Shows tables to people. The Discord presenter edits messages and sends DMs; selfplay renders."""

    async def update(self, table: LiveTable) -> None:
        """The table changed (a deal started, actions were applied, the lobby changed)."""

    async def closed(self, table: LiveTable, reason: str) -> None:
        """The table was cancelled or finished for good."""


class TableService:
    """Owns every open table. All methods raise ``UserError`` / ``IllegalAction`` for bad requests."""

    def __init__(self, storage: Storage, presenter: Presenter, *, clock: Callable[[], float] = time.time,
                 between_deals: float | None = None, offload_bots: bool = True,
                 seeds: Callable[[], str] = new_seed):
        self.storage = storage
        self.presenter = presenter
        self.clock = clock
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

    # -- lookup and restore ------------------------------------------------------------------

    def in_channel(self, channel_id: int) -> LiveTable | None:
        table_id = self._by_channel.get(channel_id)
        return self.tables.get(table_id) if table_id is not None else None

    def table_in(self, guild_id: int | None, table_id: int) -> LiveTable | None:
        """An open table by the id a member gave (a button's custom_id), only for the server it
        belongs to: another server's table is as unknown as a closed one."""
        live = self.tables.get(table_id)
        return live if live is not None and live.row.guild_id == guild_id else None

    def require(self, channel_id: int, game_name: str | None = None, guild_id: int | None = None) -> LiveTable:
        """The channel's table of this game; with ``guild_id``, only if it belongs to that server."""
        live = self.in_channel(channel_id)
        if live is not None and guild_id is not None and live.row.guild_id != guild_id:
            live = None
        if live is None or (game_name is not None and live.spec.name != game_name):
            what = game(game_name).title if game_name else "game"
            raise UserError(f"There is no {what} table in this channel. Create one first.")
        return live

    def in_guild(self, guild_id: int) -> list[LiveTable]:
        return [live for live in self.tables.values() if live.row.guild_id == guild_id]

    def _track(self, live: LiveTable) -> None:
        self.tables[live.id] = live
        self._by_channel[live.row.channel_id] = live.id

    def _forget(self, live: LiveTable) -> None:
        self.tables.pop(live.id, None)
        if self._by_channel.get(live.row.channel_id) == live.id:
            del self._by_channel[live.row.channel_id]

    async def restore(self) -> int:
        """Load every open table and replay its deal in progress. Returns how many were loaded.

        A deal stopped on a computer player's turn is due at once: the timer plays that turn (the
        computer's own choice, not a timeout) without holding up the start of the bot."""
        for row in await self.storage.open_tables():
            live = LiveTable(row=row, spec=game(row.game))
            if row.hand is not None:
                live.engine = self._new_engine(live)
                live.deal_size = len(row.hand["seats"])
                live.track_turns(0)
                for step, (deal_seat, action) in enumerate(row.hand["actions"], start=1):
                    live.engine.apply(deal_seat, Action.from_json(action))
                    live.track_turns(step)  # buttons shown before the restart stay as valid as they were
                if live.engine.outcome is None and any(self._plays_itself(live, s) for s in live.engine.to_act()):
                    row.deadline = min(row.deadline or self.clock(), self.clock())
            live.note("The table was restored after a restart.")
            self._track(live)
        return len(self.tables)

    def _new_engine(self, live: LiveTable) -> Any:
        hand = live.row.hand
        assert hand is not None
        seats = [Seat(name=n, stack=s, is_bot=b)
                 for n, s, b in zip(hand["names"], hand["stacks"], hand["bots"])]
        settings = hand.get("settings", live.row.settings)
        return live.spec.engine(dict(settings), seats, hand["seed"], dict(hand["carry"]))

    # -- lobby -------------------------------------------------------------------------------

    async def create(self, guild_id: int, channel_id: int, game_name: str, host_id: int,
                     host_name: str, settings: dict[str, Any], buy_in: int | None = None,
                     seat_host: bool = True) -> LiveTable:
        if self.in_channel(channel_id) is not None:
            raise UserError("This channel already has a table. Finish or cancel it first, or use a thread.")
        spec = game(game_name)
        merged = {**spec.default_settings, **{k: v for k, v in settings.items() if v is not None}}
        async with self.storage.transaction() as tx:
            table_id = await tx.insert_table(guild_id, channel_id, spec.name, host_id, merged)
        row = await self.storage.table(table_id)
        assert row is not None
        live = LiveTable(row=row, spec=spec)
        self._track(live)
        live.note(f"{host_name} opened a {spec.title} table.")
        if not seat_host:
            return live
        try:
            await self._seat(live, host_id, host_name, buy_in, is_bot=False)
        except Exception:
            async with self.storage.transaction() as tx:
                row.status = "closed"
                await tx.save_table(row)
            self._forget(live)
            raise
        return live

    def _buy_in(self, live: LiveTable, amount: int | None) -> int:
        if not live.spec.chips:
            return 0
        settings = live.row.settings
        amount = settings.get("buy_in", live.spec.default_buy_in) if amount is None else amount
        low = int(settings.get("min_buy_in", max(1, 10 * int(settings.get("big_blind", 1)))))
        if amount < low:
            raise UserError(f"The buy-in must be at least {low} chips.")
        return int(amount)

    async def _seat(self, live: LiveTable, user_id: int, name: str, buy_in: int | None,
                    is_bot: bool) -> None:
        row = live.row
        existing = live.seat_index(user_id)
        if existing is not None and not (live.spec.chips and row.seats[existing]["stack"] == 0):
            raise UserError("You are already seated at this table.")
        if existing is None and len(row.seats) >= live.spec.max_players:
            raise UserError(f"The table is full ({live.spec.max_players} seats).")
        if existing is None and row.status == "playing" and not live.spec.chips:
            raise UserError("This game is under way; join the next one.")
        if tournament.is_tournament(row.settings):
            if row.status == "playing":
                raise UserError("The tournament has started; join the next one.")
            fixed = self._buy_in(live, None)
            if buy_in not in (None, fixed):
                raise UserError(f"Everyone buys in for {fixed} chips in this tournament.")
        amount = self._buy_in(live, buy_in)
        async with self.storage.transaction() as tx:
            if amount:
                await tx.move_wallet(row.guild_id, HOUSE if is_bot else user_id, -amount)
            if existing is None:
                row.seats.append({"user_id": user_id, "name": name, "stack": amount, "is_bot": is_bot,
                                  "sitting_out": False, "timeouts": 0, "leaving": False})
            else:
                row.seats[existing]["stack"] = amount
            await tx.save_table(row)
        chips = f" with {amount} chips" if amount else ""
        live.note(f"{name} sits down{chips}.")

    async def join(self, live: LiveTable, user_id: int, name: str, buy_in: int | None = None) -> None:
        async with live.lock:
            try:
                await self._seat(live, user_id, name, buy_in, is_bot=False)
            except InsufficientChips as error:
                raise UserError(f"{error} Try /daily or a smaller buy-in.") from None
            await self._maybe_resume(live)
        await self.presenter.update(live)

    async def add_bot(self, live: LiveTable, user_id: int) -> str:
        async with live.lock:
            self._require_seated_or_host(live, user_id)
            taken = {s["name"] for s in live.row.seats}
            name = next((f"{n} (bot)" for n in BOT_NAMES if f"{n} (bot)" not in taken), None)
            if name is None:
                raise UserError("No more computer players are available.")
            bot_id = -1 - max([-s["user_id"] for s in live.row.seats if s["is_bot"]], default=0)
            await self._seat(live, bot_id, name, None, is_bot=True)
            await self._maybe_resume(live)
        await self.presenter.update(live)
        return name

    def _require_seated_or_host(self, live: LiveTable, user_id: int) -> None:
        if user_id != live.row.host_id and live.seat_index(user_id) is None:
            raise UserError("Only players at this table can do that.")

    async def leave(self, live: LiveTable, user_id: int) -> str:
        """Leave now (lobby, or not in the deal) or after the current deal. Returns what happened."""
        async with live.lock:
            index = live.seat_index(user_id)
            if index is None:
                raise UserError("You are not seated at this table.")
            seat = live.row.seats[index]
            if tournament.is_tournament(live.row.settings) and live.row.status == "playing" and seat["stack"]:
                raise UserError("You can't leave a running tournament: your hands are folded for you while "
                                "you sit out, or the host can cancel it (every buy-in is returned).")
            if live.row.hand is not None:
                # Seats keep their places until the deal is settled: its record points at them.
                seat["leaving"] = True
                async with self.storage.transaction() as tx:
                    await tx.save_table(live.row)
                live.note(f"{seat['name']} will leave after this deal.")
                message = "You will leave when this deal ends; your turns are played for you until then."
                await self._drive(live)
            else:
                async with self.storage.transaction() as tx:
                    await self._remove_seats(live, tx, [index])
                    await tx.save_table(live.row)
                message = f"You left the table{self._cash_note(seat)}."
        await self.presenter.update(live)
        return message

    @staticmethod
    def _cash_note(seat: dict[str, Any]) -> str:
        return f" with {seat['stack']} chips back in your wallet" if seat["stack"] else ""

    async def _remove_seats(self, live: LiveTable, tx: Tx, indexes: list[int]) -> None:
        """Cash out and remove seats (not dealt in). Keeps the dealer button on the right seat."""
        row = live.row
        for index in sorted(indexes, reverse=True):
            seat = row.seats.pop(index)
            if seat["stack"]:
                await tx.move_wallet(row.guild_id, HOUSE if seat["is_bot"] else seat["user_id"], seat["stack"])
            button = row.carry.get("button_seat")
            if button is not None and index <= button:
                row.carry["button_seat"] = button - 1
            live.note(f"{seat['name']} leaves the table{self._cash_note(seat)}.")
        if row.seats and all(s["user_id"] != row.host_id for s in row.seats):
            humans = [s for s in row.seats if not s["is_bot"]]
            if humans:
                row.host_id = humans[0]["user_id"]

    async def start(self, live: LiveTable, user_id: int) -> None:
        async with live.lock:
            self._require_running(live)
            row = live.row
            if user_id != row.host_id and live.seat_index(user_id) is None:
                raise UserError("Only a seated player can start the game.")
            if row.status == "playing":
                raise UserError("The game has already started.")
            for seat in row.seats:  # computer players buy in again for a new match
                if live.spec.chips and seat["is_bot"] and seat["stack"] == 0:
                    await self._seat(live, seat["user_id"], seat["name"], None, is_bot=True)
            if len(self._eligible(live)) < live.spec.min_players:
                raise UserError(f"{live.spec.title} needs at least {live.spec.min_players} players"
                                " with chips; invite someone or use add-bot.")
            row.status = "playing"
            await self._start_deal(live)
        await self.presenter.update(live)

    async def cancel(self, live: LiveTable, user_id: int, can_manage: bool) -> None:
        """Close the table: the deal in progress is void and every stack goes back to its wallet."""
        async with live.lock:
            if user_id != live.row.host_id and not can_manage:
                raise UserError("Only the host or a member with Manage Channels can cancel this table.")
            await self._close(live, "cancelled")
        await self.presenter.closed(live, "The table was cancelled; every stack is back in its wallet.")

    async def vanished(self, live: LiveTable, why: str) -> bool:
        """The table's channel, thread or server is gone: close it as /cancel does (the deal in
        progress is called off, every stack goes back to its wallet, in one transaction). Returns
        whether it was still open."""
        async with live.lock:
            if self.tables.get(live.id) is not live:
                return False
            await self._close(live, f"closed: {why}")
        log.info("table %s closed: %s", live.id, why)
        return True

    def pause(self, live: LiveTable, why: str) -> bool:
        """The bot can't show the table: stop its clock (no turn runs out on players who can't see
        it) until ``resume``. Returns whether it was running."""
        if live.paused is not None or self.tables.get(live.id) is not live:
            return False
        live.paused = why
        live.paused_left = None if live.row.deadline is None else max(0.0, live.row.deadline - self.clock())
        live.note(f"The table is paused: {why}.")
        return True

    def resume(self, live: LiveTable) -> bool:
        """The table can be shown again: its clock goes on with the time it had left."""
        if live.paused is None:
            return False
        live.paused = None
        if live.paused_left is not None and live.row.deadline is not None:
            live.row.deadline = self.clock() + live.paused_left
        live.paused_left = None
        live.note("The table goes on.")
        return True

    @staticmethod
    def _require_running(live: LiveTable) -> None:
        if live.paused is not None:
            raise UserError(f"This table is paused: {live.paused}. It goes on once I may post in this "
                            "channel again (View Channel, Send Messages, Embed Links, Attach Files).")

    async def _close(self, live: LiveTable, why: str) -> None:
        row = live.row
        async with self.storage.transaction() as tx:
            row.hand = None
            row.deadline = None
            row.status = "closed"
            await self._remove_seats(live, tx, list(range(len(row.seats))))
            await tx.save_table(row)
            await tx.clear_actions(row.id)
        live.engine = None
        live.note(f"The table is {why}.")
        self._forget(live)

    async def set_sitting_out(self, live: LiveTable, user_id: int, value: bool) -> None:
        async with live.lock:
            index = live.seat_index(user_id)
            if index is None:
                raise UserError("You are not seated at this table.")
            seat = live.row.seats[index]
            seat["sitting_out"] = value
            seat["timeouts"] = 0
            async with self.storage.transaction() as tx:
                await tx.save_table(live.row)
            live.note(f"{seat['name']} {'sits out' if value else 'is back'}.")
            if value:
                await self._drive(live)
            else:
                await self._maybe_resume(live)
        await self.presenter.update(live)

    # -- deals -------------------------------------------------------------------------------

    def _eligible(self, live: LiveTable) -> list[int]:
        """Seats dealt into the next deal. In a tournament everyone with chips is dealt in (absent
        players' blinds are posted and their hands folded for them)."""
        if tournament.is_tournament(live.row.settings):
            return [i for i, s in enumerate(live.row.seats) if s["stack"] > 0]
        return [i for i, s in enumerate(live.row.seats)
                if not s["sitting_out"] and not s["leaving"] and (not live.spec.chips or s["stack"] > 0)]

    async def _maybe_resume(self, live: LiveTable) -> None:
        """A playing table that was waiting for players deals again once it has enough."""
        row = live.row
        if row.status == "playing" and row.hand is None and row.deadline is None \
                and len(self._eligible(live)) >= live.spec.min_players:
            row.deadline = self.clock()
            async with self.storage.transaction() as tx:
                await tx.save_table(row)

    async def _start_deal(self, live: LiveTable) -> None:
        row = live.row
        dealt = self._eligible(live)
        if len(dealt) < live.spec.min_players:
            row.deadline = None
            async with self.storage.transaction() as tx:
                await tx.save_table(row)
            live.note("Waiting for more players with chips.")
            return
        carry = dict(row.carry)
        if live.spec.moves_button:
            previous = carry.get("button_seat", -1)
            button = next((i for i in dealt if i > previous), dealt[0])
            carry["button_seat"] = button
            carry["dealer"] = dealt.index(button)
        row.hand_no += 1
        carry["hand_no"] = row.hand_no
        settings = tournament.hand_settings(row.settings, row.hand_no)
        seed, event_key = await self._deal_seed(live, settings, carry)
        seats = [row.seats[i] for i in dealt]
        row.hand = {"seed": seed, "commitment": commitment(seed), "seats": dealt,
                    "names": [s["name"] for s in seats], "stacks": [s["stack"] for s in seats],
                    "bots": [s["is_bot"] for s in seats], "carry": carry, "actions": [],
                    "settings": settings, "event_key": event_key}
        row.step = 0
        live.engine = self._new_engine(live)
        live.turn_started = {}
        live.track_turns()
        live.deal_size = len(dealt)
        live.last_outcome = None
        row.deadline = self._turn_deadline(live)
        live.note(f"Deal #{row.hand_no} starts. Deck SHA-256 {row.hand['commitment'][:16]}…")
        if tournament.is_tournament(row.settings):
            live.note(f"Tournament {tournament.describe_level(row.settings, row.hand_no)}.")
        await self._persist(live)
        await self._drive(live)

    async def _deal_seed(self, live: LiveTable, settings: dict[str, Any],
                         carry: dict[str, Any]) -> tuple[str, str | None]:
        """A fresh seed; for a table in an event, the seed this deal shares with the event's other
        tables (the first to deal it chooses), and the deal's key within the event."""
        seed = self.seeds()
        event = settings.get("event")
        key = live.spec.deal_key(settings, carry) if event and live.spec.deal_key else None
        if key is None:
            return seed, None
        async with self.storage.transaction() as tx:
            return await tx.event_seed(live.row.guild_id, str(event), key, seed), key

    def _pause(self, live: LiveTable) -> float:
        return live.spec.pause_after_deal if self.between_deals is None else self.between_deals

    def _turn_deadline(self, live: LiveTable) -> float | None:
        if live.engine is None or live.engine.outcome is not None:
            return None
        seconds = float(live.row.settings.get("turn_seconds", live.spec.turn_seconds))
        engine_limit = getattr(live.engine, "turn_seconds", None)
        if callable(engine_limit) and "turn_seconds" not in live.row.settings:
            seconds = float(engine_limit() or seconds)
        return self.clock() + seconds

    async def act(self, table_id: int, user_id: int, hand_no: int, step: int | None, action: Action) -> None:
        """A player's action from a button, select or modal."""
        live = self.tables.get(table_id)
        if live is None:
            raise StaleButton("That table is closed.")
        async with live.lock:
            self._require_running(live)
            row = live.row
            if row.hand is None or hand_no != row.hand_no:
                raise StaleButton("That button is from an earlier hand.")
            if step is not None and live.is_stale(user_id, step):
                raise StaleButton("That button is out of date: the table has moved on.")
            deal_seat = live.deal_seat(user_id)
            if deal_seat is None:
                raise UserError("You are not playing in this hand.")
            if deal_seat not in live.engine.to_act():
                raise IllegalAction("It is not your turn.")
            seat = row.seats[live.dealt()[deal_seat]]
            timed_out, seat["timeouts"] = seat["timeouts"], 0
            await self._apply(live, deal_seat, action, seats_changed=timed_out != 0)
            await self._drive(live)
        await self.presenter.update(live)

    async def _apply(self, live: LiveTable, deal_seat: int, action: Action, *, seats_changed: bool = False) -> None:
        """Apply one action and persist it, with the chips it settles, in one transaction.
        ``seats_changed``: the seat records changed with it (a turn timed out, a timeout count reset)."""
        row = live.row
        assert row.hand is not None
        started = time.perf_counter()
        lines = live.engine.apply(deal_seat, action)
        recorded = action.to_json()
        row.hand["actions"].append([deal_seat, recorded])
        row.step += 1
        live.track_turns()
        for line in lines:
            live.note(line)
        row.deadline = self._turn_deadline(live)
        await self._persist(live, (deal_seat, recorded, seats_changed))
        self.action_ms.append((time.perf_counter() - started) * 1000)

    async def _persist(self, live: LiveTable, action: tuple[int, dict[str, Any], bool] | None = None) -> None:
        """Store the table. An ``action`` (engine seat, JSON, whether the seats changed) of a deal
        still going is one appended row plus the few columns it changes; a new deal, or a deal that
        is over (even by forced bets alone) and settled in the same transaction, rewrites the row."""
        outcome = live.engine.outcome
        async with self.storage.transaction() as tx:
            if outcome is not None:
                await self._settle(live, tx, outcome)
                await tx.save_table(live.row)
            elif action is not None:
                seat, recorded, seats_changed = action
                await tx.append_action(live.row, seat, recorded, seats_changed=seats_changed)
            else:
                await tx.save_table(live.row)
        if live.row.status == "closed":  # a tournament just finished and paid out
            self._forget(live)

    async def _settle(self, live: LiveTable, tx: Tx, outcome: Outcome) -> None:
        """The deal is over: stacks, hand history, results and ratings, then what comes next."""
        row = live.row
        hand = row.hand
        assert hand is not None
        dealt = hand["seats"]
        if sum(outcome.deltas) != 0 or len(outcome.deltas) != len(dealt):
            raise RuntimeError(f"engine outcome does not balance: {outcome.deltas}")
        for k, index in enumerate(dealt):
            row.seats[index]["stack"] = hand["stacks"][k] + outcome.deltas[k]
        record = {"seats": dealt, "names": hand["names"], "stacks": hand["stacks"], "carry": hand["carry"],
                  "settings": hand["settings"], "actions": hand["actions"], "outcome": outcome.to_json()}
        await tx.insert_hand(row.id, row.hand_no, row.game, hand["seed"], hand["commitment"], record,
                             live.spec.export(live.engine))
        await tx.clear_actions(row.id)
        await self._record_results(live, tx, outcome)
        if hand.get("event_key") is not None:
            await self._record_event(live, tx, hand)
        carry = dict(outcome.carry)
        if live.spec.moves_button:
            carry["button_seat"] = hand["carry"]["button_seat"]
        row.carry = carry
        row.hand = None
        live.last_outcome = outcome
        live.last_seed = hand["seed"]
        live.note(outcome.summary)
        self.deals_finished += 1
        self.matches_finished += outcome.match_over
        if tournament.is_tournament(row.settings):
            await self._tournament_step(live, tx, hand)
            return
        for seat in row.seats:
            if live.spec.chips and seat["is_bot"] and seat["stack"] == 0:
                amount = self._buy_in(live, None)
                await tx.move_wallet(row.guild_id, HOUSE, -amount)
                seat["stack"] = amount
                live.note(f"{seat['name']} buys in again for {amount}.")
        await self._remove_seats(live, tx, [i for i, s in enumerate(row.seats) if s["leaving"]])
        if outcome.match_over:
            row.status = "lobby"
            row.carry = {}
            row.deadline = None
            if live.spec.chips:  # a match is played for its buy-in: everyone cashes out at the end
                for seat in row.seats:
                    await tx.move_wallet(row.guild_id, HOUSE if seat["is_bot"] else seat["user_id"], seat["stack"])
                    seat["stack"] = 0
                live.note("The match is over: every stack is back in its wallet. Join again to play another.")
            else:
                live.note("The match is over. /start plays another.")
        else:
            row.deadline = self.clock() + self._pause(live)

    async def _record_event(self, live: LiveTable, tx: Tx, hand: dict[str, Any]) -> None:
        """Record this table's result of an event deal and prepare the deal's results table so far."""
        row, spec = live.row, live.spec
        assert spec.event_result is not None and spec.event_report is not None
        event, key = str(hand["settings"]["event"]), str(hand["event_key"])
        players = [{"user_id": row.seats[i]["user_id"], "name": name} for i, name in zip(hand["seats"], hand["names"])]
        await tx.insert_event_result(row.guild_id, event, key, row.id, row.hand_no, players,
                                     spec.event_result(live.engine))
        live.report = spec.event_report(key, await self.storage.event_results(row.guild_id, event, key))

    async def _tournament_step(self, live: LiveTable, tx: Tx, hand: dict[str, Any]) -> None:
        """After a tournament hand: places for the players knocked out; the finish when one is left."""
        row = live.row
        dealt = hand["seats"]
        hand_stacks = dict(zip(dealt, hand["stacks"]))
        remaining = sum(1 for s in row.seats if "place" not in s)
        busted = [i for i in dealt if row.seats[i]["stack"] == 0 and "place" not in row.seats[i]]
        for index, place in zip(busted, tournament.busted_places(remaining, [hand_stacks[i] for i in busted])):
            row.seats[index]["place"] = place
            live.note(f"{row.seats[index]['name']} is out in place {place}.")
        alive = [s for s in row.seats if "place" not in s]
        if len(alive) > 1:
            row.deadline = self.clock() + self._pause(live)
            return
        for seat in alive:
            seat["place"] = 1
        pool = sum(s["stack"] for s in row.seats)
        prizes = tournament.payouts(pool, len(row.seats))
        for seat in row.seats:
            seat["stack"] = prizes[seat["place"] - 1] if seat["place"] <= len(prizes) else 0
        standings = ", ".join(f"{s['place']}. {s['name']} ({s['stack']})"
                              for s in sorted(row.seats, key=lambda s: s["place"]))
        live.note(f"The tournament is over: {standings}.")
        await self._rate(live, tx, row.seats, [s["place"] - 1 for s in row.seats], match=True)
        await self._remove_seats(live, tx, list(range(len(row.seats))))
        row.status = "closed"
        row.deadline = None

    async def _rate(self, live: LiveTable, tx: Tx, seats: list[dict[str, Any]], ranking: list[int], *,
                    match: bool, deltas: tuple[int, ...] | None = None) -> None:
        """Results and openskill ratings for the humans among ``seats`` finishing in ``ranking``."""
        row = live.row
        humans = [s["user_id"] for s in seats if not s["is_bot"]]
        known = await self.storage.ratings(row.guild_id, row.game, humans) if humans else {}
        ratings: dict[int, tuple[float, float]] = {}
        if len(set(ranking)) > 1:
            teams = [[_RATING.rating(*known[s["user_id"]]) if s["user_id"] in known else _RATING.rating()]
                     for s in seats]
            rated = _RATING.rate(teams, ranks=list(ranking))
            ratings = {s["user_id"]: (t[0].mu, t[0].sigma) for s, t in zip(seats, rated)}
        for k, seat in enumerate(seats):
            if not seat["is_bot"]:
                await tx.add_result(row.guild_id, row.game, seat["user_id"], deltas[k] if deltas else 0,
                                    hands=0 if deltas is None else 1, match=match,
                                    win=match and ranking[k] == 0 and len(set(ranking)) > 1,
                                    rating=ratings.get(seat["user_id"]))

    async def _record_results(self, live: LiveTable, tx: Tx, outcome: Outcome) -> None:
        """Chips won per hand for everyone; ratings from the deal's ranking (a match's finishing
        places, or a cash game hand's winners), but not per hand in a tournament."""
        row = live.row
        seats = [row.seats[i] for i in row.hand["seats"]]  # type: ignore[index]
        ranking = list(outcome.ranking) if outcome.ranking is not None else [0] * len(seats)
        if tournament.is_tournament(row.settings):
            ranking = [0] * len(seats)
        elif outcome.ranking is None and live.spec.chips:
            order = sorted(set(outcome.deltas), reverse=True)
            ranking = [order.index(d) for d in outcome.deltas]
        await self._rate(live, tx, seats, ranking, match=outcome.match_over, deltas=outcome.deltas)

    async def _drive(self, live: LiveTable) -> None:
        """Play every turn that no human needs to take: computer players, sitting-out or leaving seats."""
        while live.engine is not None and live.engine.outcome is None and live.row.hand is not None:
            automatic = [s for s in live.engine.to_act() if self._plays_itself(live, s)]
            if not automatic:
                return
            for deal_seat in automatic:
                if deal_seat not in live.engine.to_act():
                    continue
                seat = live.user_of_deal_seat(deal_seat)
                if seat["is_bot"]:
                    action = await self._bot_choice(live, deal_seat)
                else:
                    action = live.engine.timeout_action(deal_seat)
                await self._apply(live, deal_seat, action)
                if live.engine.outcome is not None:
                    return

    @staticmethod
    def _plays_itself(live: LiveTable, deal_seat: int) -> bool:
        seat = live.user_of_deal_seat(deal_seat)
        return bool(seat["is_bot"] or seat["sitting_out"] or seat["leaving"])

    async def _bot_choice(self, live: LiveTable, deal_seat: int) -> Action:
        view = live.engine.view(deal_seat)
        legal = live.engine.legal_actions(deal_seat)
        rng = random.Random(f"{live.row.hand['seed']}:{live.row.step}:{deal_seat}")  # type: ignore[index]
        if self.offload_bots:
            return await asyncio.to_thread(live.spec.choose, view, legal, rng)
        return live.spec.choose(view, legal, rng)

    # -- timers ------------------------------------------------------------------------------

    async def tick(self) -> int:
        """Handle every deadline that has passed (turn timeouts, the next deal). Returns how many.

        Due tables are handled concurrently: a table of computer players thinking through a whole
        board must not hold up another table's timeout. The first error is raised once all are done."""
        done = await asyncio.gather(*(self._handle_deadline(live) for live in self._due()), return_exceptions=True)
        errors = [d for d in done if isinstance(d, BaseException)]
        if errors:
            raise errors[0]
        return sum(1 for d in done if d is True)

    def _due(self) -> list[LiveTable]:
        now = self.clock()
        return [t for t in self.tables.values()
                if t.row.deadline is not None and t.row.deadline <= now and t.paused is None]

    async def _handle_deadline(self, live: LiveTable) -> bool:
        async with live.lock:
            row = live.row
            if row.deadline is None or row.deadline > self.clock() or row.status != "playing" or live.paused:
                return False
            if row.hand is None:
                await self._start_deal(live)
            else:
                await self._time_out(live)
        await self.presenter.update(live)
        return True

    async def _time_out(self, live: LiveTable) -> None:
        for deal_seat in list(live.engine.to_act()):
            if live.engine.outcome is not None or deal_seat not in live.engine.to_act():
                continue
            if self._plays_itself(live, deal_seat):
                continue  # a computer's (or sitting-out) turn a restart interrupted: _drive plays it
            seat = live.user_of_deal_seat(deal_seat)
            action = live.engine.timeout_action(deal_seat)
            seat["timeouts"] += 1
            live.note(f"{seat['name']} ran out of time.")
            if seat["timeouts"] >= 2 and live.spec.chips:
                seat["sitting_out"] = True
                live.note(f"{seat['name']} timed out twice and now sits out.")
            await self._apply(live, deal_seat, action, seats_changed=True)
        await self._drive(live)

    async def run_timers(self, interval: float = 0.5) -> None:
        """Forever: every ``interval``, start handling each due table in a task of its own, so a table
        whose computer players think through a whole board holds up no other table's deadline."""
        in_flight: dict[int, asyncio.Task[None]] = {}
        while True:
            for live in self._due():
                if live.id not in in_flight:
                    in_flight[live.id] = asyncio.create_task(self._handle_logged(live))
                    in_flight[live.id].add_done_callback(lambda _, table=live.id: in_flight.pop(table, None))
            await asyncio.sleep(interval)

    async def _handle_logged(self, live: LiveTable) -> None:
        """A deadline handled by the timer: errors are logged, never fatal to the timer."""
        try:
            await self._handle_deadline(live)
        except Exception:
            log.exception("the deadline of table %s failed", live.id)
