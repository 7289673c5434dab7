"""Preference after partner shows a second, lower-ranking suit at the two level: opener's (1♦–1♠–2♣,
1♠–1NT–2♥, the opponents silent or passing the rebid) or the overcaller's (1♣ 1♠ X P 2♣ 2♥, the
opponents passing it): the natural rules look for game values and pass without them, leaving the
side in partner's second suit with more cards of the first between the hands. A club player goes back to the first suit
(partner holds at least as many of it) with as many cards in it as in the second, at the two level
and to play, with up to 11 HCP."""
from __future__ import annotations

from bot.ai.bridge_bidding import SUITS
from bot.ai.bridge_system.game_choice import instead_of, or_natural
from bot.ai.bridge_system.position import Hand, Meaning, Option, Position, at_least, both
from bot.games.bridge import PASS


PREFERENCE_MOST = 11
"""The most HCP for the preference: with 12 the hands hold a game, which the natural rules or the
stopper ask (``stopper_ask``) look for."""


def back_to_first(position: Position, sequence: tuple[str, ...] | None) -> list[Option]:
    """Two of opener's first suit after 1X–1Y (or 1NT)–two of a lower-ranking new suit."""
    if sequence is None or len(sequence) != 3:
        return []
    opening, answer, rebid = sequence
    first, second = opening[1:], rebid[1:]
    if (opening[0] != "1" or first not in SUITS or answer[0] != "1" or rebid[0] != "2" or second not in SUITS
            or answer[1:] == second or SUITS.index(second) <= SUITS.index(first)):
        return []
    return to_first(position, first, second, "opener")


def over_their_bid(position: Position) -> list[Option]:
    """The same preference when the opponents have bid but passed partner's rebid (1♦ 1♥ 1♠ P
    2♣ P): our side's bids are opener's first suit, our one-level answer and opener's new suit,
    each the next call of our side."""
    ours = [c for s, c in position.calls if s % 2 == position.seat % 2]
    if position.opener != position.partner or position.calls[-1][1] != PASS \
            or all(s % 2 == position.seat % 2 for s, _ in position.bids) or PASS in ours:
        return []
    return back_to_first(position, tuple(ours))


def overcallers_suits(position: Position) -> list[Option]:
    """Two of the overcaller's first suit after its one-level overcall and a lower-ranking new suit
    of its own (not theirs) at the two level, where we have not bid and the opponents passed it."""
    if position.opener is None or position.opener % 2 == position.seat % 2 or position.bids_of(position.seat) \
            or not position.bids or position.bids[-1][0] != position.partner or position.calls[-1][1] != PASS:
        return []
    partners = position.bids_of(position.partner)
    if len(partners) != 2 or partners[0][0] != "1" or partners[1][0] != "2" or "NT" in partners[0] + partners[1]:
        return []
    first, second = partners[0][1:], partners[1][1:]
    theirs = {c[1:] for s, c in position.bids if s % 2 != position.seat % 2}
    if SUITS.index(second) <= SUITS.index(first) or second in theirs:  # no cue-bid of theirs
        return []
    return to_first(position, first, second, "the overcaller")


def to_first(position: Position, first: str, second: str, whose: str) -> list[Option]:
    """Two of ``first`` with as many cards in it as in ``second``, where the natural rules pass."""
    call = f"2{first}"

    def preferred(hand: Hand) -> bool:
        return hand.info.lengths[first] >= hand.info.lengths[second]
    meaning = Meaning(high=PREFERENCE_MOST, lengths={first: 2},
                      note=f"preference: {whose}'s first suit rather than the second")
    return [Option(call, meaning, when=or_natural(position, call,
                                                  both(instead_of(position, PASS), both(at_least(first, 2), preferred))))]
