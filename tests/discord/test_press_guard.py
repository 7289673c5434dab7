"""A press's answer guard (``PressToken``: deferred ``ANSWER_BY`` after the interaction's creation if
nothing has answered it) runs on the clock the press's age is read on. In production that is the
wall clock with the event loop's timers (``WallTimers``); in tests it is a clock that moves only when
the test moves it, so a table slow in wall time (a busy machine) still answers a press with the new
table, never with a deferral the test did not ask for."""
from __future__ import annotations

import asyncio
from datetime import datetime, timezone
from types import SimpleNamespace
from typing import Any, AsyncContextManager, Callable

import discord

from bot.adapter.traffic.global_pace import WallTimers
from bot.adapter.traffic.press_token import ANSWER_BY, ANSWER_DEADLINE, Answer, PressToken
from tests.support.discord_clock import CLOCK, ManualClock
from tests.support.harness import CHANNEL_ID, User
from tests.support.heads_up import open_heads_up, to_act
from tests.support.loopback_harness import LoopbackHarness
from tests.support.waiting import until

CREATED = 1_800_000_000.0
"""When the fake presses were made (seconds since the epoch, as their snowflakes say)."""
ALICE, BOB = User(5401, "Alice"), User(5402, "Bob")


class _Response:
    """The answers a press's interaction was given, as discord.py's ``InteractionResponse`` takes them."""

    def __init__(self) -> None:
        self.answers: list[str] = []

    def is_done(self) -> bool:
        return bool(self.answers)

    async def defer(self) -> None:
        self.answers.append("deferred update")

    async def edit_message(self, **fields: Any) -> None:
        self.answers.append("update")


def _interaction() -> Any:
    """What a ``PressToken`` reads of a press on message 1, made at ``CREATED``."""
    return SimpleNamespace(client=SimpleNamespace(allowed_mentions=None), message=SimpleNamespace(id=1),
                           type=discord.InteractionType.component,
                           created_at=datetime.fromtimestamp(CREATED, tz=timezone.utc), extras={},
                           response=_Response(), followup=SimpleNamespace())


def _hold_next_transaction(monkeypatch: Any, storage: Any) -> tuple[asyncio.Event, asyncio.Event]:
    """The storage's next transaction waits, once entered (the first event), until the second event is
    set; the test puts ``storage.transaction`` back once the first is."""
    transaction: Callable[[], AsyncContextManager[Any]] = storage.transaction
    entered, release = asyncio.Event(), asyncio.Event()

    class _Held:
        async def __aenter__(self) -> Any:
            entered.set()
            await release.wait()
            self.inner = transaction()
            return await self.inner.__aenter__()

        async def __aexit__(self, *exc: Any) -> Any:
            return await self.inner.__aexit__(*exc)

    monkeypatch.setattr(storage, "transaction", _Held)
    return entered, release


async def _loop_passed(seconds: float) -> None:
    """Wait until the event loop's real clock has passed ``seconds`` from now (a wait for an event:
    on a busy machine it takes longer, never less)."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    await until(lambda: loop.time() > start + seconds)


async def test_a_press_is_not_deferred_while_its_clock_stands_still_however_long_it_is_handled() -> None:
    clock = ManualClock(CREATED + 0.1)
    interaction = _interaction()
    press = PressToken(interaction, clock)
    release = asyncio.Event()

    async def handle() -> None:  # a table that takes long in wall time: held until the test lets it go
        await release.wait()
        await press.edit(content="the new table")

    handler = asyncio.create_task(handle())
    await _loop_passed(ANSWER_DEADLINE + 0.5)  # past the guard's 2 s and Discord's 3 s on the real clock
    await asyncio.sleep(0)
    assert interaction.response.answers == [], "no deferral while the press's clock stands still"
    release.set()
    await handler
    assert interaction.response.answers == ["update"] and press.answer is Answer.UPDATE


async def test_a_press_is_deferred_once_its_clock_passes_two_seconds_after_its_creation() -> None:
    clock = ManualClock(CREATED + 0.5)  # it reached the bot half a second after it was made
    interaction = _interaction()
    PressToken(interaction, clock)
    clock.advance(ANSWER_BY - 0.5 - 0.01)
    await asyncio.sleep(0)
    assert interaction.response.answers == []
    clock.advance(0.02)
    await until(lambda: bool(interaction.response.answers))
    assert interaction.response.answers == ["deferred update"]


async def test_a_press_judged_on_no_deadline_is_deferred_two_seconds_after_it_arrives() -> None:
    """A bench's clock runs faster than real time (``answer_deadline=None``): the press's age there
    says nothing, and the guard counts from its arrival."""
    clock = ManualClock(CREATED + 60.0)
    interaction = _interaction()
    press = PressToken(interaction, clock, deadline=None)
    assert press.answer is Answer.NONE, "not judged dead on a clock that runs fast"
    clock.advance(ANSWER_BY - 0.01)
    await asyncio.sleep(0)
    assert interaction.response.answers == []
    clock.advance(0.02)
    await until(lambda: bool(interaction.response.answers))
    assert interaction.response.answers == ["deferred update"]


async def test_the_wall_clock_sets_a_guard_on_the_event_loop_by_the_difference_of_the_clocks() -> None:
    """In production the guard is due ``ANSWER_BY`` after the creation on the real clock: a time on
    the epoch clock becomes the loop's monotonic time by the difference between them."""
    loop = asyncio.get_running_loop()
    timers = WallTimers(lambda: CREATED + 0.5)
    before = loop.time()
    handle = timers.call_at(CREATED + ANSWER_BY, lambda: None)
    after = loop.time()
    assert before + ANSWER_BY - 0.5 <= handle.when() <= after + ANSWER_BY - 0.5
    handle.cancel()
    assert timers.time() == CREATED + 0.5


async def test_a_press_whose_table_is_slow_in_wall_time_is_answered_with_the_new_table(
        loopback: LoopbackHarness, monkeypatch: Any) -> None:
    """The move's transaction is held past Discord's 3 seconds of real time (a busy machine): the
    test's clock did not move, so the press is answered with the new table (UPDATE_MESSAGE), once."""
    h = loopback
    await open_heads_up(h, ALICE, BOB)
    live = h.bot.service.in_channel(CHANNEL_ID)
    storage = h.bot.service.storage
    transaction: Callable[[], AsyncContextManager[Any]] = storage.transaction
    entered, release = _hold_next_transaction(monkeypatch, storage)
    step = live.row.step
    kinds = {s.kind for s in live.engine.legal_actions(live.engine.to_act()[0])}
    custom_id = f"cr:a:{live.id}:{live.row.hand_no}:{step}:{'check' if 'check' in kinds else 'call'}"
    token, payload = h._base(to_act(h, ALICE, BOB), 3, {"custom_id": custom_id, "component_type": 2})
    payload["message"] = h.showing(custom_id)
    h.bot._connection.parse_interaction_create(payload)  # as ``Harness.press``, without its settle
    await until(entered.is_set)
    monkeypatch.setattr(storage, "transaction", transaction)
    await _loop_passed(ANSWER_DEADLINE + 0.5)
    release.set()
    await h.settle()
    answers = [s for s in h.server.served if s.bucket == "interaction.callback" and f"/{token}/" in s.request.path]
    assert [(s.request.json["type"], s.status) for s in answers] == [(7, 200)], "the new table, not a deferral"
    mover = to_act(h, ALICE, BOB)  # whose turn it is after the move, as the new table says
    assert live.row.step == step + 1 and f"to act: **{mover.name}**" in h.table_message()["content"]


async def test_a_create_refused_after_its_guard_deferred_it_is_told_to_the_host_alone(
        loopback: LoopbackHarness, monkeypatch: Any) -> None:
    """/holdem create takes over 2 s (its transaction held) and is then refused (a buy-in over the
    wallet): the guard's deferral was a public "thinking", which the first follow-up would replace
    as publicly; the refusal deletes it and reaches the host alone."""
    h = loopback
    storage = h.bot.service.storage
    transaction: Callable[[], AsyncContextManager[Any]] = storage.transaction
    entered, release = _hold_next_transaction(monkeypatch, storage)
    options = [{"name": "mode", "type": 3, "value": "tournament"}, {"name": "buy_in", "type": 4, "value": 10**6}]
    token, payload = h._base(ALICE, 2, {"id": "1", "name": "holdem", "type": 1,
                                        "options": [{"name": "create", "type": 1, "options": options}]})
    h.bot._connection.parse_interaction_create(payload)  # as ``Harness.command``, without its settle
    await until(entered.is_set)
    monkeypatch.setattr(storage, "transaction", transaction)
    CLOCK.advance(ANSWER_BY + 0.5)  # the create is still at work when its answer is due: the guard defers
    await until(lambda: any(s.request.json and s.request.json.get("type") == 5 for s in h.server.served
                            if s.bucket == "interaction.callback"))
    release.set()
    await h.settle()
    replies = h.recorder.replies_to(token)
    refusal = [r for r in replies if r.method == "POST" and "smaller buy-in" in r.text]
    assert refusal and all(r.ephemeral for r in refusal), [(r.method, r.path, r.ephemeral, r.text) for r in replies]
    assert any(r.method == "DELETE" and r.path.endswith("/@original") for r in replies), "the thinking is gone"
    assert not any("smaller buy-in" in str(m.get("content", "")) for m in h.recorder.messages_in(CHANNEL_ID))
    assert h.bot.service.in_channel(CHANNEL_ID) is None, "no table was opened"
