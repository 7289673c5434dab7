"""``DiscordPresenter``: a table's updates coalesced (one edit in flight, the newest state wins, a picture
gone stale while it was drawn dropped at most ``MAX_DROPS`` times in a row), members' seat panels
(a press on a panel answered by that panel's update; other panels edited only when they change;
dropped when the table closes) and no private hand for a member whose panel shows their cards."""
from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bot.adapter.table.presenter import DiscordPresenter
from bot.adapter.seat.panels import compose
from bot.adapter.table.composed import Composed
from bot.games.base import Action
from bot.service.table import dealing
from bot.service.table.live import LiveTable
from bot.service.table.press import Press
from tests.support.harness import CHANNEL_ID, Harness, User
from tests.support.heads_up import open_heads_up, to_act
from tests.support.made_presses import callbacks, ephemeral, press_on, webhook_path, webhook_requests
from tests.support.panel_play import UPDATE_MESSAGE
from tests.support.waiting import until

ALICE, BOB, CAROL = User(6301, "Alice"), User(6302, "Bob"), User(6303, "Carol")


async def _table(h: Harness) -> tuple[LiveTable, DiscordPresenter]:
    await open_heads_up(h, ALICE, BOB)
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None
    presenter = h.bot.presenter
    assert isinstance(presenter, DiscordPresenter)
    return live, presenter


async def _open_panel(h: Harness, live: LiveTable, user: User) -> tuple[str, dict[str, Any]]:
    """``user`` presses My seat: the token of that press, and the panel it was answered with."""
    interaction = press_on(h, user, h.table_message(), f"cr:seat:{live.id}")
    await h.bot.presenter.open_panel(interaction, live)
    panel = h.recorder.shown(interaction.token)
    assert ephemeral(panel), "a panel is its member's alone"
    return interaction.token, panel


def _custom_id(message: dict[str, Any], kind: str) -> str:
    return next(str(c["custom_id"]) for row in message["components"] for c in row["components"]
                if str(c.get("custom_id", "")).split(":")[5:6] == [kind])


def _plain(content: str) -> Composed:
    return Composed(content, discord.ui.View(), None, [])


async def test_updates_asked_during_an_edit_are_one_edit_of_the_newest_state(
        h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    live, presenter = await _table(h)
    presenter.answer_wait = 0  # each update returns at once: the test asks them while the edit waits
    state = 1
    shown: list[str] = []
    in_flight: list[int] = [0, 0]  # now, most at once
    release = asyncio.Event()

    async def drawn(live: LiveTable) -> Composed:
        return _plain(f"state {state}")

    async def write(live: LiveTable, composed: Composed) -> None:
        in_flight[0] += 1
        in_flight[1] = max(in_flight)
        shown.append(composed.content)
        if len(shown) == 1:
            await release.wait()  # Discord is slow to take the first edit
        in_flight[0] -= 1

    monkeypatch.setattr(presenter, "_compose", drawn)
    monkeypatch.setattr(presenter.messages, "write", write)
    await presenter.update(live)
    await until(lambda: shown == ["state 1"])
    for state in range(2, 6):
        await presenter.update(live)
    assert shown == ["state 1"], "one edit in flight"
    release.set()
    await h.settle()
    assert shown == ["state 1", "state 5"] and in_flight == [0, 1], "the four asked meanwhile are one edit, the newest"


async def test_a_picture_gone_stale_while_drawn_is_dropped_at_most_max_drops_times_in_a_row(
        h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    live, presenter = await _table(h)
    presenter.answer_wait = 0
    moving = DiscordPresenter.MAX_DROPS + 1  # the table moves on while each of its first pictures is drawn
    drawings: list[int] = []
    shown: list[str] = []

    async def drawn(live: LiveTable) -> Composed:
        drawings.append(len(drawings) + 1)
        if len(drawings) <= moving:
            await presenter.update(live)
        return _plain(f"drawing {len(drawings)}")

    async def write(live: LiveTable, composed: Composed) -> None:
        shown.append(composed.content)

    monkeypatch.setattr(presenter, "_compose", drawn)
    monkeypatch.setattr(presenter.messages, "write", write)
    dropped = presenter.stale_dropped
    await presenter.update(live)
    await h.settle()
    assert presenter.stale_dropped - dropped == DiscordPresenter.MAX_DROPS
    assert shown == [f"drawing {moving}", f"drawing {moving + 1}"], \
        "after MAX_DROPS drops one is shown anyway, then the newest"


async def test_a_press_on_a_panel_is_answered_by_its_update_and_other_panels_change_only_when_theirs_does(
        h: Harness) -> None:
    live, presenter = await _table(h)
    mover = to_act(h, ALICE, BOB)
    other = BOB if mover is ALICE else ALICE
    mover_seat, panel = await _open_panel(h, live, mover)
    other_seat, _ = await _open_panel(h, live, other)
    assert "**Your turn**" in panel["content"]
    before = len(h.recorder.requests)
    kind = "check" if any(s.kind == "check" for s in live.engine.legal_actions(live.engine.to_act()[0])) else "call"
    interaction = press_on(h, mover, panel, _custom_id(panel, kind))
    press = presenter.pressed(live, interaction)  # as a move's component does (``submit``)
    await dealing.act(live, Press(mover.id, live.row.hand_no, live.row.step, Action(kind)))
    await press.acknowledge()
    await h.settle()

    assert callbacks(h, interaction.token) == [UPDATE_MESSAGE], "the panel's update is the press's answer"
    answer = h.recorder.replies_to(interaction.token)[0].json or {}
    assert answer["data"]["content"] == compose(live, mover.id)[0]["content"]
    assert "Your turn" not in answer["data"]["content"]
    assert webhook_requests(h, mover_seat) == [], "the press on the panel writes it now"
    edits = [r for r in h.recorder.requests[before:] if r.path == webhook_path(other_seat, "@original")]
    assert len(edits) == 1 and "**Your turn**" in (edits[0].json or {})["content"], "the other's turn came"
    panels = (panel["id"], h.recorder.shown(other_seat)["id"])
    assert not [r for r in h.recorder.requests[before:] if r.path.startswith("/channels/")
                and r.path.endswith(panels)], "no panel through a counted route"

    before = len(h.recorder.requests)
    await presenter.update(live)  # nothing changed on either panel
    await h.settle()
    panel_edits = {webhook_path(token, "@original") for token in (interaction.token, mover_seat, other_seat)}
    assert not [r for r in h.recorder.requests[before:] if r.path in panel_edits]


async def test_a_waiting_members_panel_is_not_edited_while_others_move(h: Harness) -> None:
    await h.command(ALICE, "holdem", "create")
    for user in (BOB, CAROL):
        await h.command(user, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None
    members = {user.id: user for user in (ALICE, BOB, CAROL)}
    seats = {user: (await _open_panel(h, live, members[user]))[0] for user in members}

    def turn() -> int:
        return live.table_seat_of(live.engine.to_act()[0]).user_id

    first = turn()
    await dealing.act(live, Press(first, live.row.hand_no, live.row.step, Action("call")))
    await h.settle()
    second = turn()
    third = next(user for user in members if user not in (first, second))
    edited = {user: len([r for r in h.recorder.requests if r.path == webhook_path(seats[user], "@original")])
              for user in members}
    assert edited == {first: 1, second: 1, third: 0}, "the turn left one panel and came to another"


async def test_closing_drops_the_tables_panels(h: Harness) -> None:
    live, presenter = await _table(h)
    seat, _ = await _open_panel(h, live, ALICE)
    assert presenter.panels.writer(live, ALICE.id) is not None
    before = len(h.recorder.requests)
    await presenter.closed(live, "The table is closed.")
    assert presenter.panels.writer(live, ALICE.id) is None and presenter.panels.presses(live) == []
    last = [r for r in h.recorder.requests[before:] if r.method == "PATCH"]
    assert len(last) == 1 and "The table is closed." in last[0].text and (last[0].json or {})["components"] == []
    before = len(h.recorder.requests)
    await presenter.update(live)
    await presenter.panels.update(live)
    await h.settle()
    assert h.recorder.requests[before:] == [], "nothing is shown of a closed table, its panels neither"
    assert webhook_requests(h, seat) == []


async def test_no_private_hand_is_sent_to_a_member_whose_panel_shows_their_cards(h: Harness) -> None:
    live, presenter = await _table(h)
    seat, _ = await _open_panel(h, live, ALICE)
    presenter.hands.told(live).clear()  # as at a new deal: everyone's cards are news
    alice_dms, bob_dms = len(h.recorder.dm_requests(ALICE.id)), len(h.recorder.dm_requests(BOB.id))
    await presenter.hands.send(live)
    await h.settle()
    assert len(h.recorder.dm_requests(BOB.id)) == bob_dms + 1, "Bob has no panel: his hand comes by DM"
    assert len(h.recorder.dm_requests(ALICE.id)) == alice_dms and webhook_requests(h, seat) == []
    assert presenter.hands.told(live)[ALICE.id][0] == live.row.hand_no, "her panel told her"
