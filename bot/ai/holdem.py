"""The hold'em computer player: equity against the players still in, pot odds, sizing, a few bluffs.

It does not model opponents: it treats every opponent's hand as random, which is right against
players who call or raise with anything and cautious enough against the rest, since it only puts
chips in when its equity pays for them. Decisions:

- **Strength** is the Monte Carlo equity scaled to the number of opponents (``equity * players /
  2``): 0.5 is an average hand however many are in, so the thresholds hold heads-up and multiway.
- **Facing a bet**: raise with a strong hand, call when the equity beats the pot odds, else fold.
- **Checked to**: bet for value with a good hand (bigger when stronger), bluff now and then with a
  weak one on the flop or turn, else check.
- **Run it twice?** Always yes: it changes no chip on average and halves the swing, so the choice is
  left to the people at the table (one "once" runs it once).
"""
from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Sequence

from bot.ai.equity import equity
from bot.games.base import HIDDEN, Action, ActionSpec

SAMPLES = 300
VALUE = 0.6         # strength to bet or raise for value
STRONG = 0.8        # strength to bet big and re-raise
CALL_MARGIN = 0.03  # equity wanted above the pot odds to call
BLUFF_RATE = 0.05   # how often a weak hand bets when checked to after the flop


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """The action for the seat ``view`` belongs to, among ``legal``."""
    return play_by_share(view, legal, rng,
                         lambda hole, board, opponents: equity(hole, board, opponents, SAMPLES, rng))


Estimate = Callable[[Sequence[str], Sequence[str], int], float]
"""The share of the pot a hole wins on average, given the board and the number of opponents."""


def play_by_share(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random,
                  estimate: Estimate) -> Action:
    """Bet, call or fold by an estimated pot share against the pot odds (shared with Omaha, whose
    estimate counts split hi-lo pots)."""
    specs = {spec.kind: spec for spec in legal}
    if "twice" in specs:  # run it twice: the same chips on average, half the swing, and the people decide
        return Action("twice")
    passive = Action("check") if "check" in specs else Action("fold")
    seat = view["viewer"]
    seats = view["seats"]
    hole = seats[seat]["cards"]
    if not hole or HIDDEN in hole:
        return passive
    opponents = sum(1 for i, s in enumerate(seats) if i != seat and not s["folded"])
    win = estimate(hole, view["board"], opponents)
    strength = win * (opponents + 1) / 2
    pot, to_call = pot_and_call(view, specs)
    raise_spec = specs.get("raise")

    if to_call:
        return answer_bet(specs, seats, pot, to_call, win, strength)
    if raise_spec:
        if strength >= STRONG:
            return raise_to(raise_spec, seats, pot, 0, 0.75 + 0.25 * rng.random())
        if strength >= VALUE:
            return raise_to(raise_spec, seats, pot, 0, 0.5)
        if view["board"] and len(view["board"]) < 5 and rng.random() < BLUFF_RATE:
            return raise_to(raise_spec, seats, pot, 0, 0.5)
    return Action("check")


def pot_and_call(view: Mapping[str, Any], specs: Mapping[str, ActionSpec]) -> tuple[int, int]:
    """Chips in the pot (bets of this round included) and the amount to call, from a pokerkit view."""
    to_call = (specs["call"].min_amount or 0) if "call" in specs else 0
    return sum(p["amount"] for p in view["pots"]) + sum(s["bet"] for s in view["seats"]), to_call


def answer_bet(specs: Mapping[str, ActionSpec], seats: Sequence[Mapping[str, Any]], pot: int, to_call: int,
               win: float, strength: float) -> Action:
    """Facing a bet (shared with draw and stud): raise a strong hand by the pot, call when the pot
    share ``win`` beats the pot odds, else fold."""
    raise_spec = specs.get("raise")
    if raise_spec and strength >= STRONG:
        return raise_to(raise_spec, seats, pot, to_call, 1.0)
    if win >= to_call / (pot + to_call) + CALL_MARGIN:
        return Action("call")
    return Action("fold")


def raise_to(spec: ActionSpec, seats: Sequence[Mapping[str, Any]], pot: int, to_call: int,
              fraction: float) -> Action:
    """Bet or raise by ``fraction`` of the pot after calling, within the allowed range."""
    top = max(s["bet"] for s in seats)
    assert spec.min_amount is not None and spec.max_amount is not None
    amount = top + int(fraction * (pot + to_call))
    return Action("raise", amount=min(max(amount, spec.min_amount), spec.max_amount))
