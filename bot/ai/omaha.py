"""The Omaha and Omaha hi-lo computer player: Monte Carlo pot share, pot odds, pot-limit sizing.

Like the hold'em player it treats every opponent's hand as random four cards, and differs where
Omaha does:

- **Pot share**, not just high equity: in hi-lo each sample pays half the pot to the best high and
  half to the best qualifying low (the whole pot to the high when no low qualifies), ties sharing.
  A hand that wins the low alone is worth about half a pot, a hand that can scoop nearly all of it,
  so the player values two-way hands (A-2 with high cards) over one-way ones.
- **Strength** is that share scaled to the number of players (``share * players / 2``): 0.5 is an
  average hand however many are in.
- **Facing a bet**: raise with a strong hand, call when the share beats the pot odds, else fold.
- **Checked to**: bet for value with a good hand, bluff now and then on the flop or turn.

Ranking uses phevaluator's ``evaluate_omaha_cards`` for the high and the engine's 2 + 3 low.
"""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from phevaluator import evaluate_omaha_cards

from bot.games.base import HIDDEN, Action, ActionSpec
from bot.games.cards import DECK
from bot.games.omaha import best_low

SAMPLES = 160
VALUE = 0.6         # strength to bet or raise for value
STRONG = 0.8        # strength to bet big and re-raise
CALL_MARGIN = 0.03  # share wanted above the pot odds to call
BLUFF_RATE = 0.05   # how often a weak hand bets when checked to after the flop


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """The action for the seat ``view`` belongs to, among ``legal``."""
    specs = {spec.kind: spec for spec in legal}
    passive = Action("check") if "check" in specs else Action("fold")
    seat = view["viewer"]
    seats = view["seats"]
    hole = seats[seat]["cards"]
    if len(hole) != 4 or HIDDEN in hole:
        return passive
    opponents = sum(1 for i, s in enumerate(seats) if i != seat and not s["folded"])
    win = pot_share(hole, view["board"], opponents, SAMPLES, rng, hilo=view["game"] == "omaha-hilo")
    strength = win * (opponents + 1) / 2
    to_call = (specs["call"].min_amount or 0) if "call" in specs else 0
    pot = sum(p["amount"] for p in view["pots"]) + sum(s["bet"] for s in seats)
    raise_spec = specs.get("raise")

    if to_call:
        if raise_spec and strength >= STRONG:
            return _raise_to(raise_spec, seats, pot, to_call, 1.0)
        if win >= to_call / (pot + to_call) + CALL_MARGIN:
            return Action("call")
        return Action("fold")
    if raise_spec:
        if strength >= STRONG:
            return _raise_to(raise_spec, seats, pot, 0, 0.75 + 0.25 * rng.random())
        if strength >= VALUE:
            return _raise_to(raise_spec, seats, pot, 0, 0.5)
        if view["board"] and len(view["board"]) < 5 and rng.random() < BLUFF_RATE:
            return _raise_to(raise_spec, seats, pot, 0, 0.5)
    return Action("check")


def pot_share(hole: Sequence[str], board: Sequence[str], opponents: int, samples: int, rng: random.Random,
              *, hilo: bool) -> float:
    """Share of the pot ``hole`` wins on average against ``opponents`` random four-card hands,
    the rest of the board drawn ``samples`` times from the unseen cards."""
    if opponents < 1:
        return 1.0
    known = set(hole) | set(board)
    deck = [c for c in DECK if c not in known]
    missing = 5 - len(board)
    draw = missing + 4 * opponents
    total = 0.0
    for _ in range(samples):
        drawn = rng.sample(deck, draw)
        full = [*board, *drawn[:missing]]
        hands = [hole] + [drawn[i:i + 4] for i in range(missing, draw, 4)]
        highs = [evaluate_omaha_cards(*full, *hand) for hand in hands]
        high_share = _share(highs)
        if not hilo:
            total += high_share
            continue
        lows = [best_low(hand, full) for hand in hands]
        if all(low is None for low in lows):
            total += high_share
        else:
            total += (high_share + _share(lows)) / 2
    return total / samples


def _share(ranks: Sequence[Any]) -> float:
    """The first hand's part of a pot won by the smallest rank (``None`` never wins), ties sharing."""
    best = min((r for r in ranks if r is not None), default=None)
    if best is None or ranks[0] != best:
        return 0.0
    return 1.0 / sum(1 for r in ranks if r == best)


def _raise_to(spec: ActionSpec, seats: Sequence[Mapping[str, Any]], pot: int, to_call: int,
              fraction: float) -> Action:
    """Bet or raise by ``fraction`` of the pot after calling, within the allowed range."""
    top = max(s["bet"] for s in seats)
    assert spec.min_amount is not None and spec.max_amount is not None
    amount = top + int(fraction * (pot + to_call))
    return Action("raise", amount=min(max(amount, spec.min_amount), spec.max_amount))
