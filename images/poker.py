"""Poker images: the table and a player's private hand, drawn from a ``PokerView`` only.

Both are laid out for Discord's 400 x 300 box, drawn at 2x: the table at 800 x 600, the hand at
800 x 400, every string at 22 px or more (11 px as shown) and the cards' ranks and suits larger (the
large corner index). ``render_table`` shows what a player needs to decide: the board, the pot (and
side pots), each seat's name (cut short, never shrunk), stack and bet this street, the dealer button,
the seat to act as a gold plate with "Bob to act" over "40 to call" under the board, the last action,
stud's up-cards, how many cards each draw player replaced and, at the end, a beaten shown hand's name
on its plate; the log stays in the message text (``bot/adapter/table/text.py``). Up to six seats get
28 px text, seven to ten 22 px. ``render_hand`` draws the private hand: the cards large, the hand's
name, the stack and bet, what the player faces on their turn, the board. Where the seats and bets go
is ``images.poker_layout``'s. Both read nothing but the keys of ``bot.games.poker_view.PokerView``,
so whatever the engine hid stays hidden; a view with ``four_color`` (badugi, whose hands are read by
their four suits) is drawn in a four-colour deck.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Mapping

from PIL import Image, ImageDraw, ImageFont

from bot.games.base import HIDDEN
from bot.games.runout_equity import with_equity
from images.cards import canvas_draw, card_size, chips, draw_text, fit_text, font, paste_card, paste_row, printable
from images.emoji_text import text_width
from images.palette import to_png
from images.poker_equity import draw_tag, legend_text, tag_height, tag_lines, tag_width
from images.poker_layout import (
    CENTER,
    FOOTER_H,
    HEADER_H,
    MAIN_PX,
    TABLE_SIZE,
    TEXT_PX,
    Box,
    Seating,
    bet_box,
    bet_point,
    centred,
    free_width,
    overlap,
    place_bet,
    seat_unit,
)
from images.theme import (
    BACKGROUND,
    FELT,
    GOLD,
    HEADER_FILL,
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

HAND_SIZE = (800, 400)

RIM = (92, 58, 34)
FELT_LINE = (44, 132, 86)
PLATE_FOLDED = (40, 42, 46)
DIMMED = (130, 132, 138)
LOG = (214, 230, 220)
ALL_IN = (255, 110, 90)
ON_GOLD = (24, 20, 10)
SHOWN = (230, 220, 170)

FELT_RADII = (300, 182)
SEAT_CARD_W = 46          # two to four hole cards: the large index's rank and suit 22 px or more
SEAT_CARD_W_MANY = 52     # five to seven (draw, stud), fanned: larger, as a player reads stud's up-cards by them
SEAT_CARD_SHOWN = 0.70    # the plate covers the bottom of up to four hole cards; the large index stays visible
SEAT_CARD_GAP = 3         # between five or more hole cards, shown whole, and the plate
SEAT_FACE_STEP = 0.5      # a fanned face shows this much of its width (its index), a back a fifth
SEAT_ROW_W = 160          # the widest row of hole cards
BOARD_CARD_W = 48
BOARD_GAP = 5
BOARD_Y = CENTER[1] - 22  # the board's middle: the pot above it, who acts and the last action below
BOARD_SLOTS = 5           # the default when a view has no "board_slots" (flop games)
TWO_BOARDS_CARD_W = 46    # a board run twice: two rows of smaller cards
TWO_BOARDS_GAP = 6
TWO_BOARDS_RISE = 16      # raised, so the results' lines below them fit above the seat at the bottom
CENTRE_W = 420            # the widest line in the middle of the felt
PROMPT_NAME_W = 200       # the name of the player to act, cut short past this
BOARD_W = 280             # the board's row (narrow enough for side seats' bets beside it)
RESULTS_W = 560           # the winners' lines: as wide as the felt allows under the board
RESULT_LINES = 3          # lines of winners (or of a board run twice's results) under the board
HAND_CARD_W = 120
HAND_BOARD_W = 60          # the board under the hand; a board run twice: both side by side
STREETS = {"preflop": "Pre-flop", "flop": "Flop", "turn": "Turn", "river": "River", "showdown": "Showdown",
           **{f"{word} street": f"{short} street" for word, short in (  # short, leaving the stakes room
               ("third", "3rd"), ("fourth", "4th"), ("fifth", "5th"), ("sixth", "6th"), ("seventh", "7th"))}}

View = Mapping[str, Any]


def render_table(view: View, footer: str | None = None, *, four_color: bool = False) -> bytes:
    """PNG of the whole table as ``view`` shows it; ``footer`` is a line at the bottom (the deck
    commitment). A seat's view puts that seat at the bottom centre, the public view seat 0.
    An all-in runout's figures are counted here, in the render pool, from the view's ``runout``."""
    view = with_equity(view)
    four_color = four_color or bool(view.get("four_color"))
    canvas = _table_background().copy()
    draw = canvas_draw(canvas)
    draw_header(draw, TABLE_SIZE[0], f"{view['variant']} · {view['stakes']}",
                f"#{view['hand_no']} · {_street(view)}", height=HEADER_H, size=MAIN_PX)
    board_top, board_bottom = _draw_board(canvas, view, four_color)
    seats = view["seats"]
    first = view["viewer"] if view["viewer"] is not None else 0
    count = max(len(seat["cards"]) for seat in seats)
    card_w, shown_h = seat_card_width(count), seat_cards_shown(count)
    seating = Seating.of(len(seats))
    face = font(seating.centre_px, "bold")
    prompt = prompt_lines(view, seating.centre_px)
    last: Box | None = None
    prompt_bottom = board_bottom + 6 + (seating.centre_px + 4) * len(prompt)
    kept = [centred(max(text_width(line, face) for line in prompt), board_bottom, prompt_bottom)] if prompt else []
    if board_bottom > board_top:  # and off the board (with its "1st" and "2nd" when run twice)
        kept.append(centred(BOARD_W + (100 if len(view.get("boards", ())) == 2 else 0), board_top, board_bottom))
    amounts = [pot["amount"] for pot in view["pots"] if pot["amount"] > 0]
    if amounts and _pot_shown(view):
        kept.append(centred(face.getlength(_pot_text(amounts, face, CENTRE_W)), board_top - 8 - face.size * 0.8,
                            board_top - 4))
    if view["log"] and not view["finished"]:  # the last action: kept clear if the bets can be put elsewhere
        small = font(TEXT_PX)
        last = centred(text_width(fit_text(view["log"][-1], small, CENTRE_W), small), prompt_bottom, prompt_bottom + 30)
    angles = [math.radians(90 + 360 * ((index - first) % len(seats)) / len(seats))  # clockwise from 6 o'clock
              for index in range(len(seats))]
    units = [seat_unit(angle, shown_h, seating) for angle in angles]
    results: list[str] = []
    if view["finished"] and view["winners"]:  # the winners' lines, or a board run twice's: the bets keep off them
        small = font(seating.centre_px - 2, "bold")
        results = (_board_result_lines(view["board_results"], small, RESULTS_W) if view.get("board_results")
                   else _result_lines(view["winners"], small, board_bottom + 6, [unit[2] for unit in units]))
        kept.append(centred(max(text_width(line, small) for line in results), board_bottom,
                            board_bottom + 6 + len(results) * (small.size + 4)))
    taken = [unit[2] for unit in units]
    for index in sorted(range(len(seats)), key=lambda n: n == first):  # each tag, then bet, joins ``taken``;
        seat = seats[index]  # the bottom seat last: its tag goes beside it if the others leave room
        box = _draw_seat(canvas, draw, index, seat, angles[index], units[index], (card_w, shown_h, seating), view["finished"],
                         four_color, tag_lines(view, index), (kept, [last] if last else [], taken))
        if box:
            taken.append(box)
    below = [box[1] for box in taken if box[0] < CENTER[0] < box[2] and box[1] > board_bottom]
    _draw_center_text(draw, view, (board_top, board_bottom, min(below, default=TABLE_SIZE[1] - FOOTER_H)),
                      seating.centre_px, taken[len(units):], results)
    _draw_footer(draw, view, footer)
    return to_png(canvas)


def _draw_footer(draw: ImageDraw.ImageDraw, view: View, footer: str | None) -> None:
    """The deck commitment at the left, cut short to leave room at the right for the all-in odds'
    legend, or else the table's options."""
    face = font(TEXT_PX)
    right = fit_text(legend_text(view) or str(view.get("options") or ""), face, TABLE_SIZE[0] * 0.75)
    room = TABLE_SIZE[0] - 20 - (face.getlength(right) + 24 if right else 0)
    left = fit_text(footer, font(TEXT_PX, "mono"), room) if footer else footer
    draw_footer(draw, TABLE_SIZE, left, height=FOOTER_H, text_size=TEXT_PX)
    if right:
        draw.text((TABLE_SIZE[0] - 10, TABLE_SIZE[1] - FOOTER_H / 2), right, font=face, fill=MUTED, anchor="rm")


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
              max_width=BOARD_W, four_color=four_color, large_index=True)
    return top, top + card_size(BOARD_CARD_W)[1]


def _draw_two_boards(canvas: Image.Image, boards: list[list[str]], slots: int, four_color: bool) -> tuple[int, int]:
    """A board run twice: the first above the second, each in smaller cards, each labelled."""
    height = card_size(TWO_BOARDS_CARD_W)[1]
    top = BOARD_Y - height - TWO_BOARDS_GAP // 2 - TWO_BOARDS_RISE
    draw = canvas_draw(canvas)
    face = font(TEXT_PX, "bold")
    for row, cards in enumerate(boards):
        y = top + row * (height + TWO_BOARDS_GAP)
        paste_row(canvas, cards + [""] * (slots - len(cards)), CENTER[0], y, TWO_BOARDS_CARD_W, gap=BOARD_GAP,
                  max_width=CENTRE_W - 80, four_color=four_color, large_index=True)
        left = CENTER[0] - (slots * (TWO_BOARDS_CARD_W + BOARD_GAP) - BOARD_GAP) / 2
        draw_text(draw, (left - 8, y + height / 2), ("1st", "2nd")[row], face, GOLD, anchor="rm")
    return top, top + 2 * height + TWO_BOARDS_GAP


def prompt_lines(view: View, px: int = MAIN_PX) -> list[str]:
    """Who is to act and what they face, under the board: "Bob to act" over "40 to call", or "Bob to
    draw"; none once the hand is over. Only the name is ever cut short."""
    acting = None if view["finished"] else next(
        (n for n, seat in enumerate(view["seats"]) if seat["to_act"]), None)
    if acting is None:
        return []
    face = font(px, "bold")
    verb = " to draw" if view["street"] == "draw" else " to act"
    name = fit_text(player_name(view["seats"][acting]["name"], acting), face, PROMPT_NAME_W)
    return [name + verb] + ([] if view["street"] == "draw" else [facing_text(view, acting)])


def facing_text(view: View, index: int) -> str:
    """What seat ``index`` faces: "40 to call" (the largest bet this street less its own, capped at
    the chips it has), "nothing to call", or "to draw" in a draw."""
    if view["street"] == "draw":
        return "to draw"
    seats = view["seats"]
    owed = min(max(s["bet"] for s in seats) - seats[index]["bet"], seats[index]["stack"])
    return f"{chips(owed)} to call" if owed > 0 else "nothing to call"


def _draw_center_text(draw: ImageDraw.ImageDraw, view: View, board: tuple[int, int, int], px: int,
                      chip_boxes: list[Box], results: list[str]) -> None:
    """The pots above the board; below it who is to act and what they face, then the last action (the
    winners' ``results`` once over, above ``board``'s third figure: the top of the first seat or tag
    under the middle), each line cut short where it would run into a bet or an odds tag on the felt."""
    board_top, board_bottom, floor = board
    amounts = [pot["amount"] for pot in view["pots"] if pot["amount"] > 0]
    if amounts and _pot_shown(view):
        face = font(px, "bold")
        y: float = board_top - 8  # below, it steps by font sizes, which Pillow types float
        width = free_width(y - face.size, y, chip_boxes, CENTRE_W)
        draw_text(draw, (CENTER[0], y), _pot_text(amounts, face, width), face, TEXT, anchor="ms")
    y = board_bottom + 6
    if view["finished"] and view["winners"]:
        _draw_results(draw, view, (y, floor), font(px - 2, "bold"), chip_boxes, results)
        return
    face = font(px, "bold")
    for line in prompt_lines(view, px):  # the bets keep clear of these
        draw_text(draw, (CENTER[0], y), line, face, GOLD, anchor="mt")
        y += face.size + 4
    if view["log"]:
        face = font(TEXT_PX)
        width = free_width(y, y + face.size + 2, chip_boxes, CENTRE_W)
        draw_text(draw, (CENTER[0], y), fit_text(view["log"][-1], face, width), face, LOG, anchor="mt")


def _pot_shown(view: View) -> bool:
    """The pot's line is drawn above the board, except once a board run twice is paid: its results
    under the boards name every pot."""
    return not (view["finished"] and view.get("board_results"))


def _draw_results(draw: ImageDraw.ImageDraw, view: View, band: tuple[float, float], face: ImageFont.FreeTypeFont,
                  chip_boxes: list[Box], lines: list[str]) -> None:
    """The winners' ``lines`` (``_result_lines``) under the board, in gold; a board run twice draws its
    winners' lines if they fit, else says each board's pots, every pot named, in as many lines as fit
    above ``band``'s floor (else a line a board, cut short: the message text names every winner)."""
    y, floor = band
    if view.get("board_results"):
        width = free_width(y, y + RESULT_LINES * (face.size + 4), chip_boxes, RESULTS_W)
        if len(view["winners"]) <= RESULT_LINES and all(text_width(text, face) <= width for text in view["winners"]):
            lines = list(view["winners"])
        else:
            y, face, lines = _place_board_results(view["board_results"], (y, floor), face, chip_boxes)
    for line in lines:
        draw_text(draw, (CENTER[0], y), line, face, GOLD, anchor="mt")
        y += face.size + 4


def _result_lines(winners: list[str], face: ImageFont.FreeTypeFont, top: float, boxes: list[Box]) -> list[str]:
    """The winners' lines from ``top`` down, each as wide as the felt is clear of ``boxes`` (the seats)
    at its height, ``RESULT_LINES`` at most, a winner's on two lines if it needs them: whole if every
    winner fits so, else without the hands ("Ann wins 60 (high)": the seats' plates name them), else
    without the halves too ("Ann wins 60"), cut short where even that does not fit (the message text
    names every winner whole)."""
    short = [text.rsplit(" with ", 1)[0] for text in winners]
    shorter = [text.rsplit(" (", 1)[0] if text.endswith(")") else text for text in short]
    for texts in (winners, short):
        lines = _wrapped(texts, face, top, boxes)
        if len(lines) <= RESULT_LINES and not any(line.endswith("…") for line in lines):
            return lines
    return _wrapped(shorter, face, top, boxes)[:RESULT_LINES]


def _wrapped(texts: list[str], face: ImageFont.FreeTypeFont, top: float, boxes: list[Box]) -> list[str]:
    """``texts`` from ``top`` down, each on one line or two, each line as wide as ``boxes`` leave the
    felt at its height; the second cut short if the words do not fit."""
    step = face.size + 4
    lines: list[str] = []
    for text in texts:
        y = top + len(lines) * step
        words = printable(text, face).split(" ")
        first = _line_width(y, face, boxes)
        count = next((n for n in range(len(words), 1, -1) if text_width(" ".join(words[:n]), face) <= first), 1)
        lines.append(fit_text(" ".join(words[:count]), face, first))
        if count < len(words):
            lines.append(fit_text(" ".join(words[count:]), face, _line_width(y + step, face, boxes)))
    return lines


def _line_width(y: float, face: ImageFont.FreeTypeFont, boxes: list[Box]) -> float:
    """How wide a line of ``face`` drawn from ``y`` down may be: its glyphs clear of ``boxes`` (the
    4 px ``free_width`` keeps off each box taken back)."""
    return free_width(y + 4, y + face.getbbox("Ag,", anchor="mt")[3] - 4, boxes, RESULTS_W)


def _place_board_results(texts: list[str], band: tuple[float, float], face: ImageFont.FreeTypeFont,
                         boxes: list[Box]) -> tuple[float, ImageFont.FreeTypeFont, list[str]]:
    """Where a board run twice's results fit whole between ``band``'s top and floor, clear of ``boxes``
    (a won amount beside the middle pushes them down): their top, face and lines. If nowhere, at the top
    in the smaller face, cut short where they must (the message text names every winner)."""
    top, floor = band
    for size in (face, font(TEXT_PX, "bold")):  # smaller, if that fits every pot
        step = size.size + 4
        for y in range(round(top), round(floor - 2 * step) + 1, 4):
            lines = _board_result_lines(texts, size, free_width(y, y + 2 * step, boxes, RESULTS_W))
            width = free_width(y, y + len(lines) * step, boxes, RESULTS_W)
            if y + len(lines) * step - 4 <= floor and all(text_width(line, size) <= width for line in lines) \
                    and not any(line.endswith("…") for line in lines):
                return y, size, lines
    step = size.size + 4
    room = max(2, int((floor - top + 4) // step))
    lines = _board_result_lines(texts, size, free_width(top, top + room * step, boxes, RESULTS_W))
    if len(lines) > room:
        lines = [fit_text(text, size, free_width(top, top + 2 * step, boxes, RESULTS_W)) for text in texts]
    return top, size, lines


def _board_result_lines(texts: list[str], face: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """Each board's line broken between its pots ("1st: main Carol 450 · side 1 Bob 700"), a pot never
    cut: as many lines as that takes."""
    lines: list[str] = []
    for text in texts:
        first, *parts = text.split(" · ")
        for part in parts:
            if text_width(f"{first} · {part}", face) > width:
                lines.append(fit_text(first, face, width))
                first = part
            else:
                first = f"{first} · {part}"
        lines.append(fit_text(first, face, width))
    return lines


def _pot_text(amounts: list[int], face: ImageFont.FreeTypeFont, width: float) -> str:
    """Every pot if they fit in ``width``, else their total: an amount is never cut short."""
    if len(amounts) == 1:
        return f"Pot {chips(amounts[0])}"
    every = " · ".join([f"Main {chips(amounts[0])}"] + [f"Side {chips(a)}" for a in amounts[1:]])
    if face.getlength(every) <= width:
        return every
    return f"{len(amounts)} pots {chips(sum(amounts))}"


def _draw_seat(canvas: Image.Image, draw: ImageDraw.ImageDraw, index: int, seat: Mapping[str, Any],
               angle: float, unit: tuple[int, float, Box], sizes: tuple[int, int, Seating], finished: bool,
               four_color: bool, equity: list[str], avoid: tuple[list[Box], list[Box], list[Box]]) -> Box | None:
    """One seat: hole cards above a name plate (a draw player's count of new cards on them), the dealer
    button on the plate's corner facing the middle, the bet on the felt between the seat and the
    middle, and its all-in equity tag (below the plate, or above the cards for the seats at the bottom).
    Returns the box the bet (or the amount won) covers on the felt."""
    cos, sin = math.cos(angle), math.sin(angle)
    card_w, shown_h, seating = sizes
    cx, cy, seat_box = unit
    plate_top = seat_box[1] + shown_h
    plate = (seat_box[0], plate_top, seat_box[2], seat_box[3])

    _paste_hole_cards(canvas, list(seat["cards"]), (cx, plate_top - shown_h), card_w, four_color, seat["folded"])
    drew = seat.get("drew")
    if drew is not None and seat["cards"] and not seat["folded"]:
        _draw_label(draw, (cx, plate_top - shown_h / 2 - 2), "stood pat" if drew == 0 else f"drew {drew}")
    _draw_plate(draw, plate, index, seat, seating.px, acting=seat["to_act"] and not finished, won=seat["won"] > 0,
                finished=finished)
    tag = None
    if equity:
        tag = draw_tag(draw, *_tag_place(equity, seat_box, sin, avoid[2]), equity)
        avoid[2].append((round(tag[0]), round(tag[1]), round(tag[2]), round(tag[3])))  # the bets keep clear of it
    if seat["is_dealer"]:
        side = 1 if cos <= 0.01 else -1  # on the plate's corner facing the middle of the table
        draw_dealer_button(draw, (cx + side * (seating.plate_w // 2 - 4), plate_top - 8), radius=TEXT_PX - 2)

    amount, won = (seat["bet"], False) if seat["bet"] > 0 else (seat["won"], True)
    if amount <= 0:
        return None
    width = _bet_width(amount, won, seating)
    at = place_bet(bet_point(seat_box, width, seating.half_h), width, seating, avoid)
    if tag is not None and overlap(tag, bet_box(at, width, seating)):
        at = (tag[2] + 8 + width / 2, at[1])  # the equity tag stands where the chips go: they go beside it
    if won and any(overlap(box, bet_box(at, width, seating)) for box in avoid[0]):
        return None  # no room off the winners' lines, which say what each won
    return _draw_bet(draw, at, amount, seating, won=won)


def _tag_place(equity: list[str], seat_box: Box, sin: float, taken: list[Box]) -> tuple[float, float]:
    """Where a seat's odds tag goes (its centre x, its top): left of the cards at the top (the board is
    below); elsewhere below the plate, else beside it, else above the cards, the first of these inside
    the felt's room (off the footer) and clear of the seats, tags and bets ``taken``. At the bottom it is
    never below (the footer is), and above the cards leaves the results under the board less room."""
    half, height = tag_width(equity) / 2 + 4, tag_height(equity)
    if sin < -0.9:
        return max(seat_box[0] - half, half), seat_box[1]
    middle, side = (seat_box[0] + seat_box[2]) / 2, seat_box[3] - height
    beside = [(seat_box[0] - half - 2, side), (seat_box[2] + half + 2, side)] if sin >= 0.9 else []
    places = [(min(max(x, half), TABLE_SIZE[0] - half), top) for x, top in (
        [(middle, seat_box[3] + 3.0)] if sin < 0.9 else []) + beside + [(middle, seat_box[1] - 3.0 - height)]]
    for x, top in places:
        box = (x - half, top, x + half, top + height)
        if HEADER_H <= top and top + height <= TABLE_SIZE[1] - FOOTER_H \
                and not any(overlap(box, other) for other in taken):
            return x, top
    if sin >= 0.9:
        return places[-1]
    return places[0][0], min(places[0][1], TABLE_SIZE[1] - FOOTER_H - 1 - height)  # over the plate's edge, if need be


def _bet_width(amount: int, won: bool, seating: Seating) -> float:
    return 2 * seating.chip_r + 5 + font(seating.px, "bold").getlength(f"+{chips(amount)}" if won else chips(amount))


def seat_card_width(count: int) -> int:
    """Hole-card width at a seat holding ``count`` cards."""
    return SEAT_CARD_W if count <= 4 else SEAT_CARD_W_MANY


def seat_cards_shown(count: int) -> int:
    """How much of the hole cards shows above the plate: two to four cards tuck their bottom under it
    (the large index is all a player reads), five to seven (draw, stud) stand whole above it, so no
    up-card is cut."""
    height = card_size(seat_card_width(count))[1]
    return round(height * SEAT_CARD_SHOWN) if count <= 4 else height + SEAT_CARD_GAP


def _paste_hole_cards(canvas: Image.Image, cards: list[str], at: tuple[float, int], width: int, four_color: bool,
                      dim: bool) -> None:
    """A seat's hole cards side by side, or fanned when they do not fit: each face shows its index,
    a back (a stud down-card) only a sliver, so stud's up-cards stay readable; centred on the seat but
    within the picture."""
    cx, top = at
    steps = [width + 4.0] * (len(cards) - 1)
    if width + sum(steps) > SEAT_ROW_W:
        steps = [width * (SEAT_FACE_STEP if card != HIDDEN else 0.2) for card in cards[:-1]]
        steps = [step * min(1.0, (SEAT_ROW_W - width) / sum(steps)) for step in steps]
    row = width + sum(steps)
    x = min(max(cx - row / 2, 2.0), TABLE_SIZE[0] - 2 - row)
    for card, step in zip(cards, steps + [0.0]):
        paste_card(canvas, card, (round(x), top), width, four_color=four_color, dim=dim, large_index=True)
        x += step


def _draw_label(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str) -> None:
    """A dark label over a seat's cards (a draw player's "drew 3")."""
    face = font(TEXT_PX, "bold")
    half = face.getlength(text) / 2 + 6
    draw.rounded_rectangle((centre[0] - half, centre[1] - 14, centre[0] + half, centre[1] + 14), 6,
                           fill=HEADER_FILL, outline=PLATE_EDGE)
    draw.text(centre, text, font=face, fill=TEXT, anchor="mm")


def _draw_plate(draw: ImageDraw.ImageDraw, plate: Box, index: int, seat: Mapping[str, Any], px: int, *,
                acting: bool, won: bool, finished: bool) -> None:
    """Name and stack ("Folded" for a seat out of the hand, "All-in" in red; a beaten hand shown at the
    end names itself there, cut short: the winners' hands are said under the board); the seat to act is
    a gold plate, a winner has a gold edge."""
    folded = seat["folded"]
    fill = GOLD if acting else PLATE_FOLDED if folded else PLATE
    draw.rounded_rectangle(plate, 8, fill=fill, outline=GOLD if won or acting else PLATE_EDGE,
                           width=4 if won else 1)
    cx, inner = (plate[0] + plate[2]) // 2, plate[2] - plate[0] - 12
    name_face = font(px, "bold")
    name = fit_text(player_name(seat["name"], index), name_face, inner)
    draw.text((cx, plate[1] + 4), name, font=name_face, fill=ON_GOLD if acting else DIMMED if folded else TEXT,
              anchor="mt")
    stack, colour = chips(seat["stack"]), ON_GOLD if acting else STACK
    if folded:
        stack, colour = "Folded", DIMMED
    elif finished and seat["hand_name"] and not won:
        face = font(TEXT_PX)
        draw.text((cx, plate[1] + px + 8 + (px - TEXT_PX) // 2), fit_text(seat["hand_name"], face, inner), font=face,
                  fill=SHOWN, anchor="mt")
        return
    elif seat["all_in"]:
        stack, colour = ("All-in " + stack if seat["stack"] else "All-in"), ON_GOLD if acting else ALL_IN
    draw.text((cx, plate[1] + px + 8), fit_text(stack, font(px), inner), font=font(px), fill=colour,
              anchor="mt")


def _draw_bet(draw: ImageDraw.ImageDraw, at: tuple[float, float], amount: int, seating: Seating, *,
              won: bool = False) -> Box:
    """A chip and the amount on the felt between the seat and the board (gold "+amount" for a win)."""
    face = font(seating.px, "bold")
    text = f"+{chips(amount)}" if won else chips(amount)
    r = seating.chip_r
    width = _bet_width(amount, won, seating)
    x, y = at[0] - width / 2, at[1]
    chip, stripe = ((236, 178, 40), (255, 240, 190)) if won else ((214, 48, 48), (250, 250, 250))
    draw.ellipse((x, y - r, x + 2 * r, y + r), fill=chip, outline=stripe, width=2)
    draw.ellipse((x + r / 2, y - r / 2, x + 1.5 * r, y + r / 2), fill=stripe)
    draw_text(draw, (x + 2 * r + 5, y), text, face, GOLD if won else TEXT, anchor="lm")
    return round(x), round(y - seating.half_h), round(x + width + 1), round(y + seating.half_h)


def render_hand(view: View, *, four_color: bool = False) -> bytes:
    """PNG of the viewer's private hand: hole cards large; the hand's name if known, the stack, the bet
    and what the player faces when it is their turn; the board below."""
    viewer = private_viewer(view)
    seat = view["seats"][viewer]
    four_color = four_color or bool(view.get("four_color"))
    width, height = HAND_SIZE
    canvas = Image.new("RGB", HAND_SIZE, FELT)
    draw = canvas_draw(canvas)
    draw_header(draw, width, player_name(seat["name"], viewer), f"Hand #{view['hand_no']} · {_street(view)}",
                height=HEADER_H, size=MAIN_PX)
    top = HEADER_H + 10
    paste_row(canvas, list(seat["cards"]), width / 2, top, HAND_CARD_W, gap=12, max_width=width - 40,
              four_color=four_color, dim=seat["folded"], large_index=True)
    y: float = top + card_size(HAND_CARD_W)[1] + 8  # it steps by font sizes, which Pillow types float
    if seat["hand_name"] or seat["folded"]:
        face = font(MAIN_PX, "bold")
        status = fit_text(seat["hand_name"] or "Folded", face, width - 40)
        draw_text(draw, (width / 2, y), status, face, GOLD if seat["hand_name"] else MUTED, anchor="mt")
        y += face.size + 6
    parts = [f"Stack {chips(seat['stack'])}"] + ([f"Bet {chips(seat['bet'])}"] if seat["bet"] else [])
    if seat["to_act"] and not view["finished"]:
        parts.append("Your turn to draw" if view["street"] == "draw" else f"Your turn: {facing_text(view, viewer)}")
    face = font(MAIN_PX)
    draw_text(draw, (width / 2, y), fit_text(" · ".join(parts), face, width - 40), face, TEXT, anchor="mt")

    board = list(view["board"])
    slots = _board_slots(view)
    boards = view.get("boards", ())
    if len(boards) == 2:  # run twice: the two boards side by side, in smaller cards
        half = (slots * (HAND_BOARD_W + 4) - 4) / 2 + 10
        for centre, cards in zip((width / 2 - half, width / 2 + half), boards):
            paste_row(canvas, cards + [""] * (slots - len(cards)), centre,
                      height - card_size(HAND_BOARD_W)[1] - 10, HAND_BOARD_W, gap=4,
                      max_width=width / 2 - 20, four_color=four_color, large_index=True)
    elif board or slots > 0:
        paste_row(canvas, board + [""] * (slots - len(board)), width / 2,
                  height - card_size(HAND_BOARD_W)[1] - 10, HAND_BOARD_W, gap=6, max_width=width - 40,
                  four_color=four_color, large_index=True)
    return to_png(canvas)
