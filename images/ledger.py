"""A session's ledger as a picture: a line per player (bought in, cashed out, still at the table, net,
hands, biggest pot), winners' nets in gold, then the settle-up's transfers. The view comes from
``bot.service.ledger.ledger_view``: plain strings."""
from __future__ import annotations

from typing import Any, Mapping

from PIL import Image, ImageDraw

from images.cards import fit_text, font
from images.palette import to_png
from images.theme import BACKGROUND, GOLD, HEADER_H, MUTED, PLATE, PLATE_EDGE, TEXT, draw_header

WIDTH = 780
MARGIN = 16
LINE_H = 30
NAME_W = 220
RIGHT_EDGES = (340, 440, 530, 620, 680, WIDTH - MARGIN)
"""Where each figure's column ends (the figures are set flush right), after the name's."""


def render_ledger(view: Mapping[str, Any]) -> bytes:
    lines = list(view["lines"])
    transfers = list(view["transfers"])
    height = HEADER_H + MARGIN + (1 + len(lines)) * LINE_H + MARGIN + (2 + len(transfers)) * LINE_H + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    players = len(lines)
    draw_header(draw, WIDTH, view["title"], f"{players} player{'s' * (players != 1)}")
    y = HEADER_H + MARGIN
    head = font(13)
    name_heading, *figure_headings = view["columns"]
    draw.text((MARGIN, y + LINE_H / 2), name_heading, font=head, fill=MUTED, anchor="lm")
    for heading, right in zip(figure_headings, RIGHT_EDGES):
        draw.text((right, y + LINE_H / 2), heading, font=head, fill=MUTED, anchor="rm")
    face, bold = font(16), font(16, "bold")
    for line in lines:
        y += LINE_H
        draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=PLATE_EDGE)
        middle = y + LINE_H / 2
        name, *figures = line["cells"]
        draw.text((MARGIN, middle), fit_text(name, bold, NAME_W), font=bold, fill=TEXT, anchor="lm")
        for k, (figure, right) in enumerate(zip(figures, RIGHT_EDGES)):
            net = k == 3
            draw.text((right, middle), figure, font=bold if net else face,
                      fill=GOLD if net and line["up"] else TEXT, anchor="rm")
    y += LINE_H + MARGIN
    draw.rounded_rectangle((MARGIN - 6, y, WIDTH - MARGIN + 6, y + (2 + len(transfers)) * LINE_H), 8, fill=PLATE,
                           outline=PLATE_EDGE)
    draw.text((MARGIN + 4, y + LINE_H / 2), "Settle up", font=font(15, "bold"), fill=GOLD, anchor="lm")
    for transfer in transfers:
        y += LINE_H
        draw.text((MARGIN + 4, y + LINE_H / 2), fit_text(transfer, face, WIDTH - 3 * MARGIN), font=face,
                  fill=TEXT, anchor="lm")
    y += LINE_H
    draw.text((MARGIN + 4, y + LINE_H / 2), fit_text(view["method"], head, WIDTH - 3 * MARGIN), font=head,
              fill=MUTED, anchor="lm")
    return to_png(image)
