"""Presence and cash buttons as members press them: a member's seat panel shows only those that apply to
them at that moment, and a press that would change nothing (I'm back while playing, Away while away,
Sit out while sitting out, Top up at the maximum or asked twice in a hand) is answered privately and
never posted to the table."""
from __future__ import annotations

from tests.support.harness import CHANNEL_ID, Harness, User

ALICE, BOB, CAROL = User(3301, "Alice"), User(3302, "Bob"), User(3303, "Carol")

MOVES = ["Fold", "Call 10", "Raise…", "Min", "Half pot", "Pot", "All-in"]
"""The moves of a plain hold'em cash table's first turn (blinds 5/10), presets with their amounts."""


def _with_button(h: Harness, table: int, what: str) -> dict:
    """The table message as an older copy of it showed a button it no longer has."""
    return h.table_message() | {"components": [{"type": 1, "components": [
        {"type": 2, "style": 2, "custom_id": f"cr:u:{table}:{what}", "label": what}]}]}


async def _press(h: Harness, user: User, table: int, what: str) -> str:
    """Press the table's button ``what`` (from an older copy of the message when it is not shown now)."""
    return await h.press(user, f"cr:u:{table}:{what}", message=_with_button(h, table, what))


async def test_a_turn_shows_only_the_buttons_that_apply_and_refuses_what_would_change_nothing(database: str) -> None:
    h = await Harness.start(database)
    await h.command(ALICE, "holdem", "create")
    for user in (BOB, CAROL):
        await h.command(user, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live.row.deal is not None

    assert "My seat" in h.labels()
    labels = await h.labels_of(ALICE)  # a plain cash table mid-hand, nobody away, Alice to act
    assert [label.split(" (")[0] for label in labels] == MOVES + ["Sit out", "Away", "Auto-rebuy"], labels
    labels = await h.labels_of(BOB)  # Bob waits for his turn: his own buttons only
    assert labels == ["Sit out", "Away", "Auto-rebuy"], labels

    posted = list(live.log)
    token = await _press(h, BOB, live.id, "back")
    assert "You are not away. You are dealt in" in h.ephemeral_text(token)
    assert h.recorder.replies_to(token)[-1].ephemeral
    assert live.log == posted and "is back" not in h.table_message()["content"], "nothing is posted"
    assert not live.row.seats[1].away and not live.row.seats[1].sitting_out

    await h.move(BOB, "Away")
    assert live.row.seats[1].away and "Bob is away." in h.table_message()["content"]
    assert "I'm back" in await h.labels_of(BOB) and "Away" not in await h.labels_of(BOB), "Bob is away now"
    posted = list(live.log)
    token = await _press(h, BOB, live.id, "away")
    assert "You are already away" in h.ephemeral_text(token) and "I'm back" in h.ephemeral_text(token)
    assert live.log == posted

    await h.move(BOB, "Sit out")  # away to sitting out is a change
    assert live.row.seats[1].sitting_out and not live.row.seats[1].away
    posted = list(live.log)
    token = await _press(h, BOB, live.id, "sitout")
    assert "You are already sitting out: you are not dealt in" in h.ephemeral_text(token)
    token = await _press(h, BOB, live.id, "away")
    assert "You are sitting out: you are not dealt in" in h.ephemeral_text(token) and "I'm back" in h.ephemeral_text(token)
    assert live.log == posted and live.row.seats[1].sitting_out and not live.row.seats[1].away

    await h.move(BOB, "I'm back")
    assert not live.row.seats[1].sitting_out and "Bob is back." in h.table_message()["content"]
    assert "I'm back" not in await h.labels_of(BOB), "Bob is neither away nor sitting out any more"
    await h.close()


async def test_top_up_shown_while_someone_can_use_it_and_refused_privately(database: str) -> None:
    h = await Harness.start(database)
    await h.command(ALICE, "holdem", "create", max_buy_in=1000)  # Alice buys in for 1,000: the maximum
    await h.command(BOB, "holdem", "join", buy_in=500)
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert "Top up" in await h.labels_of(BOB), "Bob (500 of 1,000) can top up before the start"
    assert "Top up" not in await h.labels_of(ALICE), "Alice is at the maximum"
    await h.command(ALICE, "holdem", "start")
    assert live.row.deal is not None
    assert "Top up" not in await h.labels_of(BOB), "Bob plays the hand: chips wait for its end"

    posted = list(live.log)
    token = await _press(h, ALICE, live.id, "topup")
    assert ("You have 1000 chips, the table's maximum is 1000: there is nothing to top up."
            in h.ephemeral_text(token))
    assert live.log == posted and live.row.seats[0].top_up == 0

    token = await _press(h, BOB, live.id, "topup")
    assert "when this hand ends" in h.ephemeral_text(token)
    assert live.log.count("Bob tops up when this deal ends.") == 1
    token = await _press(h, BOB, live.id, "topup")
    assert ("You already asked for that top-up: it is added to your stack when this hand ends."
            in h.ephemeral_text(token))
    assert live.log.count("Bob tops up when this deal ends.") == 1, "the second press posts nothing"
    assert h.recorder.replies_to(token)[-1].ephemeral
    await h.close()
