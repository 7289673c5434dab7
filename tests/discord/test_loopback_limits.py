"""The loopback Discord keeps Discord's real limits, driven by discord.py's own clients (no bot): one
global bucket per bot token that interaction responses stay out of, interaction tokens that expire
after 15 minutes, edits of hour-old messages refused with 30046, one callback per interaction, and
interaction replies that write the message Discord would."""
from __future__ import annotations

import asyncio
import io
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

import aiohttp
import discord
import pytest
from discord.http import HTTPClient, MultipartParameters, handle_message_parameters
from discord.webhook.async_ import AsyncWebhookAdapter, interaction_message_response_params, interaction_response_params

from tests.support.discord_clock import CLOCK, ManualClock, waiting_out_429s
from tests.support.harness import APP_ID, CHANNEL_ID, EPHEMERAL
from tests.support.loopback_discord import LoopbackDiscord
from tests.support.loopback_ratelimits import Limit

NONE = discord.AllowedMentions.none()
PNG = b"\x89PNG\r\n\x1a\n" + bytes(64)
ADAPTER = AsyncWebhookAdapter()


@asynccontextmanager
async def _bot(token: str) -> AsyncIterator[HTTPClient]:
    """discord.py's HTTP client logged in with ``token`` (as a bot process or a shard is)."""
    http = HTTPClient(asyncio.get_running_loop())
    await http.static_login(token)
    try:
        yield http
    finally:
        await http.close()


def _interaction(server: LoopbackDiscord, message: dict[str, Any] | None = None, kind: int = 3) -> tuple[int, str]:
    """A new interaction the server knows (created now, in CHANNEL_ID; a press on ``message``)."""
    interaction_id = CLOCK.snowflake()
    token = f"tok-{interaction_id}"
    server.interactions[token] = {"id": str(interaction_id), "application_id": str(APP_ID), "type": kind,
                                  "token": token, "channel_id": str(CHANNEL_ID), "message": message}
    return interaction_id, token


def _message(content: str, **fields: Any) -> MultipartParameters:
    return handle_message_parameters(content=content, allowed_mentions=NONE, **fields)


async def _post(content: str) -> dict[str, Any]:
    async with _bot("cardroom") as http:
        return await http.send_message(CHANNEL_ID, params=_message(content))


async def test_two_clients_of_one_bot_token_share_its_global_limit(server: LoopbackDiscord) -> None:
    """49 requests each (login included) stay under 50 a second for one client, not for two. They
    come at one instant of the server's clock, which the test moves (so the limit is met however
    slowly the machine sends them), and discord.py waits the 429s out as the test moves it on."""
    clock = ManualClock()
    server.buckets.clock = clock.time

    async def burst(first: HTTPClient, second: HTTPClient) -> list[Any]:
        return await asyncio.gather(*(http.get_channel(CHANNEL_ID + 10 + i)  # a channel each: no route bucket
                                      for i, http in enumerate([first, second] * 48)))

    async with _bot("one token") as first, _bot("one token") as second:
        shared = await waiting_out_429s(clock, server.limited, burst(first, second))
    assert len(shared) == 96 and all(c["name"] == "cards" for c in shared), "discord.py waited the 429s out"
    assert server.limited("global") > 0 and server.limited() == server.limited("global")
    assert server.global_bound("Bot one token") >= 98
    before = len(server.served)
    async with _bot("token a") as first, _bot("token b") as second:
        await burst(first, second)
    assert all(s.status == 200 and s.scope is None for s in server.served[before:]), "each token has its own"


async def test_a_global_429_says_so_as_discord_does(server: LoopbackDiscord, session: aiohttp.ClientSession) -> None:
    async def get(token: str, channel_id: int) -> tuple[int, Any, Any]:
        async with session.get(f"{server.base}/channels/{channel_id}", headers={"Authorization": token}) as answer:
            return answer.status, answer.headers, await answer.json()

    server.buckets.clock = ManualClock().time  # the 60 come at one instant, however slow the machine
    answers = await asyncio.gather(*(get("Bot busy", CHANNEL_ID + 10 + i) for i in range(60)))  # no route bucket
    limited = [(headers, body) for status, headers, body in answers if status == 429]
    assert len(limited) == 10, "50 of the 60 go in the second"
    assert all(headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
               and headers.get("Via") and body["global"] is True and 0 < body["retry_after"] <= 1
               for headers, body in limited)
    assert (await get("Bot quiet", CHANNEL_ID))[0] == 200, "another token's bucket is untouched"


async def test_interaction_responses_are_outside_the_global_limit(server: LoopbackDiscord,
                                                                  session: aiohttp.ClientSession) -> None:
    """60 callbacks and 60 follow-ups at one instant of the server's clock: none is held by a global limit."""
    server.buckets.clock = ManualClock().time
    interactions = [_interaction(server, kind=2) for _ in range(60)]
    await asyncio.gather(*(ADAPTER.create_interaction_response(i, token, session=session,
                                                               params=interaction_response_params(5))
                           for i, token in interactions))
    await asyncio.gather(*(ADAPTER.execute_webhook(APP_ID, token, session=session, wait=True,
                                                   payload=_message("done").payload)
                           for _, token in interactions))
    assert len(server.served) == 120 and all(s.status == 200 for s in server.served)
    assert server.limited() == 0 and server.global_bound() == 0


async def test_an_interaction_token_answers_for_15_minutes(server: LoopbackDiscord,
                                                           session: aiohttp.ClientSession) -> None:
    interaction_id, token = _interaction(server, kind=2)
    await ADAPTER.create_interaction_response(interaction_id, token, session=session,
                                              params=interaction_response_params(5))
    CLOCK.advance(15 * 60 - 5)
    sent = await ADAPTER.execute_webhook(APP_ID, token, session=session, wait=True, payload=_message("in time").payload)
    assert sent["content"] == "in time"
    CLOCK.advance(10)
    with pytest.raises(discord.NotFound) as expired:
        await ADAPTER.edit_webhook_message(APP_ID, token, "@original", session=session,  # type: ignore[arg-type]
                                           payload=_message("too late").payload)
    assert expired.value.code == 10015
    with pytest.raises(discord.NotFound) as unknown:
        await ADAPTER.execute_webhook(APP_ID, "no-such-token", session=session, payload=_message("who?").payload)
    assert unknown.value.code == 10015
    assert server.messages[int(sent["id"])]["content"] == "in time"


async def test_edits_of_a_message_older_than_an_hour_beyond_three_in_six_seconds_are_refused_at_once(
        server: LoopbackDiscord) -> None:
    """Past the hour a channel takes 3 edits of old messages in 6 seconds (as users see Discord do);
    the 4th is refused with 30046, which discord.py raises at once; 6 seconds on, edits go again."""
    async with _bot("cardroom") as http:
        old = await http.send_message(CHANNEL_ID, params=_message("posted"))
        CLOCK.advance(3590)
        for n in range(5):
            await http.edit_message(CHANNEL_ID, old["id"], params=_message(f"edit {n} at 59 minutes"))
        CLOCK.advance(11)
        young = await http.send_message(CHANNEL_ID, params=_message("posted an hour later"))
        for n in range(3):
            await http.edit_message(CHANNEL_ID, old["id"], params=_message(f"edit {n} past the hour"))
        with pytest.raises(discord.HTTPException) as refused:  # raised, not slept on: sent once (below)
            await http.edit_message(CHANNEL_ID, old["id"], params=_message("a 4th edit past the hour"))
        assert refused.value.code == 30046 and refused.value.status == 429
        await http.edit_message(CHANNEL_ID, young["id"], params=_message("edited young"))
        CLOCK.advance(6)
        await http.edit_message(CHANNEL_ID, old["id"], params=_message("6 seconds later"))
    edits = [s for s in server.served if s.request.method == "PATCH" and s.request.path.endswith(f"/{old['id']}")]
    assert [(s.status, s.code, s.scope) for s in edits] == [(200, 0, None)] * 8 + [(429, 30046, None),
                                                                                  (200, 0, None)], "sent once"
    assert server.messages[int(old["id"])]["content"] == "6 seconds later"
    assert server.messages[int(young["id"])]["content"] == "edited young"


async def test_an_edit_through_an_interaction_of_an_hour_old_message_is_refused_at_once(
        server: LoopbackDiscord, session: aiohttp.ClientSession) -> None:
    """A fresh token does not make an old message editable: neither an update nor a deferred update
    followed by an edit of the original response (the channel's allowance spent by others)."""
    server.old_edits.allowance = Limit(0, 6.0)
    table = await _post("the table")
    CLOCK.advance(3601)
    deferred_id, deferred = _interaction(server, table)
    await ADAPTER.create_interaction_response(deferred_id, deferred, session=session,
                                              params=interaction_response_params(6))
    with pytest.raises(discord.HTTPException) as refused:
        await ADAPTER.edit_webhook_message(APP_ID, deferred, "@original", session=session,  # type: ignore[arg-type]
                                           payload=_message("the next state").payload)
    assert refused.value.code == 30046
    updated_id, updated = _interaction(server, table)
    with pytest.raises(discord.HTTPException) as refused:
        await ADAPTER.create_interaction_response(updated_id, updated, session=session, params=(
            interaction_message_response_params(type=7, content="the next state", allowed_mentions=NONE)))
    assert refused.value.code == 30046
    assert [s.request.path.split("/")[-1] for s in server.served if s.code == 30046] == ["@original", "callback"]
    assert server.messages[int(table["id"])]["content"] == "the table"


async def test_a_deferred_update_then_an_edit_of_the_original_edits_the_pressed_message(
        server: LoopbackDiscord, session: aiohttp.ClientSession) -> None:
    table = await _post("the table")
    interaction_id, token = _interaction(server, table)
    await ADAPTER.create_interaction_response(interaction_id, token, session=session,
                                              params=interaction_response_params(6))
    edited = await ADAPTER.edit_webhook_message(APP_ID, token, "@original", session=session,  # type: ignore[arg-type]
                                                payload=_message("the next state").payload)
    assert edited["id"] == table["id"] and server.shown(token)["id"] == table["id"]
    assert [(m["id"], m["content"]) for m in server.messages_in(CHANNEL_ID)] == [(table["id"], "the next state")]
    assert not server.messages[int(table["id"])]["flags"] & EPHEMERAL, "still the channel's message"


async def test_an_update_edits_the_pressed_message_and_a_first_follow_up_replaces_thinking(
        server: LoopbackDiscord, session: aiohttp.ClientSession) -> None:
    table = await _post("the table")
    pressed_id, pressed = _interaction(server, table)
    answer = await ADAPTER.create_interaction_response(pressed_id, pressed, session=session, params=(
        interaction_message_response_params(type=7, content="updated", allowed_mentions=NONE)))
    assert answer["resource"]["message"]["id"] == table["id"]
    assert [(m["id"], m["content"]) for m in server.messages_in(CHANNEL_ID)] == [(table["id"], "updated")]
    command_id, command = _interaction(server, kind=2)
    await ADAPTER.create_interaction_response(command_id, command, session=session,
                                              params=interaction_response_params(5, {"flags": EPHEMERAL}))
    upload = _message("your hand", file=discord.File(io.BytesIO(PNG), filename="hand.png"))
    first = await ADAPTER.execute_webhook(APP_ID, command, session=session, wait=True,
                                          multipart=upload.multipart, files=upload.files)
    second = await ADAPTER.execute_webhook(APP_ID, command, session=session, wait=True,
                                           payload=_message("and more").payload)
    assert server.shown(command)["id"] == first["id"] and first["flags"] & EPHEMERAL, "the thinking, replaced"
    assert first["attachments"][0]["filename"] == "hand.png" and server.replies_to(command)[1].files == [("hand.png", PNG)]
    assert not second["flags"] & EPHEMERAL and second["id"] != first["id"]
    assert [m["id"] for m in server.messages_in(CHANNEL_ID)] == [table["id"], second["id"]], \
        "a reply is not a channel post; a later public follow-up is one, as Discord lists it in the channel"


async def test_an_interaction_is_answered_once_and_in_time(server: LoopbackDiscord,
                                                           session: aiohttp.ClientSession) -> None:
    interaction_id, token = _interaction(server, kind=2)
    await ADAPTER.create_interaction_response(interaction_id, token, session=session,
                                              params=interaction_response_params(5))
    with pytest.raises(discord.HTTPException) as twice:
        await ADAPTER.create_interaction_response(interaction_id, token, session=session, params=(
            interaction_message_response_params(type=4, content="again", allowed_mentions=NONE)))
    assert twice.value.status == 400 and twice.value.code == 40060
    late_id, late = _interaction(server, kind=2)
    CLOCK.advance(3.5)
    with pytest.raises(discord.NotFound) as missed:
        await ADAPTER.create_interaction_response(late_id, late, session=session,
                                                  params=interaction_response_params(5))
    assert missed.value.code == 10062
