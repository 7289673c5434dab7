"""PokerStars hand histories of hands really played at the room's tables: hold'em (no-limit, pot-limit,
fixed-limit, a big-blind ante with a straddle, bomb pots), Omaha and Omaha hi-lo, two to six players with
stacks far apart so that all-ins make side pots, played by seeded random choices (folds before the
flop, uncalled bets, showdowns, split pots). Each table's file is read by an independent PokerStars
reader and every hand checked against the record we stored (``tests/support/pokerstars_checks``)."""
from __future__ import annotations

import random
from typing import Any

import pytest

from bot.exports import pokerstars_file
from bot.games.base import Action
from bot.service.live import LiveTable
from bot.service.tables import TableService
from bot.storage.records import StoredHand
from tests.support.pokerstars_checks import check_hand, split_hands
from tests.support.service_rig import GUILD, Clock, open_service

BUY_INS = (1000, 150, 600, 300, 900, 100)
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
]
HANDS = 20


def _choose(live: LiveTable, rng: random.Random) -> Action:
    """A random legal action: folds, calls and checks, and raises from the least to all in."""
    specs = live.engine.legal_actions(live.engine.to_act()[0])
    kinds = {spec.kind: spec for spec in specs}
    roll = rng.random()
    if "raise" in kinds and roll < 0.35:
        low, high = kinds["raise"].min_amount, kinds["raise"].max_amount
        assert low is not None and high is not None
        return Action("raise", rng.choice([low, high, (low + high) // 2]))
    if "fold" in kinds and roll > 0.85:
        return Action("fold")
    return Action("call" if "call" in kinds else "check")


async def _table(service: TableService, clock: Clock, channel: int, game: str, settings: dict[str, Any],
                 players: int, rng: random.Random, hands: int) -> LiveTable:
    """One table played until ``hands`` hands are over or a player has lost every chip."""
    users = [channel * 10 + k for k in range(1, players + 1)]
    live = await service.create(GUILD, channel, game, users[0], f"p{users[0]}", settings, BUY_INS[0])
    for k, user in enumerate(users[1:], 1):
        await service.join(live, user, f"p{user}", BUY_INS[k])
        if settings.get("straddle") and k % 2:
            await service.toggle_straddle(live, user)
    await service.start(live, users[0])
    for _ in range(hands):
        while live.row.deal is not None:
            user = live.table_seat_of(live.engine.to_act()[0]).user_id
            await service.act(live.id, user, live.row.hand_no, live.row.step, _choose(live, rng))
        if service.in_channel(channel) is not live or live.row.deadline is None:
            break
        clock.now = live.row.deadline + 1
        await service.tick()
    if service.in_channel(channel) is live:
        await service.cancel(live, users[0], True)
    return live


async def _play(service: TableService, clock: Clock, channel: int, game: str, settings: dict[str, Any],
                players: int, rng: random.Random) -> list[tuple[LiveTable, list[tuple[int, StoredHand]]]]:
    """Tables of the game played one after another (a new one when a player is broke) until ``HANDS``
    hands are over: each table with its stored hands."""
    played: list[tuple[LiveTable, list[tuple[int, StoredHand]]]] = []
    while sum(len(hands) for _, hands in played) < HANDS:
        live = await _table(service, clock, channel + len(played), game, settings, players, rng, HANDS)
        played.append((live, await service.storage.hand_records(live.id)))
    return played


@pytest.mark.parametrize("game, settings, players", TABLES, ids=[f"{g}-{s['limit']}-{n}" for g, s, n in TABLES])
async def test_every_hand_reads_back_as_stored(tmp_path, game: str, settings: dict[str, Any], players: int) -> None:
    clock = Clock()
    service = await open_service(str(tmp_path / "c.db"), clock)
    for live, hands in await _play(service, clock, 500, game, settings, players, random.Random(f"{game}{settings}{players}")):
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
                       for live, hands in await _play(service, clock, 500, game, settings, players,
                                                      random.Random(f"{game}{settings}{players}")))
        seen |= {mark for mark in ("Side pot", "Uncalled bet", "folded before Flop", "*** RIVER ***", "posts straddle",
                                   "posts the ante", "and is all-in", "*** SHOW DOWN ***", "mucks hand")
                 if mark in text}
        for hand in split_hands(text):
            collected = [line for line in hand.splitlines() if " collected " in line and "Seat " not in line]
            if len({line.split(" collected ")[0] for line in collected}) > 1 and "Side pot" not in hand:
                seen.add("split pot")
    assert seen >= {"Side pot", "Uncalled bet", "folded before Flop", "*** RIVER ***", "posts straddle",
                    "posts the ante", "and is all-in", "*** SHOW DOWN ***", "split pot"}, seen


async def test_seat_names_and_no_hero(database: str) -> None:
    """Seat names ("Seat 3") replace the members' names everywhere; a member who did not play the hand
    gets no hole cards. (On both storage backends: ``hand_records`` and the hands' end times.)"""
    clock = Clock()
    service = await open_service(database, clock)
    ((live, hands), *_) = await _play(service, clock, 600, "holdem", {"limit": "no-limit"}, 3, random.Random(1))
    _, text = pokerstars_file("holdem", live.id, hands, max_seats=3, seat_names=True, hero=999)
    assert "p601" not in text
    for (hand_no, stored), hand in zip(hands, split_hands(text)):
        alone = await service.storage.hand_record(live.id, hand_no)
        assert alone == stored and alone is not None and alone.finished_at == stored.finished_at > 0
        assert "Dealt to" not in hand
        assert all(f"Seat {index + 1}: Seat {index + 1} (" in hand for index in stored.record["seats"])
