"""Sigma Poker through the real Discord client: two humans and a computer player play a hand to the
showdown. Placements go through the option buttons, a select with readable labels, a preview
picture and Confirm (once Back first). Checked on the way: DMs hold only the player's own cards, no
face-down card or card in hand reaches a channel payload or a rendered public table before the
showdown, and wrong-turn, unseated and stale presses are refused privately.
"""
from __future__ import annotations

import copy
import hashlib
import json
import random
from typing import Any, AsyncIterator

import pytest

from bot.games.base import HIDDEN
from images.choice_labels import sigma_label as choice_label
from tests.support.forged_moves import forged_move
from tests.support.harness import CHANNEL_ID, Harness, Recorder, User
from tests.support.message_writes import hands_to
from tests.support.privacy import text_cards

ALICE, BOB, CAROL = User(4001, "Alice"), User(4002, "Bob"), User(4003, "Carol")
HUMANS = {0: ALICE, 1: BOB}
SEED = hashlib.sha256(b"sigma-e2e").hexdigest()


@pytest.fixture
async def h(tmp_path) -> AsyncIterator[Harness]:
    harness = await Harness.start(str(tmp_path / "cardroom.db"), Recorder())
    harness.bot.service.seeds = lambda _label: SEED
    yield harness
    await harness.close()


def refusal(h: Harness, token: str) -> str:
    """The private refusal a press got (its text)."""
    reply = h.recorder.replies_to(token)[-1].json
    data = reply.get("data", reply)
    assert data["flags"] & 64, "refusals are ephemeral"
    return data["content"]


def reply_message(h: Harness, token: str) -> tuple[dict[str, Any], Any]:
    """The latest reply to an interaction, stored as the private message it shows, and its request."""
    return h.recorder.shown(token), h.recorder.replies_to(token)[-1]


def components(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message["components"] for c in row["components"]]


def mentioned(text: str, codes: set[str]) -> set[str]:
    return text_cards(text) & codes


def listed(dm_text: str) -> set[str]:
    """The card codes a hand DM's text names."""
    return text_cards(json.loads(dm_text)["content"].split("): ", 1)[1])


class Watch:
    """Checks new channel payloads and DMs against what is secret at that moment."""

    def __init__(self, h: Harness):
        self.h = h
        self.seen = 0
        self.dms = {user.id: 0 for user in HUMANS.values()}

    def check(self) -> None:
        live = self.h.bot.service.in_channel(CHANNEL_ID)
        engine = live.engine
        secret = {code for code in engine.in_hand if code is not None}
        if engine.phase != "showdown":
            secret |= {layer.code for layers in engine.layers for layer in layers if not layer.face_up}
        new = self.h.recorder.channel_requests(CHANNEL_ID)[self.seen:]
        self.seen += len(new)
        leaked = mentioned(" ".join(r.text for r in new), secret)
        assert not leaked, f"hidden cards in the channel: {leaked}"
        for seat, user in HUMANS.items():
            own = {layer.code for layer in engine.layers[seat]} | {engine.in_hand[seat]} - {None}
            others = secret - own
            dms = hands_to(self.h.recorder, user.id)
            for dm in dms[self.dms[user.id]:]:
                assert dm.files, "a hand DM carries its picture"
                assert listed(dm.text) <= own and not mentioned(dm.text, others)
            self.dms[user.id] = len(dms)
            if user.id in self.h.panels:  # their cards are on their open panel, no longer sent by DM
                panel = self.h.recorder.messages[self.h.panels[user.id]]["content"]
                assert not mentioned(panel, others), f"another's card on {user.name}'s panel"
            else:
                assert dms and listed(dms[-1].text) == own, "the last DM names every card held, the one drawn too"
        assert set(self.h.recorder.dm_channels.values()) <= {u.id for u in HUMANS.values()}, "no DM to a bot"


async def place(h: Harness, watch: Watch, user: User, seat: int, rng: random.Random, back: bool) -> None:
    """An option button of the panel, a choice in its select, the preview (Back first if asked), then Confirm."""
    engine = h.bot.service.in_channel(CHANNEL_ID).engine
    specs = engine.legal_actions(seat)
    table = await h.panel(user)
    buttons = [c for c in components(table) if c["custom_id"].split(":")[5:6] == ["place"]]
    assert [b["label"] for b in buttons] == [s.label for s in specs]
    index = rng.randrange(len(specs))
    spec = specs[index]
    token = await h.press(user, buttons[index]["custom_id"], table)
    private, request = reply_message(h, token)
    view = engine.view(seat)
    for attempt in range(2 if back else 1):
        (select,) = [c for c in components(private) if c["type"] == 3]
        assert [o["value"] for o in select["options"]] == list(spec.choices)
        assert [o["label"] for o in select["options"]] == [choice_label(view, "place", v) for v in spec.choices]
        value = rng.choice(spec.choices)
        token = await h.press(user, select["custom_id"], private, values=[value])
        private, request = reply_message(h, token)
        assert request.files and "confirm?" in private["content"], "a preview picture before sending"
        assert choice_label(view, "place", value) in private["content"]
        assert engine.to_act() == (seat,) and engine.in_hand[seat] is not None, "nothing sent yet"
        confirm, back_button = components(private)
        assert (confirm["label"], back_button["label"]) == ("Confirm", "Back")
        if attempt == 0 and back:
            token = await h.press(user, back_button["custom_id"], private)
            private, request = reply_message(h, token)
    laid = len(engine.layers[seat])
    token = await h.press(user, confirm["custom_id"], private)
    assert "Sent." in h.ephemeral_text(token)
    assert len(engine.layers[seat]) == laid + 1
    assert engine.layers[seat][-1].code == view["seats"][seat]["in_hand"]["code"]
    await h.open_panel(user)  # the select's presses, not the panel, are followed now: open it again
    watch.check()


async def test_three_players_play_a_hand_to_the_showdown(h: Harness, rendered) -> None:
    await h.command(ALICE, "sigma", "create", limit="fixed-limit", ante=1, small_bet=2)
    await h.command(BOB, "sigma", "join")
    token = await h.command(ALICE, "sigma", "add-bot")
    assert "sits down" in h.ephemeral_text(token)
    await h.command(ALICE, "sigma", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert [s.stack for s in live.row.seats] == [100, 100, 100] and live.row.settings.game["small_bet"] == 2
    watch = Watch(h)
    watch.check()
    token = await forged_move(h, CAROL, "place")
    assert refusal(h, token) == "You are not playing in this hand."

    rng = random.Random(3)
    wrong_turn_tried = back_used = stale_tried = False
    while live.engine.outcome is None:
        engine = live.engine
        (seat,) = engine.to_act()
        user = HUMANS[seat]
        if engine.phase == "placement":
            before = copy.deepcopy(await h.panel(user))
            await place(h, watch, user, seat, rng, back=not back_used)
            back_used = True
            if not stale_tried and live.engine.outcome is None:
                old = next(c for c in components(before) if c["custom_id"].split(":")[5:6] == ["place"])
                token = await h.press(user, old["custom_id"], before)
                assert refusal(h, token) == "That button is out of date: the table has moved on."
                await h.open_panel(user)  # the refused press left the panel no longer followed
                stale_tried = True
            continue
        labels = await h.labels_of(user)
        if not wrong_turn_tried:
            other = HUMANS[1 - seat]
            token = await forged_move(h, other, engine.legal_actions(seat)[0].kind)
            assert refusal(h, token) in ("It is not your turn.", "You can't do that now.")
            wrong_turn_tried = True
        await h.move(user, "Check" if "Check" in labels else "Call")
        watch.check()

    engine = live.engine
    outcome = live.last_deal.outcome
    assert outcome is not None and engine.phase == "showdown" and stale_tried and back_used
    assert all(engine.option[s] in (1, 2) for s in range(3)), "everyone placed"
    assert sorted(engine.option[:2]) == [1, 2], "the humans played both options (and a third card)"
    stacks = [s.stack for s in live.row.seats]
    assert sum(stacks) == 300 and stacks == [100 + d for d in outcome.deltas]
    record = await h.bot.storage.hand_record(live.id, 1)
    assert record is not None and tuple(record.record["outcome"]["deltas"]) == outcome.deltas
    assert "of 9" in h.table_message()["content"]

    # The public tables never showed a face-down card or a card in hand before the showdown.
    tables = [v for name, v in rendered if name == "render_table"]
    before = [v for v in tables if not v["finished"]]
    assert before and tables[-1]["finished"]
    for v in before:
        for s in v["seats"]:
            assert all(c["code"] == HIDDEN and c["cells"] is None for c in s["cards"] if not c["face_up"])
            assert s["in_hand"] is None or s["in_hand"]["code"] == HIDDEN
    assert any(not c["face_up"] and c["code"] != HIDDEN for s in tables[-1]["seats"] for c in s["cards"])
    previews = [r for r in h.recorder.interaction_replies() if any(n == "preview.png" for n, _ in r.files)]
    assert previews and all(r.files[0][1].startswith(b"\x89PNG") for r in previews)
