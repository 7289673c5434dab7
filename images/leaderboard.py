"""The leaderboard picture: a page of ranked lines (rank, name, rating, chips won, deals) under a
header naming the game and the period, the asking member's line marked in gold, and their own line
below the page, past a dotted rule, when they rank elsewhere. The view comes from
``bot.service.stats.leaderboard``.

Laid out for Discord's 400 x 300 box (``images.sheet``): 800 wide, a page of ten lines and the
member's own at 28 px (14 px as shown) fit within 600 high, so pages stay ten lines long. A title too
long for the header drops its leading "Leaderboard" (the message text names it)."""
from __future__ import annotations

from typing import Any, Mapping

from PIL import ImageDraw

from images.cards import fit_text, font
from images.palette import to_png
from images.sheet import (HEADER_H, MARGIN, ROW_H, SMALL_PX, TEXT_PX, WIDTH, draw_headings, figure_columns,
                          new_sheet)
from images.theme import GOLD, MUTED, PLATE, PLATE_EDGE, TEXT

OWN_GAP = 18
"""The dotted rule's room between the page and the member's own line."""
FIGURES = (("Rating", "rating"), ("Chips won", "chips"), ("Deals", "deals"))
"""(heading, view key) of each figure column, flush right."""


def height(lines: int, own: bool, headings_h: int) -> int:
    """The picture's height for ``lines`` ranked lines (at least one row, for "nobody yet"), the
    member's own line apart or not, under headings ``headings_h`` high."""
    return HEADER_H + 10 + headings_h + max(lines, 1) * ROW_H + (OWN_GAP + ROW_H if own else 0) + MARGIN


def render_leaderboard(view: Mapping[str, Any]) -> bytes:
    """The page as a palette PNG, 800 wide."""
    lines = list(view["lines"])
    own = view.get("own")
    shown = lines + ([own] if own else [])
    headings = [heading for heading, _ in FIGURES]
    figures = [[line[key] for _, key in FIGURES] for line in shown]
    bold = font(TEXT_PX, "bold")
    rank_right = MARGIN + max([bold.getlength("#"), *(bold.getlength(str(line["rank"])) for line in shown)])
    laid = figure_columns(headings, figures, name_from=rank_right + 20)
    headings_h = laid.height if shown else 0  # no columns to head without a line
    image, draw = new_sheet(height(len(lines), bool(own), headings_h), view["title"], view["page"])
    columns = (rank_right, rank_right + 20, laid.left_end, laid.edges)
    y = HEADER_H + 10
    if shown:
        draw.text((rank_right, y + headings_h - 5), "#", font=font(SMALL_PX), fill=MUTED, anchor="rd")
        draw_headings(draw, y, (columns[1], "Player"), laid)
    y += headings_h
    for line in lines:
        _line(draw, y, line, columns)
        y += ROW_H
    if not lines:
        draw.text((WIDTH / 2, y + ROW_H / 2), "Nobody has played in this period yet.", font=font(TEXT_PX),
                  fill=MUTED, anchor="mm")
        y += ROW_H
    if own:
        for x in range(MARGIN, WIDTH - MARGIN, 12):
            draw.ellipse((x, y + OWN_GAP / 2 - 2, x + 4, y + OWN_GAP / 2 + 2), fill=PLATE_EDGE)
        _line(draw, y + OWN_GAP, own, columns)
    return to_png(image)


def _line(draw: ImageDraw.ImageDraw, top: float, line: Mapping[str, Any],
          columns: tuple[float, float, float, list[float]]) -> None:
    rank_right, name_left, name_right, edges = columns
    middle = top + ROW_H / 2
    if line["own"]:
        draw.rounded_rectangle((MARGIN - 8, top + 2, WIDTH - MARGIN + 8, top + ROW_H - 2), 8, fill=PLATE,
                               outline=PLATE_EDGE)
    else:
        draw.line((MARGIN, top, WIDTH - MARGIN, top), fill=PLATE)
    face, bold = font(TEXT_PX), font(TEXT_PX, "bold")
    colour = GOLD if line["own"] else TEXT
    draw.text((rank_right, middle), str(line["rank"]), font=bold, fill=colour, anchor="rm")
    draw.text((name_left, middle), fit_text(line["name"], bold, name_right - name_left), font=bold, fill=colour,
              anchor="lm")
    for (_, key), right in zip(FIGURES, edges):
        draw.text((right, middle), line[key], font=face, fill=colour, anchor="rm")
