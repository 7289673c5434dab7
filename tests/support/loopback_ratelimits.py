"""Discord's limits as the loopback Discord applies them: per-route buckets keyed by the route's
major parameter (a channel, an interaction token), one global bucket per bot token, the limit on
edits of messages older than an hour, the count of invalid requests, and Discord's headers, 429s and
error bodies.

Fixed windows: a bucket opens with its first request and holds ``count`` requests for ``per``
seconds; every answer carries ``X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket``, and a
request beyond the window gets 429 with ``retry_after`` in its JSON and a ``Retry-After`` header
(plus ``Via``, without which discord.py takes a 429 for a Cloudflare ban). The global bucket is a
sliding second: 50 requests of one bot token, whichever of its clients (processes, shards) sent them.
"""
from __future__ import annotations

import bisect
import hashlib
import math
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable

import discord


@dataclass(frozen=True)
class Limit:
    """``count`` requests per ``per`` seconds in one bucket."""

    count: int
    per: float


DEFAULT_LIMITS: dict[str, Limit] = {
    "messages.send": Limit(5, 5.0),     # per channel, as Discord counts message posts
    "messages.edit": Limit(5, 5.0),     # per channel: the limit a busy table meets first
    "messages.delete": Limit(5, 1.0),
    "dm.create": Limit(10, 10.0),
    "threads.create": Limit(5, 5.0),    # per channel (a tournament opens a thread per table)
    "channel.read": Limit(5, 1.0),
    "guild.read": Limit(5, 1.0),
    "interaction.callback": Limit(5, 1.0),  # per interaction
    "webhook": Limit(5, 2.0),               # follow-ups and edits, per interaction token
    "login": Limit(5, 1.0),
}
GLOBAL_PER_SECOND = 50
"""Requests a second one bot token may make, all routes but interaction responses together."""
OLD_MESSAGE_SECONDS = 3600.0
"""A message older than this is one Discord limits the edits of (code 30046)."""
OLD_MESSAGE_EDITS = Limit(3, 6.0)
"""Edits of messages older than an hour one channel takes in a sliding 6 seconds before 30046. The
code is documented (discord/discord-api-docs#4381), its rate is not ("We don't put rate limit details
in our documentation", discord/discord-api-docs#4413); users measure about 3 edits a channel in a few
seconds (3 per 6 s in this project's issue 38, "3 edits per channels per 20 seconds I think" in
circuitsacul/starboard-4#118). The window slides on the part of the clock tests move
(``DiscordClock.moved_since``), so a busy machine does not open it."""
INVALID_WINDOW = 600.0
INVALID_LIMIT = 10_000
"""Discord restricts an IP that makes 10,000 invalid requests (401, 403 or 429 answers, 429s whose
``X-RateLimit-Scope`` is "shared" excepted) in 10 minutes, for 10 minutes: "Invalid Request Limit" in
Discord's Rate Limits documentation (docs/topics/rate-limits#invalid-request-limit)."""
ERRORS = {10003: "Unknown Channel", 10004: "Unknown Guild", 10008: "Unknown Message", 10015: "Unknown Webhook",
          10062: "Unknown interaction", 40060: "Interaction has already been acknowledged.",
          50001: "Missing Access", 50007: "Cannot send messages to this user", 50013: "Missing Permissions",
          50083: "Thread is archived"}


@dataclass
class Answer:
    """A response the server is about to give."""

    status: int
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class _Bucket:
    limit: Limit
    reset_at: float = 0.0
    used: int = 0


class Buckets:
    """Every bucket's window and each bot token's global second."""

    def __init__(self, limits: dict[str, Limit] | None = None, global_per_second: int | None = GLOBAL_PER_SECOND):
        self.limits = {**DEFAULT_LIMITS, **(limits or {})}
        self.global_per_second = global_per_second
        self.clock: Callable[[], float] = time.monotonic
        """Seconds the windows are counted in: a test of the limits gives the loopback and the bot's
        pace one ``ManualClock`` (tests/support/discord_clock.py), so a request takes no time between
        them, however busy the machine."""
        self._buckets: dict[str, _Bucket] = {}
        self._global: dict[str, deque[float]] = {}  # bot token (Authorization header) -> its last second

    def take_global(self, token: str = "") -> Answer | None:
        """Count one request against ``token``'s global limit: None, or the global 429 (which makes
        discord.py hold every request of that client until ``retry_after`` has passed)."""
        if self.global_per_second is None:
            return None
        now = self.clock()
        sent = self._global.setdefault(token, deque())
        while sent and now - sent[0] >= 1.0:
            sent.popleft()
        if len(sent) >= self.global_per_second:
            return global_too_many(1.0 - (now - sent[0]))
        sent.append(now)
        return None

    def take(self, key: str, name: str) -> Answer:
        """Count one request in its bucket: its rate-limit headers, or a 429 when the bucket is spent."""
        bucket = self._buckets.setdefault(key, _Bucket(self.limits[name]))
        now = self.clock()
        if now >= bucket.reset_at:
            bucket.reset_at, bucket.used = now + bucket.limit.per, 0
        reset_after = bucket.reset_at - now
        if bucket.used >= bucket.limit.count:
            return too_many(reset_after, scope="user", bucket=name, limit=bucket.limit.count)
        bucket.used += 1
        return Answer(200, headers=limit_headers(name, bucket.limit.count, bucket.limit.count - bucket.used,
                                                   reset_after))


class OldEdits:
    """Each channel's allowance of edits to messages older than an hour (``OLD_MESSAGE_EDITS``); a
    test sets ``allowance`` to ``Limit(0, ...)`` for the worst case, the allowance spent by others."""

    def __init__(self, allowance: Limit = OLD_MESSAGE_EDITS):
        self.allowance = allowance
        self._edits: dict[int, deque[float]] = {}  # channel -> when its last old messages were edited

    def take(self, channel_id: int, message_id: int, now: float, moved: float) -> Answer | None:
        """None if the edit may go (a young message, or within the allowance), else the 30046 refusal.
        ``now``: Discord's time, which ages the message; ``moved``: the moved clock the window slides on."""
        if now - discord.utils.snowflake_time(message_id).timestamp() <= OLD_MESSAGE_SECONDS:
            return None
        edits = self._edits.setdefault(channel_id, deque())
        while edits and moved - edits[0] >= self.allowance.per:
            edits.popleft()
        if len(edits) >= self.allowance.count:
            return edit_too_old()
        edits.append(moved)
        return None


class InvalidRequests:
    """When each invalid request was answered (Discord's time), to compare with ``INVALID_LIMIT``."""

    def __init__(self) -> None:
        self.at: list[float] = []

    def count(self, answer: Answer, now: float) -> None:
        """Count ``answer`` if Discord counts it: a 401, a 403, or a 429 not of the shared scope."""
        shared = answer.status == 429 and answer.headers.get("X-RateLimit-Scope") == "shared"
        if answer.status in (401, 403, 429) and not shared:
            self.at.append(now)

    def peak(self, window: float = INVALID_WINDOW) -> int:
        """The most invalid requests answered within any ``window`` seconds."""
        times = sorted(self.at)
        return max((i + 1 - bisect.bisect_left(times, t - window + 1e-9, 0, i) for i, t in enumerate(times)),
                   default=0)


def limit_headers(bucket: str, limit: int, remaining: int, reset_after: float) -> dict[str, str]:
    return {"X-RateLimit-Limit": str(limit), "X-RateLimit-Remaining": str(max(0, remaining)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}", "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": hashlib.sha1(bucket.encode()).hexdigest()[:16]}


def too_many(retry_after: float, *, scope: str, bucket: str, limit: int = 1) -> Answer:
    """Discord's 429: ``retry_after`` in the body and the header (discord.py also checks ``Via``)."""
    retry_after = max(retry_after, 0.001)
    headers = {**limit_headers(bucket, limit, 0, retry_after), "Retry-After": str(math.ceil(retry_after)),
               "X-RateLimit-Scope": scope, "Via": "1.1 google"}
    return Answer(429, {"message": "You are being rate limited.", "retry_after": round(retry_after, 3),
                         "global": False, "code": 0}, headers)


def global_too_many(retry_after: float) -> Answer:
    """Discord's global 429: ``"global": true`` in the body, ``X-RateLimit-Global`` and the global
    scope in the headers, and no bucket (it is the token's, not a route's)."""
    retry_after = max(retry_after, 0.001)
    headers = {"Retry-After": str(math.ceil(retry_after)), "X-RateLimit-Global": "true",
               "X-RateLimit-Scope": "global", "Via": "1.1 google"}
    return Answer(429, {"message": "You are being rate limited.", "retry_after": round(retry_after, 3),
                         "global": True, "code": 0}, headers)


def edit_too_old() -> Answer:
    """Discord's refusal to edit a message posted more than an hour ago beyond its channel's
    allowance (code 30046).

    Discord answers it with status 429 but it is not a rate limit the client can wait out: the body
    carries ``code`` 30046 and a ``retry_after`` of a minute, and the response has no ``Via`` header.
    discord.py reads a 429 without ``Via`` as a refusal it must not retry (its Cloudflare-ban branch,
    in both the HTTP client and the webhook adapter) and raises ``HTTPException`` with
    ``.code == 30046`` at once, as tracebacks of this error from live bots show. So the loopback sends
    it the same way: a bot must treat it as "post a new message", not sleep on it.
    """
    return Answer(429, {"message": "Maximum number of edits to messages older than 1 hour reached. Try again later.",
                        "code": 30046, "retry_after": 60.0, "global": False})


def error(status: int, code: int, message: str | None = None) -> Answer:
    """Discord's error body: its ``message`` and JSON ``code``."""
    return Answer(status, {"message": message or ERRORS.get(code, "Server error"), "code": code})
