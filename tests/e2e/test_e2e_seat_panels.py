"""Every game's deal played from the members' seat panels only, and what it takes: each member opens
their panel once with the table message's My seat, then every move is a press on the acting member's
own panel (``tests/support/panel_play.py``). Along the way each panel shows its member's cards and no
one else's hidden ones, and moves only while it is their turn; a move is one press (a one-pick move's
button or its option in the panel's select), except a move of several picks (the panel's button, then
the private select) and a move with a preview (then Confirm too); a press on the panel is answered by
updating the panel. The presses per move of every game are printed at the end of the module (``-s``)
and written in docs/performance.md; a deal's panels are written through interaction tokens only."""
from __future__ import annotations

from collections import Counter
from typing import Any, AsyncIterator, Awaitable, Callable

import pytest

import bot.ai.bridge as robots
from bot.games.base import ActionSpec
from bot.service.table.live import LiveTable
from tests.support.harness import CHANNEL_ID, EPHEMERAL, Harness, User
from tests.support.panel_play import (DEFERRED_UPDATE, REPLY, UPDATE_MESSAGE, Choice, Chooser, PlayedDeal, first_pick,
                                     passive, play_deal)

ALICE, BOB, CAROL = User(1001, "Alice"), User(1002, "Bob"), User(1003, "Carol")
NORTH, SOUTH = User(2001, "Nora"), User(2003, "Sofia")
SOUTH_SEAT = 2
BRIDGE_SEED = "05" * 32
"""North deals, East (a robot) opens 1♠, South can bid 3NT, and everyone passes then: South declares
and plays dummy's (North's) cards."""
FIGURES: dict[str, PlayedDeal] = {}
"""Each game's panel-played deal, for the table printed at the end of the module."""

Setup = Callable[[Harness], Awaitable[list[User]]]


def _people(game: str, **options: Any) -> Setup:
    """Alice creates the table (with ``options``), Bob and Carol join, Alice starts."""
    async def seated(h: Harness) -> list[User]:
        await h.command(ALICE, game, "create", **options)
        await h.command(BOB, game, "join")
        await h.command(CAROL, game, "join")
        await h.command(ALICE, game, "start")
        return [ALICE, BOB, CAROL]
    return seated


def _with_computer(game: str, **options: Any) -> Setup:
    """Alice and Bob, and a computer player."""
    async def seated(h: Harness) -> list[User]:
        await h.command(ALICE, game, "create", **options)
        await h.command(BOB, game, "join")
        await h.command(ALICE, game, "add-bot")
        await h.command(ALICE, game, "start")
        return [ALICE, BOB]
    return seated


def _two(game: str) -> Setup:
    """Alice and Bob."""
    async def seated(h: Harness) -> list[User]:
        await h.command(ALICE, game, "create")
        await h.command(BOB, game, "join")
        await h.command(ALICE, game, "start")
        return [ALICE, BOB]
    return seated


async def _bridge(h: Harness) -> list[User]:
    """Seats go in the order people sit down: North (a member), East (a robot), South (a member), West
    (a robot)."""
    h.bot.service.seeds = lambda _label: BRIDGE_SEED
    await h.command(NORTH, "bridge", "create")
    await h.command(NORTH, "bridge", "add-bot")
    await h.command(SOUTH, "bridge", "join")
    await h.command(NORTH, "bridge", "add-bot")
    await h.command(NORTH, "bridge", "start")
    return [NORTH, SOUTH]


def _bridge_choice(live: LiveTable, seat: int, specs: list[ActionSpec]) -> Choice:
    """South bids 3NT when they can, every other call is a pass; in the play, the first legal card."""
    bid = next((s for s in specs if s.kind == "bid"), None)
    if seat == SOUTH_SEAT and bid is not None and "3NT" in bid.choices:
        return Choice("bid", ("3NT",))
    if any(s.kind == "pass" for s in specs):
        return Choice("pass")
    return first_pick(next(s for s in specs if s.kind == "play"))


def _gin_choice(live: LiveTable, seat: int, specs: list[ActionSpec]) -> Choice:
    """Gin or knock as soon as the hand allows, pass the upcard, draw from the stock, lay nothing off;
    else discard the first card."""
    kinds = {spec.kind: spec for spec in specs}
    for kind in ("big_gin", "gin", "knock", "pass", "draw_stock", "done"):
        if kind in kinds:
            return first_pick(kinds[kind])
    return first_pick(specs[0])


def _presidential_choice(live: LiveTable, seat: int, specs: list[ActionSpec]) -> Choice:
    """The first to speak opens for the minimum (a preset: one press) so the deal reaches the draw; the
    others call, then check."""
    if live.engine.view(None)["phase"] == "betting1" and not any(s.kind == "call" for s in specs):
        opening = next((s for s in specs if s.kind == "bet"), None)
        if opening is not None:  # one amount: its button; a range: its smallest preset
            return Choice("bet", label=opening.presets[0][0] if opening.presets else opening.label)
    return passive(live, seat, specs)


DRAW = (REPLY, DEFERRED_UPDATE)
"""A move of several picks: the panel's button opens the private select (a reply), the pick there sends
the move (a deferred update, then "Sent.")."""
PREVIEWED = (REPLY, UPDATE_MESSAGE, DEFERRED_UPDATE)
"""A move with a preview: the button, the pick (the select turns into the preview), then Confirm."""
GAMES: dict[str, tuple[Setup, Chooser, dict[str, tuple[int, ...]]]] = {
    # game: (who sits down, the policy, how each press of the moves that take more than one is answered)
    "holdem": (_people("holdem"), passive, {}),
    "omaha": (_people("omaha"), passive, {}),
    "omaha-hilo": (_people("omaha-hilo"), passive, {}),
    "stud": (_people("stud"), passive, {}),
    "draw": (_people("draw"), passive, {"discard": DRAW}),
    "gin": (_two("gin"), _gin_choice, {}),
    "bridge": (_bridge, _bridge_choice, {}),
    "saint": (_with_computer("saint"), passive, {"reveal": DRAW}),
    "squared": (_two("squared"), passive, {}),
    "sigma": (_with_computer("sigma", limit="fixed-limit", ante=1, small_bet=2), passive, {"place": PREVIEWED}),
    "presidential": (_people("presidential"), _presidential_choice, {"discard": DRAW}),
}


@pytest.fixture(autouse=True)
def fast_robots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fewer double-dummy samples per bridge robot card: the same kind of play, a fast test."""
    monkeypatch.setattr(robots, "SAMPLES", 2)


@pytest.fixture
async def h(tmp_path: Any) -> AsyncIterator[Harness]:
    harness = await Harness.start(str(tmp_path / "cardroom.db"))
    yield harness
    await harness.close()


@pytest.fixture(scope="module", autouse=True)
def presses_table() -> Any:
    """Print each game's presses per move once the module's tests have run."""
    yield
    if FIGURES:
        print("\n\nPresses per move from the seat panels (one deal each):")
        print(f"{'game':<13} {'moves':>5} {'presses':>7} {'per move':>8}  moves made (presses each)")
        for game, played in FIGURES.items():
            kinds = ", ".join(f"{kind} {'/'.join(map(str, sorted(n)))}" for kind, n in played.by_kind().items())
            print(f"{game:<13} {len(played.moves):>5} {played.presses:>7} {played.presses / len(played.moves):>8.2f}"
                  f"  {kinds}")


def _pressed_only_panels(h: Harness, since: int) -> int:
    """Every press from interaction ``since`` on was My seat on the table message, or on a message only
    its member sees (their panel, or the private select it opened). Returns the My seat presses."""
    opened = 0
    for token, payload in list(h.interactions.items())[since:]:
        if payload["type"] != 3:
            continue
        custom_id = payload["data"]["custom_id"]
        flags = h.recorder.messages.get(int(payload["message"]["id"]), payload["message"]).get("flags", 0)
        assert custom_id.startswith("cr:seat:") or flags & EPHEMERAL, (token, custom_id)
        opened += custom_id.startswith("cr:seat:")
    return opened


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_deal_played_from_the_seat_panels(h: Harness, game: str) -> None:
    setup, choose, several = GAMES[game]
    members = await setup(h)
    since = len(h.interactions)
    played = await play_deal(h, members, choose)
    FIGURES[game] = played
    assert _pressed_only_panels(h, since) == played.opens == len(members) and played.moves
    for move in played.moves:  # one press, answered by the panel's update, unless the move takes several
        assert tuple(move.answers) == several.get(move.kind, (UPDATE_MESSAGE,)), move
    assert {kind for kind, counts in played.by_kind().items() if counts != {1}} <= set(several)
    if game == "bridge":  # South declared and played dummy's cards too; North, dummy, only called
        live = h.bot.service.in_channel(CHANNEL_ID)
        assert live is not None and live.last_deal is not None and live.last_deal.outcome.summary.startswith("3NT by S")
        assert {m.kind for m in played.moves if m.user == NORTH.name} == {"pass"}
        assert sum(m.kind == "play" for m in played.moves if m.user == SOUTH.name) == 26
    if game in ("draw", "presidential"):
        assert "discard" in played.by_kind(), "the deal reached the draw"


async def test_the_panels_are_written_through_interaction_tokens_only(h: Harness) -> None:
    """Two hold'em deals from the panels: no panel goes through a channel route. Requests counted
    against the bot's 50 a second: in the first deal the table message has no press of its own to be
    edited through (the members press their panels), so its edits take the channel route, at most
    one a press; at the deal's end the table is posted afresh through a panel's press, whose token
    edits it from then on, and the second deal counts none."""
    members = await _people("holdem")(h)
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None
    figures = []
    for deal in (1, 2):
        first = len(h.recorder.requests)
        played = await play_deal(h, members, open_panels=deal == 1)
        requests = h.recorder.requests[first:]
        panels = [r for r in requests if r.path.startswith("/channels/")
                  and (int((r.json or {}).get("flags", 0)) & EPHEMERAL or "**Your seat**" in r.text)]
        assert panels == [], "no panel through a channel route"
        counted = [r for r in requests if not r.path.startswith(("/interactions/", "/webhooks/"))]
        panel_edits = [r for r in requests if r.path.startswith("/webhooks/") and r.method == "PATCH"
                       and "**Your seat**" in r.text]
        presses = played.opens + played.presses
        figures.append((presses, len(counted)))
        print(f"\nhold'em deal {deal} from the panels: {presses} presses, {len(counted)} counted requests "
              f"({len(counted) / presses:.2f} a press): "
              + ", ".join(f"{n} {what}" for what, n in Counter(f"{r.method} {_route(r.path)}" for r in counted).items())
              + f"; {len(panel_edits)} panel edits through tokens ({len(panel_edits) / presses:.2f} a press)")
        if deal == 1:
            live.row.deadline = 0.0
            await h.bot.service.tick()  # the pause after the deal is over: the next one is dealt
            await h.settle()
            assert live.row.hand_no == 2 and live.row.deal is not None
    assert figures[0][1] <= figures[0][0] and figures[1][1] == 0, figures


def _route(path: str) -> str:
    """A request's route without its ids."""
    return "/".join("{id}" if part.isdigit() else part for part in path.split("/"))
