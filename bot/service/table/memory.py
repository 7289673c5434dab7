"""What a table holds in memory alone besides its engine and log, one frozen record a concern
(``LiveTable.last_deal``, ``after_hand``, ``undo``, ``event_deal``, ``paused``): each is replaced whole,
and only by the modules of its concern (``tests/service/table/test_live_fields.py`` fails on any
other), so a failed command's checkpoint (``LiveTable.checkpoint``) keeps them as they were without
copying them."""
from __future__ import annotations

from dataclasses import dataclass

from bot.games.base import Outcome


@dataclass(frozen=True)
class LastDeal:
    """The deal the table finished last, shown until the next is dealt: written by ``settlement``
    as the deal closes, cleared by ``dealing`` as the next starts."""

    outcome: Outcome
    seed: str
    """Revealed now that its deal is over."""
    players: tuple[int, ...]
    """The user in each deal seat."""
    link: str | None = None
    """Its web replay while the server's web page is on (shown once the deal may be: ``withheld``)."""


@dataclass(frozen=True)
class AfterHand:
    """What was done with a hand once it was over (``after_hand``: its rabbit hunted; ``bounty``: its
    7-2 bounty paid), by hand number, so that neither is done twice."""

    rabbit_hunted: int = 0
    bounty_paid: int = 0


@dataclass(frozen=True)
class UndoAsked:
    """A pending undo (``undo``): who asked (a deal seat), the index of their move among the deal's
    actions, the opponents (people, as deal seats) who have not answered yet, and the hand and step
    it was asked at: once the deal has moved on it is void."""

    asker: int
    step: int
    waiting: frozenset[int]
    hand_no: int
    asked_at: int


@dataclass(frozen=True)
class EventDeal:
    """The last deal of an event the table finished (``bot.service.events``): its event, deal key and
    hand number, and whether it is still secret (its message shows none of it)."""

    event: str
    key: str
    hand_no: int
    withheld: bool


@dataclass(frozen=True)
class Paused:
    """Why the table is paused (the bot can't show it), and the seconds its deadline had left then
    (``tables.TableService.pause`` and ``resume``)."""

    why: str
    left: float | None
