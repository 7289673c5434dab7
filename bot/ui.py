"""Buttons, selects and modals for every game, built from the engine's legal actions.

Every component is a ``DynamicItem`` whose custom_id carries the table, the hand number and the
step (actions applied in the hand), so it works after a restart and a click from an earlier state
is refused ("that button is out of date"). Nothing here knows a game's rules: a button is an
``ActionSpec`` the engine offered.
"""
from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, Iterable

import discord

from bot.errors import UserError
from bot.games.base import Action, ActionSpec, IllegalAction

if TYPE_CHECKING:
    from bot.client import CardroomBot
    from bot.tables import LiveTable

log = logging.getLogger(__name__)

_STATE = r"(?P<table>\d+):(?P<hand>\d+):(?P<step>\d+):(?P<kind>[a-z_]+)"
MAX_SELECT_OPTIONS = 25


async def reply_error(interaction: discord.Interaction, message: str) -> None:
    """An ephemeral refusal, whether or not the interaction was already acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)


async def guarded(interaction: discord.Interaction, work: Any) -> None:
    """Run ``work`` (a coroutine); player errors become ephemeral replies, nothing escapes."""
    try:
        await work
    except (UserError, IllegalAction) as error:
        await reply_error(interaction, str(error))
    except Exception:
        log.exception("interaction failed")
        await reply_error(interaction, "Something went wrong on my side; nothing was changed.")


def _bot(interaction: discord.Interaction) -> "CardroomBot":
    return interaction.client  # type: ignore[return-value]


async def _submit(interaction: discord.Interaction, table: int, hand: int, step: int, action: Action) -> None:
    if not interaction.response.is_done():
        await interaction.response.defer()
    await _bot(interaction).service.act(table, interaction.user.id, hand, step, action)


def _presser_spec(live: "LiveTable", user_id: int, kind: str) -> ActionSpec:
    deal_seat = live.deal_seat(user_id)
    if deal_seat is None:
        raise UserError("You are not playing in this hand.")
    for spec in live.engine.legal_actions(deal_seat):
        if spec.kind == kind:
            return spec
    raise IllegalAction("You can't do that now." if live.engine.to_act() else "This hand is over.")


def _live(interaction: discord.Interaction, table: int, hand: int) -> "LiveTable":
    live = _bot(interaction).service.tables.get(table)
    if live is None:
        raise UserError("That table is closed.")
    if live.row.hand is None or live.row.hand_no != hand:
        raise UserError("That button is from an earlier hand.")
    return live


class ActionButton(discord.ui.DynamicItem[discord.ui.Button], template=r"cr:a:" + _STATE + r"(?::(?P<amount>\d+))?"):
    """A move: fold, check, call, a preset raise... An amount range without an amount opens a modal."""

    def __init__(self, table: int, hand: int, step: int, kind: str, label: str, *,
                 amount: int | None = None, style: discord.ButtonStyle = discord.ButtonStyle.secondary):
        suffix = f":{amount}" if amount is not None else ""
        super().__init__(discord.ui.Button(label=label[:80], style=style,
                                           custom_id=f"cr:a:{table}:{hand}:{step}:{kind}{suffix}"))
        self.table, self.hand, self.step, self.kind, self.amount = table, hand, step, kind, amount

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> "ActionButton":
        amount = match["amount"]
        return cls(int(match["table"]), int(match["hand"]), int(match["step"]), match["kind"], item.label or "",
                   amount=int(amount) if amount else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._press(interaction))

    async def _press(self, interaction: discord.Interaction) -> None:
        if self.amount is None:
            live = _live(interaction, self.table, self.hand)
            spec = _presser_spec(live, interaction.user.id, self.kind)
            if spec.min_amount is not None and spec.max_amount is not None and spec.min_amount != spec.max_amount:
                if live.row.step != self.step and not live.spec.simultaneous:
                    raise UserError("That button is out of date: the table has moved on.")
                await interaction.response.send_modal(AmountModal(self.table, self.hand, self.step, spec))
                return
            amount = spec.min_amount
        else:
            amount = self.amount
        await _submit(interaction, self.table, self.hand, self.step, Action(self.kind, amount=amount))


class AmountModal(discord.ui.Modal):
    """Any amount within the legal range, typed by the player."""

    def __init__(self, table: int, hand: int, step: int, spec: ActionSpec):
        super().__init__(title=f"{spec.label} ({spec.min_amount}–{spec.max_amount})"[:45],
                         custom_id=f"cr:m:{table}:{hand}:{step}:{spec.kind}")
        self.table, self.hand, self.step, self.kind = table, hand, step, spec.kind
        self.amount: discord.ui.TextInput[AmountModal] = discord.ui.TextInput(
            label=f"Amount: total to put in, {spec.min_amount} to {spec.max_amount}"[:45],
            placeholder=str(spec.min_amount), max_length=12, custom_id="amount")
        self.add_item(self.amount)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._submit(interaction))

    async def _submit(self, interaction: discord.Interaction) -> None:
        text = self.amount.value.strip().replace(",", "").replace("_", "")
        if not text.isascii() or not text.isdigit():
            raise UserError(f"“{self.amount.value[:20]}” is not a whole number of chips.")
        await _submit(interaction, self.table, self.hand, self.step, Action(self.kind, amount=int(text)))


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button], template=r"cr:c:" + _STATE):
    """A move that needs a choice (cards to discard, a card to play, a bid): opens a private select."""

    def __init__(self, table: int, hand: int, step: int, kind: str, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary):
        super().__init__(discord.ui.Button(label=label[:80], style=style,
                                           custom_id=f"cr:c:{table}:{hand}:{step}:{kind}"))
        self.table, self.hand, self.step, self.kind = table, hand, step, kind

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> "ChoiceButton":
        return cls(int(match["table"]), int(match["hand"]), int(match["step"]), match["kind"], item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._press(interaction))

    async def _press(self, interaction: discord.Interaction) -> None:
        live = _live(interaction, self.table, self.hand)
        if live.row.step != self.step and not live.spec.simultaneous:
            raise UserError("That button is out of date: the table has moved on.")
        spec = _presser_spec(live, interaction.user.id, self.kind)
        view = discord.ui.View(timeout=None)
        for part, chunk in enumerate(_chunks(spec.choices, MAX_SELECT_OPTIONS)):
            view.add_item(ChoiceSelect(self.table, self.hand, live.row.step, spec, chunk, part))
        await interaction.response.send_message(f"**{spec.label}**", view=view, ephemeral=True)


def _chunks(items: tuple[str, ...], size: int) -> Iterable[tuple[str, ...]]:
    for start in range(0, max(len(items), 1), size):
        yield items[start:start + size]


def action_from_choices(kind: str, values: list[str]) -> Action:
    """Select values -> an Action: card codes go in ``cards``; "card@target" also sets ``target``."""
    targets = {v.split("@", 1)[1] for v in values if "@" in v}
    cards = tuple(v.split("@", 1)[0] for v in values)
    if len(targets) > 1:
        raise UserError("Choose one target at a time.")
    return Action(kind, cards=cards, target=targets.pop() if targets else None)


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"cr:s:" + _STATE + r":(?P<part>\d+)"):
    """The private select a ChoiceButton opens; its values become the action."""

    def __init__(self, table: int, hand: int, step: int, spec: ActionSpec | str,
                 options: tuple[str, ...] = (), part: int = 0):
        kind = spec if isinstance(spec, str) else spec.kind
        select: discord.ui.Select = discord.ui.Select(custom_id=f"cr:s:{table}:{hand}:{step}:{kind}:{part}")
        if isinstance(spec, ActionSpec):
            for value in options:
                select.add_option(label=display_choice(value), value=value)
            select.min_values = max(1, min(spec.min_choices, len(options)))
            select.max_values = max(select.min_values, min(spec.max_choices or 1, len(options)))
            select.placeholder = spec.label[:150]
        super().__init__(select)
        self.table, self.hand, self.step, self.kind = table, hand, step, kind

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> "ChoiceSelect":
        return cls(int(match["table"]), int(match["hand"]), int(match["step"]), match["kind"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = [str(v) for v in (interaction.data or {}).get("values", [])]  # type: ignore[union-attr]
        await guarded(interaction, self._chosen(interaction, values))

    async def _chosen(self, interaction: discord.Interaction, values: list[str]) -> None:
        await interaction.response.edit_message(content="Sent.", view=None)
        await _bot(interaction).service.act(self.table, interaction.user.id, self.hand, self.step,
                                            action_from_choices(self.kind, values))


def display_choice(value: str) -> str:
    """Readable option text: card codes get suit symbols ("As@B" -> "A♠ → B")."""
    from bot.games.cards import pretty

    if "@" in value:
        card, target = value.split("@", 1)
        return f"{pretty(card)} → {target}"[:100]
    return pretty(value)[:100]


class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=r"cr:u:(?P<table>\d+):(?P<what>[a-z]+)"):
    """Buttons that are not moves: My hand, Sit out, Back, Join, Start."""

    LABELS = {"hand": "My hand", "sitout": "Sit out", "back": "I'm back", "join": "Join", "start": "Start"}

    def __init__(self, table: int, what: str):
        style = discord.ButtonStyle.success if what in ("join", "start") else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=self.LABELS.get(what, what), style=style,
                                           custom_id=f"cr:u:{table}:{what}"))
        self.table, self.what = table, what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> "TableButton":
        return cls(int(match["table"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._press(interaction))

    async def _press(self, interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        live = bot.service.tables.get(self.table)
        if live is None:
            raise UserError("That table is closed.")
        user = interaction.user
        if self.what == "hand":
            await bot.presenter.show_hand(interaction, live)
        elif self.what in ("sitout", "back"):
            await interaction.response.defer()
            await bot.service.set_sitting_out(live, user.id, self.what == "sitout")
        elif self.what == "join":
            await interaction.response.defer()
            await bot.service.join(live, user.id, user.display_name)
        elif self.what == "start":
            await interaction.response.defer()
            await bot.service.start(live, user.id)
        else:
            raise UserError("That button is out of date.")


COMPONENTS = (ActionButton, ChoiceButton, ChoiceSelect, TableButton)
_STYLES = {"fold": discord.ButtonStyle.danger, "check": discord.ButtonStyle.success,
           "call": discord.ButtonStyle.success, "raise": discord.ButtonStyle.primary,
           "bet": discord.ButtonStyle.primary}


def table_view(live: "LiveTable") -> discord.ui.View:
    """The buttons under the table message for its current state."""
    view = discord.ui.View(timeout=None)
    row = live.row
    engine = live.engine
    if row.status == "lobby" or row.hand is None or engine is None or engine.outcome is not None:
        if row.status == "lobby":
            view.add_item(TableButton(row.id, "join"))
            view.add_item(TableButton(row.id, "start"))
        return view
    specs: dict[str, ActionSpec] = {}
    for deal_seat in engine.to_act():
        for spec in engine.legal_actions(deal_seat):
            specs.setdefault(spec.kind, spec)
    presets: list[tuple[str, str, int]] = []
    for spec in specs.values():
        style = _STYLES.get(spec.kind, discord.ButtonStyle.secondary)
        if spec.choices:
            item: discord.ui.Item[Any] = ChoiceButton(row.id, row.hand_no, row.step, spec.kind, spec.label)
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
    view.add_item(TableButton(row.id, "hand"))
    view.add_item(TableButton(row.id, "sitout"))
    view.add_item(TableButton(row.id, "back"))
    return view
