"""The form a player types an amount in, when a move takes any amount within a range: the amount is
judged by the table as it applies the move, like any other press."""
from __future__ import annotations

import discord

from bot.adapter.seat.checks import guarded, open_table, reply_error, submit
from bot.adapter.member_text import plain, shown
from bot.errors import UserError
from bot.games.base import Action, ActionSpec


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
        live = open_table(interaction, self.table)
        await submit(interaction, live, self.hand, self.step, Action(self.kind, amount=int(text)))
