"""Replays of every game through the real client: the Replay button under a finished hand, /replay,
First / Back / Next / Last, the animation, and every refusal (another server, no such hand, a forged
step). The privacy check (tests/support/privacy.py, tests/support/privacy_replays.py) reads every payload and frame."""
from __future__ import annotations

from bot.service.table.press import Press
import io
import json
import random
from typing import Any

import pytest
from PIL import Image

from bot.games.base import Action
from bot.registry import game, game_names
from bot.service.table.live import LiveTable
from images.animation import FRAME_MS, LAST_FRAME_MS, pick_frames
from tests.support.harness import CHANNEL_ID, EPHEMERAL, OTHER_SERVER, Harness, User

PLAYERS = [User(5101, "Ann"), User(5102, "Ben"), User(5103, "Cat"), User(5104, "Dan")]
WATCHER = User(5199, "Eve")


def _move(live: LiveTable, seat: int, rng: random.Random) -> Action:
    """The computer player's choice, but a random card in bridge play (no double-dummy solving)."""
    specs = live.engine.legal_actions(seat)
    play = next((s for s in specs if s.kind == "play" and live.spec.name == "bridge"), None)
    if play is not None:
        return Action("play", cards=(rng.choice(play.choices),))
    return live.spec.choose(live.engine.view(seat), specs, rng)


async def finished_deal(h: Harness, name: str) -> LiveTable:
    """A table of members only, its first deal played to the end and recorded."""
    await h.command(PLAYERS[0], name, "create")
    for user in PLAYERS[1:game(name).min_players]:
        await h.command(user, name, "join")
    await h.command(PLAYERS[0], name, "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None and live.row.deal is not None
    rng = random.Random(11)
    while live.row.deal is not None:
        seat = live.engine.to_act()[0]
        user_id = live.table_seat_of(seat).user_id
        await h.bot.service.tables[live.id].commands.act(Press(user_id, live.row.hand_no, live.row.step, _move(live, seat, rng)))
        await h.settle()
    return live


def _message(h: Harness, token: str) -> dict[str, Any]:
    return h.recorder.shown(token)


def _buttons(message: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["custom_id"].rsplit(":", 1)[1]: c for r in message["components"] for c in r["components"]}


def _frame_view(rendered: list[tuple[str, Any]]) -> Any:
    name, view = rendered[-1]
    assert name == "render_table"
    return view


def _json(view: Any) -> Any:
    """A view as the ``rendered`` fixture records it (through JSON: tuples read as lists, keys as text)."""
    return json.loads(json.dumps(view))


@pytest.mark.parametrize("name", game_names())
async def test_a_finished_hand_replays_step_by_step_as_each_member_saw_it(tmp_path, rendered, name: str) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    live = await finished_deal(h, name)
    stored = (await h.bot.storage.hand_record(live.id, 1)).record
    ann_seat = stored["users"].index(PLAYERS[0].id)

    # The finished hand's report carries a Replay button; Ann held a seat: her copy shows her own cards.
    assert "Replay hand #1" in h.labels() and f"`/replay {live.id} 1`" in h.table_message()["content"]
    token = await h.press_label(PLAYERS[0], "Replay hand #1")
    shown = _message(h, token)
    assert shown["flags"] & EPHEMERAL and "step 0 of" in shown["content"] and "Your own cards" in shown["content"]
    replay = h.bot.service.replays.kept()[-1]
    assert _frame_view(rendered) == _json(replay.steps[0].view(ann_seat)) != _json(replay.steps[0].public)
    assert replay.last == len(stored["actions"]) and replay.summary == stored["outcome"]["summary"]
    # The rebuilt deal ends where the table did: the same public view, seat by seat.
    assert replay.steps[-1].public == live.engine.view(None)
    assert all(replay.steps[-1].seats[s] == live.engine.view(s) for s in range(len(stored["users"])))
    buttons = _buttons(shown)
    assert buttons["first"].get("disabled") and buttons["back"].get("disabled") and not buttons["next"].get("disabled")

    # Last: the outcome; Back: one step before; First: the deal again. Each edits the same message.
    token = await h.press(PLAYERS[0], buttons["last"]["custom_id"], shown)
    shown = _message(h, token)
    assert f"step {replay.last} of {replay.last}" in shown["content"] and "**Outcome:**" in shown["content"]
    assert _frame_view(rendered) == _json(replay.steps[-1].view(ann_seat))
    assert _buttons(shown)["next"].get("disabled") and _buttons(shown)["last"].get("disabled")
    token = await h.press(PLAYERS[0], _buttons(shown)["back"]["custom_id"], shown)
    shown = _message(h, token)
    assert f"step {replay.last - 1} of" in shown["content"] and "**Outcome:**" not in shown["content"]
    assert _frame_view(rendered) == _json(replay.steps[-2].view(ann_seat))

    # Someone who did not play sees the public view at every step, and the action that led there.
    token = await h.command(WATCHER, "replay", table=live.id, hand=1)
    shown = _message(h, token)
    assert "Your own cards" not in shown["content"] and _frame_view(rendered) == _json(replay.steps[0].public)
    token = await h.press(WATCHER, _buttons(shown)["next"]["custom_id"], shown)
    assert _frame_view(rendered) == _json(replay.steps[1].public)
    assert "step 1 of" in _message(h, token)["content"]

    # The animation: one GIF of every step (or an even selection), paced to be read.
    token = await h.press(WATCHER, _buttons(_message(h, token))["anim"]["custom_id"], _message(h, token))
    request = next(r for r in reversed(h.recorder.replies_to(token)) if r.files)
    assert request.ephemeral and request.files[0][0].endswith(".gif")
    gif = Image.open(io.BytesIO(request.files[0][1]))
    frames = pick_frames(len(replay.steps))
    assert gif.format == "GIF" and gif.n_frames == len(frames) and gif.width <= 640
    gif.seek(0)
    assert gif.info["duration"] == (FRAME_MS if len(frames) > 1 else LAST_FRAME_MS)
    name_drawn, views = rendered[-1]
    assert name_drawn == "animate" and views == _json([step.public for step in replay.steps])  # it picks the frames
    await h.close()


async def test_replays_are_refused_clearly_and_only_to_this_server(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    live = await finished_deal(h, "holdem")
    missing = "There is no finished hand #1 at table"

    # Another server's member, by command or by a forged button naming this server's table.
    assert missing in h.ephemeral_text(await h.command(PLAYERS[1], "replay", at=OTHER_SERVER, table=live.id, hand=1))
    message = _message(h, await h.command(PLAYERS[0], "replay", table=live.id, hand=1))
    assert missing in h.ephemeral_text(await h.press(PLAYERS[1], f"cr:r:{live.id}:1:0:next", message, at=OTHER_SERVER))
    # A hand that is not finished (or not there), and a table that is not there.
    assert "There is no finished hand #2" in h.ephemeral_text(await h.command(PLAYERS[0], "replay", table=live.id, hand=2))
    assert "There is no finished hand #1 at table #999" in h.ephemeral_text(
        await h.command(PLAYERS[0], "replay", table=999, hand=1))
    # A step past the deal's end (a forged custom_id) and an unknown button.
    for forged in (f"cr:r:{live.id}:1:999:next", f"cr:r:{live.id}:1:0:zoom"):
        fake = {**message, "components": [{"type": 1, "components": [
            {"type": 2, "custom_id": forged, "label": "Next", "style": 2}]}]}
        assert "out of date" in h.ephemeral_text(await h.press(PLAYERS[0], forged, fake))
    await h.close()


async def test_the_privacy_check_catches_a_replay_that_shows_another_seat(tmp_path, monkeypatch) -> None:
    """Leaks planted: the replay shows Ben's own view to someone who did not play, then names one of
    Ben's hidden cards in its text. The check reads every frame and message against the stored deal."""
    from bot.adapter.table import replay_buttons as replay_buttons
    from bot.service.table.replays import Replay

    h = await Harness.start(str(tmp_path / "cardroom.db"))
    live = await finished_deal(h, "holdem")
    users = (await h.bot.storage.hand_record(live.id, 1)).record["users"]
    ben = users.index(PLAYERS[1].id)
    monkeypatch.setattr(Replay, "seat_of", lambda self, user_id: ben)
    await h.command(WATCHER, "replay", table=live.id, hand=1)
    findings = list(h.privacy.findings)
    h.privacy.findings.clear()
    assert any("carries picture 'replay.png'" in f and f"own view of user {PLAYERS[1].id}" in f for f in findings), findings

    monkeypatch.undo()
    replay = h.bot.service.replays.kept()[-1]
    hidden = sorted(c for c in replay.steps[0].seats[ben]["seats"][ben]["cards"] if c != "??")[0]
    text = replay_buttons.replay_text
    monkeypatch.setattr(replay_buttons, "replay_text", lambda *args: text(*args) + f" ({hidden})")
    await h.command(WATCHER, "replay", table=live.id, hand=1)
    findings = list(h.privacy.findings)
    h.privacy.findings.clear()
    assert any(f"replays step 0 of hand #1 at table #{live.id} and shows {hidden}" in f for f in findings), findings
    await h.close()


async def test_a_hand_stored_before_replays_replays_from_the_tables_settings(tmp_path) -> None:
    """Records from before deals kept their settings (and seat holders): the table's settings stand in."""
    from bot.service.table.replays import rebuild

    h = await Harness.start(str(tmp_path / "cardroom.db"))
    live = await finished_deal(h, "omaha-hilo")
    stored = await h.bot.storage.hand_record(live.id, 1)
    old = {k: v for k, v in stored.record.items() if k not in ("settings", "users", "bots")}
    assert rebuild("omaha-hilo", stored.seed, old, live.row.settings.to_json()) == \
        rebuild("omaha-hilo", stored.seed, stored.record)
    await h.close()


async def test_a_hand_recorded_without_its_seat_holders_finds_them_in_the_hand_index(tmp_path) -> None:
    """A record from before it named its members: the hand index (hand_players) tells whose seat was
    whose, so a player still sees their own cards and nobody else's."""
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    live = await finished_deal(h, "holdem")
    stored = await h.bot.storage.hand_record(live.id, 1)
    old = {k: v for k, v in stored.record.items() if k != "users"}
    await h.bot.storage._db.execute("UPDATE hands SET record = ? WHERE table_id = ? AND hand_no = 1",
                                    json.dumps(old), live.id)
    replay = await h.bot.service.replays.load(live.row.guild_id, live.id, 1)
    assert list(replay.users) == stored.record["users"]
    assert replay.seat_of(PLAYERS[1].id) == stored.record["users"].index(PLAYERS[1].id) and replay.seat_of(WATCHER.id) is None
    await h.close()
