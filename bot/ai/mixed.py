"""The computer player at a mixed table: when the dealer's choice of the next game is its own, it
chooses one of the table's games; otherwise it plays the game dealt as that game's own robot does
(``game_robot``, the registry's robot of the game the view names)."""
from __future__ import annotations

import random
from typing import Any, Callable

from bot.games.base import Action, ActionSpec

Chooser = Callable[[dict[str, Any], list[ActionSpec], random.Random], Action]

CHOOSE = "choose"


def choose(view: dict[str, Any], legal: list[ActionSpec], rng: random.Random, game_robot: Chooser) -> Action:
    """The dealer's choice, else ``game_robot``'s move in the game dealt."""
    choice = next((spec for spec in legal if spec.kind == CHOOSE), None)
    if choice is None:
        return game_robot(view, legal, rng)
    return Action(CHOOSE, target=rng.choice(choice.choices))

