"""Every string a renderer draws, with its size in the picture it ends up in, and that picture's size.

While ``recording()`` is active, Pillow is watched: a string drawn on an image (``ImageDraw.text``, and
the glyph-mask path of ``images.cards.Canvas.text``) is noted on that image with its font's **em size**
in pixels (the size ``images.cards.font`` is asked for; a capital is about 0.73 of it). Each string then follows its image: an image resized carries its strings
scaled by the vertical factor (a card sprite drawn at four times its size, a table drawn at twice), a
copy, crop, conversion, transpose or blend carries them as they are, and an image pasted or composited
into another (a card sprite, a mask) adds its strings to it, marked ``on_card``. The picture is the last
image ``to_png`` encodes (``Image.quantize`` with the shared palette); its strings are what it shows.

What counts as a string: every run of text drawn with the bundled DejaVu fonts, card faces included
(the rank, the small suit under it and the centre pip of a standard card; the number, letter and colour
label of a Presidential card), each once per place it is pasted. A drop shadow (the same string drawn
again one to three pixels up and left, ``images.cards.draw_text``) is not a second string. Pictures
drawn from the emoji font (``images.icons``) are pictures, not strings, and blank strings are skipped.

"Size as shown" is the em size times ``shown_scale``: Discord shows an embed's or attachment's picture
scaled to fit 400 x 300 until it is clicked, never enlarged.
"""
from __future__ import annotations

import statistics
import threading
import weakref
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Generic, Iterator, TypeVar

from PIL import Image, ImageDraw, ImageFont

import images
import images.cards
from images.cards import FONT_FILES

SHOWN_BOX = (400, 300)
"""Discord's box for a picture until it is clicked (leovoel/embed-visualizer#30, discord-api-docs#5871)."""
SMALL_PX = 11
"""The issue's floor: every string a player needs at 11 px or more as shown."""
_TEXT_FONTS = frozenset(FONT_FILES.values())
T = TypeVar("T")


@dataclass(frozen=True)
class DrawnString:
    text: str
    em: float
    """The font's em size in the picture's pixels."""
    on_card: bool = False
    """Drawn on another image (a card sprite) pasted into the picture, not on the picture itself."""


@dataclass(frozen=True)
class Picture:
    """A rendered picture: its size and the strings drawn into it."""

    width: int
    height: int
    strings: tuple[DrawnString, ...]

    @property
    def shown_scale(self) -> float:
        return min(1.0, SHOWN_BOX[0] / self.width, SHOWN_BOX[1] / self.height)

    def shown(self, *, on_card: bool | None = None) -> list[float]:
        """Each string's size as shown, smallest first (only card faces', or only the rest, if asked)."""
        return sorted(s.em * self.shown_scale for s in self.strings if on_card is None or s.on_card == on_card)


def summary(sizes: list[float]) -> dict[str, float | int | None]:
    """Count, smallest, median and share under ``SMALL_PX`` of sizes as shown."""
    if not sizes:
        return {"count": 0, "smallest": None, "median": None, "under_11": None}
    return {"count": len(sizes), "smallest": min(sizes), "median": statistics.median(sizes),
            "under_11": sum(size < SMALL_PX for size in sizes) / len(sizes)}


class ByImage(Generic[T]):
    """A value per live image (Pillow images compare by content, so they cannot be dict keys): an
    entry goes when its image is collected."""

    def __init__(self) -> None:
        self._values: dict[int, T] = {}

    def get(self, image: Image.Image) -> T | None:
        return self._values.get(id(image))

    def __setitem__(self, image: Image.Image, value: T) -> None:
        if id(image) not in self._values:
            weakref.finalize(image, self._values.pop, id(image), None)
        self._values[id(image)] = value

    def setdefault(self, image: Image.Image, value: T) -> T:
        if id(image) not in self._values:
            self[image] = value
        return self._values[id(image)]


@dataclass
class Recorder:
    """What one ``recording()`` saw: the strings each live image holds, and the last encoded picture."""

    held: "ByImage[list[DrawnString]]" = field(default_factory=lambda: ByImage())
    last_xy: "ByImage[tuple[float, float]]" = field(default_factory=lambda: ByImage())
    picture_seen: Picture | None = None
    inside_canvas: threading.local = field(default_factory=threading.local)

    def note(self, image: Image.Image, xy: Any, text: Any, face: Any) -> None:
        if not isinstance(text, str) or not text.strip() or "\n" in text:
            return  # several lines come back here one line at a time
        if not isinstance(face, ImageFont.FreeTypeFont) or Path(str(face.path)).name not in _TEXT_FONTS:
            return
        drawn = DrawnString(text, float(face.size))
        strings = self.held.setdefault(image, [])
        if not (strings and _is_shadow(self.last_xy.get(image), xy, strings[-1], drawn)):
            strings.append(drawn)
        self.last_xy[image] = (float(xy[0]), float(xy[1]))

    def derive(self, source: Image.Image, result: Image.Image, scale: float = 1.0) -> None:
        """``result`` (a new image made from ``source``) holds ``source``'s strings, scaled by ``scale``.
        It replaces what ``result`` held: Pillow makes some images through others (a conversion
        through a copy), and each step reports the same strings."""
        strings = self.held.get(source)
        if strings and source is not result:
            self.held[result] = [replace(s, em=s.em * scale) for s in strings]

    def pasted(self, source: Image.Image, target: Image.Image) -> None:
        """``source`` was pasted or composited into ``target``: its strings are added, ``on_card``."""
        strings = self.held.get(source)
        if strings and source is not target:
            self.held.setdefault(target, []).extend([replace(s, on_card=True) for s in strings])

    def encoded(self, image: Image.Image) -> None:
        self.picture_seen = Picture(image.width, image.height, tuple(self.held.get(image) or ()))

    def picture(self) -> Picture:
        """The last picture encoded while recording (raises if nothing was)."""
        if self.picture_seen is None:
            raise LookupError("Nothing was encoded with the shared palette while recording.")
        return self.picture_seen


def _is_shadow(last_xy: Any, xy: Any, last: DrawnString, drawn: DrawnString) -> bool:
    """The previous string was this one's drop shadow: same text and size, 1-3 px down and right."""
    if last_xy is None or last.text != drawn.text or last.em != drawn.em or last.on_card:
        return False
    dx, dy = last_xy[0] - xy[0], last_xy[1] - xy[1]
    return dx == dy and 1 <= dx <= 3


def render_picture(recorder: Recorder, render: Callable[..., Any], *args: Any) -> Picture:
    """Call ``render(*args)`` and return the picture it encoded, with its strings."""
    recorder.picture_seen = None
    render(*args)
    return recorder.picture()


def clear_drawing_caches() -> None:
    """Forget every sprite, mask and background the ``images`` modules cached, so each is drawn again
    while recording and its strings are seen (a cached sprite drawn earlier would carry none)."""
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(images.__path__):
        module = importlib.import_module(f"images.{info.name}")
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
    images.cards._sprites.clear()


@contextmanager
def recording() -> Iterator[Recorder]:
    """Watch Pillow while the block runs (one recording at a time, on one thread); see the module."""
    recorder = Recorder()
    originals: dict[tuple[Any, str], Any] = {}

    def patch(owner: Any, name: str, make: Callable[[Any], Any]) -> None:
        originals[(owner, name)] = getattr(owner, name)
        setattr(owner, name, make(originals[(owner, name)]))

    def draw_text(original: Any) -> Any:
        def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, fill: Any = None, font: Any = None,
                 *args: Any, **kwargs: Any) -> Any:
            if not getattr(recorder.inside_canvas, "on", False):
                recorder.note(self._image, xy, text, font)
            return original(self, xy, text, fill, font, *args, **kwargs)
        return text

    def canvas_text(original: Any) -> Any:
        def text(self: images.cards.Canvas, xy: Any, text: Any, fill: Any = None, font: Any = None,
                 *args: Any, **kwargs: Any) -> Any:
            recorder.note(self.canvas, xy, text, font)
            recorder.inside_canvas.on = True
            try:
                return original(self, xy, text, fill, font, *args, **kwargs)
            finally:
                recorder.inside_canvas.on = False
        return text

    def derived(original: Any) -> Any:
        def method(self: Image.Image, *args: Any, **kwargs: Any) -> Any:
            result = original(self, *args, **kwargs)
            if isinstance(result, Image.Image):
                recorder.derive(self, result)
            return result
        return method

    def resize(original: Any) -> Any:
        def method(self: Image.Image, *args: Any, **kwargs: Any) -> Any:
            result = original(self, *args, **kwargs)
            recorder.derive(self, result, result.height / self.height)
            return result
        return method

    def paste(original: Any) -> Any:
        def method(self: Image.Image, im: Any, box: Any = None, mask: Any = None) -> Any:
            for source in (im, mask if mask is not im else None):  # a sprite is often its own mask
                if isinstance(source, Image.Image):
                    recorder.pasted(source, self)
            return original(self, im, box, mask)
        return method

    def alpha_composite(original: Any) -> Any:
        def method(self: Image.Image, im: Image.Image, *args: Any, **kwargs: Any) -> Any:
            recorder.pasted(im, self)
            return original(self, im, *args, **kwargs)
        return method

    def blend(original: Any) -> Any:
        def function(im1: Image.Image, im2: Image.Image, alpha: float) -> Image.Image:
            result = original(im1, im2, alpha)
            recorder.derive(im1, result)
            return result
        return function

    def quantize(original: Any) -> Any:
        def method(self: Image.Image, *args: Any, **kwargs: Any) -> Any:
            if kwargs.get("palette") is not None:
                recorder.encoded(self)
            return original(self, *args, **kwargs)
        return method

    patch(ImageDraw.ImageDraw, "text", draw_text)
    patch(images.cards.Canvas, "text", canvas_text)
    for name in ("copy", "crop", "convert", "transpose"):
        patch(Image.Image, name, derived)
    patch(Image.Image, "resize", resize)
    patch(Image.Image, "paste", paste)
    patch(Image.Image, "alpha_composite", alpha_composite)
    patch(Image.Image, "quantize", quantize)
    patch(Image, "blend", blend)
    clear_drawing_caches()
    try:
        yield recorder
    finally:
        for (owner, name), original in originals.items():
            setattr(owner, name, original)
        clear_drawing_caches()
