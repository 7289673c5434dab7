"""Malformed and hostile interactions against every game, through the real Discord client.

For each registered game a table is opened and dealt, then a generated list of inputs is fed to it:
custom_ids that match no template, every template with its fields mutated (other tables' ids, 0,
10**30, negative, non-numeric, unicode, empty, missing fields, wrong kinds, select values that are
not offered, garbage previews), real components pressed by a user who is not seated, by a seated
user out of turn, on a message that does not hold them or with no message at all, and amount forms
with malformed amounts, missing fields or after they expired; plus seeded random mutations. Each
input must get a non-empty ephemeral answer, log no error and change nothing at either table.
"""
from __future__ import annotations

from bot.service.table.press import Press
import copy
import json
import logging
import random
import re
from dataclasses import dataclass
from typing import Any

import pytest

from bot.registry import game as game_spec
from bot.registry import game_names
from bot.service.table.live import LiveTable
from tests.support.harness import CHANNEL_ID, Harness, User

PLAYERS = (User(3101, "Alice"), User(3102, "Bob"), User(3103, "Carol"), User(3104, "Dan"))
EVE = User(3109, "Eve")  # never seated
OTHERS = (User(3201, "Olga"), User(3202, "Otto"))  # seated at the table of another channel
OTHER_CHANNEL = CHANNEL_ID + 77
EPHEMERAL = 64
HUGE = 10**30
MIN_INPUTS = 40
SETUP_MOVES = 16
SEED = "f0" * 32
KINDS = ("fold", "check", "call", "bet", "raise", "discard", "draw", "knock", "gin", "layoff", "place", "bid",
         "play", "pass", "double", "redouble", "take", "stand", "complete", "bring_in", "teleport", "x_")
"""Move kinds of every family and some no game has; the ones legal now are left out."""
JUNK = ("", "abc", "-1", "٣", "１", "१२", "1e9", "0x10", "♠♥♦♣", "\u200b", "𝔘𝔫𝔦", "é" * 40, "NaN",
        " 5")
"""Field values no template accepts (not ASCII digits, or not a lowercase kind)."""
AMOUNTS = ("-5", "1e9", "abc", "٣", "", "99999999999999999999999", "0", "1", " ", "12.5", "½", "5 0")
NEVER_HANDLED = ("", "zzz", "cr:", "cr:a:", "cr:a:abc", "cr:x:1:1:1:fold", "♠" * 100, "cr:a:1:1:1:FOLD",
                 "cr:u:1:HAND", "cr:u:1:", "cr:p:maybe:1:1:1:place:x", "cr:a:1:1:1:fold\n")


@dataclass
class Input:
    """One hostile interaction: a component press (on a forged message, a message without the
    component, or none) or a form submission (``fields`` None: no text field at all)."""

    user: User
    custom_id: str
    component_type: int = 2
    values: list[str] | None = None
    message: str = "forged"  # "forged" | "missing" | "none" | "reply" (the private selects' message)
    form: bool = False
    fields: dict[str, str] | None = None
    opens_form: str | None = None  # the real button to press first, so the form is open


@dataclass
class Scene:
    """What the inputs are generated from: the dealt table, who may act, its components."""

    h: Harness
    live: LiveTable
    other: LiveTable
    actor: User
    idle: User | None  # seated, not to act
    buttons: list[dict[str, Any]]  # table message and actor's panel components
    other_buttons: list[dict[str, Any]]
    selects: list[dict[str, Any]]  # private selects opened by the actor's choice buttons
    reply_message: dict[str, Any] | None


async def _command_in(h: Harness, channel_id: int, user: User, group: str, sub: str) -> None:
    """A slash command in another channel of the same server."""
    token, payload = h._base(user, 2, {"id": "1", "name": group, "type": 1,
                                       "options": [{"name": sub, "type": 1, "options": []}]})
    payload["channel_id"] = payload["channel"]["id"] = str(channel_id)
    await h._dispatch(payload)


def _user(user_id: int) -> User:
    return next(u for u in PLAYERS if u.id == user_id)


def _components(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components", []) for c in row.get("components", [])]


async def _deal(h: Harness, game: str) -> Scene:
    await _command_in(h, OTHER_CHANNEL, OTHERS[0], "holdem", "create")
    await _command_in(h, OTHER_CHANNEL, OTHERS[1], "holdem", "join")
    await _command_in(h, OTHER_CHANNEL, OTHERS[0], "holdem", "start")
    seated = PLAYERS[:game_spec(game).min_players]
    h.bot.service.seeds = lambda _label: SEED
    await h.command(seated[0], game, "create")
    for user in seated[1:]:
        await h.command(user, game, "join")
    await h.command(seated[0], game, "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    other = h.bot.service.in_channel(OTHER_CHANNEL)
    assert live is not None and other is not None
    await _advance(h, live, game)
    assert live.row.deal is not None and other.row.deal is not None
    acting = [live.table_seat_of(s).user_id for s in live.engine.to_act()]
    actor = _user(acting[0])
    idle = next((u for u in seated if u.id not in acting), None)
    panel = await h.open_panel(actor)  # the actor's moves are on their seat panel
    buttons = _components(h.table_message()) + _components(panel)
    selects, reply_message = await _open_selects(h, actor, panel)
    await h.open_panel(actor)  # the selects' presses, not the panel, are followed now: open it again
    return Scene(h, live, other, actor, idle, buttons, _components(h.recorder.messages_in(OTHER_CHANNEL)[-1]),
                 selects, reply_message)


def _plan(engine: Any, choose: Any, rng: random.Random) -> list[tuple[int, Any]]:
    """The computer's moves, tried on a copy, that lead to the richest state to fuzz within
    SETUP_MOVES without ending the deal: one where the seat to act picks cards or values (selects),
    else one where it types an amount (the form); at least one move, so earlier steps exist."""
    trial = copy.deepcopy(engine)
    moves: list[tuple[int, Any]] = []
    best, best_score = 1, 0
    for count in range(1, SETUP_MOVES + 1):
        seat = trial.to_act()[0]
        action = choose(trial.view(seat), trial.legal_actions(seat), rng)
        trial.apply(seat, action)
        if trial.outcome is not None or not trial.to_act():
            break
        moves.append((seat, action))
        specs = trial.legal_actions(trial.to_act()[0])
        score = 2 if any(s.choices for s in specs) else int(any(
            s.min_amount is not None and s.max_amount is not None and s.min_amount < s.max_amount for s in specs))
        if score > best_score:
            best, best_score = count, score
        if score == 2:
            break
    return moves[:best]


async def _advance(h: Harness, live: LiveTable, game: str) -> None:
    """Play the planned moves for the people through the table service (setup, not fuzz)."""
    for seat, action in _plan(live.engine, live.spec.choose, random.Random(f"setup:{game}")):
        user_id = live.table_seat_of(seat).user_id
        await h.bot.service.tables[live.id].commands.act(Press(user_id, live.row.hand_no, live.row.step, action))
        await h.settle()


async def _open_selects(h: Harness, actor: User, panel: dict[str, Any]
                        ) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """Press the choice buttons of the actor's panel (a real press, not a hostile input): their private selects."""
    selects: list[dict[str, Any]] = []
    message = None
    for button in _components(panel):
        if not button["custom_id"].startswith("cr:c:"):
            continue
        token = await h.press(actor, button["custom_id"], panel)
        reply = h.recorder.replies_to(token)[-1].json or {}
        if reply.get("type") != 4 or not reply["data"].get("components"):
            continue  # e.g. not the actor's choice in this state: the refusal is not a select
        message = h.recorder._message(CHANNEL_ID, reply["data"])
        message["_interaction_reply"] = True
        selects += [c for c in _components(message) if c["type"] == 3]
    return selects, message


def _wrong_kinds(live: LiveTable) -> list[str]:
    legal = {spec.kind for seat in range(live.deal_size or len(live.dealt()))
             for spec in live.engine.legal_actions(seat)}
    return [k for k in KINDS if k not in legal]


def _fields(custom_id: str) -> list[str]:
    return custom_id.split(":")


def _with(custom_id: str, index: int, value: object) -> str:
    parts = _fields(custom_id)
    parts[index] = str(value)
    return ":".join(parts)


def _state_offsets(custom_id: str) -> int:
    """Index of the table field: "cr:p:ok:<table>..." has one more field before it."""
    return 3 if custom_id.startswith("cr:p:") else 2


def _systematic(scene: Scene) -> list[Input]:
    """Every family of hostile input, built from the table's real components and state."""
    live, actor = scene.live, scene.actor
    row = live.row
    wrong_kinds = _wrong_kinds(live)
    inputs = [Input(actor, cid) for cid in NEVER_HANDLED]
    inputs += [Input(actor, f"cr:a:{row.id}:{row.hand_no}"), Input(actor, f"cr:a:{row.id}:{row.hand_no}:{row.step}"),
               Input(actor, f"cr:a:-{row.id}:{row.hand_no}:{row.step}:fold"),
               Input(actor, f"cr:s:{row.id}:{row.hand_no}:{row.step}:discard"),
               Input(actor, f"cr:m:{row.id}:{row.hand_no}:{row.step}:raise"),
               Input(actor, f"cr:u:{row.id}:zzz"), Input(actor, f"cr:u:{row.id}:cancel"),
               Input(actor, f"cr:u:{row.id}:start"), Input(actor, f"cr:u:{row.id}:join"),
               Input(EVE, f"cr:u:{row.id}:start"), Input(EVE, f"cr:u:{HUGE}:hand"), Input(actor, "cr:u:0:start")]
    for wrong in wrong_kinds[:4]:
        inputs += [Input(actor, f"cr:a:{row.id}:{row.hand_no}:{row.step}:{wrong}"),
                   Input(actor, f"cr:a:{row.id}:{row.hand_no}:{row.step}:{wrong}:{HUGE}"),
                   Input(actor, f"cr:c:{row.id}:{row.hand_no}:{row.step}:{wrong}"),
                   Input(actor, f"cr:s:{row.id}:{row.hand_no}:{row.step}:{wrong}:0", 3, ["As"]),
                   Input(actor, f"cr:p:ok:{row.id}:{row.hand_no}:{row.step}:{wrong}:As")]
    for button in (b for b in scene.buttons if b["custom_id"].startswith(("cr:a:", "cr:c:"))):
        inputs += _mutations(scene, button["custom_id"], button["type"])
    for select in scene.selects:
        inputs += _select_abuse(scene, select)
    inputs += _people(scene)
    inputs += _forms(scene)
    return inputs


def _mutations(scene: Scene, custom_id: str, component_type: int) -> list[Input]:
    """The actor presses their own button with one field made wrong."""
    live, actor = scene.live, scene.actor
    row = live.row
    t = _state_offsets(custom_id)
    tables = [scene.other.id, max(scene.other.id, live.id) + 100, 0, HUGE]
    steps = [row.step + 1, row.step + 7, HUGE] + [s for s in range(row.step) if live.is_stale(actor.id, s)][-1:]
    variants = [_with(custom_id, t, v) for v in tables]
    variants += [_with(custom_id, t + 1, v) for v in (row.hand_no + 1, row.hand_no - 1, HUGE)]
    variants += [_with(custom_id, t + 2, v) for v in steps]
    variants += [_with(custom_id, t + 3, v) for v in _wrong_kinds(live)[:2]]
    variants += [custom_id + ":9:9", _with(custom_id, t, "٣")]
    parts = _fields(custom_id)
    if custom_id.startswith("cr:a:"):
        variants += [f"{':'.join(parts[:6])}:{a}" for a in _illegal_amounts(live, actor, parts[5])]
    else:
        variants += [f"{':'.join(parts[:6])}:{i}" for i in (7, HUGE)]
    inputs = [Input(actor, v, component_type) for v in variants if v != custom_id]
    return inputs + [Input(actor, custom_id, component_type, message="missing"),
                     Input(actor, custom_id, component_type, message="none"),
                     Input(actor, custom_id, 3)]  # a select where the message holds a button


def _illegal_amounts(live: LiveTable, actor: User, kind: str) -> list[int]:
    """Amounts outside every range the actor's specs of ``kind`` allow (any amount, if none takes one)."""
    specs = [s for s in live.engine.legal_actions(live.deal_seat(actor.id)) if s.kind == kind]
    candidates = {0, 1, HUGE} | {a for s in specs if s.min_amount is not None for a in (s.min_amount - 1,
                                                                                         (s.max_amount or 0) + 1)}
    return sorted(a for a in candidates if a >= 0 and not any(
        s.min_amount is not None and s.max_amount is not None and s.min_amount <= a <= s.max_amount for s in specs))


def _select_abuse(scene: Scene, select: dict[str, Any]) -> list[Input]:
    """The actor's private select sent with values it never offered, too many, none; its confirm
    forged with garbage; and its offered values sent by people who may not choose."""
    actor, cid = scene.actor, select["custom_id"]
    offered = [o["value"] for o in select["options"]]
    junk = [v for v in ("zz", "As", "As@Z9", "", "٣", "9:999:9,9", "𝔘" * 25) if v not in offered]
    garbage = [[v] for v in junk] + [[offered[0], offered[0]], offered + ["zz"], []]
    if select.get("max_values", 1) == 1 and len(offered) > 1:
        garbage.append(offered[:2])
    inputs = [Input(actor, cid, 3, values, message="reply") for values in garbage]
    fields = _fields(cid)
    confirm = f"cr:p:ok:{':'.join(fields[2:6])}"
    inputs += [Input(actor, f"{confirm}:{value}") for value in junk if value]
    inputs += [Input(actor, f"{confirm.replace(':ok:', ':back:')}:zz")]
    people = [EVE] + ([scene.idle] if scene.idle else [])
    inputs += [Input(u, cid, 3, [offered[0]], message="reply") for u in people]
    inputs += [Input(u, f"{confirm}:{offered[0]}") for u in people]
    return inputs


def _people(scene: Scene) -> list[Input]:
    """Real components pressed by a stranger, by a seated player out of turn, and the other
    table's real buttons pressed by the actor."""
    inputs: list[Input] = []
    for button in scene.buttons:
        cid = button["custom_id"]
        inputs.append(Input(EVE, cid, button["type"]))
        if scene.idle is not None and not cid.startswith("cr:u:"):
            inputs.append(Input(scene.idle, cid, button["type"]))
    for button in scene.other_buttons:
        if not button["custom_id"].startswith("cr:u:"):
            inputs.append(Input(scene.actor, button["custom_id"], button["type"]))
    return inputs


def _forms(scene: Scene) -> list[Input]:
    """Amount forms: malformed amounts in an open form (reopened before each), forms that are not
    open, a form without its field or with another field, and a form sent by someone else."""
    live, actor = scene.live, scene.actor
    row = live.row
    seat = live.deal_seat(actor.id)
    ranged = [s for s in live.engine.legal_actions(seat)
              if s.min_amount is not None and s.max_amount is not None and s.min_amount < s.max_amount]
    kind = ranged[0].kind if ranged else "raise"
    cid = f"cr:m:{row.id}:{row.hand_no}:{row.step}:{kind}"
    opener = f"cr:a:{row.id}:{row.hand_no}:{row.step}:{kind}:r" if ranged else None  # a ranged move's button
    inputs = [Input(actor, cid, form=True, fields={"amount": a}, opens_form=opener) for a in AMOUNTS]
    inputs += [Input(actor, cid, form=True, fields=None, opens_form=opener),
               Input(actor, cid, form=True, fields={"zzz": "50"}, opens_form=opener),
               Input(EVE, cid, form=True, fields={"amount": str(ranged[0].min_amount if ranged else 20)},
                     opens_form=opener),
               Input(actor, _with(cid, 3, HUGE), form=True, fields={"amount": "20"}),
               Input(actor, "cr:m:zz", form=True, fields={"amount": "20"}),
               Input(actor, "", form=True, fields={"amount": "20"})]
    if scene.idle is not None and ranged:
        inputs.append(Input(scene.idle, cid, form=True, fields={"amount": str(ranged[0].min_amount)},
                            opens_form=opener))
    return inputs


def _random(scene: Scene, game: str, count: int) -> list[Input]:
    """Seeded random mutations: a real custom_id with one field replaced by a value that can't be
    right, cut short in its state fields, or pressed by someone who may not; by a random presser."""
    rng = random.Random(f"fuzz:{game}")
    row = scene.live.row
    ids = [b["custom_id"] for b in scene.buttons + scene.selects]
    pool: list[object] = list(JUNK) + [HUGE, 10**rng.randint(6, 29), scene.other.id + 1000] + _wrong_kinds(scene.live)
    people = [scene.actor, EVE] + ([scene.idle] if scene.idle else [])
    inputs = []
    for _ in range(count):
        cid = rng.choice(ids)
        t, size = _state_offsets(cid), len(_fields(cid))
        how = rng.randrange(3)
        if how == 0:
            index = rng.randrange(t, min(t + 4, size))
            value = rng.choice(pool)
            if index == t + 3 and isinstance(value, int):
                value = "k" + str(value)  # a kind is lowercase letters: a number there is junk
            cid = _with(cid, index, value)
        elif how == 1:
            cid = ":".join(_fields(cid)[:rng.randrange(1, min(t + 3, size))])
        strangers = [EVE] if cid.startswith("cr:u:") else people[1:]  # a seated player may sit out
        user = rng.choice(people) if how != 2 else rng.choice(strangers)
        is_select = cid.startswith("cr:s:")
        values = [rng.choice(JUNK + (str(row.step),))] if is_select else None
        inputs.append(Input(user, cid, 3 if is_select else 2, values))
    return inputs


async def _snapshot(scene: Scene) -> str:
    """Everything a hostile input must leave alone, at both tables and in both channels."""
    h = scene.h
    tables = [{"step": t.row.step, "hand": t.row.hand_no, "seats": t.row.seats, "status": t.row.status,
               "actions": t.row.deal.actions if t.row.deal else None, "view": t.public_view()}
              for t in (scene.live, scene.other)]
    channels = [h.recorder.messages_in(c) for c in (CHANNEL_ID, OTHER_CHANNEL)]
    return json.dumps([tables, channels, await h.bot.storage.total_chips()], sort_keys=True, default=str)


async def _send(scene: Scene, item: Input) -> str:
    h = scene.h
    if item.opens_form is not None:
        token = await h.press(scene.actor, item.opens_form, await h.panel(scene.actor))
        assert h.recorder.replies_to(token)[-1].json["type"] == 9, "the real button opens the form"
    if item.form:
        rows = [{"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]}
                for k, v in (item.fields or {}).items()]
        token, payload = h._base(item.user, 5, {"custom_id": item.custom_id, "components": rows})
    else:
        data: dict[str, Any] = {"custom_id": item.custom_id, "component_type": item.component_type}
        if item.values is not None:
            data["values"] = item.values
        token, payload = h._base(item.user, 3, data)
        if item.message != "none":
            payload["message"] = _message_for(scene, item)
    await h._dispatch(payload)
    return token


def _message_for(scene: Scene, item: Input) -> dict[str, Any]:
    table = scene.h.table_message()
    if item.message == "missing":  # the table's rows as shown, without the pressed component
        rows = [{"type": 1, "components": [c for c in row["components"] if c.get("custom_id") != item.custom_id]}
                for row in table["components"]]
        return {**table, "components": [row for row in rows if row["components"]]}
    if item.message == "reply" and scene.reply_message is not None:
        return scene.reply_message
    if item.component_type == 3:
        component = {"type": 3, "custom_id": item.custom_id, "min_values": 0, "max_values": 25,
                     "options": [{"label": v or "?", "value": v} for v in dict.fromkeys(item.values or [])]}
    else:
        component = {"type": 2, "style": 2, "label": "x", "custom_id": item.custom_id}
    return {**table, "components": [{"type": 1, "components": [component]}]}


def _check_answer(scene: Scene, token: str, item: Input) -> None:
    """One or more replies, every one private or invisible (a deferred update), one with text."""
    replies = scene.h.recorder.replies_to(token)
    assert replies, f"no answer to {item}"
    texts = []
    for reply in replies:
        body = reply.json or {}
        if "/callback" in reply.path:
            assert body.get("type") in (4, 5, 6), f"{item}: a reply that is not a private message: {body}"
            data = body.get("data") or {}
            if body["type"] != 6:
                assert data.get("flags", 0) & EPHEMERAL, f"{item}: a public reply: {body}"
                texts.append(data.get("content") or "")
        else:
            assert body.get("flags", 0) & EPHEMERAL, f"{item}: a public follow-up: {body}"
            texts.append(body.get("content") or "")
    assert any(t.strip() for t in texts), f"{item}: no text in the answer"


@pytest.mark.parametrize("game", game_names())
async def test_hostile_inputs_are_refused_privately_and_change_nothing(tmp_path, caplog, game: str) -> None:
    caplog.set_level(logging.WARNING)
    h = await Harness.start(str(tmp_path / "fuzz.db"))
    scene = await _deal(h, game)
    inputs = list({repr(i): i for i in _systematic(scene) + _random(scene, game, 30)}.values())  # no repeats
    answers: set[str] = set()
    for item in inputs:
        before = await _snapshot(scene)
        token = await _send(scene, item)
        _check_answer(scene, token, item)
        assert await _snapshot(scene) == before, f"{item} changed the table"
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors, f"{item}: {errors[0].getMessage()}"
        answers.add(re.sub(r"\d+", "#", scene.h.ephemeral_text(token)))
    print(f"{game}: {len(inputs)} hostile inputs, {len(answers)} distinct answers")
    assert len(inputs) >= MIN_INPUTS
    await h.close()
