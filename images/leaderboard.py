"""The leaderboard picture: a page of ranked lines (rank, name, rating, chips won, deals) under a
header naming the game and the period, the asking member's line marked in gold, and their own line
below the page when they rank elsewhere. The view comes from ``bot.service.stats.leaderboard``."""
from __future__ import annotations

from typing import Any, Mapping

from PIL import Image, ImageDraw

from images.cards import fit_text, font
from images.palette import to_png
from images.theme import BACKGROUND, GOLD, HEADER_H, MUTED, PLATE, PLATE_EDGE, TEXT, draw_header

WIDTH = 640
MARGIN = 16
LINE_H = 30
COLUMNS = (("#", 44, "rm"), ("Player", 60, "lm"), ("Rating", 400, "rm"), ("Chips won", 520, "rm"),
           ("Deals", 608, "rm"))
"""(heading, x, anchor) of each column."""


def render_leaderboard(view: Mapping[str, Any]) -> bytes:
    lines = list(view["lines"])
    own = view.get("own")
    height = HEADER_H + MARGIN + (1 + len(lines) + (2 if own else 0)) * LINE_H + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw_header(draw, WIDTH, view["title"], view["page"])
    y = HEADER_H + MARGIN
    head = font(13)
    for heading, x, anchor in COLUMNS:
        draw.text((x, y + LINE_H / 2), heading, font=head, fill=MUTED, anchor=anchor)
    for line in lines:
        y += LINE_H
        _line(draw, y, line)
    if not lines:
        draw.text((WIDTH / 2, y + LINE_H * 1.5), "Nobody has played in this period yet.", font=font(15),
                  fill=MUTED, anchor="mm")
    if own:
        y += LINE_H
        draw.text((WIDTH / 2, y + LINE_H / 2), "···", font=font(15, "bold"), fill=MUTED, anchor="mm")
        y += LINE_H
        _line(draw, y, own)
    return to_png(image)


def _line(draw: ImageDraw.ImageDraw, top: float, line: Mapping[str, Any]) -> None:
    middle = top + LINE_H / 2
    if line["own"]:
        draw.rounded_rectangle((MARGIN - 6, top + 2, WIDTH - MARGIN + 6, top + LINE_H - 2), 6, fill=PLATE,
                               outline=PLATE_EDGE)
    else:
        draw.line((MARGIN, top, WIDTH - MARGIN, top), fill=PLATE)
    face, bold = font(16), font(16, "bold")
    colour = GOLD if line["own"] else TEXT
    draw.text((COLUMNS[0][1], middle), str(line["rank"]), font=bold, fill=colour, anchor="rm")
    draw.text((COLUMNS[1][1], middle), fit_text(line["name"], bold, COLUMNS[2][1] - COLUMNS[1][1] - 70),
              font=bold, fill=colour, anchor="lm")
    for key, (_, x, anchor) in zip(("rating", "chips", "deals"), COLUMNS[2:]):
        draw.text((x, middle), line[key], font=face, fill=colour, anchor=anchor)
