"""Opener's 2NT rebid over a one-level answer in a new suit, the opponents silent (1♦–1♥–2NT,
1♥–1♠–2NT): 18–19 balanced, as the natural rules read it (a balanced 15–17 opens 1NT). A jump to
3NT would bury a five-three or four-four major fit, so responder places the game: four of
opener's major with three cards, four of its own major with six, three of it with five (opener
raises with three, else bids 3NT), 3♠ over 1♥ with four spades as well (opener raises with four),
else 3NT with 6+ HCP (24 with opener's least). Slams in notrump are ``quantitative``'s; with
less, the natural rules pass."""
from __future__ import annotations

from bot.ai.bridge_bidding import MAJORS
from bot.ai.bridge_system.jump_shift import answered
from bot.ai.bridge_system.position import Meaning, Option


def rebid(sequence: tuple[str, ...]) -> bool:
    """Our auction began one of a suit, a one-level answer in a new suit, and opener's 2NT."""
    return answered(sequence) and sequence[1] != "1NT" and sequence[2] == "2NT"


def responder_places(opening: str, answer: str) -> list[Option]:
    options = []
    if opening in MAJORS:
        options.append(Option("4" + opening, Meaning(lengths={opening: 3}, note="game in opener's five-card major")))
    if answer in MAJORS:
        options += [Option("4" + answer, Meaning(lengths={answer: 6}, note="six cards: game in them")),
                    Option("3" + answer, Meaning(lengths={answer: 5}, note="five cards: opener raises with three"))]
    if answer == "H":
        options.append(Option("3S", Meaning(lengths={"S": 4}, note="four spades as well: opener raises with four")))
    return options + [Option("3NT", Meaning(6, note="to play"))]


def opener_raises(answer: str, shown: str) -> list[Option]:
    """Over responder's five-card major or its four spades."""
    need = 3 if shown == answer else 4
    return [Option("4" + shown, Meaning(lengths={shown: need}, note="game in the fit")),
            Option("3NT", Meaning(note="no fit: to play"))]


def rules(sequence: tuple[str, ...] | None) -> list[Option]:
    """The options after opener's 2NT rebid (none elsewhere)."""
    if sequence is None or len(sequence) not in (3, 4) or not rebid(sequence):
        return []
    opening, answer = sequence[0][1:], sequence[1][1:]
    if len(sequence) == 3:
        return responder_places(opening, answer)
    shown = sequence[3]
    if (shown == "3" + answer and answer in MAJORS) or (shown == "3S" and answer == "H"):
        return opener_raises(answer, shown[1:])
    return []
