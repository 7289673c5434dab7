"""Cancelling a running sit-and-go through the real client: only a member with Manage Channels may,
and every entrant, a player already knocked out included, gets exactly the buy-in back."""
from __future__ import annotations

from bot.service.tournament import sit_and_go
from tests.support.deal_steps import scripted_step
from tests.support.harness import CHANNEL_ID, GUILD_ID, MANAGE_CHANNELS, MEMBER_PERMISSIONS, Harness, User

ALICE, BOB, CAROL = User(5001, "Alice"), User(5002, "Bob"), User(5003, "Carol")
MOD = User(5004, "Mod", MEMBER_PERMISSIONS | MANAGE_CHANNELS)
START, BUY_IN = 1000, 200


async def _play_until_someone_is_out(h: Harness) -> User:
    """Carol moves all in every hand, Alice calls everything, Bob folds to any bet: within a few
    hands Carol or Alice has no chips left. Returns who."""
    users = {u.id: u for u in (ALICE, BOB, CAROL)}
    for _ in range(60):
        live = h.bot.service.in_channel(CHANNEL_ID)
        out = [s for s in live.row.seats if s.place is not None]
        if out:
            return users[out[0].user_id]
        await scripted_step(h, live, users, {CAROL.id: ("All-in", "Call", "Check"), ALICE.id: ("Call", "Check"),
                                             BOB.id: ("Check", "Fold")})
    raise AssertionError("nobody was knocked out")


async def test_a_cancelled_tournament_returns_every_buy_in_even_to_a_knocked_out_player(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "t.db"))
    await h.command(ALICE, "holdem", "create", mode="tournament", buy_in=BUY_IN, level_hands=50)
    await h.command(BOB, "holdem", "join")
    await h.command(CAROL, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    out = await _play_until_someone_is_out(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    stacks = {s.user_id: s.stack for s in live.row.seats}
    assert stacks[out.id] == 0 and sum(stacks.values()) == 3 * BUY_IN and max(stacks.values()) > BUY_IN

    left = h.ephemeral_text(await h.command(out, "holdem", "leave"))
    assert "You are out of this tournament" in left and sit_and_go.CANCEL_RULE in left
    assert live.seat_index(out.id) is not None, "a knocked-out entry stays on the table"
    stay = BOB if out is not BOB else ALICE
    assert sit_and_go.CANCEL_RULE in h.ephemeral_text(await h.command(stay, "holdem", "leave"))
    refused = h.ephemeral_text(await h.command(ALICE, "holdem", "cancel"))
    assert sit_and_go.CANCEL_RULE in refused, "the host alone may not cancel a running tournament"
    assert h.bot.service.in_channel(CHANNEL_ID) is live

    assert "closed" in h.ephemeral_text(await h.command(MOD, "holdem", "cancel"))
    assert h.bot.service.in_channel(CHANNEL_ID) is None
    assert h.table_message()["content"].endswith(
        "The tournament was cancelled; every entrant's buy-in is back in its wallet.")
    for user in (ALICE, BOB, CAROL):
        assert await h.bot.storage.balance(GUILD_ID, user.id) == START, user.name
    await h.close()


async def test_the_host_cancels_a_tournament_before_it_starts(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "t.db"))
    await h.command(ALICE, "holdem", "create", mode="tournament", buy_in=BUY_IN)
    await h.command(BOB, "holdem", "join")
    assert "closed" in h.ephemeral_text(await h.command(ALICE, "holdem", "cancel"))
    assert h.table_message()["content"].endswith("The table was cancelled; every stack is back in its wallet."), \
        "not started: the buy-ins were never at play, nothing is said of a running tournament"
    for user in (ALICE, BOB):
        assert await h.bot.storage.balance(GUILD_ID, user.id) == START
    await h.close()
