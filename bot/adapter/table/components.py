"""Every persistent component the bot answers; the buttons under a table message; and a member's seat
panel.

What a member may press is the table's to say (``bot.service.table.offers``): the table message carries
what anyone may press (Join, Start, My seat, Rabbit hunt, a finished hand's Replay, the robots' calls
explained), and each member's own moves and buttons are on their seat panel, built from the moves the
engine offers them (nothing here knows a game's rules). The components live by job in ``move_buttons``
(moves and the table's own buttons), ``pick_buttons`` (one press a choice), ``amount_form`` (typed
amounts), ``choice_selects`` (selects and previews), ``seat_button`` (My seat) and ``component_checks``
(what every press checks, and how it refuses); a finished hand's Replay button is ``replay_buttons``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.adapter.seat.choice_selects import ChoiceButton, ChoiceSelect, PreviewButton
from bot.adapter.seat.explain_select import ExplainSelect, has_auction
from bot.adapter.seat.move_buttons import ActionButton, TableButton
from bot.adapter.seat.pick_buttons import PickButton, PickSelect, pick_items
from bot.adapter.table.replay_buttons import ReplayButton
from bot.adapter.seat.button import SeatButton
from bot.games.base import ActionSpec
from bot.service.table.offers import Offers, public

if TYPE_CHECKING:
    from bot.service.table.live import LiveTable

COMPONENTS = (ActionButton, ChoiceButton, ChoiceSelect, PreviewButton, TableButton, ReplayButton, ExplainSelect,
              PickButton, PickSelect, SeatButton)
_STYLES = {"fold": discord.ButtonStyle.danger, "check": discord.ButtonStyle.success,
           "call": discord.ButtonStyle.success, "raise": discord.ButtonStyle.primary, "twice": discord.ButtonStyle.primary,
           "bet": discord.ButtonStyle.primary}
SLOTS = 25
"""Components a message holds: 5 rows of 5 buttons (a select fills a row)."""
PRESETS = 5


def table_view(live: "LiveTable") -> discord.ui.View:
    """The buttons under the table message: what anyone may press now, never a member's moves."""
    view = discord.ui.View(timeout=None)
    row = live.row
    for what in public(live):
        view.add_item(SeatButton(row.id) if what == "seat" else TableButton(row.id, what))
    if row.deal is None and live.last_deal is not None and not live.withheld:  # the hand just finished
        view.add_item(ReplayButton(row.id, row.hand_no, 0, "open"))
    if row.deal is not None and has_auction(live):
        view.add_item(ExplainSelect(row.id, row.hand_no, live))
    return view


def panel_view(live: "LiveTable", offer: Offers) -> discord.ui.View:
    """A member's seat panel: their moves (a one-pick move one press a choice when it fits), then the
    table's buttons that apply to them."""
    view = discord.ui.View(timeout=None)
    items = _move_items(live, offer, SLOTS - len(offer.buttons))
    items += [TableButton(live.id, what) for what in offer.buttons]
    used = 0
    for item in items:
        if used + _width(item) > SLOTS:
            break
        view.add_item(item)
        used += _width(item)
    view.stop()  # answered by custom_id alone: no view store entry, no timer for an ephemeral view
    return view


def _width(item: Any) -> int:
    return 5 if isinstance(item.item, discord.ui.Select) else 1


def _move_items(live: "LiveTable", offer: Offers, room: int) -> list[Any]:
    """The member's moves as components in ``room`` slots: plain moves and presets first, then each
    one-pick move as its choices (``pick_items``) in the room left, else as the button of its select."""
    row = live.row
    items: list[Any] = []
    presets: list[tuple[str, str, int]] = []
    seen: dict[str, int] = {}
    picks: list[tuple[ActionSpec, int]] = []
    for spec in offer.moves:
        index = seen[spec.kind] = seen.get(spec.kind, -1) + 1
        style = _STYLES.get(spec.kind, discord.ButtonStyle.secondary)
        if spec.choices and spec.max_choices <= 1 and spec.min_choices == 1 and live.spec.choice_preview is None:
            picks.append((spec, index))
        elif spec.choices:
            items.append(ChoiceButton(row.id, row.hand_no, row.step, spec.kind, spec.label, index=index))
        elif spec.min_amount is not None and spec.min_amount == spec.max_amount:
            items.append(ActionButton(row.id, row.hand_no, row.step, spec.kind, spec.label,
                                      amount=spec.min_amount, style=style))
        else:
            ranged = spec.min_amount is not None
            items.append(ActionButton(row.id, row.hand_no, row.step, spec.kind, f"{spec.label}…" if ranged else spec.label,
                                      ranged=ranged, style=style))
            presets += [(spec.kind, name, amount) for name, amount in spec.presets]
    items += [ActionButton(row.id, row.hand_no, row.step, kind, f"{name} ({amount})", amount=amount)
              for kind, name, amount in presets[:PRESETS]]
    for done, (spec, index) in enumerate(picks):
        assert offer.deal_seat is not None
        free = room - sum(map(_width, items)) - (len(picks) - 1 - done)  # a slot kept for each pick still to draw
        picked = pick_items(live, offer.deal_seat, spec, free)
        items += picked if picked is not None else [
            ChoiceButton(row.id, row.hand_no, row.step, spec.kind, spec.label, index=index)]
    return items
