"""Deals and turns: dealing from a seed, players' actions, computer players and seats that play
themselves, and replaying the deals in progress after a restart.

Every change is persisted before it is shown: each applied action is one transaction (one appended
action row, or the whole settlement when it ends the deal), so a restart replays the stored actions
and lands in exactly the same state.
"""
from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from bot.errors import StaleButton
from bot.games.base import Action, Seat
from bot.games.cards import commitment
from bot.registry import game
from bot.service import tournaments
from bot.service.base import ServiceBase
from bot.service.live import LiveTable
from bot.storage.interface import Deal


class Dealing(ServiceBase):
    """The deal in progress, from its first card to the action that ends it."""

    async def restore(self) -> int:
        """Load every open table and replay its deal in progress. Returns how many were loaded.

        A deal stopped on a computer player's turn is due at once: the timer plays that turn (the
        computer's own choice, not a timeout) without holding up the start of the bot."""
        for row in await self.storage.open_tables():
            if not self.owns(row.guild_id):
                continue
            live = LiveTable(row=row, spec=game(row.game))
            if row.deal is not None:
                live.engine = self._new_engine(live)
                live.deal_size = len(row.deal.seats)
                live.track_turns(0)
                for step, (deal_seat, action) in enumerate(row.deal.actions, start=1):
                    live.engine.apply(deal_seat, Action.from_json(action))
                    live.track_turns(step)  # buttons shown before the restart stay as valid as they were
                if live.engine.outcome is None and any(self._plays_itself(live, s) for s in live.engine.to_act()):
                    row.deadline = min(row.deadline or self.clock(), self.clock())
            live.note("The table was restored after a restart.")
            self._track(live)
        return len(self.tables)

    def _new_engine(self, live: LiveTable) -> Any:
        deal = live.row.deal
        assert deal is not None
        seats = [Seat(name=n, stack=s, is_bot=b)
                 for n, s, b in zip(deal.names, deal.stacks, deal.bots)]
        return live.spec.engine(dict(deal.settings), seats, deal.seed, dict(deal.carry))

    def _eligible(self, live: LiveTable) -> list[int]:
        """Seats dealt into the next deal. In a tournament everyone with chips is dealt in (absent
        players' blinds are posted and their hands folded for them)."""
        if tournaments.is_tournament(live.row.settings):
            return [i for i, s in enumerate(live.row.seats) if s.stack > 0]
        return [i for i, s in enumerate(live.row.seats)
                if not s.sitting_out and not s.leaving and (not live.spec.chips or s.stack > 0)]

    async def _maybe_resume(self, live: LiveTable) -> None:
        """A playing table that was waiting for players deals again once it has enough."""
        row = live.row
        if row.status == "playing" and row.deal is None and row.deadline is None \
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
        settings = tournaments.hand_settings(row.settings, row.hand_no)
        seed, event_key = await self._deal_seed(live, settings, carry)
        seats = [row.seats[i] for i in dealt]
        row.deal = Deal(seed=seed, commitment=commitment(seed), seats=dealt, names=[s.name for s in seats],
                        stacks=[s.stack for s in seats], bots=[s.is_bot for s in seats], carry=carry,
                        settings=settings, event_key=event_key)
        row.step = 0
        live.engine = self._new_engine(live)
        live.turn_started = {}
        live.track_turns()
        live.deal_size = len(dealt)
        live.last_outcome = None
        live.withheld = False
        row.deadline = self._turn_deadline(live)
        live.note(f"Deal #{row.hand_no} starts. Deck SHA-256 {row.deal.commitment[:16]}…")
        if tournaments.is_tournament(row.settings):
            live.note(f"Tournament {tournaments.describe_level(row.settings, row.hand_no)}.")
        await self._persist(live)
        await self._drive(live)

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
            deal_seat, _ = live.verify_press(user_id, hand_no, step)
            row = live.row
            seat = row.seats[live.dealt()[deal_seat]]
            timed_out, seat.timeouts = seat.timeouts, 0
            await self._apply(live, deal_seat, action, seats_changed=timed_out != 0)
            await self._drive(live)
        await self.presenter.update(live)

    async def _apply(self, live: LiveTable, deal_seat: int, action: Action, *, seats_changed: bool = False) -> None:
        """Apply one action and persist it, with the chips it settles, in one transaction.
        ``seats_changed``: the seat records changed with it (a turn timed out, a timeout count reset)."""
        row = live.row
        assert row.deal is not None
        started = time.perf_counter()
        lines = live.engine.apply(deal_seat, action)
        recorded = action.to_json()
        row.deal.actions.append([deal_seat, recorded])
        row.step += 1
        live.track_turns()
        for line in lines:
            live.note(line)
        row.deadline = self._turn_deadline(live)
        await self._persist(live, (deal_seat, recorded, seats_changed))
        seconds = time.perf_counter() - started
        self.action_ms.append(seconds * 1000)
        self.on_action(live.spec.name, seconds)

    async def _persist(self, live: LiveTable, action: tuple[int, dict[str, Any], bool] | None = None) -> None:
        """Store the table. An ``action`` (engine seat, JSON, whether the seats changed) of a deal
        still going is one write, its appended row (which carries the step, the deadline and changed
        seats); a new deal rewrites the table row; a deal that is over (even by forced bets alone)
        ends (``_end_deal``)."""
        if live.engine.outcome is not None:
            await self._end_deal(live)
            return
        async with self.storage.transaction() as tx:
            if action is not None:
                seat, recorded, seats_changed = action
                await tx.append_action(live.row, seat, recorded, seats_changed=seats_changed)
            else:
                await tx.save_table(live.row)

    async def _drive(self, live: LiveTable) -> None:
        """Play every turn that no human needs to take: computer players, sitting-out or leaving seats."""
        while live.engine is not None and live.engine.outcome is None and live.row.deal is not None:
            automatic = [s for s in live.engine.to_act() if self._plays_itself(live, s)]
            if not automatic:
                return
            for deal_seat in automatic:
                if deal_seat not in live.engine.to_act():
                    continue
                seat = live.table_seat_of(deal_seat)
                if seat.is_bot:
                    action = await self._bot_choice(live, deal_seat)
                else:
                    action = live.engine.timeout_action(deal_seat)
                await self._apply(live, deal_seat, action)
                if live.engine.outcome is not None:
                    return

    @staticmethod
    def _plays_itself(live: LiveTable, deal_seat: int) -> bool:
        seat = live.table_seat_of(deal_seat)
        return bool(seat.is_bot or seat.sitting_out or seat.leaving)

    async def _bot_choice(self, live: LiveTable, deal_seat: int) -> Action:
        view = live.engine.view(deal_seat)
        legal = live.engine.legal_actions(deal_seat)
        assert live.row.deal is not None  # a computer player chooses in a deal
        rng = random.Random(f"{live.row.deal.seed}:{live.row.step}:{deal_seat}")
        if self.offload_bots:
            return await asyncio.to_thread(live.spec.choose, view, legal, rng)
        return live.spec.choose(view, legal, rng)
