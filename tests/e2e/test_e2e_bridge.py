"""A whole bridge board through the real Discord client: one person (South) and three robots.

South bids with the two bid selects of their seat panel, declares 3NT and plays every card of their
hand and of dummy's with the panel's card buttons (one press a card); the board is scored and
exported. Along the way: an insufficient bid and a revoke (values the panel never offers), a
stranger's call and a stale panel's button are refused with ephemeral replies, South's DMs and
panel hold only South's cards (and dummy's once it is down), and no hidden card reaches the channel (text or rendered table views)
before the board ends, dummy only after the opening lead. A second board on a fixed deal: South
claims through the amount modal, and the robot defenders reject a claim of too many tricks and
accept a true one.
"""
from __future__ import annotations

import copy
import re
from dataclasses import replace
from typing import Any

import pytest

import bot.ai.bridge as robots
from bot.adapter.seat.panel_text import by_suit
from bot.games.bridge import BridgeEngine, pbn_hand
from bot.games.cards import DECK, pretty
from tests.support.bridge_seats import south_among_robots
from tests.support.export_checks import exported, parsed_boards
from tests.support.harness import CHANNEL_ID, Harness, Recorder, Request, User

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


def _components(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message["components"] for c in row["components"]]


def _picks(message: dict[str, Any], kind: str, prefix: str) -> list[dict[str, Any]]:
    """The one-press components of move ``kind`` on a panel: its pick buttons (``cr:k:``) or selects
    (``cr:q:``)."""
    return [c for c in _components(message)
            if str(c.get("custom_id", "")).startswith(prefix) and c["custom_id"].split(":")[5] == kind]


def _holding(message: dict[str, Any], component: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``message`` holding only ``component``: a press a forging client could send from it."""
    return message | {"components": [{"type": 1, "components": [component]}]}


def _seen_in_channel(recorder: Recorder) -> list[Request]:
    """Every request whose message the channel sees: posts and edits by the channel route, and public
    interaction replies (the table message posted afresh as a follow-up of a member's press, and its
    edits through that press's token)."""
    return [r for r in recorder.requests if f"/channels/{CHANNEL_ID}/" in r.path
            or (r.path.startswith(("/interactions/", "/webhooks/")) and r.ephemeral is False)]


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
    h.bot.service.seeds = lambda _label: SEED
    token = await h.command(SOUTH, "bridge", "create", scoring="rubber", board=5)
    assert "only applies to duplicate" in _ephemeral(h, token)
    assert h.bot.service.in_channel(CHANNEL_ID) is None
    await h.command(SOUTH, "bridge", "create", scoring="duplicate", board=5)
    assert h.bot.service.in_channel(CHANNEL_ID).row.settings.game["board"] == 5
    await h.command(SOUTH, "bridge", "cancel")
    await south_among_robots(h, SOUTH)
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert [s.user_id == SOUTH.id for s in live.row.seats] == [False, False, True, False]
    await h.command(SOUTH, "bridge", "start")

    engine = _engine(h)
    dealt = [list(hand) for hand in engine.dealt]
    assert engine.to_act() == (2,), "the robots called first: North passed and East opened"
    assert [c for _, c in engine.calls] == ["Pass", "1S"]

    # South's panel: their cards suit by suit, and the sufficient bids in two selects. An insufficient
    # bid (a forged value the selects never offer) is refused; a stranger is offered no call, and one
    # forged onto their own panel is refused.
    panel = await h.open_panel(SOUTH)
    assert f"your cards: {by_suit(dealt[2])}" in panel["content"]
    selects = _picks(panel, "bid", "cr:q:")
    assert len(selects) == 2, "31 sufficient bids need two selects of at most 25"
    assert selects[0]["options"][0]["value"] == "1NT"
    assert selects[1]["options"][-1]["label"] == "7NT" and "6NT – 7NT" in selects[1]["placeholder"]
    token = await h.press(SOUTH, selects[0]["custom_id"], panel, values=["1H"])
    assert "A bid must be higher than 1♠." in _ephemeral(h, token), "the engine's reason"
    assert not _picks(await h.panel(STRANGER), "bid", "cr:"), await h.labels_of(STRANGER)
    token = await h.press(STRANGER, selects[0]["custom_id"], _holding(await h.panel(STRANGER), selects[0]),
                          values=["1NT"])
    assert "not playing" in _ephemeral(h, token)
    assert _step(h) == 2, "refused calls change nothing"

    auction_requests = _seen_in_channel(recorder)
    assert not any(_mentioned(r.text) for r in auction_requests), "no card is named during the auction"
    stale = copy.deepcopy(await h.panel(SOUTH))
    await h.pick(SOUTH, "bid", "3NT")
    assert [c for _, c in engine.calls] == ["Pass", "1S", "3NT", "Pass", "Pass", "Pass"]
    assert engine.declarer == 2 and engine.phase == "play" and len(engine.play) == 1, "West led"
    stale_pass = next(c for c in _components(stale) if c.get("label") == "Pass")
    token = await h.press(SOUTH, stale_pass["custom_id"], stale)
    assert "out of date" in _ephemeral(h, token)

    # The play: South plays dummy's cards and their own, always the first card the panel offers, after
    # trying a revoke (a forged button: the panel offers only legal cards) once.
    revoked = False
    checked_requests = len(auction_requests)
    named: set[str] = set()  # cards the channel text named during the play
    while engine.outcome is None:
        public = engine.view(None)
        played = {p["card"] for p in public["play"]}
        dummy_cards = set(public["seats"][NORTH]["cards"])
        new = _seen_in_channel(recorder)[checked_requests:]
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
        panel = await h.panel(SOUTH)
        cards = _picks(panel, "play", "cr:k:")
        assert sorted(c["custom_id"].split(":")[6] for c in cards) == sorted(spec.choices), "a button a legal card"
        assert ("play a card from dummy" in panel["content"]) == from_dummy
        if not revoked and len(spec.choices) < len(hand):
            wrong = next(c for c in hand if c not in spec.choices)
            forged = dict(cards[0], custom_id=":".join(cards[0]["custom_id"].split(":")[:6] + [wrong]))
            token = await h.press(SOUTH, forged["custom_id"], _holding(panel, forged))
            assert "You must follow suit" in _ephemeral(h, token), "the engine's reason"
            revoked = True
        await h.pick(SOUTH, "play", spec.choices[0])
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
    row = h.bot.service.in_channel(CHANNEL_ID).row
    row.settings = replace(row.settings, game={**row.settings.game, "deal": CLAIM_DEAL})
    await h.command(SOUTH, "bridge", "start")
    engine = _engine(h)
    assert [c for _, c in engine.calls] == ["Pass", "Pass"]
    await h.pick(SOUTH, "bid", "6S")
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
    token = await h.move(SOUTH, "Claim")
    modal = h.recorder.replies_to(token)[-1].json
    assert modal is not None and modal["type"] == 9, "the amount modal opened"
    await h.submit_modal(SOUTH, modal["data"]["custom_id"], {"amount": str(tricks)})
