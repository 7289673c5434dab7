"""What every answer of the web process goes through: requests limited per client, the security
headers, and errors as short pages that say nothing of what exists elsewhere."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Awaitable, Callable

from aiohttp import web
from aiohttp.typedefs import Middleware

from bot.web.html import error_page

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

HEADERS = {
    # no script at all, from anywhere; pictures and the style sheet from this site only
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'self'; base-uri 'none'; "
                               "form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",  # a private page's token never leaves in a Referer header
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Server": "cardroom",  # not aiohttp's and Python's versions
}


@dataclass
class RateLimit:
    """A token bucket per client address: ``rate`` requests a second, up to ``burst`` at once."""

    rate: float
    burst: float
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)  # client -> (tokens, when)

    def wait(self, client: str) -> float:
        """0 when the client may be answered now (its token taken), else the seconds until it may."""
        now = self.clock()
        tokens, then = self._buckets.get(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if tokens >= 1:
            self._buckets[client] = (tokens - 1, now)
            if len(self._buckets) > 10_000:
                self._forget(now)
            return 0.0
        self._buckets[client] = (tokens, now)
        return (1 - tokens) / self.rate

    def _forget(self, now: float) -> None:
        """Drop the buckets that have filled up again (they hold nothing a new bucket would not)."""
        full = self.burst / self.rate
        self._buckets = {c: b for c, b in self._buckets.items() if now - b[1] < full}


def client_of(request: web.Request) -> str:
    return request.remote or "unknown"


def guarded(limit: RateLimit) -> Middleware:
    """The middleware: limit, answer, then add the headers (to errors too)."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        wait = limit.wait(client_of(request))
        if wait:
            response: web.StreamResponse = _error(request, 429, "Too many requests: slow down a little.")
            response.headers["Retry-After"] = str(max(1, round(wait)))
        else:
            try:
                response = await handler(request)
            except web.HTTPException as error:
                text = error.text or ""
                if text.startswith(f"{error.status}:"):  # aiohttp's own words: ours are plainer
                    text = "There is nothing here." if error.status == 404 else error.reason
                response = _error(request, error.status, text)
        response.headers.update(HEADERS)
        response.headers.setdefault("Cache-Control", "no-store")
        return response

    return middleware


def _error(request: web.Request, status: int, text: str) -> web.Response:
    if request.path.startswith("/api/"):
        return web.json_response({"error": text}, status=status)
    return web.Response(text=error_page(status, text), status=status, content_type="text/html")
