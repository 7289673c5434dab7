"""Presence and cash buttons as members press them: the table message shows only those that apply to
someone at that moment, and a press that would change nothing (I'm back while playing, Away while away,
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

    labels = h.labels()  # a plain cash table mid-hand, nobody away: 11 buttons (13 before)
    assert [label.split(" (")[0] for label in labels] == MOVES + ["My hand", "Sit out", "Away", "Auto-rebuy"], labels
    assert len(labels) == 11

    posted = list(live.log)
    token = await _press(h, BOB, live.id, "back")
    assert "You are not away. You are dealt in" in h.ephemeral_text(token)
    assert h.recorder.replies_to(token)[-1].ephemeral
    assert live.log == posted and "is back" not in h.table_message()["content"], "nothing is posted"
    assert not live.row.seats[1].away and not live.row.seats[1].sitting_out

    await h.press_label(BOB, "Away")
    assert live.row.seats[1].away and "Bob is away." in h.table_message()["content"]
    assert "I'm back" in h.labels(), "somebody is away now"
    posted = list(live.log)
    token = await _press(h, BOB, live.id, "away")
    assert "You are already away" in h.ephemeral_text(token) and "I'm back" in h.ephemeral_text(token)
    assert live.log == posted

    await h.press_label(BOB, "Sit out")  # away to sitting out is a change
    assert live.row.seats[1].sitting_out and not live.row.seats[1].away
    posted = list(live.log)
    token = await _press(h, BOB, live.id, "sitout")
    assert "You are already sitting out: you are not dealt in" in h.ephemeral_text(token)
    token = await _press(h, BOB, live.id, "away")
    assert "You are sitting out: you are not dealt in" in h.ephemeral_text(token) and "I'm back" in h.ephemeral_text(token)
    assert live.log == posted and live.row.seats[1].sitting_out and not live.row.seats[1].away

    await h.press_label(BOB, "I'm back")
    assert not live.row.seats[1].sitting_out and "Bob is back." in h.table_message()["content"]
    if live.row.deal is not None:
        assert "I'm back" not in h.labels(), "nobody is away or sitting out any more"
    await h.close()


async def test_top_up_shown_while_someone_can_use_it_and_refused_privately(database: str) -> None:
    h = await Harness.start(database)
    await h.command(ALICE, "holdem", "create", max_buy_in=1000)  # Alice buys in for 1,000: the maximum
    await h.command(BOB, "holdem", "join", buy_in=500)
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert "Top up" in h.labels(), "Bob (500 of 1,000) can top up before the start"
    await h.command(ALICE, "holdem", "start")
    assert live.row.deal is not None
    assert "Top up" not in h.labels(), "everyone with room plays the hand: chips wait for its end"

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
