"""What an event keeps of each table's play of a shared deal: who sat where, and the game's result.

The table service records one ``EventResult`` per table and deal; the game's own reports (a bridge
board's results table, the pairs' standings) and the statistics read them back. They live in the
games layer because the games read them; storage turns them into rows and back.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class EventPlayer:
    """A member (or a computer player, user id 0 or below) in one engine seat of an event's deal."""

    user_id: int
    name: str


@dataclass(frozen=True)
class EventResult:
    """One table's result of one event deal: ``players`` in engine seat order, and ``result`` as the
    game's ``event_result`` wrote it (bridge: the contract and declarer's tricks)."""

    deal_key: str
    table_id: int
    hand_no: int
    players: tuple[EventPlayer, ...]
    result: dict[str, Any]
