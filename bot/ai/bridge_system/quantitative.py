"""Slams in notrump after partner's natural notrump bid (1♣–3NT, 1♠–2♣–2NT...): with partner
balanced and no suit agreed, 33 HCP between the hands bid 6NT and 37 bid 7NT (the natural rules
bid 6NT there too, on any shape); where 33 needs partner above the least it has shown, 4NT
invites 6NT, and partner accepts above that least.

Partner counts for its shown range, or for its least and two more where the range is open above
(a natural 3NT response promises 13 and says no more). Notrump openings have their own answers
(``notrump``)."""
from __future__ import annotations

from bot.ai.bridge_system import slam
from bot.ai.bridge_system.position import Meaning, Option, Position
from bot.games.bridge import PASS

SPREAD = 2
"""What a natural notrump bid open above counts for beyond its least."""


def partners_notrump(position: Position) -> bool:
    """Partner's last bid was a natural notrump below game's next step, shown balanced, with no
    suit agreed and our side not yet at 4NT."""
    partners = position.bids_of(position.partner)
    return (bool(partners) and partners[-1] in ("1NT", "2NT", "3NT") and position.shown[position.partner].balanced
            and slam.trump(position, position.seat) is None and position.legal("4NT")
            and not any(c == "4NT" for s, c in position.bids if s % 2 == position.seat % 2))


def slam_tries(position: Position, sequence: tuple[str, ...] | None) -> list[Option]:
    """7NT, 6NT or the quantitative 4NT facing partner's natural notrump while the opponents stay
    silent."""
    if sequence is None or not partners_notrump(position):
        return []
    shown = position.shown[position.partner]
    least, most = shown.min_hcp, min(shown.max_hcp, shown.min_hcp + SPREAD)
    return [Option("7NT", Meaning(37 - least, note="to play")),
            Option("6NT", Meaning(33 - least, 36 - least, note="to play")),
            Option("4NT", Meaning(33 - most, 32 - least, note="invites 6NT"))]


def answer(position: Position) -> list[Option]:
    """6NT above the least our notrump showed, after partner's quantitative 4NT; else a pass."""
    mine = position.bids_of(position.seat)
    partners = position.bids_of(position.partner)
    if not (mine and partners and partners[-1] == "4NT" and mine[-1] in ("1NT", "2NT", "3NT")
            and position.bids[-1][1] == "4NT" and slam.trump(position, position.partner) is None):
        return []
    least = position.shown[position.seat].min_hcp
    return [Option("6NT", Meaning(least + 1, note="accepts the invitation")), Option(PASS, Meaning())]
