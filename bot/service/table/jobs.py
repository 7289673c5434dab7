"""The table's commands (``commands.Commands``), each handed to the module of its job: ``dealing``
(a move), ``lobby`` (seats and the table's life), ``undo``, ``after_hand`` and ``money.cash``. The
service gives every table it takes in its ``Jobs`` (``LiveTable.commands``)."""
from __future__ import annotations

from bot.service.money import cash
from bot.service.table import after_hand, dealing, lobby, undo
from bot.service.table.commands import Commands
from bot.service.table.live import LiveTable
from bot.service.table.press import Press


class Jobs(Commands):
    """The commands of ``table``."""

    def __init__(self, table: LiveTable):
        self.table = table

    async def act(self, press: Press) -> None:
        await dealing.act(self.table, press)

    async def join(self, user_id: int, name: str, buy_in: int | None = None,
                   wait_for_big_blind: bool = False) -> bool:
        return await lobby.join(self.table, user_id, name, buy_in, wait_for_big_blind)

    async def add_bot(self, user_id: int) -> str:
        return await lobby.add_bot(self.table, user_id)

    async def leave(self, user_id: int) -> str:
        return await lobby.leave(self.table, user_id)

    async def start(self, user_id: int) -> None:
        await lobby.start(self.table, user_id)

    async def sit_out(self, user_id: int) -> None:
        await lobby.set_sitting_out(self.table, user_id, True)

    async def come_back(self, user_id: int) -> None:
        await lobby.set_sitting_out(self.table, user_id, False)

    async def away(self, user_id: int) -> None:
        await lobby.set_away(self.table, user_id)

    async def straddle(self, user_id: int) -> bool:
        return await lobby.toggle_straddle(self.table, user_id)

    async def rebuy(self, user_id: int, amount: int | None = None) -> str:
        return await cash.rebuy(self.table, user_id, amount)

    async def top_up(self, user_id: int, amount: int | None = None) -> str:
        return await cash.top_up(self.table, user_id, amount)

    async def auto_rebuy(self, user_id: int, amount: int | None = None) -> str:
        return await cash.set_auto_rebuy(self.table, user_id, amount)

    async def show_cards(self, user_id: int) -> None:
        await after_hand.show_cards(self.table, user_id)

    async def hunt_rabbit(self) -> None:
        await after_hand.hunt_rabbit(self.table)

    async def ask_undo(self, user_id: int) -> str:
        return await undo.ask(self.table, user_id)

    async def answer_undo(self, user_id: int, allow: bool) -> None:
        await undo.answer(self.table, user_id, allow)

    async def cancel(self, user_id: int, can_manage: bool) -> None:
        await lobby.cancel(self.table, user_id, can_manage)

    async def shown_in(self, message_id: int | None) -> None:
        await lobby.shown_in(self.table, message_id)

    async def vanished(self, why: str) -> bool:
        return await lobby.vanished(self.table, why)
