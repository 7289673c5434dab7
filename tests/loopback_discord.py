"""A loopback Discord: an aiohttp server on 127.0.0.1 that answers the REST API the bot uses.

The recorder harness (``tests/harness.py``) replaces ``HTTPClient.request``, so discord.py's own
rate-limit handling, retries and multipart uploads never run there. Here they do: the bot logs in
with discord.py's real ``HTTPClient`` and answers interactions through its real webhook adapter,
both pointed at this server by ``Route.BASE`` (``tests/loopback_harness.py``). The server keeps
Discord's habits:

- per-route buckets keyed by the route's major parameter (channel, interaction token) with the
  ``X-RateLimit-*`` headers, a global limit, and 429s that carry ``retry_after``
  (``tests/loopback_ratelimits.py``);
- Discord's error bodies for a deleted channel (404, code 10003), a deleted message (10008),
  missing access (403, 50001), missing permissions (50013) and closed DMs (50007);
- injectable faults (``Fault``): any status and code, a 429 storm, or a hang (a timeout) on the
  requests whose method and path match.

It runs on its own thread and event loop, like the remote service it stands for: a request the
bot sends is served whatever the bot's loop is doing, and ``Harness.settle`` waits only for the
bot's own tasks.
"""
from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

from aiohttp import web

from tests.harness import APP_ID, BOT_USER_ID, CHANNEL_ID, GUILD_ID, Recorder, Request, _ids
from tests.loopback_ratelimits import GLOBAL_PER_SECOND, Answer, Buckets, Limit, too_many

API = "/api/v10"
ERRORS = {10003: "Unknown Channel", 10004: "Unknown Guild", 10008: "Unknown Message", 50001: "Missing Access",
          50007: "Cannot send messages to this user", 50013: "Missing Permissions",
          50083: "Thread is archived"}


@dataclass
class Fault:
    """Answer matching requests with ``status`` (and a Discord error ``code``) instead of serving them.

    ``path`` is a regular expression searched in the path (without ``/api/v10``); ``times`` is how
    many requests it hits (None: until removed); ``hang`` seconds are waited before answering (a
    slow or dead Discord); a 429 carries ``retry_after``."""

    path: str
    status: int
    code: int = 0
    method: str | None = None
    times: int | None = None
    hang: float = 0.0
    retry_after: float = 1.0
    hits: int = 0

    def matches(self, method: str, path: str) -> bool:
        return (self.method is None or self.method == method) and re.search(self.path, path) is not None


@dataclass
class Served:
    """One request as the server saw it: when it came (``time.monotonic()``), what, and the status
    answered (0 while a hung request is still unanswered)."""

    at: float
    request: Request
    status: int
    bucket: str


@dataclass
class _Route:
    method: str
    pattern: re.Pattern[str]
    bucket: str
    major: str | None  # the path group that keys the bucket (Discord's major parameter)
    handler: Callable[..., Any]


class LoopbackDiscord(Recorder):
    """The server and what it has seen (a ``Recorder``: the harness helpers read it the same way)."""

    def __init__(self, limits: dict[str, Limit] | None = None, global_per_second: int | None = GLOBAL_PER_SECOND):
        super().__init__()
        self.buckets = Buckets(limits, global_per_second)
        self.limits = self.buckets.limits  # a test may change them before a bucket's first request
        self.faults: list[Fault] = []
        self.served: list[Served] = []
        self.deleted_channels: set[int] = set()
        self.denied: dict[int, int] = {}  # channel -> 403 code (50001 Missing Access, 50013 Missing Permissions)
        self.archived_threads: set[int] = set()
        self.left_guilds: set[int] = set()
        self.channel_guilds: dict[int, int] = {}  # channels of other guilds than GUILD_ID
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._routes = [
            _Route("GET", re.compile(r"/users/@me"), "login", None, self._me),
            _Route("GET", re.compile(r"/oauth2/applications/@me"), "login", None, self._application),
            _Route("POST", re.compile(r"/users/@me/channels"), "dm.create", None, self._dm_channel),
            _Route("POST", re.compile(r"/channels/(?P<channel>\d+)/messages"), "messages.send", "channel",
                   self._send),
            _Route("PATCH", re.compile(r"/channels/(?P<channel>\d+)/messages/(?P<message>\d+)"), "messages.edit",
                   "channel", self._edit),
            _Route("DELETE", re.compile(r"/channels/(?P<channel>\d+)/messages/(?P<message>\d+)"),
                   "messages.delete", "channel", self._delete),
            _Route("GET", re.compile(r"/channels/(?P<channel>\d+)"), "channel.read", "channel", self._channel),
            _Route("PATCH", re.compile(r"/channels/(?P<channel>\d+)"), "channel.read", "channel", self._edit_channel),
            _Route("GET", re.compile(r"/guilds/(?P<guild>\d+)"), "guild.read", "guild", self._guild),
            _Route("POST", re.compile(r"/interactions/(?P<interaction>\d+)/(?P<token>[^/]+)/callback"),
                   "interaction.callback", "interaction", self._callback),
            _Route("POST", re.compile(r"/webhooks/\d+/(?P<token>[^/]+)"), "webhook", "token", self._followup),
            _Route("PATCH", re.compile(r"/webhooks/\d+/(?P<token>[^/]+)/messages/(?P<message>@original|\d+)"),
                   "webhook", "token", self._followup),
            _Route("GET", re.compile(r"/webhooks/\d+/(?P<token>[^/]+)/messages/(?P<message>@original|\d+)"),
                   "webhook", "token", self._followup),
            _Route("DELETE", re.compile(r"/webhooks/\d+/(?P<token>[^/]+)/messages/(?P<message>@original|\d+)"),
                   "webhook", "token", self._deleted),
        ]

    # -- running ----------------------------------------------------------------------------------

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API}"

    def start(self) -> None:
        """Serve on an ephemeral port of 127.0.0.1, on a thread of its own."""
        ready = threading.Event()

        def run() -> None:
            self._loop = asyncio.new_event_loop()
            self._loop.run_until_complete(self._serve())
            ready.set()
            self._loop.run_forever()
            self._loop.run_until_complete(self._runner.cleanup())  # type: ignore[union-attr]
            self._loop.close()

        self._thread = threading.Thread(target=run, name="loopback-discord", daemon=True)
        self._thread.start()
        ready.wait(10)

    async def _serve(self) -> None:
        app = web.Application(client_max_size=32 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    def stop(self) -> None:
        if self._loop is not None and self._thread is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)
            self._loop = None

    # -- what was seen ----------------------------------------------------------------------------

    def count(self, method: str, bucket: str, status: int | None = None) -> int:
        """Requests of ``method`` in ``bucket`` (answered with ``status``, if given)."""
        return sum(1 for s in list(self.served) if s.request.method == method and s.bucket == bucket
                   and (status is None or s.status == status))

    def inject(self, fault: Fault) -> Fault:
        with self._lock:
            self.faults.append(fault)
        return fault

    def clear_faults(self) -> None:
        with self._lock:
            self.faults.clear()

    # -- serving ----------------------------------------------------------------------------------

    async def _handle(self, http: web.Request) -> web.StreamResponse:
        path = http.path[len(API):] if http.path.startswith(API) else http.path
        payload, parts = await _body(http)
        request = self._record(http.method, path, payload, parts)
        route, match = self._route(http.method, path)
        bucket_name = route.bucket if route else "unknown"
        hang = 0.0
        with self._lock:
            answer, hang = self._answer(http.method, path, request, route, match)
        served = Served(time.monotonic(), request, 0, bucket_name)  # status 0 until answered
        self.served.append(served)
        if hang:
            await asyncio.sleep(hang)
        served.status = answer.status
        if answer.status == 204:
            return web.Response(status=204, headers=answer.headers)
        # Discord's exact Content-Type: discord.py parses a body as JSON only when it is this string
        return web.Response(body=json.dumps(answer.body).encode(), status=answer.status,
                            headers={**answer.headers, "Content-Type": "application/json"})

    def _route(self, method: str, path: str) -> tuple[_Route | None, re.Match[str] | None]:
        for route in self._routes:
            match = route.pattern.fullmatch(path)
            if route.method == method and match:
                return route, match
        return None, None

    def _answer(self, method: str, path: str, request: Request, route: _Route | None,
                match: re.Match[str] | None) -> tuple[Answer, float]:
        if route is None or match is None:
            return _error(404, 0, f"no such route: {method} {path}"), 0.0
        limited = self.buckets.take_global()
        if limited is not None:
            return limited, 0.0
        hang = 0.0
        for fault in list(self.faults):
            if fault.matches(method, path):
                fault.hits += 1
                if fault.times is not None:
                    fault.times -= 1
                    if fault.times <= 0:
                        self.faults.remove(fault)
                if fault.status == 429:
                    return too_many(fault.retry_after, scope="shared", bucket=route.bucket), fault.hang
                if fault.status:
                    return _error(fault.status, fault.code, ERRORS.get(fault.code, "Server error")), fault.hang
                hang = fault.hang
                break
        limited = self.buckets.take(f"{route.bucket}:{match[route.major] if route.major else ''}", route.bucket)
        if limited.status == 429:
            return limited, hang
        answer = route.handler(request, match)
        answer.headers.update(limited.headers)
        return answer, hang

    # -- the API ----------------------------------------------------------------------------------

    def _channel_fault(self, channel_id: int) -> Answer | None:
        guild = self.channel_guilds.get(channel_id, GUILD_ID)
        if channel_id in self.dm_channels:
            return _error(403, 50007, ERRORS[50007]) if self.dm_channels[channel_id] in self.closed_dms else None
        if channel_id in self.deleted_channels:
            return _error(404, 10003, ERRORS[10003])
        if guild in self.left_guilds:
            return _error(403, 50001, ERRORS[50001])
        if channel_id in self.denied:
            return _error(403, self.denied[channel_id], ERRORS[self.denied[channel_id]])
        return None

    def _me(self, request: Request, match: re.Match[str]) -> Answer:
        return Answer(200, {"id": str(BOT_USER_ID), "username": "Cardroom", "discriminator": "0",
                             "global_name": None, "avatar": None, "bot": True, "flags": 0})

    def _application(self, request: Request, match: re.Match[str]) -> Answer:
        owner = {"id": "1", "username": "owner", "discriminator": "0", "avatar": None}
        return Answer(200, {"id": str(APP_ID), "name": "Cardroom", "description": "", "icon": None,
                             "bot_public": True, "bot_require_code_grant": False, "owner": owner,
                             "verify_key": "0" * 64, "flags": 0, "summary": ""})

    def _dm_channel(self, request: Request, match: re.Match[str]) -> Answer:
        user_id = int((request.json or {})["recipient_id"])
        channel_id = next((c for c, u in self.dm_channels.items() if u == user_id), None) or next(_ids)
        self.dm_channels[channel_id] = user_id
        return Answer(200, {"id": str(channel_id), "type": 1, "last_message_id": None, "recipients": [
            {"id": str(user_id), "username": f"user{user_id}", "discriminator": "0", "avatar": None}]})

    def _send(self, request: Request, match: re.Match[str]) -> Answer:
        channel_id = int(match["channel"])
        if (fault := self._channel_fault(channel_id)) is not None:
            return fault
        if channel_id in self.archived_threads:
            return _error(400, 50083, ERRORS[50083])
        return Answer(200, self._message(channel_id, request.json or {}))

    def _edit(self, request: Request, match: re.Match[str]) -> Answer:
        channel_id, message_id = int(match["channel"]), int(match["message"])
        if (fault := self._channel_fault(channel_id)) is not None:
            return fault
        if channel_id in self.archived_threads:
            return _error(400, 50083, ERRORS[50083])
        old = self.messages.get(message_id)
        if old is None or int(old["channel_id"]) != channel_id:
            return _error(404, 10008, ERRORS[10008])
        return Answer(200, self._message(channel_id, request.json or {}, message_id))

    def _delete(self, request: Request, match: re.Match[str]) -> Answer:
        if (fault := self._channel_fault(int(match["channel"]))) is not None:
            return fault
        if self.messages.pop(int(match["message"]), None) is None:
            return _error(404, 10008, ERRORS[10008])
        return Answer(204)

    def _channel_payload(self, channel_id: int) -> dict[str, Any]:
        return {"id": str(channel_id), "type": 0, "guild_id": str(self.channel_guilds.get(channel_id, GUILD_ID)),
                "name": "cards", "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None}

    def _channel(self, request: Request, match: re.Match[str]) -> Answer:
        channel_id = int(match["channel"])
        fault = self._channel_fault(channel_id)
        if fault is not None and not (fault.status == 403 and fault.body["code"] == 50013):
            return fault  # a channel one may see but not post in is still readable
        return Answer(200, self._channel_payload(channel_id))

    def _edit_channel(self, request: Request, match: re.Match[str]) -> Answer:
        """Unarchive a thread (the only channel edit the bot makes)."""
        channel_id = int(match["channel"])
        if (fault := self._channel_fault(channel_id)) is not None:
            return fault
        if (request.json or {}).get("archived") is False:
            self.archived_threads.discard(channel_id)
        return Answer(200, {**self._channel_payload(channel_id), "type": 11,
                             "thread_metadata": {"archived": channel_id in self.archived_threads,
                                                 "auto_archive_duration": 60, "locked": False,
                                                 "archive_timestamp": "2026-01-01T00:00:00+00:00"}})

    def _guild(self, request: Request, match: re.Match[str]) -> Answer:
        guild_id = int(match["guild"])
        if guild_id in self.left_guilds:
            return _error(403, 50001, ERRORS[50001])
        return Answer(200, {"id": str(guild_id), "name": "cards"})

    def _callback(self, request: Request, match: re.Match[str]) -> Answer:
        return Answer(200, {"interaction": {"id": match["interaction"], "type": 2}, "resource": None})

    def _followup(self, request: Request, match: re.Match[str]) -> Answer:
        message = self._message(CHANNEL_ID, request.json or {})
        message["_interaction_reply"] = True
        return Answer(200, message)

    def _deleted(self, request: Request, match: re.Match[str]) -> Answer:
        return Answer(204)


async def _body(http: web.Request) -> tuple[dict[str, Any] | None, list[dict[str, Any]] | None]:
    """The request's JSON, or its multipart parts as the recorder reads them (payload_json and files)."""
    if http.content_type.startswith("multipart/"):
        parts: list[dict[str, Any]] = []
        reader = await http.multipart()
        while (part := await reader.next()) is not None:
            data = await part.read()  # type: ignore[union-attr]
            if part.name == "payload_json":  # type: ignore[union-attr]
                parts.append({"name": "payload_json", "value": data.decode()})
            else:
                parts.append({"name": part.name, "value": bytes(data), "filename": part.filename})  # type: ignore[union-attr]
        return None, parts
    raw = await http.read()
    return (json.loads(raw) if raw else None), None


def _error(status: int, code: int, message: str) -> Answer:
    return Answer(status, {"message": message, "code": code})
