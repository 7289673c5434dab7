"""One board of an event's hand record as a picture, 800 x 600 (Discord's 400 x 300 box at 2x, every
string at 22 px or more): the four hands in a compass as bridge diagrams, the double-dummy table and
par, and the tables' results (the traveller) as many as fit; the PBN file sent with it holds them all."""
from __future__ import annotations

from typing import Any, Mapping

from PIL import Image

from images.bridge_analysis import draw_analysis
from images.bridge_diagram import PANEL_H, contract_text, draw_hand_panel
from images.cards import canvas_draw, fit_text, font
from images.palette import to_png
from images.theme import BACKGROUND, GOLD, MUTED, STACK, TEXT, draw_header

SIZE = (800, 600)
HEADER_H = 40
LABEL_H = 30
# (left, top, right) of each hand's label and diagram (the diagram is PANEL_H tall under its label).
COMPASS = {"N": (104, 46, 308), "W": (8, 212, 204), "E": (208, 212, 404), "S": (104, 378, 308)}
RIGHT = (420, 792)
"""The right-hand column: the double-dummy table, then the traveller."""
TRAVELLER = (("Table", 0, "la"), ("Contract", 96, "la"), ("Tr", 250, "ra"), ("NS", 326, "ra"), ("MP", 372, "ra"))
"""Each column's heading, its x from the column's left and its anchor (numbers are right-aligned); the
contract column names declarer after the contract ("4♥X N"), as the PBN file's ScoreTable has it apart."""
ROW_H = 30


def render_board_record(record: Mapping[str, Any]) -> bytes:
    """``record``: ``board``, ``deal`` ("N:AKQ2.J83.T9.7654 ..."), ``dealer``/``vulnerable`` words,
    ``analysis`` and ``traveller`` (results_table rows)."""
    canvas = Image.new("RGB", SIZE, BACKGROUND)
    draw = canvas_draw(canvas)
    draw_header(draw, SIZE[0], f"Board {record['board']} · Dealer {record['dealer']}",
                f"Vulnerable: {record['vulnerable']}", height=HEADER_H, size=28)
    hands = record["deal"][2:].split()
    first = "NESW".index(record["deal"][0])
    for offset, hand in enumerate(hands):
        direction = "NESW"[(first + offset) % 4]
        left, top, right = COMPASS[direction]
        draw.text((left + 4, top - 2), direction, font=font(28, "bold"), fill=GOLD)
        cards = [rank + suit for suit, ranks in zip("shdc", hand.split(".")) for rank in ranks]
        draw_hand_panel(draw, cards, (left, top + LABEL_H, right, top + LABEL_H + PANEL_H))
    left, right = RIGHT
    draw.text((left, HEADER_H + 6), "Double dummy", font=font(28, "bold"), fill=TEXT)
    y = draw_analysis(draw, record["analysis"], left, right, HEADER_H + 44, size=28)
    _draw_traveller(draw, record["traveller"], left, right, y + 8)
    return to_png(canvas)


def _draw_traveller(draw: Any, traveller: list[Mapping[str, Any]], left: int, right: int, top: int) -> None:
    """The tables' results, as many rows as fit above the picture's bottom; a last line says how many
    more the PBN file holds."""
    draw.text((left, top), "Traveller", font=font(28, "bold"), fill=TEXT)
    y = top + 34
    for label, dx, anchor in TRAVELLER:
        draw.text((left + dx, y), label, font=font(24, "bold"), fill=MUTED, anchor=anchor)
    y += ROW_H
    room = (SIZE[1] - 8 - y) // ROW_H
    shown = traveller if len(traveller) <= room else traveller[:room - 1]
    for row in shown:
        contract = " ".join(filter(None, (contract_text(row["contract"] or "Pass"), row["by"])))  # "4♥X N"
        cells = (row["table"], contract, str(row["tricks"]), f"{row['ns_score']:+d}", str(row["ns_mp"]))
        for (_, dx, anchor), cell in zip(TRAVELLER, cells):
            text = fit_text(cell, font(24), 90 if dx == 0 else 124) if anchor == "la" else cell
            draw.text((left + dx, y), text, font=font(24), fill=STACK, anchor=anchor)
        y += ROW_H
    if len(shown) < len(traveller):
        draw.text((left, y), f"… {len(traveller) - len(shown)} more in the PBN file", font=font(24), fill=MUTED)
