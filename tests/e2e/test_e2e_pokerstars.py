"""``/export format:pokerstars`` as members use it: a table's hands as one PokerStars file (the member's
own hole cards in it), one hand, seat names instead of names, and the refusal for a game PokerStars
files do not carry; the default format stays the game's own."""
from __future__ import annotations

from typing import Any

from tests.support.export_checks import exported
from tests.support.harness import CHANNEL_ID, Harness, User
from tests.support.pokerstars_checks import check_hand, split_hands

ALICE, BOB = User(3201, "Alice"), User(3202, "Bob")


async def _file(h: Harness, user: User, **options: Any) -> tuple[str, str]:
    token = await h.command(user, "export", **options)
    replies = h.recorder.replies_to(token)
    files = [file for reply in replies for file in reply.files]
    assert len(files) == 1 and all(reply.ephemeral for reply in replies), h.ephemeral_text(token)
    name, data = files[0]
    return name, data.decode("utf-8")


async def test_a_member_exports_a_table_as_pokerstars_hand_histories(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "c.db"))
    await h.command(ALICE, "saint", "create")
    refused = h.ephemeral_text(await h.command(ALICE, "export", table=h.bot.service.in_channel(CHANNEL_ID).id,
                                               format="pokerstars"))
    assert "Saint Poker hands export as JSON only" in refused
    assert "Texas hold'em, Omaha, Omaha hi-lo, Seven-card stud, Razz" in refused
    await h.command(ALICE, "saint", "cancel")

    await h.command(ALICE, "holdem", "create")
    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    for _ in range(3):  # whoever acts first calls, then folds to the next bet or checks it down
        hand_no = live.row.hand_no
        while live.row.hand_no == hand_no and live.row.deal is not None:
            seat = live.engine.to_act()[0]
            user = ALICE if seat == live.deal_seat(ALICE.id) else BOB
            kinds = {spec.kind for spec in live.engine.legal_actions(seat)}
            await h.move(user, "Call" if "call" in kinds and hand_no != 2 else "Check" if "check" in kinds else "Fold")
        live.row.deadline = 0.0
        await h.bot.service.tick()

    name, text = await _file(h, BOB, table=live.id, format="pokerstars")
    assert name == f"cardroom-holdem-table{live.id}-pokerstars.txt"
    hands = await h.bot.storage.hand_records(live.id)
    assert len(hands) >= 3 and len(split_hands(text)) == len(hands)
    for (hand_no, stored), hand in zip(hands, split_hands(text)):
        check_hand(hand, live.id, hand_no, stored, hero=BOB.id)
        assert "Dealt to Bob [" in hand and "Dealt to Alice" not in hand

    name, text = await _file(h, ALICE, table=live.id, hand=1, format="pokerstars", names="seats")
    assert name == f"cardroom-holdem-table{live.id}-hand1-pokerstars.txt"
    assert "Alice" not in text and "Bob" not in text and "Seat 1: Seat 1 (1000 in chips)" in text

    name, _ = await exported(h, BOB, live.id)  # the default is the game's own format
    assert name == f"cardroom-holdem-table{live.id}.phhs"
    await h.close()
