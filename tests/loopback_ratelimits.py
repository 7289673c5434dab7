"""Discord's rate limits as the loopback Discord applies them: per-route buckets keyed by the route's
major parameter (a channel, an interaction token), a global limit, and Discord's headers and 429s.

Fixed windows: a bucket opens with its first request and holds ``count`` requests for ``per``
seconds; every answer carries ``X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket``, and a
request beyond the window gets 429 with ``retry_after`` in its JSON and a ``Retry-After`` header
(plus ``Via``, without which discord.py takes a 429 for a Cloudflare ban).
"""
from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass, field
from typing import Any


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
    """Every bucket's window and the global one."""

    def __init__(self, limits: dict[str, Limit] | None = None, global_per_second: int | None = GLOBAL_PER_SECOND):
        self.limits = {**DEFAULT_LIMITS, **(limits or {})}
        self.global_per_second = global_per_second
        self._buckets: dict[str, _Bucket] = {}
        self._global: list[float] = []

    def take_global(self) -> Answer | None:
        if self.global_per_second is None:
            return None
        now = time.monotonic()
        self._global = [t for t in self._global if now - t < 1.0]
        if len(self._global) >= self.global_per_second:
            answer = too_many(1.0 - (now - self._global[0]), scope="global", bucket="global")
            answer.body["global"] = True
            answer.headers["X-RateLimit-Global"] = "true"
            return answer
        self._global.append(now)
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
