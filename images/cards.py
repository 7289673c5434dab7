"""Shared drawing pieces: fonts, card sprites, text helpers and PNG encoding.

Card faces, backs and empty slots are drawn once at four times their size and scaled down (smooth
rounded corners), then cached; every renderer pastes the cached sprites. Fonts come from the bundled
DejaVu files because Pillow's default font has no suit glyphs. The caches are the only shared state:
the sprite cache is filled under a lock and its images are never modified after that, and Pillow
holds the GIL while it uses a FreeType font, so both are safe to use from worker threads.
"""
from __future__ import annotations

import threading
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, Sequence

from PIL import Image, ImageDraw, ImageFont

from bot.games.base import HIDDEN
from bot.games.cards import RANKS, SUIT_SYMBOLS
from images.emoji_text import EMOJI, TEXT, emoji_sprite, fallback_face, has_emoji, has_glyph, layout, pieces, text_width

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "mono": "DejaVuSansMono.ttf",
}
Weight = Literal["regular", "bold", "mono"]

RANK_TEXT = {"T": "10"}
TEXT_CACHE = 32768
"""Strings kept measured, fitted and rendered per process (each render worker): a table's names,
stacks and log lines, for every table a worker draws (200 tables' strings overflowed 8,192)."""
CARD_RATIO = 1.4
"""Height / width of every card sprite (a poker card is 63 x 88 mm)."""
LARGE_INDEX_PIP_W = 60
"""A card with a large index this wide or wider also has a pip; a narrower one shows its index only
(the pip would repeat the suit and weigh on the PNG's size where many small cards are drawn)."""

INK_BLACK = (28, 28, 34)
INK_RED = (204, 28, 44)
FOUR_COLOR = {"s": INK_BLACK, "h": INK_RED, "d": (24, 88, 196), "c": (22, 128, 52)}
TWO_COLOR = {"s": INK_BLACK, "h": INK_RED, "d": INK_RED, "c": INK_BLACK}
FACE_FILL = (252, 252, 248)
FACE_EDGE = (150, 150, 158)
BACK_FILL = (32, 64, 150)
BACK_LINE = (78, 112, 196)
DIM_TO = (70, 74, 80)

Color = tuple[int, int, int]
_SUPERSAMPLE = 4
_sprites: dict[tuple[str, int, bool, bool, bool], Image.Image] = {}
_sprites_lock = threading.Lock()


@lru_cache(maxsize=256)
def font(size: int, weight: Weight = "regular") -> ImageFont.FreeTypeFont:
    """The bundled DejaVu font at ``size`` pixels (cached: loading a face costs ~1 ms)."""
    return ImageFont.truetype(str(FONT_DIR / FONT_FILES[weight]), size)


def card_size(width: int) -> tuple[int, int]:
    """(width, height) of a card sprite ``width`` pixels wide."""
    return width, round(width * CARD_RATIO)


def is_card(code: str) -> bool:
    """True for a face code such as "As" or "Td" (not "??")."""
    return len(code) == 2 and code[0] in RANKS and code[1] in SUIT_SYMBOLS


def card_image(code: str, width: int, *, four_color: bool = False, dim: bool = False,
               large_index: bool = False) -> Image.Image:
    """The RGBA sprite for a card code, "??" (a back) or "" (an empty slot), ``width`` px wide.

    ``dim`` greys the sprite out (a folded hand). ``large_index`` draws the rank and suit at the left
    about half as tall again, and a smaller pip at the lower right only from ``LARGE_INDEX_PIP_W`` px
    wide: a small card read in Discord's 400 x 300 box, or fanned so only its left part shows. The
    returned image is shared: paste it, never draw on it.
    """
    if code not in (HIDDEN, "") and not is_card(code):
        raise ValueError(f"Not a card code: {code!r}.")
    key = (code, width, four_color and is_card(code), dim, large_index and is_card(code))
    sprite = _sprites.get(key)
    if sprite is None:
        with _sprites_lock:
            sprite = _sprites.get(key)
            if sprite is None:
                sprite = _draw_sprite(code, width, key[2], dim, key[4])
                _sprites[key] = sprite
    return sprite


def paste_card(canvas: Image.Image, code: str, xy: tuple[int, int], width: int, *,
               four_color: bool = False, dim: bool = False, large_index: bool = False) -> None:
    """Paste a card sprite with its top-left corner at ``xy``."""
    sprite = card_image(code, width, four_color=four_color, dim=dim, large_index=large_index)
    canvas.paste(sprite, xy, sprite)


def paste_row(canvas: Image.Image, codes: Sequence[str], center_x: float, top: int, width: int, *,
              gap: int, max_width: float, four_color: bool = False, dim: bool = False,
              large_index: bool = False) -> None:
    """Paste cards left to right, centred on ``center_x``; they overlap (fanned) when the row would be
    wider than ``max_width``, so a 7-card stud hand fits where a 2-card hold'em hand does."""
    if not codes:
        return
    step: float = width + gap
    if len(codes) > 1 and len(codes) * step - gap > max_width:
        step = max(1.0, (max_width - width) / (len(codes) - 1))
    left = center_x - (width + step * (len(codes) - 1)) / 2
    for n, code in enumerate(codes):
        paste_card(canvas, code, (round(left + n * step), top), width, four_color=four_color, dim=dim,
                   large_index=large_index)


def _draw_sprite(code: str, width: int, four_color: bool, dim: bool, large_index: bool = False) -> Image.Image:
    w, h = card_size(width)
    big = Image.new("RGBA", (w * _SUPERSAMPLE, h * _SUPERSAMPLE), (0, 0, 0, 0))
    if code == "":
        _draw_slot(big)
    elif code == HIDDEN:
        _draw_back(big)
    else:
        _draw_face(big, code, four_color, large_index)
    sprite = big.resize((w, h), Image.Resampling.LANCZOS)
    if dim:
        grey = Image.new("RGBA", sprite.size, DIM_TO + (255,))
        faded = Image.blend(sprite, grey, 0.55)
        faded.putalpha(sprite.getchannel("A"))
        sprite = faded
    return sprite


def _radius(img: Image.Image) -> int:
    return round(img.width * 0.09)


def _draw_face(img: Image.Image, code: str, four_color: bool, large_index: bool = False) -> None:
    W, H = img.size
    ImageDraw.Draw(img).rounded_rectangle((0, 0, W - 1, H - 1), _radius(img), fill=FACE_FILL, outline=FACE_EDGE,
                                          width=max(_SUPERSAMPLE, round(W * 0.018)))
    rank, suit = RANK_TEXT.get(code[0], code[0]), SUIT_SYMBOLS[code[1]]
    ink = (FOUR_COLOR if four_color else TWO_COLOR)[code[1]]
    if large_index:  # rank and suit fill the left column; the pip keeps to the lower right corner
        _stamp(img, rank, "bold", (0.24 * W, 0.21 * H), 0.32 * H, 0.40 * W, ink)
        _stamp(img, suit, "regular", (0.24 * W, 0.55 * H), 0.28 * H, 0.40 * W, ink)
        if W >= LARGE_INDEX_PIP_W * _SUPERSAMPLE:
            _stamp(img, suit, "regular", (0.71 * W, 0.79 * H), 0.30 * H, 0.46 * W, ink)
        return
    _stamp(img, rank, "bold", (0.22 * W, 0.16 * H), 0.22 * H, 0.34 * W, ink)
    _stamp(img, suit, "regular", (0.22 * W, 0.375 * H), 0.13 * H, 0.30 * W, ink)
    _stamp(img, suit, "regular", (0.61 * W, 0.70 * H), 0.40 * H, 0.62 * W, ink)


def _stamp(img: Image.Image, text: str, weight: Weight, center: tuple[float, float], height: float,
           max_width: float, ink: Color) -> None:
    """Paint ``text`` so its ink is exactly ``height`` tall around ``center``, squeezed if too wide.

    Placing by the ink box (not the font's line box) keeps ranks and suits aligned at every size.
    """
    face = font(round(height * 1.6), weight)
    # Whole pixels without a stroke (Pillow types the box float for fractional stroke widths).
    left, top, right, bottom = map(int, face.getbbox(text))
    mask = Image.new("L", (right - left, bottom - top))
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255)
    scale = height / mask.height
    size = (min(round(mask.width * scale), round(max_width)), round(height))
    mask = mask.resize(size, Image.Resampling.LANCZOS)
    corner = (round(center[0] - size[0] / 2), round(center[1] - size[1] / 2))
    img.paste(ink + (255,), corner + (corner[0] + size[0], corner[1] + size[1]), mask)


def _draw_back(img: Image.Image) -> None:
    draw = ImageDraw.Draw(img)
    W, H = img.size
    draw.rounded_rectangle((0, 0, W - 1, H - 1), _radius(img), fill=FACE_FILL, outline=FACE_EDGE,
                           width=max(_SUPERSAMPLE, round(W * 0.018)))
    inner = Image.new("RGBA", img.size, BACK_FILL + (255,))
    pen = ImageDraw.Draw(inner)
    step, line = round(W * 0.14), round(W * 0.025)
    for offset in range(-H, W + H, step):
        pen.line((offset, 0, offset + H, H), fill=BACK_LINE, width=line)
        pen.line((offset + H, 0, offset, H), fill=BACK_LINE, width=line)
    inset = round(W * 0.08)
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((inset, inset, W - 1 - inset, H - 1 - inset),
                                           round(_radius(img) * 0.6), fill=255)
    img.paste(inner, (0, 0), mask)


def _draw_slot(img: Image.Image) -> None:
    draw = ImageDraw.Draw(img)
    W, H = img.size
    draw.rounded_rectangle((0, 0, W - 1, H - 1), _radius(img), fill=(255, 255, 255, 28),
                           outline=(255, 255, 255, 90), width=max(_SUPERSAMPLE, round(W * 0.025)))


class Canvas(ImageDraw.ImageDraw):
    """``ImageDraw`` whose one-line text is pasted from cached glyph masks.

    A table image draws the same few dozen strings (names, stacks, labels) update after update;
    rendering each with FreeType took half of the drawing time. A string's mask is rendered once per
    font and anchor, then pasted in its colour (the blend ``ImageDraw.text`` does). Text is placed
    on whole pixels. Anything else (several lines, strokes, other fonts) goes to ``ImageDraw.text``.
    A line with emoji is drawn run by run (``images.emoji_text``): its text as above, its emoji in colour.
    With ``cached_text`` false, a line without emoji goes to ``ImageDraw.text`` (placed to the
    subpixel, as a picture drawn before this class was in it).
    """

    def __init__(self, image: Image.Image, *, cached_text: bool = True) -> None:
        super().__init__(image)
        self.canvas = image
        self.cached_text = cached_text

    def text(self, xy: tuple[float, float], text: Any, fill: Any = None, font: Any = None,
             anchor: str | None = None, *args: Any, **kwargs: Any) -> None:
        if args or kwargs or fill is None or not isinstance(text, str) or "\n" in text \
                or not isinstance(font, ImageFont.FreeTypeFont):
            super().text(xy, text, fill, font, anchor, *args, **kwargs)
            return
        if has_emoji(text):
            self.line_with_emoji(xy, text, fill, font, anchor or "la", emoji=True)
            return
        if not self.cached_text:
            super().text(xy, text, fill, font, anchor)
            return
        mask, (left, top) = _text_mask(text, font, anchor or "la")
        if mask is not None:
            self.canvas.paste(fill, (int(xy[0]) + left, int(xy[1]) + top), mask)

    def line_with_emoji(self, xy: tuple[float, float], text: str, fill: Any, face: ImageFont.FreeTypeFont,
                        anchor: str, *, emoji: bool) -> None:
        """A line holding emoji: its text runs in ``fill`` from cached masks, its emoji in colour from
        cached sprites, or left out when ``emoji`` is false (a drop shadow shades the text alone)."""
        for run, kind, x, y in layout(text, face, anchor):
            pen = (int(xy[0]) + x, int(xy[1]) + y)
            if kind != EMOJI:
                mask, (left, top) = _text_mask(run, face if kind == TEXT else fallback_face(kind, face.size), "ls")
                if mask is not None:
                    self.canvas.paste(fill, (pen[0] + left, pen[1] + top), mask)
            elif emoji:
                sprite, (left, top), _ = emoji_sprite(run, face.size)
                if sprite is not None:
                    self.canvas.paste(sprite, (pen[0] + left, pen[1] + top), sprite)


def canvas_draw(image: Image.Image, *, cached_text: bool = True) -> Canvas:
    """The drawing context every renderer uses on its image (see ``Canvas``)."""
    return Canvas(image, cached_text=cached_text)


@lru_cache(maxsize=TEXT_CACHE)
def _text_mask(text: str, face: ImageFont.FreeTypeFont, anchor: str) -> tuple[Image.Image | None, tuple[int, int]]:
    """The coverage mask of ``text`` and its offset from the anchor point (``None`` if it draws nothing)."""
    # Whole pixels without a stroke (Pillow types the box float for fractional stroke widths).
    left, top, right, bottom = map(int, face.getbbox(text, anchor=anchor))
    if right <= left or bottom <= top:
        return None, (0, 0)
    mask = Image.new("L", (right - left, bottom - top))
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, (left, top)


@lru_cache(maxsize=TEXT_CACHE)
def printable(text: str, face: ImageFont.FreeTypeFont) -> str:
    """``text`` on one line, without control characters and without characters ``face`` would draw as
    a box; emoji are kept, drawn in colour (``images.emoji_text``). Player names come from Discord and
    may hold emoji or scripts the bundled fonts lack; a mark on a letter left out goes with it."""
    path = str(face.path)
    kept = []
    dropped = True  # the character before was left out (or there was none)
    for piece, kind in pieces(text):
        category = "" if kind != TEXT else unicodedata.category(piece)
        if kind != TEXT:  # an emoji, or a script a fallback font draws
            kept.append(piece)
        elif piece.isspace() or category.startswith("Z"):
            kept.append(" ")
        elif category.startswith("M") and dropped:
            continue
        elif not category.startswith("C") and has_glyph(path, piece):
            kept.append(piece)
        else:
            dropped = True
            continue
        dropped = False
    return " ".join("".join(kept).split())


@lru_cache(maxsize=TEXT_CACHE)
def fit_text(text: str, face: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``text`` made printable (see ``printable``) and cut short with an ellipsis to fit ``max_width`` px,
    never inside an emoji (its emoji measured as drawn)."""
    text = printable(text, face)
    if text_width(text, face) <= max_width:
        return text
    parts = [piece for piece, _ in pieces(text)]
    low, high = 0, len(parts)
    while low < high:
        mid = (low + high + 1) // 2
        if text_width("".join(parts[:mid]).rstrip() + "…", face) <= max_width:
            low = mid
        else:
            high = mid - 1
    return "".join(parts[:low]).rstrip() + "…"


@lru_cache(maxsize=TEXT_CACHE)
def wrap_text(text: str, face: ImageFont.FreeTypeFont, max_width: float, max_lines: int) -> tuple[str, ...]:
    """``text`` broken into at most ``max_lines`` lines of ``max_width`` px; the last one is cut short
    with an ellipsis if words are left over. Cached: a table's log lines are measured word by word."""
    lines: list[str] = []
    words = printable(text, face).split(" ")
    while words and len(lines) < max_lines:
        count = 1
        while count < len(words) and text_width(" ".join(words[:count + 1]), face) <= max_width:
            count += 1
        if len(lines) == max_lines - 1:
            count = len(words)
        lines.append(fit_text(" ".join(words[:count]), face, max_width))
        words = words[count:]
    return tuple(lines)


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, face: ImageFont.FreeTypeFont,
              fill: Color, *, anchor: str = "la", shadow: Color | None = (0, 0, 0)) -> None:
    """Draw ``text`` with a one-pixel drop shadow so it stays legible on felt and dark panels."""
    if shadow is not None:
        offset = max(1, round(face.size / 16))
        if isinstance(draw, Canvas) and has_emoji(text):
            draw.line_with_emoji((xy[0] + offset, xy[1] + offset), text, shadow, face, anchor, emoji=False)
        else:
            draw.text((xy[0] + offset, xy[1] + offset), text, font=face, fill=shadow, anchor=anchor)
    draw.text(xy, text, font=face, fill=fill, anchor=anchor)


_UNITS = ((10**6, "M"), (10**9, "B"), (10**12, "T"))


def chips(amount: int) -> str:
    """A chip count for display: "1,250", "12.3M", "4.56B" (short enough for a seat plate)."""
    if abs(amount) < 10_000_000:
        return f"{amount:,}"
    for divisor, unit in _UNITS:
        short = f"{amount / divisor:.3g}"
        if "e" not in short:
            return short + unit
    return f"{amount:.2e}"
