"""The web process over a service's database, for the web tests: played hands on two servers, an
aiohttp test client, a server's page switched on."""
from __future__ import annotations

from typing import Any

from aiohttp.test_utils import TestClient, TestServer

from bot.games.base import Action
from bot.service.table.live import LiveTable
from bot.service.table.press import Press
from bot.service.tables import TableService
from bot.storage.interface import Storage
from bot.storage.web_store import WebSite
from bot.web.app import make_app
from bot.service.web_links import switch

SCRIPT_NAME = '<script>alert("x")</script>'


async def web_client(storage: Storage, **limits: Any) -> TestClient[Any, Any]:
    client: TestClient[Any, Any] = TestClient(TestServer(make_app(storage, **limits)))
    await client.start_server()
    return client


async def site(storage: Storage, guild_id: int, public: bool = False) -> WebSite:
    return await switch(storage, guild_id, enabled=True, public=public)


async def act(service: TableService, live: LiveTable, action: Action) -> None:
    user = live.table_seat_of(live.engine.to_act()[0]).user_id
    await service.tables[live.id].commands.act(Press(user, live.row.hand_no, live.row.step, action))


async def holdem_hands(service: TableService, guild_id: int, channel: int, users: tuple[int, int]) -> LiveTable:
    """Two hands of hold'em: the first folded before the flop, the second called and checked down to a
    showdown. The second player's name is a script."""
    live = await service.create(guild_id, channel, "holdem", users[0], "<b>Ann</b>", {}, None)
    await live.commands.join(users[1], SCRIPT_NAME)
    await live.commands.start(users[0])
    await act(service, live, Action("fold"))
    advance = getattr(service.clock, "advance", None)
    if advance is not None:
        advance(10)  # past the pause between deals
    await service.tick()
    assert live.row.hand_no == 2 and live.row.deal is not None
    while live.row.hand_no == 2 and live.row.deal is not None:
        kinds = {spec.kind for spec in live.engine.legal_actions(live.engine.to_act()[0])}
        await act(service, live, Action("check" if "check" in kinds else "call"))
    return live
