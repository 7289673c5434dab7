"""Sample views of every game, for the reference-image tests and bench/render.py.

Each sample is a seeded deal of the game, played by its computer players for a fixed number of
actions (enough to fill the table: bets, shown cards, a log), seen by the public (the table image)
and by one seat (its private hand image). The views are stored as JSON next to their reference
renders in tests/reference_images/, so an engine change never moves a reference: only a renderer
change does. Rewrite both after a deliberate layout change with

    python -m tests.support.image_samples

and look at every PNG it writes before committing them.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from bot.games.base import Seat
from bot.registry import game, game_names
from images.leaderboard import render_leaderboard
from images.poker import render_table as render_poker_table
from images.stats_card import render_stats_card

DIRECTORY = Path(__file__).resolve().parent.parent / "reference_images"
FOOTER = "Deck SHA-256 3f2a9c0e5b7d41a8c2e6f09b…"
NAMES = ["Alice", "Bob (bot)", "Charlotte", "Dmitri", "Eve", "Françoise"]


@dataclass(frozen=True)
class Sample:
    """How a game's sample deal is played: ``players`` seats, ``actions`` actions, then seat ``seat``'s
    hand is drawn."""

    players: int
    actions: int
    seat: int = 0
    settings: tuple[tuple[str, Any], ...] = ()


SAMPLES: dict[str, Sample] = {
    "holdem": Sample(6, 9),
    "omaha": Sample(4, 7),
    "omaha-hilo": Sample(4, 7),
    "stud": Sample(4, 14),
    "draw": Sample(4, 9),
    "gin": Sample(2, 12),
    "bridge": Sample(4, 14),
    "saint": Sample(4, 10),
    "squared": Sample(2, 14),
    "sigma": Sample(4, 12),
    "presidential": Sample(4, 60),
    "short-deck": Sample(6, 9),
    "mixed": Sample(4, 14, settings=(("rotation", "stud,holdem-fl"),)),
    "razz": Sample(5, 20),
    "stud-hilo": Sample(3, 14),
    "triple-draw": Sample(5, 8),
    "single-draw": Sample(5, 8),
    "badugi": Sample(5, 18),
}


def play(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(public view, seat view) of the game's sample deal."""
    spec, sample = game(name), SAMPLES[name]
    settings = {**spec.default_settings, **dict(sample.settings)}
    seats = [Seat(NAMES[i], 1000 if spec.chips else 0, is_bot=NAMES[i].endswith("(bot)"))
             for i in range(sample.players)]
    engine = spec.engine(settings, seats, "5eed" * 16, {})
    rng = random.Random(7)
    for _ in range(sample.actions):
        acting = engine.to_act()
        if not acting or engine.outcome is not None:
            break
        seat = acting[0]
        engine.apply(seat, spec.choose(engine.view(seat), engine.legal_actions(seat), rng))
    return _plain(engine.view(None)), _plain(engine.view(sample.seat))


def _plain(view: dict[str, Any]) -> dict[str, Any]:
    """The view as JSON gives it back (tuples become lists), so a stored view renders as the live one."""
    return json.loads(json.dumps(view))


def load(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The stored (public view, seat view) of a game's sample."""
    stored = json.loads((DIRECTORY / f"{name}.json").read_text(encoding="utf-8"))
    return stored["table"], stored["hand"]


def render(name: str, table: dict[str, Any], hand: dict[str, Any]) -> tuple[bytes, bytes]:
    """(table PNG, private hand PNG) of a game's views, as the bot renders them."""
    spec = game(name)
    return spec.render_table(table, FOOTER), spec.render_hand(hand)


def _three_way_split(name: str) -> dict[str, Any]:
    """A seat of the run-twice sample: all in with ace-king, paid a third of the pot on each board."""
    return {"name": name, "stack": 0, "bet": 0, "cards": {"Alice": ["Ah", "Kc"], "Bob (bot)": ["Ad", "Ks"],
                                                          "Charlotte": ["Ac", "Kh"]}[name],
            "folded": False, "all_in": True, "is_dealer": name == "Alice", "to_act": False, "last_action": "",
            "hand_name": "Two Pair, Aces and Kings", "won": 300}


RUN_TWICE_WINNERS = [f"{board} board: {name} wins 150 with Two Pair, Aces and Kings"
                     for board in ("First", "Second") for name in NAMES[:3]]
"""A board run twice, all in on the flop three ways (the odds tags say tie each street): each board's
pot split three ways, its results line long enough to test the room under the boards."""


CARDS: dict[str, tuple[Callable[[dict[str, Any]], bytes], dict[str, Any]]] = {
    # pictures that are not a game's table: (renderer, the sample view it is drawn from)
    "stats-card": (render_stats_card, {
        "player": "Charlotte", "game": "Texas hold'em",
        "figures": [["Hands", "12"], ["Net chips", "+340"], ["VPIP", "41.7%"], ["PFR", "25.0%"],
                    ["3-bet", "33.3%"], ["Aggression", "1.75"], ["Went to showdown", "42.9%"],
                    ["Won at showdown", "66.7%"], ["Biggest pot won", "1210"], ["Rating", "1,920"]],
        "chips": [-10, -10, 150, 140, 90, 90, 300, 280, -40, -50, 330, 340]}),
    "stats-overview": (render_stats_card, {
        "player": "Françoise", "game": "Every game", "columns": ["Game", "Hands", "Net chips", "Matches won", "Rating"],
        "rows": [["Texas hold'em", "12", "+340", "0 of 0", "1,920"], ["Gin rummy", "31", "+0", "2 of 3", "2,050"],
                 ["Contract bridge", "8", "+0", "0 of 0", "unrated"]]}),
    "holdem-run-twice": (render_poker_table, {  # drawn without the deck line
        "game": "holdem", "variant": "No-limit hold'em", "stakes": "Blinds 5/10", "hand_no": 12, "street": "showdown",
        "board": ["As", "Kd", "7h", "2c", "3d"], "boards": [["As", "Kd", "7h", "2c", "3d"], ["As", "Kd", "7h", "Qs", "4d"]],
        "board_slots": 5, "seats": [_three_way_split(name) for name in NAMES[:3]],
        "pots": [{"amount": 900, "eligible": [0, 1, 2]}], "viewer": None, "log": [], "finished": True,
        "winners": RUN_TWICE_WINNERS, "board_results": [
            "1st: Alice, Bob (bot), Charlotte 150 each", "2nd: Alice, Bob (bot), Charlotte 150 each"],
        "equity": [{"street": street, "exact": True, "seats": [{"seat": n, "win": 0.0, "tie": tie, "share": 0.33}
                                                              for n in range(3)]}
                   for street, tie in (("flop", 0.93), ("turn", 0.95), ("turn 2", 0.91))]}),
    "leaderboard": (render_leaderboard, {
        "title": "Leaderboard · Texas hold'em · last 7 days", "page": "Page 2 of 3",
        "lines": [{"rank": 11 + k, "name": name, "rating": rating, "chips": chips, "deals": deals, "own": False}
                  for k, (name, rating, chips, deals) in enumerate([
                      ("Dmitri", "2,070", "+820", "64"), ("Eve", "1,950", "+410", "12"),
                      ("Françoise Lefèvre-Montmorency de la Tour", "1,935", "+35", "40"),
                      ("Bob (bot)", "unrated", "-120", "9")])],
        "own": {"rank": 27, "name": "Alice", "rating": "1,115", "chips": "-560", "deals": "31", "own": True}}),
}


def render_card(name: str, view: dict[str, Any]) -> bytes:
    return CARDS[name][0](view)


def load_card(name: str) -> dict[str, Any]:
    return json.loads((DIRECTORY / f"{name}.json").read_text(encoding="utf-8"))


def main() -> None:
    DIRECTORY.mkdir(exist_ok=True)
    for card, (renderer, view) in CARDS.items():
        (DIRECTORY / f"{card}.json").write_text(json.dumps(view, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        (DIRECTORY / f"{card}.png").write_bytes(renderer(view))
    for name in game_names():
        table, hand = play(name)
        (DIRECTORY / f"{name}.json").write_text(json.dumps({"table": table, "hand": hand}, indent=1,
                                                           ensure_ascii=False) + "\n", encoding="utf-8")
        table_png, hand_png = render(name, table, hand)
        (DIRECTORY / f"{name}-table.png").write_bytes(table_png)
        (DIRECTORY / f"{name}-hand.png").write_bytes(hand_png)
        print(f"{name}: {len(table_png) // 1024} KB table, {len(hand_png) // 1024} KB hand")


if __name__ == "__main__":
    main()
