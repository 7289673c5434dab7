"""A server's web page setting and the web page's reads, on both backends: each scoped to its server."""
from __future__ import annotations

from bot.storage import open_storage
from bot.storage.records import TableSettings
from bot.storage.web_store import WebSite


async def test_a_site_is_stored_found_by_token_and_changed(database: str) -> None:
    storage = await open_storage(database)
    try:
        assert await storage.web_site(1) is None
        async with storage.transaction() as tx:
            await tx.set_web_site(WebSite(1, "tok-one", True, False))
            await tx.set_web_site(WebSite(2, "tok-two", True, True))
        assert await storage.web_site_by_token("tok-one") == WebSite(1, "tok-one", True, False)
        async with storage.transaction() as tx:
            await tx.set_web_site(WebSite(1, "tok-new", False, False))
        assert await storage.web_site_by_token("tok-one") is None
        assert await storage.web_site(1) == WebSite(1, "tok-new", False, False)
        assert await storage.web_site(2) == WebSite(2, "tok-two", True, True)
    finally:
        await storage.close()


async def test_reads_of_another_server_find_nothing(database: str) -> None:
    storage = await open_storage(database)
    try:
        async with storage.transaction() as tx:
            table_id = await tx.insert_table(1, 10, "holdem", 5, TableSettings.from_json({}))
            await tx.insert_hand(table_id, 1, "holdem", "seed", "commit", {"actions": []}, "export")
        assert [t.table_id for t in await storage.web_tables(1, 10)] == [table_id]
        assert [n for n, _ in await storage.web_hand_numbers(1, table_id)] == [1]
        assert await storage.web_tables(2, 10) == []
        assert await storage.web_hand_numbers(2, table_id) == []
    finally:
        await storage.close()
