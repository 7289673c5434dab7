"""Moves that need a choice (cards to discard, a card to play, a bid): the button that opens a private
select, the select, and the optional preview with Confirm and Back.

Select values are the engine's own choice strings; a forged or outdated value is refused before
anything is shown or sent.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

import discord

from bot.adapter.seat.checks import STATE, TableComponent, bot_of, on_offer, present, send_choice
from bot.adapter.seat.move_buttons import ActionButton
from bot.errors import UserError
from bot.games.base import ActionSpec
from bot.games.base import TARGET
from bot.games.choices import action_from_choices, card_of, display_choice
from bot.service.table.live import LiveTable
from bot.service.table.press import Press


MAX_SELECT_OPTIONS = 25


class ChoiceButton(TableComponent, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                   template=r"cr:c:" + STATE + r"(?::(?P<index>[0-9]+))?"):
    """A move that needs a choice (cards to discard, a card to play, a bid): opens a private select.
    ``index`` tells apart several specs of one kind (0, the first, is left out of the custom_id)."""

    def __init__(self, table: int, hand: int, step: int, kind: str, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary, index: int = 0):
        suffix = f":{index}" if index else ""
        super().__init__(discord.ui.Button(label=label[:80], style=style,
                                           custom_id=f"cr:c:{table}:{hand}:{step}:{kind}{suffix}"))
        self.table, self.hand, self.step, self.kind, self.index = table, hand, step, kind, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "ChoiceButton":
        return cls(int(match["table"]), int(match["hand"]), int(match["step"]), match["kind"],
                   getattr(item, "label", None) or "",
                   index=int(match["index"] or 0))

    async def _press(self, interaction: discord.Interaction, found: LiveTable | None) -> None:
        live, spec = on_offer(interaction, found, self.hand, self.step, self.kind, self.index)
        view = _choice_selects(interaction, live, spec)
        await interaction.response.send_message(f"**{spec.label}**", view=view, ephemeral=True)


def _choice_selects(interaction: discord.Interaction, live: LiveTable, spec: ActionSpec) -> discord.ui.View:
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
    cards = [card_of(c) for c in choices]
    if len(choices) > MAX_SELECT_OPTIONS and None not in cards:
        groups: dict[str | None, list[str]] = {}
        for card, choice in zip(cards, choices):
            groups.setdefault(card, []).append(choice)
        if len(groups) <= 5 and all(len(g) <= MAX_SELECT_OPTIONS for g in groups.values()):
            return [tuple(g) for g in groups.values()]
    return list(_chunks(choices, MAX_SELECT_OPTIONS))


def _choice_labels(interaction: discord.Interaction, live: LiveTable, spec: ActionSpec) -> dict[str, str]:
    """Option texts from the game's ``choice_label(view, kind, value)`` (given the presser's own view),
    e.g. a gin layoff "5♥ → meld 2 (2♥ 3♥ 4♥)"; else ``display_choice``."""
    label = live.spec.choice_label
    if label is None:
        return {}
    view = live.engine.view(live.deal_seat(interaction.user.id))
    return {value: label(view, spec.kind, value)[:100] for value in spec.choices}


def _chunks(items: tuple[str, ...], size: int) -> Iterable[tuple[str, ...]]:
    for start in range(0, max(len(items), 1), size):
        yield items[start:start + size]


class ChoiceSelect(TableComponent, discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
                   template=r"cr:s:" + STATE + r":(?P<part>[0-9]+)"):
    """The private select a ChoiceButton opens; its values become the action."""

    def __init__(self, table: int, hand: int, step: int, spec: ActionSpec | str,
                 options: tuple[str, ...] = (), part: int = 0, labels: dict[str, str] | None = None):
        kind = spec if isinstance(spec, str) else spec.kind
        select: discord.ui.Select[discord.ui.View] = discord.ui.Select(custom_id=f"cr:s:{table}:{hand}:{step}:{kind}:{part}")
        if isinstance(spec, ActionSpec):
            for value in options:
                select.add_option(label=(labels or {}).get(value) or display_choice(value), value=value)
            select.min_values = max(1, min(spec.min_choices, len(options)))
            select.max_values = max(select.min_values, min(spec.max_choices or 1, len(options)))
            select.placeholder = spec.label[:150]
            if 0 < len(options) < len(spec.choices):  # one of several selects: say which part it holds
                select.placeholder = f"{spec.label}: {display_choice(options[0])} – {display_choice(options[-1])}"[:150]
                cards = {card_of(value) for value in options}
                if len(cards) == 1 and None not in cards:  # one card's targets
                    select.placeholder = f"{spec.label}: {display_choice(f'{cards.pop()}{TARGET}…')}"[:150]
        super().__init__(select)
        self.table, self.hand, self.step, self.kind = table, hand, step, kind

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "ChoiceSelect":
        select = cls(int(match["table"]), int(match["hand"]), int(match["step"]), match["kind"])
        select.item.max_values = getattr(item, "max_values", 1)  # as shown: it tells how the values read
        return select

    async def _press(self, interaction: discord.Interaction, found: LiveTable | None) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        live = present(found)
        if not values:  # Discord sends a select's pick only with something picked: a forged one
            raise UserError("Pick at least one option (choosing none has its own button).")
        press = Press(interaction.user.id, self.hand, self.step,
                      action_from_choices(self.kind, values, self.item.max_values > 1))
        preview = live.spec.choice_preview
        if preview is not None and self.item.max_values == 1 and len(values[0]) <= 60:  # rides in a custom_id
            await _show_preview(interaction, live, press, self.step, values[0], preview)
            return
        await send_choice(interaction, live, self.hand, self.step, press.action)


async def _show_preview(interaction: discord.Interaction, live: LiveTable, press: Press, step: int, value: str,
                        preview: Any) -> None:
    """Turn the private select into a picture of the chosen move (the game's ``choice_preview(view,
    kind, value) -> PNG``, from the presser's own view) with Confirm and Back. The pick is judged by
    the table first (a picture is an answer before the move exists); Confirm sends it to be judged
    as it applies."""
    deal_seat = live.verify(press).deal_seat
    kind = press.action.kind
    view = live.engine.view(deal_seat)
    file = await bot_of(interaction).presenter.picture(preview, view, kind, value, filename="preview.png")
    label = live.spec.choice_label
    text = label(view, kind, value) if label else display_choice(value)
    buttons = discord.ui.View(timeout=None)
    for what in ("ok", "back"):
        buttons.add_item(PreviewButton(what, live.id, press.hand_no, step, kind, value))
    buttons.stop()  # answered by custom_id alone, like the selects: no view store entry, no timer
    await interaction.response.edit_message(content=f"**{text[:150]}**: confirm?", view=buttons,
                                            attachments=[file])


class PreviewButton(TableComponent, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                    template=r"cr:p:(?P<what>ok|back):" + STATE + r":(?P<value>.+)"):
    """Confirm sends the previewed choice; Back reopens the selects it came from."""

    def __init__(self, what: str, table: int, hand: int, step: int, kind: str, value: str):
        ok = what == "ok"
        super().__init__(discord.ui.Button(label="Confirm" if ok else "Back",
                                           style=discord.ButtonStyle.success if ok else discord.ButtonStyle.secondary,
                                           custom_id=f"cr:p:{what}:{table}:{hand}:{step}:{kind}:{value}"))
        self.what, self.table, self.hand, self.step, self.kind, self.value = what, table, hand, step, kind, value

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "PreviewButton":
        return cls(match["what"], int(match["table"]), int(match["hand"]), int(match["step"]), match["kind"],
                   match["value"])

    async def _press(self, interaction: discord.Interaction, found: LiveTable | None) -> None:
        live = present(found)
        press = Press(interaction.user.id, self.hand, self.step, action_from_choices(self.kind, [self.value]))
        if self.what == "ok":
            await send_choice(interaction, live, self.hand, self.step, press.action)
            return
        live.verify(press)  # Back answers at once: a pick the table no longer offers is refused instead
        _, spec = on_offer(interaction, live, self.hand, self.step, self.kind)
        await interaction.response.edit_message(content=f"**{spec.label}**", attachments=[],
                                                view=_choice_selects(interaction, live, spec))
