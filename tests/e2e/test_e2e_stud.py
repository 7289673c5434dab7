"""A full seven-card stud hand through the real Discord client with three players: the bring-in, a
completion, fixed-limit bets by button to seventh street and the showdown. Along the way: DMs hold
only their owner's cards, downcards never reach the channel, and wrong-turn, outsider and stale
presses are refused."""
from __future__ import annotations

from typing import Any

from bot.games.cards import pretty
from tests.support.export_checks import exported, replayed_stacks
from tests.support.forged_moves import forged_move
from tests.support.harness import CHANNEL_ID, Harness, User
from tests.support.message_writes import hands_to

ALICE, BOB, CAROL, DAVE = User(3001, "Alice"), User(3002, "Bob"), User(3003, "Carol"), User(3004, "Dave")
USERS = (ALICE, BOB, CAROL)
SEED = "57ad" * 16


def _engine(h: Harness) -> Any:
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None
    return live.engine


def _actor(h: Harness) -> User:
    (seat,) = _engine(h).to_act()
    return USERS[seat]


def _downcards(h: Harness) -> dict[int, list[str]]:
    engine = _engine(h)
    own = [engine.view(s)["seats"][s] for s in range(3)]
    return {s: [c for c, up in zip(v["cards"], v["up"]) if not up] for s, v in enumerate(own)}


def _shows(text: str, card: str) -> bool:
    return pretty(card) in text or f'"{card}"' in text


async def test_full_hand(tmp_path, rendered) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    h.bot.service.seeds = lambda _label: SEED
    token = await h.command(ALICE, "stud", "create", bring_in=5)
    assert "must be smaller than the small bet" in h.ephemeral_text(token)
    await h.command(ALICE, "stud", "create")
    await h.command(BOB, "stud", "join")
    await h.command(CAROL, "stud", "join")
    token = await h.command(ALICE, "stud", "start")
    assert "Dealt" in h.ephemeral_text(token)
    engine = _engine(h)
    assert engine.view(None)["street"] == "third street"

    # Each DM holds that player's three cards and none of the others' downcards.
    downs = _downcards(h)
    for seat, user in enumerate(USERS):
        dms = hands_to(h.recorder, user.id)
        assert len(dms) == 1 and dms[0].files
        assert all(_shows(dms[0].text, c) for c in engine.view(seat)["seats"][seat]["cards"])
        assert not any(_shows(dms[0].text, c) for s, cards in downs.items() if s != seat for c in cards)

    # The lowest upcard brings in; anyone else pressing is refused, an outsider too.
    bringer = _actor(h)
    assert (await h.labels_of(bringer))[:2] == ["Bring in 2", "Complete to 5"]
    other = next(u for u in USERS if u != bringer)
    token = await forged_move(h, other, "bring_in", 2)
    assert "not your turn" in h.ephemeral_text(token)
    token = await forged_move(h, DAVE, "bring_in", 2)
    assert "not playing" in h.ephemeral_text(token)
    first_panel = await h.panel(bringer)
    await h.move(bringer, "Bring in 2")
    stale = next(c for r in first_panel["components"] for c in r["components"]
                 if str(c.get("label")).startswith("Bring in"))
    token = await h.press(bringer, stale["custom_id"], message=first_panel)
    assert "out of date" in h.ephemeral_text(token)
    await h.open_panel(bringer)  # the refused press left the panel no longer followed

    # The next player completes to 5, the others call.
    await h.move(_actor(h), "Complete to 5")
    await h.move(_actor(h), "Call")
    await h.move(_actor(h), "Call")
    assert engine.view(None)["street"] == "fourth street"

    # Fourth street: a bet of 5 by button, called twice; then checks down to the showdown.
    await h.move(_actor(h), "Bet 5")
    await h.move(_actor(h), "Call 5")
    await h.move(_actor(h), "Call 5")
    assert engine.view(None)["street"] == "fifth street"
    before_showdown = ""
    while engine.outcome is None:
        actor = _actor(h)
        if engine.view(None)["street"] == "seventh street":
            before_showdown = h.recorder.channel_text()
        await h.move(actor, "Check")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None and live.last_deal is not None
    assert sum(live.last_deal.outcome.deltas) == 0
    assert sorted(live.last_deal.outcome.deltas) == [-11, -11, 22]  # ante 1, completed to 5, a bet of 5
    assert sum(s.stack for s in live.row.seats) == 600
    record = await h.bot.storage.hand_record(live.id, 1)
    assert record is not None
    _, text = await exported(h, ALICE, live.id, 1)
    assert "variant = 'F7S'" in text and replayed_stacks(text) == [[s.stack for s in live.row.seats]]

    # Each street's new card went to the member's open panel, not by DM; each shows only its owner's cards.
    downs = {s: [c for c, up in zip(v["cards"], v["up"]) if not up]
             for s, v in enumerate(engine.view(s)["seats"][s] for s in range(3))}
    for seat, user in enumerate(USERS):
        dms = hands_to(h.recorder, user.id)
        assert len(dms) == 1
        panel = (await h.panel(user))["content"]
        assert not any(_shows(dm.text, c) or _shows(panel, c) for dm in dms for s, cards in downs.items()
                       if s != seat for c in cards)

    # No downcard reached the channel before the showdown: not in text, not in a rendered table.
    assert before_showdown
    assert not any(_shows(before_showdown, c) for cards in downs.values() for c in cards)
    tables = [view for name, view in rendered if name == "render_table"]
    live_tables = [v for v in tables if not v["finished"]]
    assert live_tables
    for view in live_tables:
        for seat in view["seats"]:
            assert [c == "??" for c in seat["cards"]] == [not up for up in seat["up"]]
    assert tables[-1]["street"] == "showdown" and tables[-1]["winners"]
    await h.close()
