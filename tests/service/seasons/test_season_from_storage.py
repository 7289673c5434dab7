"""A season's standings from what is stored, on both backends: a sit-and-go and a cash session ranked
by the chosen formula (computed by hand), best-k applied, another server's results never counted,
and an ended season shown as kept."""
from __future__ import annotations

import time

from bot.service.seasons.views import current
from bot.storage import open_storage
from bot.storage.interface import Storage
from bot.storage.records import Season, SeasonLine, SeasonRule, TableMode, TableSettings

GUILD, OTHER = 7, 8
ANN, BOB = 1, 2


async def _played(storage: Storage, guild: int) -> None:
    """A sit-and-go of three (a robot won, Ann second, Bob third) and a cash table (Ann +30, Bob -30)."""
    async with storage.transaction() as tx:
        sng = await tx.insert_table(guild, guild * 10, "holdem", 1, TableSettings(mode=TableMode.SIT_AND_GO))
        cash = await tx.insert_table(guild, guild * 10 + 1, "holdem", 1, TableSettings())
        await tx.insert_hand(sng, 1, "holdem", "s", "c", {"users": [ANN, -1, BOB], "stacks": [500, 500, 500],
                                                          "outcome": {"deltas": [100, 400, -500]}}, "")
        await tx.insert_hand(sng, 2, "holdem", "s", "c", {"users": [ANN, -1], "stacks": [600, 900],
                                                          "outcome": {"deltas": [-600, 600]}}, "")
        await tx.insert_hand(cash, 1, "holdem", "s", "c", {}, "")
        await tx.insert_hand_players(guild, cash, 1, "holdem", [(0, ANN, 30), (1, BOB, -30)])
    row = await storage.table(sng)
    assert row is not None
    row.status, row.seats = "closed", []  # as a finished sit-and-go is kept
    async with storage.transaction() as tx:
        await tx.save_table(row)


async def test_sit_and_go_and_cash_ranked_by_the_field_formula(database: str) -> None:
    storage = await open_storage(database)
    try:
        await _played(storage, GUILD)
        await _played(storage, OTHER)  # the same results elsewhere count only there
        now = time.time()
        rule = SeasonRule(("sit-and-go", "cash"), "field")
        season = Season(1, GUILD, 70, "Winter", now - 60, now + 60, rule)
        # Ann: 100 ln 4 / 2 = 69.31 (sit-and-go, 3 entrants) + 100 ln 3 / 1 = 109.86 (cash, 2 entrants)
        # Bob: 100 ln 4 / 3 = 46.21 + 100 ln 3 / 2 = 54.93
        assert await current(storage, season, now) == [SeasonLine(ANN, 1, 179.18, 2, 2), SeasonLine(BOB, 2, 101.14, 2, 2)]
        best = Season(2, GUILD, 70, "Best", now - 60, now + 60, SeasonRule(("sit-and-go", "cash"), "field", best=1))
        assert await current(storage, best, now) == [SeasonLine(ANN, 1, 109.86, 2, 1), SeasonLine(BOB, 2, 54.93, 2, 1)]
        later = Season(3, GUILD, 70, "Later", now + 60, now + 120, rule)
        assert await current(storage, later, now + 90) == []
        kept = Season(4, GUILD, 70, "Kept", now - 60, now + 60, rule, ended_at=now, final=(SeasonLine(BOB, 1, 5.0, 1, 1),))
        assert await current(storage, kept, now) == [SeasonLine(BOB, 1, 5.0, 1, 1)]
    finally:
        await storage.close()
