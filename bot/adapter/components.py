"""Buttons, selects and modals for every game, built from the engine's legal actions.

Every component is a ``DynamicItem`` whose custom_id carries the table, the hand number and the
step (actions applied in the hand), so it works after a restart and a click from an earlier state
is refused ("that button is out of date"). Nothing here knows a game's rules: a button is an
``ActionSpec`` the engine offered.
"""
from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import TYPE_CHECKING, Any, Iterable

import discord

from bot.adapter.member_text import member_name, plain, shown
from bot.adapter.protocol import Cardroom
from bot.errors import UserError
from bot.games.base import Action, ActionSpec, IllegalAction

if TYPE_CHECKING:
    from bot.service.live import LiveTable

log = logging.getLogger(__name__)

_STATE = r"(?P<table>[0-9]+):(?P<hand>[0-9]+):(?P<step>[0-9]+):(?P<kind>[a-z_]+)"  # ASCII digits only
MAX_SELECT_OPTIONS = 25
_BID = re.compile(r"([1-7])(C|D|H|S|NT)")


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


def _bot(interaction: discord.Interaction) -> Cardroom:
    return interaction.client  # type: ignore[return-value]


def _open_table(interaction: discord.Interaction, table: int) -> "LiveTable":
    """The open table a custom_id names, if it belongs to the server the interaction came from: a
    forged custom_id naming another server's table (or one pressed in a DM) reads as a closed table."""
    live = _bot(interaction).service.table_in(interaction.guild_id, table)
    if live is None:
        raise UserError("That table is closed.")
    return live


async def _submit(interaction: discord.Interaction, table: int, hand: int, step: int, action: Action) -> None:
    _open_table(interaction, table)
    if not interaction.response.is_done():
        await interaction.response.defer()
    await _bot(interaction).service.act(table, interaction.user.id, hand, step, action)


def _presser_specs(live: "LiveTable", user_id: int, kind: str) -> list[ActionSpec]:
    """The presser's legal specs of ``kind`` (an engine may offer several, e.g. two options); refused
    with the reason when there are none."""
    deal_seat = live.deal_seat(user_id)
    if deal_seat is None:
        raise UserError("You are not playing in this hand.")
    same_kind = [spec for spec in live.engine.legal_actions(deal_seat) if spec.kind == kind]
    if same_kind:
        return same_kind
    if not live.engine.to_act():
        raise IllegalAction("This hand is over.")
    if deal_seat not in live.engine.to_act():
        raise IllegalAction("It is not your turn.")
    raise IllegalAction("You can't do that now.")


def _presser_spec(live: "LiveTable", user_id: int, kind: str, index: int = 0) -> ActionSpec:
    """The presser's ``index``-th legal spec of ``kind``."""
    same_kind = _presser_specs(live, user_id, kind)
    if index < len(same_kind):
        return same_kind[index]
    raise IllegalAction("You can't do that now.")


def _offering(live: "LiveTable", user_id: int, kind: str, values: list[str]) -> ActionSpec:
    """The presser's spec of ``kind`` that offers exactly this pick: forged or outdated select values
    are refused here, before anything is shown or sent."""
    for spec in _presser_specs(live, user_id, kind):
        count_ok = max(1, spec.min_choices) <= len(values) <= max(1, spec.max_choices)
        if count_ok and len(set(values)) == len(values) and set(values) <= set(spec.choices):
            return spec
    raise UserError("That choice is not on offer now: the table has moved on.")


def _live(interaction: discord.Interaction, table: int, hand: int, step: int) -> "LiveTable":
    """The table a component belongs to, refusing one from a closed table, another hand or another
    state (a step not reached yet is as forged as one long past)."""
    live = _open_table(interaction, table)
    if live.row.hand is None or hand < live.row.hand_no:
        raise UserError("That button is from an earlier hand.")
    if hand != live.row.hand_no:
        raise UserError("That button is not from this table's current hand.")
    if step > live.row.step or live.is_stale(interaction.user.id, step):
        raise UserError("That button is out of date: the table has moved on.")
    return live


class _Component:
    """What every table component does when used: check it is the kind of component it claims to be
    (a forged select can carry a button's custom_id), then ``_press``; refusals are private."""

    item: discord.ui.Item[Any]

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._checked(interaction))

    async def _checked(self, interaction: discord.Interaction) -> None:
        if (interaction.data or {}).get("component_type") != self.item.type.value:
            raise UserError("That button is no longer active.")
        await self._press(interaction)

    async def _press(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class ActionButton(_Component, discord.ui.DynamicItem[discord.ui.Button],
                   template=r"cr:a:" + _STATE + r"(?::(?P<amount>[0-9]+))?"):
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
        return cls(int(match["table"]), int(match["hand"]), int(match["step"]), match["kind"],
                   getattr(item, "label", None) or "",
                   amount=int(amount) if amount else None)

    async def _press(self, interaction: discord.Interaction) -> None:
        live = _live(interaction, self.table, self.hand, self.step)
        spec = _presser_spec(live, interaction.user.id, self.kind)
        amount = self.amount
        if amount is None:
            if spec.min_amount is not None and spec.max_amount is not None and spec.min_amount != spec.max_amount:
                await interaction.response.send_modal(
                    AmountModal(self.table, self.hand, self.step, spec, interaction.user.id))
                return
            amount = spec.min_amount
        elif spec.min_amount is None or spec.max_amount is None:
            raise UserError("That move takes no amount.")
        elif not spec.min_amount <= amount <= spec.max_amount:
            raise UserError(f"The amount must be from {spec.min_amount} to {spec.max_amount}.")
        await _submit(interaction, self.table, self.hand, self.step, Action(self.kind, amount=amount))


class AmountModal(discord.ui.Modal):
    """Any amount within the legal range, typed by the player."""

    def __init__(self, table: int, hand: int, step: int, spec: ActionSpec, user_id: int):
        super().__init__(title=f"{spec.label} ({spec.min_amount}–{spec.max_amount})"[:45],
                         custom_id=f"cr:m:{table}:{hand}:{step}:{spec.kind}")
        self.table, self.hand, self.step, self.kind, self.user_id = table, hand, step, spec.kind, user_id
        self.amount: discord.ui.TextInput[AmountModal] = discord.ui.TextInput(
            label=f"A whole number from {spec.min_amount} to {spec.max_amount}"[:45],
            placeholder=str(spec.min_amount), max_length=12, custom_id="amount")
        self.add_item(self.amount)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Only the player who opened the form submits it: a forged submission by anyone else is
        refused and leaves the form open for its owner."""
        if interaction.user.id == self.user_id:
            return True
        await reply_error(interaction, "That form belongs to another player.")
        return False

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._submit(interaction))

    async def _submit(self, interaction: discord.Interaction) -> None:
        text = self.amount.value.strip().replace(",", "").replace("_", "")
        if not text:
            raise UserError("Type a whole number.")
        if not text.isascii() or not text.isdigit():
            raise UserError(f"“{shown(plain(self.amount.value, 20))}” is not a whole number.")
        await _submit(interaction, self.table, self.hand, self.step, Action(self.kind, amount=int(text)))


class ChoiceButton(_Component, discord.ui.DynamicItem[discord.ui.Button],
                   template=r"cr:c:" + _STATE + r"(?::(?P<index>[0-9]+))?"):
    """A move that needs a choice (cards to discard, a card to play, a bid): opens a private select.
    ``index`` tells apart several specs of one kind (0, the first, is left out of the custom_id)."""

    def __init__(self, table: int, hand: int, step: int, kind: str, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary, index: int = 0):
        suffix = f":{index}" if index else ""
        super().__init__(discord.ui.Button(label=label[:80], style=style,
                                           custom_id=f"cr:c:{table}:{hand}:{step}:{kind}{suffix}"))
        self.table, self.hand, self.step, self.kind, self.index = table, hand, step, kind, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> "ChoiceButton":
        return cls(int(match["table"]), int(match["hand"]), int(match["step"]), match["kind"],
                   getattr(item, "label", None) or "",
                   index=int(match["index"] or 0))

    async def _press(self, interaction: discord.Interaction) -> None:
        live = _live(interaction, self.table, self.hand, self.step)
        spec = _presser_spec(live, interaction.user.id, self.kind, self.index)
        view = _choice_selects(interaction, live, spec)
        await interaction.response.send_message(f"**{spec.label}**", view=view, ephemeral=True)


def _choice_selects(interaction: discord.Interaction, live: "LiveTable", spec: ActionSpec) -> discord.ui.View:
    """The private selects for one spec: runs of 25, or one select per card for many "card@target"."""
    view = discord.ui.View(timeout=None)
    labels = _choice_labels(interaction, live, spec)
    for part, chunk in enumerate(_parts(spec.choices)):
        view.add_item(ChoiceSelect(live.id, live.row.hand_no, live.row.step, spec, chunk, part, labels))
    if spec.min_choices == 0 and spec.choices:  # a select can't send an empty choice: a button does
        view.add_item(ActionButton(live.id, live.row.hand_no, live.row.step, spec.kind, "Choose none"))
    # Dynamic items answer by custom_id alone: a stopped view is still sent, but discord.py neither
    # stores it nor starts the 15-minute timer it gives every ephemeral view.
    view.stop()
    return view


def _parts(choices: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Choices split into selects of at most 25: "card@target" choices one select per card when that
    fits in a message (4 cards x 9 cells: pick in the card's select), else in runs of 25."""
    if len(choices) > MAX_SELECT_OPTIONS and all("@" in c for c in choices):
        groups: dict[str, list[str]] = {}
        for choice in choices:
            groups.setdefault(choice.split("@", 1)[0], []).append(choice)
        if len(groups) <= 5 and all(len(g) <= MAX_SELECT_OPTIONS for g in groups.values()):
            return [tuple(g) for g in groups.values()]
    return list(_chunks(choices, MAX_SELECT_OPTIONS))


def _choice_labels(interaction: discord.Interaction, live: "LiveTable", spec: ActionSpec) -> dict[str, str]:
    """Option texts from the game's cog when it has ``choice_label(view, kind, value)`` (given the
    presser's own view), e.g. a gin layoff "5♥ → meld 2 (2♥ 3♥ 4♥)"; else ``display_choice``."""
    label = _cog_hook(interaction, live, "choice_label")
    if label is None:
        return {}
    view = live.engine.view(live.deal_seat(interaction.user.id))
    return {value: label(view, spec.kind, value)[:100] for value in spec.choices}


def _cog_hook(interaction: discord.Interaction, live: "LiveTable", name: str) -> Any:
    """An optional method of the game's cog (``choice_label``, ``choice_preview``), or None."""
    cog = next((c for c in _bot(interaction).cogs.values() if getattr(c, "game_name", None) == live.spec.name), None)
    return getattr(cog, name, None)


def _chunks(items: tuple[str, ...], size: int) -> Iterable[tuple[str, ...]]:
    for start in range(0, max(len(items), 1), size):
        yield items[start:start + size]


def action_from_choices(kind: str, values: list[str], several: bool = False) -> Action:
    """Select values -> an Action: card codes go in ``cards``; "card@target" also sets ``target``;
    from a one-value select, a value that is not a card (a bid such as "3NT", a placement) is the
    ``target``; from a select of ``several`` values, every value is a card (a draw's discards)."""
    from bot.games.cards import DECK

    if len(values) == 1 and not several and "@" not in values[0] and values[0] not in DECK:
        return Action(kind, target=values[0])
    targets = {v.split("@", 1)[1] for v in values if "@" in v}
    cards = tuple(v.split("@", 1)[0] for v in values)
    if len(targets) > 1:
        raise UserError("Choose one target at a time.")
    return Action(kind, cards=cards, target=targets.pop() if targets else None)


class ChoiceSelect(_Component, discord.ui.DynamicItem[discord.ui.Select],
                   template=r"cr:s:" + _STATE + r":(?P<part>[0-9]+)"):
    """The private select a ChoiceButton opens; its values become the action."""

    def __init__(self, table: int, hand: int, step: int, spec: ActionSpec | str,
                 options: tuple[str, ...] = (), part: int = 0, labels: dict[str, str] | None = None):
        kind = spec if isinstance(spec, str) else spec.kind
        select: discord.ui.Select = discord.ui.Select(custom_id=f"cr:s:{table}:{hand}:{step}:{kind}:{part}")
        if isinstance(spec, ActionSpec):
            for value in options:
                select.add_option(label=(labels or {}).get(value) or display_choice(value), value=value)
            select.min_values = max(1, min(spec.min_choices, len(options)))
            select.max_values = max(select.min_values, min(spec.max_choices or 1, len(options)))
            select.placeholder = spec.label[:150]
            if 0 < len(options) < len(spec.choices):  # one of several selects: say which part it holds
                select.placeholder = f"{spec.label}: {display_choice(options[0])} – {display_choice(options[-1])}"[:150]
                prefixes = {value.split("@", 1)[0] for value in options if "@" in value}
                if len(prefixes) == 1 and all("@" in value for value in options):  # one card's targets
                    select.placeholder = f"{spec.label}: {display_choice(prefixes.pop() + '@…')}"[:150]
        super().__init__(select)
        self.table, self.hand, self.step, self.kind = table, hand, step, kind

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> "ChoiceSelect":
        select = cls(int(match["table"]), int(match["hand"]), int(match["step"]), match["kind"])
        select.item.max_values = getattr(item, "max_values", 1)  # as shown: it tells how the values read
        return select

    async def _press(self, interaction: discord.Interaction) -> None:
        values = [str(v) for v in (interaction.data or {}).get("values", [])]  # type: ignore[union-attr]
        await self._chosen(interaction, values)

    async def _chosen(self, interaction: discord.Interaction, values: list[str]) -> None:
        live = _live(interaction, self.table, self.hand, self.step)
        _offering(live, interaction.user.id, self.kind, values)
        preview = _cog_hook(interaction, live, "choice_preview")
        if preview is not None and self.item.max_values == 1 and len(values[0]) <= 60:  # rides in a custom_id
            await _show_preview(interaction, live, self.step, self.kind, values[0], preview)
            return
        await interaction.response.edit_message(content="Sent.", view=None)
        await _bot(interaction).service.act(self.table, interaction.user.id, self.hand, self.step,
                                            action_from_choices(self.kind, values, self.item.max_values > 1))


async def _show_preview(interaction: discord.Interaction, live: "LiveTable", step: int, kind: str, value: str,
                        preview: Any) -> None:
    """Turn the private select into a picture of the chosen move (the cog's ``choice_preview(view,
    kind, value) -> PNG``, from the presser's own view) with Confirm and Back."""
    deal_seat = live.deal_seat(interaction.user.id)
    if deal_seat is None:
        raise UserError("You are not playing in this hand.")
    png = await asyncio.to_thread(preview, live.engine.view(deal_seat), kind, value)
    label = _cog_hook(interaction, live, "choice_label")
    text = label(live.engine.view(deal_seat), kind, value) if label else display_choice(value)
    view = discord.ui.View(timeout=None)
    for what in ("ok", "back"):
        view.add_item(PreviewButton(what, live.id, live.row.hand_no, step, kind, value))
    view.stop()  # answered by custom_id alone, like the selects: no view store entry, no timer
    await interaction.response.edit_message(content=f"**{text[:150]}**: confirm?", view=view,
                                            attachments=[discord.File(io.BytesIO(png), filename="preview.png")])


class PreviewButton(_Component, discord.ui.DynamicItem[discord.ui.Button],
                    template=r"cr:p:(?P<what>ok|back):" + _STATE + r":(?P<value>.+)"):
    """Confirm sends the previewed choice; Back reopens the selects it came from."""

    def __init__(self, what: str, table: int, hand: int, step: int, kind: str, value: str):
        ok = what == "ok"
        super().__init__(discord.ui.Button(label="Confirm" if ok else "Back",
                                           style=discord.ButtonStyle.success if ok else discord.ButtonStyle.secondary,
                                           custom_id=f"cr:p:{what}:{table}:{hand}:{step}:{kind}:{value}"))
        self.what, self.table, self.hand, self.step, self.kind, self.value = what, table, hand, step, kind, value

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> "PreviewButton":
        return cls(match["what"], int(match["table"]), int(match["hand"]), int(match["step"]), match["kind"],
                   match["value"])

    async def _press(self, interaction: discord.Interaction) -> None:
        live = _live(interaction, self.table, self.hand, self.step)
        spec = _offering(live, interaction.user.id, self.kind, [self.value])
        if self.what == "ok":
            await interaction.response.edit_message(content="Sent.", view=None, attachments=[])
            await _bot(interaction).service.act(self.table, interaction.user.id, self.hand, self.step,
                                                action_from_choices(self.kind, [self.value]))
            return
        await interaction.response.edit_message(content=f"**{spec.label}**", attachments=[],
                                                view=_choice_selects(interaction, live, spec))


def display_choice(value: str) -> str:
    """Readable option text: card codes and bids get suit symbols ("As@B" -> "A♠ → B", "4H" -> "4♥")."""
    from bot.games.cards import SUIT_SYMBOLS, pretty

    bid = _BID.fullmatch(value)
    if bid:
        return bid[1] + SUIT_SYMBOLS.get(bid[2].lower(), bid[2])
    if "@" in value:
        card, target = value.split("@", 1)
        return f"{pretty(card)} → {target}"[:100]
    return pretty(value)[:100]


class TableButton(_Component, discord.ui.DynamicItem[discord.ui.Button],
                  template=r"cr:u:(?P<table>[0-9]+):(?P<what>[a-z]+)"):
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

    async def _press(self, interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        live = _open_table(interaction, self.table)
        user = interaction.user
        if self.what == "hand":
            await bot.presenter.show_hand(interaction, live)
        elif self.what in ("sitout", "back"):
            await interaction.response.defer()
            await bot.service.set_sitting_out(live, user.id, self.what == "sitout")
        elif self.what == "join":
            await interaction.response.defer()
            await bot.service.join(live, user.id, member_name(user))
        elif self.what == "start":
            await interaction.response.defer()
            await bot.service.start(live, user.id)
        else:
            raise UserError("That button is out of date.")


COMPONENTS = (ActionButton, ChoiceButton, ChoiceSelect, PreviewButton, TableButton)
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
    view.add_item(TableButton(row.id, "hand"))
    view.add_item(TableButton(row.id, "sitout"))
    view.add_item(TableButton(row.id, "back"))
    return view
