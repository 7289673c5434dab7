"""Sigma Poker images: the table, a player's private frame and a placement preview, from a ``SigmaView``.

The shape read here is ``bot.games.sigma.SigmaView``. A shape card is drawn as a cream card of 2x3
(or, turned, 3x2) cells with its filled cells in ink, exactly as its ``cells`` lie; cards are drawn
bottom to top, so what shows is what scores. Each player's cards lie in a 4x3 **strip** (their zone);
the 3x3 frame they cover is outlined once known. A face-down card is a card back where the viewer may
not see it, and a card with a blue edge where it is the viewer's own secret card.

Every picture is laid out for Discord's 400 x 300 box at 2x (issue 40): the table is 800 x 600 and
the private pictures 800 x 400, with no string under 22 px (11 px as shown). The table shows what a
player decides on: the designated shape, the pot, whose turn and what it costs, each player's strip,
stack, bet and last action, and at the showdown each score; the log stays in the message text.
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
from images.emoji_text import text_width
from images.palette import to_png
from images.theme import (
    FELT,
    GOLD,
    PLATE,
    PLATE_EDGE,
    STACK,
    TEXT,
    draw_dealer_button,
    draw_footer,
    draw_header,
    felt_table,
    player_name,
    private_viewer,
)

WIDTH, HEIGHT = 800, 600
HEADER_H, FOOTER_H = 48, 30
HEADER_PX, FOOTER_PX = 26, 22      # the header's bold text, the footer's monospaced line
TOP_H = 150                        # the designated shape, the pot and whose turn
DESIGNATED_CELL = 32
MARGIN, PANEL_GAP = 12, 10
PANELS_TOP = HEADER_H + TOP_H
PANELS_H = HEIGHT - FOOTER_H - PANELS_TOP - 8
PLATE_H = 66                       # a plate of two lines: the name, then the stack and the bet
WIDE_PLATE_H = 44                  # ... or of one, on a panel wide enough for both
NAME_PX, LINE_PX, SIDE_PX, SCORE_PX = 28, 28, 26, 36
SIDE_W = 114                       # beside a strip: the last action, the card in hand or the score
BELOW_H = 70                       # ... or under it, when three panels share the one row
HAND_SIZE = (800, 400)
HAND_CELL = 64
HAND_STRIP = (56, 88)              # top-left corner of the strip in the private images
HAND_CARD_CELL = 44
HAND_DESIGNATED_CELL = 44

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
          "showdown": "Showdown", "folded": "Won by folds"}

View = Mapping[str, Any]
Card = Mapping[str, Any]


def render_table(view: View, footer: str = "") -> bytes:
    """PNG of the table, 800 x 600 whatever the number of players: the designated shape, the pot and
    whose turn at the top, then a panel per player (name, stack and bet; their strip of cards; beside
    it the last action and the card in hand or, at showdown, the score out of 9)."""
    seats = view["seats"]
    canvas = felt_table((WIDTH, HEIGHT), HEADER_H, FOOTER_H, inset=4, radius=18, rim=6).copy()
    draw = canvas_draw(canvas)
    draw_header(draw, WIDTH, f"Sigma Poker · ante {view['ante']}",
                f"Hand #{view['hand_no']} · {PHASES.get(view['phase'], view['phase'])}", height=HEADER_H,
                size=HEADER_PX)
    _draw_top(canvas, draw, view)
    for index, seat in enumerate(seats):
        _draw_panel(canvas, draw, view, index, seat)
    draw_footer(draw, (WIDTH, HEIGHT), footer, height=FOOTER_H, text_size=FOOTER_PX)
    return to_png(canvas)


def grid(players: int) -> tuple[int, int]:
    """(columns, rows) of the player panels: two a row for 2 or 4 players (larger strips), else three."""
    columns = 2 if players in (2, 4) else 3
    return columns, -(-players // columns)


def panel_size(players: int) -> tuple[int, int]:
    columns, rows = grid(players)
    width = (WIDTH - 2 * MARGIN - (columns - 1) * PANEL_GAP) // columns
    height = min((PANELS_H - (rows - 1) * PANEL_GAP) // rows, PLATE_H + 8 + ROWS * 56 + BELOW_H)
    return width, height


def plate_height(players: int) -> int:
    """A plate's height: one line (name at the left, chips at the right) on the wide panels of two a
    row, so the strip under it is larger; else two."""
    return WIDE_PLATE_H if grid(players)[0] == 2 else PLATE_H


def side_below(players: int) -> bool:
    """Whether the last action, the card in hand and the score go under the strip, not beside it: on
    three panels of one row, where height is plenty and width is short."""
    return grid(players) == (3, 1)


def strip_cell(players: int) -> int:
    """The side of a strip cell on the table: as large as the panels allow, the side column kept."""
    width, height = panel_size(players)
    room = height - plate_height(players) - 8
    if side_below(players):
        return min((room - BELOW_H) // ROWS, (width - 8) // ZONE_COLS, 56)
    return min(room // ROWS, (width - SIDE_W - 18) // ZONE_COLS, 56)


def panel_origin(index: int, players: int) -> tuple[int, int]:
    """Top-left corner of a player's panel: rows centred across, the block centred down."""
    columns, rows = grid(players)
    width, height = panel_size(players)
    row, column = divmod(index, columns)
    in_row = min(columns, players - row * columns)
    left = (WIDTH - in_row * width - (in_row - 1) * PANEL_GAP) // 2 + column * (width + PANEL_GAP)
    block = rows * height + (rows - 1) * PANEL_GAP
    return left, PANELS_TOP + (PANELS_H - block) // 2 + row * (height + PANEL_GAP)


def strip_origin(index: int, players: int) -> tuple[int, int]:
    """Top-left corner of a player's strip of cards, under their plate."""
    left, top = panel_origin(index, players)
    return left + 4, top + plate_height(players) + 8


def side_origin(index: int, players: int) -> tuple[int, int]:
    """Top-left corner of what goes beside a strip (or under it, see ``side_below``): the card in
    hand, the score, the last action."""
    left, top = strip_origin(index, players)
    cell = strip_cell(players)
    if side_below(players):
        return left, top + ROWS * cell + 8
    return left + ZONE_COLS * cell + 10, top



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
    """The designated shape at the left; the pot, whose turn and the bet size beside it, or the
    winners once the hand is over."""
    left, top = 24, HEADER_H + 44
    draw_text(draw, (left, HEADER_H + 10), "Designated", font(24, "bold"), TEXT)
    _draw_designated(canvas, draw, view, left, top, DESIGNATED_CELL)
    x = left + 3 * DESIGNATED_CELL + 74
    width = WIDTH - x - 20
    if view["finished"]:
        face = font(28, "bold")
        lines = [line for text in view["winners"] for line in wrap_text(text, face, width, 2)]
        for n, line in enumerate(lines[:4]):
            draw_text(draw, (x, HEADER_H + 12 + n * 36), line, face, GOLD)
        return
    amounts = [pot["amount"] for pot in view["pots"] if pot["amount"] > 0]
    if amounts:
        draw_text(draw, (x, HEADER_H + 8), fit_text(_pot_text(amounts), font(36, "bold"), width), font(36, "bold"),
                  GOLD)
    draw_text(draw, (x, HEADER_H + 56), fit_text(_now_text(view), font(30, "bold"), width), font(30, "bold"), TEXT)
    draw_text(draw, (x, HEADER_H + 100), fit_text(_bet_text(view), font(26), width), font(26), LOG)


def _pot_text(amounts: list[int]) -> str:
    if len(amounts) == 1:
        return f"Pot {chips(amounts[0])}"
    return " · ".join([f"Main {chips(amounts[0])}"] + [f"Side {chips(a)}" for a in amounts[1:]])


def _name(view: View, seat: int) -> str:
    return fit_text(player_name(view["seats"][seat]["name"], seat), font(28, "bold"), 300)


def _now_text(view: View) -> str:
    """Who the table waits for and what for."""
    for index, seat in enumerate(view["seats"]):
        if not seat["to_act"]:
            continue
        if seat["step"] == "choose":
            return f"{_name(view, index)} places a card"
        if seat["step"] == "third":
            return f"{_name(view, index)} places a third card"
        owed = view["current_bet"] - seat["bet"]
        return f"{_name(view, index)} to act" + (f": {chips(owed)} to call" if owed > 0 else "")
    phase: str = view["phase"]
    return PHASES.get(phase, phase)


def _bet_text(view: View) -> str:
    if view["variant"].startswith("Fixed"):
        return f"Fixed-limit bet {chips(view['bet_size'])} this stage"
    return f"No-limit, smallest bet {chips(view['bet_size'])} this stage"


def _draw_panel(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, index: int,
                seat: Mapping[str, Any]) -> None:
    """A player's plate (name, stack and bet), their strip of cards and beside it the score at the
    showdown, the card in hand while they place, and their last action."""
    players = len(view["seats"])
    left, top = panel_origin(index, players)
    width = panel_size(players)[0]
    finished = view["finished"]
    highlight = seat["won"] > 0 or (seat["to_act"] and not finished)
    plate = (left, top, left + width, top + plate_height(players))
    draw.rounded_rectangle(plate, 10, fill=PLATE, outline=GOLD if highlight else PLATE_EDGE,
                           width=3 if highlight else 1)
    money = "All-in" if seat["all_in"] else f"Stack {chips(seat['stack'])}"  # the bet: the last action says it
    money_face, ink = font(LINE_PX), DIMMED if seat["folded"] else STACK
    inner = width - (64 if seat["is_dealer"] else 20)
    if plate[3] - top == WIDE_PLATE_H:  # one line: the chips at the right, the name cut first
        money = fit_text(money, money_face, width / 2)
        draw.text((plate[2] - 10, top + WIDE_PLATE_H / 2), money, font=money_face, fill=ink, anchor="rm")
        inner -= round(money_face.getlength(money)) + 16
    else:
        draw.text((left + 10, top + 38), fit_text(money, money_face, width - 20), font=money_face, fill=ink)
    name_face = font(NAME_PX, "bold")
    name = fit_text(player_name(seat["name"], index), name_face, inner)
    draw.text((left + 10, top + 22), name, font=name_face, fill=DIMMED if seat["folded"] else TEXT, anchor="lm")
    if seat["is_dealer"]:
        dealer_x = plate[2] - 28 if plate[3] - top == PLATE_H else left + 10 + text_width(name, name_face) + 32
        draw_dealer_button(draw, (dealer_x, top + 22), radius=20)

    cell = strip_cell(players)
    strip_left, strip_top = strip_origin(index, players)
    _draw_zone(canvas, draw, seat["cards"], strip_left, strip_top, cell, viewer_owns=view["viewer"] == index,
               frame=seat["frame"], matching=seat["matching"])
    x, y = side_origin(index, players)
    across = side_below(players)  # the score or the card, then the action beside it, not under it
    if seat["score"] is not None:
        face = font(SCORE_PX, "bold")
        draw_text(draw, (x, y), f"{seat['score']}/9", face, GOLD if seat["won"] else TEXT)
        x, y = (x + round(face.getlength("9/9")) + 14, y + 6) if across else (x, y + SCORE_PX + 8)
    elif seat["in_hand"] is not None:
        side = min(22, cell * 2 // 3)
        _draw_card(canvas, draw, {**seat["in_hand"], "col": 0, "row": 0}, x, y, side,
                   secret=view["viewer"] == index)
        x, y = (x + 2 * side + 14, y) if across else (x, y + 3 * side + 8)
    status, colour = _status(seat, finished)
    for line in wrap_text(status, font(SIDE_PX), left + width - x - 4, 2):
        draw_text(draw, (x, y), line, font(SIDE_PX), colour)
        y += SIDE_PX + 6


def _status(seat: Mapping[str, Any], finished: bool) -> tuple[str, Color]:
    """Beside the strip: the win, the fold, the step or the last action, in a few words."""
    if seat["won"] > 0:
        return f"Won {chips(seat['won'])}", GOLD
    if seat["folded"]:
        return "Folded", DIMMED
    if seat["to_act"] and not finished:
        return ("Placing" if seat["step"] else "To act"), GOLD
    action: str = seat["last_action"]
    if action.startswith(("plays option", "places")):  # where the card lies is the strip's to show
        return (f"Option {seat['option']}" if seat["option"] else "Placed"), ACTION
    return action.split(":")[0].split(",")[0], ACTION


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
    note = f"{how}:\n{turn} at column {placement.col + 1}, row {placement.row + 1}"  # one line each
    return _private(view, viewer, cards, None, len(cards) - 1, note)


def _layer(card: Card) -> Layer:
    return Layer(card["code"], card["rotation"], card["col"], card["row"], card["face_up"])


def _hand_note(view: View, viewer: int) -> str:
    """What the viewer does now, or where the hand stands (the options are told in full on the buttons
    and the rules page)."""
    seat = view["seats"][viewer]
    if view["finished"]:
        return "; ".join(view["winners"])
    if seat["folded"]:
        return "You folded."
    if seat["step"] == "choose":
        return "Option 1: face down, your frame is done.\nOption 2: face up, then a third card."
    if seat["step"] == "third":
        return "Lay your third card face down so that your frame is exactly covered."
    if seat["to_act"]:
        owed = view["current_bet"] - seat["bet"]
        return "Your turn to bet" + (f": {chips(owed)} to call." if owed > 0 else ".")
    phase: str = view["phase"]
    return PHASES.get(phase, phase) + "."


def _private(view: View, viewer: int, cards: Sequence[Card], in_hand: Card | None, new_card: int | None,
             note: str) -> bytes:
    """The private image, 800 x 400: the strip large with column and row numbers, the card in hand,
    the designated shape, the score once a frame is covered, the chips, and a note under it all."""
    seat = view["seats"][viewer]
    width, height = HAND_SIZE
    canvas = Image.new("RGB", HAND_SIZE, FELT)
    draw = canvas_draw(canvas)
    draw_header(draw, width, player_name(seat["name"], viewer),
                f"Hand #{view['hand_no']} · {PHASES.get(view['phase'], view['phase'])}", height=HEADER_H,
                size=HEADER_PX)
    strip_left, strip_top = HAND_STRIP
    label = font(28, "bold")
    for c in range(ZONE_COLS):
        draw_text(draw, (strip_left + (c + 0.5) * HAND_CELL, strip_top - 8), str(c + 1), label, LOG, anchor="ms")
    for r in range(ROWS):
        draw_text(draw, (strip_left - 14, strip_top + (r + 0.5) * HAND_CELL), str(r + 1), label, LOG, anchor="rm")
    final = (in_hand is None) if new_card is None else not cards[new_card]["face_up"]
    frame, matching, points = _own_score(view, cards) if final else (None, None, None)
    _draw_zone(canvas, draw, cards, strip_left, strip_top, HAND_CELL, viewer_owns=True, frame=frame,
               matching=matching, new_card=new_card)
    x = strip_left + ZONE_COLS * HAND_CELL + 28
    caption = font(22, "bold")
    if in_hand is not None:
        name = "Your card" if in_hand["cells"] is not None else "In hand"
        draw_text(draw, (x + HAND_CARD_CELL, strip_top - 8), name, caption, LOG, anchor="ms")
        _draw_card(canvas, draw, {**in_hand, "col": 0, "row": 0}, x, strip_top, HAND_CARD_CELL)
        x += 2 * HAND_CARD_CELL + 32
    draw_text(draw, (x + 1.5 * HAND_DESIGNATED_CELL, strip_top - 8), "Designated", caption, LOG, anchor="ms")
    _draw_designated(canvas, draw, view, x, strip_top, HAND_DESIGNATED_CELL)
    text_x = x + 3 * HAND_DESIGNATED_CELL + 20
    room = width - text_x - 8
    y = float(strip_top - 8)
    if points is not None:
        draw_text(draw, (text_x, y), f"{points}/9", font(44, "bold"), GOLD)
        draw_text(draw, (text_x, y + 52), fit_text("match", font(28), room), font(28), LOG)
        y += 88
    pot = sum(p["amount"] for p in view["pots"])
    for text in (f"Stack {chips(seat['stack'])}", f"Pot {chips(pot)}", f"Put in {chips(seat['in_pot'])}"):
        draw_text(draw, (text_x, y), fit_text(text, font(28), room), font(28), TEXT)
        y += 36
    y = strip_top + ROWS * HAND_CELL + 12
    face = font(28, "bold")
    lines = [line for part in note.split("\n") for line in wrap_text(part, face, width - 2 * strip_left + 20, 2)]
    for line in lines[:2]:
        draw_text(draw, (strip_left - 20, y), line, face, GOLD)
        y += 36
    if any(not card["face_up"] for card in cards) and y + 26 <= height:
        draw_text(draw, (strip_left - 20, y), "Blue edge: face down, only you see it.", font(24), LOG)
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

