"""A whole bridge board through the real Discord client: one person (South) and three robots.

South bids with the split bid selects, declares 3NT and plays every card of their hand and of
dummy's through the card select; the board is scored and exported. Along the way: an insufficient
bid, a revoke, a stranger's press and a stale button are refused with ephemeral replies, South's
DMs hold only South's cards, and no hidden card reaches the channel (text or rendered table views)
before the board ends, dummy only after the opening lead. A second board on a fixed deal: South
claims through the amount modal, and the robot defenders reject a claim of too many tricks and
accept a true one.
"""
from __future__ import annotations

import re
from typing import Any

import pytest

import bot.ai.bridge as robots
from bot.games.bridge import BridgeEngine, pbn_hand
from bot.games.cards import DECK, pretty
from tests.support.bridge_seats import south_among_robots
from tests.support.export_checks import exported, parsed_boards
from tests.support.harness import CHANNEL_ID, Harness, Recorder, User

SEED = "05" * 32
"""Board 1 (North deals): North passes, East opens 1♠, and South can take the contract in 3NT."""
SOUTH, STRANGER = User(2001, "Sofia"), User(2002, "Stan")
NORTH = 0
CARD_MENTION = re.compile(r"(?<!bids )(?<!Contract )(?<![\w♠♥♦♣])(10|[2-9JQKA])([♠♥♦♣])")
EPHEMERAL = 64


@pytest.fixture(autouse=True)
def fast_robots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fewer double-dummy samples per robot card: the same kind of play, a fast test."""
    monkeypatch.setattr(robots, "SAMPLES", 2)


def _engine(h: Harness) -> BridgeEngine:
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None and live.engine is not None
    return live.engine


def _step(h: Harness) -> int:
    return h.bot.service.in_channel(CHANNEL_ID).row.step


def _ephemeral(h: Harness, token: str) -> str:
    """The text of a refusal, checking it was sent as an ephemeral message."""
    replies = h.recorder.replies_to(token)
    assert replies, "the interaction was answered"
    flags = [(r.json or {}).get("flags", (r.json or {}).get("data", {}).get("flags", 0)) for r in replies]
    assert any(f & EPHEMERAL for f in flags), "the refusal is ephemeral"
    return h.ephemeral_text(token)


async def _open_select(h: Harness, user: User, label: str) -> list[dict[str, Any]]:
    """Press the table's choice button ``label``; returns the selects of the private reply (stored as
    a message so they can be pressed)."""
    token = await h.press_label(user, label)
    reply = h.recorder.replies_to(token)[-1].json
    assert reply is not None and reply["data"]["flags"] & EPHEMERAL
    message = h.recorder._message(CHANNEL_ID, reply["data"])
    message["_interaction_reply"] = True
    return [dict(c, _message=message) for row in message["components"] for c in row["components"]]


async def _choose(h: Harness, user: User, label: str, value: str) -> str:
    """Open ``label``'s selects and pick ``value`` in the one that offers it."""
    selects = await _open_select(h, user, label)
    select = next(s for s in selects if any(o["value"] == value for o in s["options"]))
    return await h.press(user, select["custom_id"], select["_message"], values=[value])


def _mentioned(text: str) -> set[str]:
    """Card codes named in a channel payload (bids and the contract are not cards)."""
    suits = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
    return {("T" if rank == "10" else rank) + suits[suit] for rank, suit in CARD_MENTION.findall(text)}


async def test_south_declares_and_plays_a_whole_board(database, rendered) -> None:
    recorder = Recorder()
    h = await Harness.start(database, recorder)
    try:
        await _whole_board(h, recorder, rendered)
    finally:
        await h.close()


async def _whole_board(h: Harness, recorder: Recorder, rendered: list[tuple[str, dict[str, Any]]]) -> None:
    h.bot.service.seeds = lambda: SEED
    token = await h.command(SOUTH, "bridge", "create", scoring="rubber", board=5)
    assert "only applies to duplicate" in _ephemeral(h, token)
    assert h.bot.service.in_channel(CHANNEL_ID) is None
    await h.command(SOUTH, "bridge", "create", scoring="duplicate", board=5)
    assert h.bot.service.in_channel(CHANNEL_ID).row.settings["board"] == 5
    await h.command(SOUTH, "bridge", "cancel")
    await south_among_robots(h, SOUTH)
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert [s.user_id == SOUTH.id for s in live.row.seats] == [False, False, True, False]
    await h.command(SOUTH, "bridge", "start")

    engine = _engine(h)
    dealt = [list(hand) for hand in engine.dealt]
    assert engine.to_act() == (2,), "the robots called first: North passed and East opened"
    assert [c for _, c in engine.calls] == ["Pass", "1S"]

    # An insufficient bid (a forged value the select never offers) is refused; a stranger can't bid.
    selects = await _open_select(h, SOUTH, "Bid")
    assert len(selects) == 2, "31 sufficient bids need two selects of at most 25"
    assert selects[0]["options"][0]["value"] == "1NT"
    assert selects[1]["options"][-1]["label"] == "7NT" and "6NT – 7NT" in selects[1]["placeholder"]
    token = await h.press(SOUTH, selects[0]["custom_id"], selects[0]["_message"], values=["1H"])
    assert "A bid must be higher than 1♠." in _ephemeral(h, token), "the engine's reason"
    token = await h.press_label(STRANGER, "Bid")
    assert "not playing" in _ephemeral(h, token)
    assert _step(h) == 2, "refused calls change nothing"

    auction_requests = recorder.channel_requests(CHANNEL_ID)
    assert not any(_mentioned(r.text) for r in auction_requests), "no card is named during the auction"
    stale = h.table_message()
    await _choose(h, SOUTH, "Bid", "3NT")
    assert [c for _, c in engine.calls] == ["Pass", "1S", "3NT", "Pass", "Pass", "Pass"]
    assert engine.declarer == 2 and engine.phase == "play" and len(engine.play) == 1, "West led"
    stale_button = next(c for r in stale["components"] for c in r["components"] if c.get("label") == "Bid")
    token = await h.press(SOUTH, stale_button["custom_id"], stale)
    assert "out of date" in _ephemeral(h, token)

    # The play: South plays dummy's cards and their own, always the first card the select offers,
    # after trying a revoke (a forged value: the select offers only legal cards) once.
    revoked = False
    checked_requests = len(auction_requests)
    named: set[str] = set()  # cards the channel text named during the play
    while engine.outcome is None:
        public = engine.view(None)
        played = {p["card"] for p in public["play"]}
        dummy_cards = set(public["seats"][NORTH]["cards"])
        new = recorder.channel_requests(CHANNEL_ID)[checked_requests:]
        checked_requests += len(new)
        for request in new:
            assert not any(f'"{c}"' in request.text for c in DECK)
            named |= _mentioned(request.text)
            assert _mentioned(request.text) <= played | dummy_cards
        assert engine.to_act() == (2,)
        (spec, *_) = engine.legal_actions(2)
        from_dummy = engine.turn() == NORTH
        assert spec.label == ("Play from dummy" if from_dummy else "Play")
        hand = engine.hands[engine.turn()]
        if not revoked and len(spec.choices) < len(hand):
            wrong = next(c for c in hand if c not in spec.choices)
            selects = await _open_select(h, SOUTH, spec.label)
            token = await h.press(SOUTH, selects[0]["custom_id"], selects[0]["_message"], values=[wrong])
            assert "You must follow suit" in _ephemeral(h, token), "the engine's reason"
            revoked = True
        await _choose(h, SOUTH, spec.label, spec.choices[0])
    assert revoked and len(named) > 20, "the play log in the channel names the cards played"

    # Scored and exported.
    outcome = engine.outcome
    assert outcome.summary.startswith("3NT by S") and engine.won[0] + engine.won[1] == 13
    record = await h.bot.storage.hand_record(live.id, 1)
    assert record is not None and '[Contract "3NT"]' in record.export and '[Declarer "S"]' in record.export
    name, text = await exported(h, SOUTH, live.id, 1)
    (board,) = parsed_boards(text)
    assert name.endswith("hand1.pbn") and board.deal.to_pbn() == "N:" + " ".join(pbn_hand(d) for d in dealt) and len(board.play) == 52
    assert outcome.summary in h.table_message()["content"]
    analysis = engine.view(None)["analysis"]
    assert analysis is not None, "solved once the board was over: the picture shows the table and par"
    assert f"[OptimumScore \"NS {analysis['par_score']}\"]" in text and "[ParContract" in text
    assert f"Par {analysis['par_contracts'][0]}" in h.table_message()["content"], "the table is told the par"

    # South's DMs name only South's cards; every hand image was South's own view.
    dms = recorder.dm_requests(SOUTH.id)
    assert dms and all(r.files for r in dms)
    assert all(_mentioned(r.text) <= set(dealt[2]) for r in dms)
    assert all(pretty(c) in dms[0].text for c in dealt[2])
    assert all(view["viewer"] == 2 for name, view in rendered if name == "render_hand")

    # Rendered tables: nobody's hand before the end, dummy's only after the opening lead.
    tables = [view for name, view in rendered if name == "render_table"]
    assert tables[-1]["finished"] and tables[-1]["deal"] == [sorted(d, key=_order) for d in dealt]
    for view in tables[:-1]:
        assert not view["finished"] and view["deal"] is None
        for seat, info in enumerate(view["seats"]):
            face_up = seat == NORTH and bool(view["play"])
            assert all(c != "??" for c in info["cards"]) if face_up else set(info["cards"]) <= {"??"}


def _order(card: str) -> tuple[int, int]:
    return "shdc".index(card[1]), -"23456789TJQKA".index(card[0])


CLAIM_DEAL = "N:.6543.5432.65432 2.987.9876.JT987 AKQJT9876543.2.. .AKQJT.AKQJT.AKQ"
"""North and East are too weak to open; South (twelve spades and the heart two) bids 6♠ and makes
exactly twelve tricks whatever West leads: the heart two always loses, East's spade two never
wins, and North's low cards never take a trick on which South could throw the heart."""


async def test_robot_defenders_answer_south_claims(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    try:
        await _claims(h)
    finally:
        await h.close()


async def _claims(h: Harness) -> None:
    await h.command(SOUTH, "bridge", "create")
    await h.command(SOUTH, "bridge", "leave")
    for _ in range(2):
        await h.command(SOUTH, "bridge", "add-bot")
    await h.command(SOUTH, "bridge", "join")
    await h.command(SOUTH, "bridge", "add-bot")
    h.bot.service.in_channel(CHANNEL_ID).row.settings["deal"] = CLAIM_DEAL
    await h.command(SOUTH, "bridge", "start")
    engine = _engine(h)
    assert [c for _, c in engine.calls] == ["Pass", "Pass"]
    await _choose(h, SOUTH, "Bid", "6S")
    assert engine.declarer == 2 and len(engine.play) == 1, "West led"

    await _claim(h, 13)
    assert engine.phase == "play" and engine.claim_tricks is None and len(engine.play) == 1
    assert "rejects the claim; play continues" in h.table_message()["content"]
    assert engine.to_act() == (2,), "South plays on"

    await _claim(h, 12)
    assert engine.outcome is not None and engine.claimed and engine.won == [12, 1]
    assert engine.outcome.summary.startswith("6S by S making 6")
    assert engine.outcome.summary in h.table_message()["content"]


async def _claim(h: Harness, tricks: int) -> None:
    """South presses Claim and types the total in the amount modal; the robots answer."""
    token = await h.press_label(SOUTH, "Claim")
    modal = h.recorder.replies_to(token)[-1].json
    assert modal is not None and modal["type"] == 9, "the amount modal opened"
    await h.submit_modal(SOUTH, modal["data"]["custom_id"], {"amount": str(tricks)})
