"""The pieces every bridge picture shares, sized for Discord's 400 x 300 box at 2x (every string at
22 px or more, half that as shown): a hand as a bridge diagram (four suit rows on a card-white panel,
symbols in the usual red and black), a hidden hand as a small fan of backs with its count, the auction
grid, and the words (contract, vulnerability, result) with suit symbols."""
from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from PIL import Image, ImageDraw

from bot.games.base import HIDDEN
from bot.games.bridge_scoring import STRAIN_SYMBOLS
from bot.games.cards import SUIT_SYMBOLS
from images.cards import FACE_EDGE, FACE_FILL, INK_BLACK, INK_RED, Color, fit_text, font, paste_row
from images.theme import GOLD, PLATE_EDGE, TEXT

View = Mapping[str, Any]

DIRECTION_NAMES = ("North", "East", "South", "West")
RED_SUIT = (255, 120, 120)
"""A red suit's symbol on a dark background (the auction, the double-dummy table)."""
SUITS = (("♠", INK_BLACK), ("♥", INK_RED), ("♦", INK_RED), ("♣", INK_BLACK))
RANK_SIZE = 30
"""The ranks and suit symbols of a diagram: the largest text of a picture, after the trick's cards."""
SMALLEST = 22
"""No string smaller than this (11 px as shown at 800 wide); a long suit is squeezed first."""
ROW_H = 30
PANEL_H = 4 * ROW_H + 8
BACK_W = 40
BACK_STEP = 4
_CONTRACT = re.compile(r"([1-7])(NT|[CDHS])(X{0,2})")
_SEPARATORS = (" ", "\u2009", "")  # a space, a thin space, none: "A K 10 4", "AK104"


def vulnerability(vulnerable: Sequence[bool]) -> str:
    """[NS, EW] -> "None", "NS", "EW" or "Both"."""
    return {(False, False): "None", (True, False): "NS", (False, True): "EW"}.get(
        (bool(vulnerable[0]), bool(vulnerable[1])), "Both")


def contract_text(contract: str) -> str:
    """"4HX" -> "4♥X", a bid "1H" -> "1♥"; anything else ("Pass", "X") unchanged."""
    match = _CONTRACT.fullmatch(contract)
    return f"{match[1]}{STRAIN_SYMBOLS[match[2]]}{match[3]}" if match else contract


def call_colour(call: str) -> Color:
    """A call's colour on a dark background: hearts and diamonds red, the rest white."""
    return RED_SUIT if call[1:].rstrip("X") in ("H", "D") else TEXT


def result_lines(view: View) -> list[str]:
    """The engine's result ("4H by S making 5: +450; NS win a game") as lines, with suit symbols."""
    lines = (view["result"] or "The board is over.").split("; ")
    first, _, rest = lines[0].partition(" ")
    return [" ".join(filter(None, (contract_text(first), rest))), *lines[1:]]


def turn_text(view: View) -> str:
    """Whose call or card is due, or where the board stands, short enough for the table's header: "East
    to play", "South to call", "West plays from dummy", "South claims"."""
    if view["finished"]:
        return "The board is over"
    if view["claim"] is not None:
        return f"{DIRECTION_NAMES[view['claim']['seat']]} claims"
    turn = view["turn"]
    if turn is None:
        return "The director rules" if view["phase"] == "ruling" else ""
    who = DIRECTION_NAMES[turn]
    if view["phase"] == "auction":
        return f"{who} to call"
    if turn == view["dummy"]:
        return f"{DIRECTION_NAMES[view['declarer']]} plays from dummy"
    return f"{who} to lead" if view["leader"] == turn and not view["trick"] else f"{who} to play"


def shown_cards(view: View, seat: int) -> list[str]:
    """The cards to draw for a seat: its hand now, or its original 13 cards once the board is over."""
    if view["finished"] and view["deal"]:
        return list(view["deal"][seat])
    return list(view["seats"][seat]["cards"])


def card_text(code: str) -> str:
    """"Th" -> "♥10", as a bridge player writes a card."""
    return SUIT_SYMBOLS[code[1]] + ("10" if code[0] == "T" else code[0])


def suit_ranks(cards: Sequence[str]) -> list[list[str]]:
    """A hand's ranks by suit (spades, hearts, diamonds, clubs), "10" for the ten, in the given order."""
    return [["10" if card[0] == "T" else card[0] for card in cards if card[1] == suit] for suit in "shdc"]


def suit_row_text(ranks: Sequence[str], width: float) -> tuple[str, int]:
    """A suit's ranks as they fit ``width``: spaced, then closer, then smaller (never under ``SMALLEST``
    px; cut short only past that). Returns the text and its font size."""
    if not ranks:
        return "—", RANK_SIZE
    for size in range(RANK_SIZE, SMALLEST - 1, -2):
        face = font(size, "bold")
        for separator in _SEPARATORS:
            text = separator.join(ranks)
            if face.getlength(text) <= width:
                return text, size
    return fit_text("".join(ranks), font(SMALLEST, "bold"), width), SMALLEST


def draw_hand_panel(draw: ImageDraw.ImageDraw, cards: Sequence[str], box: tuple[int, int, int, int]) -> None:
    """A face-up hand as a bridge diagram: four suit rows (symbol, then ranks from the ace down) on a
    card-white panel filling ``box`` (left, top, right, bottom)."""
    left, top, right, bottom = box
    draw.rounded_rectangle(box, 10, fill=FACE_FILL, outline=FACE_EDGE, width=2)
    symbol_face = font(RANK_SIZE, "bold")
    y = top + (bottom - top - 4 * ROW_H) // 2 + ROW_H // 2
    for (symbol, ink), ranks in zip(SUITS, suit_ranks(cards)):
        draw.text((left + 10, y), symbol, font=symbol_face, fill=ink, anchor="lm")
        text, size = suit_row_text(ranks, right - left - 54)
        draw.text((left + 44, y), text, font=font(size, "bold"), fill=INK_BLACK, anchor="lm")
        y += ROW_H


def draw_hidden_hand(canvas: Image.Image, draw: ImageDraw.ImageDraw, count: int,
                     box: tuple[int, int, int, int]) -> None:
    """A hand the viewer may not see: a small fan of backs and how many cards it holds."""
    left, top, right, bottom = box
    back_h = round(BACK_W * 1.4)
    fan = BACK_W + BACK_STEP * max(0, count - 1)
    middle = (top + bottom) // 2
    paste_row(canvas, [HIDDEN] * count, left + 12 + fan / 2, middle - back_h // 2, BACK_W, gap=BACK_STEP - BACK_W,
              max_width=fan)
    label = f"{count} card{'s' if count != 1 else ''}"
    draw.text((left + 22 + fan, middle), fit_text(label, font(28), right - left - fan - 26), font=font(28),
              fill=TEXT, anchor="lm")


def draw_hand(canvas: Image.Image, draw: ImageDraw.ImageDraw, cards: Sequence[str],
              box: tuple[int, int, int, int]) -> None:
    """A seat's hand in ``box``: the diagram if it can be seen, else the backs."""
    if cards and all(card == HIDDEN for card in cards):
        draw_hidden_hand(canvas, draw, len(cards), box)
    elif cards:
        draw_hand_panel(draw, cards, box)


def auction_rows(view: View) -> list[list[str]]:
    """The auction grid's rows (N E S W, blank before the dealer), with "?" where a call is due."""
    cells = [""] * view["dealer"] + [call["call"] for call in view["auction"]]
    if view["phase"] == "auction":
        cells.append("?")
    return [(cells[start:start + 4] + [""] * 4)[:4] for start in range(0, len(cells), 4)]


def draw_auction(draw: ImageDraw.ImageDraw, view: View, box: tuple[int, int, int, int], *, size: int = 26) -> int:
    """The auction as a grid under N E S W in ``box`` (the dealer's column in gold); the newest rounds
    when they do not all fit, under a line saying how many came before. Returns the y below it."""
    left, top, right, bottom = box
    column = (right - left) / 4
    row_h = size + 6
    for seat, direction in enumerate("NESW"):
        draw.text((left + column * seat + column / 2, top), direction, font=font(size, "bold"),
                  fill=GOLD if seat == view["dealer"] else TEXT, anchor="ma")
    draw.line((left, top + row_h, right, top + row_h), fill=PLATE_EDGE, width=2)
    rows = auction_rows(view) or [[""] * 4]
    y = top + row_h + 6
    room = max(1, (bottom - y) // row_h)
    if len(rows) > room:
        earlier = len(rows) - room + 1
        draw.text((left + 4, y), f"… {earlier} earlier round{'s' if earlier != 1 else ''}",
                  font=font(SMALLEST), fill=TEXT)
        rows = rows[-(room - 1):] if room > 1 else []
        y += row_h
    for row in rows:
        for seat, call in enumerate(row):
            if call:
                colour = GOLD if call == "?" else call_colour(call)
                draw.text((left + column * seat + column / 2, y), contract_text(call),
                          font=font(size, "bold" if call == "?" else "regular"), fill=colour, anchor="ma")
        y += row_h
    return y
