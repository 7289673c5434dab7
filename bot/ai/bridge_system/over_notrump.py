"""Over their 1NT opening (15–17): the penalty double and partner's answer to it. A balanced hand at
least as strong as the opener's does not let 1NT play undoubled: between the two of us we hold
the larger share of the points, and the opener's side, with the lead against it, goes down. Partner
passes the double, unless too weak to help beat it (0–4 HCP) with a five-card suit to play in.
When they double partner's suit overcall of their 1NT, a hand short in it runs to its own long
suit."""
from __future__ import annotations

from bot.ai.bridge_bidding import SUITS
from bot.ai.bridge_system.position import Meaning, Option, Position, at_most, both, longest
from bot.games.bridge import BIDS, DOUBLE, PASS

PENALTY = "for penalty: a balanced hand as strong as the 1NT opener's"


def their_notrump(position: Position) -> bool:
    """Their 1NT opening is the only bid so far, followed by passes only."""
    calls = position.calls
    opening = next((i for i, (_, c) in enumerate(calls) if c != PASS), None)
    return (opening is not None and calls[opening][1] == "1NT" and calls[opening][0] % 2 != position.seat % 2
            and all(c == PASS for _, c in calls[opening + 1:]))


def double(position: Position) -> list[Option]:
    """Our double of their 1NT, directly or in the pass-out seat."""
    if not their_notrump(position):
        return []
    return [Option(DOUBLE, Meaning(15, balanced=True, note=PENALTY))]


def answer(position: Position) -> list[Option] | None:
    """Partner doubled their 1NT and the next hand passed: a pass, or with 0–4 HCP a five-card suit
    at the two level."""
    before = position.partner_doubled()
    if before is None or not their_notrump(before):
        return None
    return [*(Option(f"2{s}", Meaning(0, 4, lengths={s: 5}, note="too weak to defend: to play"), when=longest(s))
              for s in SUITS),
            Option(PASS, Meaning(note="leaves the penalty double in"))]


def escape(position: Position) -> list[Option]:
    """Their 1NT, partner's suit overcall at the two level, and their double of it (for penalty):
    with one card of partner's suit or none, our longest suit of five or more at the cheapest
    level up to three (partner's long suit is no better a trump suit than ours, and their double
    says it breaks badly)."""
    calls = position.calls
    if len(calls) < 3 or [c for _, c in calls[-1:]] != [DOUBLE] or calls[-2][0] != position.partner:
        return []
    overcall = calls[-2][1]
    if overcall not in BIDS or overcall[0] != "2" or overcall[1:] == "NT" or not their_notrump(Position(
            calls[:-2], position.partner, position.shown, position.vulnerable)):
        return []
    partners = overcall[1:]
    return [Option(position.cheapest(s), Meaning(lengths={s: 5}, note="runs from the doubled overcall: short in it"),
                   when=both(longest(s), at_most(partners, 1)))
            for s in SUITS if s != partners and position.cheapest(s)[0] <= "3"]
