"""One board of an event's hand record as a picture: the four hands in a compass, the double-dummy
table and par, and every table's result (the traveller)."""
from __future__ import annotations

from typing import Any, Mapping

from PIL import Image

from images.bridge_analysis import RED_SUIT, draw_analysis
from images.cards import canvas_draw, fit_text, font
from images.palette import to_png
from images.theme import BACKGROUND, GOLD, HEADER_H, MUTED, STACK, TEXT, draw_header

SIZE = (980, 500)
SUITS = (("♠", TEXT), ("♥", RED_SUIT), ("♦", RED_SUIT), ("♣", TEXT))
COMPASS = {"N": (190, HEADER_H + 20), "W": (20, HEADER_H + 170), "E": (340, HEADER_H + 170), "S": (190, HEADER_H + 320)}


def render_board_record(record: Mapping[str, Any]) -> bytes:
    """``record``: ``board``, ``deal`` ("N:AKQ2.J83.T9.7654 ..."), ``dealer``/``vulnerable`` words,
    ``analysis`` and ``traveller`` (results_table rows)."""
    canvas = Image.new("RGB", SIZE, BACKGROUND)
    draw = canvas_draw(canvas)
    draw_header(draw, SIZE[0], f"Board {record['board']} · dealer {record['dealer']}", f"Vulnerable: {record['vulnerable']}")
    hands = record["deal"][2:].split()
    first = "NESW".index(record["deal"][0])
    for offset, hand in enumerate(hands):
        direction = "NESW"[(first + offset) % 4]
        x, y = COMPASS[direction]
        draw.text((x, y), direction, font=font(15, "bold"), fill=GOLD)
        for row, ((symbol, colour), cards) in enumerate(zip(SUITS, hand.split("."))):
            draw.text((x, y + 22 + row * 22), symbol, font=font(16, "bold"), fill=colour)
            draw.text((x + 22, y + 22 + row * 22), " ".join("10" if rank == "T" else rank for rank in cards) or "—", font=font(15), fill=TEXT)
    left = 560
    y = draw_analysis(draw, record["analysis"], left, SIZE[0] - 20, HEADER_H + 16)
    draw.text((left, y + 6), "Traveller", font=font(14, "bold"), fill=TEXT)
    y += 28
    columns = (("Table", 0), ("Contract", 70), ("By", 160), ("Tr", 190), ("NS", 225), ("MP", 290))
    for label, dx in columns:
        draw.text((left + dx, y), label, font=font(12, "bold"), fill=MUTED)
    y += 18
    for row in record["traveller"][:12]:
        cells = (row["table"], row["contract"] or "Pass", row["by"], str(row["tricks"]),
                 f"{row['ns_score']:+d}", str(row["ns_mp"]))
        for (_, dx), cell in zip(columns, cells):
            draw.text((left + dx, y), fit_text(cell, font(12), 80), font=font(12), fill=STACK)
        y += 17
    if len(record["traveller"]) > 12:
        draw.text((left, y), f"... and {len(record['traveller']) - 12} more tables (the PBN file has them all)",
                  font=font(12), fill=MUTED)
    return to_png(canvas)
