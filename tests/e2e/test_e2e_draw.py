"""A full five-card draw hand through the real Discord client with three players: blinds, the draw
through the private select (and the Stand pat button), a bet through the amount modal and the
showdown. Along the way: DMs hold only their owner's cards, no hidden card reaches the channel, and
wrong-turn, outsider and stale presses are refused."""
from __future__ import annotations

from typing import Any

from bot.games.cards import pretty
from tests.support.export_checks import exported, replayed_stacks
from tests.support.forged_moves import forged_move
from tests.support.harness import CHANNEL_ID, Harness, User
from tests.support.message_writes import hands_to

ALICE, BOB, CAROL, DAVE = User(4001, "Alice"), User(4002, "Bob"), User(4003, "Carol"), User(4004, "Dave")
USERS = (ALICE, BOB, CAROL)
SEED = "d4a3" * 16


def _engine(h: Harness) -> Any:
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None
    return live.engine


def _hands(h: Harness) -> list[list[str]]:
    engine = _engine(h)
    return [list(engine.view(s)["seats"][s]["cards"]) for s in range(3)]


def _shows(text: str, card: str) -> bool:
    return pretty(card) in text or f'"{card}"' in text


async def _open_select(h: Harness, user: User) -> tuple[dict[str, Any], dict[str, Any]]:
    """Press "Discard and draw"; returns the private reply (as a message) and the select in it."""
    token = await h.move(user, "Discard and draw")
    reply = h.recorder.replies_to(token)[-1].json
    assert reply is not None and reply["type"] == 4, h.ephemeral_text(token)
    assert reply["data"]["flags"] & 64, "the select is private"
    private = h.recorder._message(CHANNEL_ID, reply["data"])
    private["_interaction_reply"] = True
    rows = [c for row in reply["data"]["components"] for c in row["components"]]
    return private, next(c for c in rows if c["type"] == 3)


async def test_full_hand(tmp_path, rendered) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    h.bot.service.seeds = lambda _label: SEED
    token = await h.command(ALICE, "draw", "create", forced="antes")
    assert "needs an ante" in h.ephemeral_text(token)
    await h.command(ALICE, "draw", "create")
    await h.command(BOB, "draw", "join")
    await h.command(CAROL, "draw", "join")
    token = await h.command(ALICE, "draw", "start")
    assert "Dealt" in h.ephemeral_text(token)
    hands = _hands(h)
    recorder = h.recorder
    for seat, user in enumerate(USERS):
        dms = hands_to(recorder, user.id)
        assert len(dms) == 1 and dms[0].files
        assert all(_shows(dms[0].text, c) for c in hands[seat])
        assert not any(_shows(dms[0].text, c) for s in range(3) if s != seat for c in hands[s])

    # Alice deals and acts first three-handed; Bob pressing now is refused, Dave too.
    token = await forged_move(h, BOB, "call", 10)
    assert "not your turn" in h.ephemeral_text(token)
    token = await forged_move(h, DAVE, "call", 10)
    assert "not playing" in h.ephemeral_text(token)
    first_panel = await h.panel(ALICE)
    await h.move(ALICE, "Call 10")
    stale = next(c for r in first_panel["components"] for c in r["components"] if c.get("label") == "Call 10")
    token = await h.press(ALICE, stale["custom_id"], message=first_panel)
    assert "out of date" in h.ephemeral_text(token)
    await h.open_panel(ALICE)  # the refused press left her panel no longer followed
    await h.move(BOB, "Call 5")
    await h.move(CAROL, "Check")
    assert _engine(h).view(None)["street"] == "draw"

    # The draw from the left of the button: Bob throws two, Carol stands pat, Alice throws one.
    assert {"Discard and draw", "Stand pat"} <= set(await h.labels_of(BOB))
    token = await forged_move(h, CAROL, "discard")
    assert "not your turn" in h.ephemeral_text(token)
    private, select = await _open_select(h, BOB)
    assert [o["value"] for o in select["options"]] == hands[1], "the select offers Bob's own cards"
    assert select["max_values"] == 5
    await h.press(BOB, select["custom_id"], private, values=hands[1][:2])
    token = await h.press(BOB, select["custom_id"], private, values=hands[1][2:3])
    assert "out of date" in h.ephemeral_text(token), "a used select is stale"
    await h.move(CAROL, "Stand pat")
    private, select = await _open_select(h, ALICE)
    await h.press(ALICE, select["custom_id"], private, values=hands[0][-1:])
    public = _engine(h).view(None)
    assert public["street"] == "after the draw"
    assert [s["drew"] for s in public["seats"]] == [1, 2, 0]
    assert "Bob draws 2" in h.table_message()["content"]
    new_hands = _hands(h)
    assert new_hands[1][:3] == hands[1][2:] and new_hands[2] == hands[2] and new_hands[0][:4] == hands[0][:4]
    for seat, user in enumerate(USERS):  # the new cards are on each member's open panel, not in a DM
        dms = hands_to(recorder, user.id)
        assert len(dms) == 1
        panel = (await h.panel(user))["content"]
        assert all(_shows(panel, c) for c in new_hands[seat])
        others = {c for s in range(3) if s != seat for c in hands[s] + new_hands[s]}
        assert not any(_shows(dm.text, c) for dm in dms for c in others) and not any(_shows(panel, c) for c in others)

    # Second round: Bob bets 30 through the modal, Carol folds, Alice calls: showdown.
    token = await h.move(BOB, "Bet")
    modal = recorder.replies_to(token)[-1].json
    assert modal["type"] == 9
    await h.submit_modal(BOB, modal["data"]["custom_id"], {"amount": "30"})
    await h.move(CAROL, "Fold")
    before_showdown = " ".join(r.text for r in recorder.channel_requests(CHANNEL_ID))
    await h.move(ALICE, "Call 30")

    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None and live.last_deal is not None
    outcome = live.last_deal.outcome
    assert sum(outcome.deltas) == 0 and outcome.deltas[2] == -10
    assert sorted(outcome.deltas[:2]) == [-40, 50]
    assert sum(s.stack for s in live.row.seats) == 3000
    _, text = await exported(h, BOB, live.id, 1)  # scored for high by the reader too, not as lowball
    assert "variant = 'N1D'" in text and replayed_stacks(text) == [[s.stack for s in live.row.seats]]
    # No card reached the channel before the showdown: not in text, not in any rendered table.
    every_card = {c for hand in hands + new_hands for c in hand}
    assert not any(_shows(before_showdown, c) for c in every_card)
    tables = [view for name, view in rendered if name == "render_table"]
    assert all(c == "??" for v in tables if not v["finished"] for s in v["seats"] for c in s["cards"])
    final = tables[-1]
    assert final["street"] == "showdown" and final["winners"]
    assert final["seats"][2]["cards"] == ["??"] * 5, "the folded hand stays hidden"
    await h.close()
