"""A full Omaha hand and a full Omaha hi-lo hand through the real Discord client: slash commands,
buttons, the amount modal, DMs of four hole cards, refused presses, and the showdown."""
from __future__ import annotations


import pytest

from bot.games.cards import pretty
from tests.support.export_checks import exported, replayed_stacks
from tests.support.forged_moves import forged_move
from tests.support.harness import CHANNEL_ID, Harness, Recorder, User

ALICE, BOB, CAROL, DAVE = User(1001, "Alice"), User(1002, "Bob"), User(1003, "Carol"), User(1004, "Dave")


@pytest.mark.parametrize("game", ["omaha", "omaha-hilo"])
async def test_full_hand_to_showdown(tmp_path, rendered, game: str) -> None:
    recorder = Recorder()
    h = await Harness.start(str(tmp_path / "cardroom.db"), recorder)
    await h.command(ALICE, game, "create")
    await h.command(BOB, game, "join")
    await h.command(CAROL, game, "join")
    token = await h.command(ALICE, game, "start")
    assert "Dealt" in h.ephemeral_text(token)

    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None and live.row.game == game
    holes = {seat: live.engine.view(seat)["seats"][seat]["cards"] for seat in range(3)}
    assert all(len(cards) == 4 and "??" not in cards for cards in holes.values())
    for seat, user in enumerate((ALICE, BOB, CAROL)):
        dms = recorder.dm_requests(user.id)
        assert len(dms) == 1 and dms[0].files, "one DM with a hand image"
        assert all(pretty(c) in dms[0].text for c in holes[seat])
        assert not any(pretty(c) in dms[0].text for s, cards in holes.items() if s != seat for c in cards)
    assert "Raise (max 35)…" in await h.labels_of(ALICE), "the pot-limit maximum is on the Raise button"

    # Dealer Alice acts first: Bob's press and a press by someone not at the table change nothing.
    token = await forged_move(h, BOB, "call", 10)
    assert "not your turn" in h.ephemeral_text(token)
    token = await forged_move(h, DAVE, "call", 10)
    assert "not playing in this hand" in h.ephemeral_text(token)
    assert live.row.step == 0

    first_panel = await h.panel(ALICE)
    await h.move(ALICE, "Call 10")
    call = next(c for r in first_panel["components"] for c in r["components"]
                if str(c.get("label", "")).startswith("Call"))
    token = await h.press(ALICE, call["custom_id"], message=first_panel)
    assert "out of date" in h.ephemeral_text(token)
    await h.open_panel(ALICE)  # the refused press left her panel no longer followed
    await h.move(BOB, "Call 5")
    await h.move(CAROL, "Check")
    assert live.engine.view(None)["street"] == "flop"

    # Flop: Bob checks, Carol bets 20 through the modal (the pot, 30, is the most she may bet).
    await h.move(BOB, "Check")
    assert "Bet (max 30)…" in await h.labels_of(CAROL)
    token = await h.move(CAROL, "Bet")
    modal = recorder.replies_to(token)[-1].json
    assert modal["type"] == 9
    await h.submit_modal(CAROL, modal["data"]["custom_id"], {"amount": "20"})
    await h.move(ALICE, "Call 20")
    await h.move(BOB, "Call 20")
    assert live.engine.view(None)["street"] == "turn"
    for user in (BOB, CAROL, ALICE, BOB, CAROL):  # turn and river checked through
        await h.move(user, "Check")
    before_showdown = recorder.channel_text()
    await h.move(ALICE, "Check")

    record = await h.bot.storage.hand_record(live.id, 1)
    assert record is not None
    outcome = record.record["outcome"]
    assert sum(outcome["deltas"]) == 0 and outcome["summary"]
    stacks = [s.stack for s in (await h.bot.storage.table(live.id)).seats]
    assert sum(stacks) == 3000 and stacks == [1000 + d for d in outcome["deltas"]]
    name, text = await exported(h, ALICE, live.id, 1)  # PO or PO/8: the file replays to the same stacks
    assert name.endswith("hand1.phh") and replayed_stacks(text) == [stacks]
    assert ("variant = 'PO/8'" if game == "omaha-hilo" else "variant = 'PO'") in text

    # No hole card reached the channel before the showdown, in text or in a rendered table.
    hidden = {c for cards in holes.values() for c in cards}
    assert not any(pretty(c) in before_showdown or f'"{c}"' in before_showdown for c in hidden)
    tables = [view for name, view in rendered if name == "render_table" and view["hand_no"] == 1]
    assert all(c == "??" for v in tables if not v["finished"] for s in v["seats"] for c in s["cards"])
    for name, view in rendered:
        if name == "render_hand" and view["hand_no"] == 1 and not view["finished"]:
            me = view["viewer"]
            assert view["seats"][me]["cards"] == holes[me]
            assert all(c == "??" for i, s in enumerate(view["seats"]) if i != me for c in s["cards"])
    # The final table says who won (in hi-lo, which half).
    final = [v for v in tables if v["finished"]][-1]
    assert final["street"] == "showdown" and any(s["hand_name"] for s in final["seats"])
    assert "; ".join(final["winners"]) == outcome["summary"]
    if game == "omaha-hilo":
        assert all("(high" in line or "(low)" in line for line in final["winners"])
    await h.close()
