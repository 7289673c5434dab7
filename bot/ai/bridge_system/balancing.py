"""In the pass-out seat over the opponents' fit at the two level (1♠ P 2♠ P P, or after our
overcall): a club player does not let them play there. A takeout double (short in their suit,
support for the others), or a five-card suit at the cheapest level up to three; partner answers
the double in its longest other suit, or passes it with five good trumps of theirs, or six; when
they raise past the double, it bids a four-card suit at the three level with values.

And the opener's reopening double over their overcall that partner passed (1♦ 2♣ P P, or a
three-level one with extra values): with two cards or fewer in their suit, since partner, who
has no penalty double (``competition``'s double is negative), may be waiting with their suit;
over a one-level overcall, where partner had 1NT too, with a singleton or extra values. Over
their overcall after partner passed the opening (1♦ P P 1♠), or over their raise of it after
partner passed it (1♦ 1♠ P 3♠), the double is for takeout with a strong hand. Partner passes for
penalty with length in their suit, else bids notrump with a stopper or its longest other suit.
The doubler then rebids as over an answer to a direct takeout double (``doubler_rebids``). Over
their 1NT overcall that partner passed, the opener competes with a six-card suit or two five-card
suits."""
from __future__ import annotations

from bot.ai.bridge_bidding import SUITS
from bot.ai.bridge_system.competition import doubler_rebids, longest_other, notrump_opposite_opening, six_card_suits
from bot.ai.bridge_system.game_choice import instead_of
from bot.ai.bridge_system.position import (Hand, Meaning, Option, Position, Test, at_least, at_most, both, either, good,
                                          longest)
from bot.games.bridge import BIDS, DOUBLE, PASS

BALANCING = "takeout in the pass-out seat: short in their suit, support for the other suits"
REOPENING = "reopening: short in their suit, partner may pass it for penalty"
STRONG_TAKEOUT = "takeout: a strong hand, short in their suit"


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
    """Partner reopened with a double and the next hand passed: we bid our longest other suit, or
    pass with five good trumps of theirs or six (as over a direct takeout double)."""
    return [Option(PASS, Meaning(lengths={their: 5}, note="for penalty: five good trumps of theirs, or six"),
                   when=either(good(their), at_least(their, 6))),
            *longest_other(position, their, "an answer to the takeout double: the longest other suit")]


FREE_ANSWER = 9
"""The least HCP to answer partner's balancing double at the three level once they have raised
their suit past it: partner's double may be light."""


def free_answer(position: Position, their: str) -> list[Option]:
    """Partner reopened with a double over their fit and they bid three of it: our longest other
    suit at the three level with four cards and ``FREE_ANSWER`` HCP."""
    others = "".join(s for s in SUITS if s != their)
    return [Option(position.cheapest(s), Meaning(FREE_ANSWER, lengths={s: 4}, note="competes over their raise"),
                   when=longest(s, others))
            for s in others if position.cheapest(s)[0] == "3"]


def six_card_answer(position: Position) -> list[Option]:
    """Partner reopened with a double over their overcall and they bid over it (1♦ 1♠ P P X 2♠): a
    six-card suit nobody has bid at the cheapest level up to three, at any strength (partner's
    double promised two cards or fewer of theirs and support elsewhere)."""
    return six_card_suits(position, longest)


def passed_overcall(position: Position) -> tuple[str, bool] | None:
    """Their overcall of our opening one of a suit, the only bid since, when it is the opener's
    turn: partner passed it (1♦ 2♣ P P, or a three-level one: 1♦ 3♣ P P) or passed the opening
    before it (1♦ P P 1♠, up to the two level), or partner
    passed it and they raised it below game (1♦ 1♠ P 3♠). The suit, and whether partner is
    known weak (it passed the opening, or passed the overcall before their raise)."""
    calls = position.calls
    if len(calls) < 4 or calls[-4][0] != position.seat or not position.bids or position.bids[0] != calls[-4]:
        return None
    opening = calls[-4][1]
    after = [c for _, c in calls[-3:]]
    raised = after[1] == PASS and after[0] in BIDS and after[2] in BIDS and after[2][1:] == after[0][1:] \
        and after[2][0] <= "3"
    if len(position.bids) == 3 and raised:
        overcall, passed_opening = after[0], True
    elif len(position.bids) != 2:
        return None
    elif after[1:] == [PASS, PASS]:
        overcall, passed_opening = after[0], False
    elif after[:2] == [PASS, PASS]:
        overcall, passed_opening = after[2], True
    else:
        return None
    if opening[0] != "1" or opening[1:] == "NT" or overcall not in BIDS or overcall[1:] == "NT" \
            or overcall[0] > ("2" if passed_opening else "3"):
        return None
    return overcall[1:], passed_opening


OWN_SUIT_AGAIN = {"2": 6, "3": 7}
"""The cards of the opened suit with which the opener bids it again in the pass-out seat where the
natural rules pass, by the level it takes (where they bid it, five do)."""


def reopening(position: Position, their: str, passed_opening: bool) -> list[Option]:
    """The double: two cards or fewer in their suit with 12+ HCP over a two-level overcall partner
    passed; over a one-level one a singleton, or two cards and 15+; over a three-level one a
    singleton and 14+, or two cards and 16+; after partner passed the opening (0–5 HCP) or their
    overcall before they raised it, a singleton and 16+ or two cards and 18+ (over their raise,
    three cards or more in each suit not bid). Else the opened suit again with five cards where
    the natural rules bid it, or where they pass with six at the two level or seven at the three
    (``OWN_SUIT_AGAIN``)."""
    if passed_opening:
        least, note = {1: 16, 2: 18}, STRONG_TAKEOUT
    elif position.bids[1][1][0] == "2":
        least, note = {2: 12}, REOPENING
    elif position.bids[1][1][0] == "3":
        least, note = {1: 14, 2: 16}, REOPENING
    else:
        least, note = {1: 12, 2: 15}, REOPENING
    opened = position.bids[0][1][1:]
    unbid = [s for s in SUITS if s not in (their, opened)]
    support: Test = lambda hand: len(position.bids) == 2 or all(hand.info.lengths[s] >= 3 for s in unbid)  # noqa: E731
    doubles = [Option(DOUBLE, Meaning(hcp, note=note), when=both(at_most(their, cards), support))
               for cards, hcp in least.items()]
    again = position.cheapest(opened)
    if again[0] > "3":
        return doubles
    long_enough = at_least(opened, OWN_SUIT_AGAIN[again[0]])
    bids_it = either(instead_of(position, again), both(instead_of(position, PASS), long_enough))
    return [*doubles, Option(again, Meaning(lengths={opened: 5}, note="a long suit: competes in the pass-out seat"),
                             when=bids_it)]


def after_reopening(position: Position, their: str) -> list[Option]:
    """Partner reopened with a double and the next hand passed: pass for penalty, notrump, partner's
    major with three cards (a fit found; four of another suit are no better), or the longest other
    suit (three cards at least: a hand that bids holds four or fewer of theirs). Over a two-level
    or higher overcall, four of theirs with an honour and 8+ HCP pass too: two trump tricks or so
    beside partner's opening."""
    opened = position.bids[0][1][1:]
    trap = [Option(PASS, Meaning(8, lengths={their: 4}, note="for penalty: length in their suit"),
                   when=lambda hand: any(r in "AKQJ" for r in hand.holding(their)))
            ] if position.bids[-1][1][0] >= "2" else []
    fit = [Option(position.cheapest(opened), Meaning(lengths={opened: 3}, note="a fit with partner's major"),
                  when=lambda hand: max(hand.info.lengths.values()) <= 4)] if opened in "HS" else []
    return [Option(PASS, Meaning(lengths={their: 4}, note="for penalty: length in their suit"),
                   when=either(good(their), at_least(their, 5))),
            *trap,
            *notrump_opposite_opening(their),
            *fit,
            *longest_other(position, their, "an answer to the reopening double: the longest other suit")]


def over_notrump_overcall(position: Position) -> list[Option] | None:
    """Our one of a suit, their 1NT overcall and two passes, the opener's turn: six cards of the
    opened suit again at the two level, or a second five-card suit beside five of it, to play
    (partner, who passed, has no penalty double of 1NT to wait with); else the natural rules'."""
    calls = position.calls
    if len(calls) < 4 or calls[-4][0] != position.seat or len(position.bids) != 2 \
            or position.bids[0] != calls[-4] or [c for _, c in calls[-3:]] != ["1NT", PASS, PASS]:
        return None
    opened = calls[-4][1]
    if opened[0] != "1" or opened[1:] == "NT":
        return None
    own = opened[1:]
    return [Option("2" + own, Meaning(lengths={own: 6}, note="six cards: competes over their 1NT")),
            *[Option("2" + s, Meaning(lengths={own: 5, s: 5}, note="a second five-card suit: competes over their 1NT"))
              for s in SUITS if s != own]]


def doubled_their(position: Position) -> str | None:
    """Their suit, where our side's double at ``position`` is this module's (over their fit in
    the pass-out seat, or the opener's over their overcall)."""
    their = their_fit(position, 2)
    if their is not None:
        return their
    passed = passed_overcall(position)
    return passed[0] if passed is not None else None


def answered(position: Position) -> tuple[str, str] | None:
    """We doubled as this module says, the next hand passed, partner bid and the next passed:
    their suit and partner's answer."""
    calls = position.calls
    if len(calls) < 4 or calls[-4] != (position.seat, DOUBLE) or calls[-3][1] != PASS \
            or calls[-2][1] not in BIDS or calls[-1][1] != PASS:
        return None
    their = doubled_their(Position(calls[:-4], position.seat, position.shown, position.vulnerable))
    return (their, calls[-2][1]) if their is not None else None


def rules(position: Position) -> list[Option]:
    """The options at the places this module covers (none elsewhere)."""
    their = their_fit(position, 2)
    if their is not None:
        return reopen(position, their)
    passed = passed_overcall(position)
    if passed is not None:
        return reopening(position, *passed)
    notrump = over_notrump_overcall(position)
    if notrump is not None:
        return notrump
    rebid = answered(position)
    if rebid is not None:
        return doubler_rebids(position, *rebid)
    calls = position.calls
    if len(calls) >= 2 and calls[-2] == (position.partner, DOUBLE) and calls[-1][1] in BIDS:
        prior = Position(calls[:-2], position.partner, position.shown, position.vulnerable)
        their = their_fit(prior, 2)
        if their is not None and calls[-1][1] == "3" + their:
            return free_answer(position, their)
        if passed_overcall(prior) is not None:
            return six_card_answer(position)
    before = position.partner_doubled()
    if before is not None:
        their = their_fit(before, 2)
        if their is not None:
            return answer(position, their)
        passed = passed_overcall(before)
        if passed is not None:
            return after_reopening(position, passed[0])
    return []
