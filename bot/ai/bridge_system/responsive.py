"""When they raise their suit over partner's takeout double (1♥ X 2♥, or a weak two raised: 2♦ X
3♦): advancer no longer has to bid, so a bid shows values. Game in a major or 3NT with 12+ HCP;
over a two-level raise a jump in a major invites (9–11) and 2NT (10–12, a stopper) too; a suit at
the cheapest level shows 5–11 HCP (7–11 at the three level, 5–11 there with five cards of a
major), four cards of a major, five of a minor. The double is responsive: 8+ HCP (10+ over a
three-level raise) and the unbid suits of the kind partner promised (both majors over a minor,
both minors over a major, the other major being bid when held). The doubler answers the
responsive double in the longer of those suits, with game or 3NT on 17+ (over a raise to three of a
major, five of a minor with five cards of it and 19+ points).

The same holds when partner doubled in the pass-out seat and the opener bid its suit again (1♥ P P
X 2♥): the advancer, who passed the opening, competes as over a raise, though partner's double may
be 3 HCP lighter (``competition.advancing``'s protective double), so the invitations, games and
the top of each range take 3 HCP more."""
from __future__ import annotations

from bot.ai.bridge_system.competition import others
from bot.ai.bridge_system.position import Meaning, Option, Position, longest, stopped
from bot.ai.bridge_system.strong import WEAK_TWOS
from bot.games.bridge import BIDS, DOUBLE, PASS

FIVE_AT_THREE = 5
"""Advancer's least HCP for a five-card major at the three level over their raise to three (four
cards need 7)."""
RESPONSIVE = "responsive: values and the unbid suits, not a penalty double"
STOPPER = "a stopper in their suit"
PROTECTIVE = 3
"""The HCP the advancer adds to its invitations, games and ranges when partner's double was made in the
pass-out seat."""


def shown_by_double(their: str) -> str:
    """The suits a responsive double shows: the majors over a minor, the minors over a major."""
    return "SH" if their in "CD" else "DC"


def advance(position: Position, their: str, level: int, protective: bool = False) -> list[Option]:
    """Advancer's call over 1x (X) 2x or 3x, or 2x (X) 3x; over 1x P P (X) 2x or 3x when
    ``protective``."""
    more = PROTECTIVE if protective else 0
    unbid = others(their)
    majors = "".join(s for s in unbid if s in "HS")
    minors = "".join(s for s in unbid if s in "CD")
    doubled = shown_by_double(their)
    least = 8 if level == 2 else 10
    cheap = 5 if level == 2 else 7
    options = [Option("4" + m, Meaning(12 + more, lengths={m: 4}, note="to play"), when=longest(m, majors))
               for m in majors]
    options.append(Option("3NT", Meaning(12 + more, note=STOPPER), when=stopped(their)))
    if their in "CD":
        options.append(Option(DOUBLE, Meaning(least, lengths={s: 4 for s in doubled}, note=RESPONSIVE)))
    for m in majors:
        if position.cheapest(m)[0] == "2":
            options.append(Option("3" + m, Meaning(9 + more, 11 + more, {m: 4}, note="invites game"),
                                  when=longest(m, majors)))
        options.append(Option(position.cheapest(m), Meaning(cheap, 11 + more, {m: 4}, note="competes: values, not forced"),
                              when=longest(m, majors)))
        if level == 3:  # nine trumps with the doubler's four: the three level on less
            options.append(Option(position.cheapest(m), Meaning(FIVE_AT_THREE, 11 + more, {m: 5},
                                                                note="competes: values, not forced"),
                                  when=longest(m, majors)))
    if their in "HS":
        options.append(Option(DOUBLE, Meaning(least, lengths={s: 3 for s in doubled}, note=RESPONSIVE)))
    options.append(Option("2NT", Meaning(10 + more, 12 + more, note=f"{STOPPER}: invites 3NT"), when=stopped(their)))
    options += [Option(position.cheapest(m), Meaning(cheap, 11 + more, {m: 5}, note="competes: values, not forced"),
                       when=longest(m, minors)) for m in minors]
    return [*options, Option(PASS, Meaning())]


def doubler_answers(position: Position, their: str, level: int) -> list[Option]:
    """The doubler's call over partner's responsive double: game in a major with four (over a minor;
    five over a major, partner having denied four) and 17+, 3NT with 17+ and a stopper, over a
    raise to three of a major five of a minor with five cards and 19+ points (17+ HCP: eight
    trumps opposite partner's three and 10+), else the longer of the suits the double showed (a
    five-card major first over a major)."""
    doubled = shown_by_double(their)
    majors = "".join(s for s in others(their) if s in "HS")
    options: list[Option] = []
    if their in "CD":
        options += [Option("4" + m, Meaning(17, lengths={m: 4}, note="to play"), when=longest(m, majors))
                    for m in majors]
    else:
        options += [Option("4" + m, Meaning(17, lengths={m: 5}, note="to play")) for m in majors]
        options += [Option(position.cheapest(m), Meaning(lengths={m: 5}, note="a five-card suit")) for m in majors]
    options.append(Option("3NT", Meaning(17, note=STOPPER), when=stopped(their)))
    if their in "HS" and level == 3:
        options += [Option("5" + m, Meaning(17, lengths={m: 5}, points=19, note="game in the fit"),
                           when=longest(m, doubled))
                    for m in doubled]
    return options + [Option(position.cheapest(s), Meaning(lengths={s: 3}, note="the longer of the suits partner showed"),
                             when=longest(s, doubled))
                      for s in doubled]


def rules(position: Position) -> list[Option] | None:
    """The places this module covers, or None: advancer over the raise (or over the opener's suit
    again after partner's double in the pass-out seat), the doubler over the responsive double."""
    bids = position.bids
    if len(bids) != 2 or bids[0][0] % 2 == position.seat % 2:
        return None
    (opener, opening), (bidder, raise_) = bids
    protective = bidder == opener
    if bidder != (opener + 2) % 4 and not protective:
        return None
    their, level = opening[1:], int(raise_[0])
    if their == "NT" or raise_[1:] != their or level not in (2, 3) \
            or opening[0] != ("2" if level == 3 and opening in WEAK_TWOS and not protective else "1"):
        return None
    start = next(i for i, (_, c) in enumerate(position.calls) if c in BIDS)
    before = [PASS, PASS] if protective else []
    doubled_at = start + 1 + len(before)
    if doubled_at >= len(position.calls):
        return None
    doubler, after = position.calls[doubled_at][0], [c for _, c in position.calls[start + 1:]]
    if after == [*before, DOUBLE, raise_] and doubler == position.partner:
        return advance(position, their, level, protective)
    if after == [*before, DOUBLE, raise_, DOUBLE, PASS] and doubler == position.seat:
        return doubler_answers(position, their, level)
    return None
