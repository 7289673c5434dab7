"""A bridge table for beginners, through Discord: ``/bridge create system:beginners`` opens a table
whose robots bid the natural system (no strong 2♣, no conventions), the table's message and
``/bridge status`` say so, the "What does it mean?" select explains calls in that system, and the
table keeps its system across a restart."""
from __future__ import annotations

import pytest

import bot.ai.bridge as robots
from tests.support.bridge_seats import south_among_robots
from tests.support.harness import CHANNEL_ID, Harness, Recorder, User

SEED = "86" * 32
"""Rubber board 1 (North deals): North holds 23 HCP with five hearts (SAYC opens 2♣), East 10 HCP with
seven diamonds (SAYC passes: two-level overcalls take 11+)."""
SOUTH, KIBITZER = User(2201, "Sofia"), User(2202, "Kim")
HEADLINE = "The robots bid the beginners' natural system"


@pytest.fixture(autouse=True)
def fast_robots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(robots, "SAMPLES", 2)


async def _explained(h: Harness, index: int) -> str:
    """What the table's select answers a member who picks call ``index``."""
    message = h.table_message()
    select = next(c for row in message["components"] for c in row["components"] if c["custom_id"].startswith("cr:x:"))
    return h.ephemeral_text(await h.press(KIBITZER, select["custom_id"], values=[str(index)]))


async def test_a_beginners_table_bids_explains_and_keeps_its_system(database: str) -> None:
    recorder = Recorder()  # what Discord holds, across the restart
    h = await Harness.start(database, recorder)
    h.bot.service.seeds = lambda _label: SEED
    await south_among_robots(h, SOUTH, system="beginners")
    assert "the robots bid the beginners' natural system" in h.ephemeral_text(await h.command(SOUTH, "bridge", "status"))
    await h.command(SOUTH, "bridge", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live.engine.calls == [(0, "1H"), (1, "2D")], "one of a major with 23 HCP, and East's natural overcall"
    assert HEADLINE in h.table_message()["content"]
    assert "bids 1♥. Opening: 10+ HCP, 5+ hearts." in await _explained(h, 0)  # SAYC's 1♥ shows 10–21
    assert "bids 2♦. Overcall: 10+ HCP, 5+ diamonds." in await _explained(h, 1)
    await h.close()

    h = await Harness.start(database, recorder)  # a restart in the auction: the same system
    h.bot.service.seeds = lambda _label: SEED
    live = h.bot.service.in_channel(CHANNEL_ID)
    stored = await h.bot.storage.table(live.id)
    assert stored is not None and stored.settings.game["system"] == "beginners"
    assert live.engine.system == "beginners"
    await h.move(SOUTH, "Pass")
    for _ in range(20):  # West, North and East call; then it is South's turn again
        if len(live.engine.calls) >= 6:
            break
        await h.settle()
    assert live.engine.calls[2:6] == [(2, "Pass"), (3, "Pass"), (0, "3NT"), (1, "Pass")], "North's natural rebid"
    assert HEADLINE in h.table_message()["content"]
    assert "Opening: 10+ HCP, 5+ hearts." in await _explained(h, 0)
    await h.close()
