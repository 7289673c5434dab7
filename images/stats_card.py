"""A member's statistics card: their name and the game, the figures in plates (the label at the left,
the figure at the right; two columns, or one when a label would be cut short), and for a poker game
the graph of their net chips hand after hand; without a game, one line per game played.

The view comes from ``bot.service.stats.card_view`` (one game) or ``overview_view`` (every game):
plain strings and numbers, so the card is drawn in a render worker like the table images. Laid out
for Discord's 400 x 300 box (``images.sheet``): 800 wide, at most 600 high, labels at 26 px,
figures and the graph's words at 28 px; the overview's games past what fits end on an "and N more"
line (the message text lists every game).
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from PIL import ImageDraw

from bot.games.words import counted
from images.cards import fit_text, font
from images.palette import to_png
from images.sheet import (HEADER_H, MAX_H, MARGIN, ROW_H, TEXT_PX, WIDTH, draw_headings, draw_more,
                          figure_columns, new_sheet, rows_below, rows_that_fit)
from images.theme import GOLD, MUTED, PLATE, PLATE_EDGE, TEXT

PLATE_H = 42
GAP = 8
LABEL_PX = 26
GRAPH_H = 230


def render_stats_card(view: Mapping[str, Any]) -> bytes:
    """The card of one game (``figures``) or of every game (``rows``), as a palette PNG."""
    if "rows" in view:
        return _overview(view)
    figures: Sequence[Sequence[str]] = view["figures"]
    chips: Sequence[int] = view.get("chips") or []
    graph = len(chips) > 1
    columns = _columns(figures, graph)
    rows = -(-len(figures) // columns)
    top = HEADER_H + MARGIN
    graph_top = top + rows * (PLATE_H + GAP) - GAP + MARGIN
    image, draw = new_sheet(graph_top + (GRAPH_H + MARGIN if graph else 0), view["player"], view["game"])
    plate_w = _plate_w(columns)
    label_face, value_face = font(LABEL_PX), font(TEXT_PX, "bold")
    for k, (label, value) in enumerate(figures):
        x = MARGIN + (k % columns) * (plate_w + GAP)
        y = top + (k // columns) * (PLATE_H + GAP)
        draw.rounded_rectangle((x, y, x + plate_w, y + PLATE_H), 8, fill=PLATE, outline=PLATE_EDGE)
        inner = plate_w - 34
        value = fit_text(value, value_face, inner - min(label_face.getlength(label), inner / 3))
        label = fit_text(label, label_face, inner - value_face.getlength(value))
        draw.text((x + 12, y + PLATE_H / 2), label, font=label_face, fill=MUTED, anchor="lm")
        draw.text((x + plate_w - 12, y + PLATE_H / 2), value, font=value_face, fill=TEXT, anchor="rm")
    if graph:
        _graph(draw, (MARGIN, graph_top, WIDTH - MARGIN, min(graph_top + GRAPH_H, MAX_H - MARGIN)), chips)
    return to_png(image)


def _plate_w(columns: int) -> float:
    return (WIDTH - 2 * MARGIN - (columns - 1) * GAP) / columns


def _columns(figures: Sequence[Sequence[str]], graph: bool) -> int:
    """Two columns of plates when every label fits beside its figure in half the width (or a graph
    needs the room), else one: gin's "Deadwood when knocking" is not cut short."""
    label_face, value_face = font(LABEL_PX), font(TEXT_PX, "bold")
    fits = all(label_face.getlength(label) + value_face.getlength(value) <= _plate_w(2) - 34
               for label, value in figures)
    one_column_h = HEADER_H + 2 * MARGIN + len(figures) * (PLATE_H + GAP) - GAP
    return 2 if fits or graph or one_column_h > MAX_H else 1


def _graph(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], chips: Sequence[int]) -> None:
    """Net chips after each hand, from 0 before the first: a line over a zero line, the extremes named."""
    left, top, right, bottom = box
    draw.rounded_rectangle(box, 8, fill=PLATE, outline=PLATE_EDGE)
    face = font(TEXT_PX)
    draw.text((left + 12, top + 8), f"Net chips over {counted(len(chips), 'hand')}", font=face, fill=MUTED)
    points = [0, *chips]
    low, high = min(points), max(points)
    span = (high - low) or 1
    width = max(face.getlength(f"{value:+d}") for value in (low, high))
    inner = (left + 24 + width, top + 56, right - 16, bottom - 20)

    def y_of(value: int) -> float:
        return inner[3] - (value - low) / span * (inner[3] - inner[1])

    step = (inner[2] - inner[0]) / (len(points) - 1)
    draw.line((inner[0], y_of(0), inner[2], y_of(0)), fill=PLATE_EDGE, width=2)
    named: list[float] = []
    for value in dict.fromkeys((high, low, 0)):  # the extremes first; a label too near one named is left out
        if all(abs(y_of(value) - y) >= TEXT_PX for y in named):
            named.append(y_of(value))
            draw.text((inner[0] - 10, y_of(value)), f"{value:+d}" if value else "0", font=face, fill=MUTED,
                      anchor="rm")
    draw.line([(inner[0] + k * step, y_of(v)) for k, v in enumerate(points)], fill=GOLD, width=4, joint="curve")


def _overview(view: Mapping[str, Any]) -> bytes:
    """One line per game: hands, net chips, matches won, rating; games past what fits counted on a last line."""
    columns: Sequence[str] = view["columns"]
    rows: Sequence[Sequence[str]] = view["rows"]
    top = HEADER_H + 10
    figures = [row[1:] for row in rows]
    laid = figure_columns(columns[1:], figures)
    drawn, more = rows_that_fit(len(rows), rows_below(top + laid.height))
    image, draw = new_sheet(top + laid.height + (drawn + (more > 0)) * ROW_H + MARGIN, view["player"], view["game"])
    face, bold = font(TEXT_PX), font(TEXT_PX, "bold")
    draw_headings(draw, top, (MARGIN, columns[0]), laid)
    y = top + laid.height
    for row in rows[:drawn]:
        draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=PLATE_EDGE)
        draw.text((MARGIN, y + ROW_H / 2), fit_text(row[0], bold, laid.left_end - MARGIN), font=bold, fill=GOLD,
                  anchor="lm")
        for cell, right in zip(row[1:], laid.edges):
            draw.text((right, y + ROW_H / 2), cell, font=face, fill=TEXT, anchor="rm")
        y += ROW_H
    if more:
        draw_more(draw, MARGIN, y, more, "in the message")
    return to_png(image)
