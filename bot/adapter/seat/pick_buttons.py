"""One press a choice: a move that needs one pick (a bridge card or bid, a gin discard, a card for the
river) drawn on a member's seat panel as one button per choice when they fit, else as selects on the
panel itself, so the pick is the move. Moves that take several picks keep their private select
(``choice_selects``)."""
from __future__ import annotations

import re
from typing import Any

import discord

from bot.adapter.seat.checks import STATE, TableComponent, present, submit
from bot.errors import UserError
from bot.games.base import ActionSpec
from bot.games.choices import action_from_choices, display_choice
from bot.service.table.live import LiveTable

MAX_SELECT_OPTIONS = 25
VALUE = r"(?P<value>[^:]{1,40})"


def labels_of(live: LiveTable, deal_seat: int, spec: ActionSpec) -> dict[str, str]:
    """Each choice's words: the game's ``choice_label`` (from the member's own view), else
    ``display_choice`` ("4♥", "A♠")."""
    label = live.spec.choice_label
    view = live.engine.view(deal_seat) if label is not None else None
    return {value: (label(view, spec.kind, value) if label is not None and view is not None
                    else display_choice(value))[:80] for value in spec.choices}


class PickButton(TableComponent, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                 template=r"cr:k:" + STATE + ":" + VALUE):
    """One choice of a move as its own button: pressing it makes the move."""

    def __init__(self, table: int, hand: int, step: int, kind: str, value: str, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary):
        super().__init__(discord.ui.Button(label=(label or display_choice(value))[:80], style=style,
                                           custom_id=f"cr:k:{table}:{hand}:{step}:{kind}:{value}"))
        self.table, self.hand, self.step, self.kind, self.value = table, hand, step, kind, value

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "PickButton":
        return cls(int(match["table"]), int(match["hand"]), int(match["step"]), match["kind"], match["value"],
                   getattr(item, "label", None) or "")

    async def _press(self, interaction: discord.Interaction, live: LiveTable | None) -> None:
        await submit(interaction, present(live), self.hand, self.step, action_from_choices(self.kind, [self.value]))


class PickSelect(TableComponent, discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
                 template=r"cr:q:" + STATE + r":(?P<part>[0-9]+)"):
    """Up to 25 choices of a one-pick move as a select on the panel: picking one makes the move."""

    def __init__(self, table: int, hand: int, step: int, kind: str, part: int = 0,
                 options: dict[str, str] | None = None, placeholder: str = ""):
        select: discord.ui.Select[discord.ui.View] = discord.ui.Select(custom_id=f"cr:q:{table}:{hand}:{step}:{kind}:{part}",
                                                      placeholder=placeholder[:150] or None)
        for value, label in (options or {}).items():
            select.add_option(label=label, value=value)
        super().__init__(select)
        self.table, self.hand, self.step, self.kind = table, hand, step, kind

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "PickSelect":
        return cls(int(match["table"]), int(match["hand"]), int(match["step"]), match["kind"], int(match["part"]))

    async def _press(self, interaction: discord.Interaction, live: LiveTable | None) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        if len(values) != 1:  # Discord sends one pick of a one-pick select: anything else is forged
            raise UserError("Pick one option.")
        await submit(interaction, present(live), self.hand, self.step, action_from_choices(self.kind, values))


def pick_items(live: LiveTable, deal_seat: int, spec: ActionSpec, room: int) -> list[discord.ui.Item[Any]] | None:
    """The one-press items for a one-pick ``spec`` in ``room`` free slots of the panel (a button takes
    one, a select a row of five): buttons when every choice fits, else selects of 25; None when
    neither fits (the move keeps its private select)."""
    row = live.row
    labels = labels_of(live, deal_seat, spec)
    if len(spec.choices) <= room:
        return [PickButton(row.id, row.hand_no, row.step, spec.kind, value, labels[value]) for value in spec.choices]
    parts = [spec.choices[i:i + MAX_SELECT_OPTIONS] for i in range(0, len(spec.choices), MAX_SELECT_OPTIONS)]
    if len(parts) * 5 > room:
        return None
    return [PickSelect(row.id, row.hand_no, row.step, spec.kind, index, {v: labels[v] for v in part},
                       f"{spec.label}: {labels[part[0]]} – {labels[part[-1]]}" if len(parts) > 1 else spec.label)
            for index, part in enumerate(parts)]
