"""How the computer players of the pot games built on ``bot.games.betting`` (Sigma and Presidential
Poker) bet once they know their chance to win: one policy, each game bringing its own chance and the
chance it wants before betting."""
from __future__ import annotations

import random
from typing import Any, Mapping

from bot.games.base import Action, ActionSpec

BLUFF = 0.05
"""How often a hand short of what it needs bets anyway."""


def bet_by_chance(view: Mapping[str, Any], kinds: Mapping[str, ActionSpec], chance: float, needed: float,
                  rng: random.Random) -> Action:
    """Bet or raise half the pot (after calling) when ``chance`` to win beats ``needed``, or now and
    then as a bluff; else check, call when the chance pays for the call, or fold."""
    me = view["seats"][view["viewer"]]
    pot = sum(p["amount"] for p in view["pots"])
    to_call = min(view["current_bet"] - me["bet"], me["stack"])
    aggressive = kinds.get("raise") or kinds.get("bet")
    if aggressive is not None and (chance > needed or rng.random() < BLUFF):
        low, high = aggressive.min_amount or 0, aggressive.max_amount or 0
        amount = max(low, min(high, view["current_bet"] + (pot + to_call) // 2))
        return Action(aggressive.kind, amount=amount)
    if "check" in kinds:
        return Action("check")
    if chance * (pot + to_call) >= to_call:
        return Action("call")
    return Action("fold")
