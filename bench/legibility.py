"""How big every string of every picture is as Discord shows it, against the 11 px floor.

    python bench/legibility.py [--seeds N] [--json]

Discord shows a picture scaled to fit 400 x 300 until it is clicked (never enlarged), so a string's
size as shown is its font's em size in pixels (the size the renderer asks ``images.cards.font`` for,
a capital is about 0.73 of it) times min(1, 400 / width, 300 / height).
``tests/support/text_recorder.py`` records every string drawn while a renderer runs, card faces
included (rank, suit and pip of a standard card, the number, letter and colour label of a Presidential
card), with its size in the picture it ends up in; see it for what counts.

The pictures: each game's table (the public view) and private hand (the sample seat's view) at the
start of a deal, after half its moves and at its end (the showdown, the last trick with the
double-dummy analysis, the knock), over ``--seeds`` seeded deals played by the computer players
(the seats and settings of ``tests/support/image_samples.py``); hold'em's all-in odds (a short-stacked
table played until a runout is shown) and a board run twice (table and hand); a tournament's final
table as its announcement shows it (cards face down); a replay's animated frames (each game's deal,
the GIF scaled as ``images.animation`` scales it; a replay's single step is the table picture); the
gin score sheet; Sigma's placement preview; the bridge hand record with its analysis; the statistics
card in both forms, the leaderboard and the ledger. A row is a picture kind, over all its renders.

The goal: no picture with a string under 11 px as shown, and a median of 14 px or more.
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
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

from bot.games.base import Engine, Seat  # noqa: E402
from bot.games.bridge import BridgeEngine, pbn_hand  # noqa: E402
from bot.games.bridge_scoring import (ContractResult, DIRECTIONS, TableResult, results_table,  # noqa: E402
                                      vulnerability_text)
from bot.games.poker_view import without_cards  # noqa: E402
from bot.registry import game, game_names  # noqa: E402
from bot.service.money.ledger import Ledger, LedgerLine, ledger_view  # noqa: E402
from bot.service.money.settle_up import settle_up  # noqa: E402
from images.animation import animate  # noqa: E402
from images.bridge_hand_record import render_board_record  # noqa: E402
from images.gin import render_scores  # noqa: E402
from images.ledger import render_ledger  # noqa: E402
from images.sigma import render_preview  # noqa: E402
from tests.support.image_samples import CARDS, FOOTER, NAMES, SAMPLES  # noqa: E402
from tests.support.text_recorder import SMALL_PX, Picture, Recorder, recording, render_picture, summary  # noqa: E402

GOAL_MEDIAN = 14
REPLAY_FRAMES = 6
"""Frames of each game's replay GIF measured (the GIF's scale does not depend on how many)."""
Render = tuple[str, Callable[..., bytes], tuple[Any, ...]]  # (picture kind, renderer, its arguments)


@dataclass
class Deal:
    views: list[tuple[dict[str, Any], dict[str, Any]]]
    """(public view, sample seat's view) before the first move and after every move."""
    engine: Engine


def play_deal(name: str, seed: int, settings: Mapping[str, Any] | None = None, stack: int = 1000,
              stop: Callable[[Engine, int], bool] | None = None) -> Deal:
    """A seeded deal of ``name`` played by its computer players to its end (or until ``stop(engine,
    seat to act)``); a finished bridge board is analysed, as the table service does."""
    spec, sample = game(name), SAMPLES[name]
    seats = [Seat(NAMES[i], stack if spec.chips else 0, is_bot=NAMES[i].endswith("(bot)"))
             for i in range(sample.players)]
    engine = spec.engine({**spec.default_settings, **dict(sample.settings), **(settings or {})}, seats,
                         f"{seed:064x}", {})
    rng = random.Random(seed)

    def views() -> tuple[dict[str, Any], dict[str, Any]]:
        return engine.view(None), engine.view(sample.seat)

    seen = [views()]
    while engine.outcome is None and engine.to_act():
        seat = engine.to_act()[0]
        if stop is not None and stop(engine, seat):
            break
        engine.apply(seat, spec.choose(engine.view(seat), engine.legal_actions(seat), rng))
        seen.append(views())
    if isinstance(engine, BridgeEngine) and engine.outcome is not None:
        engine.analyse()
        seen[-1] = views()
    return Deal(seen, engine)


def stages(deal: Deal) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The deal's start, the state after half its moves, and its end."""
    return [deal.views[0], deal.views[len(deal.views) // 2], deal.views[-1]]


def first_deal(name: str, settings: Mapping[str, Any], stack: int, found: Callable[[dict[str, Any]], bool],
               tries: int = 60) -> dict[str, Any] | None:
    """The first public view, over seeded deals, for which ``found`` holds (None if none in ``tries``)."""
    for seed in range(tries):
        for public, _ in play_deal(name, 900 + seed, settings, stack).views:
            if found(public):
                return public
    return None


def game_renders(seeds: int) -> Iterator[Render]:
    """Every game's table and private hand at each stage of ``seeds`` deals, and what is drawn from
    those deals: the tournament's final table, the gin score sheet, the bridge hand record."""
    for name in game_names():
        spec = game(name)
        for seed in range(1, seeds + 1):
            deal = play_deal(name, seed)
            for public, private in stages(deal):
                yield f"{name} table", spec.render_table, (public, FOOTER)
                yield f"{name} hand", spec.render_hand, (private,)
            if name == "holdem":
                yield "tournament final table", spec.render_table, (without_cards(deal.views[-1][0]),
                                                                    "Sunday cup: the final table")
            if name == "gin":
                yield "gin score sheet", render_scores, (deal.engine.view(None),)
            if isinstance(deal.engine, BridgeEngine):
                yield "bridge hand record", render_board_record, (hand_record(deal.engine),)


def hand_record(engine: BridgeEngine) -> dict[str, Any]:
    """The hand record's picture of the board (as ``cogs.bridge.board_picture`` builds it), its
    traveller holding this table and two others."""
    assert engine.result is not None
    others = [TableResult("Table 2", ContractResult(4, "H", 0, 0, 10)),
              TableResult("Table 3", ContractResult(3, "NT", 1, 1, 8))]
    return {"board": engine.board_no, "deal": "N:" + " ".join(pbn_hand(hand) for hand in engine.dealt),
            "dealer": DIRECTIONS[engine.dealer], "vulnerable": vulnerability_text(engine.vulnerable),
            "analysis": dict(engine.analyse() or {}),
            "traveller": [dict(row) for row in results_table(engine.board_no,
                                                            [TableResult("Table 1", engine.result), *others])]}


def poker_extras() -> Iterator[Render]:
    """All-in odds and a board run twice, found by playing short-stacked hold'em deals."""
    render = game("holdem").render_table
    odds = first_deal("holdem", {}, 60, lambda view: bool(view.get("runout")) and view["finished"])
    if odds is not None:
        yield "holdem all-in odds", render, (odds, FOOTER)
    twice = {"run_it_twice": True}
    for seed in range(60):
        deal = play_deal("holdem", 900 + seed, twice, 60)
        shown = [(public, private) for public, private in deal.views if len(public.get("boards", ())) == 2]
        if shown:
            yield "holdem run twice table", render, (shown[-1][0], FOOTER)
            yield "holdem run twice hand", game("holdem").render_hand, (shown[-1][1],)
            return


def sigma_preview(seed: int) -> Render | None:
    """A placement preview of the seat first asked where to place a card."""
    def placing(engine: Engine, seat: int) -> bool:
        return any(spec.kind == "place" and spec.choices for spec in engine.legal_actions(seat))

    engine = play_deal("sigma", seed, stop=placing).engine
    acting = engine.to_act()
    if not acting or engine.outcome is not None:
        return None
    seat = acting[0]
    target = next(c for spec in engine.legal_actions(seat) if spec.kind == "place" for c in spec.choices)
    return "sigma placement preview", render_preview, (engine.view(seat), target)


def ledger_sample() -> dict[str, Any]:
    lines = [LedgerLine(name, name.endswith("(bot)"), bought_in=1000, cashed_out=1000 + delta, hands=40,
                        biggest_pot=300) for name, delta in zip(NAMES, (420, -250, 130, -300, 0, 0))]
    lines[-1].at_table = sum(-line.net for line in lines)
    return ledger_view(Ledger("Ledger · table #4 · Texas hold'em", [4], lines,
                              settle_up({line.name: line.net for line in lines})))


def other_renders(seeds: int) -> Iterator[Render]:
    yield from poker_extras()
    for seed in range(1, seeds + 1):
        preview = sigma_preview(seed)
        if preview is not None:
            yield preview
    for card, (renderer, view) in CARDS.items():
        yield card, renderer, (view,)
    yield "ledger", render_ledger, (ledger_sample(),)


def replay_frames(recorder: Recorder) -> Iterator[tuple[str, Picture]]:
    """Each game's replay GIF of a seeded deal: the frames' strings, scaled as the GIF scales them."""
    for name in game_names():
        views = [public for public, _ in play_deal(name, 1).views]
        chosen = [views[round(k * (len(views) - 1) / (REPLAY_FRAMES - 1))] for k in range(REPLAY_FRAMES)]
        drawn: list[Picture] = []

        def render(view: Mapping[str, Any], footer: str) -> bytes:
            png = game(name).render_table(view, footer)
            drawn.append(recorder.picture())
            return png

        gif = Image.open(io.BytesIO(animate(chosen, render, [FOOTER] * len(chosen))))
        for picture in drawn:
            scale = gif.height / picture.height
            yield f"{name} replay GIF", Picture(gif.width, gif.height,
                                                tuple(replace(s, em=s.em * scale) for s in picture.strings))


def measure(seeds: int) -> list[dict[str, Any]]:
    """A row per picture kind: its sizes, scale as shown, strings and their sizes as shown."""
    pictures: dict[str, list[Picture]] = {}
    with recording() as recorder:
        for kind, renderer, args in [*game_renders(seeds), *other_renders(seeds)]:
            pictures.setdefault(kind, []).append(render_picture(recorder, renderer, *args))
        for kind, picture in replay_frames(recorder):
            pictures.setdefault(kind, []).append(picture)
    rows = []
    for kind, drawn in pictures.items():
        sizes = sorted({(p.width, p.height) for p in drawn})
        shown = [size for p in drawn for size in p.shown()]
        on_cards = [size for p in drawn for size in p.shown(on_card=True)]
        rows.append({"picture": kind, "renders": len(drawn), "sizes": sizes,
                     "scale": [min(p.shown_scale for p in drawn), max(p.shown_scale for p in drawn)],
                     **summary(shown), "card_smallest": min(on_cards) if on_cards else None,
                     "shown": shown, "shown_off_cards": [size for p in drawn for size in p.shown(on_card=False)]})
    return rows


def overall(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """How many picture kinds have a string under 11 px as shown, and the median of every string; the
    same over the 22 table and private-hand pictures alone (what members look at while they play), with the median of
    their strings off the card faces too."""
    def figures(chosen: list[dict[str, Any]]) -> dict[str, Any]:
        every = [size for row in chosen for size in row["shown"]]
        small = [row for row in chosen if row["smallest"] is not None and row["smallest"] < SMALL_PX]
        text_small = [row for row in chosen if min(row["shown_off_cards"], default=SMALL_PX) < SMALL_PX]
        return {"kinds": len(chosen), "kinds_under_11": len(small), "kinds_under_11_off_cards": len(text_small),
                "strings": len(every),
                "median": statistics.median(every), "smallest": min(every),
                "median_off_cards": statistics.median(size for row in chosen for size in row["shown_off_cards"])}

    games = {f"{name} {picture}" for name in game_names() for picture in ("table", "hand")}
    result = figures(rows)
    return {**result, "goal_met": result["kinds_under_11"] == 0 and result["median"] >= GOAL_MEDIAN,
            "tables_and_hands": figures([row for row in rows if row["picture"] in games])}


def _shown(value: float | None, form: str = "{:.1f}") -> str:
    return "–" if value is None else form.format(value)


def table(rows: list[dict[str, Any]]) -> list[str]:
    """The rows as a Markdown table (for docs/performance.md)."""
    lines = ["| picture | size (w x h) | scale as shown | renders | strings | smallest / median as shown"
             " | under 11 px | smallest on a card face |", "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        sizes = ", ".join(f"{w} x {h}" for w, h in r["sizes"][:2]) + (" …" if len(r["sizes"]) > 2 else "")
        low, high = r["scale"]
        scale = f"{low:.2f}" if round(low, 2) == round(high, 2) else f"{low:.2f}–{high:.2f}"
        lines.append(f"| {r['picture']} | {sizes} | {scale} | {r['renders']} | {r['count']}"
                     f" | {_shown(r['smallest'])} / {_shown(r['median'])} px"
                     f" | {_shown(r['under_11'], '{:.0%}')}"
                     f" | {_shown(r['card_smallest'])} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="seeded deals per game")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    load, started = os.getloadavg()[0], time.perf_counter()
    rows = measure(args.seeds)
    figures = overall(rows)
    elapsed = time.perf_counter() - started
    if args.json:
        print(json.dumps({"load": [load, os.getloadavg()[0]], "seconds": elapsed, "overall": figures,
                          "goal": {"smallest_px": SMALL_PX, "median_px": GOAL_MEDIAN},
                          "rows": [{k: v for k, v in row.items() if not k.startswith("shown")} for row in rows]}))
        return
    print(f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} CPUs;"
          f" {elapsed:.0f} s; sizes are em sizes as shown in Discord's 400 x 300 box")
    print("\n".join(table(rows)))
    games = figures["tables_and_hands"]
    print(f"\n{figures['kinds_under_11']} of {figures['kinds']} picture kinds have a string under {SMALL_PX} px"
          f" as shown; the median of all {figures['strings']} strings is {figures['median']:.1f} px"
          f" ({figures['median_off_cards']:.1f} px off the card faces), the smallest {figures['smallest']:.1f} px.")
    print(f"The {games['kinds']} table and private-hand pictures: {games['kinds_under_11']} have a string under"
          f" {SMALL_PX} px ({games['kinds_under_11_off_cards']} off the card faces); median {games['median']:.1f} px"
          f" ({games['median_off_cards']:.1f} px off the card faces).")
    print(f"Goal: no picture under {SMALL_PX} px, median ≥ {GOAL_MEDIAN} px"
          f" ({'met' if figures['goal_met'] else 'not met'}).")


if __name__ == "__main__":
    main()
