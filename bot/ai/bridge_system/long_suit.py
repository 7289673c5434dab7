"""Responder's own long suit after 1♥/1♠–1NT–two of a new suit, the opponents silent: the natural
rules find no fit with opener's two suits and pass, leaving a six-card suit unmentioned in a
seven-card (or worse) fit. Responder bids it: at the cheapest level to play, or one level higher
with 10–12 HCP and a good suit, inviting game (opener bids game with a fit and more than a
minimum)."""
from __future__ import annotations

from bot.ai.bridge_bidding import SUITS
from bot.ai.bridge_system.jump_shift import jump_in
from bot.ai.bridge_system.position import Meaning, Option, at_most, both, good

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
