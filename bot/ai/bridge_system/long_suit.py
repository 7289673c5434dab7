"""Responder's own long suits, the opponents silent, where the natural rules find no fit and pass.
After 1♥/1♠–1NT–two of a new suit that would leave a six-card suit unmentioned in a seven-card
(or worse) fit: responder bids it at the cheapest level to play, or one level higher with 10–12
HCP and a good suit, inviting game (opener bids game with a fit and more than a minimum). After
opener's 1NT rebid (1♥–1♠–1NT) it would leave a two-suiter in notrump: responder bids its second
suit, five cards beside five of its first or six alone, at the two level to play, below its first
suit (a higher one is forcing) and not new minor forcing's. After opener's own suit again at the
two level (1♦–1♠–2♦) a five-five responder bids its lower second suit at the two level too."""
from __future__ import annotations

from bot.ai.bridge_bidding import SUITS
from bot.ai.bridge_system.jump_shift import answered, jump_in
from bot.ai.bridge_system.minor import new_minor, notrump_rebid
from bot.ai.bridge_system.position import Meaning, Option, at_most, both, good
from bot.games.bridge import BIDS

LONG = 6
"""The cards of responder's own suit."""


def own_suit(sequence: tuple[str, ...] | None) -> list[Option]:
    """Responder's options in its six-card suit after 1♥/1♠–1NT–two of a new suit."""
    if sequence is None or len(sequence) != 3 or sequence[0] not in ("1H", "1S") or sequence[1] != "1NT":
        return []
    major, rebid = sequence[0][1], sequence[2]
    if rebid[0] != "2" or rebid[1:] not in SUITS or rebid[1:] == major:
        return []
    options = []
    short = both(at_most(major, 2), at_most(rebid[1:], 3))
    for suit in (s for s in SUITS if s not in (major, rebid[1:])):
        jump = jump_in(rebid, suit)
        if jump[0] == "3":
            options.append(Option(jump, Meaning(10, 12, lengths={suit: LONG}, note="a good six-card suit: invites game"),
                                  when=both(short, good(suit))))
        options.append(Option(f"{int(jump[0]) - 1}{suit}", Meaning(lengths={suit: LONG}, note="to play"), when=short))
    return options


SECOND_SUIT_MOST = 10
"""The most HCP for responder's second suit to play after opener's 1NT rebid: with more the hands
hold a game's 23 or 24 and the natural rules bid it."""


def second_suit(sequence: tuple[str, ...] | None) -> list[Option]:
    """Responder's second suit after one of a suit, a one-level answer in a suit and opener's 1NT."""
    if sequence is None or len(sequence) != 3 or not answered(sequence) or sequence[1] == "1NT" \
            or sequence[2] != "1NT":
        return []
    first = sequence[1][1]
    asks = new_minor(sequence) if notrump_rebid(sequence) else None
    note = "a second suit: to play"
    return [option for suit in SUITS[SUITS.index(first) + 1:]
            if suit != sequence[0][1] and "2" + suit != asks
            for option in (Option("2" + suit, Meaning(high=SECOND_SUIT_MOST, lengths={first: 5, suit: 5}, note=note)),
                           Option("2" + suit, Meaning(high=SECOND_SUIT_MOST, lengths={suit: 6}, note=note)))]


def second_suit_over_rebid(sequence: tuple[str, ...] | None) -> list[Option]:
    """Responder's second five-card suit, lower than its first, at the two level after one of a
    suit, a one-level answer in a suit and opener's suit again at the two level (the natural
    rules pass there with five-five)."""
    if sequence is None or len(sequence) != 3 or not answered(sequence) or sequence[1] == "1NT":
        return []
    opening, answer, rebid = sequence
    if rebid != "2" + opening[1]:
        return []
    first = answer[1]
    return [Option("2" + suit, Meaning(6, lengths={first: 5, suit: 5}, note="a second five-card suit"))
            for suit in SUITS[SUITS.index(first) + 1:]
            if suit != opening[1] and BIDS.index("2" + suit) > BIDS.index(rebid)]
