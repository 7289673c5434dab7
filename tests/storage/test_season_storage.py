"""Seasons and achievements on both backends: a season is stored with its rule and ends once (a
second end writes nothing); an achievement is earned once; what a season counts is read from the
server's own sit-and-gos and cash tables only (another server's never shows)."""
from __future__ import annotations

import time

from bot.games.event_records import EventPlayer
from bot.storage import open_storage
from bot.storage.records import MttEntry, TableSettings, TournamentSettings
from bot.storage.season_records import Achievement, CashLine, DealtChips, MemberTotals, SeasonLine, SeasonRule
from bot.storage.table_records import TableMode

GUILD, OTHER = 7, 8


async def test_a_season_is_kept_and_ends_once(database: str) -> None:
    storage = await open_storage(database)
    try:
        rule = SeasonRule(("cash", "bridge"), "fixed", (5.0, 3.0), best=4, participation=0.5)
        async with storage.transaction() as tx:
            season_id = await tx.insert_season(GUILD, 70, "Winter", 100.0, 200.0, rule)
            await tx.insert_season(OTHER, 80, "Winter", 100.0, 150.0, SeasonRule())
        season = await storage.season_named(GUILD, "Winter")
        assert season is not None and season.id == season_id and season.rule == rule and season.ended_at is None
        assert [s.name for s in await storage.seasons(GUILD)] == ["Winter"]
        assert await storage.season_named(GUILD, "Spring") is None
        assert await storage.next_season_end() == 150.0
        assert [s.guild_id for s in await storage.due_seasons(199.0)] == [OTHER]
        final = [SeasonLine(1, 1, 10.0, 3, 2), SeasonLine(2, 2, 4.5, 1, 1)]
        async with storage.transaction() as tx:
            assert await tx.end_season(season_id, 201.0, final)
            assert not await tx.end_season(season_id, 202.0, [])
        ended = await storage.season_named(GUILD, "Winter")
        assert ended is not None and ended.ended_at == 201.0 and list(ended.final) == final
        assert [s.guild_id for s in await storage.due_seasons(300.0)] == [OTHER]
    finally:
        await storage.close()


async def test_an_achievement_is_earned_once_per_server(database: str) -> None:
    storage = await open_storage(database)
    try:
        async with storage.transaction() as tx:
            assert await tx.award(GUILD, Achievement(5, "first-win", 10.0, 3, 1))
            assert not await tx.award(GUILD, Achievement(5, "first-win", 11.0, 3, 2))
            assert await tx.award(OTHER, Achievement(5, "first-win", 12.0))
        assert await storage.achievements(GUILD, 5) == [Achievement(5, "first-win", 10.0, 3, 1)]
        assert await storage.achievements(GUILD, 6) == []
    finally:
        await storage.close()


async def test_sit_and_go_deals_and_cash_nets_of_this_server_only(database: str) -> None:
    """A finished sit-and-go keeps no seats: its deals (who, stacks, deltas) are what a season reads."""
    storage = await open_storage(database)
    try:
        first = {"users": [1, -1, 2], "stacks": [500, 500, 500], "outcome": {"deltas": [100, 400, -500]}}
        last = {"users": [1, -1], "stacks": [600, 900], "outcome": {"deltas": [-600, 600]}}
        async with storage.transaction() as tx:
            sng = await tx.insert_table(GUILD, 70, "holdem", 1, TableSettings(mode=TableMode.SIT_AND_GO))
            cash = await tx.insert_table(GUILD, 71, "holdem", 1, TableSettings())
            elsewhere = await tx.insert_table(OTHER, 80, "holdem", 1, TableSettings())
            await tx.insert_hand(sng, 1, "holdem", "s", "c", first, "")
            await tx.insert_hand(sng, 2, "holdem", "s", "c", last, "")
            for table_id in (cash, elsewhere):
                await tx.insert_hand(table_id, 1, "holdem", "s", "c", {}, "")
            await tx.insert_hand_players(GUILD, cash, 1, "holdem", [(0, 1, 30), (1, 2, -30)])
            await tx.insert_hand_players(OTHER, elsewhere, 1, "holdem", [(0, 1, 99), (1, 3, -99)])
        now = time.time()
        assert (await storage.season_sources(GUILD, now - 60, now + 60)).sit_and_gos == [], "not closed yet"
        row = await storage.table(sng)
        assert row is not None
        row.status, row.seats = "closed", []
        async with storage.transaction() as tx:
            await tx.save_table(row)
        sources = await storage.season_sources(GUILD, now - 60, now + 60)
        (play,) = sources.sit_and_gos
        assert play.session == f"table:{sng}" and play.deals == (
            DealtChips((1, -1, 2), (500, 500, 500), (100, 400, -500)), DealtChips((1, -1), (600, 900), (-600, 600)))
        assert [(c.table_id, c.user_id, c.net) for c in sources.cash] == [(cash, 1, 30), (cash, 2, -30)]
        assert all(isinstance(c, CashLine) for c in sources.cash) and sources.tournaments == [] == sources.bridge
        assert (await storage.season_sources(GUILD, now + 60, now + 120)).cash == []
        assert [c.user_id for c in (await storage.season_sources(OTHER, now - 60, now + 60)).cash] == [1, 3]
        assert (await storage.season_sources(OTHER, now - 60, now + 60)).sit_and_gos == []
        async with storage.transaction() as tx:
            await tx.award(GUILD, Achievement(2, "first-win", now))
            await tx.award(GUILD, Achievement(9, "hands-100", now))
            await tx.award(OTHER, Achievement(1, "hands-1000", now))
        assert await storage.member_totals(GUILD, [1, 2, 9, 10]) == {
            1: MemberTotals(1, 1), 2: MemberTotals(1, 0, frozenset({"first-win"})),
            9: MemberTotals(0, 0, frozenset({"hands-100"}))}, "this server's deals and achievements, in one read"
        assert await storage.member_totals(GUILD, []) == {}
    finally:
        await storage.close()


async def test_a_finished_tournament_and_revealed_event_boards_of_this_server_only(database: str) -> None:
    """A tournament counts once finished, by its finish time; an event board only once revealed (a board
    still in play elsewhere stays out of every season); another server's never shows."""
    storage = await open_storage(database)
    try:
        settings = TournamentSettings(stack=1500, buy_in=0, seats=8, blinds=((10, 20),), minutes=10, prizes=(100,))
        now = time.time()
        players = [EventPlayer(n, f"p{n}") for n in (1, 2, 3, -4)]
        async with storage.transaction() as tx:
            mtt_id = await tx.insert_mtt(GUILD, 80, 1, "Sunday", "holdem", settings, now)
            other_mtt = await tx.insert_mtt(OTHER, 81, 1, "Sunday", "holdem", settings, now)
            tables = [await tx.insert_table(GUILD, 90 + k, "bridge", 1, TableSettings(event="club")) for k in range(2)]
            for k, table_id in enumerate(tables):
                await tx.join_event(GUILD, "club", table_id)
                for board in ("1", "2"):
                    await tx.event_seed(GUILD, "club", board, "seed")
                    await tx.insert_hand(table_id, int(board), "bridge", "s", "c", {}, "")
                    await tx.insert_event_result(GUILD, "club", board, table_id, int(board), players, {"level": 0})
            await tx.reveal_event_deals(GUILD, "club", ["1"], now)
        for mtt in (mtt_id, other_mtt):
            row = await storage.mtt(mtt)
            assert row is not None
            row.status, row.state.finished_at = "finished", now
            async with storage.transaction() as tx:
                await tx.save_mtt(row, [MttEntry(1, "Ann", place=2), MttEntry(-1, "Bot", is_bot=True, place=1),
                                        MttEntry(2, "Bob", place=3)])
        sources = await storage.season_sources(GUILD, now - 60, now + 60)
        assert [(p.session, p.user_id, p.place, p.entrants) for p in sources.tournaments] == [
            (f"mtt:{mtt_id}", -1, 1, 3), (f"mtt:{mtt_id}", 1, 2, 3), (f"mtt:{mtt_id}", 2, 3, 3)]
        assert sorted((b.deal_key, b.table_id) for b in sources.bridge) == [("1", tables[0]), ("1", tables[1])]
        assert sources.bridge[0].players[0] == (1, "p1")
        assert (await storage.season_sources(GUILD, now + 60, now + 120)).tournaments == []
        assert [p.session for p in (await storage.season_sources(OTHER, now - 60, now + 60)).tournaments] == \
            [f"mtt:{other_mtt}"] * 3
    finally:
        await storage.close()
