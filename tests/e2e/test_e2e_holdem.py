"""A full hold'em hand through the real Discord client: slash commands, buttons, a modal, DMs,
a stale button, a wrong-turn press, and a restart in the middle of the hand."""
from __future__ import annotations

import dataclasses

import pytest

from bot.games.base import Action, Seat
from bot.games.cards import pretty
from bot.games.holdem import HoldemEngine
from bot.games.runout_equity import with_equity
from tests.support.export_checks import exported, replayed_stacks
from tests.support.forged_moves import forged_move
from tests.support.harness import CHANNEL_ID, Harness, Recorder, User
from tests.support.message_writes import writes_to

ALICE, BOB, CAROL = User(1001, "Alice"), User(1002, "Bob"), User(1003, "Carol")


def _hole_cards(harness: Harness) -> dict[int, list[str]]:
    live = harness.bot.service.in_channel(CHANNEL_ID)
    assert live is not None
    return {seat: live.engine.view(seat)["seats"][seat]["cards"] for seat in range(len(live.dealt()))}


async def test_full_hand_with_restart(database, rendered) -> None:
    db = database  # an SQLite file, then a PostgreSQL schema (tests/conftest.py)
    recorder = Recorder()
    h = await Harness.start(db, recorder)
    await h.command(ALICE, "holdem", "create")
    await h.command(BOB, "holdem", "join")
    await h.command(CAROL, "holdem", "join")
    token = await h.command(ALICE, "holdem", "start")
    assert "Dealt" in h.ephemeral_text(token)

    holes = _hole_cards(h)
    assert all(len(cards) == 2 and "??" not in cards for cards in holes.values())
    # Each DM holds that player's cards and nobody else's.
    for seat, user in enumerate((ALICE, BOB, CAROL)):
        dms = recorder.dm_requests(user.id)
        assert len(dms) == 1 and dms[0].files, "one DM with a hand image"
        text = dms[0].text
        assert all(pretty(c) in text for c in holes[seat])
        others = [c for s, cards in holes.items() if s != seat for c in cards]
        assert not any(pretty(c) in text for c in others)
    first_message = h.table_message()
    assert first_message["attachments"] and "Deck SHA-256" in first_message["content"]

    # Dealer Alice acts first three-handed; Bob pressing now is refused and changes nothing.
    token = await forged_move(h, BOB, "call", 10)
    assert "not your turn" in h.ephemeral_text(token)
    assert h.bot.service.in_channel(CHANNEL_ID).row.step == 0

    stale = await h.panel(ALICE)  # her panel as it looked before she called
    await h.move(ALICE, "Call 10")
    token = await h.press(ALICE, "cr:a:1:1:0:call:10", message=stale)
    assert "out of date" in h.ephemeral_text(token)
    await h.open_panel(ALICE)  # the refused press left her panel no longer followed
    await h.move(BOB, "Call 5")
    await h.move(CAROL, "Check")
    assert h.bot.service.in_channel(CHANNEL_ID).engine.view(None)["street"] == "flop"

    # Flop: Bob checks, Carol bets 20 through the amount modal, Alice and Bob call.
    await h.move(BOB, "Check")
    token = await h.move(CAROL, "Bet")
    modal = recorder.replies_to(token)[-1].json
    assert modal["type"] == 9  # the modal opened
    token = await h.submit_modal(CAROL, modal["data"]["custom_id"], {"amount": "abc"})
    assert "not a whole number" in h.ephemeral_text(token)
    for digits in ("٣٠", "３０"):  # Arabic-Indic and full-width digits: Python's int() reads both as 30
        await h.move(CAROL, "Bet")
        token = await h.submit_modal(CAROL, modal["data"]["custom_id"], {"amount": digits})
        assert f"“{digits}” is not a whole number" in h.ephemeral_text(token)
    token = await h.move(CAROL, "Bet")  # a modal is single-use: open it again
    token = await h.submit_modal(CAROL, modal["data"]["custom_id"], {"amount": "5000"})
    assert "990" in h.ephemeral_text(token), "an amount over the stack is refused with the range"
    assert h.bot.service.in_channel(CHANNEL_ID).row.step == 4, "refused amounts change nothing"
    await h.move(CAROL, "Bet")
    await h.submit_modal(CAROL, modal["data"]["custom_id"], {"amount": "20"})
    await h.move(ALICE, "Call 20")
    await h.move(BOB, "Call 20")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live.engine.view(None)["street"] == "turn"
    hand = dataclasses.asdict(live.row.deal)  # as it was before the restart
    before_restart = recorder.channel_text()
    await h.close()

    # A new bot object over the same database finishes the hand.
    h = await Harness.start(db, recorder)
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None and live.engine.view(None)["street"] == "turn"
    for user in (BOB, CAROL, ALICE, BOB, CAROL, ALICE):  # turn and river checked through
        await h.move(user, "Check")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live.row.hand_no == 2 or live.last_deal is not None

    # The same actions on a fresh engine give the same chips.
    reference = HoldemEngine(live.row.settings.to_json(), [Seat(n, s) for n, s in zip(hand["names"], hand["stacks"])],
                             hand["seed"], dict(hand["carry"]))
    for move in hand["actions"]:  # each move as a dict of its deal seat and its action
        reference.apply(move["deal_seat"], Action.from_json(move["action"]))
    for seat in (1, 2, 0, 1, 2, 0):
        reference.apply(seat, Action("check"))
    assert reference.outcome is not None
    record = await h.bot.storage.hand_record(live.id, 1)
    assert record is not None and tuple(record.record["outcome"]["deltas"]) == reference.outcome.deltas
    stacks = [s.stack for s in (await h.bot.storage.table(live.id)).seats]
    assert stacks == [1000 + d for d in reference.outcome.deltas]
    assert sum(stacks) == 3000
    name, text = await exported(h, ALICE, live.id, 1)  # the file replays to the same stacks elsewhere
    assert name == f"cardroom-holdem-table{live.id}-hand1.phh" and replayed_stacks(text) == [stacks]

    # No hole card reached the channel before the showdown: not in text, not in any rendered table.
    hidden = {c for cards in holes.values() for c in cards}
    assert not any(pretty(c) in before_restart or f'"{c}"' in before_restart for c in hidden)
    tables = [view for name, view in rendered if name == "render_table"]
    pre_showdown = [v for v in tables if not v["finished"]]
    assert pre_showdown and all(c == "??" for v in pre_showdown for s in v["seats"] for c in s["cards"])
    # The table message was edited in place rather than reposted: posted as the create command's public
    # answer, afresh only as a public follow-up of a member's press (nobody presses it, so that press's
    # token edits it); never through the channel route.
    tables_posted = [int(m["id"]) for m in recorder.messages_in(CHANNEL_ID)]
    edits = [r for i in tables_posted for r in writes_to(recorder, i)]
    edits += [r for r in recorder.requests if r.method == "PATCH" and r.path.startswith("/webhooks/")
              and r.path.split("/")[-1] in {str(i) for i in tables_posted}]
    assert len(edits) >= 10 and len(tables_posted) <= 3, (len(edits), len(tables_posted))
    assert not [r for r in recorder.requests if r.method == "POST" and r.path == f"/channels/{CHANNEL_ID}/messages"]
    await h.close()


async def test_an_all_in_shows_each_hands_odds_street_by_street_once_the_hands_are_shown(tmp_path, rendered) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    await h.command(ALICE, "holdem", "create")
    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    first, second = (ALICE, BOB) if live.engine.to_act() == (live.deal_seat(ALICE.id),) else (BOB, ALICE)
    await h.move(first, "All-in (1000)")
    await h.move(second, "Call")
    tables = [view for name, view in rendered if name == "render_table"]
    final = tables[-1]
    assert final["finished"] and all("??" not in seat["cards"] for seat in final["seats"])
    streets = with_equity(final)["equity"]  # counted where the picture is drawn, from the view's runout
    assert [street["street"] for street in streets] == ["preflop", "flop", "turn"]
    for street in streets:  # both hands, chances that add up to the whole pot
        assert [e["seat"] for e in street["seats"]] == [0, 1]
        assert sum(e["share"] for e in street["seats"]) == pytest.approx(1.0, abs=1e-3)
    assert not any("runout" in view for view in tables[:-1]), "no odds while a hand is hidden"
    await h.close()
