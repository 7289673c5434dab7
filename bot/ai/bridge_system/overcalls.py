"""After partner's overcall: advancer's constructive calls, and the overcaller's rebid when they are
forcing. A club player raises with three trumps (a cue-bid of their suit with 11+ points, a single
raise with less, a jump with four trumps and a weak hand: preemptive), bids notrump with a stopper
(balanced, or from 2NT short only in partner's suit), and bids a new five-card suit with a good
hand, forcing for one round. The overcaller then bids game with extras over the cue-bid (as opener
does over responder's) and, over the new suit, raises it, rebids a long suit (a jump with extras)
or bids notrump. A weak jump overcall has its own advances; over their bid, advancer's own
five-card suit competes (after an overcall in the pass-out seat, a raise to three or a six-card
suit); and when they bid on past our overcall, the overcaller shows a second suit
or a six-card one with extras (seven cards at the two level). Over a 1NT advance the overcaller
places the contract, invites, or shows a second suit. Over an overcall of their weak two or
three-level preempt, advancer raises, invites 3NT or bids a game. Other advances (and every pass) are the
natural rules'."""
from __future__ import annotations

from bot.ai.bridge_bidding import cheapest_level
from bot.ai.bridge_system.competition import accepts_raise, second_suits, six_card_suits
from bot.ai.bridge_system.position import (Hand, Meaning, Option, Position, Test, at_most, both, short_suit, stopped,
                                          support)
from bot.ai.bridge_system.strong import WEAK_TWOS, support_points
from bot.games.bridge import BIDS, DOUBLE, PASS

FORCING = "a new suit: forcing for one round"
SEVEN = "a six-card suit and extra values, or seven cards: competes again"
CUE_BID = "a cue-bid: a raise of partner's overcall to at least three, 11+ points"
PREEMPTS = ("3C", "3D", "3H", "3S")
"""Their three-level preempts, which partner may overcall as their weak two."""


NOTRUMP = {(True, False): ((8, 11), (12, 14), (15, 37)), (False, False): ((0, -1), (10, 12), (13, 37)),
           (True, True): ((11, 13), (14, 15), (16, 37)), (False, True): ((0, -1), (12, 14), (15, 37))}
"""Advancer's HCP for 1NT, 2NT and 3NT with a stopper, by (the overcall was at the one level, it
was made in the pass-out seat): a passed hand opposite a light overcall needs more for each, and
holds no more than 17."""


def raised(level: int, strain: str) -> str:
    return f"{level}{strain}"


def advance(position: Position, theirs: str, overcall: str, more: int = 0, doubled: bool = False) -> list[Option]:
    """Partner overcalled ``overcall`` over their one of ``theirs`` and the next hand passed, or
    made a negative double (``doubled``: then no preemptive raise, which partner passed short of
    a game the single raise reached). After an overcall in the pass-out seat (``more``: 3, the
    overcall may be that much lighter) every call needs more (3 HCP, notrump as ``NOTRUMP`` says)
    and there is no preemptive raise: we passed the opening. Over a minor overcall a new five-card
    major comes before the cue-bid raise: a major fit first. Where nothing else describes a hand
    with game values, a stopper in their suit and one card or none in partner's, 3NT (a four-card
    major nobody has bid need not stop it)."""
    suit = overcall[1:]
    cheapest = position.cheapest(suit)
    jump = raised(int(cheapest[0]) + 1, suit)
    new_suits = [Option(position.cheapest(new), Meaning(8 + more, lengths={new: 5}, points=11 + more, note=FORCING))
                 for new in "SHDC" if new not in (suit, theirs) and position.cheapest(new)[0] <= "3"]
    majors_first = [o for o in new_suits if o.call[1] in "SH"] if suit in "DC" else []
    options = [*majors_first, Option(position.cheapest(theirs), Meaning(8 + more, lengths={suit: 3}, note=CUE_BID),
                                     when=support(suit, 11 + more))]
    if int(jump[0]) <= 3 and not more and not doubled:
        options.append(Option(jump, Meaning(0, 9, lengths={suit: 4}, note="a preemptive raise")))
    options.append(Option(cheapest, Meaning(6 + more, 10 + more, lengths={suit: 3},
                                            note="a raise of partner's overcall")))
    nt = position.cheapest("NT")
    ranges = NOTRUMP[nt == "1NT", bool(more)]
    for bid, (low, high) in zip(("1NT", "2NT", "3NT"), ranges):
        if high >= low and position.legal(bid):
            options.append(Option(bid, Meaning(low, high, balanced=True, note="a stopper in their suit"),
                                  when=stopped(theirs)))
            if bid != "1NT":
                options.append(Option(bid, Meaning(low, high, note="a stopper in their suit"),
                                      when=both(stopped(theirs), short_in_partners_suit(suit, theirs))))
    game = NOTRUMP[nt == "1NT", bool(more)][2]
    return options + [o for o in new_suits if o not in majors_first] + [
        Option("3NT", Meaning(game[0], game[1], note="a stopper in their suit"),
               when=both(stopped(theirs), at_most(suit, 1)))]


def short_in_partners_suit(suit: str, theirs: str) -> Test:
    """A singleton or void in partner's suit, two cards or more of theirs, two to four of each
    other suit and no four cards of a major nobody has bid: notrump with the values for it, where
    no raise, new suit or balanced notrump describes the hand."""
    def test(hand: Hand) -> bool:
        n = hand.info.lengths
        unbid = [s for s in n if s not in (suit, theirs)]
        return (n[suit] <= 1 and n[theirs] >= 2 and all(2 <= n[s] <= 4 for s in unbid)
                and not any(n[s] >= 4 for s in unbid if s in "HS"))
    return test


def after_cue_bid(position: Position, theirs: str, suit: str) -> list[Option]:
    """Partner cue-bid their suit: game in a major with 14+ HCP or six losers, 3NT over it with a
    minor, 14+ HCP and a stopper; else the overcall's suit at the cheapest level."""
    if suit in "SH":
        extras = accepts_raise(suit)
    else:
        extras = [Option("3NT", Meaning(14, note="a stopper in their suit"), when=stopped(theirs))]
    return [*extras, Option(position.cheapest(suit), Meaning(note="a minimum overcall"))]


def after_notrump(position: Position, theirs: str, suit: str) -> list[Option]:
    """Partner advanced 1NT (8–11 balanced, a stopper in their suit): game in a six-card major with
    16+ points, else a jump in a six-card suit with 14+ to invite; a second four-card suit with 13+ HCP
    and a short suit, at the two level (not forcing: partner chooses); 3NT with 16+ HCP, 2NT with
    14–15 to invite; a six-card suit again to play; else pass."""
    own = position.cheapest(suit)
    options = []
    if suit in "SH":
        options.append(Option("4" + suit, Meaning(lengths={suit: 6}, points=16, note="game opposite the advance")))
    options.append(Option(raised(int(own[0]) + 1, suit), Meaning(lengths={suit: 6}, points=14, note="invites game")))
    options += [Option(position.cheapest(s), Meaning(13, lengths={suit: 5, s: 4}, note="a second suit: partner chooses"),
                       when=short_suit)
                for s in "SHDC" if s not in (suit, theirs) and position.cheapest(s)[0] == "2"]
    return [*options,
            Option("3NT", Meaning(16, note="game opposite the advance")),
            Option("2NT", Meaning(14, 15, note="invites 3NT")),
            Option(own, Meaning(lengths={suit: 6}, note="to play")),
            Option(PASS, Meaning())]


def second_suit_raised(major: str) -> list[Option]:
    """The overcaller showed a second suit, a major, over our 1NT advance: game in it with four
    cards and 10+ support points; the rest is the natural rules'."""
    return [Option("4" + major, Meaning(lengths={major: 4}, points=10, note="game in the fit"),
                   points=support_points(major))]


def after_new_suit(position: Position, theirs: str, suit: str, new: str) -> list[Option]:
    """Partner's new suit is forcing: raise it (a jump with 15+ points), rebid a six-card suit (a
    jump with 15+ points), notrump with a stopper, else the overcall's suit again."""
    own, theirs_new = position.cheapest(suit), position.cheapest(new)
    options = [Option(raised(int(own[0]) + 1, suit), Meaning(0, lengths={suit: 6}, points=15, note="extra values"),
                      when=at_most(new, 2)),
               Option(raised(int(theirs_new[0]) + 1, new), Meaning(0, lengths={new: 3}, points=15, note="extra values")),
               Option(theirs_new, Meaning(lengths={new: 3}, note="a fit with partner's suit")),
               Option(own, Meaning(lengths={suit: 6}))]
    nt = position.cheapest("NT")
    if int(nt[0]) <= 2:
        options.append(Option(nt, Meaning(balanced=True, note="a stopper in their suit"), when=stopped(theirs)))
    return [*options, Option(own, Meaning(note="no fit, nothing more to show"))]


def rules(position: Position) -> list[Option]:
    """The options at the places this module covers (none elsewhere): their weak two or
    three-level preempt, partner's suit overcall of it (not a jump, up to the three level), a
    pass, and our turn (and the overcaller's answer to a new suit at the three level or to 2NT);
    their one of a suit, partner's suit overcall (up to the two level, or in the pass-out seat
    after our pass), a pass (or, in the pass-out seat, their bid), and our turn; or our overcall, a pass, partner's
    cue-bid, new suit or 1NT, a pass (and after 1NT our second suit, a pass); or our overcall in
    the pass-out seat, a pass, partner's cue-bid, a pass. Their negative double of our overcall
    (not a jump) counts as the pass after it: the same advances and rebids follow."""
    calls = position.calls
    start = next((i for i, (_, c) in enumerate(calls) if c in BIDS), None)
    if start is None or calls[start][0] % 2 == position.seat % 2:
        return []
    opening = calls[start][1]
    theirs = opening[1:]
    after = [c for _, c in calls[start + 1:]]
    doubled = len(after) >= 2 and after[1] == DOUBLE  # their negative double of the overcall: as a pass
    if any(c not in BIDS and c != PASS for c in (after[2:] if doubled else after)):
        return []
    passed = len(after) >= 2 and after[1] in (PASS, DOUBLE)
    if opening in WEAK_TWOS + PREEMPTS and len(after) in (2, 4) and after[1] == PASS \
            and after[0] in BIDS and after[0][1:] != "NT" and cheapest_level(after[0][1:], opening) == int(after[0][0]) \
            and after[0][0] <= "3":
        if len(after) == 2:
            return over_weak_two(position, theirs, after[0])
        new = after[2]
        if after[3] == PASS and new in BIDS and new[0] == "3" and new[1:] not in (theirs, after[0][1:], "NT"):
            return over_forcing_advance(position, theirs, after[0][1:], new[1:])
        if after[3] == PASS and new == "2NT":
            return over_invitation(after[0][1:])
        return []
    if opening[0] != "1" or theirs == "NT":
        return []
    overcall = after[0] if after else PASS
    if after[:2] == [PASS, PASS] and len(after) in (4, 6) and after[3] == PASS and natural_suit(after[2], theirs) \
            and cheapest_level(after[2][1:], opening) == int(after[2][0]):
        if len(after) == 4:
            return advance(position, theirs, after[2], more=3)
        return after_cue_bid(position, theirs, after[2][1:]) if after[4][1:] == theirs and after[5] == PASS else []
    if after[:2] == [PASS, PASS] and len(after) == 4 and after[3] in BIDS and natural_suit(after[2], theirs) \
            and cheapest_level(after[2][1:], opening) == int(after[2][0]):
        return over_their_rebid(position, after[2][1:])
    if not natural_suit(overcall, theirs):
        return []
    jumped = int(overcall[0]) > cheapest_level(overcall[1:], opening)
    if len(after) == 2 and after[1] == PASS and jumped:
        return after_weak_jump(position, theirs, overcall)
    if len(after) == 2 and passed and not jumped:
        return advance(position, theirs, overcall, doubled=doubled)
    if len(after) == 2 and after[1] in BIDS and not jumped:
        return free_suit(position, {theirs, after[1][1:]}, overcall[1:])
    if jumped:
        return []
    if len(after) == 4 and passed and after[3] == PASS and after[2] in BIDS:
        answer = after[2][1:]
        if answer == theirs:
            return after_cue_bid(position, theirs, overcall[1:])
        if after[2] == "1NT":
            return after_notrump(position, theirs, overcall[1:])
        if answer not in ("NT", overcall[1:]) and forcing_advance(position, after[2]):
            return after_new_suit(position, theirs, overcall[1:], answer)
    if len(after) == 6 and passed and after[3] == after[5] == PASS and after[2] == "1NT" and after[4] in BIDS \
            and after[4][0] == "2" and after[4][1:] in "SH" and after[4][1:] not in (theirs, overcall[1:]):
        return second_suit_raised(after[4][1:])
    return []


GAME_OPPOSITE = {"2": 12, "3": 10}
"""Advancer's least HCP (support points for a major) for game opposite partner's overcall of their
weak two or three-level preempt, by the overcall's level: one at the three level has had to bid
higher, and holds more of its range's 12–17 on average."""


def new_suit(least: int, suit: str) -> Meaning:
    """Advancer's new suit at the three level, forcing: ``least`` HCP with five cards, a point less
    for each card more (length points), down to two less."""
    return Meaning(least - 2, lengths={suit: 5}, points=least + 1, note=FORCING)


def over_weak_two(position: Position, theirs: str, overcall: str) -> list[Option]:
    """Partner overcalled their weak two or three-level preempt in a suit, not jumping (12+ HCP),
    and the next hand passed: game in a major with three trumps, a five-card major of our own (at
    the three level, forcing: the overcaller raises with three or bids 3NT; game at the four level
    with six cards), 3NT with a stopper in their suit (``GAME_OPPOSITE``), a five-card minor at the
    three level with as much (forcing; a new suit counts its length: ``new_suit``), or a raise to
    the three level with three trumps and 8+ support points (the overcaller bids game with
    extras), or 2NT with a stopper and two HCP short of the game (invites 3NT); the rest is the
    natural rules'."""
    suit = overcall[1:]
    least = GAME_OPPOSITE[overcall[0]]
    options = []
    if suit in "SH":
        options.append(Option("4" + suit, Meaning(lengths={suit: 3}, points=least, note="game opposite the overcall"),
                              points=support_points(suit)))
    for major in (m for m in "SH" if m not in (suit, theirs)):
        bid = position.cheapest(major)
        if bid[0] == "3":
            options.append(Option(bid, new_suit(least, major)))
        elif bid == "4" + major:
            options.append(Option(bid, Meaning(least, lengths={major: 6}, note="game in our own major")))
    options.append(Option("3NT", Meaning(least, note="a stopper in their suit"), when=stopped(theirs)))
    options += [Option(position.cheapest(minor), new_suit(least, minor))
                for minor in "DC" if minor not in (suit, theirs) and position.cheapest(minor)[0] == "3"]
    raise_ = position.cheapest(suit)
    if raise_[0] == "3":
        options.append(Option(raise_, Meaning(5, 11, lengths={suit: 3}, points=8, note="a raise of partner's overcall"),
                              points=support_points(suit)))
    if position.legal("2NT"):
        options.append(Option("2NT", Meaning(least - 2, least - 1, note="a stopper in their suit: invites 3NT"),
                              when=stopped(theirs)))
    return options


def over_forcing_advance(position: Position, theirs: str, suit: str, new: str) -> list[Option]:
    """We overcalled their weak two or preempt and partner bid a new suit at the three level
    (forcing, game values): game in partner's major with three cards, in our own major with six,
    3NT with a stopper in their suit, a raise of partner's minor with three; else our suit again."""
    options = []
    if new in "SH":
        options.append(Option("4" + new, Meaning(lengths={new: 3}, note="a fit with partner's suit")))
    if suit in "SH":
        options.append(Option("4" + suit, Meaning(lengths={suit: 6}, note="six cards: game in our suit")))
    options.append(Option("3NT", Meaning(note="a stopper in their suit"), when=stopped(theirs)))
    if new in "DC":
        options.append(Option(position.cheapest(new), Meaning(lengths={new: 3}, note="a fit with partner's suit")))
    return [*options, Option(position.cheapest(suit), Meaning(note="no fit, nothing more to show"))]


def over_invitation(suit: str) -> list[Option]:
    """Partner's 2NT over our overcall of their weak two invited 3NT: accept with 15+ HCP, else
    rebid a six-card suit or pass."""
    return [Option("3NT", Meaning(15, note="accepts the invitation")),
            Option(f"3{suit}", Meaning(lengths={suit: 6}, note="six cards, a minimum: to play")),
            Option(PASS, Meaning(note="a minimum"))]


def free_suit(position: Position, theirs: set[str], suit: str) -> list[Option]:
    """Partner overcalled in ``suit`` and the next hand bid: a five-card suit of our own with 8+
    HCP and fewer than three of partner's, at the cheapest level up to two, competes (not forcing);
    the rest (a raise with a fit) is the natural rules' and the law's."""
    return [Option(position.cheapest(s), Meaning(8, lengths={s: 5}, note="competes: a five-card suit"),
                   when=at_most(suit, 2))
            for s in "SHDC" if s not in theirs and s != suit and position.cheapest(s)[0] <= "2"]


FREE_RAISE = 8
"""The least HCP for a raise with three trumps of partner's overcall in the pass-out seat once they
have bid again (four trumps compete on 5)."""


def over_their_rebid(position: Position, suit: str) -> list[Option]:
    """Partner overcalled ``suit`` in the pass-out seat (1♠ P P 2♥) and they bid again (2♠): we
    passed the opening, so a raise to the three level needs three trumps and ``FREE_RAISE`` HCP, or
    four trumps (at the two level the law of total tricks raises); else a six-card suit nobody has
    bid competes, up to the three level."""
    raise_ = position.cheapest(suit)
    note = "competes: a raise of partner's overcall"
    raises = [Option(raise_, Meaning(FREE_RAISE, 11, lengths={suit: 3}, note=note)),
              Option(raise_, Meaning(5, 11, lengths={suit: 4}, note=note))] if raise_[0] == "3" else []
    return [*raises, *six_card_suits(position, lambda _: at_most(suit, 2), least=5, most=11)]


def natural_suit(overcall: str, theirs: str) -> bool:
    """A suit overcall of their one of ``theirs`` up to the two level, or a jump to the three."""
    return overcall in BIDS and overcall[1:] not in ("NT", theirs) and \
        overcall[0] <= str(cheapest_level(overcall[1:], "1" + theirs) + 1)


def after_weak_jump(position: Position, theirs: str, overcall: str) -> list[Option]:
    """Partner's jump overcall was weak (``competition.weak_jumps``): game in a major with three
    trumps and 17+ support points, or four trumps opposite six (ten trumps); 3NT with 16+ HCP and
    a stopper; else a raise with three trumps, to the three level, to compete; else pass."""
    suit = overcall[1:]
    options = []
    if suit in "SH":
        options.append(Option("4" + suit, Meaning(lengths={suit: 3}, points=17, note="game opposite the weak jump"),
                              points=lambda info: info.support_points(suit)))
        if overcall[0] == "2":
            options.append(Option("4" + suit, Meaning(lengths={suit: 4}, note="ten trumps: to play")))
    options.append(Option("3NT", Meaning(16, note="a stopper in their suit"), when=stopped(theirs)))
    raise_ = position.cheapest(suit)
    if raise_[0] == "3":
        options.append(Option(raise_, Meaning(lengths={suit: 3}, note="competes: nine trumps, to play")))
    return options + [Option(PASS, Meaning())]


def again(position: Position) -> list[Option]:
    """Our suit overcall at the one or two level is our side's only bid, partner has passed and
    they bid on: a second five-card suit nobody has bid after a one-level overcall, at the cheapest
    level up to two, so partner may choose (the natural rules pass there with 5-5); else the
    overcall's suit again, up to the three level, with six cards and 15+ HCP (they pass it too),
    or with seven cards and any strength at the two level (it plays well opposite a shortage) or
    at the three level with a singleton or void (nine trumps with partner's two)."""
    mine = position.bids_of(position.seat)
    theirs_last = bool(position.bids) and position.bids[-1][0] % 2 != position.seat % 2
    if len(mine) != 1 or set(position.of(position.partner)) - {PASS} or mine[0][0] > "2" or mine[0][1:] == "NT" \
            or position.opener is None or position.opener % 2 == position.seat % 2 or not theirs_last:
        return []
    own = mine[0][1:]
    options = second_suits(position, own, 8, "2", "a second five-card suit") if mine[0][0] == "1" else []
    bid = position.cheapest(own)
    if bid[0] <= "3":
        options += [Option(bid, Meaning(15, lengths={own: 6}, note=SEVEN)),
                    Option(bid, Meaning(lengths={own: 7}, note=SEVEN), when=None if bid[0] == "2" else short_suit)]
    return options


def forcing_advance(position: Position, call: str) -> bool:
    """Partner's new suit was the forcing one (the cheapest bid in it, not a jump)."""
    prior = Position(position.calls[:-2], position.partner, position.shown)
    return prior.cheapest(call[1:]) == call
