"""Responder's preference after opener shows a second, lower-ranking suit at the two level (1♦–1♠–2♣,
1♠–1NT–2♥), the opponents silent: the natural rules look for game values and pass without them,
leaving the side in opener's second suit with more cards of the first between the hands. A club
player goes back to the first suit (opener holds at least as many of it) with as many cards in it
as in the second, at the two level and to play."""
from __future__ import annotations

from bot.ai.bridge_bidding import SUITS
from bot.ai.bridge_system.game_choice import instead_of, or_natural
from bot.ai.bridge_system.position import Hand, Meaning, Option, Position, at_least, both
from bot.games.bridge import PASS


def back_to_first(position: Position, sequence: tuple[str, ...] | None) -> list[Option]:
    """Two of opener's first suit after 1X–1Y (or 1NT)–two of a lower-ranking new suit."""
    if sequence is None or len(sequence) != 3:
        return []
    opening, answer, rebid = sequence
    first, second = opening[1:], rebid[1:]
    if (opening[0] != "1" or first not in SUITS or answer[0] != "1" or rebid[0] != "2" or second not in SUITS
            or answer[1:] == second or SUITS.index(second) <= SUITS.index(first)):
        return []
    call = f"2{first}"

    def preferred(hand: Hand) -> bool:
        return hand.info.lengths[first] >= hand.info.lengths[second]
    meaning = Meaning(lengths={first: 2}, note="preference: opener's first suit rather than the second")
    return [Option(call, meaning, when=or_natural(position, call,
                                                  both(instead_of(position, PASS), both(at_least(first, 2), preferred))))]
