"""Poker Squared computer player.

Placement: try every card on every empty cell and score the result as the chance of winning each
grid line against the opponent's (public) grid plus the value of the 3 cards kept for this round's
showdown. A partial line is judged by the average strength of its possible completions.
Betting: by hand strength (the share of all three-card hands it beats) against the pot odds,
with a little bluffing so the robot is not an open book.
"""
from __future__ import annotations

import math
import random
from functools import cache
from itertools import combinations
from typing import Any, Mapping, Sequence

from bot.games import three_card
from bot.games.base import Action, ActionSpec
from bot.games.cards import DECK
from bot.games.squared import CELLS, LINES

LINE_WEIGHT = 2.0  # a grid line swings 2 antes between winning and losing it
HAND_WEIGHT = 5.0  # the round's pot, in antes, that the kept hand plays for
SPREAD = 0.12      # how sharply a lead in expected line strength turns into a likely win


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    specs = {spec.kind: spec for spec in legal}
    if "place" in specs:
        return _place(view, specs["place"], rng)
    return _bet(view, specs, rng)


# ---- placing ---------------------------------------------------------------------------------
@cache
def _expected(cards: tuple[str, ...]) -> float:
    """Average strength of a line holding ``cards`` (sorted) once it is filled at random."""
    rest = [c for c in DECK if c not in cards]
    fills = list(combinations(rest, 3 - len(cards)))
    return sum(three_card.strength(cards + fill) for fill in fills) / len(fills)


def _line_estimate(cards: list[str | None]) -> float:
    present = tuple(sorted(c for c in cards if c is not None))
    if len(present) == 3:
        return three_card.strength(present)
    if not present:
        return _expected(())
    if len(present) == 1:  # only the rank matters much on average: share the cache across suits
        return _expected((present[0][0] + "s",))
    return _expected(present)


def _line_win_chance(mine: list[str | None], theirs: list[str | None]) -> float:
    full_mine, full_theirs = [c for c in mine if c is not None], [c for c in theirs if c is not None]
    if len(full_mine) == len(mine) and len(full_theirs) == len(theirs):
        a, b = three_card.rank(full_mine), three_card.rank(full_theirs)
        return 1.0 if a > b else 0.0 if a < b else 0.5
    lead = _line_estimate(mine) - _line_estimate(theirs)
    return 1.0 / (1.0 + math.exp(-lead / SPREAD))


def grid_value(grid: Sequence[str | None], other: Sequence[str | None]) -> float:
    """Expected grid lines won minus lost against the other grid (-8..8)."""
    total = 0.0
    for line in LINES:
        idx = [CELLS.index(c) for c in line]
        total += 2 * _line_win_chance([grid[i] for i in idx], [other[i] for i in idx]) - 1
    return total


def _place(view: Mapping[str, Any], spec: ActionSpec, rng: random.Random) -> Action:
    me = view["viewer"]
    grid: list[str | None] = list(view["grids"][me])
    other: list[str | None] = list(view["grids"][1 - me])
    hand = list(dict.fromkeys(choice.split("@", 1)[0] for choice in spec.choices))  # "Qh@E" -> "Qh"
    best: tuple[float, str, str] | None = None
    for card in hand:
        kept = [c for c in hand if c != card]
        hand_value = HAND_WEIGHT * (2 * three_card.strength(kept) - 1)
        for i, cell in enumerate(grid):
            if cell is not None:
                continue
            grid[i] = card
            score = LINE_WEIGHT * grid_value(grid, other) / 2 + hand_value + rng.random() * 1e-6
            grid[i] = None
            if best is None or score > best[0]:
                best = (score, card, CELLS[i])
    assert best is not None
    return Action("place", cards=(best[1],), target=best[2])


# ---- betting ---------------------------------------------------------------------------------
def _bet(view: Mapping[str, Any], specs: Mapping[str, ActionSpec], rng: random.Random) -> Action:
    me = view["viewer"]
    hand = [c for c in view["hands"][me] if c != "??"]
    equity = three_card.strength(hand)
    pot = view["pot"]
    to_call = view["bets"][1 - me] - view["bets"][me]
    aggressive = specs.get("raise") or specs.get("bet")
    if to_call > 0:
        odds = to_call / (pot + to_call)
        if aggressive and (equity > 0.9 or rng.random() < 0.04):
            return _sized(aggressive, pot, rng)
        if equity > odds + 0.15 or "fold" not in specs:
            return Action("call")
        return Action("fold")
    if aggressive and (equity > 0.7 or (equity < 0.3 and rng.random() < 0.1)):
        return _sized(aggressive, pot, rng)
    return Action("check")


def _sized(spec: ActionSpec, pot: int, rng: random.Random) -> Action:
    """A bet or raise of about half the pot to the pot, within what is allowed."""
    assert spec.min_amount is not None and spec.max_amount is not None
    target = spec.min_amount + int(pot * rng.uniform(0.5, 1.0))
    return Action(spec.kind, amount=max(spec.min_amount, min(spec.max_amount, target)))
