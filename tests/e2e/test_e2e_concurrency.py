"""Presses that race: two players at once, a press the gateway delivers again after a restart, and a
press that arrives while the bot shuts down. Each is applied exactly once or refused cleanly."""
from __future__ import annotations

from typing import Any

from tests.support.harness import CHANNEL_ID, Harness, Recorder, User

ALICE, BOB = User(5001, "Alice"), User(5002, "Bob")


async def _heads_up(path: str, recorder: Recorder | None = None) -> Harness:
    h = await Harness.start(path, recorder)
    await h.command(ALICE, "holdem", "create")
    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    return h


def _split(h: Harness) -> tuple[User, User]:
    """(the user to act, the other one)."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    first = ALICE if live.engine.to_act() == (live.deal_seat(ALICE.id),) else BOB
    return first, BOB if first is ALICE else ALICE


def _button(message: dict[str, Any], label: str) -> str:
    return next(c["custom_id"] for r in message["components"] for c in r["components"]
                if str(c.get("label", "")).startswith(label))


def _deliver(h: Harness, user: User, custom_id: str, message: dict[str, Any]) -> str:
    """Hand a press to the client without waiting for it to be handled."""
    token, payload = h._base(user, 3, {"custom_id": custom_id, "component_type": 2})
    payload["message"] = message
    h.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
    return token


async def _state(h: Harness) -> tuple[int, int, list[int], int]:
    live = h.bot.service.in_channel(CHANNEL_ID)
    return live.row.hand_no, live.row.step, [s.stack for s in live.row.seats], await h.bot.storage.total_chips()


async def test_two_players_press_at_once_only_the_player_to_act_counts(tmp_path) -> None:
    h = await _heads_up(str(tmp_path / "a.db"))
    acting, waiting = _split(h)
    message = await h.panel(acting)  # the moves are on the acting member's panel; the other presses a copy of it
    fold = _button(message, "Fold")
    tokens = {_deliver(h, waiting, fold, message): waiting, _deliver(h, acting, _button(message, "Call"), message): acting}
    await h.settle()
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live.row.step == 1 and live.row.hand_no == 1, "the call applied, the fold did not"
    assert live.row.deal.actions[0].action.kind == "call"
    refused = [t for t, user in tokens.items() if user is waiting]
    assert "not your turn" in h.ephemeral_text(refused[0]) and '"flags": 64' in h.ephemeral_text(refused[0])
    await h.close()


async def test_a_press_delivered_again_after_a_restart_is_refused(tmp_path) -> None:
    path = str(tmp_path / "b.db")
    recorder = Recorder()
    h = await _heads_up(path, recorder)
    acting, _ = _split(h)
    message = await h.panel(acting)
    call = _button(message, "Call")
    await h.press(acting, call, message)
    after_press = await _state(h)
    assert after_press[1] == 1
    await h.close()

    h = await Harness.start(path, recorder)  # the same database, a new process
    assert await _state(h) == after_press, "the restart restored the applied press"
    token = await h.press(acting, call, message)  # the gateway delivers the same press again
    assert "out of date" in h.ephemeral_text(token)
    assert await _state(h) == after_press
    second, _ = _split(h)
    await h.press_label(second, "Check")  # the restored table's new buttons work
    assert (await _state(h))[1] == 2
    await h.close()


async def test_a_press_during_shutdown_is_applied_whole_or_not_at_all(tmp_path) -> None:
    path = str(tmp_path / "c.db")
    recorder = Recorder()
    h = await _heads_up(path, recorder)
    chips = await h.bot.storage.total_chips()
    acting, _ = _split(h)
    message = await h.panel(acting)
    _deliver(h, acting, _button(message, "Call"), message)
    await h.close()  # the process goes away while the press may be in flight

    h = await Harness.start(path, recorder)
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live.row.step in (0, 1) and len(live.row.deal.actions) == live.row.step
    assert await h.bot.storage.total_chips() == chips
    if live.row.step == 0:  # it was lost: pressing again applies it once
        await h.press_label(acting, "Call")
    assert h.bot.service.in_channel(CHANNEL_ID).row.step == 1
    await h.close()
