"""PokerStars hand histories of hands really played at the room's tables: hold'em (no-limit, pot-limit,
fixed-limit, a big-blind ante with a straddle, bomb pots, run it twice), Omaha and Omaha hi-lo (run
twice too), two to six players with stacks far apart so that all-ins make side pots, played by seeded
random choices (folds before the flop, uncalled bets, showdowns, split pots, boards run twice or
once, winners nobody called showing their cards). Each table's file is read by an independent PokerStars
reader and every hand checked against the record we stored (``tests/support/pokerstars_checks``)."""
from __future__ import annotations

import random
from typing import Any

import pytest

from bot.exports import pokerstars_file
from tests.support.played_tables import play
from tests.support.pokerstars_checks import check_hand, split_hands
from tests.support.service_rig import Clock, open_service

TABLES: list[tuple[str, dict[str, Any], int]] = [
    ("holdem", {"limit": "no-limit"}, 2),
    ("holdem", {"limit": "no-limit"}, 6),
    ("holdem", {"limit": "pot-limit"}, 3),
    ("holdem", {"limit": "fixed-limit"}, 4),
    ("holdem", {"limit": "no-limit", "ante": 10, "ante_kind": "big blind", "straddle": "under the gun"}, 5),
    ("holdem", {"limit": "pot-limit", "bomb_pot_every": 3}, 4),
    ("omaha", {"limit": "pot-limit"}, 4),
    ("omaha", {"limit": "no-limit"}, 3),
    ("omaha-hilo", {"limit": "pot-limit"}, 5),
    ("omaha-hilo", {"limit": "fixed-limit"}, 2),
    ("holdem", {"limit": "no-limit", "run_it_twice": True}, 4),
    ("omaha-hilo", {"limit": "pot-limit", "run_it_twice": True}, 3),
]


@pytest.mark.parametrize("game, settings, players", TABLES, ids=[f"{g}-{s['limit']}-{n}" for g, s, n in TABLES])
async def test_every_hand_reads_back_as_stored(tmp_path, game: str, settings: dict[str, Any], players: int) -> None:
    clock = Clock()
    service = await open_service(str(tmp_path / "c.db"), clock)
    for live, hands in await play(service, clock, 500, game, settings, players, random.Random(f"{game}{settings}{players}")):
        name, text = pokerstars_file(game, live.id, hands, max_seats=players)
        assert name == f"cardroom-{game}-table{live.id}" + (f"-hand{hands[0][0]}" if len(hands) == 1 else "") + "-pokerstars.txt"
        assert len(split_hands(text)) == len(hands)
        for hand_no, stored in hands:  # each hand as one of its players exports it: their hole cards
            users = stored.record["users"]
            hero = users[hand_no % len(users)]
            name, text = pokerstars_file(game, live.id, [(hand_no, stored)], max_seats=players, hero=hero)
            assert name.endswith(f"-hand{hand_no}-pokerstars.txt")
            (hand,) = split_hands(text)
            check_hand(hand, live.id, hand_no, stored, hero=hero)


async def test_the_kinds_of_hand_the_tables_above_play(tmp_path) -> None:
    """The seeded tables above do deal what the module says: side pots, uncalled bets, walks, split
    pots, straddles and big-blind antes, every street."""
    seen: set[str] = set()
    for game, settings, players in TABLES:
        clock = Clock()
        service = await open_service(str(tmp_path / f"{game}{players}{settings['limit']}.db"), clock)
        text = "".join(pokerstars_file(game, live.id, hands, max_seats=6)[1] + "\n\n"
                       for live, hands in await play(service, clock, 500, game, settings, players,
                                                      random.Random(f"{game}{settings}{players}")))
        seen |= {mark for mark in ("Side pot", "Uncalled bet", "folded before Flop", "*** RIVER ***", "posts straddle",
                                   "posts the ante", "and is all-in", "*** SHOW DOWN ***", "mucks hand",
                                   "*** SECOND FLOP ***", "*** SECOND RIVER ***", "*** SECOND SHOW DOWN ***")
                 if mark in text}
        seen |= {"shows after winning uncontested" for hand in split_hands(text)
                 if ": shows [" in hand and "SHOW DOWN" not in hand}
        for hand in split_hands(text):
            collected = [line for line in hand.splitlines() if " collected " in line and "Seat " not in line]
            if len({line.split(" collected ")[0] for line in collected}) > 1 and "Side pot" not in hand:
                seen.add("split pot")
    assert seen >= {"Side pot", "Uncalled bet", "folded before Flop", "*** RIVER ***", "posts straddle",
                    "posts the ante", "and is all-in", "*** SHOW DOWN ***", "split pot", "*** SECOND FLOP ***",
                    "*** SECOND RIVER ***", "*** SECOND SHOW DOWN ***", "shows after winning uncontested"}, seen


async def test_seat_names_and_no_hero(database: str) -> None:
    """Seat names ("Seat 3") replace the members' names everywhere; a member who did not play the hand
    gets no hole cards. (On both storage backends: ``hand_records`` and the hands' end times.)"""
    clock = Clock()
    service = await open_service(database, clock)
    ((live, hands), *_) = await play(service, clock, 600, "holdem", {"limit": "no-limit"}, 3, random.Random(1))
    _, text = pokerstars_file("holdem", live.id, hands, max_seats=3, seat_names=True, hero=999)
    assert "p601" not in text
    for (hand_no, stored), hand in zip(hands, split_hands(text)):
        alone = await service.storage.hand_record(live.id, hand_no)
        assert alone == stored and alone is not None and alone.finished_at == stored.finished_at > 0
        assert "Dealt to" not in hand
        assert all(f"Seat {index + 1}: Seat {index + 1} (" in hand for index in stored.record["seats"])
