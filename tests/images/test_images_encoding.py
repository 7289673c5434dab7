"""How images are encoded: palette PNGs within the size goals, every named colour kept exactly, and
cached text drawn as ``ImageDraw.text`` draws it."""
from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.registry import game_names
from images.cards import canvas_draw, font
from images.palette import to_png
from images.palette import SIZE, named_colours, palette
from images.theme import FELT, GOLD, TEXT
from tests.support.image_samples import load, render

LIMIT_KB = {"bridge": 60, "sigma": 60, "presidential": 60}


def test_every_named_colour_is_in_the_palette_and_a_flat_area_keeps_it() -> None:
    flat = palette().getpalette() or []
    entries = set(zip(flat[0::3], flat[1::3], flat[2::3]))
    assert len(flat) == 3 * SIZE and set(named_colours()) <= entries
    for colour in named_colours():
        decoded = Image.open(io.BytesIO(to_png(Image.new("RGB", (8, 8), colour)))).convert("RGB")
        assert decoded.getcolors() == [(64, colour)], f"{colour} is not kept exactly"


@pytest.mark.parametrize("name", game_names())
def test_sample_images_are_palette_pngs_within_the_size_goal(name: str) -> None:
    for png in render(name, *load(name)):
        image = Image.open(io.BytesIO(png))
        assert image.mode == "P"
        assert len(png) <= LIMIT_KB.get(name, 40) * 1024


def test_cached_text_matches_imagedraw_text() -> None:
    """The same strings, drawn twice (the second time from the cache), look as ImageDraw draws them."""
    expected = Image.new("RGB", (400, 120), FELT)
    pen = ImageDraw.Draw(expected)
    pen.text((200, 30), "Pot 1,250 · Alice ♠", font=font(17, "bold"), fill=TEXT, anchor="mm")
    pen.text((10, 80), "raises to 40", font=font(12), fill=GOLD)
    for _ in range(2):
        actual = Image.new("RGB", (400, 120), FELT)
        draw = canvas_draw(actual)
        draw.text((200, 30), "Pot 1,250 · Alice ♠", font=font(17, "bold"), fill=TEXT, anchor="mm")
        draw.text((10, 80), "raises to 40", font=font(12), fill=GOLD)
        assert ImageChops.difference(actual, expected).getbbox() is None
