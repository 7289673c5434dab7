"""Gin rummy through the real Discord client: one player against the computer for a whole hand (draws,
a knock, layoffs chosen in a select with readable labels, the score sheet), and two humans taking
turns."""
from __future__ import annotations

import copy
import hashlib
import json
import random
from typing import Any

from bot.ai.gin import choose
from bot.games.base import Action, Seat
from bot.games.cards import pretty
from bot.games.gin import GinEngine
from tests.support.export_checks import exported
from tests.support.forged_moves import forged_move
from tests.support.harness import CHANNEL_ID, GUILD_ID, Harness, Recorder, User
from tests.support.message_writes import hands_to

ALICE, BOB, MALLORY = User(2001, "Alice"), User(2002, "Bob"), User(2003, "Mallory")
SEED = hashlib.sha256(b"gin-e2e-7").hexdigest()
"""With Alice playing ``choose`` seeded "alice:<step>": a pass, a card from the discard pile, a knock by
the computer, two layoffs and "Done"."""


async def choose_in_select(h: Harness, user: User, kind: str, values: list[str]) -> str:
    """Open the select for ``kind`` and pick ``values`` in it; returns the select's interaction token."""
    private, selects = await h.open_choice(user, kind)
    select = next(s for s in selects if set(values) <= {o["value"] for o in s["options"]})
    return await h.press(user, select["custom_id"], private, values=values)


def _value(action: Action) -> str:
    return f"{action.cards[0]}@{action.target}" if action.target is not None else action.cards[0]


async def play(h: Harness, user: User, action: Action) -> str:
    """Make ``action`` as a player would on their seat panel: a button, one pick (its own button or its
    option in the panel's select), or a button then a choice in its private select."""
    if len(action.cards) == 1:
        return await h.pick(user, action.kind, _value(action))
    if action.cards:
        return await choose_in_select(h, user, action.kind, [_value(action), *action.cards[1:]])
    message, component = await h.table_button(action.kind, user)
    return await h.press(user, component["custom_id"], message)


async def choice_labels(h: Harness, user: User, kind: str) -> list[str]:
    """The words of each choice of ``kind`` on the member's panel (its buttons' labels, its selects' options)."""
    found = [c for r in (await h.panel(user))["components"] for c in r["components"]
             if str(c.get("custom_id", "")).split(":")[5:6] == [kind]]
    return [str(o["label"]) for c in found for o in c.get("options", [])] + [str(c["label"]) for c in found if "options" not in c]


async def pick_component(h: Harness, user: User, action: Action) -> tuple[dict[str, Any], dict[str, Any]]:
    """The member's panel (a copy) and its component that makes ``action``, a one-pick move."""
    panel = copy.deepcopy(await h.panel(user))
    for component in (c for r in panel["components"] for c in r["components"]):
        parts = str(component.get("custom_id", "")).split(":")
        if parts[5:6] == [action.kind] and (":".join(parts[6:]) == _value(action)
                                            or _value(action) in [o["value"] for o in component.get("options", [])]):
            return panel, component
    raise LookupError(f"no {action} on {user.name}'s panel")


def channel_text(recorder: Recorder, requests: int | None = None) -> str:
    return " ".join(r.text for r in recorder.channel_requests(CHANNEL_ID)[:requests])


def shows(text: str, card: str) -> bool:
    return pretty(card) in text or f'"{card}"' in text


async def test_one_player_against_the_computer(database, rendered) -> None:
    h = await Harness.start(database)
    h.bot.service.seeds = lambda _label: SEED
    token = await h.command(ALICE, "gin", "create", knock_limit=10, match="game")
    assert "table #1 is open" in h.ephemeral_text(token)
    token = await h.command(ALICE, "gin", "add-bot")
    assert "Ada (bot) sits down" in h.ephemeral_text(token)
    token = await h.command(MALLORY, "gin", "start")
    assert "Only a seated player" in h.ephemeral_text(token)
    await h.command(ALICE, "gin", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None and live.row.settings.game["target"] == 100
    token = await forged_move(h, MALLORY, "pass")
    assert "not playing in this hand" in h.ephemeral_text(token)

    labels: dict[str, list[str]] = {}
    stale: dict[str, Any] | None = None
    before_showdown = 0
    while live.engine.outcome is None:
        assert live.engine.to_act() == (0,), "the computer plays its turns at once"
        view = live.engine.view(0)
        action = choose(view, live.engine.legal_actions(0), random.Random(f"alice:{live.row.step}"))
        if action.kind == "draw_stock" and stale is None:
            stale = copy.deepcopy(await h.panel(ALICE))
        elif action.kind == "draw_stock":
            old = next(c for r in stale["components"] for c in r["components"] if c["custom_id"].endswith("draw_stock"))
            token = await h.press(ALICE, old["custom_id"], stale)
            assert "out of date" in h.ephemeral_text(token)
            await h.open_panel(ALICE)  # the refused press left her panel no longer followed
        if action.kind in ("layoff", "discard"):
            labels[action.kind] = await choice_labels(h, ALICE, action.kind)
        if view["phase"] != "layoff":
            before_showdown = len(h.recorder.channel_requests(CHANNEL_ID))
        step = live.row.step
        token = await play(h, ALICE, action)
        assert live.row.step > step, h.ephemeral_text(token)

    summary = "Ada (bot) knocks with 6; Alice has 10 after laying off: Ada (bot) scores 4."
    assert live.last_deal is not None and live.last_deal.outcome.summary == summary
    assert h.table_message()["content"].count(summary) >= 1
    assert any("→ meld" in label and "(" in label for label in labels["layoff"]), labels
    assert all("leaves" in label and "deadwood" in label for label in labels["discard"])

    # The same actions on a fresh engine give the same hand: the log is the game.
    record = await h.bot.storage.hand_record(live.id, 1)
    assert record is not None
    name, text = await exported(h, ALICE, live.id, 1)
    assert name.endswith("hand1.json") and json.loads(text) == json.loads(record.export)
    reference = GinEngine(live.row.settings.to_json(), [Seat("Alice"), Seat("Ada (bot)", is_bot=True)], SEED,
                          {"hand_no": 1})
    for seat, action in record.record["actions"]:
        reference.apply(seat, Action.from_json(action))
    assert reference.outcome is not None and reference.outcome.summary == summary
    kinds = [(seat, a["kind"]) for seat, a in record.record["actions"]]
    assert (0, "layoff") in kinds and (0, "done") in kinds and (1, "knock") in kinds
    assert live.row.carry.game["lines"] == [{"hand": 1, "winner": 1, "kind": "knock", "points": 4}]
    assert [s[:2] for s in await h.bot.storage.stats(GUILD_ID, ALICE.id)] == [("gin", 1)]

    # The score sheet.
    token = await h.command(ALICE, "gin", "score")
    replies = h.recorder.replies_to(token)
    assert any(name == "scores.png" for r in replies for name, _ in r.files)
    assert "Alice 0, Ada (bot) 4" in h.ephemeral_text(token)
    # A button from the finished hand is refused.
    token = await h.press(ALICE, old["custom_id"], stale)
    assert "earlier hand" in h.ephemeral_text(token)

    # Nothing of a hand reached the channel before it was laid down, except cards taken from the pile.
    final = reference.view(None)["players"]
    secret = {c for p in final for c in p["cards"] if c not in p["picked"]}
    early = channel_text(h.recorder, before_showdown)
    assert secret and not [c for c in secret if shows(early, c)]
    tables = [v for name, v in rendered if name == "render_table"]
    hidden = [v for v in tables if v["showdown"] is None]
    assert hidden and all(c == "??" for v in hidden for p in v["players"] for c in p["cards"])
    assert all(v["viewer"] is None for v in tables)
    # Alice's DMs and hand images are hers alone; the computer gets none.
    hands = [v for name, v in rendered if name == "render_hand"]
    assert hands and all(v["viewer"] == 0 for v in hands)
    assert all(c == "??" for v in hands if v["showdown"] is None for c in v["players"][1]["cards"])
    dms = hands_to(h.recorder, ALICE.id)
    assert len(dms) == len(hands) and all(r.files for r in dms)
    bot_secret = {c for c in final[1]["cards"] if c not in final[1]["picked"]}
    assert not [c for r in dms for c in bot_secret if shows(r.text, c)]
    assert not [r for r in h.recorder.requests if r.path == "/users/@me/channels"
                and int(r.json["recipient_id"]) < 0]
    await h.close()


async def test_two_players_take_turns(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    h.bot.service.seeds = lambda _label: SEED
    await h.command(ALICE, "gin", "create", target=250, big_gin=False)
    await h.command(BOB, "gin", "join")
    await h.command(BOB, "gin", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None and live.row.settings.game["target"] == 250 and live.row.settings.game["big_gin"] is False
    token = await forged_move(h, BOB, "pass")
    assert "not your turn" in h.ephemeral_text(token)
    for _ in range(6):  # pass, pass, then draws and discards
        seat = live.engine.to_act()[0]
        user = (ALICE, BOB)[seat]
        action = live.engine.timeout_action(seat)
        other = (ALICE, BOB)[1 - seat]
        if action.cards:  # the other player presses the pick on a copy of the player's panel
            panel, component = await pick_component(h, user, action)
            values = [_value(action)] if "options" in component else None
            token = await h.press(other, component["custom_id"], panel, values=values)
            assert "not your turn" in h.ephemeral_text(token)
            await h.open_panel(other)  # the refused press left their panel no longer followed
        await play(h, user, action)
    assert live.row.step == 6 and live.engine.view(None)["phase"] == "draw"
    for seat, user in enumerate((ALICE, BOB)):
        cards = live.engine.view(seat)["players"][seat]["cards"]
        others = live.engine.view(1 - seat)["players"][1 - seat]["cards"]
        last = (await h.panel(user))["content"]  # their cards are on their open panel
        assert all(pretty(c) in last for c in cards) and not any(pretty(c) in last for c in others)
    await h.close()
