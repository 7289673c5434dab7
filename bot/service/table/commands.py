"""What members (and the bot for a lost channel) may ask of a table: its commands (``Commands``),
reached as ``table.commands`` (``LiveTable.commands``).

Each command takes the table's lock, changes the table, stores the change and has it shown, through
one context (``bot.service.table.command``), in the module of its job; ``bot.service.table.jobs``
hands each to its module. This protocol is what the table holds, since ``live`` cannot import the
job modules (they import it).
"""
from __future__ import annotations

from typing import Protocol

from bot.service.table.press import Press


class Commands(Protocol):
    """A table's commands. Each raises ``UserError`` (the rules' ``IllegalAction`` among them) for a
    request the table refuses, before anything changes."""

    async def act(self, press: Press) -> None:
        """A member's move from a button, select or form, judged once under the lock and applied."""

    async def join(self, user_id: int, name: str, buy_in: int | None = None,
                   wait_for_big_blind: bool = False) -> bool:
        """Take a seat, or stay at it after asking to leave (returns True then)."""

    async def add_bot(self, user_id: int) -> str:
        """Seat a computer player; its name."""

    async def leave(self, user_id: int) -> str:
        """Leave now or after the deal; what happened."""

    async def start(self, user_id: int) -> None:
        """Start the match."""

    async def sit_out(self, user_id: int) -> None:
        """Not dealt in until I'm back."""

    async def come_back(self, user_id: int) -> None:
        """I'm back: dealt in again, turns played by the member."""

    async def away(self, user_id: int) -> None:
        """Dealt in, every turn checked or folded at once, until I'm back."""

    async def straddle(self, user_id: int) -> bool:
        """Toggle the member's straddle; whether they now straddle."""

    async def rebuy(self, user_id: int, amount: int | None = None) -> str:
        """Buy in again with an empty stack; what the member reads."""

    async def top_up(self, user_id: int, amount: int | None = None) -> str:
        """Add chips towards the maximum, now or at the deal's end; what the member reads."""

    async def auto_rebuy(self, user_id: int, amount: int | None = None) -> str:
        """Turn auto-rebuy on (for ``amount``) or toggle it; what the member reads."""

    async def show_cards(self, user_id: int) -> None:
        """The uncontested winner shows their cards."""

    async def hunt_rabbit(self) -> None:
        """Show the board cards that would have come."""

    async def ask_undo(self, user_id: int) -> str:
        """Ask to take back one's last call or card; what happens next."""

    async def answer_undo(self, user_id: int, allow: bool) -> None:
        """An opponent allows or refuses the pending undo."""

    async def cancel(self, user_id: int, can_manage: bool) -> None:
        """Close the table, every stack back to its wallet."""

    async def shown_in(self, message_id: int | None) -> None:
        """The table's live message is now ``message_id`` (posted, or posted afresh; None: gone, to be
        posted again): stored alone and at once, without the lock (the presenter posts while a
        command may hold it), so no half-made change of the table is stored with it."""

    async def vanished(self, why: str) -> bool:
        """The table's channel is gone: close it; whether it was still open."""
