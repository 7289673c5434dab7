"""Bridge boards for the robots' tests: a deal with the hands a test names, the auction so far, and
cards played in turn."""
from __future__ import annotations

from bot.games.base import Action, Seat
from bot.games.bridge import BridgeEngine, pbn_hand
from bot.games.cards import DECK

SEATS = [Seat(name, is_bot=True) for name in ("North", "East", "South", "West")]


def deal_with(hands: dict[int, str]) -> str:
    """A PBN deal giving the listed seats these cards ("As Kd ...") and the rest to the others."""
    given_cards = {seat: text.split() for seat, text in hands.items()}
    used = {card for cards in given_cards.values() for card in cards}
    rest = iter(card for card in DECK if card not in used)
    full = [given_cards.get(seat) or [next(rest) for _ in range(13)] for seat in range(4)]
    return "N:" + " ".join(pbn_hand(cards) for cards in full)


def table(hands: dict[int, str], auction: str = "", board: int = 1,
          seats: list[Seat] = SEATS) -> BridgeEngine:
    """A duplicate table on ``board`` (board 1: North deals) after the calls in ``auction``."""
    game = BridgeEngine({"scoring": "duplicate", "board": board, "deal": deal_with(hands)},
                        seats, "00" * 32, {})
    for call in auction.split():
        seat = game.to_act()[0]
        kind = {"P": "pass", "X": "double", "XX": "redouble"}.get(call, "bid")
        game.apply(seat, Action(kind, target=call if kind == "bid" else None))
    return game


def played(game: BridgeEngine, cards: str) -> BridgeEngine:
    """Play ``cards`` in turn (declarer plays dummy's)."""
    for card in cards.split():
        game.apply(game.to_act()[0], Action("play", cards=(card,)))
    return game
