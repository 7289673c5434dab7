"""A season's end on the one clock, on both backends: nothing before it; at it, the final standings
kept and posted once though two processes look (the second finds it ended); a process that does not
drive the server's tables leaves its seasons alone; the next look waits for the next end."""
from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any, cast

from bot.service.seasons.ends import ENDED, LOOK_AGAIN, SeasonEnds
from bot.storage import open_storage
from bot.storage.records import SeasonRule, TableSettings

GUILD, OTHER, ANN, BOB = 7, 8, 1, 2


class Presenter:
    def __init__(self) -> None:
        self.posts: list[tuple[int, int, str, str]] = []

    async def announce(self, guild_id: int, channel_id: int, text: str, report: str = "") -> None:
        self.posts.append((guild_id, channel_id, text, report))


async def test_a_season_ends_once_where_its_server_is_driven(database: str) -> None:
    storage = await open_storage(database)
    try:
        start = time.time() - 60
        rule = SeasonRule(("cash",), "fixed", (10.0, 7.0))
        async with storage.transaction() as tx:
            table_id = await tx.insert_table(GUILD, 70, "holdem", ANN, TableSettings())
            await tx.insert_hand(table_id, 1, "holdem", "s", "c", {"names": ["Ann", "Bob"]}, "")
            await tx.insert_hand_players(GUILD, table_id, 1, "holdem", [(0, ANN, 50), (1, BOB, -50)])
            await tx.insert_season(GUILD, 71, "Winter", start, start + 1000, rule)
            await tx.insert_season(OTHER, 81, "Elsewhere", start, start + 1000, rule)
        now = [start + 999]
        presenter = Presenter()

        def process(owned: set[int]) -> SeasonEnds:
            room = SimpleNamespace(storage=storage, presenter=presenter, clock=lambda: now[0],
                                   owns=lambda guild_id: guild_id in owned)
            return SeasonEnds(cast(Any, room))

        first, second = process({GUILD}), process({GUILD})
        await first.tick()
        assert presenter.posts == [] and first.next_time() == start + 1000, "the next look is the next end"
        now[0] = start + 1001
        await first.tick()
        await second.tick()
        assert presenter.posts == [(GUILD, 71, ENDED, "Winter: final standings\n1. Ann: 10 (1 result)\n2. Bob: 7 (1 result)")]
        winter = await storage.season_named(GUILD, "Winter")
        assert winter is not None and winter.ended_at == start + 1001 and [line.points for line in winter.final] == [10, 7]
        elsewhere = await storage.season_named(OTHER, "Elsewhere")
        assert elsewhere is not None and elsewhere.ended_at is None, "another process drives that server"
        assert first.next_time() == now[0] + LOOK_AGAIN
    finally:
        await storage.close()
