"""Channels, threads and servers that vanish under a table: the table closes once, its deal called
off and every chip back in its wallet; a deleted message alone is posted again, once."""
from __future__ import annotations

import pytest

from bot.registry import game, game_names
from bot.adapter.traffic.press_token import TOKEN_LIFETIME
from tests.support.discord_clock import CLOCK
from tests.support.harness import CHANNEL_ID, GUILD_ID, Place, User
from tests.support.loopback_harness import LoopbackHarness
from tests.support.loopback_ratelimits import Limit

ALICE, BOB = User(3201, "Alice"), User(3202, "Bob")
THREAD_ID = 940000000000000001
START = 1000  # every wallet's starting balance


@pytest.fixture
def loopback(loopback: LoopbackHarness) -> LoopbackHarness:
    """Windows of a second instead of Discord's five: these tests are about faults, not pacing."""
    loopback.server.limits |= {"messages.send": Limit(5, 1.0), "messages.edit": Limit(5, 1.0)}
    return loopback


async def _assert_refunded(h: LoopbackHarness, table_id: int, *users: User) -> None:
    assert table_id not in h.bot.service.tables
    stored = await h.bot.storage.table(table_id)
    assert stored is not None and stored.status == "closed"
    for user in users:
        assert await h.bot.storage.balance(GUILD_ID, user.id) == START, f"{user.name} got every chip back"


@pytest.mark.parametrize("name", game_names())
async def test_every_game_closes_once_when_discord_says_its_channel_is_gone(loopback, name: str) -> None:
    h = loopback
    await h.command(ALICE, name, "create")
    for _ in range(game(name).min_players - 1):
        await h.command(ALICE, name, "add-bot")
    await h.command(ALICE, name, "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live.row.deal is not None, "a deal is in progress"
    chips = await h.bot.storage.total_chips()
    h.server.deleted_channels.add(CHANNEL_ID)
    before, refused = len(h.server.channel_requests()), h.server.refused(10003)
    await h.update(live)  # the table's next update (an action, a timer) meets 404 Unknown Channel
    await h.settle()
    assert h.server.refused(10003) - refused == 1, "one request (through the create command's token), no retry loop"
    await _assert_refunded(h, live.id, ALICE)
    assert await h.bot.storage.total_chips() == chips
    assert "is closed" in h.server.dm_requests(ALICE.id)[-1].text, "the host is told"
    await h.press(ALICE, f"cr:u:{live.id}:hand", h.showing(f"cr:u:{live.id}:hand"))
    assert h.server.channel_requests()[before:] == [], "nothing more reaches the channel, a late press neither"


async def test_a_press_that_meets_a_deleted_channel_calls_the_deal_off(loopback) -> None:
    h = loopback
    await h.raised_hand(ALICE, BOB)
    live = h.bot.service.in_channel(CHANNEL_ID)
    player = next(u for u in (ALICE, BOB) if live.deal_seat(u.id) in live.engine.to_act())
    await h.panel(player)
    h.server.deleted_channels.add(CHANNEL_ID)
    await h.move(player, "Call")
    await _assert_refunded(h, live.id, ALICE, BOB)
    assert h.server.refused(10003) == 2, "the press's answer (its panel) and the table's edit met Unknown Channel, once each"
    assert h.server.count("POST", "interaction.callback", 404) == 1
    assert h.server.count("POST", "messages.send", 404) == 0


async def test_a_deleted_table_message_is_posted_again_once(loopback) -> None:
    h = loopback
    await h.raised_hand(ALICE, BOB)
    live = h.bot.service.in_channel(CHANNEL_ID)
    old = live.row.message_id
    player = next(u for u in (ALICE, BOB) if live.deal_seat(u.id) in live.engine.to_act())
    await h.panel(player)
    h.server.messages.pop(old)  # a moderator deletes it; members still see it until they reload
    await h.move(player, "Call")
    assert live.id in h.bot.service.tables, "the channel is still there: the table goes on"
    assert live.row.message_id not in (None, old)
    assert (await h.bot.storage.table(live.id)).message_id == live.row.message_id
    assert h.server.refused(10008) == 1, "the table's update met Unknown Message once"
    assert h.table_message()["id"] == str(live.row.message_id)
    h.server.messages.pop(live.row.message_id)
    h.server.deleted_channels.add(CHANNEL_ID)  # message and channel gone: the re-post meets 404 and closes
    CLOCK.advance(TOKEN_LIFETIME)  # no press fresh enough to post the table through: the channel route
    await h.update(live)
    await _assert_refunded(h, live.id, ALICE, BOB)


async def test_channel_delete_event_closes_the_table_without_a_request(loopback) -> None:
    h = loopback
    await h.join_guild()
    await h.raised_hand(ALICE, BOB)
    live = h.bot.service.in_channel(CHANNEL_ID)
    before = len(h.server.channel_requests())
    await h.gateway("CHANNEL_DELETE", h.channel())
    await _assert_refunded(h, live.id, ALICE, BOB)
    assert h.server.channel_requests()[before:] == []


async def test_thread_delete_and_bot_removal_close_their_tables(loopback) -> None:
    h = loopback
    await h.join_guild(threads=(THREAD_ID,))
    await h.raised_hand(ALICE, BOB, Place(GUILD_ID, THREAD_ID))
    in_thread = h.bot.service.in_channel(THREAD_ID)
    await h.command(ALICE, "gin", "create")
    in_channel = h.bot.service.in_channel(CHANNEL_ID)
    await h.gateway("THREAD_DELETE", {"id": str(THREAD_ID), "guild_id": str(GUILD_ID),
                                      "parent_id": str(CHANNEL_ID), "type": 11})
    await _assert_refunded(h, in_thread.id, BOB)
    assert in_channel.id in h.bot.service.tables
    await h.gateway("GUILD_DELETE", {"id": str(GUILD_ID), "unavailable": True})
    assert in_channel.id in h.bot.service.tables, "an outage is not a removal"
    await h.join_guild()
    await h.gateway("GUILD_DELETE", {"id": str(GUILD_ID)})
    await _assert_refunded(h, in_channel.id, ALICE, BOB)


async def test_missing_access_from_a_server_that_removed_the_bot_closes_the_table(loopback) -> None:
    h = loopback
    await h.raised_hand(ALICE, BOB)
    live = h.bot.service.in_channel(CHANNEL_ID)
    h.server.left_guilds.add(GUILD_ID)
    CLOCK.advance(TOKEN_LIFETIME)  # no press fresh enough: the update takes the channel route
    await h.update(live)
    await h.settle()
    await _assert_refunded(h, live.id, ALICE, BOB)
    assert [s.bucket for s in h.server.served[-3:]] == ["messages.edit", "channel.read", "guild.read"]
