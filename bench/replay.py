"""Replays: how long a finished deal takes to rebuild, and its animation to draw, and how big it is.

For each game one deal is played by the computer players (random cards in bridge play, no
double-dummy solving), then rebuilt from its record as ``/replay`` does (``bot.service.table.replays``,
run in a thread by the bot) and drawn as the Animation button's GIF (``images.animation``, run in
a render pool worker by the bot; here in this process).

Run: ``python -m bench.replay`` from the repository root.
"""
from __future__ import annotations

import random
import time

from bot.games.base import Action, Seat
from bot.registry import game, game_names
from bot.service.table.replays import rebuild
from images.animation import animate, pick_frames


def played(name: str, seed: str) -> dict:
    """The record of one deal of ``name`` between computer players."""
    spec = game(name)
    players = max(spec.min_players, 4 if name == "bridge" else 2)
    names = [f"P{i}" for i in range(players)]
    stack = 1000 if spec.chips else 0
    carry = {"dealer": 0} if spec.moves_button else {}
    engine = spec.engine(dict(spec.default_settings), [Seat(n, stack, True) for n in names], seed, dict(carry))
    rng = random.Random(1)
    actions = []
    while engine.outcome is None:
        seat = engine.to_act()[0]
        specs = engine.legal_actions(seat)
        play = next((s for s in specs if s.kind == "play" and name == "bridge"), None)
        action = Action("play", cards=(rng.choice(play.choices),)) if play else spec.choose(engine.view(seat), specs, rng)
        engine.apply(seat, action)
        actions.append([seat, action.to_json()])
    return {"names": names, "stacks": [stack] * players, "bots": [True] * players,
            "settings": dict(spec.default_settings), "carry": carry, "actions": actions}


def main() -> None:
    print("| game | steps | rebuild | animation: frames, draw time, size |")
    print("|---|---|---|---|")
    for name in game_names():
        seed = "%064x" % 7
        record = played(name, seed)
        started = time.perf_counter()
        steps = rebuild(name, seed, record)
        rebuilt = time.perf_counter() - started
        started = time.perf_counter()
        gif = animate([s.public for s in steps], game(name).render_table, ["replay"] * len(steps))
        drawn = time.perf_counter() - started
        print(f"| {name} | {len(steps)} | {rebuilt * 1000:.1f} ms | {len(pick_frames(len(steps)))} frames, "
              f"{drawn * 1000:.0f} ms, {len(gif) // 1024} KB |")


if __name__ == "__main__":
    main()
