"""Undo at a casual table (a game's ``GameSpec.undo``: bridge at rubber scoring, never at a duplicate
or event table): a player takes back their last call or card, with their opponents' consent.

The deal goes back to just before that call or card. The calls and cards the robots made after it
go too (robots answer at once, so a person's move is rarely the last); they are made again as the
deal goes on. The engine is rebuilt from the deal's stored actions less those undone, and the
undone action rows are dropped in one transaction with the table row, so a restart finds the deal
as the undo left it. Robots consent; people among the opponents answer Allow or Refuse.
"""
from __future__ import annotations

from dataclasses import replace

from bot.errors import UserError
from bot.service.table.command import command
from bot.service.table.dealing import drive, turn_deadline
from bot.service.table.live import LiveTable
from bot.service.table.memory import UndoAsked


def allowed(table: LiveTable) -> bool:
    return table.spec.undo is not None and table.spec.undo(table.row.settings.to_json())


def pending(table: LiveTable) -> UndoAsked | None:
    """The undo waiting for answers, unless the deal has moved on since it was asked (then it is void)."""
    asked = table.undo
    if asked is None or (asked.hand_no, asked.asked_at) != (table.row.hand_no, table.row.step):
        return None
    return asked


def _last_move(table: LiveTable, deal_seat: int) -> int:
    """The step (0-based index in the deal's actions) of the seat's last move, or the refusal."""
    deal = table.row.deal
    if deal is None or table.engine is None or table.engine.outcome is not None:
        raise UserError("There is nothing to undo: no deal is in play.")
    own = [index for index, move in enumerate(deal.actions) if move.deal_seat == deal_seat]
    if not own:
        raise UserError("You have made no call or card in this deal to take back.")
    return own[-1]


async def ask(table: LiveTable, user_id: int) -> str:
    """The member asks to take back their last call or card. Returns what happens next."""
    async with command(table):
        if not allowed(table):
            raise UserError("Undo is for casual tables (rubber bridge); a duplicate or event board is played as it lies.")
        if pending(table) is not None:
            raise UserError("An undo is already waiting for an answer.")
        deal_seat = table.deal_seat(user_id)
        if deal_seat is None:
            raise UserError("You are not playing in this deal.")
        step = _last_move(table, deal_seat)
        opponents = {(deal_seat + 1) % 4, (deal_seat + 3) % 4}
        people = {seat for seat in opponents if not table.table_seat_of(seat).is_bot}
        name = table.table_seat_of(deal_seat).name
        table.undo = None
        if people:
            table.undo = UndoAsked(deal_seat, step, frozenset(people), table.row.hand_no, table.row.step)
            table.note(f"{name} asks to take back their last call or card: opponents, allow or refuse.")
            answer = "Asked: your opponents allow or refuse."
        else:
            await _roll_back(table, step)
            table.note(f"{name} takes back their last call or card (the robots allow it).")
            answer = "Taken back."
    return answer


async def answer(table: LiveTable, user_id: int, allow: bool) -> None:
    """An opponent allows or refuses the pending undo; the last consent rolls the deal back."""
    async with command(table):
        asked = pending(table)
        deal_seat = table.deal_seat(user_id)
        if asked is None or deal_seat not in asked.waiting:
            raise UserError("No undo is waiting for your answer.")
        name = table.table_seat_of(deal_seat).name
        if not allow:
            table.undo = None
            table.note(f"{name} refuses the undo; play goes on.")
        else:
            table.undo = replace(asked, waiting=asked.waiting - {deal_seat})
            if not table.undo.waiting:
                table.undo = None
                await _roll_back(table, asked.step)
                table.note(f"{name} allows it: the last call or card is taken back.")


async def _roll_back(table: LiveTable, step: int) -> None:
    """The deal as it was before its move number ``step`` (0-based), stored and shown."""
    row, deal = table.row, table.row.deal
    assert deal is not None
    del deal.actions[step:]
    row.step = step
    table.replay()
    row.deadline = turn_deadline(table)
    async with table.room.storage.transaction() as tx:
        await tx.drop_actions_from(table.id, row.hand_no, step + 1)
        await tx.save_table(row)
    await drive(table)
