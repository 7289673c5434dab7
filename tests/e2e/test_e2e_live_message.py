"""The table's live message inside Discord's real limits: a press's update travels on its own
interaction, a timer's on the freshest press still valid, the channel route only when none is; the
message is posted afresh before Discord's one-hour edit cap, and old buttons answer as stale."""
from __future__ import annotations

from bot.adapter.press_token import TOKEN_LIFETIME, TOKEN_MARGIN
from bot.adapter.table_message import ROLL_OVER_AGE
from bot.games.cards import pretty
from tests.support.discord_clock import CLOCK
from tests.support.harness import CHANNEL_ID, Harness, Request, User
from tests.support.heads_up import open_heads_up, to_act
from tests.support.waiting import CEILING

ALICE, BOB = User(5101, "Alice"), User(5102, "Bob")


async def _heads_up(h: Harness) -> None:
    await open_heads_up(h, ALICE, BOB)


def _to_act(h: Harness) -> User:
    return to_act(h, ALICE, BOB)


def _channel_edits(h: Harness, message_id: int, since: int = 0) -> list[Request]:
    return [r for r in h.recorder.requests[since:] if r.method == "PATCH" and r.path.endswith(f"/channels/{CHANNEL_ID}/messages/{message_id}")]


def _global_bound(requests: list[Request]) -> list[Request]:
    """Requests Discord counts against the bot's 50 a second: all but interaction routes."""
    return [r for r in requests if not r.path.startswith(("/interactions/", "/webhooks/"))]


async def _press_move(h: Harness) -> str:
    labels = h.labels()
    move = "Check" if any(label.startswith("Check") for label in labels) else "Call"
    return await h.press_label(_to_act(h), move)


async def test_a_press_updates_the_table_through_its_own_interaction(database: str) -> None:
    h = await Harness.start(database)
    await _heads_up(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    table = h.table_message()
    before = len(h.recorder.requests)
    step = live.row.step
    h.bot.presenter.answer_wait = CEILING  # no rate limit holds this edit: the answer waits for its picture, however slow the machine
    token = await _press_move(h)
    assert live.row.step > step
    answer = h.recorder.replies_to(token)[0].json or {}
    assert answer["type"] == 7, "the press is answered with the new table (UPDATE_MESSAGE)"
    assert f":{live.row.step}:" in str(answer["data"]["components"]), "the answer shows the new state"
    assert h.recorder.shown(token)["id"] == table["id"], "the pressed table message is what changed"
    assert not _channel_edits(h, int(table["id"]), before), "no channel edit for a press"
    assert not [r for r in _global_bound(h.recorder.requests[before:]) if f"/channels/{CHANNEL_ID}/" in r.path]


async def test_an_update_without_a_press_reuses_the_freshest_token_then_the_channel(database: str) -> None:
    h = await Harness.start(database)
    await _heads_up(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    token = await _press_move(h)
    table_id = int(h.table_message()["id"])
    assert live.courier is not None and live.courier.message_id == table_id, "the press is the table's courier"
    before = len(h.recorder.requests)
    live.note("A timer's update.")
    await h.bot.presenter.update(live)  # what a timeout or a computer player's move asks for
    await h.settle()
    reused = h.recorder.replies_to(token)[1:]
    assert [r.method for r in reused] == ["PATCH"] and reused[0].path.endswith("/messages/@original")
    assert "A timer" in reused[0].text and not _channel_edits(h, table_id, before)

    CLOCK.advance(TOKEN_LIFETIME - TOKEN_MARGIN + 1)  # the press's token is too old to trust
    before = len(h.recorder.requests)
    live.note("Another timer's update.")
    await h.bot.presenter.update(live)
    await h.settle()
    assert len(h.recorder.replies_to(token)) == 2, "the old token is not used again"
    assert live.courier is None, "the table let go of it"
    edits = _channel_edits(h, table_id, before)
    assert len(edits) == 1 and "Another timer" in edits[0].text


async def test_a_refused_press_is_answered_privately_and_edits_no_table(database: str) -> None:
    h = await Harness.start(database)
    await _heads_up(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    waiting = BOB if _to_act(h) is ALICE else ALICE
    message, button = h.table_button("fold")
    token = await h.press(waiting, button["custom_id"], message)
    replies = h.recorder.replies_to(token)
    assert len(replies) == 1 and replies[0].json["type"] == 4 and replies[0].ephemeral
    assert "not your turn" in replies[0].text
    live.note("Next update.")
    await h.bot.presenter.update(live)
    await h.settle()
    assert len(h.recorder.replies_to(token)) == 1, "a press answered by a refusal carries no table"


async def test_the_table_is_posted_afresh_at_a_deal_boundary_before_the_hour(database: str) -> None:
    h = await Harness.start(database)
    await _heads_up(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    first = h.table_message()
    old_button = next(c for r in first["components"] for c in r["components"] if c["custom_id"].startswith("cr:a:"))
    CLOCK.advance(ROLL_OVER_AGE - 60)
    await _press_move(h)  # mid-deal, and the message is 49 minutes old: edited in place
    if live.row.deal is not None and live.row.step > 0:
        assert live.row.message_id == int(first["id"])
    CLOCK.advance(120)
    hand_no = live.row.hand_no
    while live.row.deal is not None:  # checked down to the showdown: the deal's end is a boundary
        await _press_move(h)
    assert live.row.message_id != int(first["id"]), "the finished deal is shown on a new message"
    assert h.table_message()["id"] == str(live.row.message_id)
    assert "Replay" in str(h.table_message()["components"]), "the new message is the whole table"
    deletes = [r for r in h.recorder.requests if r.method == "DELETE" and r.path.endswith(f"/messages/{first['id']}")]
    assert len(deletes) == 1, "the old message is deleted"
    stored = await h.bot.storage.open_tables()
    assert [t.message_id for t in stored if t.id == live.id] == [live.row.message_id]
    token = await h.press(_to_act(h), old_button["custom_id"], first)
    assert "table message is out of date" in h.ephemeral_text(token), "a press on the old message is refused"
    await h.bot.service.tick()  # the next deal goes on the new message
    await h.settle()
    assert live.row.hand_no == hand_no + 1 and h.table_message()["id"] == str(live.row.message_id)


def _dm_opens(h: Harness) -> list[Request]:
    return [r for r in h.recorder.requests if r.method == "POST" and r.path == "/users/@me/channels"]


async def test_hands_ride_on_each_members_own_press_and_dm_channels_are_opened_once(database: str) -> None:
    h = await Harness.start(database)
    await _heads_up(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    for user in (ALICE, BOB):  # nobody has pressed yet: the first hands go by DM
        assert len(h.recorder.dm_requests(user.id)) == 1
    assert len(_dm_opens(h)) == 2
    tokens: dict[int, list[str]] = {ALICE.id: [], BOB.id: []}
    while live.row.deal is not None:
        user = _to_act(h)
        tokens[user.id].append(await _press_move(h))
    before = len(h.recorder.requests)
    await h.bot.service.tick()  # the next deal
    await h.settle()
    assert live.row.hand_no == 2
    assert _global_bound(h.recorder.requests[before:]) == [], "a deal started after presses costs no counted request"
    for user in (ALICE, BOB):
        assert len(h.recorder.dm_requests(user.id)) == 1, "no second DM"
        newest = tokens[user.id][-1]
        hand = [r for r in h.recorder.replies_to(newest) if "Your hand at table" in r.text]
        assert len(hand) == 1 and hand[0].ephemeral and hand[0].files, "the hand is a private follow-up to their press"
        cards = live.engine.view(live.deal_seat(user.id))["seats"][live.deal_seat(user.id)]["cards"]
        assert "hand #2" in hand[0].text and all(pretty(c) in hand[0].text for c in cards)
    await h.close()

    h = await Harness.start(database, h.recorder)  # a restart: presses are forgotten, DM channels are not
    live = h.bot.service.in_channel(CHANNEL_ID)
    while live.row.deal is not None:
        message, button = h.table_button("fold") if "fold" in str(h.table_message()["components"]) else h.table_button("check")
        await h.press(_to_act(h), button["custom_id"], message)
    CLOCK.advance(TOKEN_LIFETIME)  # every press is too old to carry a hand
    await h.bot.service.tick()
    await h.settle()
    assert live.row.hand_no == 3
    for user in (ALICE, BOB):
        dms = h.recorder.dm_requests(user.id)
        assert len(dms) == 2 and "hand #3" in dms[-1].text, "the third hand went by DM"
    assert len(_dm_opens(h)) == 2, "the DM channels were not opened again after the restart"
