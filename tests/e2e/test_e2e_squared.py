"""Poker Squared through the real Discord client: two humans play a 9-round match to the end.

Placements are picked on the players' seat panels in one press (a card@cell button, or its option in
the panel's selects), betting uses the panel's buttons and once the amount modal. Checked on the way:
a placement stays off the channel until both have placed, DMs hold only the player's own hand, no
card in a hand reaches a channel payload or a rendered public table, and wrong-turn, unseated and
stale presses are refused privately.
"""
from __future__ import annotations

import copy
import hashlib
import json
import random
import time
from typing import Any, AsyncIterator

import pytest

from bot.games.base import HIDDEN
from bot.games.cards import pretty
from bot.games.squared import CELLS
from tests.support.discord_clock import ManualClock
from tests.support.forged_moves import forged_move
from tests.support.harness import CHANNEL_ID, Harness, Recorder, User

ALICE, BOB, CAROL = User(3001, "Alice"), User(3002, "Bob"), User(3003, "Carol")
PLAYERS = (ALICE, BOB)
SEED = hashlib.sha256(b"squared-e2e").hexdigest()


def refusal(h: Harness, token: str) -> str:
    """The private refusal a press got (its text)."""
    reply = h.recorder.replies_to(token)[-1].json
    data = reply.get("data", reply)
    assert data["flags"] & 64, "refusals are ephemeral"
    return data["content"]


def mentions(text: str, cards: set[str]) -> set[str]:
    return {c for c in cards if pretty(c) in text or f'"{c}"' in text}


def dm_cards(text: str) -> list[str]:
    """The cards listed in a hand DM ("Your hand at table #1 (hand #1): A♠ 10♦ ...")."""
    return json.loads(text)["content"].split("): ", 1)[1].split()


class Watch:
    """Checks each new channel payload and DM against what is secret at that moment."""

    def __init__(self, h: Harness):
        self.h = h
        self.seen = 0
        self.dms = {user.id: 0 for user in PLAYERS}

    def check(self) -> None:
        engine = self.h.bot.service.in_channel(CHANNEL_ID).engine
        secret = set(engine.hands[0] + engine.hands[1])
        secret |= {p[0] for p in engine.placing if p is not None}
        if engine.last_showdown:  # shown at the last showdown, then reshuffled and dealt again
            secret -= {c for hand in engine.last_showdown["hands"] for c in hand}
        new = self.h.recorder.channel_requests(CHANNEL_ID)[self.seen:]
        self.seen += len(new)
        leaked = mentions(" ".join(r.text for r in new), secret)
        assert not leaked, f"hidden cards in the channel: {leaked}"
        for seat, user in enumerate(PLAYERS):
            dms = self.h.recorder.dm_requests(user.id)
            for dm in dms[self.dms[user.id]:]:
                assert dm.files, "a hand DM carries its picture"
                assert dm_cards(dm.text) == [pretty(c) for c in engine.view(seat)["hands"][seat]]
            self.dms[user.id] = len(dms)


def placements(panel: dict[str, Any]) -> dict[str, str]:
    """The card@cell choices a seat panel offers (its pick buttons, or its pick selects' options), by their words."""
    found: dict[str, str] = {}
    for component in (c for r in panel["components"] for c in r["components"]):
        parts = str(component.get("custom_id", "")).split(":")
        if parts[:2] == ["cr", "k"] and parts[5] == "place":
            found[":".join(parts[6:])] = str(component["label"])
        elif parts[:2] == ["cr", "q"] and parts[5] == "place":
            found |= {o["value"]: o["label"] for o in component["options"]}
    return found


async def place(h: Harness, watch: Watch, user: User, seat: int, rng: random.Random) -> str:
    """Pick a card@cell on the member's panel, in one press; returns the card placed."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    hand = live.engine.view(seat)["hands"][seat]
    empty = [CELLS[i] for i, card in enumerate(live.engine.grids[seat]) if card is None]
    options = placements(await h.panel(user))
    assert sorted(options) == sorted(f"{c}@{cell}" for c in hand for cell in empty)
    value = rng.choice(sorted(options))
    card, cell = value.split("@")
    assert options[value].startswith(f"{pretty(card)} on {cell} (")
    step = live.row.step
    token = await h.pick(user, "place", value)
    assert live.row.step > step, h.ephemeral_text(token)
    watch.check()
    return card


@pytest.fixture
async def h(tmp_path) -> AsyncIterator[Harness]:
    harness = await Harness.start(str(tmp_path / "cardroom.db"), Recorder())
    harness.bot.service.seeds = lambda _label: SEED
    yield harness
    await harness.close()


async def test_two_humans_play_a_nine_round_match(h: Harness, rendered) -> None:
    recorder = h.recorder
    clock = ManualClock(time.time())  # the turns' deadlines, read against a clock that waits for the test
    h.bot.service.clock = clock.time
    await h.command(ALICE, "squared", "create", rounds=9)
    await h.command(BOB, "squared", "join")
    await h.command(ALICE, "squared", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live.row.settings.game["rounds"] == 9 and [s.stack for s in live.row.seats] == [40, 40]
    assert live.row.deadline == clock.time() + 120, "two minutes to place, from the engine"
    watch = Watch(h)
    watch.check()
    first_panel = copy.deepcopy(await h.panel(ALICE))  # kept for a press from an earlier hand
    token = await forged_move(h, CAROL, "place")
    assert refusal(h, token) == "You are not playing in this hand."

    rng = random.Random(5)
    modal_used = wrong_turn_tried = False
    while live.engine.outcome is None:
        engine = live.engine
        if engine.phase == "place":
            round_no = engine.round_no
            card = await place(h, watch, ALICE, 0, rng)
            public = engine.view(None)
            assert public["placed"] == [True, False] and card not in public["grids"][0]
            assert card not in engine.view(1)["grids"][0]
            last_table = [v for name, v in rendered if name == "render_table"][-1]
            assert card not in last_table["grids"][0] and last_table["placed"] == [True, False]
            first_pick = copy.deepcopy(await h.panel(BOB))  # kept for a stale press below
            await place(h, watch, BOB, 1, rng)
            assert card in engine.view(None)["grids"][0] or engine.round_no > round_no
            if round_no == 1:
                step = live.row.step
                token = await press_placement(h, BOB, first_pick)
                assert refusal(h, token).startswith(("You ", "That button")), "a used pick is refused"
                assert live.row.step == step
                await h.open_panel(BOB)  # the refused press left his panel no longer followed
            continue
        seat = engine.to_act()[0]
        user, other = PLAYERS[seat], PLAYERS[1 - seat]
        labels = await h.labels_of(user)
        if not wrong_turn_tried:
            assert live.row.deadline == clock.time() + 60, "one minute to bet, from the engine"
            step = live.row.step
            token = await forged_move(h, other, engine.legal_actions(seat)[0].kind)
            assert refusal(h, token) in ("It is not your turn.", "You can't do that now.")
            assert live.row.step == step
            wrong_turn_tried = True
        if not modal_used and "Bet…" in labels:
            token = await h.move(user, "Bet")
            modal = recorder.replies_to(token)[-1].json
            assert modal["type"] == 9
            await h.submit_modal(user, modal["data"]["custom_id"], {"amount": "2"})
            assert engine.pot.total >= 4 and engine.betting.bets[seat] == 2
            modal_used = True
        else:
            await h.move(user, "Check" if "Check" in labels else "Call")
        watch.check()

    outcome = live.last_deal.outcome
    assert outcome is not None and outcome.match_over and modal_used
    assert live.engine.round_no == 9 and live.row.status == "lobby"
    assert [s.stack for s in live.row.seats] == [0, 0], "the match's stacks went back to the wallets"
    wallets = [await h.bot.storage.balance(live.row.guild_id, u.id) for u in (ALICE, BOB)]
    assert wallets == [1000 + d for d in outcome.deltas]
    assert live.engine.last_grid is not None and live.engine.last_grid["round"] == 9
    record = await h.bot.storage.hand_record(live.id, 1)
    assert record is not None and tuple(record.record["outcome"]["deltas"]) == outcome.deltas
    assert "wins the match" in h.table_message()["content"] or "draw" in h.table_message()["content"]

    # Public tables never showed a card in hand; a card placed alone never showed before the reveal.
    tables = [v for name, v in rendered if name == "render_table"]
    assert tables and all(c == HIDDEN for v in tables for hand in v["hands"] for c in hand)
    assert all(v["viewer"] is None for v in tables)

    token = await press_placement(h, ALICE, first_panel)
    assert refusal(h, token) == "That button is from an earlier hand."


async def press_placement(h: Harness, user: User, panel: dict[str, Any]) -> str:
    """Press the first placement ``panel`` offered (as it was then): its button, or its select's first option."""
    component = next(c for r in panel["components"] for c in r["components"]
                     if str(c.get("custom_id", "")).split(":")[5:6] == ["place"])
    values = [component["options"][0]["value"]] if "options" in component else None
    return await h.press(user, component["custom_id"], panel, values=values)


async def test_one_player_against_the_computer(h: Harness) -> None:
    await h.command(ALICE, "squared", "create", rounds=9)
    token = await h.command(ALICE, "squared", "add-bot")
    assert "sits down" in h.ephemeral_text(token)
    await h.command(ALICE, "squared", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    watch = Watch(h)
    rng = random.Random(8)
    while live.engine.outcome is None:
        engine = live.engine
        if engine.phase == "place":
            assert engine.to_act() == (0,) and engine.view(None)["placed"] == [False, True], "the robot placed"
            watch.check()  # its card stays secret until Alice places
            await place(h, watch, ALICE, 0, rng)
            continue
        assert engine.to_act() == (0,), "the robot acts by itself"
        labels = await h.labels_of(ALICE)
        await h.move(ALICE, "Check" if "Check" in labels else "Call")
        watch.check()
    assert live.last_deal is not None and live.last_deal.outcome.match_over
    assert await h.bot.storage.balance(live.row.guild_id, ALICE.id) == 1000 + live.last_deal.outcome.deltas[0]


async def test_a_placement_button_stays_valid_while_its_player_has_not_placed(h: Harness) -> None:
    """Both place at once: Alice placing moves the table on a step, yet Bob's placement from before
    (the panel he is looking at) still makes his move; Alice's from before is refused."""
    await h.command(ALICE, "squared", "create")
    await h.command(BOB, "squared", "join")
    await h.command(ALICE, "squared", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    alice_before = copy.deepcopy(await h.panel(ALICE))  # as each saw their panel, before anyone placed
    bob_before = copy.deepcopy(await h.panel(BOB))
    step = live.row.step
    watch = Watch(h)
    watch.check()
    await place(h, watch, ALICE, 0, random.Random(1))
    assert live.row.step == step + 1 and live.engine.to_act() == (1,)
    token = await press_placement(h, ALICE, alice_before)
    assert refusal(h, token).startswith(("You ", "That button")), "she has placed already"
    token = await press_placement(h, BOB, bob_before)
    assert live.row.step == step + 2, h.ephemeral_text(token)
