"""Shortness shown for a slam in a major, the opponents silent. Splinter raises: over 1♥ or 1♠, a
double jump in a new suit (1♥–3♠, 1♥–4♣, 1♠–4♥) shows four trumps, game values (10–15 HCP, 13+
points with shortness) and a singleton or void in the suit bid. Over Jacoby 2NT, opener's three of
a new suit shows a singleton or void in it (three of the major: 16+ without, four: a minimum
without). The partner of the short hand, who now knows where its honours are wasted, counts its
HCP outside that suit (and a point for each trump beyond a nine-card fit) and asks for key cards
with ``WORKING`` or more; else it bids game (over the splinter, limited, responder then passes).
A nine-card fit with a short suit makes twelve tricks about two times in three with 28 HCP
between the hands: the shortness lets partner see them."""
from __future__ import annotations

from bot.ai.bridge_bidding import HCP
from bot.ai.bridge_system.position import Hand, Meaning, Option
from bot.ai.bridge_system.slam import ASK
from bot.ai.bridge_system.strong import SUIT_WORDS, support_points
from bot.games.bridge import PASS

SPLINTERS = {"H": {"3S": "S", "4C": "C", "4D": "D"}, "S": {"4C": "C", "4D": "D", "4H": "H"}}
"""Over each major, the double jumps and the short suit each shows."""
SPLINTER = "a splinter: game values, four trumps, a singleton or void in the suit bid"
WORKING = 16
"""The least working points (HCP outside partner's short suit, with a point for each trump beyond
nine between the hands) to ask for key cards: with partner's 10–15, or an opening's 12 or so,
about 28 between the hands."""
SIDE_SUITS = {"H": ("3C", "3D", "3S"), "S": ("3C", "3D", "3H")}
"""Opener's shortness over Jacoby 2NT."""


def raises(major: str) -> list[Option]:
    """Responder's splinters, to go before Jacoby 2NT (which takes the hands with 16+ HCP). A hand
    with a five-card side suit bids it first: its tricks there are what partner needs to hear of."""
    return [Option(call, Meaning(10, 15, lengths={major: 4}, points=13, note=SPLINTER, short=suit),
                   when=lambda hand: no_side_suit(hand, major), points=support_points(major))
            for call, suit in SPLINTERS[major].items()]


def no_side_suit(hand: Hand, major: str) -> bool:
    return all(length <= 4 for suit, length in hand.info.lengths.items() if suit != major)


def shortness(major: str) -> list[Option]:
    """Opener's answers to Jacoby 2NT that show a singleton or void, before 3 and 4 of the major."""
    return [Option(call, Meaning(short=call[1], note=f"a singleton or void in {SUIT_WORDS[call[1]]}: shortness for a slam"))
            for call in SIDE_SUITS[major]]


def working(hand: Hand, major: str, short: str, trumps: int) -> int:
    """``trumps``: the cards of the major the hand's calls have shown (nine with partner's)."""
    wasted = sum(HCP.get(rank, 0) for rank in hand.holding(short) if rank != "A")  # an ace still takes a trick
    return hand.info.hcp - wasted + max(0, hand.info.lengths[major] - trumps)


def decide(major: str, short: str, trumps: int) -> list[Option]:
    """Over partner's shortness: key cards asked with ``WORKING`` points, else game."""
    return [Option("4NT", Meaning(note=ASK), when=lambda hand: working(hand, major, short, trumps) >= WORKING),
            Option("4" + major, Meaning(note="no slam in view: game"))]


def short_suit(sequence: tuple[str, ...]) -> str | None:
    """The suit partner has just shown short, with our turn: after 1♥/1♠ and a splinter, or after
    Jacoby 2NT and opener's shortness. The working count replaces the general slam test, which
    counts wasted honours."""
    if sequence[0] not in ("1H", "1S"):
        return None
    major = sequence[0][1]
    if len(sequence) == 2 and sequence[1] in SPLINTERS[major]:
        return SPLINTERS[major][sequence[1]]
    if len(sequence) == 3 and sequence[1] == "2NT" and sequence[2] in SIDE_SUITS[major]:
        return sequence[2][1]
    return None


def signed_off(sequence: tuple[str, ...]) -> bool:
    """Opener bid four of the major over responder's splinter: the splinter was limited, so
    opener's judgment stands and responder passes."""
    return (len(sequence) == 3 and sequence[0] in ("1H", "1S") and sequence[1] in SPLINTERS[sequence[0][1]]
            and sequence[2] == "4" + sequence[0][1])


def decides(sequence: tuple[str, ...]) -> bool:
    """This module places the contract here, not the general slam test (``slam.ask``)."""
    return short_suit(sequence) is not None or signed_off(sequence)


def rules(sequence: tuple[str, ...]) -> list[Option]:
    """After 1♥ or 1♠: the splinters as responder's first call, opener's shortness over Jacoby
    2NT, the call over either, and responder's pass of opener's game over the splinter; none
    elsewhere."""
    major = sequence[0][1]
    if len(sequence) == 1:
        return raises(major)
    if sequence[1:] == ("2NT",):
        return shortness(major)
    if signed_off(sequence):
        return [Option(PASS, Meaning(note="opener has placed the contract"))]
    short = short_suit(sequence)
    if short is None:
        return []
    return decide(major, short, 5 if len(sequence) == 2 else 4)
