"""The band-cached PNG encoder: a standard PNG of exactly the image's pixels, rows seen before are not
compressed again, and the cache stays within its size."""
from __future__ import annotations

import io
import random
import zlib

from PIL import Image, ImageDraw

from images import png_bands
from images.palette import palette, to_png
from tests.support.image_samples import load, render


def indexed(seed: int, size: tuple[int, int] = (300, 100)) -> Image.Image:
    """A palette image with random boxes of random colours (seeded)."""
    rng = random.Random(seed)
    image = Image.new("RGB", size, (22, 104, 62))
    draw = ImageDraw.Draw(image)
    for _ in range(12):
        x, y = rng.randrange(size[0]), rng.randrange(size[1])
        draw.rectangle((x, y, x + rng.randrange(60), y + rng.randrange(30)),
                       fill=tuple(rng.randrange(256) for _ in range(3)))
    return image.quantize(palette=palette(), dither=Image.Dither.NONE)


def decoded(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def test_adler32_of_joined_bands_is_zlibs() -> None:
    rng = random.Random(5)
    for _ in range(50):
        first, second = rng.randbytes(rng.randrange(70000)), rng.randbytes(rng.randrange(70000))
        combined = png_bands._adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
        assert combined == zlib.adler32(first + second)


def test_the_png_holds_exactly_the_images_pixels_and_palette() -> None:
    png_bands.clear()
    for seed, size in ((1, (300, 100)), (2, (37, 5)), (3, (900, 560)), (4, (1, 1))):
        image = indexed(seed, size)
        for _ in range(2):  # compressed, then from the cache
            png = png_bands.encode(image)
            again = decoded(png)
            assert again.mode == "P" and again.size == image.size
            assert again.tobytes() == image.tobytes()
            assert again.getpalette() == image.getpalette()


def test_only_bands_not_seen_before_are_compressed(monkeypatch) -> None:
    png_bands.clear()
    before = indexed(7, (200, 5 * png_bands.BAND_ROWS))
    after = before.copy()
    ImageDraw.Draw(after).rectangle((10, 2 * png_bands.BAND_ROWS + 3, 30, 2 * png_bands.BAND_ROWS + 5), fill=0)
    compressed = []
    real = zlib.compressobj
    monkeypatch.setattr(png_bands.zlib, "compressobj", lambda *a: compressed.append(a) or real(*a))
    png_bands.encode(before)
    assert len(compressed) == 5
    png_bands.encode(after)
    assert len(compressed) == 6, "one band changed: one band compressed"
    assert decoded(png_bands.encode(before)).tobytes() == before.tobytes()
    assert decoded(png_bands.encode(after)).tobytes() == after.tobytes()
    assert len(compressed) == 6


def test_the_cache_keeps_within_its_size(monkeypatch) -> None:
    png_bands.clear()
    monkeypatch.setattr(png_bands, "CACHE_BYTES", 20 * 300 * png_bands.BAND_ROWS)
    for seed in range(30):
        image = indexed(100 + seed)
        assert decoded(png_bands.encode(image)).tobytes() == image.tobytes()
        assert png_bands._cached_bytes <= png_bands.CACHE_BYTES
    assert len(png_bands._bands) >= 15


def test_every_sample_image_decodes_to_what_pillow_would_have_written(monkeypatch) -> None:
    for name in ("holdem", "bridge", "presidential"):
        cached = render(name, *load(name))
        monkeypatch.setattr(png_bands, "ENABLED", False)
        whole = render(name, *load(name))
        monkeypatch.setattr(png_bands, "ENABLED", True)
        for ours, pillows in zip(cached, whole):
            assert decoded(ours).tobytes() == decoded(pillows).tobytes()
            assert decoded(ours).convert("RGB").tobytes() == decoded(pillows).convert("RGB").tobytes()
        assert to_png(Image.new("RGB", (4, 4))).startswith(b"\x89PNG\r\n\x1a\n")
