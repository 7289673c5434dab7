"""Contract bridge images: the table and a player's private hand, drawn from a ``BridgeView`` only.

The shape read here is ``bot.games.bridge.BridgeView``. North is always at the top, as in every
bridge diagram. A hand the viewer may not see is a fan of backs with its card count; dummy is face
up once the opening lead is made, and at the end the four original hands are shown. The panel on
the right holds the auction (columns N E S W), the contract, the tricks, the last trick and, at the
end, the result and the rubber score sheet.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Mapping, Sequence

from PIL import Image, ImageDraw

from bot.games.base import HIDDEN
from bot.games.bridge_scoring import STRAIN_SYMBOLS
from bot.games.words import counted
from images.bridge_analysis import draw_analysis
from images.cards import Color, canvas_draw, card_size, draw_text, fit_text, font, paste_card, paste_row
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
    draw_footer,
    draw_header,
    player_name,
    private_viewer,
)

View = Mapping[str, Any]

FELT_W = 960
PANEL_W = 360
TABLE_SIZE = (FELT_W + PANEL_W, 720)
HAND_SIZE = (980, 300)  # the largest private hand: dummy face up, a long auction
DIRECTION_NAMES = ("North", "East", "South", "West")
RED_SUIT = (255, 120, 120)
ROLE_COLOURS = {"declarer": GOLD, "dummy": (150, 200, 255), "defender": STACK}

NS_CARD_W = 50      # North and South hands
WE_CARD_W = 46      # West and East hands, narrower to leave the middle free
TRICK_CARD_W = 58
BACK_FAN = 7        # px between the backs of a hidden hand
PLATE_SIZE = (230, 40)
CENTRE = (FELT_W // 2, 372)
# Where each seat's card of the current trick sits, from the centre of the felt (N, E, S, W).
TRICK_OFFSETS = ((0, -72), (84, 0), (0, 72), (-84, 0))
# (plate left, plate top, cards centre x, cards top, cards max width) for N, E, S, W.
SEAT_BOXES = (
    (FELT_W // 2 - 115, HEADER_H + 10, FELT_W // 2, HEADER_H + 56, 470),
    (FELT_W - 262, 240, FELT_W - 160, 286, 260),
    (FELT_W // 2 - 115, 632, FELT_W // 2, 552, 470),
    (32, 240, 160, 286, 260),
)
AUCTION_ROWS = 8
ROW_H = 22
_CONTRACT = re.compile(r"([1-7])(NT|[CDHS])(X{0,2})")


def render_table(view: View, footer: str | None = None) -> bytes:
    """PNG of the board: four hands around the felt, the trick in the middle, the panel at the right."""
    canvas = _background().copy()
    draw = canvas_draw(canvas)
    scoring = "Rubber" if view["scoring"] == "rubber" else "Duplicate"
    draw_header(draw, TABLE_SIZE[0], f"Contract bridge · {scoring} · Board {view['board']}", _status(view))
    for seat in range(4):
        _draw_seat(canvas, draw, view, seat)
    _draw_trick(canvas, draw, view)
    _draw_panel(canvas, draw, view)
    draw_footer(draw, TABLE_SIZE, footer)
    return to_png(canvas)


@lru_cache(maxsize=1)
def _background() -> Image.Image:
    """The felt at the left, the dark panel at the right; drawn once (shared: copy it)."""
    image = Image.new("RGB", TABLE_SIZE, BACKGROUND)
    ImageDraw.Draw(image).rounded_rectangle((4, HEADER_H + 4, FELT_W - 5, TABLE_SIZE[1] - FOOTER_H - 5), 18,
                                            fill=FELT, outline=RIM_EDGE, width=6)
    return image


def _status(view: View) -> str:
    """The header's right side: the contract once known, else the dealer and vulnerability."""
    if view["contract"] and view["declarer"] is not None:
        return f"{contract_text(view['contract'])} by {DIRECTION_NAMES[view['declarer']]}"
    return f"Dealer {DIRECTION_NAMES[view['dealer']]} · Vul {vulnerability(view['vulnerable'])}"


def vulnerability(vulnerable: Sequence[bool]) -> str:
    """[NS, EW] -> "None", "NS", "EW" or "Both"."""
    return {(False, False): "None", (True, False): "NS", (False, True): "EW"}.get(
        (bool(vulnerable[0]), bool(vulnerable[1])), "Both")


def contract_text(contract: str) -> str:
    """"4HX" -> "4♥X", a bid "1H" -> "1♥"; anything else ("Pass", "X") unchanged."""
    match = _CONTRACT.fullmatch(contract)
    return f"{match[1]}{STRAIN_SYMBOLS[match[2]]}{match[3]}" if match else contract


def result_lines(view: View) -> list[str]:
    """The engine's result ("4H by S making 5: +450; NS win a game") as lines, with suit symbols."""
    lines = (view["result"] or "The board is over.").split("; ")
    first, _, rest = lines[0].partition(" ")
    return [" ".join(filter(None, (contract_text(first), rest))), *lines[1:]]


def _call_colour(call: str) -> Color:
    return RED_SUIT if call[1:] in ("H", "D") else TEXT


def shown_cards(view: View, seat: int) -> list[str]:
    """The cards to draw for a seat: its hand now, or its original 13 cards once the board is over."""
    if view["finished"] and view["deal"]:
        return list(view["deal"][seat])
    return list(view["seats"][seat]["cards"])


def _draw_seat(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, seat: int) -> None:
    """A name plate (direction, name, role; gold when the seat's call or card is due) and its hand."""
    plate_left, plate_top, cards_x, cards_top, max_width = SEAT_BOXES[seat]
    info = view["seats"][seat]
    width, height = PLATE_SIZE
    due = view["turn"] == seat and not view["finished"]
    draw.rounded_rectangle((plate_left, plate_top, plate_left + width, plate_top + height), 8, fill=PLATE,
                           outline=GOLD if due else PLATE_EDGE, width=3 if due else 1)
    draw.text((plate_left + 10, plate_top + height / 2), info["direction"], font=font(18, "bold"), fill=GOLD,
              anchor="lm")
    role = info["role"]
    role_width = font(13).getlength(role) + 8 if role else 0
    name = player_name(info["name"], seat, is_bot=info["is_bot"])
    draw.text((plate_left + 36, plate_top + height / 2), fit_text(name, font(15, "bold"), width - 46 - role_width),
              font=font(15, "bold"), fill=TEXT, anchor="lm")
    if role:
        draw.text((plate_left + width - 8, plate_top + height / 2), role, font=font(13),
                  fill=ROLE_COLOURS.get(role, STACK), anchor="rm")
    card_w = NS_CARD_W if seat % 2 == 0 else WE_CARD_W
    cards = shown_cards(view, seat)
    if cards and all(card == HIDDEN for card in cards):
        _draw_backs(canvas, draw, len(cards), cards_x, cards_top, card_w)
    else:
        paste_row(canvas, cards, cards_x, cards_top, card_w, gap=3, max_width=max_width)


def _draw_backs(canvas: Image.Image, draw: ImageDraw.ImageDraw, count: int, centre_x: int, top: int,
                card_w: int) -> None:
    """A tight fan of backs with the number of cards under it."""
    paste_row(canvas, [HIDDEN] * count, centre_x, top, card_w, gap=BACK_FAN - card_w,
              max_width=card_w + BACK_FAN * 12)
    label = f"{count} card{'s' if count != 1 else ''}"
    draw_text(draw, (centre_x, top + card_size(card_w)[1] + 4), label, font(13), TEXT, anchor="mt")


def _draw_trick(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    """The current trick around the centre, or a line saying what happens now."""
    card_w, card_h = card_size(TRICK_CARD_W)
    for played in view["trick"]:
        dx, dy = TRICK_OFFSETS[played["seat"]]
        paste_card(canvas, played["card"], (CENTRE[0] + dx - card_w // 2, CENTRE[1] + dy - card_h // 2),
                   TRICK_CARD_W)
    if view["trick"]:
        return
    lines = _centre_lines(view)
    y = CENTRE[1] - 14 * len(lines)
    for n, text in enumerate(lines):
        face = font(20, "bold") if n == 0 else font(15)
        draw_text(draw, (CENTRE[0], y), fit_text(text, face, 400), face, GOLD if n == 0 else TEXT, anchor="mt")
        y += 30


def _centre_lines(view: View) -> list[str]:
    """What the middle of the felt says when no card lies there."""
    if view["finished"]:
        lines = [result_lines(view)[0]]
        if view["score"] is not None:
            lines.append(f"NS {view['score']:+d} · EW {-view['score']:+d}")
        return lines
    claim = view["claim"]
    if claim is not None:
        return [f"{DIRECTION_NAMES[claim['seat']]} claims {counted(claim['tricks'], 'trick')}",
                "The defenders accept or reject."]
    turn = view["turn"]
    if turn is None:
        return []
    who = DIRECTION_NAMES[turn]
    if view["phase"] == "auction":
        return ["Auction", f"{who} to call"]
    if turn == view["dummy"]:
        return [f"{DIRECTION_NAMES[view['declarer']]} to play from dummy"]
    return [f"{who} to lead" if view["leader"] == turn else f"{who} to play"]


def _draw_panel(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    """The right-hand panel: auction grid, contract and tricks, last trick, result and score sheet."""
    left, right = FELT_W + 16, TABLE_SIZE[0] - 16
    y = HEADER_H + 12
    draw.text((left, y), f"Dealer {DIRECTION_NAMES[view['dealer']]} · Vulnerable: {vulnerability(view['vulnerable'])}",
              font=font(14), fill=TEXT)
    y = _draw_auction(draw, view, left, right, y + 28)
    if view["contract"]:
        draw.text((left, y), f"Contract {contract_text(view['contract'])} by {DIRECTION_NAMES[view['declarer']]}",
                  font=font(16, "bold"), fill=GOLD)
        y += 24
    if view["phase"] != "auction":
        draw.text((left, y), f"Tricks  NS {view['tricks'][0]} · EW {view['tricks'][1]}", font=font(15), fill=TEXT)
        y += 26
    if view["claim"] is not None:  # also while a trick lies in the middle, hiding the centre line
        claim = view["claim"]
        draw.text((left, y), f"{DIRECTION_NAMES[claim['seat']]} claims {counted(claim['tricks'], 'trick')} in all",
                  font=font(15, "bold"), fill=GOLD)
        y += 26
    if view["last_trick"]:
        y = _draw_last_trick(canvas, draw, view, left, y)
    if view["finished"]:
        for line in result_lines(view):
            draw.text((left, y), fit_text(line, font(14, "bold"), right - left), font=font(14, "bold"), fill=GOLD)
            y += 20
        y += 6
    if view.get("analysis"):
        y = draw_analysis(draw, view["analysis"], left, right, y)
    if view["rubber"] is not None:
        _draw_rubber(draw, view["rubber"], left, right, y)


def auction_rows(view: View) -> list[list[str]]:
    """The auction grid's rows (N E S W, blank before the dealer), with "?" where a call is due."""
    cells = [""] * view["dealer"] + [call["call"] for call in view["auction"]]
    if view["phase"] == "auction":
        cells.append("?")
    return [(cells[start:start + 4] + [""] * 4)[:4] for start in range(0, len(cells), 4)]


def _draw_auction(draw: ImageDraw.ImageDraw, view: View, left: int, right: int, top: int) -> int:
    """The auction as a grid under N E S W (the dealer's column marked); returns the y below it."""
    column = (right - left) / 4
    for seat, direction in enumerate("NESW"):
        label = direction + ("*" if seat == view["dealer"] else "")
        draw.text((left + column * seat + column / 2, top), label, font=font(15, "bold"),
                  fill=GOLD if seat == view["dealer"] else TEXT, anchor="mt")
    draw.line((left, top + 22, right, top + 22), fill=PLATE_EDGE, width=1)
    rows = auction_rows(view)
    y = top + 28
    if len(rows) > AUCTION_ROWS:
        draw.text((left, y), f"… {len(rows) - AUCTION_ROWS + 1} earlier rounds", font=font(12), fill=MUTED)
        rows = rows[-(AUCTION_ROWS - 1):]
        y += ROW_H
    for row in rows:
        for seat, call in enumerate(row):
            if call:
                colour = GOLD if call == "?" else _call_colour(call)
                draw.text((left + column * seat + column / 2, y), contract_text(call), font=font(15), fill=colour,
                          anchor="mt")
        y += ROW_H
    if not rows:
        y += ROW_H
    return y + 10


def _draw_last_trick(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, left: int, top: int) -> int:
    """Four small cards labelled with their hand, and who won; returns the y below."""
    winner = view["last_trick_winner"]
    draw.text((left, top), f"Last trick, won by {DIRECTION_NAMES[winner] if winner is not None else '?'}",
              font=font(13), fill=MUTED)
    card_w = 38
    for n, played in enumerate(view["last_trick"]):
        x = left + n * (card_w + 34)
        paste_card(canvas, played["card"], (x + 16, top + 20), card_w)
        draw.text((x + 8, top + 20 + card_size(card_w)[1] // 2), "NESW"[played["seat"]], font=font(13, "bold"),
                  fill=GOLD if played["seat"] == winner else TEXT, anchor="mm")
    return top + 28 + card_size(card_w)[1]


def _draw_rubber(draw: ImageDraw.ImageDraw, rubber: Mapping[str, Any], left: int, right: int, top: int) -> None:
    """The rubber score sheet as a small table: above and below the line, games, totals, then the boards."""
    columns = (left + 190, left + 270)
    draw.text((left, top), "Rubber score", font=font(14, "bold"), fill=TEXT)
    for x, side in zip(columns, ("NS", "EW")):
        draw.text((x, top), side, font=font(14, "bold"), fill=TEXT, anchor="ma")
    y = top + 22
    rows = (("Above the line", rubber["above"]), ("Below the line", rubber["below"]),
            ("Games", rubber["games"]), ("Total", rubber["totals"]))
    for label, pair in rows:
        face = font(13, "bold") if label == "Total" else font(13)
        draw.text((left, y), label, font=face, fill=STACK)
        for x, value in zip(columns, pair):
            draw.text((x, y), str(value), font=face, fill=TEXT, anchor="ma")
        y += 18
    if rubber["finished"]:
        draw.text((left, y), "The rubber is over.", font=font(13, "bold"), fill=GOLD)
        y += 18
    bottom = TABLE_SIZE[1] - FOOTER_H - 8
    for entry in list(rubber["sheet"])[::-1]:
        if y + 16 > bottom:
            break
        points = entry["above"][0] + entry["below"][0] - entry["above"][1] - entry["below"][1]
        text = fit_text(f"#{entry['board']} {entry['result']}", font(12), columns[1] - left - 40)
        draw.text((left, y), text, font=font(12), fill=MUTED)
        draw.text((right, y), f"NS {points:+d}", font=font(12), fill=MUTED, anchor="ra")
        y += 16


def render_hand(view: View) -> bytes:
    """PNG of the viewer's hand by suit, dummy's hand when it is face up, and the auction so far; as
    tall as what it shows (at most ``HAND_SIZE``), so a phone shows no empty felt."""
    viewer = private_viewer(view)
    canvas = Image.new("RGB", HAND_SIZE, FELT)
    draw = canvas_draw(canvas)
    info = view["seats"][viewer]
    role = f" · {info['role']}" if info["role"] else ""
    draw_header(draw, HAND_SIZE[0], f"{player_name(info['name'], viewer)} · {DIRECTION_NAMES[viewer]}{role}",
                _status(view), height=30, size=14)
    cards_width = 620
    paste_row(canvas, shown_cards(view, viewer), 14 + cards_width / 2, 44, 66, gap=4, max_width=cards_width)
    bottom = 44 + card_size(66)[1]
    dummy = view["dummy"]
    if dummy is not None and dummy != viewer and HIDDEN not in view["seats"][dummy]["cards"] \
            and view["seats"][dummy]["cards"]:
        top = bottom + 12
        draw_text(draw, (14, top), f"Dummy ({DIRECTION_NAMES[dummy]})", font(13, "bold"), TEXT)
        paste_row(canvas, view["seats"][dummy]["cards"], 14 + cards_width / 2, top + 20, 46, gap=3,
                  max_width=cards_width)
        bottom = top + 20 + card_size(46)[1]
    panel_left = cards_width + 40
    draw.rectangle((panel_left - 10, 30, HAND_SIZE[0], HAND_SIZE[1]), fill=BACKGROUND)
    bottom = max(bottom, _draw_auction(draw, view, panel_left, HAND_SIZE[0] - 14, 40))
    return to_png(canvas.crop((0, 0, HAND_SIZE[0], min(HAND_SIZE[1], bottom + 12))))
