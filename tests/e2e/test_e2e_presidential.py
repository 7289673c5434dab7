"""Presidential Poker through the real Discord client: three players ante, open with the amount
modal, draw with the private select (and stand pat with its "Choose none" button), bet the second
interval and reach the showdown; a deal nobody opens carries its pot into the next one. Along the
way: DMs hold only their owner's cards, no hidden card reaches the channel, and wrong-turn, outsider
and stale presses are refused."""
from __future__ import annotations

import re
from typing import Any

from tests.support.forged_moves import forged_move
from tests.support.harness import CHANNEL_ID, Harness, Recorder, User
from tests.support.message_writes import hands_to
from tests.support.privacy import text_cards

ALICE, BOB, CAROL, DAVE = User(1001, "Alice"), User(1002, "Bob"), User(1003, "Carol"), User(1004, "Dave")
SEED = "5eed" * 16
CODE = re.compile(r"\bC(0[1-9]|[1-6]\d|7[0-2])\b")


async def _seated_table(tmp_path: Any, **options: Any) -> Harness:
    """Alice opens a table, Bob and Carol join, Alice starts: Alice deals, Bob acts first."""
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    h.bot.service.seeds = lambda _label: SEED
    await h.command(ALICE, "presidential", "create", **options)
    await h.command(BOB, "presidential", "join")
    await h.command(CAROL, "presidential", "join")
    token = await h.command(ALICE, "presidential", "start")
    assert "Dealt" in h.ephemeral_text(token)
    return h


def _live(h: Harness) -> Any:
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None
    return live


def _hands(h: Harness) -> list[list[str]]:
    engine = _live(h).engine
    return [[card["code"] for card in engine.view(seat)["seats"][seat]["cards"]] for seat in range(3)]


def _check_dms(h: Harness, hands: list[list[str]], counts: list[int]) -> None:
    """Each player got ``counts[seat]`` DMs, the latest naming their own seven cards and no one else's."""
    for seat, user in enumerate((ALICE, BOB, CAROL)):
        dms = hands_to(h.recorder, user.id)
        assert len(dms) == counts[seat] and dms[-1].files
        assert set(CODE.findall(dms[-1].text)) == set(), "no card is named by its code"
        assert text_cards(dms[-1].text) == set(hands[seat]), "each of their cards by its name (15B)"


def _channel_codes(recorder: Recorder) -> set[str]:
    return {code for r in recorder.channel_requests(CHANNEL_ID) for code in text_cards(r.text) if code[0] == "C"}


async def _draw(h: Harness, user: User, discards: list[str]) -> None:
    """Open the private select from the panel's draw button and pick ``discards`` (none: stand pat)."""
    token = await h.move(user, "Discard and draw")
    reply = h.recorder.replies_to(token)[-1].json
    assert reply["data"]["flags"] & 64, "the select is private"
    rows = [c for row in reply["data"]["components"] for c in row["components"]]
    select = next(c for c in rows if c["type"] == 3)
    assert select["max_values"] == 7 and len(select["options"]) == 7
    assert all(" · " in option["label"] for option in select["options"]), "options name the six symbols"
    message = h.recorder.shown(token)  # the ephemeral message as Discord shows it
    if discards:
        await h.press(user, select["custom_id"], message, values=discards)
    else:
        none = next(c for c in rows if c.get("label") == "Choose none")
        await h.press(user, none["custom_id"], message)
    await h.open_panel(user)  # the select's presses, not the panel, are followed now: open it again


async def test_full_deal_with_draw_and_showdown(tmp_path, rendered) -> None:
    h = await _seated_table(tmp_path, limit="no-limit")
    recorder = h.recorder
    hands = _hands(h)
    assert all(len(cards) == 7 for cards in hands)
    _check_dms(h, hands, [1, 1, 1])
    view = _live(h).engine.view(None)
    assert view["phase"] == "betting1" and view["pots"][0]["amount"] == 3, "everyone anted 1"

    token = await forged_move(h, ALICE, "check")
    assert "not your turn" in h.ephemeral_text(token)
    token = await forged_move(h, DAVE, "check")
    assert "not playing" in h.ephemeral_text(token)
    assert _live(h).row.step == 0

    # Bob opens for 6 through the amount modal; Carol and Alice call.
    first_panel = await h.panel(BOB)
    token = await h.move(BOB, "Open")
    modal = recorder.replies_to(token)[-1].json
    assert modal["type"] == 9
    await h.submit_modal(BOB, modal["data"]["custom_id"], {"amount": "6"})
    stale = next(c for r in first_panel["components"] for c in r["components"] if c.get("label") == "Min (2)")
    token = await h.press(BOB, stale["custom_id"], message=first_panel)
    assert "out of date" in h.ephemeral_text(token)
    await h.open_panel(BOB)  # the refused press left his panel no longer followed
    await h.move(CAROL, "Call 6")
    await h.move(ALICE, "Call 6")
    assert _live(h).engine.view(None)["phase"] == "draw"

    # The draw, starting left of the dealer: Bob throws two, Carol stands pat, Alice throws one.
    token = await forged_move(h, CAROL, "discard")
    assert "not your turn" in h.ephemeral_text(token)
    await _draw(h, BOB, hands[1][:2])
    await _draw(h, CAROL, [])
    await _draw(h, ALICE, hands[0][-1:])
    public = _live(h).engine.view(None)
    assert public["phase"] == "betting2" and [s["drew"] for s in public["seats"]] == [1, 2, 0]
    new_hands = _hands(h)
    assert new_hands[2] == hands[2] and new_hands[1][:5] == hands[1][2:] and new_hands[0][:6] == hands[0][:6]
    _check_dms(h, hands, [1, 1, 1])  # the new cards go to the open seat panels, not by DM
    for seat, user in enumerate((ALICE, BOB, CAROL)):
        assert text_cards((await h.panel(user))["content"]) == set(new_hands[seat]), "each panel names its own cards"

    # Second interval, the opener first: Bob checks, Carol bets 10, Alice folds, Bob calls.
    await h.move(BOB, "Check")
    await h.move(CAROL, "Bet")
    await h.submit_modal(CAROL, f"cr:m:{_live(h).id}:1:{_live(h).row.step}:bet", {"amount": "10"})
    await h.move(ALICE, "Fold")
    before_showdown = _channel_codes(recorder)
    await h.move(BOB, "Call 10")

    live = _live(h)
    outcome = live.last_deal.outcome
    assert outcome is not None and sum(outcome.deltas) == 0
    # Alice folded her ante and call (7); Carol's Three pairs beat Bob and take the 41 in the pot.
    assert outcome.deltas == (-7, -17, 24) and outcome.summary == "Carol wins 41 with Three pairs (2:2:2:1)"
    assert sum(s.stack for s in live.row.seats) == 300
    # No hidden card reached the channel before the showdown: not in text, not in any rendered table.
    assert not before_showdown
    tables = [view for name, view in rendered if name == "render_table"]
    assert all(c["code"] == "??" for v in tables if not v["finished"] for s in v["seats"] for c in s["cards"])
    final = tables[-1]
    assert final["phase"] == "showdown" and final["winners"]
    shown = [s for s in final["seats"] if s["hand"] is not None]
    assert len(shown) == 2 and all(c["chosen"] for s in shown for c in s["cards"])
    assert all(c["code"] == "??" for c in final["seats"][0]["cards"]), "the folded hand stays hidden"
    # Each private image was drawn from its owner's view only.
    for name, view in rendered:
        if name == "render_hand":
            others = [s for i, s in enumerate(view["seats"]) if i != view["viewer"] and s["hand"] is None]
            assert all(c["code"] == "??" for s in others for c in s["cards"])
    await h.close()


async def test_nobody_opens_and_the_pot_carries_over(tmp_path) -> None:
    h = await _seated_table(tmp_path, ante=2)
    for user in (BOB, CAROL, ALICE):
        await h.move(user, "Check")
    live = _live(h)
    assert live.last_deal is not None and live.last_deal.outcome.deltas == (0, 0, 0)
    assert live.last_deal.outcome.carry["pot"] == [["Alice", 2], ["Bob", 2], ["Carol", 2]]
    assert "Nobody opened" in h.table_message()["content"]

    await h.bot.service.tick()  # the next deal: Bob deals, the 6 chips come back and everyone antes again
    live = _live(h)
    view = live.engine.view(None)
    assert live.row.hand_no == 2 and view["carried"] == 6 and view["pots"][0]["amount"] == 12
    assert [s["is_dealer"] for s in view["seats"]] == [False, True, False]
    assert sum(s["stack"] + s["in_pot"] for s in view["seats"]) == 300
    token = await forged_move(h, BOB, "check")
    assert "not your turn" in h.ephemeral_text(token)
    await h.move(CAROL, "Open 2")
    assert live.engine.view(None)["opener"] == 2
    await h.close()
