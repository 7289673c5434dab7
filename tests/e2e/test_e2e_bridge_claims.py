"""Claims by a defender through Discord (Law 68): South defends against a robot declarer, concedes
out of turn (accepted), claims too much (rejected: play on at a casual table), and at a duplicate
event's table a rejected claim is ruled by the double-dummy solver, as the director's rule says."""
from __future__ import annotations

from typing import Any

import pytest

import bot.ai.bridge as robots
from bot.games.bridge import BridgeEngine
from tests.support.bridge_seats import south_among_robots
from tests.support.harness import CHANNEL_ID, Harness, User

SEED = "06" * 32
"""Board 1 (North deals): North passes and East opens 1♠; with South passing, East-West declare."""
SOUTH = User(2201, "Sofia")


@pytest.fixture(autouse=True)
def fast_robots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(robots, "SAMPLES", 2)


async def _south_defends(h: Harness, **create: Any) -> BridgeEngine:
    """South among three robots, passing throughout: a robot of East-West declares."""
    h.bot.service.seeds = lambda _label: SEED
    await south_among_robots(h, SOUTH, **create)
    await h.command(SOUTH, "bridge", "start")
    engine: BridgeEngine = h.bot.service.in_channel(CHANNEL_ID).engine
    while engine.phase == "auction":
        assert engine.to_act() == (2,), "the robots call in their turn"
        await h.move(SOUTH, "Pass")
    assert engine.declarer is not None and engine.declarer % 2 == 1, "East-West declare"
    return engine


async def _lead(h: Harness, engine: BridgeEngine) -> None:
    """South makes the opening lead from their seat panel (the first card it offers): dummy goes down."""
    assert engine.to_act() == (2,) and not engine.play, "South is on lead"
    (play, *_) = engine.legal_actions(2)
    await h.pick(SOUTH, "play", play.choices[0])
    assert engine.play, "the lead was made"


async def _claim(h: Harness, tricks: int) -> str:
    token = await h.move(SOUTH, "Claim")
    modal = h.recorder.replies_to(token)[-1].json
    assert modal is not None and modal["type"] == 9, h.ephemeral_text(token)
    return await h.submit_modal(SOUTH, modal["data"]["custom_id"], {"amount": str(tricks)})


async def test_a_defender_claims_out_of_turn_at_a_casual_table(database: str) -> None:
    h = await Harness.start(database)
    engine = await _south_defends(h)
    await _lead(h, engine)  # dummy goes down, so the robot declarer can judge
    won, left = engine.won[0], 13 - sum(engine.won)
    await _claim(h, won + left)  # every trick still to play
    assert "rejects the claim; play continues" in h.table_message()["content"]
    assert engine.phase == "play" and engine.claim_tricks is None
    token = await _claim(h, won + left + 1)
    assert f"Claim a total of {won} to {won + left} tricks" in h.ephemeral_text(token), "more than the tricks left is refused"
    await _claim(h, won)  # a concession of the rest: the robot declarer accepts
    assert engine.outcome is not None and engine.claimed and engine.won == [won, 13 - won]
    assert "concedes the rest" in h.table_message()["content"]
    await h.close()


async def test_a_rejected_claim_at_an_event_table_is_ruled_by_double_dummy(database: str) -> None:
    h = await Harness.start(database)
    engine = await _south_defends(h, scoring="duplicate", event="club")
    await _claim(h, 13)
    await h.settle()
    assert engine.outcome is not None and engine.claimed, "the director ruled and the board ended"
    live = h.bot.service.in_channel(CHANNEL_ID)
    told = " ".join(live.log)
    assert "rejects the claim; the director rules by double dummy" in told and "The director rules:" in told
    assert sum(engine.won) == 13 and engine.won[0] < 13, "the solver gives North-South what best play gives"
    await h.close()


async def test_south_takes_back_a_call_at_a_rubber_table(database: str) -> None:
    h = await Harness.start(database)
    h.bot.service.seeds = lambda _label: SEED
    await south_among_robots(h, SOUTH)
    await h.command(SOUTH, "bridge", "start")
    engine = h.bot.service.in_channel(CHANNEL_ID).engine
    assert "Undo" in await h.labels_of(SOUTH)
    await h.move(SOUTH, "Pass")
    assert len(engine.calls) > 3 or engine.phase != "auction"
    token = await h.move(SOUTH, "Undo")
    assert "Taken back." in h.ephemeral_text(token)
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert [c for _, c in live.engine.calls] == ["Pass", "1S"] and live.engine.to_act() == (2,)
    assert "takes back their last call or card" in h.table_message()["content"]
    await h.close()


async def test_a_concession_at_an_event_table_is_accepted(database: str) -> None:
    h = await Harness.start(database)
    engine = await _south_defends(h, scoring="duplicate", event="club")
    await _lead(h, engine)
    won = engine.won[0]
    await _claim(h, won)
    assert engine.outcome is not None and engine.claimed and engine.won == [won, 13 - won]
    assert engine.claims_rejected == 0, "accepted: no ruling needed"
    await h.close()


async def test_a_board_whose_analysis_fails_ends_all_the_same(database: str, monkeypatch: pytest.MonkeyPatch,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    def broken(*args: Any) -> None:
        raise RuntimeError("the solver is out of order")

    monkeypatch.setattr("bot.games.bridge.analyse", broken)
    h = await Harness.start(database)
    engine = await _south_defends(h)
    await _lead(h, engine)
    await _claim(h, engine.won[0])
    assert engine.outcome is not None and engine.view(None)["analysis"] is None
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live.row.hand_no == 1 and live.row.deal is None, "the board was settled and stored"
    record = await h.bot.storage.hand_record(live.id, 1)
    assert record is not None and "OptimumScore" not in record.export
    assert not any(line.startswith("Par ") for line in live.log)
    assert "double-dummy analysis failed" in caplog.text
    caplog.clear()  # the failure was logged on purpose
    await h.close()
