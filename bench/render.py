"""Render time and PNG size of every game's table image and private hand image, side by side with a
plain RGB PNG encode (``compress_level=1``) of the very image each render produced.

    python bench/render.py [--views N] [--json]

For each game a seeded deal is played by the computer players (the sample deals of
``tests/support/image_samples.py``, played further); after every action the public view and the sampled
seat's view are kept, up to N of each, so each render draws a new state as the bot does update after
update; views of other deals are rendered first, untimed (card sprites are drawn once per process).
For each render: the wall time of the renderer (drawing and encoding, as ``GameSpec``
calls it), then, in the same run and on the same thread, the time to encode its decoded output as a
plain RGB PNG at level 1. Before it, the same view is rendered with the band cache off (every image
compressed whole by Pillow, as before ``images.png_bands``): the CPU time of both is reported side by
side. The ratio (render / plain encode, medians) is the issue-19 goal (at most
0.6); sizes are medians (goal: at most 40 KB, 60 KB for bridge, Sigma and Presidential). The machine
may be shared: both figures of a row suffer alike, so read the ratio, not the milliseconds.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

from bot.games.base import Seat  # noqa: E402
from bot.registry import game, game_names  # noqa: E402
from images import png_bands  # noqa: E402
from tests.support.image_samples import FOOTER, NAMES, SAMPLES  # noqa: E402

LIMIT_KB = {"bridge": 60, "sigma": 60, "presidential": 60}
DEFAULT_LIMIT_KB = 40
GOAL_RATIO = 0.6


def deal_views(name: str, count: int, first_deal: int = 0) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``count`` public views and ``count`` views of the sample seat, one after each action of seeded
    deals from ``first_deal`` on (a new deal starts when one ends)."""
    spec, sample = game(name), SAMPLES[name]
    settings = {**spec.default_settings, **dict(sample.settings)}
    seats = [Seat(NAMES[i], 1000 if spec.chips else 0, is_bot=NAMES[i].endswith("(bot)"))
             for i in range(sample.players)]
    rng = random.Random(11)
    public: list[dict[str, Any]] = []
    private: list[dict[str, Any]] = []
    deal = first_deal
    while len(public) < count:
        engine = spec.engine(settings, seats, f"{deal:064x}", {})
        deal += 1
        while engine.outcome is None and engine.to_act() and len(public) < count:
            seat = engine.to_act()[0]
            engine.apply(seat, spec.choose(engine.view(seat), engine.legal_actions(seat), rng))
            public.append(engine.view(None))
            private.append(engine.view(sample.seat))
    return public, private


def plain_png(png: bytes) -> bytes:
    """The render's own image, encoded as the renderers did before: RGB, ``compress_level=1``."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=1)
    return buffer.getvalue()


def measure(render: Callable[[dict[str, Any]], bytes], views: list[dict[str, Any]],
            warm: list[dict[str, Any]]) -> dict[str, float]:
    """Median render ms, median plain-encode ms of the same outputs, their ratio, median KB, and the
    median CPU ms of a render with and without the band cache (``images.png_bands``), taken in turn
    on each view. The ``warm`` views (other deals) are rendered first, untimed: a running bot has
    drawn every card sprite long ago, but not the strings of a new state."""
    for view in warm:
        render(view)
    rendered, plain, sizes, cpu_whole, cpu_bands = [], [], [], [], []
    for view in views:
        png_bands.ENABLED = False
        try:
            started = time.process_time()
            render(view)
            cpu_whole.append((time.process_time() - started) * 1000)
        finally:
            png_bands.ENABLED = True
        started, cpu = time.perf_counter(), time.process_time()
        png = render(view)
        rendered.append((time.perf_counter() - started) * 1000)
        cpu_bands.append((time.process_time() - cpu) * 1000)
        image = Image.open(io.BytesIO(png)).convert("RGB")
        started = time.perf_counter()
        image.save(io.BytesIO(), "PNG", compress_level=1)
        plain.append((time.perf_counter() - started) * 1000)
        sizes.append(len(png) / 1024)
    p50, plain50 = statistics.median(rendered), statistics.median(plain)
    return {"ms": p50, "p99": sorted(rendered)[min(len(rendered) - 1, int(0.99 * len(rendered)))],
            "plain_ms": plain50, "ratio": p50 / plain50, "kb": statistics.median(sizes),
            "kb_max": max(sizes), "cpu_whole_ms": statistics.median(cpu_whole),
            "cpu_bands_ms": statistics.median(cpu_bands)}


def run(views: int) -> list[dict[str, Any]]:
    rows = []
    for name in game_names():
        spec = game(name)
        public, private = deal_views(name, views)
        warm_public, warm_private = deal_views(name, 3 * views, first_deal=1000)
        for kind, render, seen, warm in (("table", lambda v: spec.render_table(v, FOOTER), public, warm_public),
                                         ("hand", spec.render_hand, private, warm_private)):
            figures = measure(render, seen, warm)
            limit = LIMIT_KB.get(name, DEFAULT_LIMIT_KB)
            rows.append({"game": name, "image": kind, "renders": len(seen), "limit_kb": limit,
                         "met": figures["ratio"] <= GOAL_RATIO and figures["kb"] <= limit, **figures})
    return rows


def table(rows: list[dict[str, Any]]) -> list[str]:
    """The rows as a Markdown table (bench/report.py puts it in docs/performance.md)."""
    lines = ["| image | CPU per render: whole-image encode → cached bands | render p50 / p99 | plain level-1 encode p50"
             " | ratio (goal ≤ 0.6) | PNG p50 (max) | goal met |",
             "|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['game']} {r['image']} | {r['cpu_whole_ms']:.2f} → {r['cpu_bands_ms']:.2f} ms"
                     f" | {r['ms']:.1f} / {r['p99']:.1f} ms | {r['plain_ms']:.1f} ms"
                     f" | {r['ratio']:.2f} | {r['kb']:.0f} KB ({r['kb_max']:.0f}; limit {r['limit_kb']})"
                     f" | {'yes' if r['met'] else 'NO'} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--views", type=int, default=40, help="renders per game and image")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    rows = run(args.views)
    if args.json:
        print(json.dumps({"load": [load, os.getloadavg()[0]], "rows": rows}))
        return
    print(f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} CPUs")
    print("\n".join(table(rows)))


if __name__ == "__main__":
    main()
