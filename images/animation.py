"""A whole deal as one animated GIF: each step's table picture, at a pace a person can read.

Every frame is drawn by the game's own ``render_table`` from a view it is given (the views decide what
shows), so this module only paces, scales and joins them. Every renderer draws with the one shared
palette (``images.palette``), so the frames share one colour table and Pillow stores each frame as
the rectangle that changed from the one before: a deal of 60 steps stays well under Discord's upload
limit. Pure, like every renderer: it runs in the render pool's worker processes.
"""
from __future__ import annotations

import io
from typing import Any, Callable, Mapping, Sequence

from PIL import Image

from images.palette import palette

FRAME_MS = 1200
"""How long a step stays on screen."""
LAST_FRAME_MS = 4000
"""The outcome stays longer."""
MAX_FRAMES = 90
"""More steps than this (a long gin deal) are thinned evenly; the first and the last are kept."""
MAX_WIDTH = 640
MAX_BYTES = 7 * 1024 * 1024
"""Under Discord's smallest upload limit for a bot (8 MiB), with room for the message."""


def pick_frames(count: int, limit: int = MAX_FRAMES) -> list[int]:
    """Indexes of the steps to show: all of them, or ``limit`` spread evenly with the first and last."""
    if count <= limit:
        return list(range(count))
    return sorted({round(i * (count - 1) / (limit - 1)) for i in range(limit)})


def _frame(png: bytes, width: int) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    if image.width <= width:
        return image.convert("RGB").quantize(palette=palette(), dither=Image.Dither.NONE)
    height = round(image.height * width / image.width)
    scaled = image.convert("RGB").resize((width, height), Image.Resampling.LANCZOS)
    return scaled.quantize(palette=palette(), dither=Image.Dither.NONE)


def animate(views: Sequence[Mapping[str, Any]], render: Callable[[Mapping[str, Any], str], bytes],
            footers: Sequence[str]) -> bytes:
    """The GIF of ``views`` in order, each drawn by ``render(view, footer)``; looped, the last frame
    held longer. Scaled down further if it would not fit in ``MAX_BYTES``."""
    chosen = pick_frames(len(views))
    pngs = [render(views[i], footers[i]) for i in chosen]
    width = MAX_WIDTH
    while True:
        frames = [_frame(png, width) for png in pngs]
        out = io.BytesIO()
        durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
        frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0)
        if out.tell() <= MAX_BYTES or width <= 240:
            return out.getvalue()
        width = width * 3 // 4
