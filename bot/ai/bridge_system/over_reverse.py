"""Responder over opener's reverse, the opponents silent (1♣–1♠–2♥, 1♦–1♥–2♠ is a jump shift, not
this): the reverse shows 17+ points and forces one round. With a minimum (at most ``MINIMUM`` HCP)
responder stops as low as it can: two of its own suit with five cards, else three of opener's
first suit with three, else 2NT; none of them forcing, so opener passes a minimum reverse and
bids game with more. Stronger hands are the natural rules' (game)."""
from __future__ import annotations

from bot.ai import bridge_bidding as natural
from bot.ai.bridge_system.jump_shift import answered, is_jump_shift
from bot.ai.bridge_system.position import Meaning, Option

MINIMUM = 7
"""Responder's most HCP for a sign-off: opposite a reverse's 17 or so, 8 make a game."""
SIGN_OFF = "a minimum: not forcing"


def is_reverse(sequence: tuple[str, ...]) -> bool:
    """One of a suit, a one-level answer in a new suit, and opener's reverse (``bridge_bidding``'s
    reading), not a jump shift."""
    if len(sequence) != 3 or not answered(sequence) or sequence[1] == "1NT":
        return False
    return (natural.reverse([(0, sequence[0]), (2, sequence[1])], 0, sequence[2])
            and not is_jump_shift(sequence, sequence[1]))


def rules(sequence: tuple[str, ...] | None) -> list[Option]:
    """Responder's sign-offs over the reverse; none elsewhere."""
    if sequence is None or not is_reverse(sequence):
        return []
    own, first = sequence[1][1:], sequence[0][1:]
    return [Option("2" + own, Meaning(0, MINIMUM, lengths={own: 5}, note=SIGN_OFF)),
            Option("3" + first, Meaning(0, MINIMUM, lengths={first: 3}, note=SIGN_OFF)),
            Option("2NT", Meaning(0, MINIMUM, note=SIGN_OFF))]
