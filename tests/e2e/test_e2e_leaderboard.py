"""/leaderboard through the real client: a picture with Previous / Next, the caller's own line shown
when they rank off the page, pages turned by the caller in place and by anyone else privately, stale,
forged and foreign-server presses refused privately, names that cannot ping, and two servers that
never see each other's results."""
from __future__ import annotations

import io
import time

from PIL import Image

from images.leaderboard import OWN_GAP
from images.sheet import MAX_H, ROW_H, WIDTH
from tests.support.harness import CHANNEL_ID, GUILD_ID, OTHER_SERVER, Harness, User
from tests.e2e.test_e2e_mentions import RAW_MENTION

ALICE, BOB = User(2201, "Alice @everyone"), User(2202, "<@&1234> Bob")
FILLERS = range(5001, 5013)  # twelve members rated above both, who played nothing this week


async def _play_two_hands(h: Harness) -> None:
    await h.command(ALICE, "holdem", "create")
    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    users = {ALICE.id: ALICE, BOB.id: BOB}
    for _ in range(2):
        if live.row.deal is None:
            live.row.deadline = 0
            await h.bot.service.tick()
            await h.settle()
        (seat,) = live.engine.to_act()
        await h.press_label(users[live.table_seat_of(seat).user_id], "Fold")


def _board(h: Harness, token: str) -> tuple[str, dict[str, str], Image.Image]:
    """(text, page buttons by label -> custom_id, picture) of the newest reply with a picture."""
    reply = [r for r in h.recorder.replies_to(token) if r.files][-1]
    (name, data), = reply.files
    assert name == "leaderboard.png"
    message = reply.json or {}
    buttons = {c["label"]: c["custom_id"] for row in message.get("components", []) for c in row["components"]
               if not c.get("disabled")}
    return message.get("content", ""), buttons, Image.open(io.BytesIO(data))


async def _press_forged(h: Harness, custom_id: str) -> str:
    """Alice presses a button whose custom_id was tampered with, on the board message."""
    message, _ = h.find_component(lambda c: str(c.get("custom_id", "")).startswith("cr:lb:"))
    forged = {**message, "components": [{"type": 1, "components": [
        {"type": 2, "style": 2, "label": "Next", "custom_id": custom_id}]}]}
    return await h.press(ALICE, custom_id, forged)


async def test_pages_own_line_refusals_and_servers(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "c.db"))
    await _play_two_hands(h)
    async with h.bot.storage.transaction() as tx:
        for k, user in enumerate(FILLERS):
            await tx.add_result(GUILD_ID, "holdem", user, 10 * k, hands=1, match=False, win=False,
                                rating=(60.0 - k, 1.0))

    ranked = [s.user_id for s in await h.bot.storage.standings(GUILD_ID, "holdem", None)]
    alice, bob = ranked.index(ALICE.id) + 1, ranked.index(BOB.id) + 1
    assert {alice, bob} == {13, 14}, "the twelve rated members rank first"

    text, buttons, picture = _board(h, await h.command(ALICE, "leaderboard", game="holdem"))
    assert "page 1 of 2" in text and set(buttons) == {"Next"}, "no Previous on the first page"
    assert f"you: #{alice}, +0 chips" in text
    assert not RAW_MENTION.search(text), "names are escaped"
    assert picture.mode == "P" and picture.width == WIDTH and picture.height <= MAX_H, "the 400 x 300 box at 2x"
    first_height = picture.height

    next_token = await h.press(ALICE, buttons["Next"])
    text, buttons, picture = _board(h, next_token)
    assert "page 2 of 2" in text and set(buttons) == {"Previous"}
    edited = h.recorder.replies_to(next_token)[-1]
    assert not edited.ephemeral, "the caller turns the page of the message itself"
    assert first_height - picture.height == (10 - 4) * ROW_H + OWN_GAP + ROW_H, \
        "ten lines and Alice's apart on page 1; four on page 2, Alice among them"

    bob_token = await h.press(BOB, buttons["Previous"])
    text, bob_buttons, _ = _board(h, bob_token)
    assert h.recorder.replies_to(bob_token)[-1].ephemeral, "another member gets the page privately"
    assert "page 1 of 2" in text and f"you: #{bob}, +0 chips" in text
    assert all(f":{BOB.id}:" in custom_id for custom_id in bob_buttons.values()), "Bob's copy is his to turn"

    foreign = await h.press(BOB, buttons["Previous"], at=OTHER_SERVER)
    assert "belongs to another server" in h.ephemeral_text(foreign)
    guild, game, period, page, owner, made = buttons["Previous"].split(":")[2:]
    stale = await _press_forged(h, f"cr:lb:{guild}:{game}:{period}:{page}:{owner}:{int(time.time() // 60) - 60}")
    assert "more than 15 minutes old" in h.ephemeral_text(stale)
    gone = await _press_forged(h, f"cr:lb:{guild}:{game}:{period}:9:{owner}:{made}")
    assert "fewer pages now" in h.ephemeral_text(gone)
    unknown = await _press_forged(h, f"cr:lb:{guild}:poker:{period}:1:{owner}:{made}")
    assert "no longer active" in h.ephemeral_text(unknown)

    text, buttons, _ = _board(h, await h.command(BOB, "leaderboard", game="holdem", period="week"))
    assert "page 1 of 1" in text and not buttons, "this week: only the two who played"
    assert "first: " in text and not RAW_MENTION.search(text)

    text, buttons, _ = _board(h, await h.command(ALICE, "leaderboard", at=OTHER_SERVER))
    assert "page 1 of 1" in text and "you have no deals" in text and "first:" not in text, \
        "another server's board holds nothing of this one"
    await h.close()
