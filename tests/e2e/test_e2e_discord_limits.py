"""The bot against Discord's real limits, through discord.py's real HTTP client and the loopback Discord:
an expired token falls back to the channel route; a 30046 answer posts the table afresh at once; a
restart in the middle of a roll-over leaves one live message; the bot's own pacing keeps the token
clear of global 429s."""
from __future__ import annotations

from bot.service.table.press import Press
import asyncio
import time
from typing import Any

import discord

from bot.adapter.traffic.global_pace import GlobalPace
from bot.games.base import Action
from tests.support.discord_clock import CLOCK, ManualClock, waiting_out_429s
from tests.support.harness import CHANNEL_ID, User
from tests.support.loopback_discord import Fault
from tests.support.loopback_harness import LoopbackHarness
from tests.support.loopback_ratelimits import Limit
from tests.support.heads_up import open_heads_up, to_act
from tests.support.waiting import until

ALICE, BOB = User(5201, "Alice"), User(5202, "Bob")
EXPIRED = Fault(r"/webhooks/\d+/[^/]+/messages/@original$", 404, code=10015, method="PATCH", times=1)


async def _heads_up(h: LoopbackHarness) -> None:
    await open_heads_up(h, ALICE, BOB)


def _to_act(h: LoopbackHarness) -> User:
    return to_act(h, ALICE, BOB)


async def _press(h: LoopbackHarness, message: dict | None = None) -> str:
    """The player to act checks or calls on ``message`` (the live table message by default)."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    kinds = {s.kind for s in live.engine.legal_actions(live.engine.to_act()[0])}
    custom_id = f"cr:a:{live.id}:{live.row.hand_no}:{live.row.step}:{'check' if 'check' in kinds else 'call'}"
    shown = message or h.table_message()
    return await h.press(_to_act(h), custom_id, {**shown, "components": [{"type": 1, "components": [
        {"type": 2, "style": 2, "label": "Go", "custom_id": custom_id}]}]})


async def test_a_token_that_expired_early_falls_back_to_the_channel_in_the_same_update(loopback) -> None:
    h = loopback
    await _heads_up(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    await _press(h)
    h.server.inject(EXPIRED)
    before = len(h.server.served)
    live.note("A timer's update.")
    await h.update(live)
    routes = [(s.bucket, s.status, s.code) for s in h.server.served[before:]]
    assert routes == [("webhook", 404, 10015), ("messages.edit", 200, 0)], routes
    assert "A timer" in h.table_message()["content"]
    before = len(h.server.served)
    await h.update(live)
    assert [s.bucket for s in h.server.served[before:]] == ["messages.edit"], "the dead token is not tried again"


async def test_a_30046_answer_posts_the_table_afresh_at_once(loopback) -> None:
    """The bot's clock runs ten minutes behind Discord's: it thinks its 61-minute-old message is 51
    minutes old, mid-deal, and edits it; Discord refuses (30046: the channel's allowance of edits to
    hour-old messages is spent) and the table is posted afresh."""
    h = loopback
    h.server.old_edits.allowance = Limit(0, 6.0)
    await _heads_up(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    await _press(h)
    old = live.row.message_id
    h.bot.presenter.clock = lambda: CLOCK.now() - 600
    CLOCK.advance(61 * 60)
    before = len(h.server.served)
    token = await _press(h)  # a fresh press, whose answer is the refused edit
    assert h.server.refused(30046) == 1
    assert live.row.message_id != old and (await h.bot.storage.table(live.id)).message_id == live.row.message_id
    served = h.server.served[before:]
    assert [s.bucket for s in served if s.bucket in ("messages.send", "messages.delete")] == ["messages.send", "messages.delete"]
    assert old not in h.server.messages and h.table_message()["id"] == str(live.row.message_id)
    assert any(s.request.path.endswith(f"/{token}/callback") and s.status == 200 for s in served), "the press was answered"
    await _press(h)
    assert h.server.refused(30046) == 1, "the new message takes edits"


async def test_a_restart_in_the_middle_of_a_roll_over_resumes_with_one_live_message(loopback, tmp_path) -> None:
    """The roll-over posts the new message and stores it; the old one's delete fails as the bot stops.
    After the restart the table goes on in the new message, and a press on the old one is answered as
    stale and deletes it."""
    h = loopback
    await _heads_up(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    first = h.table_message()
    h.server.inject(Fault(r"/channels/\d+/messages/\d+$", 403, code=50013, method="DELETE", times=1))
    CLOCK.advance(51 * 60)
    while live.row.deal is not None:  # the deal's end is a boundary: the roll-over
        await _press(h)
    new = live.row.message_id
    assert new != int(first["id"]) and int(first["id"]) in h.server.messages, "the old message was left"
    await h.close()

    h = await LoopbackHarness.start(str(tmp_path / "loopback.db"), h.server)
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live.row.message_id == new
    await h.bot.service.tick()  # the next deal, on the new message
    await h.settle()
    token = await _press(h, first)
    assert "table message is out of date" in h.ephemeral_text(token)
    assert int(first["id"]) not in h.server.messages, "the left-behind message is deleted when pressed"
    step = live.row.step
    await _press(h)
    assert live.row.step == step + 1 and [m["id"] for m in h.server.messages_in()] == [str(new)]


async def test_dm_channels_are_not_opened_again_after_a_restart(loopback, tmp_path) -> None:
    h = loopback
    await _heads_up(h)
    opened = h.server.count("POST", "dm.create")
    assert opened == 2
    await h.close()
    h = await LoopbackHarness.start(str(tmp_path / "loopback.db"), h.server)
    live = h.bot.service.in_channel(CHANNEL_ID)
    while live.row.deal is not None:
        user = _to_act(h)
        await h.bot.service.tables[live.id].commands.act(Press(user.id, live.row.hand_no, None, Action("fold")))
    await h.bot.service.tick()  # the next deal: nobody has pressed since the restart, so hands go by DM
    await h.settle()
    assert live.row.hand_no == 2
    assert all("hand #2" in h.server.dm_requests(u.id)[-1].text for u in (ALICE, BOB))
    assert h.server.count("POST", "dm.create") == opened


async def test_the_bots_pace_keeps_a_burst_of_counted_requests_clear_of_global_429s(loopback) -> None:
    """120 counted requests at once (a post to each of 120 channels: no channel's bucket holds one
    back): the bot sends 50, 50 more a window later and the last 20 a window after, and Discord's
    global bucket never answers 429; the same burst with pacing off meets it. The pace and the
    loopback count on one clock that the test moves: a request takes no time between the bot's
    count and Discord's however busy the machine, and the unpaced burst meets the limit all at
    once, not only when the machine sends it fast enough."""
    h = loopback
    clock = ManualClock(time.monotonic() + GlobalPace.WINDOW)  # past the windows of the login's requests
    h.bot.pace.clock, h.server.buckets.clock = clock, clock.time
    counted, asked, waited = h.server.global_bound(), h.bot.pace.taken, h.bot.pace.waited

    def burst(first_channel: int) -> asyncio.Future[list[Any]]:
        channels = [h.bot.get_partial_messageable(first_channel + i) for i in range(120)]
        return asyncio.gather(*(c.send("a post") for c in channels), return_exceptions=True)

    paced = burst(970000000000000000)
    await until(lambda: h.bot.pace.taken - asked == 120)
    for sent in (50, 100):
        await until(lambda: h.server.global_bound() - counted >= sent)
        assert h.server.global_bound() - counted == sent and h.server.limited("global") == 0
        clock.advance(GlobalPace.WINDOW)
    await until(paced.done)
    assert all(isinstance(m, discord.Message) for m in paced.result()), "every post went"
    assert h.bot.pace.waited - waited == 70 and h.server.global_bound() - counted == 120
    assert h.server.limited("global") == 0

    h.bot.pace.rate = 10_000.0  # no pacing: discord.py alone
    clock.advance(GlobalPace.WINDOW)  # a fresh window at the server
    unpaced = burst(980000000000000000)
    await until(lambda: h.server.limited("global") >= 70)  # 50 go at once and 70 meet Discord's global limit
    await waiting_out_429s(clock, lambda: h.server.limited("global"), unpaced)
