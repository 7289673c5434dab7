"""The kinds of table, each a policy for what differs by kind (``kind.TableKind``): a casual table,
a cash table, a sit-and-go, a multi-table tournament's table and a bridge event's table. A table
holds one (``LiveTable.kind``), chosen here from its settings when it is made or restored
(``of``); this is the one place the settings' mode and event are read to tell the kinds apart."""
from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import Any, Sequence

from bot.errors import UserError
from bot.games.base import Outcome
from bot.service.events.shared_deals import event_deal_finished, record_event
from bot.service.table.kind import Hold, Loss, Lost, TableKind
from bot.service.table.live import LiveTable
from bot.service.table.seats import buy_in
from bot.service.table.settlement import add_asked_chips, carry_on, rebuy_computer_players, tournament_step
from bot.service.tournament import sit_and_go, table_hooks
from bot.storage.interface import Tx
from bot.storage.records import Deal, TableMode


class CasualTable:
    """A table played for fun or for one buy-in: members come and go between deals; a chip game's
    stacks go back to their wallets at the match's end."""

    cash = False
    deals_everyone_with_chips = False
    wallet_chips = True
    event: str | None = None

    def __init__(self, table: LiveTable):
        self.table = table

    @property
    def tournament(self) -> Any:
        return None

    def running(self) -> bool:
        return False

    def refuse_join(self, amount: int | None) -> None:
        return None

    def refuse_leave(self, place: int | None) -> None:
        return None

    def refuse_cancel(self, can_manage: bool) -> None:
        return None

    def cancelled_text(self) -> str:
        return ("The table was cancelled; every stack is back in its wallet." if self.table.spec.chips
                else "The table was cancelled.")

    async def before_deal(self) -> Hold | None:
        return None

    def deal_settings(self) -> dict[str, Any]:
        return self.table.row.settings.to_json()

    def deal_started(self) -> None:
        return None

    def deal_end(self) -> AbstractContextManager[None]:
        return nullcontext()

    async def after_deal(self, tx: Tx, deal: Deal, outcome: Outcome) -> None:
        await rebuy_computer_players(self.table, tx)
        await carry_on(self.table, tx, outcome)

    def counted_chips(self, deltas: tuple[int, ...]) -> tuple[int, ...]:
        return deltas

    async def deal_stored(self, deal: Deal) -> None:
        return None

    async def channel_lost(self, loss: Loss, why: str) -> Lost:
        """A channel or server gone closes the table as a cancel does; one out of reach pauses it."""
        if loss is not Loss.REACH:
            return Lost.CLOSED if await self.table.commands.vanished(why) else Lost.UNCHANGED
        return self._pause(why)

    async def winners(self, users: Sequence[int], stacks: Sequence[int]) -> set[int]:
        return set()

    def _pause(self, why: str) -> Lost:
        """Paused until the bot may post again (a table never shown yet waits for its first post)."""
        if self.table.row.message_id is None or not self.table.room.pause(self.table, why):
            return Lost.UNCHANGED
        return Lost.PAUSED


class CashTable(CasualTable):
    """A poker cash game: buy-ins between the table's minimum and maximum, rebuys and top-ups, and the
    chips members asked for during a deal paid as it ends (``settlement.add_asked_chips``)."""

    cash = True

    async def after_deal(self, tx: Tx, deal: Deal, outcome: Outcome) -> None:
        await rebuy_computer_players(self.table, tx)
        await add_asked_chips(self.table, tx, deal.seats)
        await carry_on(self.table, tx, outcome)


class EventTable(CasualTable):
    """A duplicate bridge table in an event: each deal's result is recorded for the event, and a
    board stays secret until every open table of the event has played it
    (``bot.service.events.shared_deals``)."""

    event: str

    def __init__(self, table: LiveTable, event: str):
        super().__init__(table)
        self.event = event

    async def after_deal(self, tx: Tx, deal: Deal, outcome: Outcome) -> None:
        if deal.event_key is not None:
            await record_event(self.table, tx, deal)
        await super().after_deal(tx, deal, outcome)

    async def deal_stored(self, deal: Deal) -> None:
        if deal.event_key is not None:
            await event_deal_finished(self.table, self.event, str(deal.event_key))


class SitAndGo(CasualTable):
    """A one-table tournament (``sit_and_go``): one buy-in for all, blinds up by level, places and
    prizes; nobody joins or leaves once it runs, and only a manager may cancel it (refunding)."""

    deals_everyone_with_chips = True
    cancel_rule = sit_and_go.CANCEL_RULE

    def running(self) -> bool:
        return self.table.row.status == "playing"

    def refuse_join(self, amount: int | None) -> None:
        if self.table.row.status == "playing":
            raise UserError("The tournament has started; join the next one.")
        fixed = buy_in(self.table, None)
        if amount not in (None, fixed):
            raise UserError(f"Everyone buys in for {fixed} chips in this tournament.")

    def refuse_leave(self, place: int | None) -> None:
        if not self.running():
            return
        if place is not None:  # the seat stays: it is an entry the tournament pays or refunds
            raise UserError(f"You are out of this tournament (place {place}); there is nothing to leave. "
                            f"{self.cancel_rule}")
        raise UserError("You can't leave a running tournament: your hands are folded for you while you sit "
                        f"out. {self.cancel_rule}")

    def refuse_cancel(self, can_manage: bool) -> None:
        if self.running() and not can_manage:
            raise UserError(self.cancel_rule)

    def cancelled_text(self) -> str:
        if self.running():
            return "The tournament was cancelled; every entrant's buy-in is back in its wallet."
        return super().cancelled_text()

    def deal_settings(self) -> dict[str, Any]:
        return sit_and_go.hand_settings(self.table.row.settings, self.table.row.hand_no)

    def deal_started(self) -> None:
        self.table.note(f"Tournament {sit_and_go.describe_level(self.table.row.settings, self.table.row.hand_no)}.")

    async def after_deal(self, tx: Tx, deal: Deal, outcome: Outcome) -> None:
        await tournament_step(self.table, tx, deal)

    async def winners(self, users: Sequence[int], stacks: Sequence[int]) -> set[int]:
        """The one member left with chips, when the deal ended the sit-and-go."""
        left = [user for user, stack in zip(users, stacks) if stack > 0]
        return set(left) if self.table.row.status == "closed" and len(left) == 1 else set()


class TournamentTable(SitAndGo):
    """A table of a multi-table tournament (``bot.service.tournament.multi_table``), which seats and
    moves its players, sets its stakes by its clock and places its players (``table_hooks``). Its
    chips are the tournament's, never a wallet's; the tournament is cancelled whole; a lost thread
    is replaced by a new one."""

    wallet_chips = False
    cancel_rule = sit_and_go.MTT_CANCEL_RULE

    def __init__(self, table: LiveTable):
        super().__init__(table)
        self._tournament: Any = None
        self._stakes: dict[str, Any] = {}

    @property
    def tournament(self) -> Any:
        """Its tournament, found once: a restarted table is restored before the tournaments are."""
        if self._tournament is None:
            self._tournament = self.table.room.mtts.of(self.table)
        return self._tournament

    def refuse_cancel(self, can_manage: bool) -> None:
        raise UserError(self.cancel_rule)

    async def before_deal(self) -> Hold | None:
        stakes, look_again = await table_hooks.before_deal(self.table)
        if stakes is None:
            return Hold(look_again)
        self._stakes = stakes
        return None

    def deal_settings(self) -> dict[str, Any]:
        return {**self.table.row.settings.to_json(), **self._stakes}

    def deal_started(self) -> None:
        return None  # the table's message names the level (``bot.adapter.tournament.text.table_heading``)

    def deal_end(self) -> AbstractContextManager[None]:
        return table_hooks.deal_end(self.table)

    async def after_deal(self, tx: Tx, deal: Deal, outcome: Outcome) -> None:
        await table_hooks.after_deal(self.table, tx, deal)

    def counted_chips(self, deltas: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(0 for _ in deltas)  # its finish counts, and its prize is in the wallet

    async def winners(self, users: Sequence[int], stacks: Sequence[int]) -> set[int]:
        """The tournament's winner once it is over (as stored: the last deal may have ended it)."""
        storage, mtt_id = self.table.room.storage, self.table.row.settings.mtt
        mtt = await storage.mtt(mtt_id) if mtt_id is not None else None
        if mtt is None or mtt.status != "finished":
            return set()
        return {entry.user_id for entry in await storage.mtt_entries(mtt.id) if entry.place == 1 and not entry.is_bot}

    async def channel_lost(self, loss: Loss, why: str) -> Lost:
        """A thread gone: the tournament opens a new one and the table deals on there; if it can't,
        the table waits, paused, with its chips (no chip of a tournament leaves with a channel)."""
        if loss is Loss.CHANNEL:
            if await self.tournament.rehome(self.table):
                return Lost.REHOMED
            return self._pause(why)
        return await super().channel_lost(loss, why)


def of(table: LiveTable) -> TableKind:
    """The kind a table's settings make it."""
    settings, spec = table.row.settings, table.spec
    if settings.mode is TableMode.TOURNAMENT:
        return TournamentTable(table)
    if settings.mode is TableMode.SIT_AND_GO:
        return SitAndGo(table)
    if settings.event and spec.deal_key:
        return EventTable(table, settings.event)
    if spec.chips and spec.moves_button:
        return CashTable(table)
    return CasualTable(table)
