"""The words of a member's seat panel: their cards face up and, on their turn, what they need to decide
(the board or dummy and trick, the pot, their stack), and where they stand (away, sitting out). Between
their turns it says nothing that others' moves change, so their panel is not edited for them. Read from
their own seat's view only, so nothing hidden from them reaches it."""
from __future__ import annotations

from typing import Any

from bot.adapter.table.private_hands import private_cards
from bot.games.card_names import card_name
from bot.service.table.live import LiveTable
from bot.service.table.offers import Offers, in_play

SUITS = (("s", "♠"), ("h", "♥"), ("d", "♦"), ("c", "♣"))
RANKS = "AKQJT98765432"


def cards_text(cards: list[str]) -> str:
    return " ".join(map(card_name, cards)) or "none"


def by_suit(cards: list[str]) -> str:
    """A bridge hand as players write it: suit by suit, high cards first ("♠ A K 5 · ♥ Q J")."""
    parts = []
    for letter, symbol in SUITS:
        ranks = sorted((c[0] for c in cards if len(c) == 2 and c[1].lower() == letter), key=RANKS.index)
        parts.append(f"{symbol} {' '.join('10' if r == 'T' else r for r in ranks) or '—'}")
    return " · ".join(parts)


def _bridge_facts(view: dict[str, Any], seat: int) -> list[str]:
    lines = []
    seats = view.get("seats") or []
    if view.get("contract"):
        declarer = view.get("declarer")
        by = f" by {seats[declarer]['direction']}" if isinstance(declarer, int) and declarer < len(seats) else ""
        lines.append(f"Contract {view['contract']}{by} · tricks {'–'.join(map(str, view.get('tricks') or []))}")
    for other, entry in enumerate(seats):
        if other != seat and entry.get("role") == "dummy" and "??" not in entry.get("cards", ["??"]):
            lines.append(f"Dummy ({entry['direction']}): {by_suit(entry['cards'])}")
    trick = view.get("trick") or []
    if trick:
        lines.append("Trick: " + ", ".join(f"{seats[t['seat']]['direction']} {card_name(t['card'])}" for t in trick))
    return lines


def _facts(view: dict[str, Any], seat: int) -> list[str]:
    """What the view says that a member decides by, whatever the game."""
    if view.get("game") == "bridge":
        return _bridge_facts(view, seat)
    lines = []
    board = view.get("board")
    if isinstance(board, list) and board and all(isinstance(c, str) for c in board):
        lines.append(f"Board: {cards_text(board)}")
    if view.get("discard_top"):
        lines.append(f"Discard pile: {card_name(view['discard_top'])} · stock {view.get('stock_count', 0)}")
    money = []
    pots = view.get("pots")
    if isinstance(pots, list) and pots:
        money.append(f"Pot {sum(int(p.get('amount', 0)) for p in pots):,}")
    seats = view.get("seats")
    if isinstance(seats, list) and seat < len(seats) and isinstance(seats[seat], dict) and "stack" in seats[seat]:
        mine = seats[seat]
        money.append(f"your stack {int(mine['stack']):,}" + (f" ({int(mine['bet']):,} bet)" if mine.get("bet") else ""))
    if money:
        lines.append(" · ".join(money))
    return lines


HEADING = "**Your seat** · "
"""How every panel's text begins: a press on a message that begins so is a press on a seat panel."""


def panel_text(live: LiveTable, user_id: int, offer: Offers) -> str:
    """The panel's text for ``user_id`` now."""
    row = live.row
    lines = [f"{HEADING}{live.spec.title} table #{row.id}"]
    if not offer.seated:
        return "\n".join(lines + [f"You are not seated at this table: `/{live.spec.name} join` to play."])
    seat = row.seats[live.seat_index(user_id) or 0]
    if row.status == "lobby":
        lines.append("Waiting for the host to start.")
    elif in_play(live) and offer.deal_seat is not None:
        view = live.engine.view(offer.deal_seat)
        cards = private_cards(view, offer.deal_seat)
        lines.append(f"Hand #{row.hand_no} · your cards: "
                     + (by_suit(cards) if view.get("game") == "bridge" else cards_text(cards)))
        if offer.to_act and offer.deal_seat in live.engine.to_act():
            lines += _facts(view, offer.deal_seat)
            due = f" (until <t:{int(row.deadline)}:T>)" if row.deadline else ""
            dummy = view.get("game") == "bridge" and view.get("turn") not in (None, offer.deal_seat)
            lines.append(f"**Your turn**{due}" + (": play a card from dummy." if dummy else "."))
        else:  # nothing that changes with others' moves: the table message shows the play
            lines.append("Not your turn: the table above shows the play.")
    elif in_play(live):
        lines.append(f"Hand #{row.hand_no} is being played; you are dealt in from the next one.")
    else:
        lines.append("Between hands: the next one is dealt soon.")
    if seat.sitting_out:
        lines.append("You are sitting out: press I'm back to be dealt in.")
    elif seat.away:
        lines.append("You are away: your turns are checked or folded. Press I'm back to play them.")
    return "\n".join(line for line in lines if line)
