"""Two-suited overcalls of their one of a suit, 6–11 HCP and five cards or more in each suit: the
cue-bid (Michaels) shows both majors over a minor, the other major and a minor over a major; a
jump to 2NT (the unusual notrump) shows the two lowest unbid suits. Advancer chooses the suit
(game in a major with a fit and values); over a major's cue-bid, 2NT asks for the minor. Over
theirs, opener's partner doubles with values: they will play one of their suits, not the call
doubled."""
from __future__ import annotations

from bot.ai.bridge_bidding import SUITS
from bot.ai.bridge_system.controls import SUIT_WORDS
from bot.ai.bridge_system.position import (Meaning, Option, Position, at_least, at_most, either, longest,
                                          short_suit, support)
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
