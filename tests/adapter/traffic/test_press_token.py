"""``PressToken``: one press's interaction answered exactly once, whoever answers first (the table's
update, the press's own deferral, a refusal, a seat panel, the late guard), and what its token may do
afterwards through the interaction's webhook routes, which Discord does not count."""
from __future__ import annotations

import asyncio
import itertools
import logging
from typing import Any, Awaitable, Callable

import discord
import pytest

from bot.adapter.traffic.press_token import (ANSWER_BY, ANSWER_DEADLINE, TOKEN_LIFETIME, TOKEN_MARGIN, Answer, DeadToken,
                                     PressToken)
from tests.support.discord_clock import ManualClock
from tests.support.harness import Harness, User
from tests.support.made_presses import (callbacks, ephemeral, posted, press_on, refusal, refuse_next, webhook_path,
                                        webhook_requests)
from tests.support.panel_play import DEFERRED_UPDATE, REPLY, UPDATE_MESSAGE
from tests.support.waiting import until

ALICE = User(6101, "Alice")
LIFE = TOKEN_LIFETIME - TOKEN_MARGIN


async def _press(h: Harness, arrived_after: float = 0.1) -> tuple[PressToken, ManualClock]:
    """A press of Alice's on a message of the bot, reaching it ``arrived_after`` seconds after it was
    made, on a clock that moves only when the test moves it."""
    interaction = press_on(h, ALICE, await posted(h))
    clock = ManualClock(interaction.created_at.timestamp() + arrived_after)
    return PressToken(interaction, clock), clock


def _token(press: PressToken) -> str:
    return str(press._followup().token)


ANSWERS: dict[str, Callable[[PressToken], Awaitable[Any]]] = {
    "update": lambda press: press.edit(content="the table"),
    "acknowledge": lambda press: press.acknowledge(),
    "refuse": lambda press: press.refuse("Not your turn."),
    "panel": lambda press: press.open_panel(content="Your seat"),
}
FIRST = {  # an answer given first: its callback type, and how the press stands after it
    "update": (UPDATE_MESSAGE, Answer.UPDATE),
    "acknowledge": (DEFERRED_UPDATE, Answer.UPDATE),
    "refuse": (REPLY, Answer.REPLY),
    "panel": (REPLY, Answer.PANEL),
}
LATER = {  # an answer given once the press is answered: what it sends through the token
    "update": [("PATCH", "/messages/@original")],
    "acknowledge": [],
    "refuse": [("POST", "")],
    "panel": [("POST", "")],
}


async def test_a_press_is_answered_once_whatever_order_its_answers_come_in(h: Harness) -> None:
    for order in itertools.permutations(ANSWERS):
        press, _ = await _press(h)
        token = _token(press)
        results = await asyncio.gather(*(ANSWERS[name](press) for name in order))
        kind, answer = FIRST[order[0]]
        assert callbacks(h, token) == [kind], order
        assert press.answer is answer, order
        expected = sorted((method, webhook_path(token) + tail) for name in order[1:] for method, tail in LATER[name])
        assert sorted(webhook_requests(h, token)) == expected, order
        assert results[order.index("panel")] is (order[0] == "panel"), "open_panel says whether the panel is its answer"


async def test_the_late_guard_defers_a_press_nothing_answered_two_seconds_after_its_creation(h: Harness) -> None:
    press, clock = await _press(h, arrived_after=0.5)
    token = _token(press)
    clock.advance(ANSWER_BY - 0.5 - 0.01)
    await asyncio.sleep(0)
    assert callbacks(h, token) == [] and press.answer is Answer.NONE
    clock.advance(0.02)
    await until(lambda: press.answer is not Answer.NONE)
    await until(lambda: bool(callbacks(h, token)))
    assert callbacks(h, token) == [DEFERRED_UPDATE] and press.answer is Answer.UPDATE
    assert press.interaction is None, "an answered press lets its interaction go"
    await press.edit(content="the table")
    assert await press.open_panel(content="Your seat") is False, "the panel comes as a follow-up"
    await press.refuse("Not your turn.")
    assert callbacks(h, token) == [DEFERRED_UPDATE]
    assert webhook_requests(h, token) == [("PATCH", webhook_path(token, "@original")), ("POST", webhook_path(token)),
                                          ("POST", webhook_path(token))]
    follow_ups = [r for r in h.recorder.replies_to(token) if r.method == "POST" and r.path == webhook_path(token)]
    assert all(r.ephemeral for r in follow_ups), "a panel or a refusal as a follow-up is the presser's alone"


async def test_an_answered_press_is_not_deferred_by_the_guard(h: Harness) -> None:
    press, clock = await _press(h)
    token = _token(press)
    await press.edit(content="the table")
    clock.advance(ANSWER_DEADLINE)
    await asyncio.sleep(0.01)
    assert callbacks(h, token) == [UPDATE_MESSAGE] and press.answer is Answer.UPDATE


async def test_a_first_answer_refused_for_another_reason_leaves_the_press_to_its_next_answer(
        h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    press, _ = await _press(h)
    token = _token(press)
    refuse_next(h, monkeypatch, refusal(404, 10008), "/callback")  # Unknown Message: the pressed message is gone
    with pytest.raises(discord.NotFound):
        await press.edit(content="the table")
    assert press.answer is Answer.NONE and press.fresh()
    await press.acknowledge()
    assert callbacks(h, token) == [DEFERRED_UPDATE] and press.answer is Answer.UPDATE


@pytest.mark.parametrize("first", ["update", "panel"])
async def test_a_first_answer_past_discords_three_seconds_kills_the_token(
        h: Harness, monkeypatch: pytest.MonkeyPatch, first: str) -> None:
    press, _ = await _press(h)
    token = _token(press)
    refuse_next(h, monkeypatch, refusal(404, 10062), "/callback")  # Unknown Interaction
    with pytest.raises(discord.NotFound):
        await ANSWERS[first](press)
    assert press.answer is Answer.DEAD and not press.fresh()
    with pytest.raises(DeadToken):
        await press.edit(content="the table")
    assert h.recorder.replies_to(token) == [], "nothing is sent through a dead token"


async def test_a_press_that_arrives_past_three_seconds_is_dead_and_never_sent(
        h: Harness, caplog: pytest.LogCaptureFixture) -> None:
    press, clock = await _press(h, arrived_after=ANSWER_DEADLINE)
    token = _token(press)
    assert press.answer is Answer.DEAD and not press.fresh() and press.interaction is None
    for send in (lambda: press.edit(content="the table"), lambda: press.open_panel(content="Your seat"),
                 lambda: press.post("the table", [], [], discord.ui.View()),
                 lambda: press.edit_message(1, content="the table"),
                 lambda: press.tell("Your hand", discord.File(__file__))):
        with pytest.raises(DeadToken) as raised:
            await send()
        assert raised.value.code == 10015 and raised.value.status == 404, "a caller's fallback for an expired token takes it"
    await press.acknowledge()
    with caplog.at_level(logging.INFO, logger="bot.adapter.traffic.press_token"):
        await press.refuse("Not your turn.")
    assert "Not your turn." in caplog.text, "a refusal that reaches nobody is logged"
    clock.advance(ANSWER_DEADLINE)
    await asyncio.sleep(0.01)
    assert h.recorder.replies_to(token) == [], "no guard, no answer, no webhook request"


async def test_a_dead_tokens_delete_is_not_sent(h: Harness) -> None:
    press, _ = await _press(h, arrived_after=ANSWER_DEADLINE)
    with pytest.raises(DeadToken):
        await press.delete_message(1)
    assert h.recorder.replies_to(_token(press)) == []


async def test_fresh_left_and_edits_pressed_follow_the_answer_and_the_tokens_age(h: Harness) -> None:
    unanswered, clock = await _press(h)
    assert (unanswered.fresh(), unanswered.edits_pressed()) == (True, True)
    assert unanswered.left() == pytest.approx(LIFE - 0.1, abs=0.01)
    clock.advance(LIFE - 0.2)
    assert unanswered.fresh() and unanswered.left() == pytest.approx(0.1, abs=0.01)
    clock.advance(0.2)
    assert not unanswered.fresh() and unanswered.left() <= 0, "14 minutes: the token's last minute is kept back"
    states = {}
    for name in ANSWERS:
        press, _ = await _press(h)
        await ANSWERS[name](press)
        states[name] = (press.answer, press.fresh(), press.edits_pressed())
    assert states == {
        "update": (Answer.UPDATE, True, True),
        "acknowledge": (Answer.UPDATE, True, True),
        "refuse": (Answer.REPLY, False, False),  # its original response is the refusal: it edits no table
        "panel": (Answer.PANEL, True, False),  # its original response is the panel
    }


async def test_post_answers_the_press_first_and_returns_the_public_follow_ups_id(h: Harness) -> None:
    press, _ = await _press(h)
    token = _token(press)
    message_id = await press.post("the table afresh", [], [], discord.ui.View())
    requests = h.recorder.replies_to(token)
    assert [(r.method, r.path) for r in requests][1:] == [("POST", webhook_path(token))]
    assert requests[0].path.endswith("/callback") and (requests[0].json or {})["type"] == DEFERRED_UPDATE
    message = h.recorder.messages[message_id]
    assert message["content"] == "the table afresh" and not ephemeral(message), "posted for the channel to see"
    assert press.answer is Answer.UPDATE and press.fresh()


async def test_a_follow_up_is_edited_and_deleted_through_the_tokens_webhook_routes(h: Harness) -> None:
    press, _ = await _press(h)
    token = _token(press)
    message_id = await press.post("the table afresh", [], [], discord.ui.View())
    before = len(h.recorder.requests)
    await press.edit_message(message_id, content="the table, edited")
    assert h.recorder.messages[message_id]["content"] == "the table, edited"
    await press.delete_message(message_id)
    route = webhook_path(token, message_id)
    assert [(r.method, r.path) for r in h.recorder.requests[before:]] == [("PATCH", route), ("DELETE", route)]
    assert message_id not in h.recorder.messages
