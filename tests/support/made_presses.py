"""Presses made by a test for the adapter's direct tests (``tests/adapter``): real discord.py interactions
on the harness's bot, answered through its recorder as Discord would answer them, handed to the adapter's
objects without a component or a cog in between; and Discord refusing one of a press's requests.

A press is minted at ``CLOCK.now()`` (its snowflake says so), so a test ages it with ``CLOCK.advance``.
"""
from __future__ import annotations

from typing import Any

import discord
import pytest
from discord.http import Route

from tests.support.harness import APP_ID, CHANNEL_ID, EPHEMERAL, Harness, User


def press_on(h: Harness, user: User, message: dict[str, Any], custom_id: str = "cr:test") -> discord.Interaction:
    """``user`` pressing a component of ``message`` (a message dict as the recorder keeps it), now."""
    token, payload = h._base(user, 3, {"custom_id": custom_id, "component_type": 2})
    payload["message"] = message
    return discord.Interaction(data=payload, state=h.bot._connection)  # type: ignore[arg-type]


async def posted(h: Harness, content: str = "a message") -> dict[str, Any]:
    """A message the bot posts in the home channel now, as the recorder keeps it."""
    message = await h.bot.get_partial_messageable(CHANNEL_ID).send(content)
    return h.recorder.messages[message.id]


def webhook_path(token: str, message: int | str | None = None) -> str:
    """The path of a token's webhook route: its follow-ups, or one message of them."""
    return f"/webhooks/{APP_ID}/{token}" + ("" if message is None else f"/messages/{message}")


def callbacks(h: Harness, token: str) -> list[int]:
    """The callback types a press's interaction was answered with, in order (Discord takes one)."""
    return [int((r.json or {}).get("type", 0)) for r in h.recorder.replies_to(token) if r.path.endswith("/callback")]


def webhook_requests(h: Harness, token: str) -> list[tuple[str, str]]:
    """(method, path) of the requests made through a press's token (not its callback)."""
    return [(r.method, r.path) for r in h.recorder.replies_to(token) if r.path.startswith("/webhooks/")]


def ephemeral(message: dict[str, Any]) -> bool:
    return bool(int(message.get("flags", 0)) & EPHEMERAL)


class _Refused:
    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "refused"


def refusal(status: int, code: int) -> discord.HTTPException:
    """What discord.py raises when Discord answers ``status`` with its error ``code``."""
    kind = {404: discord.NotFound, 403: discord.Forbidden}.get(status, discord.HTTPException)
    return kind(_Refused(status), {"code": code, "message": f"refused with {code}"})  # type: ignore[arg-type]


def refuse_next(h: Harness, monkeypatch: pytest.MonkeyPatch, error: discord.HTTPException, path_part: str,
                rest: bool = False) -> list[str]:
    """Discord refuses the next request (an interaction's or, with ``rest``, a counted one) whose path
    holds ``path_part`` with ``error``; returns the list the refused request's path is added to (it is
    not recorded as sent)."""
    refused: list[str] = []
    answer = h.recorder.rest if rest else h.recorder.webhook

    async def refusing(route: Route, *args: Any, **kwargs: Any) -> Any:
        path = route.url[len(Route.BASE):]
        if not refused and path_part in path:
            refused.append(path)
            raise error
        return await answer(route, *args, **kwargs)

    if rest:
        monkeypatch.setattr(h.bot.http, "request", refusing)
    else:
        monkeypatch.setattr(h.recorder, "webhook", refusing)  # the webhook adapter looks it up at each request
    return refused
