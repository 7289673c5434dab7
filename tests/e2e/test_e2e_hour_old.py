"""Each message kind the bot edits, aged past an hour through the loopback Discord (3 edits of old
messages a channel in 6 s, or none at all, Discord's worst case, before 30046): a tournament's
announcement, a table's message in its lobby and mid-deal, a closed table's last word, a leaderboard
page, a replay. A member is told what happened to them, whatever happens to the message, and the
message catches up by being posted afresh."""
from __future__ import annotations

from typing import Any

from bot.adapter.table.message import ROLL_OVER_AGE
from tests.support.discord_clock import CLOCK
from tests.support.harness import CHANNEL_ID, GUILD_ID, HOME, MEMBER_PERMISSIONS, User
from tests.support.heads_up import open_heads_up, to_act
from tests.support.loopback_harness import LoopbackHarness
from tests.support.loopback_ratelimits import Limit

MANAGE_SERVER = 1 << 5
MOD = User(7100, "Mod", MEMBER_PERMISSIONS | MANAGE_SERVER)
MEMBERS = [User(7101 + k, name) for k, name in enumerate(("Ann", "Bob", "Cat", "Dan", "Eve", "Fay"))]
WALLET = 1000
DAY = 24 * 3600.0


async def _together(h: LoopbackHarness, presses: list[tuple[User, str, dict[str, Any]]]) -> list[str]:
    """Presses that reach the bot at once (each before any is answered); their tokens."""
    tokens = []
    for user, custom_id, message in presses:
        token, payload = h._base(user, 3, {"custom_id": custom_id, "component_type": 2}, HOME)
        payload["message"] = message
        h.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        tokens.append(token)
    await h.settle()
    return tokens


async def test_six_members_register_together_on_a_day_old_announcement(loopback: LoopbackHarness) -> None:
    h = loopback
    h.bot.mtt_presenter.edit_every = 0  # the announcement's catch-up goes at once: nothing waits
    await h.command(MOD, "tournament", "create", name="Friday", buy_in=100, stack=1500)
    (mtt,) = h.bot.service.mtts.in_guild(GUILD_ID)
    first = mtt.row.message_id
    assert first is not None
    announcement = dict(h.server.messages[first])
    CLOCK.advance(DAY)

    tokens = await _together(h, [(m, f"cr:t:{mtt.id}:register", announcement) for m in MEMBERS])
    for member, token in zip(MEMBERS, tokens):
        said = h.ephemeral_text(token)
        assert "You are registered for Friday (100 chips from your wallet)." in said, (member.name, said)
        assert "nothing was changed" not in said
        assert await h.bot.storage.balance(GUILD_ID, member.id) == WALLET - 100
    assert sorted(mtt.entries) == [m.id for m in MEMBERS]
    assert h.server.refused(30046) == 0, "no edit of the day-old message was asked for"
    assert mtt.row.message_id != first and first not in h.server.messages, "posted afresh, the old one deleted"
    shown = h.server.messages[mtt.row.message_id]["content"]
    assert "Entrants (6): Ann, Bob, Cat, Dan, Eve, Fay" in shown
    stored = await h.bot.storage.mtt(mtt.id)
    assert stored is not None and stored.message_id == mtt.row.message_id, "the new message is stored"

    fresh = dict(h.server.messages[mtt.row.message_id])
    token = await h.press(MEMBERS[5], f"cr:t:{mtt.id}:unregister", fresh)
    assert "no longer registered" in h.ephemeral_text(token)
    assert "Entrants (5)" in h.server.messages[mtt.row.message_id]["content"], "the young one is edited in place"
    late = await h.press(MEMBERS[5], f"cr:t:{mtt.id}:register", announcement)
    assert "You are registered for Friday" in h.ephemeral_text(late), "a press on the deleted message still counts"
    assert "Entrants (6)" in h.server.messages[mtt.row.message_id]["content"]

    CLOCK.advance(ROLL_OVER_AGE + 60)
    before = mtt.row.message_id
    await h.bot.mtt_presenter.show_mtt(mtt)  # a change nobody pressed for (a level): posted afresh too
    await h.settle()
    assert mtt.row.message_id != before and before not in h.server.messages
    assert h.server.refused(30046) == 0


async def test_an_announcement_edit_refused_as_too_old_still_tells_the_member_and_posts_it_afresh(
        loopback: LoopbackHarness) -> None:
    h = loopback
    h.bot.mtt_presenter.edit_every = 0
    h.server.old_edits.allowance = Limit(0, 6.0)  # the worst case: the channel's allowance spent by others
    await h.command(MOD, "tournament", "create", name="Sunday", buy_in=100, stack=1500)
    (mtt,) = h.bot.service.mtts.in_guild(GUILD_ID)
    first = mtt.row.message_id
    assert first is not None
    CLOCK.advance(2 * 3600)
    h.bot.presenter.clock = lambda: CLOCK.now() - 2 * 3600  # the bot's clock is behind: it takes it for young
    token = await h.press(MEMBERS[0], f"cr:t:{mtt.id}:register", dict(h.server.messages[first]))
    assert "You are registered for Sunday" in h.ephemeral_text(token)
    assert h.server.refused(30046) >= 1, "Discord refused the edits the bot tried"
    assert mtt.row.message_id != first and "Entrants (1): Ann" in h.server.messages[mtt.row.message_id]["content"]
    assert await h.bot.storage.balance(GUILD_ID, MEMBERS[0].id) == WALLET - 100


async def test_a_table_idle_in_its_lobby_for_hours_is_posted_afresh_at_its_next_change(loopback: LoopbackHarness) -> None:
    h = loopback
    h.server.old_edits.allowance = Limit(0, 6.0)
    await h.command(MEMBERS[0], "holdem", "create")
    live = h.bot.service.in_channel(CHANNEL_ID)
    first = live.row.message_id
    CLOCK.advance(2 * 3600)
    await h.command(MEMBERS[1], "holdem", "join")
    assert live.row.message_id != first and first not in h.server.messages
    assert "Bob" in h.server.messages[live.row.message_id]["content"]
    assert h.server.refused(30046) == 0


async def test_a_table_closed_hours_after_its_message_says_why_in_a_new_one(loopback: LoopbackHarness) -> None:
    h = loopback
    h.server.old_edits.allowance = Limit(0, 6.0)
    await h.command(MEMBERS[0], "holdem", "create")
    first = h.bot.service.in_channel(CHANNEL_ID).row.message_id
    CLOCK.advance(2 * 3600)
    await h.command(MEMBERS[0], "holdem", "cancel")
    assert first not in h.server.messages, "the old message, buttons and all, is gone"
    last = h.table_message()
    assert "cancelled" in last["content"].lower() and not last.get("components")
    assert h.server.refused(30046) == 0


async def test_a_leaderboard_page_pressed_an_hour_later_is_refused_in_words(loopback: LoopbackHarness) -> None:
    h = loopback
    await h.command(MEMBERS[0], "leaderboard")
    message, button = h.find_component(lambda c: str(c.get("custom_id", "")).startswith("cr:lb:"))
    CLOCK.advance(3601)
    token = await h.press(MEMBERS[0], button["custom_id"], message)
    assert "more than 15 minutes old: use /leaderboard again" in h.ephemeral_text(token)
    assert h.server.refused(30046) == 0


async def test_a_replay_too_old_to_edit_shows_its_next_step_in_a_new_private_message(loopback: LoopbackHarness) -> None:
    h = loopback
    await open_heads_up(h, MEMBERS[0], MEMBERS[1])
    live = h.bot.service.in_channel(CHANNEL_ID)
    await h.move(to_act(h, MEMBERS[0], MEMBERS[1]), "Fold")
    assert live.row.hand_no == 1 and live.row.deal is None
    opened = await h.command(MEMBERS[0], "replay", table=live.id, hand=1)
    replay = h.recorder.shown(opened)
    following = next(c for r in replay["components"] for c in r["components"] if c["custom_id"].endswith(":next"))
    h.server.old_edits.allowance = Limit(0, 6.0)
    CLOCK.advance(3601)
    token = await h.press(MEMBERS[0], following["custom_id"], replay)
    said = h.ephemeral_text(token)
    assert "· step 1 of" in said and "went wrong" not in said, said
    assert h.server.refused(30046) == 1, "the edit Discord refused, then the step as a new message"


async def test_a_table_message_two_hours_old_mid_deal_is_posted_afresh_and_the_move_plays(loopback: LoopbackHarness) -> None:
    h = loopback
    h.server.old_edits.allowance = Limit(0, 6.0)
    await open_heads_up(h, MEMBERS[0], MEMBERS[1])
    live = h.bot.service.in_channel(CHANNEL_ID)
    first, step = live.row.message_id, live.row.step
    CLOCK.advance(2 * 3600)
    player = to_act(h, MEMBERS[0], MEMBERS[1])
    token = await h.move(player, "Call")
    assert "went wrong" not in h.ephemeral_text(token)
    assert live.row.step == step + 1 and to_act(h, MEMBERS[0], MEMBERS[1]) != player, "the move played"
    assert live.row.message_id != first and first not in h.server.messages
    assert h.server.refused(30046) == 0
