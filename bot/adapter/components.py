"""Every persistent component the bot answers, and the buttons under a table for its current state.

Built from the engine's legal actions: nothing here knows a game's rules, a button is an
``ActionSpec`` the engine offered. The table's own buttons (Sit out, Away, I'm back, Top up...) are
shown only while they apply to some member (``presence.offers``, ``cash.offers``). The components
live by job in ``move_buttons`` (moves and the table's own buttons), ``amount_form`` (typed amounts), ``choice_selects`` (selects and previews) and
``component_checks`` (what every press checks, and how it refuses); a finished hand's Replay button
is ``replay_buttons``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.adapter.choice_selects import ChoiceButton, ChoiceSelect, PreviewButton
from bot.adapter.explain_select import ExplainSelect, has_auction
from bot.adapter.move_buttons import ActionButton, TableButton
from bot.adapter.replay_buttons import ReplayButton
from bot.games.base import ActionSpec
from bot.service.money import cash
from bot.service.table import after_hand, presence, undo

if TYPE_CHECKING:
    from bot.service.table.live import LiveTable

COMPONENTS = (ActionButton, ChoiceButton, ChoiceSelect, PreviewButton, TableButton, ReplayButton, ExplainSelect)
_STYLES = {"fold": discord.ButtonStyle.danger, "check": discord.ButtonStyle.success,
           "call": discord.ButtonStyle.success, "raise": discord.ButtonStyle.primary, "twice": discord.ButtonStyle.primary,
           "bet": discord.ButtonStyle.primary}


def table_view(live: "LiveTable") -> discord.ui.View:
    """The buttons under the table message for its current state."""
    view = discord.ui.View(timeout=None)
    row = live.row
    engine = live.engine
    if row.status == "lobby" or row.deal is None or engine is None or engine.outcome is not None:
        if row.status == "lobby":
            view.add_item(TableButton(row.id, "join"))
            view.add_item(TableButton(row.id, "start"))
        for what in presence.offers(live, dealing=False):  # I'm back between deals too
            view.add_item(TableButton(row.id, what))
        if row.settings.get("straddle", "off") != "off":
            view.add_item(TableButton(row.id, "straddle"))
        for what in cash.offers(live):
            view.add_item(TableButton(row.id, what))
        if row.deal is None and live.last_outcome is not None and not live.withheld:  # the hand just finished
            view.add_item(ReplayButton(row.id, row.hand_no, 0, "open"))
            if any(after_hand.may_show(live, user) for user in live.last_players if user > 0):
                view.add_item(TableButton(row.id, "show"))
            if after_hand.rabbit_cards(live):
                view.add_item(TableButton(row.id, "rabbit"))
        return view
    specs: dict[tuple[str, int], ActionSpec] = {}  # (kind, n-th spec of that kind)
    for deal_seat in engine.to_act():
        seen: dict[str, int] = {}
        for spec in engine.legal_actions(deal_seat):
            seen[spec.kind] = seen.get(spec.kind, -1) + 1
            specs.setdefault((spec.kind, seen[spec.kind]), spec)
    presets: list[tuple[str, str, int]] = []
    for (_, index), spec in specs.items():
        style = _STYLES.get(spec.kind, discord.ButtonStyle.secondary)
        if spec.choices:
            item: discord.ui.Item[Any] = ChoiceButton(row.id, row.hand_no, row.step, spec.kind, spec.label,
                                                      index=index)
        elif spec.min_amount is not None and spec.min_amount == spec.max_amount:
            item = ActionButton(row.id, row.hand_no, row.step, spec.kind, spec.label,
                                amount=spec.min_amount, style=style)
        else:
            label = f"{spec.label}…" if spec.min_amount is not None else spec.label
            item = ActionButton(row.id, row.hand_no, row.step, spec.kind, label, style=style)
            presets += [(spec.kind, name, amount) for name, amount in spec.presets]
        view.add_item(item)
    for kind, name, amount in presets[:5]:
        view.add_item(ActionButton(row.id, row.hand_no, row.step, kind, f"{name} ({amount})", amount=amount))
    if has_auction(live):
        view.add_item(ExplainSelect(row.id, row.hand_no, live))
    view.add_item(TableButton(row.id, "hand"))
    for what in presence.offers(live, dealing=True):
        view.add_item(TableButton(row.id, what))
    if row.settings.get("straddle", "off") != "off":
        view.add_item(TableButton(row.id, "straddle"))
    for what in cash.offers(live):
        view.add_item(TableButton(row.id, what))
    if undo.allowed(live):
        for what in ("allowundo", "refuseundo") if live.undo_asked else ("undo",):
            view.add_item(TableButton(row.id, what))
    return view
