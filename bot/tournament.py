"""Sit-and-go tournaments for the poker games: the blind schedule, finishing places and payouts.

Pure functions; the table service applies them. A tournament table has ``settings["mode"] ==
"tournament"``: everyone buys in for the same ``buy_in`` (that is their starting stack), nobody joins
after the start, the blinds go up every ``level_hands`` hands, a player whose stack reaches zero is
out with a finishing place, and when one player has every chip the prize pool (all the buy-ins) is
paid by place and the table closes.
"""
from __future__ import annotations

from typing import Any, Mapping

# Multiples of the starting small blind, big blind and ante for each level.
SCHEDULE: tuple[tuple[int, int, int], ...] = (
    (1, 2, 0), (2, 4, 0), (3, 6, 0), (5, 10, 1), (10, 20, 2), (15, 30, 3), (20, 40, 4), (30, 60, 6),
    (40, 80, 8), (60, 120, 12), (80, 160, 16), (100, 200, 20), (150, 300, 30), (200, 400, 40),
)


def is_tournament(settings: Mapping[str, Any]) -> bool:
    return settings.get("mode") == "tournament"


def level(settings: Mapping[str, Any], hand_no: int) -> int:
    """The blind level (0-based) of a tournament's ``hand_no``-th hand (1-based)."""
    per_level = max(1, int(settings.get("level_hands", 10)))
    return min((hand_no - 1) // per_level, len(SCHEDULE) - 1)


def hand_settings(settings: Mapping[str, Any], hand_no: int) -> dict[str, Any]:
    """The engine settings for one hand: a tournament's blinds and ante for that hand's level."""
    if not is_tournament(settings):
        return dict(settings)
    unit = max(1, int(settings.get("small_blind", 5)))
    small, big, ante = SCHEDULE[level(settings, hand_no)]
    return {**settings, "small_blind": small * unit, "big_blind": big * unit, "ante": ante * unit}


def describe_level(settings: Mapping[str, Any], hand_no: int) -> str:
    current = hand_settings(settings, hand_no)
    ante = f" ante {current['ante']}" if current["ante"] else ""
    return f"level {level(settings, hand_no) + 1}: blinds {current['small_blind']}/{current['big_blind']}{ante}"


def payout_shares(entrants: int) -> tuple[int, ...]:
    """Percent of the prize pool by finishing place: winner takes all up to 3 players."""
    if entrants <= 3:
        return (100,)
    if entrants <= 6:
        return (65, 35)
    return (50, 30, 20)


def payouts(pool: int, entrants: int) -> list[int]:
    """Chips paid for places 1, 2, ...; rounding leftovers go to the winner, so they sum to ``pool``."""
    paid = [pool * share // 100 for share in payout_shares(entrants)]
    paid[0] += pool - sum(paid)
    return paid


def busted_places(remaining: int, busted_start_stacks: list[int]) -> list[int]:
    """Places (1-based) for the players knocked out in one hand, given how many players were still in
    before it. Whoever started the hand with more chips finishes higher; equal stacks share a place."""
    better = remaining - len(busted_start_stacks)
    return [better + 1 + sum(1 for s in busted_start_stacks if s > stack) for stack in busted_start_stacks]
