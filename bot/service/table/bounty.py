"""The 7-2 game, a hold'em cash table option (``bounty_72``): whoever wins a pot holding a seven and a
deuce, and shows them (at the showdown, or with Show my cards after a hand nobody called), collects
the bounty from every other player dealt in (at most what each has left).

The chips move between the table's stacks in the transaction that records the hand's end (or the
show), and the export notes them as a remark: the hand's own pots, and so its statistics, are the
poker hand's alone.
"""
from __future__ import annotations

from dataclasses import replace

from bot.service.table.live import LiveTable


def amount(table: LiveTable) -> int:
    return table.row.settings.bounty_72


def collect(table: LiveTable, dealt: list[int | None]) -> None:
    """Pay the bounty if this hand's winner showed a seven-deuce. ``dealt``: the table seat of each
    deal seat (None for a player who has left since)."""
    engine = table.engine
    bounty = amount(table)
    if not bounty or table.after_hand.bounty_paid == table.row.hand_no or not hasattr(engine, "seven_deuce"):
        return
    winners = [seat for seat in engine.shown_winners() if engine.seven_deuce(seat) and dealt[seat] is not None]
    if not winners:
        return
    winner = winners[0]
    index = dealt[winner]
    assert index is not None
    taker = table.row.seats[index]
    paid: list[str] = []
    total = 0
    for deal_seat, other in enumerate(dealt):
        if deal_seat == winner or other is None:
            continue
        payer = table.row.seats[other]
        chips = min(bounty, payer.stack)
        payer.stack -= chips
        total += chips
        paid.append(f"{chips} from {engine.player_label(deal_seat)}")
    taker.stack += total
    table.after_hand = replace(table.after_hand, bounty_paid=table.row.hand_no)
    table.note(f"7-2 bounty: {taker.name} collects {total} ({bounty} from each other player, at most what they have).")
    engine.remark(f"7-2 bounty: {engine.player_label(winner)} collects " + ", ".join(paid))
