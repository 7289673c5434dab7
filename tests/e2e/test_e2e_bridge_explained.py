"""Robot bids explained through Discord: under a bridge table in its auction, the "What does it
mean?" select lists the calls made; picking one answers privately in words from the robots'
system, and a person's call is read the way a robot partner reads it."""
from __future__ import annotations

import pytest

import bot.ai.bridge as robots
from tests.support.bridge_seats import south_among_robots
from tests.support.harness import CHANNEL_ID, Harness, User

SEED = "05" * 32
"""Board 1 (North deals): North passes, East opens 1♠, and South is to call."""
SOUTH, STRANGER = User(2101, "Sofia"), User(2102, "Stan")


@pytest.fixture(autouse=True)
def fast_robots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(robots, "SAMPLES", 2)


def _explain_select(h: Harness) -> dict:
    message = h.table_message()
    return next(c for row in message["components"] for c in row["components"] if c["custom_id"].startswith("cr:x:"))


async def test_a_robots_call_is_explained_privately_to_whoever_asks(database: str) -> None:
    h = await Harness.start(database)
    h.bot.service.seeds = lambda _label: SEED
    await south_among_robots(h, SOUTH)
    await h.command(SOUTH, "bridge", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert [c for _, c in live.engine.calls] == ["Pass", "1S"]

    select = _explain_select(h)
    names = [live.table_seat_of(seat).name for seat in (0, 1)]
    assert [o["label"] for o in select["options"]] == [f"1. {names[0]} passes", f"2. {names[1]} bids 1♠"]
    token = await h.press(STRANGER, select["custom_id"], values=["1"])
    reply = h.recorder.replies_to(token)[-1]
    assert reply.ephemeral and f"{names[1]} bids 1♠. Opening: 10–21 HCP, 5+ spades." in reply.text
    assert live.row.step == 2, "asking changes nothing"

    for forged in ("7", "x"):
        token = await h.press(STRANGER, select["custom_id"], values=[forged])
        assert "not in this auction" in h.ephemeral_text(token)

    await h.move(SOUTH, "Pass")
    while live.engine.phase == "auction" and len(live.engine.calls) < 4:
        await h.settle()
    select = _explain_select(h)
    south_call = next(o["value"] for o in select["options"] if o["label"].endswith("Sofia passes"))
    token = await h.press(STRANGER, select["custom_id"], values=[south_call])
    assert "Sofia passes. " in h.ephemeral_text(token) and "Sofia is a person" in h.ephemeral_text(token)
    old = select["custom_id"].rsplit(":", 1)[0] + ":99"
    token = await h.press(STRANGER, old, message=h.table_message() | {"components": [{"type": 1, "components": [
        {"type": 3, "custom_id": old, "options": select["options"]}]}]}, values=["0"])
    assert "That auction is over" in h.ephemeral_text(token)
    await h.close()
