"""A session's ledger as a picture: a line per player (bought in, cashed out, still at the table, net),
winners' nets in gold, then the settle-up's transfers. The view comes from
``bot.service.money.ledger.ledger_view``: plain strings.

Laid out for Discord's 400 x 300 box (``images.sheet``): 800 wide, at most 600 high, every figure at
28 px (14 px as shown). It says less per line rather than shrink: hands played and the biggest pot
stay in the CSV file sent with it, and the "At table" column is drawn only while someone still holds
chips at an open table. Lines and transfers past what fits end on an "and N more" line (the CSV file
has every line, the message text every transfer and how they were found).
"""
from __future__ import annotations

from typing import Any, Mapping

from images.cards import fit_text, font
from images.palette import to_png
from images.sheet import (HEADER_H, MARGIN, ROW_H, TEXT_PX, WIDTH, draw_headings, draw_more, figure_columns,
                          fit_middle, new_sheet, rows_below, rows_that_fit)
from images.theme import GOLD, PLATE, PLATE_EDGE, TEXT

DRAWN = ("Bought in", "Cashed out", "At table", "Net")
"""The view's columns drawn after the name's (the others are in the CSV file)."""
SETTLE_GAP = 14
PLATE_PAD = 8


def render_ledger(view: Mapping[str, Any]) -> bytes:
    """The ledger as a palette PNG, 800 wide."""
    lines = list(view["lines"])
    transfers: list[str] = list(view["transfers"]) or [view["method"]]
    name_heading, *headings = view["columns"]
    kept = [k for k, heading in enumerate(headings) if heading in DRAWN
            and (heading != "At table" or any(line["cells"][1 + k] != "0" for line in lines))]
    figures = [[line["cells"][1 + k] for k in kept] for line in lines]
    drawn_headings = [headings[k] for k in kept]
    net = drawn_headings.index("Net")
    laid = figure_columns(drawn_headings, figures, bold=[net])
    top = HEADER_H + 10 + laid.height
    players, payments = _shares(len(lines), len(transfers), rows_below(top, SETTLE_GAP + ROW_H + PLATE_PAD))
    body_h = (sum(players) + (players[1] > 0)) * ROW_H
    plate_h = ROW_H + (sum(payments) + (payments[1] > 0)) * ROW_H + PLATE_PAD
    image, draw = new_sheet(top + body_h + SETTLE_GAP + plate_h + MARGIN, view["title"],
                            f"{len(lines)} player{'s' * (len(lines) != 1)}")
    draw_headings(draw, HEADER_H + 10, (MARGIN, name_heading), laid)
    face, bold = font(TEXT_PX), font(TEXT_PX, "bold")
    y = top
    for line, cells in zip(lines[:players[0]], figures):
        draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=PLATE_EDGE)
        middle = y + ROW_H / 2
        draw.text((MARGIN, middle), fit_text(line["cells"][0], bold, laid.left_end - MARGIN), font=bold, fill=TEXT,
                  anchor="lm")
        for k, (figure, right) in enumerate(zip(cells, laid.edges)):
            draw.text((right, middle), figure, font=bold if k == net else face,
                      fill=GOLD if k == net and line["up"] else TEXT, anchor="rm")
        y += ROW_H
    if players[1]:
        draw_more(draw, MARGIN, y, players[1], "in the CSV file")
        y += ROW_H
    y += SETTLE_GAP
    draw.rounded_rectangle((MARGIN - 8, y, WIDTH - MARGIN + 8, y + plate_h), 8, fill=PLATE, outline=PLATE_EDGE)
    draw.text((MARGIN + 4, y + ROW_H / 2), "Settle up", font=bold, fill=GOLD, anchor="lm")
    for transfer in transfers[:payments[0]]:
        y += ROW_H
        draw.text((MARGIN + 4, y + ROW_H / 2), fit_middle(transfer, face, WIDTH - 3 * MARGIN), font=face,
                  fill=TEXT, anchor="lm")
    if payments[1]:
        draw_more(draw, MARGIN + 4, y + ROW_H, payments[1], "in the message")
    return to_png(image)


def _shares(lines: int, transfers: int, rows: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """((lines drawn, left out), (transfers drawn, left out)) in ``rows`` rows: all of both when they
    fit, else the transfers keep at least half the rows (or all they need, if fewer)."""
    if lines + transfers <= rows:
        return (lines, 0), (transfers, 0)
    payments = min(transfers, max(rows - lines, rows // 2))
    return rows_that_fit(lines, rows - payments), rows_that_fit(transfers, payments)
