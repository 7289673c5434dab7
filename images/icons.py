"""Colour pictures for named symbols, from the bundled OpenMoji subset (images/fonts, CC BY-SA 4.0).

The SIXCHEX cards of Presidential Poker carry a picture (an animal or plant) and a mystery symbol (a
sun, a key...): players recognise a whale faster than the word "whale". Each picture is an emoji glyph
of ``OpenMoji-cards.ttf``, drawn once per size and cached like the card sprites.
"""
from __future__ import annotations

import threading
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from images.cards import FONT_DIR

GLYPHS: dict[str, str] = {
    # pictures
    "frog": "\U0001F438", "pig": "\U0001F437", "pine": "\U0001F332", "owl": "\U0001F989",
    "turtle": "\U0001F422", "fox": "\U0001F98A", "bee": "\U0001F41D", "fish": "\U0001F41F",
    "rose": "\U0001F339", "oak": "\U0001F333", "cat": "\U0001F431", "horse": "\U0001F434",
    "whale": "\U0001F40B", "eagle": "\U0001F985", "snail": "\U0001F40C", "tulip": "\U0001F337",
    "deer": "\U0001F98C", "crab": "\U0001F980",
    # mystery symbols
    "sun": "\u2600", "moon": "\U0001F319", "comet": "\u2604", "anchor": "\u2693", "key": "\U0001F511",
    "crown": "\U0001F451", "bell": "\U0001F514", "hourglass": "\u231B", "infinity": "\u267E",
    "bolt": "\u26A1", "snowflake": "\u2744", "flame": "\U0001F525", "drop": "\U0001F4A7",
    "eye": "\U0001F441", "spiral": "\U0001F300", "wave": "\U0001F30A", "arrow": "\u27A1",
    "hammer": "\U0001F528",
}
"""The emoji drawn for each picture and mystery symbol name (``bot.games.sixchex.SYMBOLS``)."""

_DRAW_SIZE = 109  # the font's design size: glyphs drawn at it and scaled down keep their outlines
_lock = threading.Lock()


@lru_cache(maxsize=1)
def _face() -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / "OpenMoji-cards.ttf"), _DRAW_SIZE)


@lru_cache(maxsize=512)
def icon(name: str, size: int) -> Image.Image:
    """The RGBA picture for ``name`` fitted in a ``size`` x ``size`` square (shared: paste it, never
    draw on it). Unknown names raise ``KeyError``."""
    glyph = GLYPHS[name]
    with _lock:  # one FreeType face, drawn from worker threads
        face = _face()
        # Whole pixels without a stroke (Pillow types the box float for fractional stroke widths).
        left, top, right, bottom = map(int, face.getbbox(glyph))
        big = Image.new("RGBA", (right - left, bottom - top), (0, 0, 0, 0))
        ImageDraw.Draw(big).text((-left, -top), glyph, font=face, embedded_color=True)
    scale = size / max(big.size)
    small = big.resize((max(1, round(big.width * scale)), max(1, round(big.height * scale))),
                       Image.Resampling.LANCZOS)
    square = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    square.paste(small, ((size - small.width) // 2, (size - small.height) // 2))
    return square
