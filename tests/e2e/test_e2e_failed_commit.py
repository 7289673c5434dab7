"""What a member reads when the bot fails after the engine and the row changed but before the change
was stored (the storage transaction raises at its commit): "nothing was changed", and it is true:
the table in memory is the stored one, the table message is not moved on, and the next press plays."""
from __future__ import annotations

from bot.adapter.seat.checks import NOTHING_CHANGED, PARTLY_DONE
from bot.service.table import dealing
from tests.support.failing_commit import failing_commits
from tests.support.harness import CHANNEL_ID, GUILD_ID, MEMBER_PERMISSIONS, Harness, User
from tests.support.heads_up import open_heads_up, to_act

ALICE, BOB = User(7201, "Alice"), User(7202, "Bob")


async def _move(h: Harness) -> str:
    """The member to act checks, or calls, on their seat panel."""
    user = to_act(h, ALICE, BOB)
    move = "Check" if any(label.startswith("Check") for label in await h.labels_of(user)) else "Call"
    return await h.move(user, move)


async def test_a_press_whose_commit_fails_is_told_nothing_changed_and_nothing_did(database: str) -> None:
    h = await Harness.start(database)
    await open_heads_up(h, ALICE, BOB)
    live = h.bot.service.in_channel(CHANNEL_ID)
    step, player = live.row.step, to_act(h, ALICE, BOB)
    await h.open_panel(player)  # before the commits fail: My seat stores nothing
    shown = h.table_message()["content"]
    with failing_commits(h.bot.storage) as failures:
        token = await _move(h)
    assert failures.failed == 1 and NOTHING_CHANGED in h.ephemeral_text(token)
    assert live.row.step == step and to_act(h, ALICE, BOB) == player, "the move is not in memory"
    stored = await h.bot.storage.table(live.id)
    assert stored == live.row
    assert dealing.restored(h.bot.service, stored).engine.view(None) == live.engine.view(None)
    assert h.table_message()["content"] == shown, "the table message did not move on"
    token = await _move(h)
    assert NOTHING_CHANGED not in h.ephemeral_text(token)
    assert live.row.step == step + 1 and to_act(h, ALICE, BOB) != player, "the same move plays when pressed again"
    assert (await h.bot.storage.table(live.id)) == live.row


async def test_a_tournament_registration_whose_commit_fails_is_told_nothing_changed_and_nothing_did(
        database: str) -> None:
    h = await Harness.start(database)
    mod = User(7203, "Mod", MEMBER_PERMISSIONS | 1 << 5)  # Manage Server
    await h.command(mod, "tournament", "create", name="Friday", buy_in=100)
    (mtt,) = h.bot.service.mtts.in_guild(GUILD_ID)
    with failing_commits(h.bot.storage):
        token = await h.press(ALICE, f"cr:t:{mtt.id}:register")
    assert NOTHING_CHANGED in h.ephemeral_text(token)
    assert not mtt.entries and mtt.row.pool == 0 and await h.bot.storage.balance(GUILD_ID, ALICE.id) == 1000
    token = await h.press(ALICE, f"cr:t:{mtt.id}:register")
    assert "You are registered for Friday" in h.ephemeral_text(token) and list(mtt.entries) == [ALICE.id]


async def test_a_request_that_failed_after_part_of_it_was_stored_is_told_so(database: str) -> None:
    h = await Harness.start(database)
    await open_heads_up(h, ALICE, BOB)
    carol = User(7204, "Carol")
    with failing_commits(h.bot.storage, skip=1):  # seated, then the wait for the big blind fails
        token = await h.command(carol, "holdem", "join", wait_for_big_blind=True)
    said = h.ephemeral_text(token)
    assert PARTLY_DONE in said and NOTHING_CHANGED not in said, said
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live.seat_index(carol.id) is not None and (await h.bot.storage.table(live.id)) == live.row
    mod = User(7205, "Mod", MEMBER_PERMISSIONS | 1 << 5)
    await h.command(mod, "tournament", "create", name="Saturday", buy_in=10)
    (mtt,) = h.bot.service.mtts.in_guild(GUILD_ID)
    with failing_commits(h.bot.storage, skip=2):  # two computer players registered, the third fails
        token = await h.command(mod, "tournament", "add-bots", name="Saturday", count=5)
    assert PARTLY_DONE in h.ephemeral_text(token) and len(mtt.entries) == 2
    with failing_commits(h.bot.storage):  # the first fails: nothing was stored
        token = await h.command(mod, "tournament", "add-bots", name="Saturday", count=5)
    assert NOTHING_CHANGED in h.ephemeral_text(token) and len(mtt.entries) == 2
