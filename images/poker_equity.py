"""All-in equity on the poker table: a small tag at each live seat with its chances street by street.

The view's ``equity`` (``bot.games.poker_view.StreetEquityView``) holds, for every street dealt after
the last possible bet, each live hand's chances; a view only has it once every such hand is shown.
A tag reads "Win 38 · 45 · 91%" and, when a tie was possible, "Tie 3 · 0 · 0%"; in hi-lo "High" and
"Low" (the chance to win or split each half). More than three streets (a board run twice) go on to a
second line, so a tag stays about a seat's width. A legend in the footer names the streets, and marks
a sampled (not enumerated) street with "≈".
"""
from __future__ import annotations

from typing import Any, Mapping

from PIL import ImageDraw

from images.cards import draw_text, font
from images.theme import GOLD, HEADER_FILL

TAG_FACE = 22
"""The tags' and legend's text: 11 px as shown in Discord's 400 x 300 box (the table is drawn at 2x)."""
TAG_FIGURES = 3
"""Figures on one line of a tag; more (a board run twice) continue on the next."""
STREET_NAMES = {"preflop": "pre-flop", "flop": "flop", "turn": "turn", "third street": "3rd",
                "fourth street": "4th", "fifth street": "5th", "sixth street": "6th"}


def percent(value: float) -> str:
    return f"{round(100 * value)}"


def tag_lines(view: Mapping[str, Any], seat: int) -> list[str]:
    """The seat's tag lines, or none if it has no figures (folded, or no all-in runout)."""
    streets = view.get("equity") or []
    found = [next((e for e in street["seats"] if e["seat"] == seat), None) for street in streets]
    rows = [row for row in found if row is not None]
    if not streets or len(rows) < len(found):
        return []
    if "high" in rows[0]:
        pairs = (("High", "high"), ("Low", "low"))
    else:
        pairs = (("Win", "win"), ("Tie", "tie"))
    lines = []
    for label, key in pairs:
        values = [row[key] for row in rows]
        if key == "tie" and max(values) < 0.005:
            continue
        figures = [percent(v) for v in values]
        rows_of = [figures[n:n + TAG_FIGURES] for n in range(0, len(figures), TAG_FIGURES)]
        text = [" · ".join(row) for row in rows_of]
        lines += [f"{label} {text[0]}", *text[1:]]
        lines[-1] += "%"
    return lines


def tag_height(lines: list[str]) -> int:
    return 0 if not lines else 6 + len(lines) * (TAG_FACE + 3)


def tag_width(lines: list[str]) -> float:
    return max(font(TAG_FACE, "bold").getlength(line) for line in lines) + 12


def draw_tag(draw: ImageDraw.ImageDraw, centre_x: float, top: float,
             lines: list[str]) -> tuple[float, float, float, float]:
    """The tag, centred on ``centre_x`` with its top edge at ``top``; the box it covers."""
    face = font(TAG_FACE, "bold")
    width = tag_width(lines)
    box = (centre_x - width / 2, top, centre_x + width / 2, top + tag_height(lines))
    draw.rounded_rectangle(box, 6, fill=HEADER_FILL, outline=GOLD, width=1)
    y = top + 4
    for line in lines:
        draw_text(draw, (centre_x, y), line, face, GOLD, anchor="mt", shadow=None)
        y += TAG_FACE + 3
    return box


def legend_text(view: Mapping[str, Any]) -> str:
    """Which street each figure is from ("All-in odds: pre-flop · flop · turn"), or "" with no figures."""
    streets = view.get("equity") or []
    if not streets:
        return ""
    return "All-in odds: " + " · ".join(("≈" if not s["exact"] else "") + STREET_NAMES.get(s["street"], s["street"])
                                        for s in streets)
