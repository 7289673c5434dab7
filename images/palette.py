"""The one 256-colour palette every image is encoded with.

A palette PNG is a third of the bytes of an RGB one and much faster to write. The palette is fixed
(chosen once per process, not per image) for two reasons: mapping to a known palette costs half a
millisecond where choosing one costs several, and a change in one corner of a table changes only
that corner's pixels, as it did in RGB.

It holds, exactly, every colour the renderers name (module-level colour constants and colour tables
of the ``images`` modules), then colours chosen by octree from what lies between them: a sample of
ramps between every two named colours (antialiased text and edges blend a colour into another), the
card sprites and the symbol pictures. Pixels take their nearest palette colour without dithering,
so flat areas stay flat and text edges stay clean.
"""
from __future__ import annotations

import importlib
import itertools
import pkgutil
import io
import threading
from typing import Any, Iterator, cast

from PIL import Image

from images import png_bands

Color = tuple[int, int, int]

SIZE = 256
RAMP_STEPS = 8          # colours sampled between two named colours
NEAR = 6                # a chosen colour within this of a kept one (in every channel) is dropped
_lock = threading.Lock()
_palette: Image.Image | None = None


def palette() -> Image.Image:
    """The shared palette, as the "P" image ``Image.quantize(palette=...)`` takes (built on first use)."""
    global _palette
    with _lock:
        if _palette is None:
            _palette = _build()
        return _palette


def to_png(image: Image.Image) -> bytes:
    """Palette PNG bytes: about a third of the bytes of an RGB PNG, in less than
    half its time. The rows an earlier image already had are not compressed again
    (``images.png_bands``)."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    indexed = image.quantize(palette=palette(), dither=Image.Dither.NONE)
    if png_bands.ENABLED:
        return png_bands.encode(indexed)
    buffer = io.BytesIO()
    indexed.save(buffer, "PNG", compress_level=3)  # as fast as level 1 on palette rows, and 8% smaller
    return buffer.getvalue()


def named_colours() -> list[Color]:
    """Every colour constant and colour-table value of the ``images`` modules, in a stable order."""
    import images

    found: dict[Color, None] = {}
    for info in sorted(pkgutil.iter_modules(images.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"images.{info.name}")
        for value in vars(module).values():
            for colour in _colours_in(value):
                found.setdefault(colour, None)
    return list(found)


def _colours_in(value: Any) -> Iterator[Color]:
    if _is_colour(value):
        yield value
    elif isinstance(value, dict):
        yield from (v for v in value.values() if _is_colour(v))


def _is_colour(value: Any) -> bool:
    return (isinstance(value, tuple) and len(value) == 3
            and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in value))


def _build() -> Image.Image:
    named = named_colours()[:SIZE // 2]
    sample = _between(named)
    chosen = sample.quantize(SIZE - len(named), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    flat = chosen.getpalette() or []
    colours = list(named)
    for extra in zip(flat[0::3], flat[1::3], flat[2::3]):
        # Pillow maps pixels through a cache of 4x4x4 cells: a chosen colour this close to a named one
        # would take that named colour's pixels, so flat felt would turn a shade off.
        if len(colours) < SIZE and all(_distance(extra, colour) > NEAR for colour in colours):
            colours.append(extra)
    result = Image.new("P", (1, 1))
    result.putpalette([c for colour in colours for c in colour] + [0] * (3 * (SIZE - len(colours))))
    return result


def _distance(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return max(abs(x - y) for x, y in zip(a, b))


def _between(named: list[Color]) -> Image.Image:
    """An RGB strip of ramps between every two named colours, then the sprites' and pictures' pixels."""
    from images.cards import card_image
    from images.icons import GLYPHS, icon

    ramps = [tuple(round(a[k] + (b[k] - a[k]) * step / (RAMP_STEPS + 1)) for k in range(3))
             for a, b in itertools.combinations(named, 2) for step in range(1, RAMP_STEPS + 1)]
    sprites = [card_image(code, 60, dim=dim) for code in ("As", "Kh", "Qd", "Jc", "??", "") for dim in (False, True)]
    sprites += [card_image(code, 60, four_color=True) for code in ("Qd", "Jc")]
    sprites += [icon(name, 40) for name in GLYPHS]
    pixels: list[tuple[int, ...]] = list(ramps)
    for sprite in sprites:
        flat = Image.new("RGB", sprite.size, (22, 104, 62))
        flat.paste(sprite, (0, 0), sprite)
        # Pillow types the data for any mode and band; an RGB image's, all bands, is (r, g, b) tuples.
        pixels.extend(cast("tuple[tuple[int, ...], ...]", flat.get_flattened_data()))
    strip = Image.new("RGB", (len(pixels), 1))
    strip.putdata(pixels)
    return strip
