"""PokerStars hand histories of the stud and draw games, short-deck hold'em and mixed tables (8-game, HORSE)
played at the room's tables through the table service: every
hand of each table's file, as one of its players exports it, read by the reader written from real
PokerStars files (``tests/support/pokerstars_grammar.py``: real forms only, every pot, collection and
summary line adding up) and checked number by number against the stored PHH record
(``tests/support/pokerstars_numbers.py``)."""
from __future__ import annotations

import random
from typing import Any

import pytest

from bot.exports import pokerstars_file
from bot.games.phh import RoomHandHistory
from bot.games.pokerstars_games import GAMES
from tests.support.played_tables import play
from tests.support.pokerstars_checks import split_hands
from tests.support.pokerstars_grammar import read
from tests.support.pokerstars_numbers import check_numbers
from tests.support.service_rig import Clock, open_service

TABLES: list[tuple[str, dict[str, Any], int]] = [
    ("stud", {}, 4), ("razz", {}, 3), ("stud-hilo", {}, 5), ("draw", {}, 3), ("triple-draw", {}, 4), ("single-draw", {}, 3),
    ("badugi", {}, 4), ("short-deck", {}, 4), ("mixed", {"rotation": "8-game", "hands_per_game": 1}, 4),
    ("mixed", {"rotation": "horse", "hands_per_game": 2}, 3)]
MIXES = {"8-game": "8-Game", "horse": "HORSE"}


@pytest.mark.parametrize("game, settings, players", TABLES, ids=[f"{game}{settings.get('rotation', '')}" for game, settings, _ in TABLES])
async def test_every_stud_and_draw_hand_reads_as_a_real_file(tmp_path, game: str, settings: dict[str, Any], players: int) -> None:
    """(Mixed tables too: each hand under its game's name and the mix's, "8-Game (Razz Limit, 10/20)".)"""
    clock = Clock()
    service = await open_service(str(tmp_path / "c.db"), clock)
    written = 0
    for live, hands in await play(service, clock, 700, game, settings, players, random.Random(game)):
        for hand_no, stored in hands:
            users = stored.record["users"]
            _, text = pokerstars_file(game, live.id, [(hand_no, stored)], max_seats=players,
                                      hero=users[hand_no % len(users)])
            (hand,) = split_hands(text)
            if "rotation" in settings:
                assert hand.split(":  ", 1)[1].startswith(f"{MIXES[settings['rotation']]} (")
            history = RoomHandHistory.loads(stored.export)
            assert read(hand, ours=True).game == GAMES[str(history.variant)].name
            settings = stored.record["settings"]
            blinds = (settings["small_blind"], settings["big_blind"]) if "small_blind" in settings else None
            check_numbers(hand, stored.export, blinds=blinds, hi_lo=str(history.variant).endswith("/8"))
            written += 1
    assert written >= 3
