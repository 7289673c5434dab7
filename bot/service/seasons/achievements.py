"""Achievements worth having, read from what the service stores of a finished deal (its record, its
export, the table's places) and a member's totals: pure, so a deal's end and a profile's catch-up ask
the same questions. A member earns each once (``bot.service.seasons.awards`` stores and announces it);
computer players never do."""
from __future__ import annotations

import json
import re
from typing import Any, Mapping

from bot.service.stats.bridge import declared_result

ACHIEVEMENTS: dict[str, str] = {
    "first-win": "First win",
    "hands-100": "100 hands",
    "hands-1000": "1,000 hands",
    "royal-flush": "Royal flush",
    "stud-quads": "Four of a kind in stud",
    "grand-slam": "Grand slam made",
    "tournament-won": "Tournament won",
    "perfect-grid": "Perfect Poker Squared grid",
}
"""Every achievement: its stored kind and the name members read, in the order a profile lists them."""
HAND_COUNTS = ((100, "hands-100"), (1000, "hands-1000"))
_GRAND_SLAM = re.compile(r'^\[Contract "7', re.MULTILINE)


def from_deal(game: str, record: Mapping[str, Any], export: str, seat: int) -> set[str]:
    """What the member at deal seat ``seat`` earned in one finished deal: a win (chips won, or first
    place of a match), a royal flush or (in seven-card stud) four of a kind that won at showdown, a
    grand slam their side made, a Poker Squared grid whose eight lines they all won."""
    earned: set[str] = set()
    outcome = record.get("outcome", {})
    deltas = outcome.get("deltas", [])
    ranking = outcome.get("ranking")
    if (seat < len(deltas) and deltas[seat] > 0) or (ranking and ranking[seat] == 0 and len(set(ranking)) > 1):
        earned.add("first-win")
    name = record.get("names", [])[seat] if seat < len(record.get("names", [])) else None
    for line in str(outcome.get("summary", "")).split("; "):
        if name is None or not line.startswith(f"{name} wins "):
            continue
        if " with Royal flush" in line:
            earned.add("royal-flush")
        if game == "stud" and " with Four of a kind" in line:
            earned.add("stud-quads")
    if game == "bridge" and _GRAND_SLAM.search(export):
        if any(declared_result(export, partner)[1] for partner in (seat, (seat + 2) % 4)):
            earned.add("grand-slam")
    if game == "squared":
        grid = (json.loads(export) or {}).get("last_grid") or {}
        if (grid.get("won") or [0, 0])[seat] == 8:
            earned.add("perfect-grid")
    return earned


def from_totals(hands: int, wins: int, tournaments_won: int) -> set[str]:
    """What a member's totals on a server earned: deals finished, deals won, tournaments won."""
    earned = {kind for count, kind in HAND_COUNTS if hands >= count}
    if wins:
        earned.add("first-win")
    if tournaments_won:
        earned.add("tournament-won")
    return earned
