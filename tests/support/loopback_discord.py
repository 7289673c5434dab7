"""A loopback Discord: an aiohttp server on 127.0.0.1 that answers the REST API the bot uses.

The recorder harness (``tests/support/harness.py``) replaces ``HTTPClient.request``, so discord.py's own
rate-limit handling, retries and multipart uploads never run there. Here they do: the bot logs in
with discord.py's real ``HTTPClient`` and answers interactions through its real webhook adapter,
both pointed at this server by ``Route.BASE`` (``tests/support/loopback_harness.py``). The server keeps
Discord's habits:

- per-route buckets keyed by the route's major parameter (channel, interaction token) with the
  ``X-RateLimit-*`` headers, one global bucket per bot token (50 requests a second, interaction
  responses not counted), and 429s that carry ``retry_after`` (``tests/support/loopback_ratelimits.py``);
- edits of messages older than an hour refused with code 30046 beyond a channel's allowance of 3 in
  6 seconds, as users see Discord refuse them;
- interaction replies that write the messages Discord would, an answer due within 3 seconds of the
  interaction (else 10062, and the dead token's webhook routes answer 10015), one answer per
  interaction (40060), and tokens that expire 15 minutes after the interaction
  (``tests/support/loopback_interactions.py``);
- Discord's error bodies for a deleted channel (404, code 10003), a deleted message (10008),
  missing access (403, 50001), missing permissions (50013) and closed DMs (50007), and threads
  started, archived and unarchived (``tests/support/loopback_rest.py``);
- the invalid requests it answered (401, 403, and 429 but those of the shared scope: Discord
  restricts an IP past 10,000 in 10 minutes), for a test to compare with that limit (``invalid``);
- ids minted by ``tests/discord_clock.CLOCK``, whose time a test moves forward to age messages
  and tokens;
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

from tests.support.discord_clock import CLOCK
from tests.support.harness import Request
from tests.support.loopback_interactions import InteractionRoutes
from tests.support.loopback_ratelimits import (GLOBAL_PER_SECOND, Answer, Buckets, InvalidRequests, Limit, error,
                                               too_many)
from tests.support.loopback_rest import RestRoutes

API = "/api/v10"


@dataclass
class Fault:
    """Answer matching requests with ``status`` (and a Discord error ``code``) instead of serving them.

    ``path`` is a regular expression searched in the path (without ``/api/v10``); ``times`` is how
    many requests it hits (None: until removed); ``hang`` seconds are waited before answering (a
    slow or dead Discord), or until ``LoopbackDiscord.end_hangs``; a 429 carries ``retry_after``."""

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
    answered (0 while a hung request is still unanswered).

    ``global_bound``: the request counted against its bot token's global limit (all but interaction
    callbacks and interaction-token webhooks). ``scope``: a rate-limit 429's ``X-RateLimit-Scope``
    ("global", "user" for a route's bucket, "shared"), else None. ``code``: Discord's error code
    (30046, 10015...), 0 for none. ``authorization``: the request's Authorization header (which
    bot token sent it; None for interaction responses, which carry none)."""

    at: float
    request: Request
    status: int
    bucket: str
    global_bound: bool = False
    scope: str | None = None
    code: int = 0
    authorization: str | None = None


@dataclass
class _Route:
    method: str
    pattern: re.Pattern[str]
    bucket: str
    major: str | None  # the path group that keys the bucket (Discord's major parameter)
    handler: Callable[..., Any]
    global_bound: bool = True  # interaction responses are not counted against the global limit


_WEBHOOK = r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)"
_TOKEN_MESSAGE = _WEBHOOK + r"/messages/(?P<message>@original|\d+)"


class LoopbackDiscord(RestRoutes, InteractionRoutes):
    """The server and what it has seen (a ``Recorder``: the harness helpers read it the same way)."""

    def __init__(self, limits: dict[str, Limit] | None = None, global_per_second: int | None = GLOBAL_PER_SECOND):
        super().__init__()
        self.buckets = Buckets(limits, global_per_second)
        self.limits = self.buckets.limits  # a test may change them before a bucket's first request
        self.faults: list[Fault] = []
        self.served: list[Served] = []
        self.invalid = InvalidRequests()
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._hangs_over: asyncio.Event | None = None  # set by end_hangs, on the server's loop
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
            _Route("POST", re.compile(r"/channels/(?P<channel>\d+)/threads"), "threads.create", "channel",
                   self._start_thread),
            _Route("POST", re.compile(r"/channels/(?P<channel>\d+)/messages/(?P<message>\d+)/threads"),
                   "threads.create", "channel", self._start_thread),
            _Route("GET", re.compile(r"/channels/(?P<channel>\d+)"), "channel.read", "channel", self._channel),
            _Route("PATCH", re.compile(r"/channels/(?P<channel>\d+)"), "channel.read", "channel", self._edit_channel),
            _Route("GET", re.compile(r"/guilds/(?P<guild>\d+)"), "guild.read", "guild", self._guild),
            _Route("POST", re.compile(r"/interactions/(?P<interaction>\d+)/(?P<token>[^/]+)/callback"),
                   "interaction.callback", "interaction", self._callback, global_bound=False),
            _Route("POST", re.compile(_WEBHOOK), "webhook", "token", self._webhook, global_bound=False),
            *(_Route(method, re.compile(_TOKEN_MESSAGE), "webhook", "token", self._webhook, global_bound=False)
              for method in ("GET", "PATCH", "DELETE")),
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
        self._hangs_over = asyncio.Event()
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

    def global_bound(self, authorization: str | None = None) -> int:
        """Requests counted against a global limit (of one bot token alone: its ``Authorization``
        header, such as "Bot loopback-token")."""
        return sum(1 for s in list(self.served)
                   if s.global_bound and (authorization is None or s.authorization == authorization))

    def limited(self, scope: str | None = None) -> int:
        """Rate-limit 429s answered (of ``scope``: "global", "user" or "shared"); 30046 is not one."""
        return sum(1 for s in list(self.served) if s.scope is not None and (scope is None or s.scope == scope))

    def refused(self, code: int) -> int:
        """Requests answered with Discord's error ``code`` (30046, 10015, 40060...)."""
        return sum(1 for s in list(self.served) if s.code == code)

    def inject(self, fault: Fault) -> Fault:
        with self._lock:
            self.faults.append(fault)
        return fault

    def clear_faults(self) -> None:
        with self._lock:
            self.faults.clear()

    def end_hangs(self) -> None:
        """Answer every request hanging now: a test that needs a request to hang until it has seen
        something hangs it long and ends it here, instead of hoping a short hang outlasts a busy
        machine."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._end_hangs)

    def _end_hangs(self) -> None:
        assert self._hangs_over is not None, "serving"
        self._hangs_over.set()
        self._hangs_over = asyncio.Event()  # for the hangs to come

    async def _hang(self, seconds: float) -> None:
        assert self._hangs_over is not None, "serving"
        try:
            await asyncio.wait_for(self._hangs_over.wait(), seconds)
        except TimeoutError:
            pass

    # -- serving ----------------------------------------------------------------------------------

    async def _handle(self, http: web.Request) -> web.StreamResponse:
        path = http.path[len(API):] if http.path.startswith(API) else http.path
        payload, parts = await _body(http)
        request = self._record(http.method, path, payload, parts)
        route, match = self._route(http.method, path)
        authorization = http.headers.get("Authorization")
        with self._lock:
            answer, hang = self._answer(http.method, path, request, route, match, authorization or "")
        body = answer.body if isinstance(answer.body, dict) else {}
        served = Served(time.monotonic(), request, 0, route.bucket if route else "unknown",  # status 0 until answered
                        global_bound=route is not None and route.global_bound,
                        scope=answer.headers.get("X-RateLimit-Scope") if answer.status == 429 else None,
                        code=int(body.get("code", 0)) if answer.status >= 400 else 0, authorization=authorization)
        self.served.append(served)
        self.invalid.count(answer, CLOCK.now())
        if hang:
            await self._hang(hang)
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
                match: re.Match[str] | None, authorization: str) -> tuple[Answer, float]:
        """The global limit, then the faults, the route's bucket and the route itself."""
        if route is None or match is None:
            return error(404, 0, f"no such route: {method} {path}"), 0.0
        if route.global_bound and (limited := self.buckets.take_global(authorization)) is not None:
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
                    return error(fault.status, fault.code), fault.hang
                hang = fault.hang
                break
        # a bot's buckets are its token's (two bots in one channel do not share them); an
        # interaction token's are that token's alone
        owner = authorization if route.global_bound else ""
        limited = self.buckets.take(f"{owner}|{route.bucket}:{match[route.major] if route.major else ''}",
                                    route.bucket)
        if limited.status == 429:
            return limited, hang
        answer = route.handler(request, match)
        answer.headers.update(limited.headers)
        return answer, hang


async def _body(http: web.Request) -> tuple[dict[str, Any] | None, list[dict[str, Any]] | None]:
    """The request's JSON, or its multipart parts as the recorder reads them (payload_json and files)."""
    # The raw header: aiohttp's ``content_type`` parses it with the email package, which cost the
    # loopback a fifth of its time under bench/discord_limits.py's load.
    if http.headers.get("Content-Type", "").startswith("multipart/"):
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

