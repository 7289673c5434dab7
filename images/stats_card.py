"""A member's statistics card: their name and the game, the figures in a grid of plates, and for a
poker game the graph of their net chips hand after hand; without a game, one line per game played.

The view comes from ``bot.service.stats.card_view`` (one game) or ``overview_view`` (every game):
plain strings and numbers, so the card is drawn in a render worker like the table images.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from PIL import Image, ImageDraw

from bot.games.words import counted
from images.cards import fit_text, font
from images.palette import to_png
from images.theme import BACKGROUND, GOLD, HEADER_H, MUTED, PLATE, PLATE_EDGE, TEXT, draw_header

WIDTH = 640
MARGIN = 16
COLUMNS = 3
PLATE_H = 58
GAP = 10
GRAPH_H = 170


def render_stats_card(view: Mapping[str, Any]) -> bytes:
    """The card of one game (``figures``) or of every game (``rows``), as a palette PNG."""
    if "rows" in view:
        return _overview(view)
    figures: Sequence[Sequence[str]] = view["figures"]
    rows = -(-len(figures) // COLUMNS)
    chips: Sequence[int] = view.get("chips") or []
    height = HEADER_H + MARGIN + rows * (PLATE_H + GAP) + (GRAPH_H + MARGIN if len(chips) > 1 else 0) + MARGIN - GAP
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw_header(draw, WIDTH, view["player"], view["game"])
    plate_w = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) / COLUMNS
    label_face, value_face = font(13), font(22, "bold")
    for k, (label, value) in enumerate(figures):
        x = MARGIN + (k % COLUMNS) * (plate_w + GAP)
        y = HEADER_H + MARGIN + (k // COLUMNS) * (PLATE_H + GAP)
        draw.rounded_rectangle((x, y, x + plate_w, y + PLATE_H), 8, fill=PLATE, outline=PLATE_EDGE)
        draw.text((x + 10, y + 8), fit_text(label, label_face, plate_w - 20), font=label_face, fill=MUTED)
        draw.text((x + 10, y + PLATE_H - 8), fit_text(value, value_face, plate_w - 20), font=value_face,
                  fill=TEXT, anchor="ls")
    if len(chips) > 1:
        top = HEADER_H + MARGIN + rows * (PLATE_H + GAP)
        _graph(draw, (MARGIN, top, WIDTH - MARGIN, top + GRAPH_H), chips)
    return to_png(image)


def _graph(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], chips: Sequence[int]) -> None:
    """Net chips after each hand, from 0 before the first: a line over a zero line, the extremes named."""
    left, top, right, bottom = box
    draw.rounded_rectangle(box, 8, fill=PLATE, outline=PLATE_EDGE)
    face = font(12)
    draw.text((left + 10, top + 8), f"Net chips over {counted(len(chips), 'hand')}", font=face, fill=MUTED)
    points = [0, *chips]
    low, high = min(points), max(points)
    span = (high - low) or 1
    inner = (left + 54, top + 28, right - 12, bottom - 12)

    def y_of(value: int) -> float:
        return inner[3] - (value - low) / span * (inner[3] - inner[1])

    step = (inner[2] - inner[0]) / (len(points) - 1)
    draw.line((inner[0], y_of(0), inner[2], y_of(0)), fill=PLATE_EDGE, width=1)
    for value in {high, low, 0}:
        draw.text((inner[0] - 6, y_of(value)), f"{value:+d}" if value else "0", font=face, fill=MUTED, anchor="rm")
    draw.line([(inner[0] + k * step, y_of(v)) for k, v in enumerate(points)], fill=GOLD, width=2, joint="curve")


def _overview(view: Mapping[str, Any]) -> bytes:
    """One line per game: hands, net chips, matches won, rating."""
    columns: Sequence[str] = view["columns"]
    rows: Sequence[Sequence[str]] = view["rows"]
    line_h = 30
    height = HEADER_H + MARGIN + (len(rows) + 1) * line_h + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw_header(draw, WIDTH, view["player"], view["game"])
    first_w = 190
    other_w = (WIDTH - 2 * MARGIN - first_w) / (len(columns) - 1)
    head, face, bold = font(13), font(16), font(16, "bold")
    y = HEADER_H + MARGIN
    for k, label in enumerate(columns):
        x = MARGIN + first_w + k * other_w - other_w if k else MARGIN
        draw.text((x + (other_w if k else 0), y + line_h / 2), label, font=head, fill=MUTED,
                  anchor="rm" if k else "lm")
    for row in rows:
        y += line_h
        draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=PLATE_EDGE)
        draw.text((MARGIN, y + line_h / 2), fit_text(row[0], bold, first_w - 10), font=bold, fill=GOLD, anchor="lm")
        for k, cell in enumerate(row[1:], start=1):
            draw.text((MARGIN + first_w + k * other_w, y + line_h / 2), cell, font=face, fill=TEXT, anchor="rm")
    return to_png(image)
