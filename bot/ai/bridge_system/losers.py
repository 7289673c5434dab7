"""The losing trick count: with a fit, the two hands take about 24 tricks less their losers. The
robot counts its own and lets partner's strength, as shown, stand for partner's. It bids game in
a major fit the count says makes, where the natural rules would stop short (a competitive raise
opposite a shapely hand, a cue-bid raise opposite a two-suiter)."""
from __future__ import annotations

from bot.ai.bridge_bidding import SUITS, expected_strength
from bot.ai.bridge_system.position import Hand, Meaning, Option, Position, Test, natural_call
from bot.ai.bridge_system.strong import support_points
from bot.games.bridge import BIDS, PASS

PARTNER_LOSERS = ((22, 5), (18, 6), (12, 7), (9, 8))
"""What partner's strength (``expected_strength``: the least shown, two more for a wide range) stands
for in losers; 9 below these."""
GAME_POINTS = 18
"""The least HCP between the hands (partner's as shown) for the count to bid a game; with nine
trumps the robot counts its length points too: the long suits' tricks stand in for high cards."""


def losers(hand: Hand) -> int:
    """In each suit the ace, king and queen missing among its first three cards (a singleton's
    ace, a doubleton's ace and king)."""
    count = 0
    for suit in SUITS:
        held = hand.holding(suit)
        count += sum(r not in held for r in "AKQ"[:min(3, len(held))])
    return count


def few_losers(count: int) -> Test:
    """The hand has ``count`` losers or fewer."""
    return lambda hand: losers(hand) <= count


BORROWED = 3
"""The HCP a bid in the pass-out seat borrows from partner (it is made 3 HCP lighter): partner's
answer counts them again, so the bidder counts partner for that much less."""


def balanced_in_pass_out_seat(position: Position) -> bool:
    """The robot's first bid came after their opening and two passes (1♣ P P 1♠)."""
    calls = position.calls
    first = next((i for i, (_, c) in enumerate(calls) if c in BIDS), None)
    if first is None or calls[first][0] % 2 == position.seat % 2 or len(calls) <= first + 3:
        return False
    seat, call = calls[first + 3]
    return [c for _, c in calls[first + 1:first + 3]] == [PASS, PASS] and seat == position.seat and call in BIDS


def partner_losers(position: Position) -> int:
    """Partner's losers: ten less the level of partner's opening preempt (seven cards take six
    tricks at the three level), else what partner's strength stands for (``PARTNER_LOSERS``),
    less what the robot's bid in the pass-out seat borrowed (``BORROWED``)."""
    opening = position.bids[0] if position.bids else None
    if opening is not None and opening[0] == position.partner and opening[1][0] in "34" and opening[1][1:] != "NT":
        return 10 - int(opening[1][0])
    strength = expected_strength(position.shown[position.partner])
    if balanced_in_pass_out_seat(position):
        strength -= BORROWED
    return next((n for least, n in PARTNER_LOSERS if strength >= least), 9)


def tricks(position: Position, hand: Hand) -> int:
    """The tricks the count gives the two hands in a fit."""
    return 24 - losers(hand) - partner_losers(position)


OPENER_RAISE = 15
"""The least support points of opener's jump to game in responder's one-level major: the count
finds ten tricks opposite a one-level answer only with about these (the natural rules need 19)."""


def game_in_fit(position: Position) -> list[Option]:
    """Four of a major our side has bid and partner has shown three or more of, chosen where the
    hand makes eight trumps with partner's and the count ten tricks, or the natural rules bid it
    anyway (they do so with eight trumps too). Opener's jump to it over a one-level answer shows
    its strength, which partner needs to look for a slam."""
    options = []
    ours = {c[1:] for c in position.bids_of(position.seat)} | {c[1:] for c in position.bids_of(position.partner)}
    shown = position.shown[position.partner].lengths
    for major in (m for m in "SH" if m in ours and shown[m] >= 3 and position.legal("4" + m)):
        need = 8 - shown[major]
        least = OPENER_RAISE if opener_raising(position, major) else 0
        options.append(Option("4" + major, Meaning(lengths={major: need}, points=least, note="game in the fit"),
                              when=ten_tricks(position, major, need), points=support_points(major)))
    return options


def opener_raising(position: Position, major: str) -> bool:
    """Opener's first rebid, partner's answer one of ``major``."""
    mine, partners = position.bids_of(position.seat), position.bids_of(position.partner)
    return (len(mine) == 1 and position.opener == position.seat and len(partners) == 1
            and partners[0] == "1" + major)


def ten_tricks(position: Position, major: str, need: int) -> Test:
    def test(hand: Hand) -> bool:
        if natural_call(position, hand) == "4" + major:
            return True
        trumps = hand.info.lengths[major] + position.shown[position.partner].lengths[major]
        counted = hand.info.points if trumps >= 9 else hand.info.hcp
        return (hand.info.lengths[major] >= need and counted + position.shown[position.partner].min_hcp >= GAME_POINTS
                and tricks(position, hand) >= 10)
    return test
