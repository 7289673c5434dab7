"""Presidential Poker images: SIXCHEX cards, the table and a player's private hand, from a
``PresidentialView`` only (``bot.games.presidential``).

A SIXCHEX card face shows its six symbols one above the other so each stays legible at table size:
a colour band named in words, the play number (two for Kingdom V) and the letter, the geometric
figure drawn with its fill (solid, partial: lower half, hollow), then the picture and the mystery
symbol side by side as colour pictures (``images.icons``); the colour's name is a small label on its
band, for colour-blind players. When a hand is ranked, the symbol each card lends to it (``chosen``) sits on a gold patch.
A hidden card ("??") is the shared card back.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Mapping, Sequence

from PIL import Image, ImageDraw

from bot.games.base import HIDDEN
from bot.games.words import counted
from images.cards import (
    CARD_RATIO,
    FACE_EDGE,
    FACE_FILL,
    INK_BLACK,
    Color,
    Weight,
    canvas_draw,
    card_image,
    chips,
    draw_text,
    fit_text,
    font,
    wrap_text,
)
from images.palette import to_png
from images.icons import icon
from images.theme import (
    BACKGROUND,
    FELT,
    FOOTER_H,
    GOLD,
    HEADER_H,
    MUTED,
    PLATE,
    PLATE_EDGE,
    STACK,
    TEXT,
    draw_dealer_button,
    draw_footer,
    draw_header,
    player_name,
    private_viewer,
)

View = Mapping[str, Any]
CardView = Mapping[str, Any]

SWATCHES: dict[str, Color] = {
    "dark-red": (168, 24, 36), "light-red": (242, 122, 122),
    "dark-orange": (206, 92, 8), "light-orange": (252, 182, 104),
    "dark-yellow": (196, 152, 0), "light-yellow": (252, 234, 120),
    "dark-green": (24, 112, 44), "light-green": (134, 212, 134),
    "dark-blue": (22, 62, 172), "light-blue": (126, 174, 242),
    "dark-indigo": (54, 32, 124), "light-indigo": (136, 124, 214),
    "dark-violet": (122, 32, 142), "light-violet": (214, 146, 232),
    "black": (22, 22, 26), "gray": (142, 142, 146), "tan": (212, 182, 140), "pink": (246, 170, 204),
}
"""The card colour of each colour symbol."""

INK = INK_BLACK  # one near-black for every card (the palette keeps near-identical colours apart poorly)
CHOSEN_FILL = (255, 226, 120)
CHOSEN_EDGE = (214, 150, 0)
FREE_EDGE = (170, 170, 178)
SHOWN = (230, 220, 170)
ACTION = (150, 200, 255)
DIMMED = (110, 112, 118)
LOG = (214, 230, 220)
PLATE_FOLDED = (40, 42, 46)

# The band of the card face each category fills: (top, bottom) as fractions of the card height.
REGIONS: dict[str, tuple[float, float]] = {
    "colour": (0.035, 0.165), "number": (0.18, 0.37), "letter": (0.18, 0.37),
    "figure": (0.385, 0.615), "picture": (0.635, 0.965), "mystery": (0.635, 0.965),
}
NUMBER_RIGHT = 0.62  # the number takes the left of its row, the letter the rest
PICTURE_RIGHT = 0.5  # the picture takes the left of the bottom row, the mystery symbol the right

PHASES = {"betting1": "First interval", "draw": "Draw", "betting2": "Second interval",
          "showdown": "Showdown", "folded": "Won without showdown", "no-opener": "Nobody opened"}

WIDTH = 960
TABLE_CARD_W = 74
CARD_GAP = 6
PLATE_X, PLATE_W = 14, 232
CARDS_X = PLATE_X + PLATE_W + 14
SIDE_X = CARDS_X + 7 * TABLE_CARD_W + 6 * CARD_GAP + 14
INFO_H = 74
ROW_H = round(TABLE_CARD_W * CARD_RATIO) + 18
LOG_H = 96
HAND_CARD_W = 124
HAND_SIZE = (WIDTH, 446)

_SUPERSAMPLE = 4


# ---- one card ------------------------------------------------------------------------------------

def card_sprite(card: CardView, width: int, *, grouped: bool = True, dim: bool = False) -> Image.Image:
    """The RGBA sprite of a card view ``width`` px wide: its face, or the back for "??".

    The chosen symbol sits on a gold patch when ``grouped`` (it counts in the rank), else it is only
    outlined (a card outside every group lends a symbol that matches nothing). Shared and cached:
    paste it, never draw on it.
    """
    if card["code"] == HIDDEN or card["symbols"] is None:
        return card_image(HIDDEN, width, dim=dim)
    return _face(tuple(sorted(card["symbols"].items())), card.get("chosen"), grouped, width, dim)


@lru_cache(maxsize=512)
def _face(items: tuple[tuple[str, str], ...], chosen: str | None, grouped: bool, width: int,
          dim: bool) -> Image.Image:
    """A face sprite, drawn at four times its size and scaled down; the cache is bounded because
    faces vary with the chosen symbol (a seven-card hand of 72 cards by 6 symbols, two sizes)."""
    symbols = dict(items)
    w, h = width * _SUPERSAMPLE, round(width * CARD_RATIO) * _SUPERSAMPLE
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    radius, edge = round(w * 0.09), max(_SUPERSAMPLE, round(w * 0.018))
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=FACE_FILL, outline=FACE_EDGE, width=edge)
    margin = round(w * 0.06)
    if chosen is not None:
        _highlight(draw, chosen, grouped, w, h, margin)
    top, bottom = (round(f * h) for f in REGIONS["colour"])
    swatch = SWATCHES[symbols["colour"]]
    draw.rounded_rectangle((margin, top, w - margin, bottom), round(w * 0.05), fill=swatch,
                           outline=(90, 90, 96), width=max(1, _SUPERSAMPLE // 2))
    label_ink = (255, 255, 255) if sum(swatch) < 380 else INK
    _text(draw, symbols["colour"].replace("-", " "), "regular", (w / 2, (top + bottom) / 2),
          0.055 * h, w - 2.6 * margin, label_ink)  # a small label for colour-blind players

    top, bottom = (round(f * h) for f in REGIONS["number"])
    middle = (top + bottom) / 2
    number = symbols["number"].replace("+", "/")
    size = 0.15 * h if "/" not in number else 0.1 * h
    _text(draw, number, "bold", (NUMBER_RIGHT * w / 2 + margin / 2, middle), size,
          NUMBER_RIGHT * w - 1.5 * margin, INK)
    draw.line((NUMBER_RIGHT * w, top + 0.02 * h, NUMBER_RIGHT * w, bottom - 0.02 * h), fill=FACE_EDGE,
              width=max(1, _SUPERSAMPLE // 2))
    _text(draw, symbols["letter"], "bold", ((NUMBER_RIGHT * w + w - margin) / 2, middle), 0.15 * h,
          (1 - NUMBER_RIGHT) * w - 1.5 * margin, (150, 30, 40))

    top, bottom = (round(f * h) for f in REGIONS["figure"])
    _figure(img, symbols["figure"], (w / 2, (top + bottom) / 2), 0.42 * (bottom - top))

    top, bottom = (round(f * h) for f in REGIONS["picture"])
    size = min(bottom - top - 2 * margin // 3, round(PICTURE_RIGHT * w - 1.6 * margin))
    for category, centre_x in (("picture", (PICTURE_RIGHT * w + margin / 2) / 2),
                               ("mystery", (PICTURE_RIGHT * w + w - margin / 2) / 2)):
        picture = icon(symbols[category], size)
        img.alpha_composite(picture, (round(centre_x - size / 2), round((top + bottom - size) / 2)))

    sprite = img.resize((width, round(width * CARD_RATIO)), Image.Resampling.LANCZOS)
    if dim:
        grey = Image.new("RGBA", sprite.size, (70, 74, 80, 255))
        faded = Image.blend(sprite, grey, 0.55)
        faded.putalpha(sprite.getchannel("A"))
        sprite = faded
    return sprite


def _highlight(draw: ImageDraw.ImageDraw, category: str, grouped: bool, w: int, h: int, margin: int) -> None:
    """A gold patch behind the chosen symbol's place on the face, or a thin outline around it."""
    top, bottom = REGIONS[category]
    left, right = margin * 0.4, w - margin * 0.4
    if category == "number":
        right = NUMBER_RIGHT * w - margin * 0.2
    elif category == "letter":
        left = NUMBER_RIGHT * w + margin * 0.2
    elif category == "picture":
        right = PICTURE_RIGHT * w - margin * 0.1
    elif category == "mystery":
        left = PICTURE_RIGHT * w + margin * 0.1
    pad = 0.012 * h
    draw.rounded_rectangle((left, top * h - pad, right, bottom * h + pad), round(w * 0.06),
                           fill=CHOSEN_FILL if grouped else None, outline=CHOSEN_EDGE if grouped else FREE_EDGE,
                           width=max(2, round(w * (0.03 if grouped else 0.012))))


def _text(draw: ImageDraw.ImageDraw, text: str, weight: Weight, centre: tuple[float, float], height: float,
          max_width: float, ink: Color) -> None:
    """``text`` centred on ``centre``, its capitals about ``height`` tall, smaller if it is too wide."""
    size = max(4, round(height * 1.38))
    face = font(size, weight)
    while size > 4 and face.getlength(text) > max_width:
        size = max(4, int(size * max_width / face.getlength(text)))
        face = font(size, weight)
    draw.text(centre, text, font=face, fill=ink, anchor="mm")


def _figure(img: Image.Image, figure: str, centre: tuple[float, float], r: float) -> None:
    """The geometric figure: its shape, filled solid, in its lower half (partial) or not (hollow)."""
    fill, shape = figure.split("-", 1)
    points = _outline(shape, centre, r)
    mask = Image.new("L", img.size, 0)
    pen = ImageDraw.Draw(mask)
    if fill != "hollow":
        pen.polygon(points, fill=255)
        if fill == "partial":
            pen.rectangle((0, 0, img.width, centre[1]), fill=0)
    pen.polygon(points, outline=255, width=max(2, round(r * 0.12)))
    img.paste(INK + (255,), (0, 0), mask)


def _outline(shape: str, centre: tuple[float, float], r: float) -> list[tuple[float, float]]:
    """Corner points of a shape of "radius" ``r`` around ``centre`` (a circle is a 48-gon)."""
    x, y = centre

    def ring(count: int, radius: float, start: float, dy: float = 0.0) -> list[tuple[float, float]]:
        return [(x + radius * math.cos(math.radians(start + 360 * k / count)),
                 y + dy + radius * math.sin(math.radians(start + 360 * k / count))) for k in range(count)]

    if shape == "square":
        s = r * 0.82
        return [(x - s, y - s), (x + s, y - s), (x + s, y + s), (x - s, y + s)]
    if shape == "circle":
        return ring(48, r, 0)
    if shape == "star":
        outer, inner = ring(5, r * 1.08, -90, r * 0.08), ring(5, r * 0.45, -54, r * 0.08)
        return [p for pair in zip(outer, inner) for p in pair]
    if shape == "triangle":
        return ring(3, r * 1.12, -90, r * 0.2)
    if shape == "diamond":
        return [(x, y - r * 1.05), (x + r * 0.75, y), (x, y + r * 1.05), (x - r * 0.75, y)]
    if shape == "hexagon":
        return ring(6, r, 0)
    raise ValueError(f"Not a SIXCHEX shape: {shape!r}.")


def paste_cards(canvas: Image.Image, cards: Sequence[CardView], left: int, top: int, width: int, *,
                hand: Mapping[str, Any] | None = None, gap: int = CARD_GAP, dim: bool = False) -> None:
    """Paste a row of cards left to right from ``(left, top)``; ``hand`` (the seat's ranked hand)
    says which cards count in a group of the rank."""
    grouped = grouped_codes(hand)
    for n, card in enumerate(cards):
        sprite = card_sprite(card, width, grouped=card["code"] in grouped, dim=dim)
        canvas.paste(sprite, (left + n * (width + gap), top), sprite)


def grouped_codes(hand: Mapping[str, Any] | None) -> set[str]:
    """Codes of the cards whose chosen symbol makes the rank (in one of ``hand["groups"]``)."""
    if hand is None:
        return set()
    return {code for _, codes in hand["groups"] for code in codes}


# ---- the table -----------------------------------------------------------------------------------

def table_size(players: int) -> tuple[int, int]:
    """(width, height) of the table image: one row per seat."""
    return WIDTH, HEADER_H + INFO_H + players * ROW_H + LOG_H + FOOTER_H


def render_table(view: View, footer: str | None = "") -> bytes:
    """PNG of the table: the pot and what happens now, one row per seat (plate, seven cards, bet or
    rank), then the last log lines or the winners; ``footer`` is a small line at the bottom."""
    seats = view["seats"]
    size = table_size(len(seats))
    canvas = Image.new("RGB", size, BACKGROUND)
    draw = canvas_draw(canvas)
    draw.rectangle((0, HEADER_H, size[0], size[1] - FOOTER_H), fill=FELT)
    draw_header(draw, size[0], f"{view['variant']} · {_stakes(view)}",
                f"Hand #{view['hand_no']} · {PHASES.get(view['phase'], view['phase'])}")
    _draw_info(draw, view)
    for index, seat in enumerate(seats):
        _draw_seat(canvas, draw, view, index, seat, HEADER_H + INFO_H + index * ROW_H)
    _draw_log(draw, view, HEADER_H + INFO_H + len(seats) * ROW_H + 8)
    draw_footer(draw, size, footer)
    return to_png(canvas)


def _stakes(view: View) -> str:
    """The ante, and the bet of the interval being played (the view knows only that one)."""
    text = f"Ante {chips(view['ante'])}"
    if view["phase"] in ("betting1", "betting2"):
        bet = "Bet" if view["variant"].startswith("Fixed") else "Smallest bet"
        text += f" · {bet} {chips(view['bet_size'])}"
    return text


def _name(view: View, seat: int) -> str:
    return player_name(view["seats"][seat]["name"], seat)


def _draw_info(draw: ImageDraw.ImageDraw, view: View) -> None:
    """Pot (and side pots) at the left; what the table waits for, the opener and the pack at the right."""
    top = HEADER_H + 12
    amounts = [pot["amount"] for pot in view["pots"] if pot["amount"] > 0]
    pot = " · ".join([f"Main {chips(amounts[0])}"] + [f"Side {chips(a)}" for a in amounts[1:]]) \
        if len(amounts) > 1 else f"Pot {chips(sum(amounts))}"
    draw_text(draw, (PLATE_X + 4, top), fit_text(pot, font(24, "bold"), 330), font(24, "bold"), GOLD)
    notes = [f"Ante {chips(view['ante'])} each"]
    if view["carried"]:
        notes.append(f"{chips(view['carried'])} carried from the last deal")
    draw_text(draw, (PLATE_X + 4, top + 34), fit_text(" · ".join(notes), font(14), 330), font(14), LOG)
    x = 380
    draw_text(draw, (x, top + 2), fit_text(_now_text(view), font(18, "bold"), WIDTH - x - 16), font(18, "bold"),
              TEXT)
    facts = []
    if view["opener"] is not None:
        facts.append(f"Opened by {_name(view, view['opener'])}")
    elif view["phase"] == "betting1":
        facts.append("Not opened yet")
    if view["phase"] in ("betting1", "betting2") and not view["finished"]:
        facts.append(f"Bet {chips(view['current_bet'])}")
    facts.append(f"Pack {counted(view['deck_left'], 'card')}")
    draw_text(draw, (x, top + 34), fit_text(" · ".join(facts), font(14), WIDTH - x - 16), font(14), LOG)


def _now_text(view: View) -> str:
    """Who the table waits for and what for, or how the deal ended."""
    if view["finished"]:
        return {"showdown": "Showdown", "folded": "Won without a showdown",
                "no-opener": "Nobody opened: the pot stays for the next deal"}.get(view["phase"], "Over")
    for index, seat in enumerate(view["seats"]):
        if not seat["to_act"]:
            continue
        name = _name(view, index)
        if view["phase"] == "draw":
            return f"{name} draws: discard 0 to 7 cards"
        owed = view["current_bet"] - seat["bet"]
        if owed > 0:
            return f"{name} to act: {chips(owed)} to call"
        return f"{name}: check or {'open' if view['phase'] == 'betting1' else 'bet'}"
    phase: str = view["phase"]
    return PHASES.get(phase, phase)


def _draw_seat(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, index: int, seat: Mapping[str, Any],
               top: int) -> None:
    """A plate (name, stack, status, the draw or the rank shown), the seven cards and, at the right,
    the bet in this interval or the chips won."""
    finished = view["finished"]
    folded = seat["folded"]
    highlight = seat["won"] > 0 or (seat["to_act"] and not finished)
    plate = (PLATE_X, top + 6, PLATE_X + PLATE_W, top + ROW_H - 8)
    draw.rounded_rectangle(plate, 8, fill=PLATE_FOLDED if folded else PLATE,
                           outline=GOLD if highlight else PLATE_EDGE, width=3 if highlight else 1)
    inner = PLATE_W - (46 if seat["is_dealer"] else 20)
    x = PLATE_X + 10
    draw.text((x, top + 14), fit_text(player_name(seat["name"], index), font(16, "bold"), inner),
              font=font(16, "bold"), fill=DIMMED if folded else TEXT)
    if seat["is_dealer"]:
        draw_dealer_button(draw, (plate[2] - 20, top + 24), radius=10)
    stack = f"Stack {chips(seat['stack'])}" + (" · all-in" if seat["all_in"] else "")
    draw.text((x, top + 38), fit_text(stack, font(14), PLATE_W - 20), font=font(14),
              fill=DIMMED if folded else STACK)
    status, colour = _status(seat, finished)
    draw.text((x, top + 58), fit_text(status, font(13), PLATE_W - 20), font=font(13), fill=colour)
    lines = []
    if seat["hand"] is not None:
        lines.append((f"{seat['hand']['name']} ({seat['hand']['rank']})", SHOWN))
    if seat["drew"] is not None:
        lines.append(("Stood pat" if seat["drew"] == 0 else f"Drew {seat['drew']}", LOG))
    y = top + 78
    for text, colour in lines[:2]:
        draw.text((x, y), fit_text(text, font(13, "bold"), PLATE_W - 20), font=font(13, "bold"), fill=colour)
        y += 18

    paste_cards(canvas, seat["cards"], CARDS_X, top + 8, TABLE_CARD_W, hand=seat["hand"], dim=folded)

    side = (SIDE_X, top + ROW_H // 2)
    if seat["won"] > 0:
        draw_text(draw, side, f"+{chips(seat['won'])}", font(22, "bold"), GOLD, anchor="lm")
    elif seat["bet"] > 0:
        draw_text(draw, side, f"Bet {chips(seat['bet'])}", font(18, "bold"), TEXT, anchor="lm")
    if seat["hand"] is not None and finished:
        draw_text(draw, (SIDE_X, side[1] + 26), fit_text(seat["hand"]["rank"], font(14), WIDTH - SIDE_X - 10),
                  font(14), SHOWN, anchor="lm")


def _status(seat: Mapping[str, Any], finished: bool) -> tuple[str, Color]:
    if seat["won"] > 0:
        return f"Won {chips(seat['won'])}", GOLD
    if seat["folded"]:
        return "Folded", DIMMED
    if seat["to_act"] and not finished:
        return "To act", GOLD
    return seat["last_action"], ACTION


def _draw_log(draw: ImageDraw.ImageDraw, view: View, top: int) -> None:
    """The winners once the deal is over (the summary if nobody opened), else the last log lines."""
    width = WIDTH - 2 * PLATE_X - 8
    if view["winners"]:
        texts, face, colour = list(view["winners"]), font(17, "bold"), GOLD
    elif view["finished"]:
        texts, face, colour = list(view["log"][-1:]), font(17, "bold"), GOLD
    else:
        texts, face, colour = list(view["log"][-4:]), font(14), LOG
    y = float(top)
    for text in texts:
        for line in wrap_text(text, face, width, 2 if view["finished"] else 1):
            if y + face.size > top + LOG_H - 6:
                return
            draw_text(draw, (PLATE_X + 4, y), line, face, colour)
            y += face.size + 6


# ---- the private hand ----------------------------------------------------------------------------

def render_hand(view: View) -> bytes:
    """PNG of the viewer's seven cards large, each with its code, the best rank they make now with
    its symbols highlighted, the tie-break line, the chips and what the viewer does next."""
    viewer = private_viewer(view)
    seat = view["seats"][viewer]
    width, height = HAND_SIZE
    canvas = Image.new("RGB", HAND_SIZE, FELT)
    draw = canvas_draw(canvas)
    draw_header(draw, width, player_name(seat["name"], viewer),
                f"Hand #{view['hand_no']} · {PHASES.get(view['phase'], view['phase'])}", height=30, size=14)
    cards = list(seat["cards"])
    gap = 8
    left = (width - len(cards) * (HAND_CARD_W + gap) + gap) // 2
    top = 42
    paste_cards(canvas, cards, left, top, HAND_CARD_W, hand=seat["hand"], gap=gap, dim=seat["folded"])
    y = top + round(HAND_CARD_W * CARD_RATIO) + 4
    for n, card in enumerate(cards):
        draw_text(draw, (left + n * (HAND_CARD_W + gap) + HAND_CARD_W / 2, y), card["code"], font(13, "bold"),
                  LOG, anchor="mt")
    y += 26
    hand = seat["hand"]
    if hand is not None:
        title = f"{hand['name']} ({hand['rank']})"
        draw_text(draw, (24, y), fit_text(title, font(20, "bold"), width - 48), font(20, "bold"), GOLD)
        y += 28
        parts = " + ".join(f"{len(codes)}× {str(symbol).replace('-', ' ')}" for symbol, codes in hand["groups"])
        for text in (parts or "No symbol repeats", hand["tiebreak"]):
            draw_text(draw, (24, y), fit_text(text, font(14), width - 48), font(14), TEXT)
            y += 21
        draw_text(draw, (24, y), "Gold: the symbols that make the rank.", font(12), MUTED)
        y += 22
    pot = sum(p["amount"] for p in view["pots"])
    money = f"Stack {chips(seat['stack'])} · in the pot {chips(seat['in_pot'])} of {chips(pot)}"
    if seat["bet"]:
        money += f" · bet {chips(seat['bet'])}"
    draw_text(draw, (24, y), fit_text(money, font(14), width - 48), font(14), TEXT)
    y += 24
    for line in wrap_text(_hand_note(view, viewer), font(15, "bold"), width - 48, 2):
        draw_text(draw, (24, y), line, font(15, "bold"), GOLD)
        y += 21
    return to_png(canvas)


def _hand_note(view: View, viewer: int) -> str:
    seat = view["seats"][viewer]
    if view["finished"]:
        return "; ".join(view["winners"]) or (view["log"][-1] if view["log"] else "The deal is over.")
    if seat["folded"]:
        return "You folded."
    if seat["to_act"]:
        if view["phase"] == "draw":
            return "Your draw: pick the cards to throw away (none to stand pat)."
        owed = view["current_bet"] - seat["bet"]
        if owed > 0:
            return f"Your turn: {chips(owed)} to call."
        return f"Your turn: check or {'open' if view['phase'] == 'betting1' else 'bet'}."
    return _now_text(view) + "."
