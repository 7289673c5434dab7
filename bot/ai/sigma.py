"""Sigma Poker computer player: places by best expected score, bets by its chance to win.

Everything comes from the seat's own view: the cards it has not seen are the pack plus the other
players' face-down cards, each equally likely.

- Placement: the legal placement with the highest expected score (``sigma_shapes.placement_values``).
- Stage 1: every live player's expected final score from their public base card; the chance to win
  treats each opponent's score as its expectation give or take ``SPREAD``.
- Stage 2: its own score is known; each opponent's score is spread over the unseen cards lying where
  their face-down card lies.
The bet follows the chance to win: raise when clearly ahead of an even share, call when the pot
pays for it, else check or fold, with a rare bluff.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any, Mapping, Sequence

from bot.ai.betting import bet_by_chance
from bot.games.base import Action, ActionSpec
from bot.games.sigma_shapes import (
    CODES,
    Layer,
    base_layer,
    designated_mask,
    hand_value,
    hidden_card_scores,
    placement_values,
    score,
)

SPREAD = 1.25
"""Standard deviation of the difference between two players' final scores around their expected
scores before any card is placed (measured over selfplay: about 0.9 cells per player)."""


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    kinds = {spec.kind: spec for spec in legal}
    if "place" in kinds:
        return _place(view, legal)
    return _bet(view, kinds, _win_chance(view), rng)


def _designated(view: Mapping[str, Any]) -> int:
    first, second = (card["code"] for card in view["designated"]["cards"])
    return designated_mask(first, second)


def _layers(cards: Sequence[Mapping[str, Any]]) -> list[Layer]:
    return [Layer(c["code"], c["rotation"], c["col"], c["row"], c["face_up"]) for c in cards]


def _unseen(view: Mapping[str, Any]) -> tuple[str, ...]:
    seen = {card["code"] for card in view["designated"]["cards"]}
    for seat in view["seats"]:
        seen.update(card["code"] for card in seat["cards"])
        if seat["in_hand"] is not None:
            seen.add(seat["in_hand"]["code"])
    return tuple(code for code in CODES if code not in seen)


def _place(view: Mapping[str, Any], legal: Sequence[ActionSpec]) -> Action:
    me = view["seats"][view["viewer"]]
    code = me["in_hand"]["code"]
    allowed = {choice for spec in legal for choice in spec.choices}
    values = placement_values(_designated(view), _layers(me["cards"]), code, me["step"], _unseen(view))
    _, best = max((vp for vp in values if vp[1].target in allowed), key=lambda vp: vp[0])
    return Action("place", cards=(code,), target=best.target)


@lru_cache(maxsize=256)
def _hand_value(designated: int, base: str, unseen: tuple[str, ...]) -> float:
    return hand_value(designated, [base_layer(base)], unseen)


def _win_chance(view: Mapping[str, Any]) -> float:
    """Chance that this seat wins (ties counted as half), from its own view."""
    me = view["viewer"]
    designated = _designated(view)
    unseen = _unseen(view)
    opponents = [s for i, s in enumerate(view["seats"]) if i != me and not s["folded"]]
    mine = view["seats"][me]
    chance = 1.0
    if view["phase"] == "betting1":
        own = _hand_value(designated, mine["cards"][0]["code"], unseen)
        for seat in opponents:
            theirs = _hand_value(designated, seat["cards"][0]["code"], unseen)
            chance *= 0.5 * (1 + math.erf((own - theirs) / (SPREAD * math.sqrt(2))))
        return chance
    own_score = score(designated, _layers(mine["cards"]))
    for seat in opponents:
        *known, hidden = _layers(seat["cards"])  # the face-down card is always the top one
        scores = hidden_card_scores(designated, known, hidden, unseen)
        below = sum(s < own_score for s in scores) + 0.5 * sum(s == own_score for s in scores)
        chance *= below / len(scores)
    return chance


def _bet(view: Mapping[str, Any], kinds: Mapping[str, ActionSpec], chance: float,
         rng: random.Random) -> Action:
    live = sum(not s["folded"] for s in view["seats"])
    return bet_by_chance(view, kinds, chance, 1.5 / live, rng)
