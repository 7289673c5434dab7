"""The lobby and the seats: open a table, sit down (buying in from the wallet), computer players,
leave (cashing out), start, sit out, cancel."""
from __future__ import annotations

import logging
from typing import Any

from bot.errors import UserError
from bot.registry import game
from bot.service import tournaments
from bot.service.base import ServiceBase
from bot.service.live import LiveTable
from bot.storage.interface import HOUSE, TableSeat, Tx

log = logging.getLogger(__name__)

BOT_NAMES = ("Ada", "Babbage", "Curie", "Dijkstra", "Euler", "Fermat", "Gauss", "Hopper", "Iris",
             "Jude")


class Lobby(ServiceBase):
    """Seats and the table's life before, between and after deals."""

    async def create(self, guild_id: int, channel_id: int, game_name: str, host_id: int,
                     host_name: str, settings: dict[str, Any], buy_in: int | None = None,
                     seat_host: bool = True) -> LiveTable:
        self.require_owner(guild_id)
        if self.in_channel(channel_id) is not None:
            raise UserError("This channel already has a table. Finish or cancel it first, or use a thread.")
        spec = game(game_name)
        merged = {**spec.default_settings, **{k: v for k, v in settings.items() if v is not None}}
        event = merged.get("event") if spec.deal_key else None
        if event:
            await self._check_event_join(guild_id, str(event))
        async with self.storage.transaction() as tx:
            table_id = await tx.insert_table(guild_id, channel_id, spec.name, host_id, merged)
            if event:
                await tx.join_event(guild_id, str(event), table_id)
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
        # Every chip game's defaults hold a minimum buy-in or a big blind (``bot/registry.py``).
        low = int(settings["min_buy_in"] if "min_buy_in" in settings else 10 * int(settings["big_blind"]))
        if amount < low:
            raise UserError(f"The buy-in must be at least {low} chips.")
        return int(amount)

    async def _seat(self, live: LiveTable, user_id: int, name: str, buy_in: int | None,
                    is_bot: bool) -> None:
        row = live.row
        existing = live.seat_index(user_id)
        if existing is not None and not (live.spec.chips and row.seats[existing].stack == 0):
            raise UserError("You are already seated at this table.")
        if existing is None:
            self._require_room(live)
        if existing is None and row.status == "playing" and not live.spec.chips:
            raise UserError("This game is under way; join the next one.")
        if tournaments.is_tournament(row.settings):
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
                row.seats.append(TableSeat(user_id, name, amount, is_bot=is_bot))
            else:
                row.seats[existing].stack = amount
            await tx.save_table(row)
        chips = f" with {amount} chips" if amount else ""
        live.note(f"{name} sits down{chips}.")

    async def join(self, live: LiveTable, user_id: int, name: str, buy_in: int | None = None) -> None:
        async with live.lock:
            await self._seat(live, user_id, name, buy_in, is_bot=False)
            await self._maybe_resume(live)
        await self.presenter.update(live)

    async def add_bot(self, live: LiveTable, user_id: int) -> str:
        async with live.lock:
            self._require_seated_or_host(live, user_id)
            self._require_room(live)
            taken = {s.name for s in live.row.seats}
            # No game seats more than ten: with a seat free, one of the ten names is free too.
            name = next(f"{n} (bot)" for n in BOT_NAMES if f"{n} (bot)" not in taken)
            bot_id = -1 - max([-s.user_id for s in live.row.seats if s.is_bot], default=0)
            await self._seat(live, bot_id, name, None, is_bot=True)
            await self._maybe_resume(live)
        await self.presenter.update(live)
        return name

    @staticmethod
    def _require_room(live: LiveTable) -> None:
        if len(live.row.seats) >= live.spec.max_players:
            raise UserError(f"The table is full ({live.spec.max_players} seats).")

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
            if self._running_tournament(live):
                if seat.place is not None:  # the seat stays: it is an entry the tournament pays or refunds
                    raise UserError(f"You are out of this tournament (place {seat.place}); there is "
                                    f"nothing to leave. {tournaments.CANCEL_RULE}")
                raise UserError("You can't leave a running tournament: your hands are folded for you while "
                                f"you sit out. {tournaments.CANCEL_RULE}")
            if live.row.deal is not None:
                # Seats keep their places until the deal is settled: its record points at them.
                seat.leaving = True
                async with self.storage.transaction() as tx:
                    await tx.save_table(live.row)
                live.note(f"{seat.name} will leave after this deal.")
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
    def _cash_note(seat: TableSeat) -> str:
        return f" with {seat.stack} chips back in your wallet" if seat.stack else ""

    async def _remove_seats(self, live: LiveTable, tx: Tx, indexes: list[int]) -> None:
        """Cash out and remove seats (not dealt in). Keeps the dealer button on the right seat."""
        row = live.row
        for index in sorted(indexes, reverse=True):
            seat = row.seats.pop(index)
            if seat.stack:
                await tx.move_wallet(row.guild_id, HOUSE if seat.is_bot else seat.user_id, seat.stack)
            button = row.carry.get("button_seat")
            if button is not None and index <= button:
                row.carry["button_seat"] = button - 1
            live.note(f"{seat.name} leaves the table{self._cash_note(seat)}.")
        if row.seats and all(s.user_id != row.host_id for s in row.seats):
            humans = [s for s in row.seats if not s.is_bot]
            if humans:
                row.host_id = humans[0].user_id

    async def start(self, live: LiveTable, user_id: int) -> None:
        async with live.lock:
            self._require_running(live)
            row = live.row
            if user_id != row.host_id and live.seat_index(user_id) is None:
                raise UserError("Only a seated player can start the game.")
            if row.status == "playing":
                raise UserError("The game has already started.")
            for seat in row.seats:  # computer players buy in again for a new match
                if live.spec.chips and seat.is_bot and seat.stack == 0:
                    await self._seat(live, seat.user_id, seat.name, None, is_bot=True)
            if len(self._eligible(live)) < live.spec.min_players:
                raise UserError(f"{live.spec.title} needs at least {live.spec.min_players} players"
                                " with chips; invite someone or use add-bot.")
            row.status = "playing"
            await self._start_deal(live)
        await self.presenter.update(live)

    async def cancel(self, live: LiveTable, user_id: int, can_manage: bool) -> None:
        """Close the table: the deal in progress is void and every stack goes back to its wallet (a
        running tournament: every entrant's buy-in, see ``tournaments.CANCEL_RULE``)."""
        async with live.lock:
            running = self._running_tournament(live)
            if running and not can_manage:
                raise UserError(tournaments.CANCEL_RULE)
            if user_id != live.row.host_id and not can_manage:
                raise UserError("Only the host or a member with Manage Channels can cancel this table.")
            note = await self._close(live)
            await self._reveal_after_close(live)
        reason = ("The tournament was cancelled; every entrant's buy-in is back in its wallet." if running
                  else "The table was cancelled; every stack is back in its wallet." if live.spec.chips
                  else "The table was cancelled.")
        await self.presenter.closed(live, f"{reason} {note}" if note else reason)

    @staticmethod
    def _running_tournament(live: LiveTable) -> bool:
        return tournaments.is_tournament(live.row.settings) and live.row.status == "playing"

    async def vanished(self, live: LiveTable, why: str) -> bool:
        """The table's channel, thread or server is gone: close it as /cancel does (the deal in
        progress is called off, every stack goes back to its wallet, in one transaction). Returns
        whether it was still open."""
        async with live.lock:
            if self.tables.get(live.id) is not live:
                return False
            await self._close(live)
            await self._reveal_after_close(live)
        log.info("table %s closed: %s", live.id, why)
        return True

    async def _close(self, live: LiveTable) -> str | None:
        """Close the table and cash everyone out. Members read why in the presenter's last word
        (``presenter.closed``), which replaces the table message and its log; returned: what the game
        says of a match it stopped (``GameSpec.closing_note``: an unfinished rubber's score)."""
        row = live.row
        note = live.spec.closing_note(row.carry) if live.spec.closing_note else None
        if note:
            live.note(note)
        async with self.storage.transaction() as tx:
            if self._running_tournament(live):  # the hand in progress is void: stacks are as it began
                refunds = tournaments.cancel_refunds([s.stack for s in row.seats], self._buy_in(live, None))
                for seat, refund in zip(row.seats, refunds):
                    seat.stack = refund
            row.deal = None
            row.deadline = None
            row.status = "closed"
            await self._remove_seats(live, tx, list(range(len(row.seats))))
            await tx.save_table(row)
            await tx.clear_actions(row.id)
        live.engine = None
        self._forget(live)
        return note

    async def set_sitting_out(self, live: LiveTable, user_id: int, value: bool) -> None:
        async with live.lock:
            index = live.seat_index(user_id)
            if index is None:
                raise UserError("You are not seated at this table.")
            seat = live.row.seats[index]
            seat.sitting_out = value
            seat.timeouts = 0
            async with self.storage.transaction() as tx:
                await tx.save_table(live.row)
            live.note(f"{seat.name} {'sits out' if value else 'is back'}.")
            if value:
                await self._drive(live)
            else:
                await self._maybe_resume(live)
        await self.presenter.update(live)
