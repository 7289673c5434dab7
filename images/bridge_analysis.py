"""The double-dummy table and par of a finished bridge board, drawn in the board picture's panel:
tricks for each declarer (rows N, E, S, W) in each strain (columns NT, ♠, ♥, ♦, ♣), then the par."""
from __future__ import annotations

from typing import Any, Mapping

from PIL import ImageDraw

from bot.games.bridge_scoring import STRAIN_SYMBOLS
from images.cards import fit_text, font
from images.theme import GOLD, MUTED, STACK, TEXT

RED_SUIT = (255, 120, 120)
STRAINS = ("NT", "S", "H", "D", "C")
DIRECTIONS = ("N", "E", "S", "W")


def _symbols(contract: str) -> str:
    """"4H by N" -> "4♥ by N"."""
    bid, _, rest = contract.partition(" ")
    strain = bid[1:].rstrip("X")
    return f"{bid[0]}{STRAIN_SYMBOLS.get(strain, strain)}{bid[1 + len(strain):]} {rest}"


def draw_analysis(draw: ImageDraw.ImageDraw, analysis: Mapping[str, Any], left: int, right: int, top: int) -> int:
    """Draw the table and the par line from ``top``; returns the y below them."""
    draw.text((left, top), "Double dummy", font=font(14, "bold"), fill=TEXT)
    y = top + 22
    width = (right - left - 30) // len(STRAINS)
    for column, strain in enumerate(STRAINS):
        colour = RED_SUIT if strain in ("H", "D") else TEXT
        draw.text((left + 30 + column * width + width // 2, y), STRAIN_SYMBOLS[strain], font=font(14, "bold"),
                  fill=colour, anchor="ma")
    y += 20
    for seat, direction in enumerate(DIRECTIONS):
        draw.text((left, y), direction, font=font(13, "bold"), fill=STACK)
        for column, strain in enumerate(STRAINS):
            tricks = analysis["tricks"][strain][seat]
            draw.text((left + 30 + column * width + width // 2, y), str(tricks), font=font(13),
                      fill=GOLD if tricks >= 7 else MUTED, anchor="ma")
        y += 18
    contracts = ", ".join(_symbols(c) for c in analysis["par_contracts"]) or "Pass"
    line = f"Par {contracts}: NS {analysis['par_score']:+d}"
    draw.text((left, y + 4), fit_text(line, font(13, "bold"), right - left), font=font(13, "bold"), fill=GOLD)
    return y + 28
