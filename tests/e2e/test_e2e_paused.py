"""A table the bot can no longer show pauses (no turn runs out, its host is told) and goes on when
the bot may post again; an archived thread is unarchived, or its table paused."""
from __future__ import annotations

import time

import pytest

from bot.adapter.traffic.press_token import TOKEN_LIFETIME
from tests.support.discord_clock import CLOCK
from tests.support.harness import CHANNEL_ID, GUILD_ID, MEMBER_PERMISSIONS, Place, User
from tests.support.loopback_harness import LoopbackHarness
from tests.support.loopback_ratelimits import Limit
from tests.support.waiting import CEILING
from tests.e2e.test_e2e_vanished import ALICE, BOB, THREAD_ID

VIEW_ONLY = 1 << 10
SEND = 1 << 11


@pytest.fixture
def loopback(loopback: LoopbackHarness) -> LoopbackHarness:
    """Windows of a second instead of Discord's five: these tests are about faults, not pacing."""
    loopback.server.limits |= {"messages.send": Limit(5, 1.0), "messages.edit": Limit(5, 1.0)}
    return loopback


def _to_act(h: LoopbackHarness, channel_id: int = CHANNEL_ID) -> User:
    live = h.bot.service.in_channel(channel_id)
    return next(u for u in (ALICE, BOB) if live.deal_seat(u.id) in live.engine.to_act())


async def _press_call(h: LoopbackHarness, app_permissions: int = MEMBER_PERMISSIONS, channel_id: int = CHANNEL_ID) -> str:
    """The player to act presses Call on their seat panel, the bot having ``app_permissions`` there."""
    live = h.bot.service.in_channel(channel_id)
    user = _to_act(h, channel_id)
    message = await h.panel(user)
    call = next(c for r in message["components"] for c in r["components"] if str(c["label"]).startswith("Call"))
    token, payload = h._base(user, 3, {"custom_id": call["custom_id"], "component_type": 2},
                             Place(GUILD_ID, channel_id))
    payload |= {"message": message, "app_permissions": str(app_permissions)}
    assert live is not None
    await h._dispatch(payload)
    return token


async def test_lost_permissions_pause_the_table_until_the_bot_may_post_again(loopback) -> None:
    h = loopback
    await h.raised_hand(ALICE, BOB)
    live = h.bot.service.in_channel(CHANNEL_ID)
    await h.panel(_to_act(h))  # opened while the bot may still answer there
    h.server.denied[CHANNEL_ID] = 50013
    h.bot.presenter.hands.told(live).clear()  # hands are not sent again to a paused table
    CLOCK.advance(TOKEN_LIFETIME)  # a timer's update, no press fresh enough to carry it: the channel route
    await h.update(live)
    assert live.paused is not None and h.server.count("PATCH", "messages.edit", 403) == 1
    assert "is paused" in h.server.dm_requests(ALICE.id)[-1].text, "the host is told by DM"
    step, left = live.row.step, live.paused.left
    assert left is not None and left > 0
    clock = h.bot.service.clock
    h.bot.service.clock = lambda: clock() + 3600
    assert await h.bot.service.tick() == 0 and live.row.step == step, "no turn runs out while paused"
    h.bot.service.clock = clock
    requests = len(h.server.channel_requests())
    refused = await _press_call(h, VIEW_ONLY)
    assert "paused" in h.ephemeral_text(refused) and '"flags": 64' in h.ephemeral_text(refused)
    assert live.row.step == step and len(h.server.channel_requests()) == requests, "no edit is tried"
    del h.server.denied[CHANNEL_ID]
    h.bot.presenter.answer_wait = CEILING  # no rate limit holds this edit: the answer waits for its picture, however slow the machine
    token = await _press_call(h)  # Discord says the bot may post here again: the table goes on with this press
    assert live.paused is None and live.row.step > step
    assert h.server.replies_to(token)[0].json["type"] == 7, "the press is answered with its panel updated"
    assert live.log[-1] in h.table_message()["content"], "the table is shown again, with the move"
    assert live.row.deadline is None or live.row.deadline > time.time()


async def test_a_channel_update_that_gives_access_back_resumes_the_table(loopback) -> None:
    h = loopback
    await h.join_guild()
    await h.raised_hand(ALICE, BOB)
    live = h.bot.service.in_channel(CHANNEL_ID)
    h.server.denied[CHANNEL_ID] = 50001  # the bot may not see the channel; it is still there, and so is the bot
    CLOCK.advance(TOKEN_LIFETIME)
    await h.update(live)
    assert live.paused is not None and live.id in h.bot.service.tables
    deny_send = [{"id": str(GUILD_ID), "type": 0, "allow": "0", "deny": str(SEND)}]
    await h.gateway("CHANNEL_UPDATE", h.channel(permission_overwrites=deny_send))
    assert live.paused is not None, "still no Send Messages"
    del h.server.denied[CHANNEL_ID]
    edits = h.server.count("PATCH", "messages.edit", 200)
    await h.gateway("CHANNEL_UPDATE", h.channel(permission_overwrites=[]))
    assert live.paused is None and h.server.count("PATCH", "messages.edit", 200) == edits + 1, "shown again"


async def test_an_archived_thread_is_unarchived_and_the_table_goes_on(loopback) -> None:
    h = loopback
    thread = Place(GUILD_ID, THREAD_ID)
    await h.join_guild(threads=(THREAD_ID,))
    await h.raised_hand(ALICE, BOB, thread)
    live = h.bot.service.in_channel(THREAD_ID)
    h.server.archived_threads.add(THREAD_ID)
    CLOCK.advance(TOKEN_LIFETIME)
    await h.update(live)  # a timer's edit meets 50083: the bot unarchives the thread and shows it again
    assert THREAD_ID not in h.server.archived_threads and live.paused is None
    assert any(s.request.method == "PATCH" and s.request.path == f"/channels/{THREAD_ID}" for s in h.server.served)
    assert next(s for s in reversed(h.server.served) if s.bucket == "messages.edit").status == 200
    archived = h.channel(THREAD_ID, parent_id=str(CHANNEL_ID))
    archived["thread_metadata"] |= {"archived": True, "locked": True}
    h.server.archived_threads.add(THREAD_ID)
    h.server.denied[THREAD_ID] = 50013  # locked: the bot may not unarchive it
    await h.gateway("THREAD_UPDATE", archived)
    assert live.paused is not None and live.id in h.bot.service.tables


async def test_a_role_update_that_gives_send_messages_back_resumes_the_table(loopback) -> None:
    h = loopback
    await h.join_guild(permissions=MEMBER_PERMISSIONS & ~SEND)
    await h.raised_hand(ALICE, BOB)
    live = h.bot.service.in_channel(CHANNEL_ID)
    h.server.denied[CHANNEL_ID] = 50013
    CLOCK.advance(TOKEN_LIFETIME)
    await h.update(live)
    assert live.paused is not None
    del h.server.denied[CHANNEL_ID]
    await h.gateway("GUILD_ROLE_UPDATE", {"guild_id": str(GUILD_ID), "role": h.everyone(VIEW_ONLY)})
    assert live.paused is not None, "the role still lacks Send Messages"
    await h.gateway("GUILD_ROLE_UPDATE", {"guild_id": str(GUILD_ID), "role": h.everyone(MEMBER_PERMISSIONS)})
    assert live.paused is None
    assert next(s for s in reversed(h.server.served) if s.bucket == "messages.edit").status == 200
