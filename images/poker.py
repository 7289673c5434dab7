"""Poker images: the table and a player's private hand, drawn from a ``PokerView`` only.

``render_table`` draws the live table message (seats around an oval, board, pots, log, winners);
``render_hand`` draws the small private image sent by DM. Both read nothing but the keys of
``bot.games.poker_view.PokerView``, so whatever the engine hid stays hidden.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Mapping

from PIL import Image, ImageDraw, ImageFont

from bot.games.runout_equity import with_equity
from images.cards import canvas_draw, card_size, chips, draw_text, fit_text, font, paste_row, wrap_text
from images.palette import to_png
from images.poker_equity import draw_legend, draw_tag, tag_height, tag_lines
from images.theme import (
    BACKGROUND,
    FELT,
    FOOTER_H,
    GOLD,
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

TABLE_SIZE = (900, 560)
HAND_SIZE = (460, 330)

RIM = (92, 58, 34)
FELT_LINE = (44, 132, 86)
PLATE_FOLDED = (40, 42, 46)
DIMMED = (110, 112, 118)
SHOWN = (230, 220, 170)
LOG = (214, 230, 220)
ALL_IN = (255, 110, 90)
ACTION = (150, 200, 255)

CENTER = (450, 284)
FELT_RADII = (310, 160)
SEAT_RADII = (372, 190)
BET_SCALE = (0.74, 0.70)  # bets sit this far from the centre towards their seat (x, y)
BOARD_Y = CENTER[1] - 12  # the board sits a little high, leaving room for the log below it
PLATE_W, PLATE_H = 150, 58
SEAT_CARD_W = 44          # hole cards up to four (hold'em, Omaha)
SEAT_CARD_W_MANY = 36     # five to seven hole cards (draw, stud): smaller, and fanned over the plate's width
SEAT_CARD_SHOWN = 0.68    # the plate covers the bottom of up to four hole cards; the corner index stays visible
SEAT_CARD_GAP = 3         # between five or more hole cards, shown whole, and the plate
BOARD_CARD_W = 58
BOARD_GAP = 8
BOARD_SLOTS = 5           # the default when a view has no "board_slots" (flop games)
TWO_BOARDS_CARD_W = 44    # a board run twice: two rows of smaller cards
TWO_BOARDS_GAP = 8
TWO_BOARDS_RISE = 28      # raised, so the winners' lines below them stay clear of the seat at the bottom
LOG_LINES = 3             # lines of log (or of winners) under the board
HAND_CARD_W = 104
HAND_BOARD_W = 44
HAND_TWO_BOARDS_W = 36    # a board run twice, in the private hand: both boards side by side
STREETS = {"preflop": "Pre-flop", "flop": "Flop", "turn": "Turn", "river": "River", "showdown": "Showdown"}

View = Mapping[str, Any]
Box = tuple[int, int, int, int]


def render_table(view: View, footer: str | None = None, *, four_color: bool = False) -> bytes:
    """PNG of the whole table as ``view`` shows it; ``footer`` is a small line at the bottom
    (the deck commitment). A seat's view puts that seat at the bottom centre, the public view seat 0.
    An all-in runout's figures are counted here, in the render pool, from the view's ``runout``."""
    view = with_equity(view)
    canvas = _table_background().copy()
    draw = canvas_draw(canvas)
    draw_header(draw, TABLE_SIZE[0], f"{view['variant']} · {view['stakes']}",
                f"Hand #{view['hand_no']} · {_street(view)}")
    board_top, board_bottom = _draw_board(canvas, view, four_color)
    seats = view["seats"]
    first = view["viewer"] if view["viewer"] is not None else 0
    card_w = seat_card_width(max(len(seat["cards"]) for seat in seats))
    chip_boxes = []
    for index, seat in enumerate(seats):
        angle = math.radians(90 + 360 * ((index - first) % len(seats)) / len(seats))  # clockwise from 6 o'clock
        box = _draw_seat(canvas, draw, index, seat, angle, card_w, view["finished"], four_color,
                         tag_lines(view, index))
        if box:
            chip_boxes.append(box)
    _draw_center_text(draw, view, board_top, board_bottom, chip_boxes)
    draw_footer(draw, TABLE_SIZE, footer)
    if not draw_legend(draw, TABLE_SIZE, view) and view.get("options"):  # the table's options, at the footer's right
        draw.text((TABLE_SIZE[0] - 10, TABLE_SIZE[1] - FOOTER_H / 2), fit_text(str(view["options"]), font(12), 520),
                  font=font(12), fill=MUTED, anchor="rm")
    return to_png(canvas)


@lru_cache(maxsize=1)
def _table_background() -> Image.Image:
    """The empty room and felt, drawn once at twice the size for smooth edges (shared: copy it)."""
    scale = 2
    width, height = TABLE_SIZE
    big = Image.new("RGB", (width * scale, height * scale), BACKGROUND)
    draw = ImageDraw.Draw(big)
    cx, cy = CENTER[0] * scale, CENTER[1] * scale
    rx, ry = FELT_RADII[0] * scale, FELT_RADII[1] * scale
    for grow, fill in ((34, RIM_EDGE), (30, RIM), (4, RIM_EDGE), (0, FELT)):
        draw.ellipse((cx - rx - grow, cy - ry - grow, cx + rx + grow, cy + ry + grow), fill=fill)
    draw.ellipse((cx - rx + 40, cy - ry + 40, cx + rx - 40, cy + ry - 40), outline=FELT_LINE, width=4)
    return big.resize(TABLE_SIZE, Image.Resampling.LANCZOS)


def _street(view: View) -> str:
    street: str = view["street"]
    return STREETS.get(street, street.capitalize())


def _board_slots(view: View) -> int:
    """How many board slots to draw: the view's ``board_slots`` (0 for stud and draw), else five."""
    return view["board_slots"] if "board_slots" in view else BOARD_SLOTS


def _draw_board(canvas: Image.Image, view: View, four_color: bool) -> tuple[int, int]:
    """The board in its slots (more if a game deals more); returns its top and bottom edges, which
    meet at the middle when the game has no board."""
    cards = list(view["board"])
    slots = _board_slots(view)
    if not cards and slots <= 0:
        return BOARD_Y, BOARD_Y
    if len(view.get("boards", ())) == 2:
        return _draw_two_boards(canvas, view["boards"], slots, four_color)
    top = BOARD_Y - card_size(BOARD_CARD_W)[1] // 2
    paste_row(canvas, cards + [""] * (slots - len(cards)), CENTER[0], top, BOARD_CARD_W, gap=BOARD_GAP,
              max_width=2 * FELT_RADII[0] - 80, four_color=four_color)
    return top, top + card_size(BOARD_CARD_W)[1]


def _draw_two_boards(canvas: Image.Image, boards: list[list[str]], slots: int, four_color: bool) -> tuple[int, int]:
    """A board run twice: the first above the second, each in smaller cards, each labelled."""
    height = card_size(TWO_BOARDS_CARD_W)[1]
    top = BOARD_Y - height - TWO_BOARDS_GAP // 2 - TWO_BOARDS_RISE
    draw = canvas_draw(canvas)
    face = font(13, "bold")
    for row, cards in enumerate(boards):
        y = top + row * (height + TWO_BOARDS_GAP)
        paste_row(canvas, cards + [""] * (slots - len(cards)), CENTER[0], y, TWO_BOARDS_CARD_W, gap=BOARD_GAP,
                  max_width=2 * FELT_RADII[0] - 80, four_color=four_color)
        left = CENTER[0] - (slots * (TWO_BOARDS_CARD_W + BOARD_GAP) - BOARD_GAP) / 2
        draw_text(draw, (left - 8, y + height / 2), ("1st", "2nd")[row], face, GOLD, anchor="rm")
    return top, top + 2 * height + TWO_BOARDS_GAP


def _draw_center_text(draw: ImageDraw.ImageDraw, view: View, board_top: int, board_bottom: int,
                      chip_boxes: list[Box]) -> None:
    """Pots above the board, the last log lines below it (the winners once over), each line cut short
    where it would run into a bet on the felt."""
    amounts = [pot["amount"] for pot in view["pots"] if pot["amount"] > 0]
    if amounts:
        face = font(17, "bold")
        y: float = board_top - 14  # below, it steps by font sizes, which Pillow types float
        width = _free_width(y - face.size, y, chip_boxes, 600)
        draw_text(draw, (CENTER[0], y), _pot_text(amounts, face, width), face, TEXT, anchor="ms")
    finished = view["finished"] and view["winners"]
    face, colour = (font(15, "bold"), GOLD) if finished else (font(14), LOG)
    texts = list(view["winners"] if finished else view["log"][-LOG_LINES:])
    y = board_bottom + 8
    width = _free_width(y, y + LOG_LINES * (face.size + 4), chip_boxes, 540)
    if finished and view.get("board_results") and not (  # a board run twice whose winners' lines do not fit:
            len(texts) <= LOG_LINES and all(face.getlength(text) <= width for text in texts)):
        face, lines = _board_result_lines(view["board_results"], width)  # every pot of each board, none cut off
        for line in lines:
            draw_text(draw, (CENTER[0], y), line, face, colour, anchor="mt")
            y += face.size + 4
        return
    lines_left = LOG_LINES
    while texts and lines_left:
        width = _free_width(y, y + face.size + 2, chip_boxes, 540)
        # A winner's line may take two lines (long names), leaving one for each line after it; a log line
        # is cut to one.
        room = max(1, min(lines_left - len(texts) + 1, 2)) if finished else 1
        for line in wrap_text(texts.pop(0), face, width, room):
            draw_text(draw, (CENTER[0], y), line, face, colour, anchor="mt")
            y += face.size + 4
            lines_left -= 1


def _board_result_lines(texts: list[str], width: float) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """Each board's line broken between its pots ("main pot Carol 450 · side pot 1 Bob 700"), in the
    largest face that fits them all in ``LOG_LINES`` lines."""
    for size in (15, 14, 13, 12, 11):
        face = font(size, "bold")
        lines: list[str] = []
        for text in texts:
            first, *parts = text.split(" · ")
            for part in parts:
                if face.getlength(f"{first} · {part}") > width:
                    lines.append(fit_text(first, face, width))
                    first = part
                else:
                    first = f"{first} · {part}"
            lines.append(fit_text(first, face, width))
        if len(lines) <= LOG_LINES:
            break
    return face, lines[:LOG_LINES]


def _free_width(top: float, bottom: float, boxes: list[Box], limit: float) -> float:
    """The widest centred span between ``top`` and ``bottom`` that stays clear of ``boxes``."""
    half = limit / 2
    for left, box_top, right, box_bottom in boxes:
        if box_top - 4 < bottom and box_bottom + 4 > top:
            gap = left - CENTER[0] if left > CENTER[0] else CENTER[0] - right if right < CENTER[0] else 0
            half = min(half, gap - 6)
    return max(0.0, 2 * half)


def _pot_text(amounts: list[int], face: ImageFont.FreeTypeFont, width: float) -> str:
    """Every pot if they fit in ``width``, else their total: an amount is never cut short."""
    if len(amounts) == 1:
        return f"Pot {chips(amounts[0])}"
    every = " · ".join([f"Main {chips(amounts[0])}"] + [f"Side {chips(a)}" for a in amounts[1:]])
    if face.getlength(every) <= width:
        return every
    return f"{len(amounts)} pots {chips(sum(amounts))}"


def _draw_seat(canvas: Image.Image, draw: ImageDraw.ImageDraw, index: int, seat: Mapping[str, Any],
               angle: float, card_w: int, finished: bool, four_color: bool, equity: list[str]) -> Box | None:
    """One seat: hole cards above a name plate, the dealer button, the bet on the felt, and its all-in
    equity tag (below the plate, or above the cards for the seats at the bottom of the table).
    Returns the box the bet (or the amount won) covers on the felt."""
    cos, sin = math.cos(angle), math.sin(angle)
    shown_h = seat_cards_shown(card_w)
    cx = round(CENTER[0] + SEAT_RADII[0] * cos)
    plate_top = round(CENTER[1] + SEAT_RADII[1] * sin - (shown_h + PLATE_H) / 2) + shown_h
    plate = (cx - PLATE_W // 2, plate_top, cx + PLATE_W // 2, plate_top + PLATE_H)

    paste_row(canvas, list(seat["cards"]), cx, plate_top - shown_h, card_w, gap=4,
              max_width=PLATE_W - 10, four_color=four_color, dim=seat["folded"])
    _draw_plate(draw, plate, index, seat, highlight=seat["won"] > 0 or (seat["to_act"] and not finished))
    tag = None
    if equity:
        below = sin < 0.9  # the bottom seat has the footer under it
        tag = draw_tag(draw, cx, plate[3] + 3 if below else plate_top - shown_h - 3 - tag_height(equity), equity)

    if seat["is_dealer"]:
        side = 1 if cos <= 0.01 else -1  # on the plate's side facing the middle of the table
        draw_dealer_button(draw, (cx + side * (PLATE_W // 2 + 15), plate[1] + PLATE_H // 2))

    at = (CENTER[0] + FELT_RADII[0] * BET_SCALE[0] * cos, CENTER[1] + FELT_RADII[1] * BET_SCALE[1] * sin)
    amount, won = (seat["bet"], False) if seat["bet"] > 0 else (seat["won"], True)
    if amount <= 0:
        return None
    width = _bet_width(amount, won)
    if tag is not None and _overlap(tag, (at[0] - width / 2, at[1] - 10, at[0] + width / 2, at[1] + 10)):
        at = (tag[2] + 8 + width / 2, at[1])  # the equity tag stands where the chips go: they go beside it
    return _draw_bet(draw, at, amount, won=won)


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _bet_width(amount: int, won: bool) -> float:
    return 2 * 8 + 5 + font(14, "bold").getlength(f"+{chips(amount)}" if won else chips(amount))


def seat_card_width(count: int) -> int:
    """Hole-card width at a seat: hold'em and Omaha hands stay large, longer hands shrink so that the
    fanned row still shows every corner index within the plate's width."""
    return SEAT_CARD_W if count <= 4 else SEAT_CARD_W_MANY


def seat_cards_shown(card_w: int) -> int:
    """How much of the hole cards shows above the plate: two to four large cards tuck their bottom
    under it (the corner index is all a player reads), five to seven small ones (draw, stud) stand
    whole above it, so no up-card is cut."""
    height = card_size(card_w)[1]
    return round(height * SEAT_CARD_SHOWN) if card_w == SEAT_CARD_W else height + SEAT_CARD_GAP


def _draw_plate(draw: ImageDraw.ImageDraw, plate: Box, index: int,
                seat: Mapping[str, Any], highlight: bool) -> None:
    """Name, stack, and the hand shown or the last action; a gold edge for the seat to act or a winner."""
    folded = seat["folded"]
    draw.rounded_rectangle(plate, 8, fill=PLATE_FOLDED if folded else PLATE,
                           outline=GOLD if highlight else PLATE_EDGE, width=3 if highlight else 1)
    cx, inner = (plate[0] + plate[2]) // 2, PLATE_W - 14

    name_face = font(16, "bold")
    name = fit_text(player_name(seat["name"], index), name_face, inner)
    draw.text((cx, plate[1] + 5), name, font=name_face, fill=DIMMED if folded else TEXT, anchor="mt")

    stack, colour = chips(seat["stack"]), DIMMED if folded else STACK
    if seat["all_in"]:
        stack, colour = (f"All-in · {stack}" if seat["stack"] else "All-in"), ALL_IN
    draw.text((cx, plate[1] + 24), fit_text(stack, font(15), inner), font=font(15), fill=colour, anchor="mt")

    if seat["hand_name"]:
        status, colour = seat["hand_name"], SHOWN
    elif folded:
        status, colour = "Folded", DIMMED
    else:
        status, colour = seat["last_action"], ACTION
        drew = seat.get("drew")
        if drew is not None and "draw" not in status and "pat" not in status:
            status = " · ".join(filter(None, [status, "stood pat" if drew == 0 else f"drew {drew}"]))
    status = fit_text(status, font(12), inner)
    if status:
        draw.text((cx, plate[1] + 42), status, font=font(12), fill=GOLD if seat["won"] > 0 else colour,
                  anchor="mt")


def _draw_bet(draw: ImageDraw.ImageDraw, at: tuple[float, float], amount: int, *, won: bool = False) -> Box:
    """A chip and the amount on the felt between the seat and the board (gold "+amount" for a win)."""
    face = font(14, "bold")
    text = f"+{chips(amount)}" if won else chips(amount)
    r = 8
    width = _bet_width(amount, won)
    x, y = at[0] - width / 2, at[1]
    chip, stripe = ((236, 178, 40), (255, 240, 190)) if won else ((214, 48, 48), (250, 250, 250))
    draw.ellipse((x, y - r, x + 2 * r, y + r), fill=chip, outline=stripe, width=2)
    draw.ellipse((x + 5, y - r + 5, x + 2 * r - 5, y + r - 5), fill=stripe)
    draw_text(draw, (x + 2 * r + 5, y), text, face, GOLD if won else TEXT, anchor="lm")
    return round(x), round(y - r), round(x + width + 1), round(y + r)


def render_hand(view: View, *, four_color: bool = False) -> bytes:
    """PNG of the viewer's private hand: hole cards large, the hand name if known, stack, board small."""
    viewer = private_viewer(view)
    seat = view["seats"][viewer]
    width, height = HAND_SIZE
    canvas = Image.new("RGB", HAND_SIZE, FELT)
    draw = canvas_draw(canvas)

    draw_header(draw, width, player_name(seat["name"], viewer), f"Hand #{view['hand_no']} · {_street(view)}",
                height=30, size=14)

    paste_row(canvas, list(seat["cards"]), width / 2, 42, HAND_CARD_W, gap=10, max_width=width - 24,
              four_color=four_color, dim=seat["folded"])

    y = 42 + card_size(HAND_CARD_W)[1] + 8
    if seat["hand_name"] or seat["folded"]:
        face = font(17, "bold")
        status = fit_text(seat["hand_name"] or "Folded", face, width - 20)
        draw_text(draw, (width / 2, y), status, face, GOLD if seat["hand_name"] else MUTED, anchor="mt")
        y += 24
    stack = f"Stack {chips(seat['stack'])}" + (f" · Bet {chips(seat['bet'])}" if seat["bet"] else "")
    draw_text(draw, (width / 2, y), fit_text(stack, font(14), width - 20), font(14), TEXT, anchor="mt")

    board = list(view["board"])
    slots = _board_slots(view)
    boards = view.get("boards", ())
    if len(boards) == 2:  # run twice: the two boards side by side, in smaller cards
        half = (slots * (HAND_TWO_BOARDS_W + 4) - 4) / 2 + 8
        for centre, cards in zip((width / 2 - half, width / 2 + half), boards):
            paste_row(canvas, cards + [""] * (slots - len(cards)), centre,
                      height - card_size(HAND_TWO_BOARDS_W)[1] - 12, HAND_TWO_BOARDS_W, gap=4,
                      max_width=width / 2 - 16, four_color=four_color)
    elif board or slots > 0:
        paste_row(canvas, board + [""] * (slots - len(board)), width / 2,
                  height - card_size(HAND_BOARD_W)[1] - 12, HAND_BOARD_W, gap=6, max_width=width - 24,
                  four_color=four_color)
    return to_png(canvas)
