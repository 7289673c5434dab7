"""Presidential Poker images: SIXCHEX cards, the table and a player's private hand, from a
``PresidentialView`` only (``bot.games.presidential``), laid out for Discord's 400 x 300 box at 2x
(issue 40): the table is 800 x 600 and the private hand 800 x 600, with no string under 22 px (11 px
as shown).

A SIXCHEX card face shows its six symbols one above the other: a colour band with the colour's name on
it (for colour-blind players), the play number (two for Kingdom V) and the letter, the geometric figure
drawn with its fill (solid, partial: lower half, hollow), then the picture and the mystery symbol side
by side as colour pictures (``images.icons``). When a hand is ranked, the symbol each card lends to it
(``chosen``) sits on a gold patch. A hidden card ("??") is the shared card back.

Seven full faces per seat do not fit a table read at 400 x 300, so the table says less: a hidden hand
is a small fan of backs beside the seat's last action and draw, and a shown hand (the showdown) is
seven **tiles**, each the one symbol its card lends to the rank, large (a colour is the tile's own
colour). The private hand shows the viewer's seven faces in full, where the draw is decided.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Mapping

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
    GOLD,
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
          "showdown": "Showdown", "folded": "Won by folds", "no-opener": "Nobody opened"}

WIDTH, HEIGHT = 800, 600
HEADER_H, FOOTER_H = 48, 30
HEADER_PX, FOOTER_PX = 26, 22      # the header's bold text, the footer's monospaced line
NAME_PX, LINE_PX = 28, 28
INFO_H = 124                       # the pot and what the table waits for
ROWS_TOP = HEADER_H + INFO_H
ROWS_H = HEIGHT - FOOTER_H - ROWS_TOP - 6
ROW_MAX = 110
PLATE_X, PLATE_W = 12, 232
CARDS_X = PLATE_X + PLATE_W + 12
TILE_W, TILE_GAP, TILE_MAX_H = 50, 4, 64
BACKS_RIGHT = CARDS_X + 120        # the fanned backs end here; the last action follows
SIDE_X = CARDS_X + 7 * TILE_W + 6 * TILE_GAP + 12
HAND_SIZE = (800, 600)
HAND_CARD_W = 150
HAND_CARD_H = round(HAND_CARD_W * CARD_RATIO)
HAND_LEFT, HAND_TOP, HAND_GAP = 10, HEADER_H + 8, 6

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
    counts = chosen == "colour" and grouped  # the band is nearly the card's width: its edge turns gold
    draw.rounded_rectangle((margin / 2, top, w - margin / 2, bottom), round(w * 0.05), fill=swatch,
                           outline=CHOSEN_EDGE if counts else (90, 90, 96),
                           width=round(w * 0.035) if counts else max(1, _SUPERSAMPLE // 2))
    label_ink = (255, 255, 255) if sum(swatch) < 380 else INK
    _text(draw, symbols["colour"].replace("-", " "), "regular", (w / 2, (top + bottom) / 2),
          0.077 * h, w - 1.2 * margin, label_ink)  # the colour's name, for colour-blind players

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
    return _dimmed(sprite) if dim else sprite


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


def grouped_codes(hand: Mapping[str, Any] | None) -> set[str]:
    """Codes of the cards whose chosen symbol makes the rank (in one of ``hand["groups"]``)."""
    if hand is None:
        return set()
    return {code for _, codes in hand["groups"] for code in codes}


# ---- the chosen symbol alone: the table's tiles -----------------------------------------------------

def tile_sprite(card: CardView, width: int, height: int, *, grouped: bool = True, dim: bool = False) -> Image.Image:
    """The RGBA tile of a shown card on the table: the one symbol it lends to its hand, large (on gold
    when it counts in a group), or its name ("15B") when no symbol is chosen; the back for "??".
    Shared and cached: paste it, never draw on it."""
    if card["code"] == HIDDEN or card["symbols"] is None:
        return card_image(HIDDEN, width, dim=dim)
    chosen = card.get("chosen")
    if chosen is None:
        return _tile("name", _card_name(card["symbols"]), width, height, False, dim)
    return _tile(chosen, card["symbols"][chosen], width, height, grouped, dim)


def _card_name(symbols: Mapping[str, str]) -> str:
    """A card as players name it: its play number and letter, "15B" or "17/20S"."""
    return symbols["number"].replace("+", "/") + symbols["letter"]


@lru_cache(maxsize=512)
def _tile(category: str, symbol: str, width: int, height: int, grouped: bool, dim: bool) -> Image.Image:
    """A tile drawn at four times its size and scaled down. A colour is the tile's own colour (its name
    does not fit at a legible size: the private hand and the rules page name it)."""
    w, h = width * _SUPERSAMPLE, height * _SUPERSAMPLE
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    fill = SWATCHES[symbol] if category == "colour" else CHOSEN_FILL if grouped else FACE_FILL
    draw.rounded_rectangle((0, 0, w - 1, h - 1), round(w * 0.14), fill=fill,
                           outline=CHOSEN_EDGE if grouped else FREE_EDGE,
                           width=round(w * (0.09 if grouped else 0.04)))
    middle = (w / 2, h / 2)
    em = 22 * _SUPERSAMPLE / 1.38  # ``_text`` takes a capital's height: this is a 22 px em
    if category == "number" and "+" in symbol:  # Kingdom V: both numbers, one above the other
        first, second = symbol.split("+")
        _text(draw, first, "bold", (w / 2, h * 0.29), em, w * 0.9, INK)
        _text(draw, second, "bold", (w / 2, h * 0.71), em, w * 0.9, INK)
    elif category in ("number", "letter", "name"):
        size = em * (1.5 if category == "letter" else 1.25 if len(symbol) < 3 else 1.0)
        _text(draw, symbol, "bold", middle, size, w * 0.9, (150, 30, 40) if category == "letter" else INK)
    elif category == "figure":
        _figure(img, symbol, middle, 0.3 * min(w, h))
    elif category in ("picture", "mystery"):
        size = round(0.78 * min(w, h))
        img.alpha_composite(icon(symbol, size), (round((w - size) / 2), round((h - size) / 2)))
    sprite = img.resize((width, height), Image.Resampling.LANCZOS)
    return _dimmed(sprite) if dim else sprite


def _dimmed(sprite: Image.Image) -> Image.Image:
    grey = Image.new("RGBA", sprite.size, (70, 74, 80, 255))
    faded = Image.blend(sprite, grey, 0.55)
    faded.putalpha(sprite.getchannel("A"))
    return faded


# ---- the table -----------------------------------------------------------------------------------

def row_height(players: int) -> int:
    """A seat's row: the rows share the height under the pot, at most ``ROW_MAX`` each."""
    return min(ROW_MAX, ROWS_H // players)


def row_top(index: int, players: int) -> int:
    """Top of a seat's row; the rows are centred in the space under the pot."""
    return ROWS_TOP + (ROWS_H - players * row_height(players)) // 2 + index * row_height(players)


def cards_box(index: int, players: int) -> tuple[int, int, int, int]:
    """Where a seat's cards are drawn: its seven tiles, or its fanned backs while they are hidden."""
    height = min(TILE_MAX_H, row_height(players) - 8)
    top = row_top(index, players) + (row_height(players) - height) // 2
    return CARDS_X, top, CARDS_X + 7 * TILE_W + 6 * TILE_GAP, top + height


def render_table(view: View, footer: str | None = "") -> bytes:
    """PNG of the table, 800 x 600: the pot, whose turn and what it costs at the top, then a row per
    seat (plate with name and stack; the cards as backs, or shown, each by the symbol it lends; the
    last action, the draw, the bet or the chips won); ``footer`` is a line at the bottom. The log
    stays in the message text."""
    seats = view["seats"]
    canvas = _background().copy()
    draw = canvas_draw(canvas)
    draw_header(draw, WIDTH, f"Presidential · Ante {chips(view['ante'])}",
                f"Hand #{view['hand_no']} · {PHASES.get(view['phase'], view['phase'])}", height=HEADER_H,
                size=HEADER_PX)
    _draw_info(draw, view)
    for index, seat in enumerate(seats):
        _draw_seat(canvas, draw, view, index, seat)
    draw_footer(draw, (WIDTH, HEIGHT), footer, height=FOOTER_H, text_size=FOOTER_PX)
    return to_png(canvas)


@lru_cache(maxsize=1)
def _background() -> Image.Image:
    """The felt between header and footer; drawn once (shared: copy it)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    ImageDraw.Draw(image).rectangle((0, HEADER_H, WIDTH, HEIGHT - FOOTER_H), fill=FELT)
    return image


def _name(view: View, seat: int) -> str:
    return player_name(view["seats"][seat]["name"], seat)


def _draw_info(draw: ImageDraw.ImageDraw, view: View) -> None:
    """The pot, then the opener, the bet size and the pack beside it; under them what the table waits
    for, or the winners once the deal is over."""
    top, x = HEADER_H + 8, float(PLATE_X + 6)
    amounts = [pot["amount"] for pot in view["pots"] if pot["amount"] > 0]
    pot = " · ".join([f"Main {chips(amounts[0])}"] + [f"Side {chips(a)}" for a in amounts[1:]]) \
        if len(amounts) > 1 else f"Pot {chips(sum(amounts))}"
    face = font(36, "bold")
    pot = fit_text(pot, face, 520)
    draw_text(draw, (x, top), pot, face, GOLD)
    x += face.getlength(pot) + 24
    if WIDTH - x - 16 >= 160:  # side pots first: the facts take what is left, if enough
        draw_text(draw, (x, top + 8), fit_text(" · ".join(_facts(view)), font(28), WIDTH - x - 16), font(28), LOG)
    width = WIDTH - 2 * PLATE_X - 12
    if view["winners"] or view["finished"]:
        texts = list(view["winners"]) or [_now_text(view)]
        lines = [line for text in texts for line in wrap_text(text, font(28, "bold"), width, 2)]
        for n, line in enumerate(lines[:2]):
            draw_text(draw, (PLATE_X + 6, top + 48 + n * 34), line, font(28, "bold"), GOLD)
        return
    draw_text(draw, (PLATE_X + 6, top + 50), fit_text(_now_text(view), font(30, "bold"), width), font(30, "bold"),
              TEXT)


def _facts(view: View) -> list[str]:
    facts = []
    if view["opener"] is not None:
        facts.append(f"Opened by {_name(view, view['opener'])}")
    elif view["phase"] == "betting1":
        facts.append("Not opened")
    if view["phase"] in ("betting1", "betting2"):
        bet = "bets of" if view["variant"].startswith("Fixed") else "smallest bet"
        facts.append(f"{bet} {chips(view['bet_size'])}")
    facts.append(f"{counted(view['deck_left'], 'card')} left")
    if view["carried"]:
        facts.append(f"{chips(view['carried'])} carried")
    return facts


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


def _draw_seat(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, index: int,
               seat: Mapping[str, Any]) -> None:
    """A plate (name, stack), the seven cards and what the seat did, and at the right the bet in this
    interval or the chips won, with the rank shown."""
    players = len(view["seats"])
    top, height = row_top(index, players), row_height(players)
    finished, folded = view["finished"], seat["folded"]
    highlight = seat["won"] > 0 or (seat["to_act"] and not finished)
    plate = (PLATE_X, top + 3, PLATE_X + PLATE_W, top + height - 3)
    draw.rounded_rectangle(plate, 10, fill=PLATE_FOLDED if folded else PLATE,
                           outline=GOLD if highlight else PLATE_EDGE, width=3 if highlight else 1)
    middle = (plate[1] + plate[3]) / 2
    name_face, stack_face = font(NAME_PX, "bold"), font(LINE_PX)
    name = fit_text(player_name(seat["name"], index), name_face, PLATE_W - (64 if seat["is_dealer"] else 20))
    draw.text((PLATE_X + 10, middle - 1), name, font=name_face, fill=DIMMED if folded else TEXT, anchor="ls")
    if seat["is_dealer"]:
        draw_dealer_button(draw, (plate[2] - 26, middle - 12), radius=20)
    stack = "All-in" if seat["all_in"] else f"Stack {chips(seat['stack'])}"
    draw.text((PLATE_X + 10, middle + 2), fit_text(stack, stack_face, PLATE_W - 20), font=stack_face,
              fill=DIMMED if folded else STACK, anchor="lt")

    box = cards_box(index, players)
    cards = seat["cards"]
    if any(card["symbols"] is not None for card in cards):
        grouped = grouped_codes(seat["hand"])
        for n, card in enumerate(cards):
            sprite = tile_sprite(card, TILE_W, box[3] - box[1], grouped=card["code"] in grouped, dim=folded)
            canvas.paste(sprite, (box[0] + n * (TILE_W + TILE_GAP), box[1]), sprite)
    else:
        _draw_backs(canvas, len(cards), box, folded)
        lines = [_status(seat, finished)]
        if seat["drew"] is not None:
            drew = "stood pat" if seat["drew"] == 0 else f"drew {seat['drew']}"
            if height < 2 * (LINE_PX + 12):  # a low row: the draw follows the action on its line
                lines = [(f"{lines[0][0]} · {drew}", lines[0][1])]
            else:
                lines.append((drew.capitalize(), LOG))
        room = (SIDE_X if seat["bet"] or seat["won"] else WIDTH) - BACKS_RIGHT - 28
        y = middle - (LINE_PX + 6) * len(lines) / 2
        for text, colour in lines:
            draw_text(draw, (BACKS_RIGHT + 16, y), fit_text(text, font(LINE_PX), room), font(LINE_PX), colour)
            y += LINE_PX + 6

    side: list[tuple[str, Any, Color]] = []
    if seat["won"] > 0:
        side.append((f"+{chips(seat['won'])}", font(30, "bold"), GOLD))
    elif seat["bet"] > 0:
        side.append((f"Bet {chips(seat['bet'])}", font(LINE_PX, "bold"), TEXT))
    if seat["hand"] is not None and finished:
        side.append((seat["hand"]["rank"], font(26), SHOWN))
    y = middle - sum(face.size + 4 for _, face, _ in side) / 2
    for text, face, colour in side:
        draw_text(draw, (SIDE_X, y), fit_text(text, face, WIDTH - SIDE_X - 10), face, colour)
        y += face.size + 6


def _draw_backs(canvas: Image.Image, count: int, box: tuple[int, int, int, int], dim: bool) -> None:
    """A seat's hidden cards as a small fan of backs (how many they hold is all there is to see)."""
    height = min(box[3] - box[1], 56)
    width = round(height / CARD_RATIO)
    sprite = card_image(HIDDEN, width, dim=dim)
    step = (BACKS_RIGHT - box[0] - width) / max(1, count - 1)
    top = (box[1] + box[3] - sprite.height) // 2
    for n in range(count):
        canvas.paste(sprite, (round(box[0] + n * step), top), sprite)


def _status(seat: Mapping[str, Any], finished: bool) -> tuple[str, Color]:
    if seat["won"] > 0:
        return f"Won {chips(seat['won'])}", GOLD
    if seat["folded"]:
        return "Folded", DIMMED
    if seat["to_act"] and not finished:
        return "To act", GOLD
    return seat["last_action"], ACTION


# ---- the private hand ----------------------------------------------------------------------------

def hand_card_origin(n: int) -> tuple[int, int]:
    """Top-left corner of the viewer's ``n``-th card: four in the first row, three under them."""
    row, column = divmod(n, 4)
    return HAND_LEFT + column * (HAND_CARD_W + HAND_GAP), HAND_TOP + row * (HAND_CARD_H + HAND_GAP)


def render_hand(view: View) -> bytes:
    """PNG of the viewer's seven cards large (800 x 600: four above three), the best rank they make now
    with its symbols on gold, the groups and tie-break beside the second row, the chips beside the
    first, and what the viewer does next under them. A card is named by its number and letter, on it."""
    viewer = private_viewer(view)
    seat = view["seats"][viewer]
    width, height = HAND_SIZE
    canvas = Image.new("RGB", HAND_SIZE, FELT)
    draw = canvas_draw(canvas)
    draw_header(draw, width, player_name(seat["name"], viewer),
                f"Hand #{view['hand_no']} · {PHASES.get(view['phase'], view['phase'])}", height=HEADER_H,
                size=HEADER_PX)
    cards = list(seat["cards"])
    grouped = grouped_codes(seat["hand"])
    for n, card in enumerate(cards):
        sprite = card_sprite(card, HAND_CARD_W, grouped=card["code"] in grouped, dim=seat["folded"])
        canvas.paste(sprite, hand_card_origin(n), sprite)
    x = hand_card_origin(3)[0] + HAND_CARD_W + 12
    y = float(HAND_TOP + 4)
    pot = sum(p["amount"] for p in view["pots"])
    money = [f"Stack {chips(seat['stack'])}", f"Pot {chips(pot)}", f"Put in {chips(seat['in_pot'])}"]
    if seat["bet"]:
        money.append(f"Bet {chips(seat['bet'])}")
    for text in money:
        draw_text(draw, (x, y), fit_text(text, font(28), width - x - 4), font(28), TEXT)
        y += 36
    x = hand_card_origin(6)[0] + HAND_CARD_W + 20
    y = float(hand_card_origin(4)[1])
    room = width - x - 10
    hand = seat["hand"]
    if hand is not None:
        parts = " + ".join(f"{len(codes)}× {str(symbol).replace('-', ' ')}" for symbol, codes in hand["groups"])
        blocks = [(f"{hand['name']} ({hand['rank']})", font(30, "bold"), GOLD, 3),
                  (parts or "No symbol repeats", font(24), TEXT, 3), (hand["tiebreak"], font(22), LOG, 3)]
        bottom = hand_card_origin(4)[1] + HAND_CARD_H
        for text, face, colour, most in blocks:
            lines = wrap_text(text, face, room, most)
            if y + len(lines) * (face.size + 6) > bottom:
                break  # a block is drawn whole or not at all (the tie-break goes first)
            for line in lines:
                draw_text(draw, (x, y), line, face, colour)
                y += face.size + 6
            y += 8
    y = hand_card_origin(4)[1] + HAND_CARD_H + 10
    for line in wrap_text(_hand_note(view, viewer), font(28, "bold"), width - 2 * HAND_LEFT, 2):
        draw_text(draw, (HAND_LEFT, y), line, font(28, "bold"), GOLD)
        y += 36
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
