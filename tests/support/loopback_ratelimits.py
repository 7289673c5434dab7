"""Discord's limits as the loopback Discord applies them: per-route buckets keyed by the route's
major parameter (a channel, an interaction token), one global bucket per bot token, the limit on
edits of messages older than an hour, and Discord's headers, 429s and error bodies.

Fixed windows: a bucket opens with its first request and holds ``count`` requests for ``per``
seconds; every answer carries ``X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket``, and a
request beyond the window gets 429 with ``retry_after`` in its JSON and a ``Retry-After`` header
(plus ``Via``, without which discord.py takes a 429 for a Cloudflare ban). The global bucket is a
sliding second: 50 requests of one bot token, whichever of its clients (processes, shards) sent them.
"""
from __future__ import annotations

import hashlib
import math
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

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
        self._buckets: dict[str, _Bucket] = {}
        self._global: dict[str, deque[float]] = {}  # bot token (Authorization header) -> its last second

    def take_global(self, token: str = "") -> Answer | None:
        """Count one request against ``token``'s global limit: None, or the global 429 (which makes
        discord.py hold every request of that client until ``retry_after`` has passed)."""
        if self.global_per_second is None:
            return None
        now = time.monotonic()
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
        now = time.monotonic()
        if now >= bucket.reset_at:
            bucket.reset_at, bucket.used = now + bucket.limit.per, 0
        reset_after = bucket.reset_at - now
        if bucket.used >= bucket.limit.count:
            return too_many(reset_after, scope="user", bucket=name, limit=bucket.limit.count)
        bucket.used += 1
        return Answer(200, headers=limit_headers(name, bucket.limit.count, bucket.limit.count - bucket.used,
                                                   reset_after))


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


def edit_too_old(message_id: int, now: float) -> Answer | None:
    """Discord's refusal to edit a message posted more than an hour before ``now`` (code 30046), or
    None for a younger message.

    Discord answers it with status 429 but it is not a rate limit the client can wait out: the body
    carries ``code`` 30046 and a ``retry_after`` of a minute, and the response has no ``Via`` header.
    discord.py reads a 429 without ``Via`` as a refusal it must not retry (its Cloudflare-ban branch,
    in both the HTTP client and the webhook adapter) and raises ``HTTPException`` with
    ``.code == 30046`` at once, as tracebacks of this error from live bots show. So the loopback sends
    it the same way: a bot must treat it as "post a new message", not sleep on it. The loopback is
    strict: every edit of such a message is refused, the worst case of Discord's allowance.
    """
    if now - discord.utils.snowflake_time(message_id).timestamp() <= OLD_MESSAGE_SECONDS:
        return None
    return Answer(429, {"message": "Maximum number of edits to messages older than 1 hour reached. Try again later.",
                        "code": 30046, "retry_after": 60.0, "global": False})


def error(status: int, code: int, message: str | None = None) -> Answer:
    """Discord's error body: its ``message`` and JSON ``code``."""
    return Answer(status, {"message": message or ERRORS.get(code, "Server error"), "code": code})
