"""In the pass-out seat over the opponents' fit at the two level (1♠ P 2♠ P P, or after our
overcall): a club player does not let them play there. A takeout double (short in their suit,
support for the others), or a five-card suit at the cheapest level up to three; partner answers
the double in its longest other suit, or passes it with five of their trumps.

And the opener's reopening double over their two-level overcall that partner passed (1♦ 2♣ P
P): with two cards or fewer in their suit, since partner, who has no penalty double
(``competition``'s double is negative), may be waiting with their suit; partner passes for
penalty with length in it, else bids notrump with a stopper or its longest other suit."""
from __future__ import annotations

from bot.ai.bridge_bidding import SUITS
from bot.ai.bridge_system.competition import notrump_opposite_opening
from bot.ai.bridge_system.position import Hand, Meaning, Option, Position, Test, at_least, either, good, longest
from bot.games.bridge import BIDS, DOUBLE, PASS

BALANCING = "takeout in the pass-out seat: short in their suit, support for the other suits"
REOPENING = "reopening: short in their suit, partner may pass it for penalty"


def their_fit(position: Position, upto: int) -> str | None:
    """The suit of the opponents' last bid if both of them bid it, it is at the two level and
    they opened (``upto`` calls from the end, the bid followed by passes only)."""
    calls = position.calls
    if len(calls) < upto + 1 or any(c != PASS for _, c in calls[-upto:]):
        return None
    seat, bid = calls[-upto - 1]
    if bid not in BIDS or seat % 2 == position.seat % 2 or bid[0] != "2" or bid[1:] == "NT":
        return None
    opener = position.opener
    suit = bid[1:]
    both = {s for s, c in position.bids if c[1:] == suit} == {seat, (seat + 2) % 4}
    return suit if both and opener is not None and opener % 2 != position.seat % 2 else None


def takeout_shape(their: str) -> Test:
    """Two cards at most in their suit and three or more in each other, or one at most and four or
    more in each suit we have not bid."""
    def test(hand: Hand) -> bool:
        n = hand.info.lengths
        others = [s for s in SUITS if s != their]
        return (n[their] <= 2 and all(n[s] >= 3 for s in others)) or \
            (n[their] <= 1 and sum(n[s] >= 4 for s in others) >= 2)
    return test


def reopen(position: Position, their: str) -> list[Option]:
    """Our call in the pass-out seat over their fit."""
    suits = [Option(position.cheapest(s), Meaning(8, lengths={s: 5}, note="competes in the pass-out seat"),
                    when=at_least(s, 6) if position.cheapest(s)[0] == "3" else None)
             for s in SUITS if s != their and position.cheapest(s)[0] <= "3"]
    return [Option(DOUBLE, Meaning(8, note=BALANCING), when=takeout_shape(their)), *suits]


def answer(position: Position, their: str) -> list[Option]:
    """Partner reopened with a double and the next hand passed: we bid our longest other suit
    (three cards at least: a hand that bids holds four or fewer of theirs)."""
    others = "".join(s for s in SUITS if s != their)
    return [Option(PASS, Meaning(lengths={their: 5}, note="for penalty: five of their trumps")),
            *[Option(position.cheapest(s), Meaning(lengths={s: 3}, note="an answer to the takeout double: the longest other suit"),
                     when=longest(s, others)) for s in others]]


def passed_overcall(position: Position) -> str | None:
    """The suit of their two-level overcall of our opening one of a suit, if partner and the next
    hand passed it and it is our turn (the opener's): over one level, partner had 1NT and the
    negative double."""
    calls = position.calls
    if len(calls) < 4 or calls[-4][0] != position.seat or [c for _, c in calls[-2:]] != [PASS, PASS]:
        return None
    opening, overcall = calls[-4][1], calls[-3][1]
    first = position.bids[0] == (position.seat, opening) and len(position.bids) == 2
    if not first or opening[0] != "1" or opening[1:] == "NT" or overcall not in BIDS or overcall[1:] == "NT" \
            or overcall[0] != "2":
        return None
    return overcall[1:]


def reopening(their: str) -> list[Option]:
    return [Option(DOUBLE, Meaning(12, note=REOPENING), when=lambda hand: hand.info.lengths[their] <= 2)]


def after_reopening(position: Position, their: str) -> list[Option]:
    """Partner reopened with a double and the next hand passed: pass for penalty, notrump, or the
    longest other suit (three cards at least: a hand that bids holds four or fewer of theirs)."""
    others = "".join(s for s in SUITS if s != their)
    return [Option(PASS, Meaning(lengths={their: 4}, note="for penalty: length in their suit"),
                   when=either(good(their), at_least(their, 5))),
            *notrump_opposite_opening(their),
            *[Option(position.cheapest(s), Meaning(lengths={s: 3}, note="an answer to the reopening double: the longest other suit"),
                     when=longest(s, others)) for s in others]]


def rules(position: Position) -> list[Option]:
    """The options at the places this module covers (none elsewhere)."""
    their = their_fit(position, 2)
    if their is not None:
        return reopen(position, their)
    their = passed_overcall(position)
    if their is not None:
        return reopening(their)
    calls = position.calls
    if len(calls) >= 2 and calls[-2] == (position.partner, DOUBLE) and calls[-1][1] == PASS:
        before = Position(calls[:-2], position.partner, position.shown)
        their = their_fit(before, 2)
        if their is not None:
            return answer(position, their)
        their = passed_overcall(before)
        if their is not None:
            return after_reopening(position, their)
    return []
