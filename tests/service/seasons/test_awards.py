"""A sit-and-go's last deal, on both backends: its winner earns a first win and a tournament won,
stored and posted in the channel once (the table is closed: no table message to carry the line);
the same deal checked again earns and says nothing; the computer player that came second earns
nothing, and another server's member with the same id has nothing. A multi-table tournament's winner
earns it with the tournament's last deal, even one they lost."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any, cast

from bot.service.seasons import awards
from bot.service.table.kinds import SitAndGo, TournamentTable
from bot.storage import open_storage
from bot.storage.records import MttEntry, StoredHand, TableMode, TableSettings, TournamentSettings

GUILD, OTHER, ANN, ROBOT = 7, 8, 1, -1


class Presenter:
    def __init__(self) -> None:
        self.posts: list[tuple[int, int, str, str]] = []

    async def announce(self, guild_id: int, channel_id: int, text: str, report: str = "") -> None:
        self.posts.append((guild_id, channel_id, text, report))


async def test_a_sit_and_go_winner_earns_once_and_the_robot_never(database: str) -> None:
    storage = await open_storage(database)
    try:
        async with storage.transaction() as tx:
            table_id = await tx.insert_table(GUILD, 70, "holdem", ANN, TableSettings(mode=TableMode.SIT_AND_GO))
            record = {"names": ["Ann", "Bot"], "users": [ANN, ROBOT], "bots": [False, True], "stacks": [400, 400],
                      "outcome": {"deltas": [400, -400], "summary": "Ann wins 400 with Pair of Aces"}}
            await tx.insert_hand(table_id, 3, "holdem", "s", "c", record, "")
            await tx.insert_hand_players(GUILD, table_id, 3, "holdem", [(0, ANN, 400)])
        row = await storage.table(table_id)
        assert row is not None
        row.status, row.hand_no = "closed", 3
        row.seats = []  # a finished sit-and-go's seats are gone: its last deal says who won
        presenter = Presenter()
        tasks: list[Any] = []
        table = SimpleNamespace(id=table_id, row=row, note=lambda line: None, spawn=tasks.append,
                                room=SimpleNamespace(storage=storage, presenter=presenter, clock=lambda: 50.0))
        table.kind = SitAndGo(cast(Any, table))  # the kind says who won
        hand = StoredHand("holdem", "s", "c", record, "")  # as the settlement stored it
        for _ in range(2):
            awards.after_deal(cast(Any, table), hand)
            await asyncio.gather(*tasks)
            tasks.clear()
        assert presenter.posts == [(GUILD, 70, awards.ANNOUNCED, "Ann earns an achievement: First win."),
                                   (GUILD, 70, awards.ANNOUNCED, "Ann earns an achievement: Tournament won.")]
        assert [(a.kind, a.table_id, a.hand_no) for a in await storage.achievements(GUILD, ANN)] == [
            ("first-win", table_id, 3), ("tournament-won", table_id, 3)]
        assert await storage.achievements(GUILD, ROBOT) == [] and await storage.achievements(OTHER, ANN) == []
        robots_only = {**record, "names": ["Bot"], "users": [ROBOT], "bots": [True]}
        awards.after_deal(cast(Any, table), StoredHand("holdem", "s", "c", robots_only, ""))
        assert tasks == [], "a deal of computer players alone is not even looked at"
    finally:
        await storage.close()


async def test_a_multi_table_tournaments_winner_earns_it_with_its_last_deal(database: str) -> None:
    storage = await open_storage(database)
    try:
        settings = TournamentSettings(stack=1500, buy_in=0, seats=8, blinds=((10, 20),), minutes=10, prizes=(100,))
        async with storage.transaction() as tx:
            mtt_id = await tx.insert_mtt(GUILD, 80, ANN, "Sunday", "holdem", settings, 1.0)
            table_id = await tx.insert_table(GUILD, 81, "holdem", ANN, TableSettings(mode=TableMode.TOURNAMENT, mtt=mtt_id))
            record = {"names": ["Ann", "Bot"], "users": [ANN, ROBOT], "bots": [False, True], "stacks": [500, 500],
                      "outcome": {"deltas": [-500, 500], "summary": "Bot wins 500"}}
            await tx.insert_hand(table_id, 9, "holdem", "s", "c", record, "")
        mtt = await storage.mtt(mtt_id)
        assert mtt is not None
        mtt.status = "finished"
        async with storage.transaction() as tx:
            await tx.save_mtt(mtt, [MttEntry(ANN, "Ann", place=1), MttEntry(ROBOT, "Bot", is_bot=True, place=2)])
        row = await storage.table(table_id)
        assert row is not None
        row.hand_no = 9
        notes: list[str] = []
        table = SimpleNamespace(id=table_id, row=row, note=notes.append, spawn=None,
                                room=SimpleNamespace(storage=storage, presenter=Presenter(), clock=lambda: 5.0))
        table.kind = TournamentTable(cast(Any, table))  # the kind says who won
        await awards.deal_awards(cast(Any, table), 9, StoredHand("holdem", "s", "c", record, ""))
        assert notes == ["Ann earns an achievement: Tournament won."], "the last deal lost, the tournament won"
        assert [a.kind for a in await storage.achievements(GUILD, ANN)] == ["tournament-won"]
    finally:
        await storage.close()
