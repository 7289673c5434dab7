"""Bounties and masterpoints through the real client. A manager opens a sit-and-go season with fixed
points (10, 7); Alice and Bob play a heads-up sit-and-go all in until one is knocked out; the manager
then opens the same season with 5 points a knockout: the winner scores 10 + 5, the other 7, and the
standings (text and picture) say the knockout; the first season shows none. A bridge season in masterpoints: an event's results are recorded
(a field of 20 pairs: first place 5.00 masterpoints, the tie of places 2 to 10 shares 1.18 each), and
the standings rank each stratum (its 40 members), /profile shows the masterpoints held."""
from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone

from tests.e2e.test_e2e_seasons import ADMIN, ALICE, BOB, day, reply_file
from tests.support.deal_steps import scripted_step
from tests.support.event_boards import record_board
from tests.support.harness import CHANNEL_ID, GUILD_ID, Harness, User

BUY_IN = 200


async def play_heads_up_sit_and_go(h: Harness) -> tuple[User, User]:
    """Alice and Bob move all in or call every hand until one of them has every chip: (winner, loser)."""
    await h.command(ALICE, "holdem", "create", mode="tournament", buy_in=BUY_IN, level_hands=50)
    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    users = {ALICE.id: ALICE, BOB.id: BOB}
    for _ in range(60):
        if h.bot.service.in_channel(CHANNEL_ID) is None:  # over: the table closed
            await h.settle()
            last = await h.bot.storage.hand_record(live.id, live.row.hand_no)
            assert last is not None
            record = last.record
            chips = {user: stack + delta for user, stack, delta in zip(record["users"], record["stacks"],
                                                                       record["outcome"]["deltas"])}
            return users[max(chips, key=lambda user: chips[user])], users[min(chips, key=lambda user: chips[user])]
        await scripted_step(h, live, users, {user: ("All-in", "Call", "Check") for user in users})
    raise AssertionError("nobody was knocked out")


async def test_bounties_in_a_sit_and_go_season_and_masterpoints_in_a_bridge_one(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "b.db"))
    today = datetime.now(timezone.utc)
    start, end = day(today - timedelta(days=1)), day(today + timedelta(days=30))
    assert "count tournaments or sit-and-gos" in h.ephemeral_text(await h.command(
        ADMIN, "season", "create", name="Cash", start=start, end=end, cash=True, bounty=5.0))
    await h.command(ADMIN, "season", "create", name="Plain", start=start, end=end, sit_and_gos=True, points="fixed",
                    places="10, 7")
    winner, loser = await play_heads_up_sit_and_go(h)
    assert h.bot.service.in_channel(CHANNEL_ID) is None, "the sit-and-go is over"
    # A season opened after the fact counts the knockouts already played, read from the stored deals.
    opened = await h.command(ADMIN, "season", "create", name="Knockouts", start=start, end=end, sit_and_gos=True,
                             points="fixed", places="10, 7", bounty=5.0)
    assert "5 points a knockout" in h.recorder.replies_to(opened)[0].text

    text, image, _ = reply_file(h, await h.command(BOB, "season", "standings", name="Knockouts"), "standings.png")
    assert f"1. {winner.name}: 15 (1 result, 1 knockout)" in text and f"2. {loser.name}: 7 (1 result, 0 knockouts)" in text
    assert image.width == 800 and image.height <= 600
    text, _, _ = reply_file(h, await h.command(BOB, "season", "standings", name="Plain"), "standings.png")
    assert f"1. {winner.name}: 10 (1 result)" in text and "knockout" not in text
    assert f"1. {winner.name}" in h.ephemeral_text(await h.command(ALICE, "season", "history"))

    assert "counts bridge events only" in h.ephemeral_text(await h.command(
        ADMIN, "season", "create", name="Mixed", start=start, end=end, bridge=True, cash=True, points="masterpoints"))
    await h.command(ADMIN, "season", "create", name="Ladder", start=start, end=end, bridge=True, points="masterpoints")
    # Ten tables: Alice (North) and Bob (South) make 4S at the first, every other table goes down one.
    others = [(3002 + 4 * k, 3003 + 4 * k, 3004 + 4 * k, 3005 + 4 * k) for k in range(9)]
    await record_board(h.bot.storage, GUILD_ID, "club", [(ALICE.id, 3000, BOB.id, 3001)] + others, 7000, time.time())
    text, image, _ = reply_file(h, await h.command(BOB, "season", "standings", name="Ladder"), "standings.png")
    assert f"1. {ALICE.name}: 5 (1 result) · stratum B: 1, 5 masterpoints" in text
    assert f"1. {BOB.name}: 5 (1 result) · stratum B: 1, 5 masterpoints" in text
    assert "3. A member: 1.18 (1 result) · stratum C: 1, 1.18 masterpoints" in text
    assert image.height <= 600
    text, image, _ = reply_file(h, await h.command(BOB, "profile", member=ALICE), "profile.png")
    assert image.height <= 600
    assert "Masterpoints: 5 (stratum B)" in text and "Ladder: 1 of 40" in text
    await h.close()
