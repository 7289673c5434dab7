"""Cards as players name them in messages, whatever the game: "A♠" and "10♦" for the standard pack; a
SIXCHEX card (Presidential Poker) by the play number and letter printed at its top, "15B", or "17/20S"
for Kingdom V (no two cards share both); a Sigma shape card by its cells, upright, rows top to bottom,
"■□/■■/□□". The stored codes ("C63", "S05") stay in records and exports; no message shows them."""
from __future__ import annotations

from functools import lru_cache

from bot.games.cards import pretty
from bot.games.sigma_shapes import SHAPES
from bot.games.sixchex import BY_CODE

FILLED, EMPTY = "■", "□"


@lru_cache(maxsize=256)
def card_name(code: str) -> str:
    """A card's name for a message; an unknown string (a hidden card's "??") stays as it is."""
    sixchex = BY_CODE.get(code)
    if sixchex is not None:
        return f"{sixchex.number.replace('+', '/')}{sixchex.letter}"
    shape = SHAPES.get(code)
    if shape is not None:
        return shape.replace("#", FILLED).replace(".", EMPTY)
    return pretty(code)
