"""Timers: turn timeouts and the pause before the next deal, one task per due table."""
from __future__ import annotations

import asyncio
import logging

from bot.service.base import ServiceBase
from bot.service.live import LiveTable

log = logging.getLogger(__name__)


class Timers(ServiceBase):
    """Deadlines: a turn that ran out of time, or a table due to deal again."""

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
            if row.deal is None:
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
            seat = live.table_seat_of(deal_seat)
            action = live.engine.timeout_action(deal_seat)
            seat.timeouts += 1
            live.note(f"{seat.name} ran out of time.")
            if seat.timeouts >= 2 and live.spec.chips:
                seat.sitting_out = True
                live.note(f"{seat.name} timed out twice and now sits out.")
            await self._apply(live, deal_seat, action, seats_changed=True)
        await self._drive(live)

    def _pause(self, live: LiveTable) -> float:
        return live.spec.pause_after_deal if self.between_deals is None else self.between_deals

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

    async def run_timers(self, interval: float = 0.5) -> None:
        """Forever: every ``interval``, start handling each due table in a task the table owns (one at
        a time per table), so a table whose computer players think through a whole board holds up no
        other table's deadline, and a table that closes meanwhile cancels its own."""
        handling: dict[int, asyncio.Task[None]] = {}
        while True:
            for live in self._due():
                if live.id not in handling:
                    handling[live.id] = live.spawn(self._handle_logged(live))
                    handling[live.id].add_done_callback(lambda _, table=live.id: handling.pop(table, None))
            await asyncio.sleep(interval)

    async def _handle_logged(self, live: LiveTable) -> None:
        """A deadline handled by the timer: errors are logged, never fatal to the timer."""
        try:
            await self._handle_deadline(live)
        except Exception:
            log.exception("the deadline of table %s failed", live.id)
