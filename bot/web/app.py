"""The web process's application: the server's HTML pages under ``/s/{key}/`` and the same data as
JSON under ``/api/v1/{key}/`` (docs/web.md), behind ``bot.web.guard``. Every route first finds the
server its key opens (``bot.web.sites.guild_of``); a key that opens nothing answers 404, as does a
table, hand, tournament or event of another server."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Awaitable, Callable

from aiohttp import web

from bot.storage.interface import Storage
from bot.web import data, html, html_deals, seasons
from bot.web.cache import ResponseCache
from bot.web.deals import Deals
from bot.web.guard import RateLimit, guarded
from bot.web.sites import guild_of

STATIC = Path(__file__).parent / "static"
STORAGE = web.AppKey[Storage]("storage")
DEALS = web.AppKey[Deals]("deals")
CACHE = web.AppKey[ResponseCache]("cache")
Page = Callable[[web.Request, Storage, Deals, int, str], Awaitable[web.StreamResponse]]


def _number(request: web.Request, name: str) -> int:
    value = request.match_info[name]
    if not value.isdigit() or len(value) > 18:
        raise data.missing("There is nothing here.")
    return int(value)


def _route(handler: Page) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    async def serve(request: web.Request) -> web.StreamResponse:
        key = request.match_info["key"]
        storage = request.app[STORAGE]
        guild_id = await guild_of(storage, key)
        if guild_id is None:
            raise data.missing("There is no page here: the link is wrong, or the server turned its page off.")
        cache = request.app[CACHE]
        kept = cache.get(f"{key} {request.path_qs}")
        if kept is not None:
            return kept
        answer = await handler(request, storage, request.app[DEALS], guild_id, key)
        cache.put(f"{key} {request.path_qs}", answer)
        return answer
    return serve


def _html(text: str) -> web.Response:
    return web.Response(text=text, content_type="text/html")


def _json(value: Any) -> web.Response:
    return web.json_response(value)


async def leaderboard(request: web.Request, storage: Storage, deals: Deals, guild_id: int, key: str) -> web.StreamResponse:
    found = await data.leaderboard(storage, guild_id, request.query.get("game") or None, request.query.get("period", "all"))
    return _json(found) if _api(request) else _html(html.leaderboard_page(found, key))


async def player(request: web.Request, storage: Storage, deals: Deals, guild_id: int, key: str) -> web.StreamResponse:
    user_id = _number(request, "user")
    found = {**await data.player(storage, guild_id, user_id), **await seasons.player_seasons(storage, guild_id, user_id)}
    return _json(found) if _api(request) else _html(html.player_page(found, key))


async def tables(request: web.Request, storage: Storage, deals: Deals, guild_id: int, key: str) -> web.StreamResponse:
    found = await data.tables(storage, guild_id)
    return _json(found) if _api(request) else _html(html.tables_page(found, key))


async def table(request: web.Request, storage: Storage, deals: Deals, guild_id: int, key: str) -> web.StreamResponse:
    found = await data.table(storage, guild_id, _number(request, "table"))
    return _json(found) if _api(request) else _html(html.table_page(found, key))


async def ledger(request: web.Request, storage: Storage, deals: Deals, guild_id: int, key: str) -> web.StreamResponse:
    found = data.ledger_data(await data.ledger(storage, guild_id, _number(request, "table")))
    return _json(found) if _api(request) else _html(html_deals.ledger_page(found, key))


async def ledger_csv(request: web.Request, storage: Storage, deals: Deals, guild_id: int, key: str) -> web.StreamResponse:
    table_id = _number(request, "table")
    text = data.ledger_file(await data.ledger(storage, guild_id, table_id))
    return web.Response(text=text, content_type="text/csv", charset="utf-8", headers={
        "Content-Disposition": f'attachment; filename="ledger-table{table_id}.csv"'})


async def hand(request: web.Request, storage: Storage, deals: Deals, guild_id: int, key: str) -> web.StreamResponse:
    table_id, hand_no = _number(request, "table"), _number(request, "hand")
    if _api(request):
        return _json(await deals.replay_data(guild_id, table_id, hand_no))
    found = await deals.replay(guild_id, table_id, hand_no)
    step = request.query.get("step", "0")
    if not step.isdigit() or int(step) > found.last:
        raise data.missing(f"Hand #{hand_no} has steps 0 to {found.last}.")
    return _html(html_deals.replay_page(found, data.title_of(found.game), int(step), key))


async def picture(request: web.Request, storage: Storage, deals: Deals, guild_id: int, key: str) -> web.StreamResponse:
    png = await deals.picture(guild_id, _number(request, "table"), _number(request, "hand"), _number(request, "step"))
    return web.Response(body=png, content_type="image/png", headers={"Cache-Control": "private, max-age=3600"})


async def tournaments(request: web.Request, storage: Storage, deals: Deals, guild_id: int, key: str) -> web.StreamResponse:
    found = await data.tournaments(storage, guild_id)
    return _json(found) if _api(request) else _html(html.tournaments_page(found, key))


async def tournament(request: web.Request, storage: Storage, deals: Deals, guild_id: int, key: str) -> web.StreamResponse:
    found = await data.tournament(storage, guild_id, _number(request, "mtt"))
    return _json(found) if _api(request) else _html(html.tournament_page(found, key))


async def events(request: web.Request, storage: Storage, deals: Deals, guild_id: int, key: str) -> web.StreamResponse:
    names = await storage.web_events(guild_id)
    return _json({"events": names}) if _api(request) else _html(html.events_page(names, key))


async def event(request: web.Request, storage: Storage, deals: Deals, guild_id: int, key: str) -> web.StreamResponse:
    found = await deals.event_record(guild_id, request.match_info["event"])
    return _json(found) if _api(request) else _html(html_deals.event_page(found, key))


async def season_list(request: web.Request, storage: Storage, deals: Deals, guild_id: int, key: str) -> web.StreamResponse:
    found = await seasons.seasons(storage, guild_id)
    return _json(found) if _api(request) else _html(html.seasons_page(found, key))


async def season(request: web.Request, storage: Storage, deals: Deals, guild_id: int, key: str) -> web.StreamResponse:
    found = await seasons.season(storage, guild_id, _number(request, "season"))
    return _json(found) if _api(request) else _html(html.season_page(found, key))


def _api(request: web.Request) -> bool:
    return request.path.startswith("/api/")


PAGES: tuple[tuple[str, Page], ...] = (
    ("/", leaderboard), ("/players/{user}", player), ("/tables", tables), ("/tables/{table}", table),
    ("/tables/{table}/ledger", ledger), ("/tables/{table}/hands/{hand}", hand),
    ("/tournaments", tournaments), ("/tournaments/{mtt}", tournament), ("/events", events), ("/events/{event}", event),
    ("/seasons", season_list), ("/seasons/{season}", season),
)
HTML_ONLY: tuple[tuple[str, Page], ...] = (
    ("/tables/{table}/ledger.csv", ledger_csv), ("/tables/{table}/hands/{hand}/{step}.png", picture))
API_NAMES = {"/": "/leaderboard"}


async def index(request: web.Request) -> web.StreamResponse:
    return _html(html.page("Cardroom", "<p>Each server's page has a link of its own: a manager gets it "
                                        "with <code>/web link</code> in Discord.</p>"))


async def no_icon(request: web.Request) -> web.StreamResponse:
    return web.Response(status=204)  # browsers ask; the site has none


def make_app(storage: Storage, *, rate: float = 20.0, burst: float = 60.0) -> web.Application:
    """The application over ``storage`` (which the caller opens and closes), each client limited to
    ``rate`` requests a second after a ``burst``."""
    app = web.Application(middlewares=[guarded(RateLimit(rate, burst))], client_max_size=4096)
    app[STORAGE] = storage
    app[DEALS] = Deals(storage)
    app[CACHE] = ResponseCache()
    app.router.add_get("/", index)
    app.router.add_get("/favicon.ico", no_icon)
    for route, handler in PAGES + HTML_ONLY:
        app.router.add_get("/s/{key}" + route, _route(handler))
    for route, handler in PAGES:
        app.router.add_get("/api/v1/{key}" + API_NAMES.get(route, route), _route(handler))
    app.router.add_static("/static", STATIC, show_index=False)
    return app
