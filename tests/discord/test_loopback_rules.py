"""The loopback Discord's stricter rules, driven by discord.py's own clients (no bot): the 3-second
first answer, read on the clock tests move, after which a token is dead (10062, then 10015 on its
webhook routes); threads started, archived and unarchived; 50007 for a member whose DMs are closed;
and the count of invalid requests Discord restricts an IP by (10,000 in 10 minutes)."""
from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import discord
import pytest
from discord.webhook.async_ import AsyncWebhookAdapter, interaction_response_params

from tests.discord.test_loopback_limits import _bot, _interaction, _message
from tests.support.discord_clock import CLOCK
from tests.support.harness import APP_ID, CHANNEL_ID
from tests.support.loopback_discord import Fault, LoopbackDiscord
from tests.support.loopback_ratelimits import Limit

ADAPTER = AsyncWebhookAdapter()
MEMBER = 5401


async def _defer(interaction_id: int, token: str, session: aiohttp.ClientSession) -> Any:
    return await ADAPTER.create_interaction_response(interaction_id, token, session=session,
                                                     params=interaction_response_params(5))


async def test_a_token_not_answered_within_three_seconds_is_dead(server: LoopbackDiscord,
                                                                 session: aiohttp.ClientSession) -> None:
    """Its callback answers 10062, and its webhook routes 10015 (not 10008: there is no token to ask
    about a message); a token answered in time still edits long after its 3 seconds."""
    late_id, late = _interaction(server, kind=2)
    CLOCK.advance(3.1)
    with pytest.raises(discord.NotFound) as missed:
        await _defer(late_id, late, session)
    assert missed.value.code == 10062
    for request in (ADAPTER.edit_webhook_message(APP_ID, late, "@original", session=session,  # type: ignore[arg-type]
                                                 payload=_message("the table").payload),
                    ADAPTER.execute_webhook(APP_ID, late, session=session, wait=True, payload=_message("hi").payload)):
        with pytest.raises(discord.NotFound) as dead:
            await request
        assert dead.value.code == 10015
    in_time_id, in_time = _interaction(server, kind=2)
    CLOCK.advance(2.9)
    await _defer(in_time_id, in_time, session)
    CLOCK.advance(60)
    sent = await ADAPTER.execute_webhook(APP_ID, in_time, session=session, wait=True, payload=_message("later").payload)
    assert sent["content"] == "later" and server.refused(10062) == 1 and server.refused(10015) == 2


async def test_the_three_seconds_are_read_on_the_clock_tests_move_not_the_wall_clock(
        server: LoopbackDiscord, session: aiohttp.ClientSession) -> None:
    """An answer 3.2 wall-clock seconds after the interaction, the clock not moved: a slow machine,
    not a late press, so it is taken (a test waits longer on a busy machine, it never fails)."""
    interaction_id, token = _interaction(server, kind=2)
    await asyncio.sleep(3.2)
    await _defer(interaction_id, token, session)
    assert server.count("POST", "interaction.callback", 200) == 1 and server.refused(10062) == 0


async def test_threads_are_started_archived_and_unarchived(server: LoopbackDiscord) -> None:
    async with _bot("cardroom") as http:
        thread = await http.start_thread_without_message(CHANNEL_ID, name="table 1", auto_archive_duration=1440,
                                                         type=11)
        assert thread["type"] == 11 and thread["parent_id"] == str(CHANNEL_ID) and thread["name"] == "table 1"
        thread_id = int(thread["id"])
        await http.send_message(thread_id, params=_message("the table"))
        await http.edit_channel(thread_id, archived=True)
        with pytest.raises(discord.HTTPException) as archived:
            await http.send_message(thread_id, params=_message("too late"))
        assert archived.value.code == 50083
        assert (await http.get_channel(thread_id))["thread_metadata"]["archived"] is True
        await http.edit_channel(thread_id, archived=False)
        await http.send_message(thread_id, params=_message("again"))
        post = await http.send_message(CHANNEL_ID, params=_message("the announcement"))
        from_message = await http.start_thread_with_message(CHANNEL_ID, post["id"], name="chat",
                                                            auto_archive_duration=60)
        assert from_message["id"] == post["id"], "a thread from a message takes the message's id"
        with pytest.raises(discord.HTTPException) as twice:
            await http.start_thread_with_message(CHANNEL_ID, post["id"], name="again", auto_archive_duration=60)
        assert twice.value.code == 160004
    assert server.threads == {thread_id: CHANNEL_ID, int(post["id"]): CHANNEL_ID}
    assert server.archived == set(), "unarchived"
    assert [m["content"] for m in server.messages_in(thread_id)] == ["the table", "again"]


async def test_a_member_whose_dms_are_closed_is_refused_with_50007(server: LoopbackDiscord) -> None:
    server.closed_dms.add(MEMBER)
    async with _bot("cardroom") as http:
        dm = await http.start_private_message(MEMBER)
        with pytest.raises(discord.Forbidden) as closed:
            await http.send_message(dm["id"], params=_message("your hand"))
    assert closed.value.status == 403 and closed.value.code == 50007
    assert len(server.invalid.at) == 1, "a 403 is an invalid request"


async def test_invalid_requests_are_401_403_and_429_but_shared_ones_over_a_sliding_ten_minutes(
        server: LoopbackDiscord, session: aiohttp.ClientSession) -> None:
    """Discord's Rate Limits documentation, "Invalid Request Limit": 401, 403 and 429 answers count,
    429s of the shared scope do not, nor do other errors (a 404)."""
    async def get(path: str, token: str = "Bot cardroom") -> int:
        async with session.get(f"{server.base}{path}", headers={"Authorization": token}) as answer:
            return answer.status

    server.limits["channel.read"] = Limit(1, 60.0)
    server.denied[CHANNEL_ID + 1] = server.denied[CHANNEL_ID + 2] = 50001
    server.inject(Fault(r"/guilds/", 429, times=2))  # a shared-scope 429 (the resource's limit, not ours)
    server.inject(Fault(r"/users/@me$", 401, times=1))
    statuses = [await get(f"/channels/{CHANNEL_ID + 1}"), await get(f"/channels/{CHANNEL_ID}"),
                await get(f"/channels/{CHANNEL_ID}"), await get("/guilds/1"), await get("/guilds/1"),
                await get("/users/@me"), await get("/no/such/route")]
    assert statuses == [403, 200, 429, 429, 429, 401, 404]
    assert len(server.invalid.at) == 3 and server.invalid.peak() == 3
    CLOCK.advance(601)
    assert await get(f"/channels/{CHANNEL_ID + 2}") == 403
    assert len(server.invalid.at) == 4 and server.invalid.peak() == 3, "ten minutes later, a new window"
