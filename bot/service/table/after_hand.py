"""What players may do once a hand is over, before the next one is dealt: a winner nobody called may
show their cards, and anyone may hunt the rabbit (see the board cards that would have come) at a
table that allows it. Neither changes a chip; both are told to the whole table.
"""
from __future__ import annotations

from dataclasses import replace

from bot.errors import UserError
from bot.games.cards import pretty
from bot.service.table import bounty
from bot.service.table.command import command
from bot.service.table.live import LiveTable


def over(table: LiveTable) -> bool:
    """The table shows a finished hand (its engine is kept until the next deal)."""
    return table.row.deal is None and table.engine is not None and table.last_deal is not None


def rabbit_cards(table: LiveTable) -> list[str]:
    """The cards a rabbit hunt would show now: none unless the table allows it, the hand is over
    before the river, and nobody has hunted this hand's rabbit yet."""
    if not table.row.settings.rabbit_hunt or not over(table) or table.after_hand.rabbit_hunted == table.row.hand_no:
        return []
    cards: list[str] = table.engine.rabbit()
    return cards


async def hunt_rabbit(table: LiveTable) -> None:
    async with command(table):
        if not table.row.settings.rabbit_hunt:
            raise UserError("This table has no rabbit hunt (a table option at `create`).")
        cards = rabbit_cards(table)
        if not cards:
            raise UserError("There is no rabbit to hunt: the hand is not over, its board was dealt in full, "
                            "or its rabbit has been hunted already.")
        table.after_hand = replace(table.after_hand, rabbit_hunted=table.row.hand_no)
        table.note(f"Rabbit hunt (it changes nothing): {' '.join(pretty(c) for c in cards)} would have come.")


def may_show(table: LiveTable, user_id: int) -> bool:
    """Whether ``user_id`` won the finished hand uncontested and has not shown their cards yet."""
    last = table.last_deal
    return over(table) and last is not None and user_id in last.players \
        and bool(table.engine.may_show(last.players.index(user_id)))


async def show_cards(table: LiveTable, user_id: int) -> None:
    """The uncontested winner shows their cards; the hand's stored export gets the show as a remark."""
    async with command(table) as run:
        if not may_show(table, user_id):
            raise UserError("Only the player who won the last hand without a showdown may show their cards, "
                            "before the next hand is dealt.")
        players = table.last_deal.players if table.last_deal is not None else ()
        table.note(table.engine.show_cards(players.index(user_id)))
        bounty.collect(table, [table.seat_index(user) for user in players])
        tx = await run.transaction()
        await tx.update_hand_export(table.id, table.row.hand_no, table.spec.export(table.engine))
        await tx.save_table(table.row)
