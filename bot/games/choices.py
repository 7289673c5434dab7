"""How a move's choices are written as strings (``ActionSpec.choices``) and read back into an
``Action``: a card code ("Qh"), a card placed on a target ("Qh@E", "5h@2": a cell, a meld), a bid
("3NT") or another named target. Engines write them, the adapter offers them in selects and turns
the chosen values back into the move here, so no layer above the games parses a game's encoding.
"""
from __future__ import annotations

import re

from bot.games.base import TARGET, Action, IllegalAction
from bot.games.card_names import card_name
from bot.games.cards import DECK, SUIT_SYMBOLS, pretty

_BID = re.compile(r"([1-7])(C|D|H|S|NT)")


def card_of(value: str) -> str | None:
    """The card of a "card@target" choice ("Qh@E" -> "Qh"), None for any other choice."""
    card, at, _ = value.partition(TARGET)
    return card if at else None


def action_from_choices(kind: str, values: list[str], several: bool = False) -> Action:
    """Select values -> an Action: card codes go in ``cards``; "card@target" also sets ``target``;
    from a one-value select, a value that is not a card (a bid such as "3NT", a placement) is the
    ``target``; from a select of ``several`` values, every value is a card (a draw's discards)."""
    if len(values) == 1 and not several and TARGET not in values[0] and values[0] not in DECK:
        return Action(kind, target=values[0])
    targets = {v.partition(TARGET)[2] for v in values if TARGET in v}
    cards = tuple(v.partition(TARGET)[0] for v in values)
    if len(targets) > 1:
        raise IllegalAction("Choose one target at a time.")
    return Action(kind, cards=cards, target=targets.pop() if targets else None)


def display_choice(value: str) -> str:
    """Readable option text: card codes and bids get suit symbols ("As@B" -> "A♠ → B", "4H" -> "4♥")."""
    bid = _BID.fullmatch(value)
    if bid:
        return bid[1] + SUIT_SYMBOLS.get(bid[2].lower(), bid[2])
    card = card_of(value)
    if card is not None:
        return f"{pretty(card)} → {value.partition(TARGET)[2]}"[:100]
    return card_name(value)[:100]
