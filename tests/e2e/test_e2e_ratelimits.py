"""discord.py's own HTTP handling against the loopback Discord: uploads, buckets and 429s."""
from __future__ import annotations

from bot.service.table.press import Press
import asyncio
import math
import time
from typing import Any

from bot.adapter.table.components import table_view
from bot.adapter.traffic.press_token import TOKEN_LIFETIME
from bot.adapter.table.text import table_text
from bot.games.base import Action
from bot.service.table.live import LiveTable
from tests.support.discord_clock import CLOCK
from tests.support.harness import CHANNEL_ID, User
from tests.support.loopback_discord import Fault
from tests.support.loopback_harness import LoopbackHarness
from tests.support.loopback_ratelimits import Limit
from tests.support.heads_up import open_heads_up, to_act
from tests.support.waiting import CEILING, until

ALICE, BOB = User(3101, "Alice"), User(3102, "Bob")
PNG = b"\x89PNG\r\n\x1a\n"


async def _hand(h: LoopbackHarness) -> None:
    """A heads-up deal whose table message has no courier (as once the create command's token, which
    posted it, is gone): an update no press carries takes the channel route."""
    await open_heads_up(h, ALICE, BOB)
    h.bot.presenter.messages.forget(h.bot.service.in_channel(CHANNEL_ID))


def _to_act(h: LoopbackHarness) -> User:
    return to_act(h, ALICE, BOB)


async def test_tables_and_hands_are_uploaded_as_multipart_through_the_real_http_client(loopback) -> None:
    h = loopback
    await _hand(h)
    served = {(s.request.method, s.bucket) for s in h.server.served}
    assert {("GET", "login"), ("POST", "interaction.callback"), ("POST", "webhook"), ("POST", "dm.create")} <= served
    table_posts = [s.request for s in h.server.served if s.request.files and (
        s.bucket in ("messages.send", "messages.edit") and f"/channels/{CHANNEL_ID}/" in s.request.path
        or s.bucket == "webhook" and not s.request.ephemeral)]  # the create command's public answer
    assert table_posts and all(f.startswith(PNG) for r in table_posts for _, f in r.files)
    for user in (ALICE, BOB):
        dm = h.server.dm_requests(user.id)
        assert dm and dm[-1].files[0][1].startswith(PNG), "each player's hand came by DM as a picture"
    assert any(label.startswith("Call") for label in await h.labels_of(_to_act(h)))


async def _move_without_a_press(h: LoopbackHarness) -> None:
    """The player to act checks (or calls) through the service, as a timer or a computer player's move
    does: no press brings a token, so the table's update takes the channel route."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    seat = live.engine.to_act()[0]
    kinds = {spec.kind for spec in live.engine.legal_actions(seat)}
    user_id = live.table_seat_of(seat).user_id
    await h.bot.service.tables[live.id].commands.act(Press(user_id, live.row.hand_no, live.row.step, Action("check" if "check" in kinds else "call")))
    await h.settle()


async def test_a_429_is_waited_out_and_the_edit_lands(loopback) -> None:
    h = loopback
    await _hand(h)
    h.server.inject(Fault(r"/channels/\d+/messages/\d+$", 429, method="PATCH", times=2, retry_after=0.3))
    before = len(h.server.served)
    await _move_without_a_press(h)
    edits = [s for s in h.server.served[before:] if s.bucket == "messages.edit"]
    assert [s.status for s in edits] == [429, 429, 200]
    assert edits[-1].at - edits[0].at >= 0.55, "discord.py waited retry_after twice before retrying"
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert all(f":{live.row.step}:" in c["custom_id"] for r in h.table_message()["components"]
               for c in r["components"] if c["custom_id"].startswith("cr:a:")), "the edit shows the new state"


async def test_the_bot_keeps_within_a_channel_bucket(loopback) -> None:
    h = loopback
    h.server.limits["messages.edit"] = Limit(3, 1.0)
    await _hand(h)
    for _ in range(6):
        live = h.bot.service.in_channel(CHANNEL_ID)
        if live.row.deal is None:
            break
        await _move_without_a_press(h)
    edits = [s.at for s in h.server.served if s.bucket == "messages.edit"]
    assert len(edits) >= 6
    assert h.server.count("PATCH", "messages.edit", 429) == 0, "discord.py waited on the exhausted bucket"
    assert edits[-1] - edits[0] >= 0.9, "more edits than a window holds were spread over several windows"


async def _press_now(h: LoopbackHarness) -> str:
    """The player to act presses check (or call) on a copy of the table message showing it (the press
    is answered by updating the table message itself, the route these tests measure; a seat panel's
    press edits the table through the channel route until the table is posted through a member's
    press): the press is dispatched, not awaited."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    seat = live.engine.to_act()[0]
    user = ALICE if live.table_seat_of(seat).user_id == ALICE.id else BOB
    kinds = {spec.kind for spec in live.engine.legal_actions(seat)}
    custom_id = f"cr:a:{live.id}:{live.row.hand_no}:{live.row.step}:{'check' if 'check' in kinds else 'call'}"
    token, payload = h._base(user, 3, {"custom_id": custom_id, "component_type": 2})
    payload["message"] = h.showing(custom_id)
    h.bot._connection.parse_interaction_create(payload)
    return token


def _shows(message: dict[str, Any], live: LiveTable) -> bool:
    """Whether ``message`` shows the table's text as it is now (every line of it: the table message may
    add one asking the members to act to open their seat panels)."""
    return set(table_text(live).splitlines()) <= set(message["content"].splitlines())


def _answered_in_time(h: LoopbackHarness, token: str) -> bool:
    """Whether the press's callback was taken: the loopback refuses one past Discord's 3 seconds
    (10062), counted on the clock tests move, so a busy machine's slower answer is still in time."""
    return any(s.request.path.endswith(f"/{token}/callback") and s.status == 200 for s in h.server.served)


async def test_a_burst_of_presses_is_coalesced_within_the_channel_limit(loopback) -> None:
    """20 presses at one table in about a second, with Discord's 5 edits / 5 s per channel: every
    press is answered in time, the edits are bounded by the limit, and the last shows the end."""
    h = loopback
    await _hand(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    limit = h.server.limits["messages.edit"]
    edits_before = h.server.count("PATCH", "messages.edit")
    pressed: list[str] = []
    deals = []
    started = time.monotonic()
    for _ in range(20):
        if live.row.deal is None:  # the deal is over: the timer deals the next one at once
            deals.append(asyncio.create_task(h.bot.service.tick()))
            await until(lambda: live.row.deal is not None and not live.lock.locked())
        where = (live.row.hand_no, live.row.step)
        pressed.append(await _press_now(h))
        await until(lambda: (live.row.hand_no, live.row.step) != where and not live.lock.locked())
        await asyncio.sleep(0.05)  # a quick hand, not a script
    burst = time.monotonic() - started  # longer on a busy machine: more windows, a looser bound
    await h.settle()
    await asyncio.gather(*deals)
    assert all(_answered_in_time(h, token) for token in pressed)
    edits = h.server.count("PATCH", "messages.edit") - edits_before
    windows = math.ceil(burst / limit.per) + 1
    assert edits <= limit.count * windows + 1, f"{edits} edits for 20 presses in {burst:.1f} s"
    assert h.server.count("PATCH", "messages.edit", 429) == 0
    shown = h.table_message()
    assert _shows(shown, live), "the last edit shows the final state"
    assert {c["custom_id"] for r in shown["components"] for c in r["components"]} == {
        item.custom_id for item in table_view(live).children}


async def test_a_429_storm_on_the_channel_stalls_no_press_and_no_table(loopback) -> None:
    """Every channel edit answered 429 for two seconds: presses are answered at once and their tables
    shown through their own interactions (which have buckets of their own); an update without a press
    waits the storm out on the channel route and lands after it."""
    h = loopback
    await _hand(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    storm = h.server.inject(Fault(r"/channels/\d+/messages/\d+$", 429, method="PATCH", retry_after=0.4))
    pressed: list[str] = []
    for _ in range(4):
        if live.row.deal is None:
            break
        where = (live.row.hand_no, live.row.step)
        pressed.append(await _press_now(h))
        await until(lambda: (live.row.hand_no, live.row.step) != where and not live.lock.locked())
        await asyncio.sleep(0.2)
    await h.settle()
    assert storm.hits == 0, "no press needed the channel route"
    assert all(_answered_in_time(h, token) for token in pressed), "answered in the storm"
    assert _shows(h.table_message(), live), "each press's table was shown"
    h.server.clear_faults()
    if live.row.deal is not None:
        CLOCK.advance(TOKEN_LIFETIME)  # every press too old to carry an update: the channel route it is
        storm = h.server.inject(Fault(r"/channels/\d+/messages/\d+$", 429, method="PATCH", retry_after=0.4,
                                      times=2))  # two 429s, then calm: counted, not timed
        live.note("A timer's update in the storm.")
        await h.update(live)
        await h.settle()
        assert storm.hits == 2 and _shows(h.table_message(), live), "shown after the storm"


async def test_server_errors_and_a_hung_request_are_given_up_once_and_the_next_update_lands(loopback) -> None:
    h = loopback
    h.server.limits["messages.edit"] = Limit(5, 1.0)
    await _hand(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    h.server.inject(Fault(r"/channels/\d+/messages/\d+$", 502, method="PATCH", times=1))
    await h.update(live)  # discord.py retries a 502 after a second
    assert [s.status for s in h.server.served if s.bucket == "messages.edit"][-2:] == [502, 200]
    h.bot.presenter.request_timeout = 2.0
    for fault in (Fault(r"/channels/\d+/messages/\d+$", 503, method="PATCH"),
                  Fault(r"/channels/\d+/messages/\d+$", 0, method="PATCH", hang=CEILING)):
        h.server.inject(fault)
        before = h.server.count("PATCH", "messages.edit")
        await h.update(live)  # the hung request is given up after request_timeout
        h.server.clear_faults()
        h.server.end_hangs()  # and answered by the server after the bot gave it up
        assert h.server.count("PATCH", "messages.edit") - before == 1, "tried once, not looped"
        assert live.id in h.bot.service.tables and live.paused is None, "a passing fault changes nothing"
    live.note("after the faults")
    await h.update(live)
    assert _shows(h.table_message(), live)


async def test_a_command_is_answered_in_full_while_the_table_edit_waits(loopback) -> None:
    """/holdem join's private "you are seated" does not wait for the table's slow edit."""
    h = loopback
    await h.command(ALICE, "holdem", "create")
    h.bot.presenter.messages.forget(h.bot.service.in_channel(CHANNEL_ID))  # the table's edits go by the channel
    h.server.inject(Fault(r"/channels/\d+/messages/\d+$", 0, method="PATCH", times=1, hang=CEILING))
    token, payload = h._base(BOB, 2, {"id": "1", "name": "holdem", "type": 1,
                                      "options": [{"name": "join", "type": 1, "options": []}]})
    h.bot._connection.parse_interaction_create(payload)
    await until(lambda: any(s.bucket == "webhook" and f"/{token}" in s.request.path and s.status
                            for s in h.server.served))
    seated = next(s for s in h.server.served if s.bucket == "webhook" and f"/{token}" in s.request.path)
    assert "seated" in seated.request.text and _answered_in_time(h, token), "answered within Discord's deadline"
    edit = next(s for s in h.server.served if s.bucket == "messages.edit")
    assert edit.status == 0, "the table edit was still waiting (it hangs until the test ends it)"
    h.server.end_hangs()
    await h.settle()
    assert edit.status == 200
