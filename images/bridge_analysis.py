"""The double-dummy table and par of a finished bridge board, drawn in a box of a bridge picture (the
table's corner after the board, the hand record): tricks for each declarer (rows N, E, S, W) in each
strain (columns NT, ♠, ♥, ♦, ♣), then the par, every string at 22 px or more (11 px as shown)."""
from __future__ import annotations

from typing import Any, Mapping

from PIL import ImageDraw

from bot.games.bridge_scoring import STRAIN_SYMBOLS
from images.bridge_diagram import RED_SUIT, contract_text
from images.cards import font, wrap_text
from images.theme import GOLD, MUTED, STACK, TEXT

STRAINS = ("NT", "S", "H", "D", "C")
DIRECTIONS = ("N", "E", "S", "W")
TABLE_TEXT = 26
"""Its text in the table picture's corner (the hand record, with more room, asks for 28)."""


def height(size: int = TABLE_TEXT) -> int:
    """The box it needs at ``size`` with a short par line: the strains' row, a row per declarer, the par."""
    return 6 * (size + 2) + 4


def par_text(analysis: Mapping[str, Any], *, short: bool = False) -> str:
    """"Par NS +420: 4♥ by N" (several contracts joined by commas, "Pass" when none makes); ``short``:
    "Par 4♥ N +420", the first contract only, for a narrow box (the table's log has the rest)."""
    contracts = [_symbols(c) for c in analysis["par_contracts"]]
    if short:
        first = contracts[0].replace(" by ", " ").split(",")[0] if contracts else "Pass"
        return f"Par {first} {analysis['par_score']:+d}"
    return f"Par NS {analysis['par_score']:+d}: {', '.join(contracts) or 'Pass'}"


def _symbols(contract: str) -> str:
    """"4HX by N, 1 down" -> "4♥X by N, 1 down"."""
    bid, _, rest = contract.partition(" ")
    return " ".join(filter(None, (contract_text(bid), rest)))


def draw_analysis(draw: ImageDraw.ImageDraw, analysis: Mapping[str, Any], left: int, right: int, top: int, *,
                  short: bool = False, size: int = TABLE_TEXT) -> int:
    """Draw the table and the par line (``par_text``) from ``top`` between ``left`` and ``right`` at
    ``size`` px; returns the y below."""
    row_h = size + 2
    width = (right - left - 34) / len(STRAINS)
    y = top
    for column, strain in enumerate(STRAINS):
        colour = RED_SUIT if strain in ("H", "D") else TEXT
        draw.text((left + 34 + column * width + width / 2, y), STRAIN_SYMBOLS[strain], font=font(size, "bold"),
                  fill=colour, anchor="ma")
    y += row_h
    for seat, direction in enumerate(DIRECTIONS):
        draw.text((left, y), direction, font=font(size, "bold"), fill=STACK)
        for column, strain in enumerate(STRAINS):
            tricks = analysis["tricks"][strain][seat]
            draw.text((left + 34 + column * width + width / 2, y), str(tricks), font=font(size),
                      fill=GOLD if tricks >= 7 else MUTED, anchor="ma")
        y += row_h
    face = font(size - 2, "bold")
    for line in wrap_text(par_text(analysis, short=short), face, right - left, 1 if short else 2):
        draw.text((left, y + 2), line, font=face, fill=GOLD)
        y += row_h
    return y + 4
