"""Opener's three cards of responder's major over responder's 2NT invitation, the opponents silent
(1♥–1♠–2♦–2NT, 1♣–1♥–1♠–2NT): responder may hold five of its major, and a five-three fit plays
better in game than 3NT. Opener, accepting the invitation with exactly three cards of responder's
major, bids three of it (forcing) where it would have bid 3NT (a six-card major of its own is
game in that); responder bids four of it with five, else 3NT."""
from __future__ import annotations

from bot.ai.bridge_bidding import MAJORS
from bot.ai.bridge_system.jump_shift import answered
from bot.ai.bridge_system.position import Hand, Meaning, Option, Position, Test, natural_call
from bot.games.bridge import BIDS


def invited(sequence: tuple[str, ...]) -> str | None:
    """Responder's one-level major, where our auction is an opening of one, that major, opener's
    rebid in a suit below 2NT other than it, and responder's 2NT."""
    if len(sequence) < 4 or not answered(sequence) or sequence[1][1:] not in MAJORS or sequence[3] != "2NT":
        return None
    rebid, major = sequence[2], sequence[1][1:]
    return major if rebid in BIDS and rebid[1:] not in ("NT", major) and BIDS.index(rebid) < BIDS.index("2NT") else None


def accepts_with_three(position: Position, major: str) -> Test:
    def test(hand: Hand) -> bool:
        return hand.info.lengths[major] == 3 and natural_call(position, hand) == "3NT"
    return test


def rules(position: Position, sequence: tuple[str, ...] | None) -> list[Option]:
    """Opener's three of responder's major, and responder's game after it; none elsewhere."""
    major = invited(sequence) if sequence else None
    if sequence is None or major is None:
        return []
    if len(sequence) == 4:
        return [Option("3" + major, Meaning(lengths={major: 3}, note="three cards of partner's major, accepting the invitation: forcing"),
                       when=accepts_with_three(position, major))]
    if len(sequence) == 5 and sequence[4] == "3" + major:
        return [Option("4" + major, Meaning(lengths={major: 5}, note="five cards: game in the major")),
                Option("3NT", Meaning(note="four cards: game in notrump"))]
    return []
