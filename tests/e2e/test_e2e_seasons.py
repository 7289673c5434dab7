"""/season and /profile through the real client: a manager opens a season counting cash sessions with
fixed points; a heads-up hand is played; the standings picture and text rank it; the clock ends the
season, posts and keeps its final standings once; /profile shows the hand, the season place and the
first win, which the table's log announced once. Another server sees none of it."""
from __future__ import annotations

import io
import time
from datetime import datetime, timedelta, timezone

from PIL import Image

from bot.service.seasons.ends import ENDED
from tests.support.harness import CHANNEL_ID, GUILD_ID, MEMBER_PERMISSIONS, OTHER_SERVER, Harness, User

ALICE, BOB = User(2301, "Alice"), User(2302, "Bob")
ADMIN = User(2303, "Admin", MEMBER_PERMISSIONS | (1 << 5))  # Manage Server
DAY = timedelta(days=1)


def day(when: datetime) -> str:
    return when.strftime("%Y-%m-%d")


def reply_file(h: Harness, token: str, name: str) -> tuple[str, Image.Image, bool | None]:
    """(text, decoded picture, ephemeral) of the one reply with a file."""
    replies = [r for r in h.recorder.replies_to(token) if r.files]
    assert len(replies) == 1, h.ephemeral_text(token)
    (filename, data), = replies[0].files
    assert filename == name
    return replies[0].text, Image.open(io.BytesIO(data)), replies[0].ephemeral


async def play_one_hand(h: Harness) -> tuple[User, User]:
    """A heads-up hold'em hand that the player to act folds: (winner, loser)."""
    await h.command(ALICE, "holdem", "create")
    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    (seat,) = live.engine.to_act()
    folder = ALICE if live.table_seat_of(seat).user_id == ALICE.id else BOB
    await h.move(folder, "Fold")
    assert live.row.hand_no == 1 and live.row.deal is None
    return (BOB if folder == ALICE else ALICE), folder


async def test_a_season_ranks_a_cash_session_ends_once_and_shows_on_profiles(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "c.db"))
    today = datetime.now(timezone.utc)
    start, end = day(today - DAY), day(today + 30 * DAY)
    refused = await h.command(ALICE, "season", "create", name="Winter", start=start, end=end, cash=True)
    assert "Manage Server" in h.ephemeral_text(refused)
    assert "YYYY-MM-DD" in h.ephemeral_text(await h.command(ADMIN, "season", "create", name="Winter", start="soon",
                                                             end=end, cash=True))
    assert "at least one kind" in h.ephemeral_text(await h.command(ADMIN, "season", "create", name="Winter",
                                                                    start=start, end=end))
    opened = await h.command(ADMIN, "season", "create", name="Winter", start=start, end=end, cash=True,
                             points="fixed", places="10, 7")
    assert "Season opened" in h.recorder.replies_to(opened)[0].text
    ladder = await h.command(ADMIN, "season", "create", name="Bridge ladder", start=start, end=day(today + 60 * DAY),
                             bridge=True, points="percentage", best=8)
    assert "average session percentage, the best 8 results" in h.recorder.replies_to(ladder)[0].text
    assert "bridge events only" in h.ephemeral_text(await h.command(
        ADMIN, "season", "create", name="Mixed", start=start, end=end, cash=True, points="percentage"))
    assert "already has a season named Winter" in h.ephemeral_text(await h.command(
        ADMIN, "season", "create", name="Winter", start=start, end=end, cash=True))
    winner, loser = await play_one_hand(h)

    # The winner's first win is announced once, in the table's log, with the table's next update.
    await h.command(ALICE, "holdem", "status")
    h.bot.service.in_channel(CHANNEL_ID).row.deadline = 0
    await h.bot.service.tick()
    await h.settle()
    announced = f"{winner.name} earns an achievement: First win."
    log = h.bot.service.in_channel(CHANNEL_ID).log
    assert log.count(announced) == 1 and not any(f"{loser.name} earns" in line for line in log)
    assert any(announced in r.text for r in h.recorder.requests)
    await h.command(ALICE, "holdem", "cancel")  # the session ends with its second deal void

    text, image, ephemeral = reply_file(h, await h.command(BOB, "season", "standings", name="Winter"), "standings.png")
    assert f"1. {winner.name}: 10" in text and f"2. {loser.name}: 7" in text and not ephemeral
    assert image.width == 800 and image.height <= 600
    text, _, _ = reply_file(h, await h.command(BOB, "season", "standings"), "standings.png")
    assert "Bridge ladder" in text and "No results yet" in text, "the latest season; the cash hand is no bridge session"
    assert "`/profile [member]`, `/season standings`" in h.ephemeral_text(await h.command(BOB, "help"))
    other = await h.command(User(2399, "Olga"), "season", "standings", at=OTHER_SERVER)
    assert "no season" in h.ephemeral_text(other), "another server's seasons are its own"

    # The clock ends the season: its final standings posted once and kept.
    ends_at = datetime.strptime(end, "%Y-%m-%d").replace(tzinfo=timezone.utc).timestamp()
    h.bot.service.clock = lambda: ends_at + 1
    await h.bot.service.tick()
    await h.settle()
    await h.bot.service.tick()
    await h.settle()
    posts = [r.text for r in h.recorder.channel_requests(CHANNEL_ID) if "Season over" in r.text]
    assert len(posts) == 1 and "Bridge ladder" not in posts[0] and "Winter: final standings" in posts[0] and f"1. {winner.name}: 10" in posts[0]
    assert ENDED.strip("*") in posts[0]
    kept = await h.bot.storage.season_named(GUILD_ID, "Winter")
    assert kept is not None and [line.user_id for line in kept.final] == [winner.id, loser.id]
    history = h.ephemeral_text(await h.command(ALICE, "season", "history"))
    assert "Winter: ended" in history and f"1. {winner.name}" in history

    hands = sum(row[1] for row in await h.bot.storage.stats(GUILD_ID, winner.id))
    text, image, ephemeral = reply_file(h, await h.command(ALICE, "profile", member=winner), "profile.png")
    assert ephemeral and f"Hands {hands}" in text and hands == 1 and "Winter: 1 of 2" in text and "First win" in text
    assert image.width == 800 and image.height <= 600
    text, _, _ = reply_file(h, await h.command(ALICE, "profile", member=loser), "profile.png")
    assert "Winter: 2 of 2" in text and "Achievements: none yet" in text
    elsewhere, _, _ = reply_file(h, await h.command(User(2399, "Olga"), "profile", member=winner, at=OTHER_SERVER),
                                 "profile.png")
    assert "Hands 0" in elsewhere and "Winter" not in elsewhere and "none yet" in elsewhere
    assert time.time() < ends_at
    await h.close()


async def test_an_achievement_is_announced_once_and_never_for_a_robot(tmp_path) -> None:
    """Alice plays a computer player, checking or calling down, until she has won two deals: her first
    win is stored and announced once; the robot, which wins deals too, earns nothing."""
    h = await Harness.start(str(tmp_path / "c.db"))
    await h.command(ALICE, "holdem", "create")
    await h.command(ALICE, "holdem", "add-bot")
    await h.command(ALICE, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    notes: list[str] = []
    noted = live.note

    def note(line: str) -> None:
        notes.append(line)
        noted(line)

    live.note = note  # type: ignore[method-assign]
    wins = robot_wins = 0
    for _ in range(400):
        if wins >= 2 and robot_wins >= 1:
            break
        if live.row.deal is None:
            hand = await h.bot.storage.hand_record(live.id, live.row.hand_no)
            if hand is not None:
                deltas, users = hand.record["outcome"]["deltas"], hand.record["users"]
                wins += any(d > 0 and u == ALICE.id for d, u in zip(deltas, users))
                robot_wins += any(d > 0 and u != ALICE.id for d, u in zip(deltas, users))
            live.row.deadline = 0
            await h.bot.service.tick()
            await h.settle()
            continue
        labels = await h.labels_of(ALICE)
        await h.move(ALICE, "Check" if any(label.startswith("Check") for label in labels) else "Call")
    assert wins >= 2 and robot_wins >= 1
    earned = [line for line in notes if "earns an achievement" in line]
    assert earned == ["Alice earns an achievement: First win."]
    assert [a.kind for a in await h.bot.storage.achievements(GUILD_ID, ALICE.id)] == ["first-win"]
    robot = next(seat.user_id for seat in live.row.seats if seat.is_bot)
    assert await h.bot.storage.achievements(GUILD_ID, robot) == []
    await h.close()
