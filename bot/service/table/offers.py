"""What a table offers: to each member, the moves and buttons they may press now (their seat's panel),
and to anyone, what the table message carries. The table decides; the adapter only draws them."""
from __future__ import annotations

from dataclasses import dataclass

from bot.games.base import ActionSpec
from bot.service.money import cash
from bot.service.table import after_hand, presence, undo
from bot.service.table.live import LiveTable
from bot.storage.records import Straddle


@dataclass(frozen=True)
class Offers:
    """One member's presses now: ``moves`` the engine offers their deal seat (none unless they play the
    deal in progress and the table runs), ``buttons`` the table's own buttons that apply to them (Sit
    out, Away, I'm back, Straddle, Rebuy, Top up, Auto-rebuy, Show my cards, Undo and its answers)."""

    seated: bool = False
    deal_seat: int | None = None
    moves: tuple[ActionSpec, ...] = ()
    buttons: tuple[str, ...] = ()

    @property
    def to_act(self) -> bool:
        return bool(self.moves)


def in_play(table: LiveTable) -> bool:
    """A deal is being played (not over, not between deals)."""
    return table.row.deal is not None and table.engine is not None and table.engine.outcome is None


def offers(table: LiveTable, user_id: int) -> Offers:
    """What ``user_id`` may press at the table now."""
    index = table.seat_index(user_id)
    if index is None or table.row.status == "closed":
        return Offers()
    seat = table.row.seats[index]
    deal_seat = table.deal_seat(user_id)
    playing = in_play(table)
    moves: tuple[ActionSpec, ...] = ()
    if playing and deal_seat is not None and table.paused is None:
        moves = tuple(table.engine.legal_actions(deal_seat))
    buttons = presence.offers_to(table, seat, dealing=playing)
    if table.row.settings.straddle is not Straddle.OFF and not seat.is_bot:
        buttons.append("straddle")
    buttons += cash.offers_to(table, seat)
    if not playing and after_hand.may_show(table, user_id):
        buttons.append("show")
    if playing and deal_seat is not None and undo.allowed(table):
        asked = undo.pending(table)
        if asked is None:
            buttons.append("undo")
        elif deal_seat in asked.waiting:
            buttons += ["allowundo", "refuseundo"]
    return Offers(seated=True, deal_seat=deal_seat, moves=moves, buttons=tuple(buttons))


def public(table: LiveTable) -> tuple[str, ...]:
    """What anyone may press on the table message: Join and Start before the match, My seat while
    members are seated, Rabbit hunt once a hand is over before its last card."""
    row = table.row
    if row.status == "closed":
        return ()
    shown: list[str] = ["join", "start"] if row.status == "lobby" else []
    if any(not seat.is_bot for seat in row.seats):
        shown.append("seat")
    if row.deal is None and after_hand.rabbit_cards(table):
        shown.append("rabbit")
    return tuple(shown)
