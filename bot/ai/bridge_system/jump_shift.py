"""Opener's jump shift, the opponents silent: after a one-level response or 1NT, a jump in a new
four-card suit (1♦–1♥–2♠, 1♠–1NT–3♦) shows 19+ points (17+ HCP) and an unbalanced hand, and
forces to game, so that a strong two-suiter is not passed in a part score. Responder then places
the game: four of opener's second suit (a major) with four cards, four of opener's major with
three, three of its own major again with five or more (opener raises it with three cards, else
bids 3NT, and responder with six bids game in the major), or 3NT. Where they overcall once, our
opening or partner's response (1♥ P 1♠ 2♣, 1♦ 1♠ 1NT P), and pass otherwise, the jump is over
the later bid (3♦, 3♣) in a suit they have not bid, and the rest goes the same way."""
from __future__ import annotations

from typing import Callable

from bot.ai.bridge_bidding import MAJORS, SUITS
from bot.ai.bridge_system.position import Hand, Meaning, Option, Position, Test, stopped
from bot.games.bridge import BIDS, PASS

JUMP_SHIFT = "a jump shift: a second suit, forcing to game"
OPENINGS = ("1C", "1D", "1H", "1S")


def answered(sequence: tuple[str, ...]) -> bool:
    """Our one-of-a-suit opening and partner's one-level answer in a new suit or 1NT."""
    opening, response = sequence[:2]
    return opening in OPENINGS and response in BIDS and response[0] == "1" and response[1:] != opening[1:]


def jump_in(after: str, suit: str) -> str:
    """One level above the cheapest bid of ``suit`` over ``after``."""
    above = after[1:] != "NT" and SUITS.index(suit) < SUITS.index(after[1:])
    return f"{int(after[0]) + (1 if above else 2)}{suit}"


def is_jump_shift(sequence: tuple[str, ...], after: str) -> bool:
    """Opener's rebid jumped in a new suit over ``after`` (partner's response, or their bid over it)."""
    opening, response, rebid = sequence[:3]
    return rebid in BIDS and rebid[1:] in SUITS and rebid[1:] not in (opening[1:], response[1:], after[1:]) \
        and rebid == jump_in(after, rebid[1:])


def second_suit(own: str, answer: str) -> Callable[[Hand], str | None]:
    """The new suit opener jumps in: the longest of four cards or more (the higher of two as long),
    with 19+ points, 17+ HCP and an unbalanced hand; none with four cards of partner's major or six
    of our own major (game in it is the natural rules')."""
    def suit(hand: Hand) -> str | None:
        info = hand.info
        if info.points < 19 or info.hcp < 17 or info.balanced or (answer in MAJORS and info.lengths[answer] >= 4) \
                or (own in MAJORS and info.lengths[own] >= 6):
            return None
        new = [s for s in SUITS if s not in (own, answer) and info.lengths[s] >= 4]
        return max(new, key=lambda s: (info.lengths[s], -SUITS.index(s))) if new else None
    return suit


def opener_jumps(sequence: tuple[str, ...], after: str) -> list[Option]:
    """The jump shift over ``after``, where it stays below 3NT."""
    own, answer = sequence[0][1:], sequence[1][1:]
    chosen = second_suit(own, answer)
    options = []
    for suit in SUITS:
        call = jump_in(after, suit)
        if suit not in (own, answer, after[1:]) and BIDS.index(call) < BIDS.index("3NT"):
            options.append(Option(call, Meaning(17, lengths={suit: 4}, points=19, note=JUMP_SHIFT),
                                  when=is_chosen(chosen, suit)))
    return options


def is_chosen(chosen: Callable[[Hand], str | None], suit: str) -> Test:
    return lambda hand: chosen(hand) == suit


def responder_places(sequence: tuple[str, ...], theirs: str | None) -> list[Option]:
    """Responder's game over the jump shift; after their overcall (``theirs``) 3NT needs a stopper
    in their suit, and four cards of opener's second suit, a minor, bid five of it first."""
    own, answer, second = sequence[0][1:], sequence[1][1:], sequence[2][1:]
    options = []
    if second in MAJORS:
        options.append(Option(f"4{second}", Meaning(lengths={second: 4}, note="game in opener's second suit")))
    if own in MAJORS:
        options.append(Option(f"4{own}", Meaning(lengths={own: 3}, note="game in opener's major")))
    if answer in MAJORS and BIDS.index(f"3{answer}") > BIDS.index(sequence[2]):
        options.append(Option(f"3{answer}", Meaning(lengths={answer: 5}, note="five cards or more: opener chooses the game")))
    if theirs is not None:
        options.append(Option("3NT", Meaning(note="a stopper in their suit: game in notrump"), when=stopped(theirs)))
        if second not in MAJORS:
            options.append(Option(f"5{second}", Meaning(lengths={second: 4}, note="game in opener's second suit")))
    return options + [Option("3NT", Meaning(note="no fit found: game in notrump"))]


def opener_chooses(sequence: tuple[str, ...]) -> list[Option]:
    """Responder rebid its major (five cards or more) over the jump shift."""
    major = sequence[3][1:]
    return [Option(f"4{major}", Meaning(lengths={major: 3}, note="game in partner's suit: three cards")),
            Option("3NT", Meaning(note="fewer than three cards in partner's suit"))]


def responder_corrects(sequence: tuple[str, ...]) -> list[Option]:
    """Opener's 3NT denied three of responder's major: six of it make a fit with two."""
    major = sequence[3][1:]
    return [Option(f"4{major}", Meaning(lengths={major: 6}, note="six cards: game in the fit")), Option(PASS, Meaning())]


def rules(sequence: tuple[str, ...] | None, theirs: str | None = None) -> list[Option]:
    """The options at the places this module covers (none elsewhere); ``theirs``: their bid over
    our opening or partner's response, the jump being over the later of it and the response."""
    if sequence is None or len(sequence) < 2 or not answered(sequence):
        return []
    after = max(theirs, sequence[1], key=BIDS.index) if theirs else sequence[1]
    if len(sequence) == 2:
        return opener_jumps(sequence, after)
    if not is_jump_shift(sequence, after):
        return []
    if len(sequence) == 3:
        return responder_places(sequence, theirs[1:] if theirs else None)
    rebid = len(sequence) >= 4 and sequence[3] == f"3{sequence[1][1:]}" and sequence[1][1:] in MAJORS
    if rebid and len(sequence) == 4:
        return opener_chooses(sequence)
    if rebid and len(sequence) == 5 and sequence[4] == "3NT":
        return responder_corrects(sequence)
    return []


def over_overcall(position: Position) -> list[Option]:
    """The same structure where they overcalled once, our opening or partner's response, in a suit,
    and have passed otherwise (our side's calls, jumped over the later of their bid and the
    response)."""
    later = position.our_calls()
    theirs = [c for s, c in later if s % 2 != position.seat % 2]
    bids = [c for c in theirs if c != PASS]
    if len(later) < 4 or len(bids) != 1 or bids[0] not in BIDS or bids[0][1:] == "NT" or bids[0] not in theirs[:2]:
        return []
    return rules(tuple(c for s, c in later if s % 2 == position.seat % 2), bids[0])
