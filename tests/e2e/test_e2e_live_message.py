"""The table's live message inside Discord's real limits: it is the create command's public answer,
which that command's token edits; a press on a seat panel is answered on its own interaction; the table
message is edited through the press that posted it, a timer's update through the freshest press still
valid, the channel route only when none is; the message is posted afresh before Discord's one-hour
edit cap, and old buttons answer as stale."""
from __future__ import annotations

from bot.adapter.traffic.press_token import TOKEN_LIFETIME, TOKEN_MARGIN
from bot.adapter.table.message import ROLL_OVER_AGE
from bot.games.base import Action
from bot.games.card_names import card_name
from bot.service.table.press import Press
from tests.support.discord_clock import CLOCK
from tests.support.harness import APP_ID, CHANNEL_ID, EPHEMERAL, Harness, Request, User
from tests.support.heads_up import open_heads_up, to_act
from tests.support.waiting import CEILING

ALICE, BOB = User(5101, "Alice"), User(5102, "Bob")


async def _heads_up(h: Harness) -> None:
    """A heads-up deal whose table message has no courier (as once the create command's token, which
    posted it, is gone): the tests below are about the presses that take over."""
    await open_heads_up(h, ALICE, BOB)
    h.bot.presenter.messages.forget(h.bot.service.in_channel(CHANNEL_ID))


def _to_act(h: Harness) -> User:
    return to_act(h, ALICE, BOB)


def _channel_edits(h: Harness, message_id: int, since: int = 0) -> list[Request]:
    return [r for r in h.recorder.requests[since:] if r.method == "PATCH" and r.path.endswith(f"/channels/{CHANNEL_ID}/messages/{message_id}")]


def _global_bound(requests: list[Request]) -> list[Request]:
    """Requests Discord counts against the bot's 50 a second: all but interaction routes."""
    return [r for r in requests if not r.path.startswith(("/interactions/", "/webhooks/"))]


async def _press_move(h: Harness) -> str:
    """The member to act checks, or calls, on their seat panel."""
    user = _to_act(h)
    move = "Check" if any(label.startswith("Check") for label in await h.labels_of(user)) else "Call"
    return await h.move(user, move)


async def _next_deal(h: Harness) -> None:
    """The deal is checked down to its end from the panels, then the next one is dealt."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    while live.row.deal is not None:
        await _press_move(h)
    await h.bot.service.tick()
    await h.settle()


async def test_the_table_is_the_create_commands_public_answer_and_its_token_edits_it(database: str) -> None:
    h = await Harness.start(database)
    token = await h.command(ALICE, "holdem", "create")
    live = h.bot.service.in_channel(CHANNEL_ID)
    table = h.table_message()
    assert table["id"] == str(live.row.message_id) == str(h.recorder.originals[token].message_id), \
        "the command's original response is the table message"
    assert not table["flags"] & EPHEMERAL and "You are seated" not in table["content"]
    assert "is open. Others join with `/holdem join`" in h.ephemeral_text(token), "the host alone reads how"
    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    before = len(h.recorder.requests)
    await _press_move(h)
    edits = [r for r in h.recorder.requests[before:] if r.method == "PATCH" and r.path == f"/webhooks/{APP_ID}/{token}/messages/@original"]
    assert edits and "to act" in edits[-1].text, "the command's token edits the table"
    assert not [r for r in _global_bound(h.recorder.requests) if f"/channels/{CHANNEL_ID}/" in r.path], \
        "the table was never posted nor edited through the channel route"
    await h.close()


async def test_a_press_is_answered_on_its_panel_and_the_table_edited_through_the_press_that_posted_it(
        database: str) -> None:
    h = await Harness.start(database)
    await _heads_up(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    await _next_deal(h)  # by now the table was posted afresh as a follow-up of a member's press, its courier
    table = h.table_message()
    assert live.row.hand_no == 2 and table["id"] == str(live.row.message_id)
    before = len(h.recorder.requests)
    step, user = live.row.step, _to_act(h)
    h.bot.presenter.answer_wait = CEILING  # no rate limit holds this edit: the answer waits for its picture, however slow the machine
    token = await _press_move(h)
    assert live.row.step > step
    answer = h.recorder.replies_to(token)[0].json or {}
    assert answer["type"] == 7, "the press is answered with the member's panel updated (UPDATE_MESSAGE)"
    assert h.recorder.shown(token)["id"] == str(h.panels[user.id]), "the pressed panel is what changed"
    assert not any(str(c.get("custom_id", "")).startswith("cr:a:") for r in answer["data"]["components"]
                   for c in r["components"]), "the answer shows the new state: no moves, the turn passed"
    edits = [r for r in h.recorder.requests[before:] if r.method == "PATCH" and r.path.endswith(f"/messages/{table['id']}")]
    assert edits and all(r.path.startswith("/webhooks/") for r in edits), "the table edited through a token"
    assert h.table_message()["content"] != table["content"], "the table shows the move"
    assert not [r for r in _global_bound(h.recorder.requests[before:]) if f"/channels/{CHANNEL_ID}/" in r.path]


async def test_an_update_without_a_press_reuses_the_freshest_token_then_the_channel(database: str) -> None:
    h = await Harness.start(database)
    await _heads_up(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    await _next_deal(h)  # the table posted afresh as a follow-up of a member's press: that press is its courier
    table_id = int(h.table_message()["id"])
    courier = h.bot.presenter.messages.courier(live)
    assert courier is not None and courier.message_id == table_id, "the press is the table's courier"
    token = next(r.path.split("/")[3] for r in reversed(h.recorder.requests)  # the token that edits it
                 if r.path.startswith("/webhooks/") and r.path.endswith(f"/messages/{table_id}"))
    reused_before = len(h.recorder.replies_to(token))
    before = len(h.recorder.requests)
    live.note("A timer's update.")
    await h.bot.presenter.update(live)  # what a timeout or a computer player's move asks for
    await h.settle()
    reused = [r for r in h.recorder.replies_to(token)[reused_before:] if r.path.endswith(f"/messages/{table_id}")]
    assert [r.method for r in reused] == ["PATCH"]
    assert "A timer" in reused[0].text and not _channel_edits(h, table_id, before)

    CLOCK.advance(TOKEN_LIFETIME - TOKEN_MARGIN + 1)  # the press's token is too old to trust
    before = len(h.recorder.requests)
    live.note("Another timer's update.")
    await h.bot.presenter.update(live)
    await h.settle()
    assert not [r for r in h.recorder.replies_to(token)[reused_before:] if "Another timer" in r.text], \
        "the old token is not used again"
    assert h.bot.presenter.messages.courier(live) is None, "the table let go of it"
    edits = _channel_edits(h, table_id, before)
    assert len(edits) == 1 and "Another timer" in edits[0].text


async def test_a_refused_press_is_answered_privately_and_edits_no_table(database: str) -> None:
    h = await Harness.start(database)
    await _heads_up(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    waiting = BOB if _to_act(h) is ALICE else ALICE
    assert not any(label.startswith("Fold") for label in await h.labels_of(waiting)), "not their turn: no moves"
    _, button = await h.table_button("fold", _to_act(h))
    panel = await h.panel(waiting)  # a copy of their panel with the fold button on it, forged
    forged = panel | {"components": [{"type": 1, "components": [button]}]}
    token = await h.press(waiting, button["custom_id"], forged)
    replies = h.recorder.replies_to(token)
    assert len(replies) == 1 and replies[0].json["type"] == 4 and replies[0].ephemeral
    assert "not your turn" in replies[0].text
    live.note("Next update.")
    await h.bot.presenter.update(live)
    await h.settle()
    assert len(h.recorder.replies_to(token)) == 1, "a press answered by a refusal carries no table"


async def _act_without_a_press(h: Harness) -> None:
    """The member to act checks, or calls, through the service, as a timeout or a computer player's move
    does: no press brings a token to post or edit the table through."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    seat = live.engine.to_act()[0]
    kinds = {spec.kind for spec in live.engine.legal_actions(seat)}
    await h.bot.service.tables[live.id].commands.act(Press(live.table_seat_of(seat).user_id, live.row.hand_no,
                                                          live.row.step, Action("check" if "check" in kinds else "call")))
    await h.settle()


async def test_the_table_is_posted_afresh_at_a_deal_boundary_before_the_hour(database: str) -> None:
    h = await Harness.start(database)
    await _heads_up(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    first = h.table_message()
    old_button = {"type": 2, "style": 2, "label": "Call",
                  "custom_id": f"cr:a:{live.id}:{live.row.hand_no}:{live.row.step}:call"}
    CLOCK.advance(ROLL_OVER_AGE - 60)
    await _act_without_a_press(h)  # mid-deal, and the message is 49 minutes old: edited in place
    if live.row.deal is not None:
        assert live.row.message_id == int(first["id"])
    CLOCK.advance(120)
    hand_no = live.row.hand_no
    while live.row.deal is not None:  # checked down to the showdown: the deal's end is a boundary
        await _act_without_a_press(h)
    assert live.row.message_id != int(first["id"]), "the finished deal is shown on a new message"
    assert h.table_message()["id"] == str(live.row.message_id)
    assert "Replay" in str(h.table_message()["components"]), "the new message is the whole table"
    deletes = [r for r in h.recorder.requests if r.method == "DELETE" and r.path.endswith(f"/messages/{first['id']}")]
    assert len(deletes) == 1, "the old message is deleted"
    stored = await h.bot.storage.open_tables()
    assert [t.message_id for t in stored if t.id == live.id] == [live.row.message_id]
    token = await h.press(_to_act(h), old_button["custom_id"], first | {"components": [
        {"type": 1, "components": [old_button]}]})  # the old message as a member's screen still shows it
    assert "table message is out of date" in h.ephemeral_text(token), "a press on the old message is refused"
    await h.bot.service.tick()  # the next deal goes on the new message
    await h.settle()
    assert live.row.hand_no == hand_no + 1 and h.table_message()["id"] == str(live.row.message_id)


def _dm_opens(h: Harness) -> list[Request]:
    return [r for r in h.recorder.requests if r.method == "POST" and r.path == "/users/@me/channels"]


async def test_hands_show_on_each_members_open_panel_and_dm_channels_are_opened_once(database: str) -> None:
    h = await Harness.start(database)
    await _heads_up(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    for user in (ALICE, BOB):  # nobody has a panel open yet: the first hands go by DM
        assert len(h.recorder.dm_requests(user.id)) == 1
    assert len(_dm_opens(h)) == 2
    while live.row.deal is not None:
        await _press_move(h)
    before = len(h.recorder.requests)
    await h.bot.service.tick()  # the next deal
    await h.settle()
    assert live.row.hand_no == 2
    assert _global_bound(h.recorder.requests[before:]) == [], "a deal started after presses costs no counted request"
    assert not [r for r in h.recorder.requests if "hand #2" in r.text], "no hand sent: their panels show it"
    for user in (ALICE, BOB):
        assert len(h.recorder.dm_requests(user.id)) == 1, "no second DM"
        cards = live.engine.view(live.deal_seat(user.id))["seats"][live.deal_seat(user.id)]["cards"]
        shown = (await h.panel(user))["content"]
        assert all(card_name(c) in shown for c in cards), shown
    await h.close()

    h = await Harness.start(database, h.recorder)  # a restart: presses are forgotten, DM channels are not
    live = h.bot.service.in_channel(CHANNEL_ID)
    while live.row.deal is not None:
        user = _to_act(h)
        await h.move(user, "Fold" if any(label.startswith("Fold") for label in await h.labels_of(user)) else "Check")
    CLOCK.advance(TOKEN_LIFETIME)  # every press is too old to write a panel: the hand goes by DM
    await h.bot.service.tick()
    await h.settle()
    assert live.row.hand_no == 3
    for user in (ALICE, BOB):
        dms = h.recorder.dm_requests(user.id)
        assert len(dms) == 2 and "hand #3" in dms[-1].text, "the third hand went by DM"
    assert len(_dm_opens(h)) == 2, "the DM channels were not opened again after the restart"
