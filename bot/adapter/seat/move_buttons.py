"""The buttons under a table message: moves (fold, call, a preset raise...) and the table's own
buttons (Sit out, I'm back, Join, Start...; My hand answers from table messages drawn before the seat panels).

Each is a ``DynamicItem`` whose custom_id carries the table (and, for a move, the hand and step), so it
works after a restart and a click from an earlier state is refused.
"""
from __future__ import annotations

import re
from typing import Any, Awaitable, Callable

import discord

from bot.adapter.seat.amount_form import AmountModal
from bot.adapter.seat.checks import STATE, TableComponent, bot_of, on_offer, present, submit
from bot.adapter.member_text import member_name
from bot.errors import StaleButton
from bot.games.base import Action
from bot.service.table.live import LiveTable
from bot.storage.records import Straddle


PRIVATE_ANSWERS = {
    "twice": "You chose to run it twice: the board runs twice if every player still in agrees.",
    "once": "You chose to run it once: the board runs once.",
}
"""Moves that only the presser is told of (the table shows that they chose, not what)."""


class ActionButton(TableComponent, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                   template=r"cr:a:" + STATE + r"(?::(?P<amount>[0-9]+|r))?"):
    """A move: fold, check, call, a preset raise... A move whose amount is in a range (``ranged``, ":r" in
    its custom_id) opens a form for it."""

    def __init__(self, table: int, hand: int, step: int, kind: str, label: str, *,
                 amount: int | None = None, ranged: bool = False,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary):
        suffix = f":{amount}" if amount is not None else ":r" if ranged else ""
        super().__init__(discord.ui.Button(label=label[:80], style=style,
                                           custom_id=f"cr:a:{table}:{hand}:{step}:{kind}{suffix}"))
        self.table, self.hand, self.step, self.kind, self.amount = table, hand, step, kind, amount
        self.ranged = ranged

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "ActionButton":
        amount = match["amount"]
        return cls(int(match["table"]), int(match["hand"]), int(match["step"]), match["kind"],
                   getattr(item, "label", None) or "",
                   amount=int(amount) if amount and amount != "r" else None, ranged=amount == "r")

    async def _press(self, interaction: discord.Interaction, live: LiveTable | None) -> None:
        """A move goes to the table as it is (``submit``: the table judges it once, a fixed amount filled
        in by the engine). Only a ranged move asks the table first, for the range its form offers; the
        form's amount is judged as the table applies it."""
        table = present(live)
        if self.ranged:
            _, spec = on_offer(interaction, table, self.hand, self.step, self.kind)
            if spec.min_amount is not None and spec.max_amount is not None and spec.min_amount != spec.max_amount:
                await interaction.response.send_modal(
                    AmountModal(self.table, self.hand, self.step, spec, interaction.user.id))
                return
        await submit(interaction, table, self.hand, self.step, Action(self.kind, amount=self.amount))
        if self.kind in PRIVATE_ANSWERS:
            await interaction.followup.send(PRIVATE_ANSWERS[self.kind], ephemeral=True)


def straddle_answer(live: LiveTable, on: bool) -> str:
    """What a press of Straddle tells the presser."""
    if not on:
        return "You won't straddle. Press Straddle again to straddle."
    where = "under the gun" if live.row.settings.straddle is Straddle.UNDER_THE_GUN else "on the button"
    return (f"You will straddle (twice the big blind, before the cards) in every deal where you are {where}, "
            "with more than a straddle in front of you. Press Straddle again to stop.")


class TableButton(TableComponent, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                  template=r"cr:u:(?P<table>[0-9]+):(?P<what>[a-z]+)"):
    """Buttons that are not moves: My hand, Sit out, Away, Back, Join, Start, Straddle (a toggle), and after
    a hand Show my cards (its uncontested winner) and Rabbit hunt; at a cash table Rebuy (the table's
    buy-in), Top up (to the table's maximum) and Auto-rebuy (a toggle), answered privately; at a
    casual bridge table Undo, and Allow undo and Refuse undo for the opponents when one is asked."""

    LABELS = {"hand": "My hand", "sitout": "Sit out", "away": "Away", "back": "I'm back", "join": "Join", "start": "Start",
              "straddle": "Straddle", "show": "Show my cards", "rabbit": "Rabbit hunt", "rebuy": "Rebuy",
              "topup": "Top up", "autorebuy": "Auto-rebuy", "undo": "Undo", "allowundo": "Allow undo",
              "refuseundo": "Refuse undo"}

    def __init__(self, table: int, what: str):
        style = discord.ButtonStyle.success if what in ("join", "start") else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=self.LABELS.get(what, what), style=style,
                                           custom_id=f"cr:u:{table}:{what}"))
        self.table, self.what = table, what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "TableButton":
        return cls(int(match["table"]), match["what"])

    async def _press(self, interaction: discord.Interaction, found: LiveTable | None) -> None:
        bot = bot_of(interaction)
        live = present(found)
        user = interaction.user
        table = live.commands
        if self.what == "hand":
            await bot.presenter.show_hand(interaction, live)
            return
        if self.what == "straddle":
            on = await table.straddle(user.id)
            await interaction.response.send_message(straddle_answer(live, on), ephemeral=True)
            return
        answered_privately: dict[str, Callable[[], Awaitable[str]]] = {
            "rebuy": lambda: table.rebuy(user.id), "topup": lambda: table.top_up(user.id),
            "autorebuy": lambda: table.auto_rebuy(user.id), "undo": lambda: table.ask_undo(user.id)}
        if self.what in answered_privately:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send(await answered_privately[self.what](), ephemeral=True)
            return
        shown_at_the_table: dict[str, Callable[[], Awaitable[object]]] = {
            "show": lambda: table.show_cards(user.id), "rabbit": table.hunt_rabbit,
            "away": lambda: table.away(user.id), "sitout": lambda: table.sit_out(user.id),
            "back": lambda: table.come_back(user.id), "join": lambda: table.join(user.id, member_name(user)),
            "start": lambda: table.start(user.id),
            "allowundo": lambda: table.answer_undo(user.id, True),
            "refuseundo": lambda: table.answer_undo(user.id, False)}
        if self.what not in shown_at_the_table:
            raise StaleButton()
        press = bot.presenter.pressed(live, interaction)  # answered by the table's update, or deferred
        await shown_at_the_table[self.what]()
        await press.acknowledge()
