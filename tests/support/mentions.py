"""The mentions audit run on every end-to-end request: every message the bot sends says it parses no
mention (``allowed_mentions`` with ``parse: []`` and no roles; a user id only where a ping is meant).

It reads each request as it reaches the recorder or the loopback server, i.e. the JSON discord.py
built after merging the client's default ``allowed_mentions`` into the call's, as it goes over the
wire. The conftest fails the test with the findings.
"""
from __future__ import annotations

import collections
from typing import Any, Protocol

FINDINGS: list[str] = []
"""Payloads that could ping, since the conftest fixture last collected them."""
AUDITED: collections.Counter[str] = collections.Counter()
"""Message payloads audited in this test run: ``ok`` and ``missing`` (no or permissive allowed_mentions)."""
_MESSAGE_KEYS = ("content", "embeds", "components", "attachments")
_MESSAGE_CALLBACKS = (4, 7)  # an interaction answered with a message, or its message edited


class _Request(Protocol):
    method: str
    path: str
    json: dict[str, Any] | None


def message_of(request: _Request) -> dict[str, Any] | None:
    """The message a request creates or edits (a channel or DM post, an edit, an interaction's reply
    or follow-up), or None for anything else (deferrals, forms, DM channels, deletions)."""
    body = request.json or {}
    if request.path.startswith("/interactions/"):
        data = body.get("data") if body.get("type") in _MESSAGE_CALLBACKS else None
    elif request.method in ("POST", "PATCH") and (
            request.path.startswith("/webhooks/") or request.path.startswith("/channels/") and "/messages" in request.path):
        data = body
    else:
        data = None
    return data if data is not None and any(key in data for key in _MESSAGE_KEYS) else None


def audit(request: _Request) -> None:
    """Record a finding if ``request`` sends a message that may parse a mention."""
    message = message_of(request)
    if message is None:
        return
    allowed = message.get("allowed_mentions")
    if isinstance(allowed, dict) and allowed.get("parse") == [] and not allowed.get("roles"):
        AUDITED["ok"] += 1
        return
    AUDITED["missing"] += 1
    FINDINGS.append(f"{request.method} {request.path} sends a message with allowed_mentions={allowed!r}: "
                    f"{str(message.get('content'))[:80]!r}")
