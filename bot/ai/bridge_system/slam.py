"""Roman Key Card Blackwood (1430): with a fit agreed and a slam in view, 4NT asks partner for the
key cards (the four aces and the trump king) and the trump queen, and the asker places the slam,
or signs off at the five level with two key cards missing.

A slam is in view where the natural rules would bid one, or where the losing trick count says the
two hands take twelve tricks (``losers``) with nine trumps and 25 HCP between them."""
from __future__ import annotations

from bot.ai.bridge_bidding import SUITS
from bot.ai.bridge_system.losers import tricks
from bot.ai.bridge_system.position import Hand, Meaning, Option, Position, Test, natural_call
from bot.games.bridge import PASS

ANSWERS = {"5C": "one or four key cards", "5D": "none or three key cards",
           "5H": "two (or all five) key cards without the trump queen",
           "5S": "two (or all five) key cards and the trump queen"}


def trump(position: Position, asker: int) -> str | None:
    """The suit our side has shown eight or more cards in between the two hands (the longest such)."""
    shown = position.shown
    fits = [s for s in SUITS if shown[asker].lengths[s] + shown[(asker + 2) % 4].lengths[s] >= 8]
    return max(fits, key=lambda s: shown[asker].lengths[s] + shown[(asker + 2) % 4].lengths[s]) if fits else None


def key_cards(hand: Hand, suit: str) -> int:
    return sum(r == "A" for c in SUITS for r in hand.holding(c)) + ("K" in hand.holding(suit))


def answer(hand: Hand, suit: str) -> str:
    """The step that counts the hand's key cards (five, all of them, answers as two)."""
    keys = key_cards(hand, suit)
    if keys in (1, 4):
        return "5C"
    if keys in (0, 3):
        return "5D"
    return "5S" if "Q" in hand.holding(suit) else "5H"


def answers_with(suit: str, call: str) -> Test:
    return lambda hand: answer(hand, suit) == call


SLAM_HCP = 25
"""The least HCP between the hands for the losing trick count to look for a slam."""
SLAM_TRUMPS = 9
"""The least trumps between the hands for the losing trick count to look for a slam."""


def twelve_tricks(position: Position, hand: Hand, suit: str) -> bool:
    partner = position.shown[position.partner]
    return (hand.info.hcp + partner.min_hcp >= SLAM_HCP and hand.info.lengths[suit] + partner.lengths[suit] >= SLAM_TRUMPS
            and tricks(position, hand) >= 12)


def ask(position: Position) -> list[Option]:
    """4NT where a slam is in view in the suit both hands have shown."""
    suit = trump(position, position.seat)
    if suit is None or not position.legal("4NT") or "4NT" in [c for s, c in position.bids if s % 2 == position.seat % 2]:
        return []

    def slam_in_view(hand: Hand) -> bool:
        if twelve_tricks(position, hand, suit):
            return True
        call = natural_call(position, hand)
        return call in (f"6{suit}", f"7{suit}")
    return [Option("4NT", Meaning(note="Roman Key Card Blackwood: asks for key cards"), when=slam_in_view)]


def since_our(position: Position, call: str) -> list[tuple[int, str]] | None:
    """The calls after our side's last ``call``, if the opponents have only passed since."""
    indices = [i for i, (s, c) in enumerate(position.calls) if c == call and s % 2 == position.seat % 2]
    if not indices:
        return None
    later = list(position.calls[indices[-1] + 1:])
    if any(c != PASS for s, c in later if s % 2 != position.seat % 2):
        return None
    return [(position.calls[indices[-1]][0], call)] + later


def keycard_rules(position: Position) -> list[Option] | None:
    """The answers to 4NT, the asker's decision, and the answerer's pass after it."""
    after = since_our(position, "4NT")
    if after is None:
        return None
    asker = after[0][0]
    suit = trump(position, asker)
    if suit is None:
        return None
    ours = [c for s, c in after[1:] if s % 2 == position.seat % 2]
    if asker == position.partner and not ours:
        return [Option(call, Meaning(note=words), when=answers_with(suit, call)) for call, words in ANSWERS.items()]
    if asker == position.seat and len(ours) == 1 and ours[0] in ANSWERS:
        return placed(position, suit, ours[0])
    return [Option(PASS, Meaning())] if asker == position.partner else None


def placed(position: Position, suit: str, answer: str) -> list[Option]:
    """The asker's contract: five of the trump suit with two key cards missing, else six."""
    def missing(hand: Hand) -> int:
        mine = key_cards(hand, suit)
        theirs = {"5C": (1, 4), "5D": (0, 3)}.get(answer, (2, 2))
        partner = theirs[1] if mine + theirs[1] <= 5 and mine <= 1 else theirs[0]
        return 5 - mine - partner
    return [Option(f"5{suit}", Meaning(note="signs off: two key cards are missing"), when=lambda hand: missing(hand) >= 2),
            Option(f"6{suit}", Meaning(note="to play"))]
