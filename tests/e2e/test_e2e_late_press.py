"""A press on a seat panel that reaches the bot late, against the loopback Discord's 3-second deadline:
Discord takes an interaction's first answer within 3 seconds of its creation (its snowflake's time),
and a token never answered in time is dead. The move still applies; the table shows it through the
channel route or the press that posted it, never through the dead token; the member is told nothing
false."""
from __future__ import annotations

from typing import Any

from bot.service.table.live import LiveTable
from tests.support.harness import CHANNEL_ID, User
from tests.support.heads_up import open_heads_up, to_act
from tests.support.loopback_discord import Fault, Served
from tests.support.loopback_harness import LoopbackHarness

ALICE, BOB = User(5301, "Alice"), User(5302, "Bob")


async def _move(h: LoopbackHarness) -> tuple[User, str, dict[str, Any]]:
    """The player to act, their check or call, and their seat panel showing that button (opened again
    with My seat when it does not: the bot could not edit it)."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    kinds = {s.kind for s in live.engine.legal_actions(live.engine.to_act()[0])}
    move = f"cr:a:{live.id}:{live.row.hand_no}:{live.row.step}:{'check' if 'check' in kinds else 'call'}"
    user = to_act(h, ALICE, BOB)
    for panel in (await h.panel(user), await h.open_panel(user)):
        for custom_id in (c["custom_id"] for r in panel["components"] for c in r["components"]):
            if custom_id == move or custom_id.startswith(f"{move}:"):  # a call carries its amount
                return user, custom_id, panel
    raise LookupError(f"no {move} on {user.name}'s panel")


def _of(token: str, served: list[Served]) -> list[Served]:
    """The requests made with one interaction's token (its callback and webhook routes)."""
    return [s for s in served if f"/{token}/" in s.request.path or s.request.path.endswith(f"/{token}")]


def _shows_now(h: LoopbackHarness) -> bool:
    """Whether the table message as Discord keeps it shows the table as it is now: whose turn it is,
    and the newest event (the move just made)."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    content = h.table_message()["content"]
    acting = ", ".join(live.table_seat_of(seat).name for seat in live.engine.to_act())
    return f"to act: **{acting}**" in content and live.log[-1] in content


def _writes_table(h: LoopbackHarness, served: Served) -> bool:
    """Whether ``served`` wrote the table message: through the channel route, as a public follow-up of
    a member's press, or as an edit through the press that posted it (a follow-up's id, or the original
    response of the command that opened the table)."""
    if served.status != 200:
        return False
    if served.bucket == "messages.edit":
        return True
    parts = served.request.path.strip("/").split("/")
    if served.bucket != "webhook" or served.request.method not in ("POST", "PATCH"):
        return False
    original = h.server.originals.get(parts[2])
    live = h.bot.service.in_channel(CHANNEL_ID)
    return parts[-1] != "@original" or (original is not None and original.message_id == live.row.message_id)


async def _press_late(h: LoopbackHarness, seconds: float) -> tuple[LiveTable, int, str, list[Served]]:
    """A heads-up table's first move pressed ``seconds`` after its creation: the table, the step it
    was pressed at, the press's token, and what the loopback served for it."""
    await open_heads_up(h, ALICE, BOB)
    live = h.bot.service.in_channel(CHANNEL_ID)
    step = live.row.step
    user, custom_id, shown = await _move(h)
    before = len(h.server.served)
    with h.late(seconds):
        token = await h.press(user, custom_id, shown)
    return live, step, token, h.server.served[before:]


async def test_a_press_delivered_after_three_seconds_applies_and_another_route_shows_it(loopback) -> None:
    h = loopback
    live, step, token, served = await _press_late(h, 3.5)
    assert live.row.step == step + 1, "the move applies"
    assert _of(token, served) == [], "a press past its 3 seconds is not answered, its token never used"
    assert any(_writes_table(h, s) for s in served), \
        "the table written through the channel route, or posted or edited through a fresh press"
    assert _shows_now(h), "the table shows the new state"
    assert h.ephemeral_text(token) == "" and "went wrong" not in h.server.channel_text(), "nothing told"
    assert h.server.refused(10062) == h.server.refused(10015) == 0


async def test_a_press_delivered_at_two_and_a_half_seconds_is_answered_in_time(loopback) -> None:
    h = loopback
    live, step, token, served = await _press_late(h, 2.5)
    answers = [s for s in _of(token, served) if s.bucket == "interaction.callback"]
    assert [s.status for s in answers] == [200], "answered once, within Discord's 3 seconds"
    assert live.row.step == step + 1 and _shows_now(h)
    assert h.server.refused(10062) == h.server.refused(10015) == 0


async def test_a_first_answer_refused_with_10062_falls_back_to_the_channel_and_the_token_is_never_used_again(
        loopback) -> None:
    """Discord judged the answer late (its clock, the network): the same update goes by the channel
    route, and the dead token carries nothing after, neither the next update nor a private hand."""
    h = loopback
    await open_heads_up(h, ALICE, BOB)
    live = h.bot.service.in_channel(CHANNEL_ID)
    h.bot.presenter.messages.forget(live)  # as once the create command's token is gone: no courier
    step = live.row.step
    user, custom_id, shown = await _move(h)
    h.server.inject(Fault(r"/interactions/\d+/[^/]+/callback$", 404, code=10062, method="POST", times=1))
    before = len(h.server.served)
    token = await h.press(user, custom_id, shown)
    assert live.row.step == step + 1 and _shows_now(h)
    assert [(s.bucket, s.code) for s in _of(token, h.server.served[before:])] == [("interaction.callback", 10062)]
    assert any(s.bucket == "messages.edit" and s.status == 200 for s in h.server.served[before:])
    live.note("A timer's update.")
    await h.update(live)
    assert _of(token, h.server.served[before:])[1:] == [], "the dead token is never sent again"
    assert "A timer" in h.table_message()["content"]
    assert "went wrong" not in h.ephemeral_text(token) + h.server.channel_text(), "nothing false told"


async def test_a_late_press_leaves_the_table_to_the_press_that_posted_it(loopback) -> None:
    """The table message (the create command's answer, or posted afresh at a deal's end through a
    member's fresh press) is edited through the token that posted it: a late press changes nothing of
    that, and no channel request is made."""
    h = loopback
    await open_heads_up(h, ALICE, BOB)
    live = h.bot.service.in_channel(CHANNEL_ID)
    while live.row.deal is not None:
        await h.press(*(await _move(h)))
    await h.bot.service.tick()  # the next deal
    await h.settle()
    user, custom_id, shown = await _move(h)
    step = live.row.step
    before = len(h.server.served)
    with h.late(4.0):
        late = await h.press(user, custom_id, shown)
    served = h.server.served[before:]
    assert live.row.step == step + 1 and _shows_now(h)
    assert _of(late, served) == []
    assert any(_writes_table(h, s) and s.bucket == "webhook" for s in served), "the posting press"
    assert not [s for s in served if s.bucket == "messages.edit"], "no channel edit"


async def test_a_members_next_hand_goes_by_dm_not_by_their_dead_press(loopback) -> None:
    """Every press of Alice's in the deal meets 10062: her hand of the next deal cannot ride on her
    newest press (its token is dead), so it goes by DM, and her dead tokens are never sent again."""
    h = loopback
    await open_heads_up(h, ALICE, BOB)
    live = h.bot.service.in_channel(CHANNEL_ID)
    before = len(h.server.served)
    dead: list[str] = []
    while live.row.deal is not None:
        user, custom_id, shown = await _move(h)
        if user is ALICE:
            h.server.inject(Fault(r"/interactions/\d+/[^/]+/callback$", 404, code=10062, method="POST"))
        token = await h.press(user, custom_id, shown)
        h.server.clear_faults()
        if user is ALICE:
            dead.append(token)
    await h.bot.service.tick()  # the next deal
    await h.settle()
    assert live.row.hand_no == 2 and dead
    assert "hand #2" in h.server.dm_requests(ALICE.id)[-1].text
    served = h.server.served[before:]
    assert all([s.bucket for s in _of(token, served)] == ["interaction.callback"] for token in dead)
    assert h.server.refused(10015) == 0
