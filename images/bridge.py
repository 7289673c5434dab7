"""Contract bridge images: the table and a player's private hand, drawn from a ``BridgeView`` only.

The table is 800 x 600, Discord's 400 x 300 box at 2x, with every string at 22 px or more (11 px as
shown). North is at the top, as in every bridge diagram; each seat is a name plate (gold when its call
or card is due) over its hand: a diagram of four suit rows when the viewer may see it (dummy once the
opening lead is made, all four original hands at the end), else a fan of backs with its count. The
middle holds what matters now: the auction during the bidding, the trick during the play, the result
at the end. The corners hold the dealer and vulnerability (and a rubber's part scores while bidding),
the contract and tricks, the last trick, and after the board its score and the double-dummy table.
What does not fit at that size stays in the message's log (the last calls and cards); the private
hand (``images.bridge_hand``) carries the whole auction.
"""
from __future__ import annotations

from typing import Any, Mapping

from PIL import Image, ImageDraw

from images.bridge_analysis import draw_analysis, height
from images.bridge_diagram import (
    DIRECTION_NAMES,
    PANEL_H,
    View,
    auction_rows,
    card_text,
    contract_text,
    draw_auction,
    draw_hand,
    result_lines,
    shown_cards,
    turn_text,
    vulnerability,
)
from images.bridge_hand import render_hand
from images.cards import canvas_draw, card_size, fit_text, font, paste_card
from images.emoji_text import text_width
from images.palette import to_png
from images.theme import (
    GOLD,
    PLATE,
    PLATE_EDGE,
    STACK,
    TEXT,
    draw_footer,
    draw_header,
    felt_table,
    player_name,
)

__all__ = ["TABLE_SIZE", "SEAT_BOXES", "render_table", "render_hand", "auction_rows", "contract_text",
           "result_lines", "vulnerability"]

TABLE_SIZE = (800, 600)
HEADER_H = 40
FOOTER_H = 28
PLATE_H = 34
ROLE_COLOURS = {"declarer": GOLD, "dummy": (150, 200, 255)}
TRICK_CARD_W = 90
"""The trick's cards: the smallest width whose suit under the rank is 22 px (11 as shown)."""
CENTRE = (400, 306)
# Where each seat's card of the current trick sits, from the centre (N, E, S, W).
TRICK_OFFSETS = ((0, -31), (95, 0), (0, 31), (-95, 0))
TRICK_ORDER = (3, 0, 2, 1)
"""Pasted W, N, S, E: each card then leaves the rank and suit in its top-left corner in view."""
# (left, plate top, right, hand top) of N, E, S, W; the hand is PANEL_H tall, the plate PLATE_H.
SEAT_BOXES = (
    (250, 46, 550, 82),
    (544, 224, 792, 260),
    (250, 532, 550, 402),
    (8, 224, 256, 260),
)
CORNERS = {"top left": (12, 48, 244), "top right": (556, 48, 790), "bottom left": (12, 392, 244),
           "bottom right": (556, 392, 790)}
"""(left, top, right) of the four corners' text."""
MIDDLE = (262, 212, 538, 400)
"""The box between the four hands: the auction, the trick or the result."""


def render_table(view: View, footer: str | None = None) -> bytes:
    """PNG of the board: four hands around the felt, what matters now in the middle and the corners."""
    canvas = felt_table(TABLE_SIZE, HEADER_H, FOOTER_H, rim=4).copy()
    draw = canvas_draw(canvas)
    scoring = "Rubber" if view["scoring"] == "rubber" else "Duplicate"
    draw_header(draw, TABLE_SIZE[0], f"Board {view['board']} · {scoring}", turn_text(view), height=HEADER_H, size=28)
    for seat in range(4):
        _draw_seat(canvas, draw, view, seat)
    _draw_middle(canvas, draw, view)
    _draw_corners(draw, view)
    draw_footer(draw, TABLE_SIZE, footer, height=FOOTER_H, text_size=22)
    return to_png(canvas)



def _draw_seat(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, seat: int) -> None:
    """A name plate (direction, name, then declarer or dummy if the whole name leaves room for it: the
    contract names declarer; gold when the seat's call or card is due) and
    its hand under it (above it for South, at the table's edge)."""
    left, plate_top, right, hand_top = SEAT_BOXES[seat]
    info = view["seats"][seat]
    due = view["turn"] == seat and not view["finished"]
    draw.rounded_rectangle((left, plate_top, right, plate_top + PLATE_H), 8, fill=PLATE,
                           outline=GOLD if due else PLATE_EDGE, width=3 if due else 1)
    middle = plate_top + PLATE_H // 2
    draw.text((left + 10, middle), "NESW"[seat], font=font(28, "bold"), fill=GOLD, anchor="lm")
    name = player_name(info["name"], seat, is_bot=info["is_bot"])
    room = right - left - 62
    role = info["role"] if info["role"] in ROLE_COLOURS else ""
    if role and text_width(name, font(28, "bold")) + font(24).getlength(role) + 12 <= room:
        draw.text((right - 10, middle), role, font=font(24), fill=ROLE_COLOURS[role], anchor="rm")
    draw.text((left + 50, middle), fit_text(name, font(28, "bold"), room), font=font(28, "bold"), fill=TEXT,
              anchor="lm")
    draw_hand(canvas, draw, shown_cards(view, seat), (left, hand_top, right, hand_top + PANEL_H))


def _draw_middle(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    """The auction while it lasts, then the trick; words when no card lies there."""
    if view["phase"] == "auction":
        draw_auction(draw, view, MIDDLE, size=28)
        return
    card_w, card_h = card_size(TRICK_CARD_W)
    played = {card["seat"]: card["card"] for card in view["trick"]}
    for seat in TRICK_ORDER:
        if seat in played:
            dx, dy = TRICK_OFFSETS[seat]
            paste_card(canvas, played[seat], (CENTRE[0] + dx - card_w // 2, CENTRE[1] + dy - card_h // 2),
                       TRICK_CARD_W)
    if played:
        return
    lines = _middle_lines(view)
    width = MIDDLE[2] - MIDDLE[0]
    y = CENTRE[1] - 18 * len(lines)
    for n, text in enumerate(lines):
        face = font(30 if n == 0 else 28, "bold" if n == 0 else "regular")
        draw.text((CENTRE[0], y), fit_text(text, face, width), font=face, fill=GOLD if n == 0 else TEXT, anchor="mt")
        y += 36


def _middle_lines(view: View) -> list[str]:
    """What the middle says when no card lies there: the result, or whose lead it is (a claim is in the
    bottom-right corner and the header)."""
    if view["finished"]:
        first, *notes = result_lines(view)
        contract, _, points = first.partition(": ")
        words = contract.split(" ")
        split = 3 if len(words) > 3 and words[1] == "by" else len(words)  # "4♥ by S" / "making 5"
        return [" ".join(words[:split]), *([" ".join(words[split:])] if words[split:] else []),
                *([points] if points else []), *notes][:4]
    return [turn_text(view)] if view["turn"] is not None else []


def _draw_corners(draw: ImageDraw.ImageDraw, view: View) -> None:
    """Dealer and vulnerability (and a rubber's part scores while bidding); the contract and tricks;
    the last trick and a claim, or the score and the double-dummy table once the board is over."""
    left, top, right = CORNERS["top left"]
    lines = [(f"Dealer {DIRECTION_NAMES[view['dealer']]}", TEXT), (f"Vul {vulnerability(view['vulnerable'])}", TEXT)]
    rubber = view["rubber"]
    if view["phase"] == "auction" and rubber is not None and any(rubber["part"]):
        lines += [("Part score", GOLD), (f"NS {rubber['part'][0]} · EW {rubber['part'][1]}", GOLD)]
    _corner_lines(draw, lines, left, top, right)
    if view["contract"] and view["declarer"] is not None:
        left, top, right = CORNERS["top right"]
        contract = f"{contract_text(view['contract'])} by {'NESW'[view['declarer']]}"
        draw.text((right, top), fit_text(contract, font(32, "bold"), right - left), font=font(32, "bold"), fill=GOLD,
                  anchor="ra")
        tricks = f"Tricks NS {view['tricks'][0]} · EW {view['tricks'][1]}"
        draw.text((right, top + 44), fit_text(tricks, font(26), right - left), font=font(26), fill=TEXT, anchor="ra")
    if view["finished"]:
        _draw_score(draw, view)
        if view.get("analysis"):
            left, top, right = CORNERS["bottom right"]
            draw_analysis(draw, view["analysis"], left, right, TABLE_SIZE[1] - FOOTER_H - 6 - height(), short=True)
        return
    if view["last_trick"]:
        _draw_last_trick(draw, view)
    if view["claim"] is not None:  # also while a trick lies in the middle, hiding the middle's words
        left, top, right = CORNERS["bottom right"]
        claim = view["claim"]
        _corner_lines(draw, [(f"{DIRECTION_NAMES[claim['seat']]} claims", TEXT),
                             (f"{claim['tricks']} tricks in all", TEXT)], left, top + 100, right)


def _corner_lines(draw: ImageDraw.ImageDraw, lines: list[tuple[str, tuple[int, int, int]]], left: int, top: int,
                  right: int, size: int = 28) -> None:
    """Lines of a corner; a gold one (a rubber's part scores) smaller and bold."""
    for n, (text, colour) in enumerate(lines):
        face = font(size if colour != GOLD else 24, "bold" if colour == GOLD else "regular")
        draw.text((left, top + n * (size + 8)), fit_text(text, face, right - left), font=face, fill=colour)


def _draw_last_trick(draw: ImageDraw.ImageDraw, view: View) -> None:
    """The last trick as words in the bottom-left corner: who played which card, the winner's in gold."""
    left, top, right = CORNERS["bottom left"]
    winner = view["last_trick_winner"]
    top = TABLE_SIZE[1] - FOOTER_H - 8 - 3 * 36
    draw.text((left, top), f"Last trick: {DIRECTION_NAMES[winner] if winner is not None else '?'}", font=font(24),
              fill=STACK)
    for n, played in enumerate(view["last_trick"]):
        text = f"{'NESW'[played['seat']]} {card_text(played['card'])}"
        draw.text((left + (n % 2) * 116, top + 36 + (n // 2) * 36), text, font=font(28, "bold"),
                  fill=GOLD if played["seat"] == winner else TEXT)


def _draw_score(draw: ImageDraw.ImageDraw, view: View) -> None:
    """The board's score (duplicate), or the rubber's above and below the line and totals."""
    left, _, right = CORNERS["bottom left"]
    rubber: Mapping[str, Any] | None = view["rubber"]
    bottom = TABLE_SIZE[1] - FOOTER_H - 8
    if rubber is None:
        score = view["score"] or 0
        lines = [("Score", STACK), (f"NS {score:+d}", TEXT), (f"EW {-score:+d}", TEXT)]
        _corner_lines(draw, lines, left, bottom - 3 * 36, right)
        return
    rows = [("Rubber", ("NS", "EW")), ("Above", rubber["above"]), ("Below", rubber["below"]),
            ("Total", rubber["totals"])]
    top = bottom - 32 * (len(rows) + bool(rubber["finished"]))
    for n, (label, pair) in enumerate(rows):
        face = font(26, "bold") if n in (0, len(rows) - 1) else font(26)
        y = top + n * 32
        draw.text((left, y), label, font=face, fill=STACK)
        for x, value in zip((left + 170, right), pair):
            draw.text((x, y), str(value), font=face, fill=TEXT, anchor="ra")
    if rubber["finished"]:
        draw.text((left, top + len(rows) * 32), "The rubber is over", font=font(24, "bold"), fill=GOLD)
