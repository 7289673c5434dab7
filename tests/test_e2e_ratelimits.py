"""discord.py's own HTTP handling against the loopback Discord: uploads, buckets and 429s."""
from __future__ import annotations

from tests.harness import CHANNEL_ID, User
from tests.loopback_discord import Fault, Limit, LoopbackHarness

ALICE, BOB = User(3101, "Alice"), User(3102, "Bob")
PNG = b"\x89PNG\r\n\x1a\n"


async def _hand(h: LoopbackHarness) -> None:
    await h.command(ALICE, "holdem", "create")
    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "holdem", "start")


def _to_act(h: LoopbackHarness) -> User:
    live = h.bot.service.in_channel(CHANNEL_ID)
    return ALICE if live.engine.to_act() == (live.deal_seat(ALICE.id),) else BOB


async def test_tables_and_hands_are_uploaded_as_multipart_through_the_real_http_client(loopback) -> None:
    h = loopback
    await _hand(h)
    served = {(s.request.method, s.bucket) for s in h.server.served}
    assert {("GET", "login"), ("POST", "interaction.callback"), ("POST", "webhook"), ("POST", "dm.create")} <= served
    table_posts = [s.request for s in h.server.served if s.bucket in ("messages.send", "messages.edit")
                   and f"/channels/{CHANNEL_ID}/" in s.request.path and s.request.files]
    assert table_posts and all(f.startswith(PNG) for r in table_posts for _, f in r.files)
    for user in (ALICE, BOB):
        dm = h.server.dm_requests(user.id)
        assert dm and dm[-1].files[0][1].startswith(PNG), "each player's hand came by DM as a picture"
    assert any(label.startswith("Call") for label in h.labels())


async def test_a_429_is_waited_out_and_the_edit_lands(loopback) -> None:
    h = loopback
    await _hand(h)
    h.server.inject(Fault(r"/channels/\d+/messages/\d+$", 429, method="PATCH", times=2, retry_after=0.3))
    before = len(h.server.served)
    token = await h.press_label(_to_act(h), "Call")
    edits = [s for s in h.server.served[before:] if s.bucket == "messages.edit"]
    assert [s.status for s in edits] == [429, 429, 200]
    assert edits[-1].at - edits[0].at >= 0.55, "discord.py waited retry_after twice before retrying"
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert all(f":{live.row.step}:" in c["custom_id"] for r in h.table_message()["components"]
               for c in r["components"] if c["custom_id"].startswith("cr:a:")), "the edit shows the new state"
    callback = next(s for s in h.server.served if s.request.path.endswith(f"/{token}/callback"))
    assert callback.at < edits[-1].at, "the press was answered while the edit waited"


async def test_the_bot_keeps_within_a_channel_bucket(loopback) -> None:
    h = loopback
    h.server.limits["messages.edit"] = Limit(3, 1.0)
    await _hand(h)
    for _ in range(6):
        live = h.bot.service.in_channel(CHANNEL_ID)
        if live.row.hand is None:
            break
        labels = h.labels()
        await h.press_label(_to_act(h), "Check" if any(l.startswith("Check") for l in labels) else "Call")
    edits = [s.at for s in h.server.served if s.bucket == "messages.edit"]
    assert len(edits) >= 6
    assert h.server.count("PATCH", "messages.edit", 429) == 0, "discord.py waited on the exhausted bucket"
    assert all(later - first >= 0.95 for first, later in zip(edits, edits[3:])), "at most 3 edits a second"
