"""A sit-and-go played to its end through the table service, on both backends: the places a season
reads from its stored deals (a finished table keeps no seats) are the places its table announced."""
from __future__ import annotations

import time

from bot.service.seasons.finishes import finishes
from bot.storage.interface import HOUSE
from tests.support.service_rig import ALICE, BOB, CHANNEL, GUILD, Clock, open_service


async def test_a_sit_and_go_placed_from_its_deals_as_announced(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await service.create(GUILD, CHANNEL, "holdem", ALICE, "Ann",
                                {"mode": "tournament", "buy_in": 200, "min_buy_in": 200, "level_hands": 2}, None)
    await live.commands.join(BOB, "Bob")
    for _ in range(2):
        await live.commands.add_bot(ALICE)
    async with service.storage.transaction() as tx:
        await tx.move_wallet(GUILD, HOUSE, 0)
    await live.commands.start(ALICE)
    notes: list[str] = []
    keep = live.note

    def note(line: str) -> None:
        notes.append(line)
        keep(line)

    live.note = note  # type: ignore[method-assign]
    await live.commands.sit_out(ALICE)
    await live.commands.sit_out(BOB)  # the members are folded for; the robots play it out
    for _ in range(400):
        if service.in_channel(CHANNEL) is None:
            break
        clock.now += 200
        await service.tick()
    assert service.in_channel(CHANNEL) is None, "the tournament finished and closed the table"
    (over,) = [line for line in notes if line.startswith("The tournament is over: ")]
    announced = {entry.split(". ", 1)[1].rsplit(" (", 1)[0]: int(entry.split(". ", 1)[0])
                 for entry in over.removeprefix("The tournament is over: ").removesuffix(".").split(", ")}
    sources = await service.storage.season_sources(GUILD, 0.0, time.time() + 60)
    placed = {finish.user_id: finish.place for finish in finishes(sources)}
    first = await service.storage.hand_record(live.id, 1)
    assert first is not None
    names = dict(zip(first.record["users"], first.record["names"]))  # robots' ids too
    assert len(placed) == 4 and sorted(placed.values())[0] == 1
    assert {names[user]: place for user, place in placed.items()} == announced
    assert {f.entrants for f in finishes(sources)} == {4}
