"""What differs by the kind of table, as the table's jobs ask it: a table holds one ``TableKind``
(``LiveTable.kind``), chosen from its settings when it is made or restored
(``bot.service.table.kinds``: a casual table, a cash table, a sit-and-go, a multi-table tournament's
table, a bridge event's table). The jobs ask it questions and call its hooks around a deal, a
leave, a cancel and a lost channel; none of them reads the kind from the settings itself."""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, ContextManager, Protocol, Sequence

from bot.games.base import Outcome
from bot.storage.interface import Tx
from bot.storage.records import Deal


@dataclass(frozen=True)
class Hold:
    """No deal now: the table looks again at ``until`` (None: when something wakes it)."""

    until: float | None


class Loss(enum.Enum):
    """How the bot lost a table's channel."""

    CHANNEL = "its channel or thread is gone"
    SERVER = "its server is gone"
    REACH = "the bot may not post there"


class Lost(enum.Enum):
    """What a table did when the bot lost its channel."""

    REHOMED = "dealing on in a new thread"
    CLOSED = "closed, its stacks back in their wallets"
    PAUSED = "paused until the bot may post again"
    UNCHANGED = "nothing to do (already closed or paused)"


class TableKind(Protocol):
    """One table's kind, bound to that table."""

    cash: bool
    """A poker cash game: buy-ins between the table's minimum and maximum, rebuys and top-ups."""
    deals_everyone_with_chips: bool
    """A tournament's table (a sit-and-go's or a multi-table one's): its chips are tournament chips,
    absent players are dealt in (blinds posted, hands folded), two timeouts in a row sit a player out
    (not away), and a deal's winners are not rated (the finish is)."""
    wallet_chips: bool
    """Its stacks came from wallets and go back to them (not a multi-table tournament's chips)."""

    @property
    def event(self) -> str | None:
        """The bridge event whose deals it plays (``bot.service.events.shared_deals``), or None."""

    @property
    def tournament(self) -> Any:
        """The multi-table tournament it belongs to (``tournament.multi_table.Tournament``), or None."""

    def running(self) -> bool:
        """A tournament under way: nobody joins, leaves or cashes out; a cancel refunds the buy-ins."""

    def refuse_join(self, amount: int | None) -> None:
        """Refuse a member's join that the kind does not allow (a started tournament, another buy-in)."""

    def refuse_leave(self, place: int | None) -> None:
        """Refuse a leave the kind does not allow (a running tournament's entrant)."""

    def refuse_cancel(self, can_manage: bool) -> None:
        """Refuse a cancel the kind does not allow (a multi-table tournament's table; a running
        sit-and-go without Manage Channels)."""

    def cancelled_text(self) -> str:
        """What the table's last message says when it is cancelled."""

    async def before_deal(self) -> Hold | None:
        """Before a deal, under the table's lock: None to deal, else why not and until when."""

    def deal_settings(self) -> dict[str, Any]:
        """The settings the deal about to start is dealt with (a tournament's level's stakes)."""

    def deal_started(self) -> None:
        """A deal started (a sit-and-go notes its level)."""

    def deal_end(self) -> ContextManager[None]:
        """Around the transaction that settles a deal (a tournament undoes its part if it fails)."""

    async def after_deal(self, tx: Tx, deal: Deal, outcome: Outcome) -> None:
        """In the deal's settling transaction, once the deal is closed: what comes next."""

    def counted_chips(self, deltas: tuple[int, ...]) -> tuple[int, ...]:
        """What a deal's chips count for in results, /stats and the leaderboard."""

    async def deal_stored(self, deal: Deal) -> None:
        """The settled deal is stored (an event's board may be revealed now)."""

    async def channel_lost(self, loss: Loss, why: str) -> Lost:
        """The bot lost the table's channel (``why``, in words): what the table does about it."""

    async def winners(self, users: Sequence[int], stacks: Sequence[int]) -> set[int]:
        """The members who have won the table's tournament once the deal just stored (its ``users``
        and their ``stacks`` after it) is over: none at a table that is no tournament."""


class Owners(Protocol):
    """What owns tables of its own (the multi-table tournaments, ``bot.service.tournament.desk``):
    a tournament's table finds its tournament through it once, after a restart (``kinds``)."""

    def of(self, table: Any) -> Any:
        """The owner of ``table`` (a ``LiveTable``): its ``Tournament``."""
