"""Two-suited overcalls of their one of a suit, 6–11 HCP and five cards or more in each suit: the
cue-bid (Michaels) shows both majors over a minor, the other major and a minor over a major; a
jump to 2NT (the unusual notrump) shows the two lowest unbid suits. Advancer chooses the suit
(game in a major with a fit and values); over a major's cue-bid, 2NT asks for the minor. Over
theirs, opener's partner doubles with values: they will play one of their suits, not the call
doubled, and once they have, the deal is ours: either hand doubles it for penalty, and the
opener's pass asks the doubler to act."""
from __future__ import annotations

from bot.ai.bridge_bidding import SUITS
from bot.ai.bridge_system.controls import SUIT_WORDS
from bot.ai.bridge_system.position import (Meaning, Option, Position, at_least, at_most, either, longest,
                                          short_suit, stops_all, support)
from bot.games.bridge import DOUBLE, PASS

MICHAELS = "Michaels cue-bid"
UNUSUAL = "the unusual notrump"
ASK = "asks for partner's minor"


def suits_shown(their: str, call: str) -> str:
    """The suits a two-suited call over their one of ``their`` shows for sure (a major's cue-bid:
    the other major; its minor is unknown)."""
    if call == "2NT":
        return "".join(s for s in reversed(SUITS) if s != their)[:2]
    return "HS" if their in "CD" else "SH".replace(their, "")


def overcalls(position: Position, their: str) -> list[Option]:
    """The cue-bid and 2NT over their one-bid."""
    cue = position.cheapest(their)
    other = suits_shown(their, cue)
    if their in "CD":
        michaels = [Option(cue, Meaning(6, 11, {s: 5 for s in other}, note=f"{MICHAELS}: both majors"))]
    else:
        major = other
        michaels = [Option(cue, Meaning(6, 11, {major: 5}, note=f"{MICHAELS}: {SUIT_WORDS[major]} and a minor"),
                           when=at_least(minor, 5)) for minor in "CD"]
    unusual = suits_shown(their, "2NT")
    return [*michaels, Option("2NT", Meaning(6, 11, {s: 5 for s in unusual}, note=f"{UNUSUAL}: {SUIT_WORDS[unusual[0]]} "
                                                                               f"and {SUIT_WORDS[unusual[1]]}"))]


def advance(position: Position, their: str, call: str) -> list[Option]:
    """Partner's two-suited call, the next hand passed or doubled: game in a major shown with four
    trumps and a singleton or void (ten trumps at least) or 12+ support points, or three and 15+;
    over a major's cue-bid without three of the other major, 2NT asks for the minor; else the suit
    shown we hold more of, at the cheapest level. Over their bid: the games, else that suit where
    the trumps allow it (three at the two level, four at the three), else pass."""
    shown = suits_shown(their, call)
    options: list[Option] = []
    for suit in (s for s in shown if s in "HS"):
        game = "4" + suit
        options += [Option(game, Meaning(lengths={suit: 4}, note="game in partner's suit"),
                           when=either(short_suit, support(suit, 12))),
                    Option(game, Meaning(lengths={suit: 3}, note="game in partner's suit"), when=support(suit, 15))]
    if position.last_bid != call:
        return options + [Option(position.cheapest(s), Meaning(lengths={s: int(position.cheapest(s)[0]) + 1},
                                                               note="competes in partner's suit"),
                                 when=longest(s, shown)) for s in shown if position.cheapest(s)[0] <= "3"] \
            + [Option(PASS, Meaning())]
    if call != "2NT" and their in "HS":
        options.append(Option("2NT", Meaning(note=ASK), when=at_most(shown, 2)))
    return options + [Option(position.cheapest(s), Meaning(note="the suit of partner's two we prefer"),
                             when=longest(s, shown)) for s in shown]


def minor_asked(position: Position) -> list[Option]:
    """Our cue-bid of their major, partner's 2NT asking for the minor."""
    return [Option(position.cheapest(m), Meaning(lengths={m: 5}, note="the minor of the cue-bid")) for m in "CD"]


def over_two_suited(position: Position) -> list[Option]:
    """Partner opened one of a suit and the next hand made a two-suited call (the cue-bid or 2NT):
    a double shows 10+ HCP and fewer than three cards of a major partner opened (four of a minor),
    so that either of us may double their suit for penalty."""
    bids = position.bids
    if len(bids) != 2 or position.bids_of(position.seat) or bids[0][0] != position.partner or bids[0][1][0] != "1":
        return []
    opened = bids[0][1][1:]
    seat, call = bids[1]
    if seat % 2 == position.seat % 2 or position.calls[-1] != (seat, call) or call not in (f"2{opened}", "2NT") \
            or opened == "NT":
        return []
    return [Option(DOUBLE, Meaning(10, note="values: we may double them for penalty"),
                   when=at_most(opened, 2 if opened in "HS" else 3))]


PENALTY = "for penalty: the deal is ours"
DOUBLER_PENALTY = "for penalty: three of their suit, or values and no other bid"
EXTRA_PENALTY = 15
"""The opener's least HCP to double their suit for penalty with three cards of it (four need no
extras): partner's double showed 10+, and their fit is the two-suiter's five and advancer's."""
DOUBLER_NOTRUMP = 12
"""The doubler's least HCP for 3NT over the opener's forcing pass (the opener holds 12+)."""


def after_our_double(position: Position) -> list[Option]:
    """1♥ 2NT X 3♣ (their bid up to the three level): the opener doubles it for penalty with four
    cards of it, or three and ``EXTRA_PENALTY`` HCP, bids 3NT with 15+ and their suits stopped,
    repeats a six-card suit with a minimum, else passes, which forces the doubler to act: a penalty
    double with three of their suit, 3NT with ``DOUBLER_NOTRUMP`` and their suits stopped, a raise
    of partner's suit (four cards of a minor; three of a major, held when the double was the
    simulation's penalty double of their call), a five-card suit of its own, else a double."""
    found = doubled_two_suiter(position)
    if found is None:
        return []
    opened, theirs, bid, opener_to_call = found
    strain = bid[1:]
    notrump = "3NT" if position.legal("3NT") else None
    if opener_to_call:
        options = [Option(DOUBLE, Meaning(lengths={strain: 3}, note=PENALTY),
                          when=either(at_least(strain, 4), lambda hand: hand.info.hcp >= EXTRA_PENALTY))]
        if notrump:
            options.append(Option(notrump, Meaning(15, note="their suits stopped"), when=stops_all(theirs)))
        if position.cheapest(opened)[0] <= "3":
            options.append(Option(position.cheapest(opened), Meaning(high=14, lengths={opened: 6}, note="six cards, a minimum")))
        return [*options, Option(PASS, Meaning(note="forcing: partner doubles or bids"))]
    options = [Option(DOUBLE, Meaning(lengths={strain: 3}, note=DOUBLER_PENALTY))]
    if notrump:
        options.append(Option(notrump, Meaning(DOUBLER_NOTRUMP, note="their suits stopped"), when=stops_all(theirs)))
    if position.cheapest(opened)[0] <= "4":
        options.append(Option(position.cheapest(opened), Meaning(lengths={opened: 3 if opened in "HS" else 4},
                                                                 note="a raise of partner's suit")))
    own = [s for s in SUITS if s not in theirs and s != opened and position.cheapest(s)[0] <= "3"]
    options += [Option(position.cheapest(s), Meaning(lengths={s: 5}, note="a five-card suit of our own"),
                       when=longest(s, "".join(own))) for s in own]
    return [*options, Option(DOUBLE, Meaning(note=DOUBLER_PENALTY))]


def doubled_two_suiter(position: Position) -> tuple[str, str, str, bool] | None:
    """Our one of a suit, their two-suited call, our double (``over_two_suited``) and their bid up
    to the three level (not in our suit), the opener to call, or the doubler after the opener's pass: the opened
    suit, the suits they have shown and bid, their bid, and whether the opener calls."""
    calls, bids = position.calls, position.bids
    if len(bids) != 3 or bids[0][1][0] != "1" or bids[0][1][1:] == "NT" or bids[0][0] % 2 != position.seat % 2:
        return None
    opener, opening = bids[0]
    start = calls.index(bids[0])
    after = [c for _, c in calls[start + 1:]]
    call, bid = bids[1][1], bids[2][1]
    opened = opening[1:]
    if call not in (f"2{opened}", "2NT") or bid[1:] in ("NT", opened) or bid[0] > "3" \
            or bids[2][0] % 2 == position.seat % 2:
        return None
    theirs = "".join(dict.fromkeys(suits_shown(opened, call) + bid[1:]))
    if after == [call, DOUBLE, bid] and position.seat == opener:
        return opened, theirs, bid, True
    if after == [call, DOUBLE, bid, PASS, PASS] and position.seat == (opener + 2) % 4:
        return opened, theirs, bid, False
    return None
