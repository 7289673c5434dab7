"""``TableMessages``: the route of a table's update (its courier, the newest fresh press on the live
message or the press that posted it; else the channel route, which Discord counts), the relay (the
table posted afresh as a public follow-up of a member's fresh panel press: at a deal boundary when its
courier is gone or running out, mid-deal only when it is gone) and the roll-overs (at a deal boundary
after 50 minutes, mid-deal after 57, at once on Discord's 30046)."""
from __future__ import annotations

from bot.service.table.press import Press
import discord
import pytest

from bot.adapter.seat.panel_text import HEADING
from bot.adapter.traffic.press_token import TOKEN_LIFETIME, TOKEN_MARGIN, PressToken
from bot.adapter.table.composed import Composed, PostedBy
from bot.adapter.table.message import LAST_CALL_AGE, RELAY_AFTER, ROLL_OVER_AGE, TableMessages
from bot.games.base import Action
from bot.service.table.live import LiveTable
from tests.support.discord_clock import CLOCK
from tests.support.harness import CHANNEL_ID, EPHEMERAL, Harness, Request, User
from tests.support.heads_up import open_heads_up, to_act
from tests.support.made_presses import posted, press_on, refusal, refuse_next, webhook_path

ALICE, BOB, CAROL = User(6201, "Alice"), User(6202, "Bob"), User(6203, "Carol")
LIFE = TOKEN_LIFETIME - TOKEN_MARGIN
MINUTE = 60.0
CHANNEL_POST = ("POST", f"/channels/{CHANNEL_ID}/messages")


async def _table(h: Harness) -> tuple[LiveTable, TableMessages]:
    """A heads-up hold'em deal just dealt (a deal boundary: no move yet), its message posted as the
    create command's answer, whose token is then let go (as once it runs out): no courier."""
    await open_heads_up(h, ALICE, BOB)
    live = h.bot.service.in_channel(CHANNEL_ID)
    messages = h.bot.presenter.messages
    assert live is not None and live.row.step == 0
    opener = messages.courier(live)
    assert isinstance(opener, PostedBy) and opener.message_id == live.row.message_id, "the command posted it"
    messages.forget(live)
    return live, messages


def _composed(content: str = "the table") -> Composed:
    return Composed(content, discord.ui.View(), None, [])


def _channel_message(message_id: int | None) -> str:
    return f"/channels/{CHANNEL_ID}/messages/{message_id}"


def _counted(requests: list[Request]) -> list[tuple[str, str]]:
    """The requests Discord counts against the bot's 50 a second: all but the interaction routes."""
    return [(r.method, r.path) for r in requests if not r.path.startswith(("/interactions/", "/webhooks/"))]


async def _panel_press(h: Harness, live: LiveTable, user: User) -> PressToken:
    """``user`` presses their seat panel now (a message only they see): the press writes their panel."""
    panel = await posted(h, HEADING + "a seat panel")  # a panel's text begins so
    panel["flags"] = EPHEMERAL
    press = h.bot.presenter.pressed(live, press_on(h, user, panel))
    assert h.bot.presenter.panels.writer(live, user.id) is press
    return press


async def _move(h: Harness, live: LiveTable) -> None:
    """The member to act calls: the deal is past its boundary."""
    user = to_act(h, ALICE, BOB)
    await h.bot.service.tables[live.id].commands.act(Press(user.id, live.row.hand_no, live.row.step, Action("call")))
    await h.settle()
    assert live.row.step > 0


async def _stored_message(h: Harness, live: LiveTable) -> int | None:
    row = await h.bot.service.storage.table(live.id)
    assert row is not None
    return row.message_id


async def test_the_courier_is_the_newest_fresh_press_on_the_live_message(h: Harness) -> None:
    live, messages = await _table(h)
    table = h.table_message()
    older = press_on(h, ALICE, table)
    CLOCK.advance(1.0)  # a press's time is its snowflake's millisecond: two in the same one are as new
    newer = press_on(h, BOB, table)
    newest = messages.pressed(live, newer)
    assert messages.pressed(live, older) is not newest and messages.courier(live) is newest, "the newer press stays"
    elsewhere = messages.pressed(live, press_on(h, ALICE, await posted(h, "an older table message")))
    assert elsewhere.fresh() and messages.courier(live) is newest, "a press on another message edits no table"
    CLOCK.advance(LIFE)
    await h.settle()
    assert messages.courier(live) is None and messages._couriers.get(live.id) is None, "a token past 14 minutes is let go"


async def test_a_my_seat_press_answered_by_its_panel_is_no_courier(h: Harness) -> None:
    live, messages = await _table(h)
    seat = f"cr:seat:{live.id}"
    token = messages.token(press_on(h, ALICE, h.table_message(), seat))
    assert messages._couriers.get(live.id) is None, "My seat's token is no courier"
    press = messages.pressed(live, press_on(h, ALICE, h.table_message(), seat))
    assert messages.courier(live) is press, "unanswered, it could still carry the table"
    await press.open_panel(content="Your seat")
    assert messages.courier(live) is None and messages._couriers.get(live.id) is None, "its token edits the panel, not the table"
    assert token.fresh()


async def test_the_press_that_posted_the_live_message_is_its_courier(h: Harness) -> None:
    live, messages = await _table(h)
    press = await _panel_press(h, live, ALICE)
    messages._couriers[live.id] = PostedBy(press, 12345)
    assert messages.courier(live) is None and messages._couriers.get(live.id) is None, "it posted another message"
    posted_by = messages._couriers[live.id] = PostedBy(press, live.row.message_id or 0)
    assert messages.courier(live) is posted_by and posted_by.created == press.created
    CLOCK.advance(LIFE)
    assert messages.courier(live) is None and messages._couriers.get(live.id) is None


async def test_a_relay_is_the_freshest_panel_press_once_the_courier_runs_out(h: Harness) -> None:
    live, messages = await _table(h)
    courier = messages.pressed(live, press_on(h, ALICE, h.table_message()))
    oldest = await _panel_press(h, live, ALICE)
    assert messages.relay(live) is None, "a fresh courier: no relay"
    CLOCK.advance(8 * MINUTE)
    newer = await _panel_press(h, live, BOB)
    CLOCK.advance(MINUTE / 2)
    newest = await _panel_press(h, live, CAROL)
    assert courier.left() > RELAY_AFTER and messages.relay(live) is None, "over 5 minutes left: no relay"
    CLOCK.advance(MINUTE)
    assert messages.courier(live) is courier and courier.left() < RELAY_AFTER
    assert oldest.left() < 2 * RELAY_AFTER < newer.left()
    assert messages.relay(live) is newest, "the freshest of those with over 10 minutes left"
    CLOCK.advance(4 * MINUTE)
    assert newest.left() < 2 * RELAY_AFTER and messages.relay(live) is None, "none with over 10 minutes left"
    CLOCK.advance(LIFE)
    assert messages.courier(live) is None
    latest = await _panel_press(h, live, BOB)
    assert messages.relay(live) is latest, "no courier at all: the freshest panel press"
    await h.settle()


async def test_at_a_deal_boundary_the_table_is_posted_afresh_through_a_relay(h: Harness) -> None:
    live, messages = await _table(h)
    first = live.row.message_id
    alice = await _panel_press(h, live, ALICE)
    alice_token = str(alice._followup().token)
    before = len(h.recorder.requests)
    await messages.write(live, _composed("posted through Alice's press"))
    await h.settle()
    second = live.row.message_id
    assert second != first and await _stored_message(h, live) == second
    assert messages._couriers.get(live.id) == PostedBy(alice, second) and messages.relayed == 1
    requests = h.recorder.requests[before:]
    assert ("POST", webhook_path(alice_token)) in [(r.method, r.path) for r in requests]
    assert _counted(requests) == [("DELETE", _channel_message(first))], \
        "the post is not counted; the old message, posted through the channel, is deleted there"
    assert h.recorder.messages[second or 0]["content"] == "posted through Alice's press"

    before = len(h.recorder.requests)
    await messages.write(live, _composed("edited through Alice's token"))
    assert [(r.method, r.path) for r in h.recorder.requests[before:]] == [("PATCH", webhook_path(alice_token, second))]

    CLOCK.advance(LIFE - RELAY_AFTER + MINUTE)  # Alice's token has 4 minutes left: Bob's fresh press takes over
    bob = await _panel_press(h, live, BOB)
    before = len(h.recorder.requests)
    await messages.write(live, _composed("posted through Bob's press"))
    await h.settle()
    third = live.row.message_id
    assert third not in (first, second) and messages._couriers.get(live.id) == PostedBy(bob, third) and messages.relayed == 2
    requests = h.recorder.requests[before:]
    assert _counted(requests) == [], "posted and the old one deleted without a counted request"
    assert ("DELETE", webhook_path(alice_token, second)) in [(r.method, r.path) for r in requests], \
        "the old message is deleted through the token that posted it"

    CLOCK.advance(LIFE)  # Bob's token is spent: the message it posted is deleted through the channel
    carol = await _panel_press(h, live, CAROL)
    before = len(h.recorder.requests)
    await messages.write(live, _composed("posted through Carol's press"))
    await h.settle()
    assert messages._couriers.get(live.id) == PostedBy(carol, live.row.message_id) and messages.relayed == 3
    assert _counted(h.recorder.requests[before:]) == [("DELETE", _channel_message(third))]


async def test_a_my_seat_press_answered_by_its_panel_relays_the_table_as_a_public_message(h: Harness) -> None:
    live, messages = await _table(h)
    interaction = press_on(h, ALICE, h.table_message(), f"cr:seat:{live.id}")
    await h.bot.presenter.open_panel(interaction, live)
    seat = h.bot.presenter.panels.writer(live, ALICE.id)
    assert seat is not None and messages.relay(live) is seat
    before = len(h.recorder.requests)
    await messages.write(live, _composed("posted through Alice's My seat"))
    await h.settle()
    post = [r for r in h.recorder.requests[before:] if r.path == webhook_path(interaction.token)]
    assert len(post) == 1 and post[0].ephemeral is False, "the channel sees it, though the press's answer was private"
    assert h.recorder.messages_in(CHANNEL_ID)[-1]["content"] == "posted through Alice's My seat"
    assert messages._couriers.get(live.id) == PostedBy(seat, live.row.message_id)


async def test_mid_deal_a_courier_keeps_the_message_and_without_one_a_relay_posts_it(h: Harness) -> None:
    live, messages = await _table(h)
    await _move(h, live)
    courier = messages.pressed(live, press_on(h, ALICE, h.table_message()))
    CLOCK.advance(LIFE - RELAY_AFTER + MINUTE)  # the courier has 4 minutes left
    bob = await _panel_press(h, live, BOB)
    message, edits = live.row.message_id, messages.by_token
    await messages.write(live, _composed())
    assert live.row.message_id == message and messages.relayed == 0, "mid-deal a courier edits it to its end"
    assert courier.fresh() and messages.by_token == edits + 1
    assert bob.fresh() and messages.relay(live) is None, "mid-deal with 4 minutes left the courier keeps it"
    CLOCK.advance(2 * MINUTE)  # 2 minutes left: under half of RELAY_AFTER
    carol = await _panel_press(h, live, CAROL)
    await messages.write(live, _composed())
    await h.settle()
    assert live.row.message_id != message and messages._couriers.get(live.id) == PostedBy(carol, live.row.message_id), \
        "a courier running out mid-deal hands the table to a fresh press"


async def test_the_message_rolls_over_at_a_deal_boundary_after_50_minutes(h: Harness) -> None:
    live, messages = await _table(h)
    first = live.row.message_id
    assert first is not None
    CLOCK.advance(ROLL_OVER_AGE - MINUTE - messages.age(first))  # however long the deal took to set up
    before = len(h.recorder.requests)
    await messages.write(live, _composed())
    assert _counted(h.recorder.requests[before:]) == [("PATCH", _channel_message(first))], "49 minutes: edited"
    CLOCK.advance(MINUTE)
    before = len(h.recorder.requests)
    await messages.write(live, _composed("afresh"))
    await h.settle()
    second = live.row.message_id
    assert second != first and await _stored_message(h, live) == second and messages.roll_overs == 1
    assert _counted(h.recorder.requests[before:]) == [CHANNEL_POST, ("DELETE", _channel_message(first))]


async def test_mid_deal_the_message_rolls_over_only_after_57_minutes(h: Harness) -> None:
    live, messages = await _table(h)
    await _move(h, live)
    first = live.row.message_id
    assert first is not None
    CLOCK.advance(LAST_CALL_AGE - MINUTE - messages.age(first))
    await messages.write(live, _composed())
    assert live.row.message_id == first and messages.roll_overs == 0, "past 50 minutes mid-deal: edited still"
    CLOCK.advance(MINUTE)
    await messages.write(live, _composed())
    await h.settle()
    assert live.row.message_id != first and messages.roll_overs == 1


async def test_discords_30046_rolls_the_message_over_at_once(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    live, messages = await _table(h)
    await _move(h, live)  # mid-deal, and the message a few seconds old
    first = live.row.message_id
    refused = refuse_next(h, monkeypatch, refusal(400, 30046), _channel_message(first), rest=True)
    before = len(h.recorder.requests)
    await messages.write(live, _composed("afresh"))
    await h.settle()
    assert refused == [_channel_message(first)]
    second = live.row.message_id
    assert second != first and await _stored_message(h, live) == second and messages.roll_overs == 1
    assert _counted(h.recorder.requests[before:]) == [CHANNEL_POST, ("DELETE", _channel_message(first))]


async def test_a_roll_over_at_50_minutes_goes_through_a_relay_when_there_is_one(h: Harness) -> None:
    live, messages = await _table(h)
    CLOCK.advance(ROLL_OVER_AGE)
    alice = await _panel_press(h, live, ALICE)
    before = len(h.recorder.requests)
    await messages.write(live, _composed("afresh"))
    await h.settle()
    assert CHANNEL_POST not in _counted(h.recorder.requests[before:])
    assert messages._couriers.get(live.id) == PostedBy(alice, live.row.message_id)
