"""Bounties and masterpoints from what is stored, on both backends, computed by hand: knockouts read
from a sit-and-go's and a multi-table tournament's deals (their hand histories), the same after the
storage is opened again; a sit-and-go called off and another server's deals never count; a bridge
event's pairs awarded masterpoints by place and field, held on the server and ranked in strata."""
from __future__ import annotations

import time

from bot.service.seasons.strata import masterpoints_held, season_strata
from bot.service.seasons.views import current
from bot.storage import open_storage
from bot.storage.interface import Storage
from bot.storage.records import MttEntry, Season, SeasonLine, SeasonRule, TableMode, TableSettings, TournamentSettings
from bot.service.seasons.strata import Stratum
from tests.support.all_in import holdem
from tests.support.event_boards import record_board

GUILD, OTHER = 7, 8
ANN, BOB, CAT, DAN = 1, 2, 3, 4
NAMES = ("Ann", "Bob", "Cat", "Dan")


def dealt(users: tuple[int, ...], stacks: tuple[int, ...], seed: int) -> tuple[dict[str, object], str]:
    """A deal's record and hand history, played all in (``tests.engines.test_knockouts`` reads the
    same deals' cards by hand)."""
    engine = holdem([NAMES[u - 1] for u in users], stacks, seed)
    assert engine.outcome is not None
    return {"users": list(users), "stacks": list(stacks), "outcome": {"deltas": list(engine.outcome.deltas)}}, engine.phh()


async def _deals(storage: Storage, table_id: int, deals: list[tuple[tuple[int, ...], tuple[int, ...], int]]) -> None:
    async with storage.transaction() as tx:
        for hand_no, (users, stacks, seed) in enumerate(deals, start=1):
            record, export = dealt(users, stacks, seed)
            await tx.insert_hand(table_id, hand_no, "holdem", "s", "c", record, export)


async def _closed(storage: Storage, table_id: int) -> None:
    row = await storage.table(table_id)
    assert row is not None
    row.status, row.seats = "closed", []
    async with storage.transaction() as tx:
        await tx.save_table(row)


async def _tournaments(storage: Storage, guild: int, now: float) -> None:
    """A sit-and-go: seed 6 (Bob's pair of aces takes the main pot: he knocks out Ann; Dan takes the
    side pot that held Cat's last chip), then Dan beats Bob heads-up. A multi-table tournament: seed 159
    (Bob and Cat split the main pot: both knock out Ann; Cat knocks out Dan), then Cat beats Bob. A
    sit-and-go called off after its first deal (seed 6 again) counts nothing."""
    async with storage.transaction() as tx:
        sng = await tx.insert_table(guild, guild * 10, "holdem", 1, TableSettings(mode=TableMode.SIT_AND_GO))
        off = await tx.insert_table(guild, guild * 10 + 1, "holdem", 1, TableSettings(mode=TableMode.SIT_AND_GO))
        settings = TournamentSettings(stack=1000, buy_in=0, seats=8, blinds=((5, 10),), minutes=10, prizes=(100,))
        mtt_id = await tx.insert_mtt(guild, guild * 10 + 2, 1, "Sunday", "holdem", settings, now)
        table = await tx.insert_table(guild, guild * 10 + 3, "holdem", 1, TableSettings(mode=TableMode.TOURNAMENT, mtt=mtt_id))
        await tx.add_mtt_table(mtt_id, table, 1)
    await _deals(storage, sng, [((ANN, BOB, CAT, DAN), (50, 100, 1000, 1000), 6), ((BOB, DAN), (350, 1800), 1)])
    await _deals(storage, off, [((ANN, BOB, CAT, DAN), (50, 100, 1000, 1000), 6)])
    await _deals(storage, table, [((ANN, BOB, CAT, DAN), (50, 100, 1000, 1000), 159), ((BOB, CAT), (175, 1975), 1)])
    for closed in (sng, off, table):
        await _closed(storage, closed)
    row = await storage.mtt(mtt_id)
    assert row is not None
    row.status, row.state.finished_at = "finished", now
    async with storage.transaction() as tx:
        await tx.save_mtt(row, [MttEntry(CAT, "Cat", place=1), MttEntry(BOB, "Bob", place=2),
                                MttEntry(DAN, "Dan", place=3), MttEntry(ANN, "Ann", place=4)])


async def test_bounties_read_from_stored_deals(database: str) -> None:
    storage = await open_storage(database)
    now = time.time()  # the deals are stored after: the standings are asked for a little later
    rule = SeasonRule(("tournament", "sit-and-go"), "fixed", (10.0, 7.0, 5.0, 3.0), bounty=4.0)
    season = Season(1, GUILD, 70, "Bounties", now - 60, now + 60, rule)
    # Sit-and-go: Dan 10, Bob 7, Cat 5, Ann 3; knockouts Bob 1 (Ann), Dan 2 (Cat, Bob).
    # Tournament: Cat 10, Bob 7, Dan 5, Ann 3; knockouts Bob 1 and Cat 1 (Ann, split), Cat 2 (Dan, Bob).
    # Cat 15 + 3 x 4 = 27; Dan 15 + 2 x 4 = 23; Bob 14 + 2 x 4 = 22; Ann 6.
    expected = [SeasonLine(CAT, 1, 27.0, 2, 2, 3), SeasonLine(DAN, 2, 23.0, 2, 2, 2), SeasonLine(BOB, 3, 22.0, 2, 2, 2),
                SeasonLine(ANN, 4, 6.0, 2, 2, 0)]
    try:
        await _tournaments(storage, GUILD, now)
        await _tournaments(storage, OTHER, now)  # the same elsewhere counts only there
        assert await current(storage, season, now + 30) == expected
        plain = Season(2, GUILD, 70, "Plain", now - 60, now + 60, SeasonRule(("tournament", "sit-and-go"), "fixed",
                                                                               (10.0, 7.0, 5.0, 3.0)))
        assert [(ln.user_id, ln.points, ln.knockouts) for ln in await current(storage, plain, now + 30)] == [
            (CAT, 15.0, 0), (DAN, 15.0, 0), (BOB, 14.0, 0), (ANN, 6.0, 0)]
    finally:
        await storage.close()
    storage = await open_storage(database)  # a restart reads the same knockouts
    try:
        assert await current(storage, season, now + 30) == expected
    finally:
        await storage.close()


async def test_masterpoints_held_and_strata_of_a_bridge_season(database: str) -> None:
    """Board 1 of each event (``record_board``: 4S made at the first table, down one at the others).
    Event "mon", two tables: pairs 1-3 and 6-8 top the board (100%), 2-4 and 5-7 score 0%: four
    pairs, two placed; the tied firsts share 1.00 and 0.70: 0.85 each. Event "tue", three tables: table
    1's North-South pair (1-3) scores 4 of 4 (100%), the others' East-West pairs (10-12, 14-16) 3 of 4
    (75%); the other three pairs 25%, 0%... six pairs, three placed: 1.50 to 1-3, the tied seconds
    share 1.05 and 0.73: 0.89 each. Held: 1 and 3 hold 2.35, 6 and 8 0.85, 10, 12, 14, 16 0.89."""
    storage = await open_storage(database)
    now = time.time()
    try:
        await record_board(storage, GUILD, "mon", [(1, 2, 3, 4), (5, 6, 7, 8)], 500, now)
        await record_board(storage, GUILD, "tue", [(1, 9, 3, 11), (13, 10, 15, 12), (17, 14, 19, 16)], 600, now)
        held = await masterpoints_held(storage, GUILD, now + 1)
        assert {user: points for user, points in held.items() if points} == {
            1: 2.35, 3: 2.35, 6: 0.85, 8: 0.85, 10: 0.89, 12: 0.89, 14: 0.89, 16: 0.89}
        assert await masterpoints_held(storage, OTHER, now + 1) == {}
        season = Season(1, GUILD, 70, "Ladder", now - 60, now + 60, SeasonRule(("bridge",), "masterpoints"))
        lines = await current(storage, season, now + 30)
        assert [(ln.user_id, ln.place, ln.points) for ln in lines[:4]] == [(1, 1, 2.35), (3, 1, 2.35), (10, 3, 0.89),
                                                                           (12, 3, 0.89)]
        strata = await season_strata(storage, season, lines, now + 30)
        assert strata[1] == Stratum("C", 2.35, 1) and strata[10] == Stratum("C", 0.89, 3)
        mixed = Season(2, GUILD, 70, "Mixed", now - 60, now + 60, SeasonRule(("bridge", "cash"), "field"))
        assert await season_strata(storage, mixed, lines, now) == {}
    finally:
        await storage.close()
