"""Deals with a gap in the seats, through the real Discord client: a player sitting out or gone
leaves engine seats and table seats numbered differently. Each DM must still hold its recipient's
own cards, a player's action must reset that player's timeout count, and the dealer button must
move on to the next seat when its seat leaves. A member whose DMs are closed (or fail) leaves a gap
in the DMs: the seats after theirs still get each deal's hand."""
from __future__ import annotations

import logging

import pytest

from bot.adapter.traffic.press_token import TOKEN_LIFETIME
from bot.games.card_names import card_name
from bot.games.cards import pretty
from tests.support.discord_clock import CLOCK
from tests.support.harness import CHANNEL_ID, Harness, User
from tests.support.privacy import view_cards
from tests.support.message_writes import hands_to

ALICE, BOB, CAROL = User(5001, "Alice"), User(5002, "Bob"), User(5003, "Carol")
USERS = {u.id: u for u in (ALICE, BOB, CAROL)}


async def _table(tmp_path, *users: User, start: bool = True) -> Harness:
    h = await Harness.start(str(tmp_path / "gaps.db"))
    await h.command(users[0], "holdem", "create")
    for user in users[1:]:
        await h.command(user, "holdem", "join")
    if start:
        await h.command(users[0], "holdem", "start")
    return h


def _to_act(h: Harness) -> User:
    live = h.bot.service.in_channel(CHANNEL_ID)
    (seat,) = live.engine.to_act()
    return USERS[live.table_seat_of(seat).user_id]


async def _finish_deal(h: Harness, keep_open: tuple[User, ...] = ()) -> None:
    """Whoever is to act folds, on their seat panel, until the deal is over; then every panel goes stale
    (its token too old to write it, so the next hands go by DM) but those of ``keep_open``, opened
    again; then the next deal starts."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    hand_no = live.row.hand_no
    while live.row.deal is not None and live.row.hand_no == hand_no:
        await h.move(_to_act(h), "Fold")
    CLOCK.advance(TOKEN_LIFETIME)
    h.panels.clear()  # a member's next move opens their panel afresh
    for user in keep_open:
        await h.open_panel(user)
    await _deadline_passes(h)


async def _deadline_passes(h: Harness) -> None:
    """The table's deadline is reached: the player to act times out, or the next deal starts."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    live.row.deadline = 0
    await h.bot.service.tick()
    await h.settle()


async def test_each_dm_holds_its_recipients_cards_when_an_earlier_seat_sits_out(tmp_path) -> None:
    h = await _table(tmp_path, ALICE, BOB, CAROL)
    live = h.bot.service.in_channel(CHANNEL_ID)
    await h.move(ALICE, "Sit out")
    await _finish_deal(h)
    assert live.row.hand_no == 2 and live.dealt() == [1, 2], "Alice, in the first seat, is not dealt in"
    for user in (BOB, CAROL):
        deal_seat = live.deal_seat(user.id)
        own = view_cards(live.engine.view(deal_seat)["seats"][deal_seat]["cards"])
        others = view_cards([live.engine.view(s)["seats"][s]["cards"] for s in range(2) if s != deal_seat])
        dm = hands_to(h.recorder, user.id)[-1].text
        assert "hand #2" in dm and all(pretty(c) in dm for c in own), dm
        assert not any(pretty(c) in dm for c in others), dm
        shown = (await h.open_panel(user))["content"]
        assert all(card_name(c) in shown for c in own) and not any(card_name(c) in shown for c in others), shown
    assert not hands_to(h.recorder, ALICE.id)[1:], "no hand #2 for the player sitting out"
    await h.close()


async def test_acting_resets_the_timeout_count_of_the_player_behind_a_gap(tmp_path) -> None:
    """Two timeouts in a row sit a player out; an action in between starts the count again."""
    h = await _table(tmp_path, ALICE, BOB, CAROL)
    live = h.bot.service.in_channel(CHANNEL_ID)
    await h.move(ALICE, "Sit out")
    await _finish_deal(h)
    bob = live.row.seats[live.seat_index(BOB.id)]
    assert live.dealt() == [1, 2] and _to_act(h) is BOB, "heads-up, the button (Bob) acts first"
    await h.move(BOB, "Call")  # Bob acts ...
    await h.move(CAROL, "Check")
    assert _to_act(h) is CAROL
    await h.move(CAROL, "Check")
    await _deadline_passes(h)  # ... times out once on the flop (a check) ...
    assert bob.timeouts == 1 and live.engine.view(None)["street"] == "turn"
    await h.move(CAROL, "Check")
    assert bob.timeouts == 1, "Carol's action leaves Bob's count alone"
    await h.move(BOB, "Check")  # ... acts: his count starts again ...
    assert bob.timeouts == 0
    await h.move(CAROL, "Check")
    await _deadline_passes(h)  # ... and times out once more: once in a row, not twice
    assert bob.timeouts == 1 and not bob.sitting_out
    await h.close()


async def test_the_button_moves_to_the_next_seat_when_its_seat_leaves(tmp_path) -> None:
    h = await _table(tmp_path, ALICE, BOB, CAROL)
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert [s["name"] for s in live.engine.view(None)["seats"] if s["is_dealer"]] == ["Alice"]
    assert "leave when this deal ends" in h.ephemeral_text(await h.command(ALICE, "holdem", "leave"))
    await _finish_deal(h)
    assert [s.name for s in live.row.seats] == ["Bob", "Carol"]
    dealer = [s["name"] for s in live.engine.view(None)["seats"] if s["is_dealer"]]
    assert dealer == ["Bob"], "the button passes from Alice to Bob, the next seat; Bob is not skipped"
    await _finish_deal(h)
    assert [s["name"] for s in live.engine.view(None)["seats"] if s["is_dealer"]] == ["Carol"]
    await h.close()


def _hands_sent(h: Harness, user: User, dm_only: bool = False) -> list[int]:
    """The deal numbers of the hands sent to a member (DMs tried, for one whose DMs are closed)."""
    sent = h.recorder.dm_requests(user.id) if dm_only else hands_to(h.recorder, user.id)
    return [int(r.text.split("(hand #", 1)[1].split(")", 1)[0]) for r in sent]


async def test_a_member_with_dms_closed_is_tried_once_and_the_seats_after_get_each_deal(tmp_path) -> None:
    """Alice, in the first seat, has DMs closed: her DM is tried once and the table told once; her
    next hand shows on her seat panel; Bob and Carol, after her, get their hand at every deal."""
    h = await _table(tmp_path, ALICE, BOB, CAROL, start=False)
    h.recorder.closed_dms.add(ALICE.id)
    await h.command(ALICE, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert "Alice has DMs closed: My seat shows their cards." in live.log
    await _finish_deal(h, keep_open=(ALICE,))
    assert live.row.hand_no == 2 and live.dealt() == [0, 1, 2]
    assert _hands_sent(h, ALICE, dm_only=True) == [1], "her DMs are not tried again at the next deal"
    seat = live.deal_seat(ALICE.id)
    shown = (await h.panel(ALICE))["content"]
    assert all(card_name(c) in shown for c in live.engine.view(seat)["seats"][seat]["cards"]), "hand #2 on her panel"
    assert _hands_sent(h, BOB) == _hands_sent(h, CAROL) == [1, 2]
    await h.close()


async def test_a_dm_that_fails_is_logged_and_tried_again_at_the_next_deal(
        tmp_path, caplog: pytest.LogCaptureFixture) -> None:
    """Discord failing Bob's DM (not closed DMs): the log names him, the table is not told his DMs are
    closed, and the next deal's hand is sent to him again."""
    h = await _table(tmp_path, ALICE, BOB, start=False)
    h.recorder.failing_dms.add(BOB.id)
    with caplog.at_level(logging.WARNING, logger="bot.adapter.table.private_hands"):
        await h.command(ALICE, "holdem", "start")
    warned = [r.getMessage() for r in caplog.records if r.name == "bot.adapter.table.private_hands"]
    assert warned == [f"could not DM user {BOB.id}"]
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert not any("DMs closed" in line for line in live.log)
    h.recorder.failing_dms.clear()
    await _finish_deal(h)
    assert _hands_sent(h, BOB) == [1, 2]
    await h.close()
