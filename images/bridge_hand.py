"""A bridge player's private hand: 800 wide (Discord's 400 x 300 box at 2x) and as tall as what it
shows, at most 600. The member's cards, large and sorted by suit with a gap between suits (two-colour
faces: red hearts and diamonds, black spades and clubs); dummy's cards once they are face up; during
the bidding the whole auction, which the table picture may shorten; during the play the tricks and
whose card is due; at the end the result. Every string is 22 px or more (11 px as shown)."""
from __future__ import annotations

from typing import Sequence

from PIL import Image, ImageDraw

from bot.games.base import HIDDEN
from images.bridge_diagram import (
    DIRECTION_NAMES,
    View,
    contract_text,
    draw_auction,
    result_lines,
    shown_cards,
    turn_text,
    vulnerability,
)
from images.cards import canvas_draw, card_size, fit_text, font, paste_card
from images.palette import to_png
from images.theme import FELT, GOLD, TEXT, draw_header, player_name, private_viewer

HAND_SIZE = (800, 600)
"""The largest private hand (a long auction); a hand is cropped to what it shows."""
HEADER_H = 40
OWN_CARD_W = 100
DUMMY_CARD_W = 90
SUIT_GAP = 18
MARGIN = 14


def render_hand(view: View) -> bytes:
    """PNG of the viewer's hand by suit, dummy's when it is face up, and the auction or the play so far."""
    viewer = private_viewer(view)
    width = HAND_SIZE[0]
    canvas = Image.new("RGB", HAND_SIZE, FELT)
    draw = canvas_draw(canvas)
    info = view["seats"][viewer]
    role = f" · {info['role']}" if info["role"] else ""
    draw_header(draw, width, f"{player_name(info['name'], viewer)} · {DIRECTION_NAMES[viewer]}{role}",
                _status(view), height=HEADER_H, size=24)
    y = HEADER_H + 12
    y = paste_by_suit(canvas, shown_cards(view, viewer), y, OWN_CARD_W) + 12
    if view["phase"] == "auction":
        y = draw_auction(draw, view, (MARGIN, y, width - MARGIN, HAND_SIZE[1] - 12), size=28)
    else:
        y = _draw_play_line(draw, view, y)
        dummy = view["dummy"]
        cards = view["seats"][dummy]["cards"] if dummy is not None else []
        if dummy is not None and dummy != viewer and cards and HIDDEN not in cards and not view["finished"]:
            draw.text((MARGIN, y), f"Dummy · {DIRECTION_NAMES[dummy]}", font=font(24, "bold"), fill=TEXT)
            y = paste_by_suit(canvas, cards, y + 34, DUMMY_CARD_W)
    return to_png(canvas.crop((0, 0, width, min(HAND_SIZE[1], y + 12))))


def _status(view: View) -> str:
    """The header's right side: the contract once known, else the dealer and vulnerability."""
    if view["contract"] and view["declarer"] is not None:
        return f"{contract_text(view['contract'])} by {DIRECTION_NAMES[view['declarer']]}"
    return f"Dealer {DIRECTION_NAMES[view['dealer']]} · Vul {vulnerability(view['vulnerable'])}"


def _draw_play_line(draw: ImageDraw.ImageDraw, view: View, y: int) -> int:
    """Tricks and whose card is due during the play; the result at the end. Returns the y below."""
    if view["finished"]:
        text = " · ".join(result_lines(view))
    else:
        text = f"Tricks NS {view['tricks'][0]} · EW {view['tricks'][1]} · {turn_text(view)}"
    draw.text((MARGIN, y), fit_text(text, font(24, "bold"), HAND_SIZE[0] - 2 * MARGIN), font=font(24, "bold"),
              fill=GOLD)
    return y + 40


def paste_by_suit(canvas: Image.Image, cards: Sequence[str], top: int, card_w: int) -> int:
    """Paste ``cards`` (in suit order) left to right, fanned to fit the picture's width with a gap
    between suits; returns the y below them."""
    if not cards:
        return top
    suits = sum(1 for n, card in enumerate(cards) if n == 0 or card[1] != cards[n - 1][1])
    room = HAND_SIZE[0] - 2 * MARGIN - card_w - SUIT_GAP * (suits - 1)
    step = min(card_w + 6, room / max(1, len(cards) - 1))
    x = float(MARGIN)
    for n, card in enumerate(cards):
        if n:
            x += step + (SUIT_GAP if card[1] != cards[n - 1][1] else 0)
        paste_card(canvas, card, (round(x), top), card_w)
    return top + card_size(card_w)[1]
