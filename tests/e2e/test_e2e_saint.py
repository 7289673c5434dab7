"""A whole Saint Poker game through the real Discord client: two people and a computer player make
every choice of the eight rounds in private selects; each choice stays hidden until all have chosen."""
from __future__ import annotations

import copy
import hashlib
from typing import Any

from bot.games.cards import DECK, pretty
from tests.support.forged_moves import forged_move
from tests.support.harness import CHANNEL_ID, GUILD_ID, Harness, Request, User

ALICE, BOB, MALLORY = User(3001, "Alice"), User(3002, "Bob"), User(3003, "Mallory")
SEED = hashlib.sha256(b"saint-e2e").hexdigest()


def cards_in(data: Any) -> set[str]:
    """Every card code anywhere in a JSON-like value."""
    if isinstance(data, dict):
        return set().union(*map(cards_in, data.values()))
    if isinstance(data, list):
        return set().union(*map(cards_in, data))
    return {data} if isinstance(data, str) and data in DECK else set()


def public_since(h: Harness, start: int) -> list[Request]:
    """The requests from the ``start``-th on that everyone in the channel sees: the channel route's, and
    interaction replies that are not ephemeral (the table message is edited through a press's token)."""
    return [r for r in h.recorder.requests[start:]
            if f"/channels/{CHANNEL_ID}/" in r.path or (r.ephemeral is False and r.path.startswith(("/interactions/", "/webhooks/")))]


async def pick(h: Harness, user: User, kind: str, values: list[str]) -> tuple[str, dict[str, Any] | None]:
    """Choose ``values`` for ``kind`` on the member's panel: one card in one press, two through the
    panel's button and its private select; returns the token and the select as shown (None for one press)."""
    if len(values) == 1:
        return await h.pick(user, kind, values[0]), None
    private, selects = await h.open_choice(user, kind)
    (select,) = selects
    token = await h.press(user, select["custom_id"], private, values=values)
    await h.open_panel(user)  # the select's presses, not the panel, are followed now: open it again
    return token, select


async def test_whole_game_with_two_people_and_a_computer(tmp_path, rendered) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    h.bot.service.seeds = lambda _label: SEED
    await h.command(ALICE, "saint", "create")
    await h.command(BOB, "saint", "join")
    await h.command(ALICE, "saint", "add-bot")
    await h.command(BOB, "saint", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None and live.engine is not None
    engine = live.engine
    users = {0: ALICE, 1: BOB}
    token = await forged_move(h, MALLORY, "river")
    assert "not playing in this hand" in h.ephemeral_text(token)

    seen_hands: dict[int, set[str]] = {0: set(), 1: set()}
    stale: tuple[dict[str, Any], dict[str, Any]] | None = None
    simultaneous_checks = 0
    while engine.outcome is None:
        for seat in users:
            seen_hands[seat].add(" ".join(pretty(c) for c in engine.view(seat)["hand"]))
        phase = engine.phase
        if phase == "pickup":
            seat = engine.to_act()[0]
            assert seat in users, "the computer picks up at once"
            await pick(h, users[seat], "pickup", list(engine.timeout_action(seat).cards))
            continue
        assert set(engine.to_act()) == {0, 1}, "the computer has chosen already"
        first = engine.timeout_action(0).cards
        public = cards_in([v for name, v in rendered if name == "render_table"])
        renders, requests = len(rendered), len(h.recorder.requests)
        bob_dms = len(h.recorder.dm_requests(BOB.id))
        token, select = await pick(h, ALICE, phase, list(first))
        assert len(first) == (1 if phase == "river" else 2)
        assert (select is None) == (phase == "river"), "a river card is one press"
        assert select is None or select["min_values"] == select["max_values"] == len(first)
        assert engine.to_act() == (1,) and engine.phase == phase
        # Until Bob has chosen, Alice's choice is nowhere public: not in the channel, not on the table.
        shown = " ".join(r.text for r in public_since(h, requests))
        tables = [v for name, v in rendered[renders:] if name == "render_table"]
        assert tables and shown
        for card in set(first) - public:  # a card revealed and picked up earlier is known to be hers
            assert pretty(card) not in shown and f'"{card}"' not in shown
            assert not [v for v in tables if card in cards_in(v)]
        assert tables[-1]["seats"][0]["chosen"] and not tables[-1]["seats"][1]["chosen"]
        assert not [r for r in h.recorder.dm_requests(BOB.id)[bob_dms:] if any(pretty(c) in r.text for c in first)]
        simultaneous_checks += 1
        if phase == "river" and stale is None:  # Bob's river card, kept for a stale press below
            stale = copy.deepcopy(await h.table_button("river", BOB))
        token = await forged_move(h, ALICE, phase)
        assert "You have already chosen; wait for the other players." in h.ephemeral_text(token), \
            "one choice per phase"
        await pick(h, BOB, phase, list(engine.timeout_action(1).cards))
        if phase == "river" and engine.phase == "reveal" and stale is not None and simultaneous_checks == 1:
            step = live.row.step
            token = await h.press(BOB, stale[1]["custom_id"], stale[0])
            assert "Now every player chooses two cards to reveal." in h.ephemeral_text(token)  # the engine's words
            assert live.row.step == step
            await h.open_panel(BOB)  # the refused press left his panel no longer followed

    view = engine.view(None)
    assert view["finished"] and view["round"] == 8 and len(view["results"]) == 8
    assert simultaneous_checks == 8 + 7, "a river choice in every round, a reveal in all but the last"
    outcome = live.last_deal.outcome
    assert outcome is not None and outcome.match_over and outcome.summary in h.table_message()["content"]
    scores = [s["score"] for s in view["seats"]]
    assert sum(scores) >= sum(range(1, 9)) and outcome.ranking == tuple(
        sum(1 for t in scores if t > mine) for mine in scores)
    for seat, user in users.items():
        (stats,) = await h.bot.storage.stats(GUILD_ID, user.id)
        assert stats[:4] == ("saint", 1, 0, 1) and stats[4] == (outcome.ranking[seat] == 0)
        dms = h.recorder.dm_requests(user.id)
        assert dms and all(r.text.split("): ", 1)[1].split('"')[0] in seen_hands[seat] for r in dms)
    assert all(v["viewer"] in users for name, v in rendered if name == "render_hand")
    assert all(v["hand"] == [] and v["pending"] == [] for name, v in rendered if name == "render_table")
    token = await h.press(BOB, stale[1]["custom_id"], stale[0])
    assert "earlier hand" in h.ephemeral_text(token)
    await h.close()
