"""/stats on a member with many stored hands: how long reading them, computing the figures and
drawing the card take.

Hold'em hands are played by the computer players (``--hands``, default 2000) and stored as the bot
stores them (the hand record and its PHH export, one ``hand_players`` row for the member at seat 0)
in a new SQLite file; then ``/stats`` is timed the way the bot runs it: the storage read, the figures
(``bot.service.stats.game_stats``, computed in a thread) and the card (``images.stats_card``).

Run: ``python -m bench.stats [--hands N]`` from the repository root.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

from bot.games.base import Seat
from bot.registry import game
from bot.service.stats import card_view, game_stats
from bot.storage import open_storage
from images.stats_card import render_stats_card

GUILD, MEMBER = 1, 42


async def store(path: str, hands: int) -> None:
    spec = game("holdem")
    storage = await open_storage(path)
    rng = random.Random(1)
    stacks = [1000, 1000, 1000]
    async with storage.transaction() as tx:
        for n in range(1, hands + 1):
            seed = "%064x" % rng.getrandbits(256)
            engine = spec.engine(dict(spec.default_settings), [Seat(f"P{i}", s) for i, s in enumerate(stacks)],
                                 seed, {"dealer": n % 3, "hand_no": n})
            while engine.outcome is None:
                seat = engine.to_act()[0]
                engine.apply(seat, spec.choose(engine.view(seat), engine.legal_actions(seat), rng))
            deltas = list(engine.outcome.deltas)
            record = {"seats": [0, 1, 2], "names": ["P0", "P1", "P2"], "outcome": engine.outcome.to_json()}
            await tx.insert_hand(1, n, "holdem", seed, "", record, spec.export(engine))
            await tx.insert_hand_players(GUILD, 1, n, "holdem", [(0, MEMBER, deltas[0])])
    await storage.close()


async def measure(path: str) -> dict[str, float]:
    storage = await open_storage(path)
    started = time.perf_counter()
    played = await storage.played_hands(GUILD, MEMBER, "holdem")
    read = time.perf_counter() - started
    started = time.perf_counter()
    stats = await game_stats(storage, GUILD, MEMBER, "holdem")
    total = time.perf_counter() - started
    assert stats is not None
    view = card_view("Member", "Texas hold'em", stats, None)
    render_stats_card(view)  # the palette and fonts load once per process
    started = time.perf_counter()
    png = render_stats_card(view)
    drawn = time.perf_counter() - started
    await storage.close()
    return {"hands": len(played), "read_ms": read * 1000, "stats_ms": total * 1000,
            "per_hand_us": (total - read) / len(played) * 1e6, "card_ms": drawn * 1000, "card_kb": len(png) / 1024}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=2000)
    hands = parser.parse_args().hands
    path = str(Path(tempfile.mkdtemp(prefix="cardroom-stats-")) / "stats.db")
    asyncio.run(store(path, hands))
    figures = asyncio.run(measure(path))
    print("| hands | read | read + figures | figures per hand | card | card size |")
    print("|---|---|---|---|---|---|")
    print(f"| {figures['hands']:.0f} | {figures['read_ms']:.0f} ms | {figures['stats_ms']:.0f} ms | "
          f"{figures['per_hand_us']:.0f} µs | {figures['card_ms']:.0f} ms | {figures['card_kb']:.0f} KB |")


if __name__ == "__main__":
    main()
