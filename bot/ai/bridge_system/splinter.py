"""Splinter raises of a major, the opponents silent: over 1♥ or 1♠, a double jump in a new suit
(1♥–3♠, 1♥–4♣, 1♠–4♥) shows four trumps, game values (10–15 HCP, 13+ points with shortness) and
a singleton or void in the suit bid. Opener, who now knows where its honours are wasted, counts its
HCP outside that suit (and a trump over five each) and asks for key cards with ``WORKING`` or more;
else it bids game. A nine-card fit with a short suit makes twelve tricks about two times in three
with 28 HCP between the hands: the splinter lets opener see them."""
from __future__ import annotations

from bot.ai.bridge_system.position import Hand, Meaning, Option
from bot.ai.bridge_system.slam import ASK
from bot.ai.bridge_system.strong import support_points

SPLINTERS = {"H": {"3S": "S", "4C": "C", "4D": "D"}, "S": {"4C": "C", "4D": "D", "4H": "H"}}
"""Over each major, the double jumps and the short suit each shows."""
SPLINTER = "a splinter: game values, four trumps, a singleton or void in the suit bid"
WORKING = 16
"""The least working points (HCP outside partner's short suit, with a point for each trump over
five) for opener to ask for key cards: with responder's 10–15 about 28 between the hands."""


def raises(major: str) -> list[Option]:
    """Responder's splinters, to go before Jacoby 2NT (which takes the hands with 16+ HCP)."""
    return [Option(call, Meaning(10, 15, lengths={major: 4}, points=13, note=SPLINTER, short=suit),
                   points=support_points(major))
            for call, suit in SPLINTERS[major].items()]


def working(hand: Hand, major: str, short: str) -> int:
    wasted = sum({"K": 3, "Q": 2, "J": 1}.get(rank, 0) for rank in hand.holding(short))
    return hand.info.hcp - wasted + max(0, hand.info.lengths[major] - 5)


def opener_decides(major: str, short: str) -> list[Option]:
    """Opener over the splinter: key cards asked with ``WORKING`` points, else game."""
    return [Option("4NT", Meaning(note=ASK), when=lambda hand: working(hand, major, short) >= WORKING),
            Option("4" + major, Meaning(note="no slam in view: game"))]


def answered(sequence: tuple[str, ...]) -> bool:
    """Our side's calls are 1♥ or 1♠ and a splinter: opener's turn. Its working points replace
    the general slam test (``slam.ask``), which counts wasted honours."""
    return len(sequence) == 2 and sequence[0] in ("1H", "1S") and sequence[1] in SPLINTERS[sequence[0][1]]


def rules(sequence: tuple[str, ...]) -> list[Option]:
    """After 1♥ or 1♠: the splinters as responder's first call, opener's call over one; none
    elsewhere."""
    major = sequence[0][1]
    if len(sequence) == 1:
        return raises(major)
    if answered(sequence):
        return opener_decides(major, SPLINTERS[major][sequence[1]])
    return []
