"""The names the leaderboard, the web pages and a season's end show: each member's name as of their
latest finished deal on this server, read for many members in one query, on both backends."""
from __future__ import annotations

from typing import Any

from bot.storage import open_storage
from bot.storage.queries import NAMES_AT_ONCE
from bot.storage.records import TableSettings

GUILD, OTHER = 7, 8


async def _deal(tx: Any, guild: int, table_id: int, hand_no: int, seated: list[tuple[int, str]]) -> None:
    """A finished deal at ``table_id`` of the members ``seated`` (user, name), in seat order."""
    await tx.insert_hand(table_id, hand_no, "holdem", "s", "c", {"names": [name for _, name in seated]}, "")
    await tx.insert_hand_players(guild, table_id, hand_no, "holdem", [(seat, user, 0) for seat, (user, _) in enumerate(seated)])


async def test_every_members_latest_name_here_in_one_query(database: str) -> None:
    storage = await open_storage(database)
    try:
        async with storage.transaction() as tx:
            first = await tx.insert_table(GUILD, 70, "holdem", 1, TableSettings())
            second = await tx.insert_table(GUILD, 71, "holdem", 1, TableSettings())
            theirs = await tx.insert_table(OTHER, 80, "holdem", 1, TableSettings())
            await _deal(tx, GUILD, first, 1, [(1, "Ann"), (2, "Bob")])
            await _deal(tx, GUILD, first, 2, [(2, "Bobby"), (1, "Ann")])  # Bob renamed, in another seat
            await _deal(tx, GUILD, second, 1, [(3, "Cat"), (1, "Annie")])  # Ann renamed, at another table
            await _deal(tx, OTHER, theirs, 1, [(1, "Anna elsewhere"), (4, "Dan elsewhere")])
        queries: list[str] = []
        db: Any = storage._db  # type: ignore[attr-defined]  # a backend's connection: its queries counted
        fetch = db.fetch

        async def counted(sql: str, *args: Any) -> Any:
            queries.append(sql)
            return await fetch(sql, *args)

        db.fetch = counted
        names = await storage.player_names(GUILD, [1, 2, 3, 4, 99])
        assert names == {1: "Annie", 2: "Bobby", 3: "Cat"}, "the latest deal's name, this server's only"
        assert len(queries) == 1, "one query for every member"
        assert await storage.player_names(OTHER, [1, 2, 4]) == {1: "Anna elsewhere", 4: "Dan elsewhere"}
        assert await storage.player_names(GUILD, []) == {}
        queries.clear()
        many = list(range(1000, 1000 + NAMES_AT_ONCE)) + [2]  # past one query's share: the rest in a second
        assert await storage.player_names(GUILD, many) == {2: "Bobby"} and len(queries) == 2
    finally:
        await storage.close()
