"""Double presses, forged and hostile component payloads: each applied once or refused cleanly."""
from __future__ import annotations

from tests.support.harness import CHANNEL_ID, Harness, User

ALICE, BOB, EVE = User(3001, "Alice"), User(3002, "Bob"), User(3003, "Eve")


async def _two_player_hand(tmp_path) -> Harness:
    h = await Harness.start(str(tmp_path / "f.db"))
    await h.command(ALICE, "holdem", "create")
    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    return h


def _to_act(h: Harness) -> User:
    live = h.bot.service.in_channel(CHANNEL_ID)
    return ALICE if live.engine.to_act() == (live.deal_seat(ALICE.id),) else BOB


async def test_the_same_button_pressed_twice_at_once_applies_once(tmp_path) -> None:
    h = await _two_player_hand(tmp_path)
    user = _to_act(h)
    message = await h.panel(user)
    call = next(c for r in message["components"] for c in r["components"] if str(c["label"]).startswith("Call"))
    tokens = []
    for _ in range(2):
        token, payload = h._base(user, 3, {"custom_id": call["custom_id"], "component_type": 2})
        payload["message"] = message
        h.bot._connection.parse_interaction_create(payload)  # both arrive before either is handled
        tokens.append(token)
    await h.settle()
    assert h.bot.service.in_channel(CHANNEL_ID).row.step == 1
    replies = [h.ephemeral_text(t) for t in tokens]
    assert sum("out of date" in r for r in replies) == 1
    await h.close()


async def test_forged_and_hostile_presses_change_nothing(tmp_path) -> None:
    h = await _two_player_hand(tmp_path)
    live = h.bot.service.in_channel(CHANNEL_ID)
    message = h.table_message()
    before = (live.row.step, [s.stack for s in live.row.seats], await h.bot.storage.total_chips())
    user = _to_act(h)
    hostile = [
        (user, "cr:a:999:1:0:call"),                       # another (closed) table
        (user, "cr:a:1:7:0:call"),                         # a future hand
        (user, "cr:a:1:1:0:raise:999999999999999999999"),  # a huge amount
        (user, "cr:a:1:1:0:raise:1"),                      # below the minimum
        (user, "cr:a:1:1:0:teleport"),                     # a move the game does not have
        (user, "cr:c:1:1:0:discard"),                      # a choice the game does not offer
        (EVE, "cr:a:1:1:0:fold"),                          # not seated
        (EVE, "cr:u:1:sitout"),
        (EVE, "cr:u:1:hand"),
    ]
    for presser, custom_id in hostile:
        forged = {**message, "components": [{"type": 1, "components": [
            {"type": 2, "style": 2, "label": "x", "custom_id": custom_id}]}]}
        token = await h.press(presser, custom_id, message=forged)
        reply = h.ephemeral_text(token)
        assert '"flags": 64' in reply, f"{custom_id}: the refusal is ephemeral ({reply})"
    modal_token = await h.submit_modal(user, "cr:m:1:1:0:raise", {"amount": "-5"})
    assert live.row.step == before[0]
    assert [s.stack for s in live.row.seats] == before[1]
    assert await h.bot.storage.total_chips() == before[2]
    assert h.recorder.replies_to(modal_token) == [] or "flags" in h.ephemeral_text(modal_token)
    await h.close()


async def test_a_form_is_submitted_only_by_the_player_who_opened_it(tmp_path) -> None:
    h = await _two_player_hand(tmp_path)
    user = _to_act(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    token = await h.press_label(user, "Raise")
    modal = h.recorder.replies_to(token)[-1].json
    assert modal is not None and modal["type"] == 9, "the amount form opened"
    custom_id = modal["data"]["custom_id"]
    other = BOB if user is ALICE else ALICE
    for intruder in (EVE, other):
        forged = await h.submit_modal(intruder, custom_id, {"amount": "40"})
        assert "belongs to another player" in h.ephemeral_text(forged)
        assert '"flags": 64' in h.ephemeral_text(forged)
    assert live.row.step == 0
    await h.submit_modal(user, custom_id, {"amount": "40"})  # the owner's form is still open
    assert live.row.step == 1 and live.row.deal.actions[0].action.amount == 40
    await h.close()
