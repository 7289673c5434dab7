"""Gin rummy statistics, read from each stored deal's final public view and its outcome.

Per deal: who laid down and how (knock, gin, big gin), the knocker's deadwood, and whether the
defender undercut; per match: who won it. Rates are per deal played (a deal that ended in a draw,
the stock run out, counts as played).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Sequence

from bot.storage.records import PlayedHand


@dataclass
class GinStats:
    deals: int = 0
    gins: int = 0             # gin or big gin
    knocks: int = 0           # knocks (not gin)
    knock_deadwood: int = 0   # deadwood points summed over those knocks
    undercuts: int = 0        # knocks of the opponent this player undercut
    undercut: int = 0         # knocks of this player that were undercut
    deals_won: int = 0
    matches: int = 0
    match_wins: int = 0

    @property
    def average_knock_deadwood(self) -> float | None:
        return self.knock_deadwood / self.knocks if self.knocks else None


def gin_stats(hands: Sequence[PlayedHand]) -> GinStats:
    stats = GinStats()
    for hand in hands:
        view = json.loads(hand.export)
        outcome = hand.record["outcome"]
        stats.deals += 1
        lines = view["score"]["lines"]
        line = lines[-1] if lines else None
        shown = view.get("showdown")
        if line is not None and line["winner"] == hand.seat:
            stats.deals_won += 1
        if shown is not None:
            mine = shown["knocker"] == hand.seat
            if shown["kind"] in ("gin", "big_gin"):
                stats.gins += mine
            elif mine:
                stats.knocks += 1
                stats.knock_deadwood += int(view["players"][hand.seat]["deadwood_points"])
            if line is not None and line["kind"] == "undercut":
                stats.undercut += mine
                stats.undercuts += not mine
        if outcome["match_over"] and outcome.get("ranking") is not None:
            stats.matches += 1
            stats.match_wins += outcome["ranking"][hand.seat] == 0
    return stats
