"""Competing by the law of total tricks: when the opponents bid over our side's suit, the robot
bids on in a suit partner has bid as high as the trumps between the two hands (what partner has
shown and its own) less six, up to the three level, with 5+ HCP; eight trumps compete at the two
level, nine at the three; nine trumps and a singleton or void compete at the three level with
4+ HCP, the shape making the tricks (the first answer to a weak two or a preempt too). Where
the natural rules would raise partner's suit anyway, this is the same call, read the same way: a
fit with partner's suit."""
from __future__ import annotations

from bot.ai.bridge_system.position import Hand, Meaning, Option, Position, Test, natural_call, short_suit
from bot.games.bridge import BIDS, PASS

HIGHEST = 3
"""The law competes up to this level; games are the natural rules' and the sacrifice's to bid."""
FIT = "competes: a fit with partner's suit"


def they_acted_last(position: Position) -> bool:
    """The last call other than a pass is the opponents' bid or double."""
    last = next(((s, c) for s, c in reversed(position.calls) if c != PASS), None)
    return last is not None and last[0] % 2 != position.seat % 2


def fit_needed(position: Position, suit: str, trumps: int = 8) -> int:
    """The cards in ``suit`` that make ``trumps`` with what partner has shown."""
    return max(1, trumps - position.shown[position.partner].lengths[suit])


def first_answer(position: Position) -> bool:
    """Partner opened one of a suit, 1NT or 2♣ and this is our first bid: the answers to those
    openings read a raise otherwise. Over a weak two or a preempt the raise competes by the law."""
    opening = position.bids[0][1] if position.bids else ""
    return (position.opener == position.partner and not position.bids_of(position.seat)
            and (opening[0] == "1" or opening == "2C"))


def compete(position: Position) -> list[Option]:
    """A bid in each suit partner has bid, chosen when the law allows it or the natural rules
    would make it anyway."""
    if not they_acted_last(position) or not position.bids_of(position.partner) or first_answer(position):
        return []
    options = []
    for suit in dict.fromkeys(c[1:] for c in position.bids_of(position.partner)):
        call = position.cheapest(suit)
        if suit == "NT" or call not in BIDS:
            continue
        options.append(Option(call, Meaning(5, lengths={suit: fit_needed(position, suit)}, note=FIT),
                              when=law_or_natural(position, suit, call)))
        if call[0] == str(HIGHEST):
            options.append(Option(call, Meaning(4, lengths={suit: fit_needed(position, suit, 9)}, note=FIT),
                                  when=short_suit))
    return options


def law_or_natural(position: Position, suit: str, call: str) -> Test:
    partner_length = position.shown[position.partner].lengths[suit]

    def test(hand: Hand) -> bool:
        trumps = hand.info.lengths[suit] + partner_length
        if trumps >= 8 and int(call[0]) <= min(HIGHEST, trumps - 6):
            return True
        return natural_call(position, hand) == call
    return test
