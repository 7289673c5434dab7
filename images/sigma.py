"""Sigma Poker images: the table, a player's private frame and a placement preview, from a ``SigmaView``.

The shape read here is ``bot.games.sigma.SigmaView``. A shape card is drawn as a cream card of 2x3
(or, turned, 3x2) cells with its filled cells in ink, exactly as its ``cells`` lie; cards are drawn
bottom to top, so what shows is what scores. Each player's cards lie in a 4x3 **strip** (their zone);
the 3x3 frame they cover is outlined once known. A face-down card is a card back where the viewer may
not see it, and a card with a blue edge where it is the viewer's own secret card.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, Sequence

from PIL import Image, ImageDraw

from bot.games.base import HIDDEN
from bot.games.sigma_shapes import (
    ROWS,
    ZONE_COLS,
    Layer,
    Placement,
    card_rows,
    check_placement,
    covered,
    designated_mask,
    frame_start,
    matching_cells,
    score,
)
from bot.games.sigma_shapes import card_size as shape_size
from images.cards import Color, canvas_draw, card_image, chips, draw_text, fit_text, font, wrap_text
from images.palette import to_png
from images.theme import (
    BACKGROUND,
    FELT,
    FOOTER_H,
    GOLD,
    HEADER_H,
    MUTED,
    PLATE,
    PLATE_EDGE,
    RIM_EDGE,
    STACK,
    TEXT,
    draw_dealer_button,
    draw_footer,
    draw_header,
    player_name,
    private_viewer,
)

WIDTH = 900
COLUMNS = 3                  # player panels per row
PANEL_W, PANEL_H = 282, 186
PANEL_GAP = 12
PANELS_TOP = HEADER_H + 168
PLATE_H = 52
STRIP_CELL = 38
STRIP_OFFSET = (10, PLATE_H + 12)  # the strip's corner from its panel's corner
SIDE_CELL = 22               # the card in hand and, at showdown, the designated shape beside a frame
DESIGNATED_CELL = 38
LOG_LINES = 3
LOG_H = LOG_LINES * 20 + 12
HAND_SIZE = (800, 296)
HAND_CELL = 50
HAND_STRIP = (40, 64)     # top-left corner of the strip in the private images
HAND_CARD_CELL = 42
HAND_DESIGNATED_CELL = 34

CARD_FACE = (252, 250, 240)
SECRET_FACE = (226, 234, 252)  # the viewer's own face-down card
CARD_EDGE = (90, 92, 100)
SECRET_EDGE = (40, 90, 210)
INK = (30, 38, 62)
SECRET_INK = (34, 60, 140)
SLOT = (34, 116, 72)
SLOT_EDGE = (70, 150, 104)
FRAME_EDGE = (250, 198, 60)
MATCH = (60, 200, 90)
MISS = (226, 60, 60)
LOG = (214, 230, 220)
ACTION = (150, 200, 255)
DIMMED = (110, 112, 118)
NEW_EDGE = (250, 198, 60)
PHASES = {"betting1": "Stage 1 betting", "placement": "Placing cards", "betting2": "Stage 2 betting",
          "showdown": "Showdown", "folded": "Won without showdown"}

View = Mapping[str, Any]
Card = Mapping[str, Any]


def render_table(view: View, footer: str = "") -> bytes:
    """PNG of the table: the designated shape and the pot at the top, a panel per player (name,
    stack, strip of cards, card in hand or, at showdown, the designated shape and the score), the
    last log lines. The image is one panel row taller with 4-6 players."""
    seats = view["seats"]
    height = table_size(len(seats))[1]
    canvas = _background(height).copy()
    draw = canvas_draw(canvas)
    draw_header(draw, WIDTH, f"{view['variant']} · ante {view['ante']}",
                f"Hand #{view['hand_no']} · {PHASES.get(view['phase'], view['phase'])}")
    _draw_top(canvas, draw, view)
    for index, seat in enumerate(seats):
        _draw_panel(canvas, draw, view, index, seat, *panel_origin(index, len(seats)))
    face = font(14)
    y = height - FOOTER_H - LOG_H + 2
    for line in view["log"][-LOG_LINES:]:
        draw_text(draw, (24, y), fit_text(line, face, WIDTH - 48), face, LOG)
        y += 20
    draw_footer(draw, (WIDTH, height), footer)
    return to_png(canvas)


def table_size(players: int) -> tuple[int, int]:
    """(width, height) of the table image: a row of panels for every three players."""
    rows = -(-players // COLUMNS)
    return WIDTH, PANELS_TOP + rows * (PANEL_H + PANEL_GAP) + LOG_H + FOOTER_H


def panel_origin(index: int, players: int) -> tuple[int, int]:
    """Top-left corner of a player's panel: rows of three, each row centred. The panel's strip of
    cards starts ``STRIP_OFFSET`` below and right of it."""
    row, column = divmod(index, COLUMNS)
    in_row = min(COLUMNS, players - row * COLUMNS)
    left = (WIDTH - in_row * PANEL_W - (in_row - 1) * PANEL_GAP) // 2 + column * (PANEL_W + PANEL_GAP)
    return left, PANELS_TOP + row * (PANEL_H + PANEL_GAP)


@lru_cache(maxsize=2)
def _background(height: int) -> Image.Image:
    """The felt with its rim between header and footer; drawn once per height (shared: copy it)."""
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    ImageDraw.Draw(image).rounded_rectangle((4, HEADER_H + 4, WIDTH - 5, height - FOOTER_H - 5), 18, fill=FELT,
                                            outline=RIM_EDGE, width=6)
    return image


# ---- shape cards ---------------------------------------------------------------------------------

def _draw_card(canvas: Image.Image, draw: ImageDraw.ImageDraw, card: Card, left: int, top: int, cell: int, *,
               secret: bool = False, edge: Color | None = None) -> None:
    """One shape card lying at its (col, row) in a zone whose top-left cell is at (left, top): the
    pattern of its ``cells``, or a card back when they are hidden."""
    width, height = shape_size(card["rotation"])
    box = (left + card["col"] * cell, top + card["row"] * cell,
           left + (card["col"] + width) * cell - 1, top + (card["row"] + height) * cell - 1)
    radius = max(2, cell // 6)
    if card["cells"] is None:
        back = _back(width * cell, height * cell)
        canvas.paste(back, box[:2], back)
        return
    draw.rounded_rectangle(box, radius, fill=SECRET_FACE if secret else CARD_FACE)
    inset = max(2, round(cell * 0.12))
    ink = SECRET_INK if secret else INK
    for r, line in enumerate(card["cells"]):
        for c, mark in enumerate(line):
            if mark == "#":
                x, y = box[0] + c * cell, box[1] + r * cell
                draw.rounded_rectangle((x + inset, y + inset, x + cell - 1 - inset, y + cell - 1 - inset),
                                       max(1, cell // 10), fill=ink)
    outline = edge or (SECRET_EDGE if secret else CARD_EDGE)
    draw.rounded_rectangle(box, radius, outline=outline, width=3 if edge or secret else max(1, cell // 24))


@lru_cache(maxsize=32)
def _back(width: int, height: int) -> Image.Image:
    """The shared card back stretched to a shape card's size (turned for a sideways card)."""
    sprite = card_image(HIDDEN, min(width, height))
    if width > height:
        sprite = sprite.transpose(Image.Transpose.ROTATE_90)
    return sprite.resize((width, height), Image.Resampling.BILINEAR)


def _draw_zone(canvas: Image.Image, draw: ImageDraw.ImageDraw, cards: Sequence[Card], left: int, top: int,
               cell: int, *, columns: int = ZONE_COLS, viewer_owns: bool = False, frame: int | None = None,
               matching: Sequence[Sequence[bool]] | None = None, new_card: int | None = None) -> None:
    """A zone of ``columns`` x 3 empty slots with its cards on top, bottom card first. ``viewer_owns``
    draws face-down cards as the owner sees them; ``frame`` outlines the covered 3x3 frame;
    ``matching`` marks each frame cell green (matches the designated shape) or red; ``new_card``
    (an index in ``cards``) gets a gold edge."""
    for c in range(columns):
        for r in range(ROWS):
            x, y = left + c * cell, top + r * cell
            draw.rectangle((x, y, x + cell - 1, y + cell - 1), fill=SLOT, outline=SLOT_EDGE)
    for index, card in enumerate(cards):
        secret = viewer_owns and not card["face_up"] and card["cells"] is not None
        _draw_card(canvas, draw, card, left, top, cell, secret=secret, edge=NEW_EDGE if index == new_card else None)
    if frame is not None and matching is not None:
        for r, line in enumerate(matching):
            for c, same in enumerate(line):
                x, y = left + (frame + c) * cell, top + r * cell
                _mark(draw, (x + cell - 1, y), max(5, cell // 5), same)
    if frame is not None:
        x = left + frame * cell
        draw.rectangle((x - 2, top - 2, x + 3 * cell + 1, top + ROWS * cell + 1), outline=FRAME_EDGE, width=2)


def _mark(draw: ImageDraw.ImageDraw, corner: tuple[int, int], radius: int, same: bool) -> None:
    """A small disc in a cell's top-right corner: a green tick for a match, a red cross for a miss."""
    x, y = corner[0] - radius - 2, corner[1] + radius + 2
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=MATCH if same else MISS,
                 outline=(255, 255, 255), width=1)
    r = radius * 0.5
    if same:
        draw.line((x - r, y, x - r * 0.2, y + r * 0.7, x + r, y - r * 0.6), fill=(255, 255, 255),
                  width=max(1, radius // 3))
    else:
        draw.line((x - r, y - r, x + r, y + r), fill=(255, 255, 255), width=max(1, radius // 3))
        draw.line((x - r, y + r, x + r, y - r), fill=(255, 255, 255), width=max(1, radius // 3))


def _draw_designated(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, left: int, top: int,
                     cell: int) -> None:
    """The designated shape as it lies: its first card, then its second on top one column across."""
    _draw_zone(canvas, draw, view["designated"]["cards"], left, top, cell, columns=3)


# ---- the table -----------------------------------------------------------------------------------

def _draw_top(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    """The designated shape at the left; the pots, the bet size and what happens now beside it."""
    left, top = 34, HEADER_H + 34
    draw_text(draw, (left + 3 * DESIGNATED_CELL / 2, HEADER_H + 12), "Designated shape", font(14, "bold"), TEXT,
              anchor="mt")
    _draw_designated(canvas, draw, view, left, top, DESIGNATED_CELL)
    x = left + 3 * DESIGNATED_CELL + 40
    width = WIDTH - x - 30
    y = float(HEADER_H + 16)
    amounts = [pot["amount"] for pot in view["pots"] if pot["amount"] > 0]
    if amounts and not view["finished"]:
        draw_text(draw, (x, y), fit_text(_pot_text(amounts), font(24, "bold"), width), font(24, "bold"), GOLD)
        y += 36
    lines: list[tuple[str, Any, Color]] = []
    if view["finished"]:
        for text in view["winners"]:
            lines += [(line, font(18, "bold"), GOLD) for line in wrap_text(text, font(18, "bold"), width, 2)]
    else:
        lines += [(line, font(18, "bold"), TEXT) for line in wrap_text(_now_text(view), font(18, "bold"), width, 2)]
        lines.append((_bet_text(view), font(14), MUTED))
    for text, face, colour in lines[:5]:
        draw_text(draw, (x, y), text, face, colour)
        y += face.size + 8


def _pot_text(amounts: list[int]) -> str:
    if len(amounts) == 1:
        return f"Pot {chips(amounts[0])}"
    return " · ".join([f"Main {chips(amounts[0])}"] + [f"Side {chips(a)}" for a in amounts[1:]])


def _name(view: View, seat: int, width: float = 200) -> str:
    return fit_text(player_name(view["seats"][seat]["name"], seat), font(15), width)


def _now_text(view: View) -> str:
    """Who the table waits for and what for."""
    for index, seat in enumerate(view["seats"]):
        if not seat["to_act"]:
            continue
        if seat["step"] == "choose":
            return f"{_name(view, index)} places a card: option 1 or option 2"
        if seat["step"] == "third":
            return f"{_name(view, index)} places the third card face down"
        owed = view["current_bet"] - seat["bet"]
        return f"{_name(view, index)} to act" + (f": {chips(owed)} to call" if owed > 0 else "")
    phase: str = view["phase"]
    return PHASES.get(phase, phase)


def _bet_text(view: View) -> str:
    if view["variant"].startswith("Fixed"):
        return f"Fixed-limit bet {chips(view['bet_size'])} this stage"
    return f"Smallest bet {chips(view['bet_size'])} this stage"


def _draw_panel(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, index: int, seat: Mapping[str, Any],
                left: int, top: int) -> None:
    """A player's plate, their strip of cards and beside it the card in hand or, at showdown, the
    designated shape small with the score out of 9."""
    finished = view["finished"]
    highlight = seat["won"] > 0 or (seat["to_act"] and not finished)
    plate = (left, top, left + PANEL_W, top + PLATE_H)
    draw.rounded_rectangle(plate, 8, fill=PLATE, outline=GOLD if highlight else PLATE_EDGE,
                           width=3 if highlight else 1)
    inner = PANEL_W - (44 if seat["is_dealer"] else 18)
    name_colour = DIMMED if seat["folded"] else TEXT
    draw.text((left + 9, top + 6), fit_text(player_name(seat["name"], index), font(15, "bold"), inner),
              font=font(15, "bold"), fill=name_colour)
    if seat["is_dealer"]:
        draw_dealer_button(draw, (plate[2] - 18, top + 15), radius=10)
    money = f"Stack {chips(seat['stack'])}"
    if seat["all_in"]:
        money += " · all-in"
    elif seat["bet"]:
        money += f" · bet {chips(seat['bet'])}"
    status, colour = _status(seat, finished)
    face = font(13)
    line = fit_text(money, face, PANEL_W - 18)
    draw.text((left + 9, top + 28), line, font=face, fill=STACK if not seat["folded"] else DIMMED)
    if status:
        room = PANEL_W - 30 - face.getlength(line)
        draw.text((plate[2] - 9, top + 28), fit_text(status, face, room), font=face, fill=colour, anchor="ra")

    strip_left, strip_top = left + STRIP_OFFSET[0], top + STRIP_OFFSET[1]
    owns = view["viewer"] == index
    matching = seat["matching"]
    _draw_zone(canvas, draw, seat["cards"], strip_left, strip_top, STRIP_CELL, viewer_owns=owns,
               frame=seat["frame"], matching=matching)
    side_left = strip_left + ZONE_COLS * STRIP_CELL + 18
    if seat["score"] is not None:
        _draw_zone(canvas, draw, view["designated"]["cards"], side_left, strip_top, SIDE_CELL, columns=3)
        colour = GOLD if seat["won"] else TEXT
        draw_text(draw, (side_left + 1.5 * SIDE_CELL, strip_top + 3 * SIDE_CELL + 8), f"{seat['score']}/9",
                  font(22, "bold"), colour, anchor="mt")
    elif seat["in_hand"] is not None:
        card = seat["in_hand"]
        _draw_card(canvas, draw, {**card, "col": 0, "row": 0}, side_left, strip_top, SIDE_CELL, secret=owns)
        draw_text(draw, (side_left + 2 * SIDE_CELL + 8, strip_top + 4), "In hand", font(13, "bold"), LOG)
    elif seat["folded"]:
        draw_text(draw, (side_left, strip_top + 4), "Folded", font(16, "bold"), DIMMED)
    elif seat["option"] is not None:
        draw_text(draw, (side_left, strip_top + 4), f"Option {seat['option']}", font(13, "bold"), LOG)


def _status(seat: Mapping[str, Any], finished: bool) -> tuple[str, Color]:
    """The right side of a plate's second line: the win, the fold, the step or the last action."""
    if seat["won"] > 0:
        return f"Won {chips(seat['won'])}", GOLD
    if seat["folded"]:
        return "Folded", DIMMED
    if seat["to_act"] and not finished:
        return ("Placing…" if seat["step"] else "To act"), GOLD
    # A placement's log text goes on to say where the card lies; the plate keeps its first clause.
    return seat["last_action"].split(":")[0].split(",")[0], ACTION


# ---- private images --------------------------------------------------------------------------------

def render_hand(view: View) -> bytes:
    """PNG of the viewer's own strip as it stands (their face-down cards shown with a blue edge), the
    card in hand, and the designated shape; once the frame is covered, its matching cells and score."""
    viewer = private_viewer(view)
    seat = view["seats"][viewer]
    cards = list(seat["cards"])
    return _private(view, viewer, cards, seat["in_hand"], None, _hand_note(view, viewer))


def render_preview(view: View, placement_target: str) -> bytes:
    """PNG of the viewer's strip as it would lie after placing the card in hand at ``placement_target``
    (``"<option>:<rotation>:<col>,<row>"``, see ``bot.games.sigma_shapes``), the new card edged in
    gold. Raises ``IllegalAction`` with the rule's reason when the placement is not allowed."""
    viewer = private_viewer(view)
    seat = view["seats"][viewer]
    card = seat["in_hand"]
    if card is None or card["cells"] is None or seat["step"] is None:
        raise ValueError("A preview needs the viewer's view while they place a card.")
    placement = Placement.parse(placement_target)
    layers = [_layer(c) for c in seat["cards"]]
    check_placement(layers, placement, seat["step"])
    new = placement.layer(card["code"])
    cards = list(seat["cards"]) + [{
        "code": new.code, "rotation": new.rotation, "col": new.col, "row": new.row, "face_up": new.face_up,
        "cells": list(card_rows(new.code, new.rotation)),
    }]
    turn = "upright" if placement.rotation == 0 else f"turned {placement.rotation}°"
    how = {"1": "Option 1, face down", "2": "Option 2, face up", "3": "Third card, face down"}[placement.option]
    note = f"{how}: {turn} at column {placement.col + 1}, row {placement.row + 1}"
    return _private(view, viewer, cards, None, len(cards) - 1, note)


def _layer(card: Card) -> Layer:
    return Layer(card["code"], card["rotation"], card["col"], card["row"], card["face_up"])


def _hand_note(view: View, viewer: int) -> str:
    """What the viewer does now, or where the hand stands."""
    seat = view["seats"][viewer]
    if view["finished"]:
        return "; ".join(view["winners"])
    if seat["folded"]:
        return "You folded."
    if seat["step"] == "choose":
        return "Option 1: lay it face down to complete your frame. Option 2: lay it face up and take a third card."
    if seat["step"] == "third":
        return "Lay your third card face down so that your frame is exactly covered."
    if seat["to_act"]:
        owed = view["current_bet"] - seat["bet"]
        return "Your turn to bet" + (f": {chips(owed)} to call." if owed > 0 else ".")
    phase: str = view["phase"]
    return PHASES.get(phase, phase) + "."


def _private(view: View, viewer: int, cards: Sequence[Card], in_hand: Card | None, new_card: int | None,
             note: str) -> bytes:
    """The private image: the strip large with column and row numbers, the card in hand, the
    designated shape, the score once a frame is covered, and a note under it all."""
    seat = view["seats"][viewer]
    width, height = HAND_SIZE
    canvas = Image.new("RGB", HAND_SIZE, FELT)
    draw = canvas_draw(canvas)
    draw_header(draw, width, player_name(seat["name"], viewer),
                f"Hand #{view['hand_no']} · {PHASES.get(view['phase'], view['phase'])}", height=30, size=14)
    strip_left, strip_top = HAND_STRIP
    for c in range(ZONE_COLS):
        draw_text(draw, (strip_left + (c + 0.5) * HAND_CELL, strip_top - 6), str(c + 1), font(13, "bold"), LOG,
                  anchor="ms")
    for r in range(ROWS):
        draw_text(draw, (strip_left - 10, strip_top + (r + 0.5) * HAND_CELL), str(r + 1), font(13, "bold"), LOG,
                  anchor="rm")
    final = (in_hand is None) if new_card is None else not cards[new_card]["face_up"]
    frame, matching, points = _own_score(view, cards) if final else (None, None, None)
    _draw_zone(canvas, draw, cards, strip_left, strip_top, HAND_CELL, viewer_owns=True, frame=frame,
               matching=matching, new_card=new_card)
    x = strip_left + ZONE_COLS * HAND_CELL + 40
    if in_hand is not None:
        label = "Your card" if in_hand["cells"] is not None else "In hand"
        draw_text(draw, (x + HAND_CARD_CELL, strip_top - 6), label, font(13, "bold"), LOG, anchor="ms")
        _draw_card(canvas, draw, {**in_hand, "col": 0, "row": 0}, x, strip_top, HAND_CARD_CELL)
        x += 2 * HAND_CARD_CELL + 40
    draw_text(draw, (x + 1.5 * HAND_DESIGNATED_CELL, strip_top - 6), "Designated", font(13, "bold"), LOG,
              anchor="ms")
    _draw_designated(canvas, draw, view, x, strip_top, HAND_DESIGNATED_CELL)
    text_x = x + 3 * HAND_DESIGNATED_CELL + 30
    room = width - text_x - 16
    y = float(strip_top)
    if points is not None:
        draw_text(draw, (text_x, y), f"{points}/9", font(30, "bold"), GOLD)
        draw_text(draw, (text_x, y + 38), fit_text("cells match", font(13), room), font(13), LOG)
        y += 64
    pot = sum(p["amount"] for p in view["pots"])
    money = [f"Stack {chips(seat['stack'])}", f"Put in {chips(seat['in_pot'])} of pot {chips(pot)}"]
    for text in money:
        draw_text(draw, (text_x, y), fit_text(text, font(14), room), font(14), TEXT)
        y += 20
    y = strip_top + ROWS * HAND_CELL + 12
    for line in wrap_text(note, font(15, "bold"), width - 60, 2):
        draw_text(draw, (strip_left, y), line, font(15, "bold"), GOLD)
        y += 21
    if any(not card["face_up"] for card in cards):
        draw_text(draw, (strip_left, y + 2), "Blue edge: face down, only you see it until the showdown.",
                  font(12), LOG)
    return to_png(canvas)


def _own_score(view: View, cards: Sequence[Card]) -> tuple[int | None, list[list[bool]] | None, int | None]:
    """(frame, matching cells, score) of the viewer's cards once they cover a frame, else Nones.

    The viewer sees all of their own cards, so this is what the showdown will show."""
    if any(card["cells"] is None for card in cards):
        return None, None, None
    layers = [_layer(card) for card in cards]
    start = frame_start(covered(layers))
    if start is None:
        return None, None, None
    first, second = (card["code"] for card in view["designated"]["cards"])
    designated = designated_mask(first, second)
    return start, matching_cells(designated, layers), score(designated, layers)

