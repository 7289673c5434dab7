"""Deals played all in from a fixed seed, for the knockout cases read by hand: every player bets all
they can (the pot limit's most in Omaha) or calls, until the deal ends."""
from __future__ import annotations

from typing import Sequence

from bot.games.base import Action, Engine, Seat
from bot.games.holdem import HoldemEngine


def all_in(engine: Engine) -> Engine:
    while engine.outcome is None:
        (seat,) = engine.to_act()
        legal = {spec.kind: spec for spec in engine.legal_actions(seat)}
        if "raise" in legal:
            engine.apply(seat, Action("raise", legal["raise"].max_amount))
        else:
            engine.apply(seat, Action("call" if "call" in legal else "check"))
    return engine


def holdem(names: Sequence[str], stacks: Sequence[int], seed: int) -> HoldemEngine:
    """A hold'em deal (the button on the first seat) played all in."""
    engine = HoldemEngine({}, [Seat(name, stack) for name, stack in zip(names, stacks)], f"{seed:064x}", {"dealer": 0})
    all_in(engine)
    return engine
