"""The table's words through the real Discord client: every game's finished deal says each result once
in the table message (the log and the line above it), whatever path wrote it."""
from __future__ import annotations

import hashlib
import random

import pytest

from bot.games.base import Action
from bot.registry import game, game_names
from tests.support.harness import CHANNEL_ID, Harness, User

PLAYERS = [User(5101 + k, name) for k, name in enumerate(("Alice", "Bob", "Carol", "Dave"))]


async def _finished_deal(h: Harness, name: str) -> None:
    """Seat the fewest members ``name`` is played by, start, and play the deal out with each seat's own
    computer-player move (through the service, as their presses would)."""
    spec = game(name)
    players = PLAYERS[:max(spec.min_players, 2)]
    for k, user in enumerate(players):
        await h.command(user, name, "create" if k == 0 else "join")
    await h.command(players[0], name, "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    rng = random.Random(7)
    while live.row.deal is not None:
        seat = live.engine.to_act()[0]
        move = spec.choose(live.engine.view(seat), live.engine.legal_actions(seat), rng)
        await h.bot.service.act(live.id, live.table_seat_of(seat).user_id, live.row.hand_no, live.row.step, move)
        await h.settle()


@pytest.mark.parametrize("name", game_names())
async def test_each_result_is_said_once(tmp_path, name: str) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    await _finished_deal(h, name)
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None and live.last_outcome is not None
    content = h.table_message()["content"]
    summary = live.last_outcome.summary
    assert summary not in content.splitlines()[1], "the line above the log does not say it again"
    log = [line.removeprefix("> ") for line in content.splitlines() if line.startswith("> ")]
    results = [line for line in log if line in summary]  # the lines that tell the result
    assert results and len(results) == len(set(results)), f"each once:\n{content}"
    assert all(piece in "\n".join(results) for piece in summary.split("; ")), f"all of it:\n{content}"
    await h.close()


SIDE_POTS_TWICE = hashlib.sha256(b"6").hexdigest()
"""A deck on which Alice (300 chips), Bob and Carol (1,000) all in and running it twice share out a main
pot of 900 and a side pot of 1,400: Carol takes both on the first board, Alice the main pot and Bob the
side pot on the second."""


async def test_a_board_run_twice_names_every_pot_it_pays(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    h.bot.service.seeds = lambda: SIDE_POTS_TWICE
    alice, bob, carol = PLAYERS[:3]
    await h.command(alice, "holdem", "create", run_it_twice=True, buy_in=300)
    await h.command(bob, "holdem", "join", buy_in=1000)
    await h.command(carol, "holdem", "join", buy_in=1000)
    await h.command(alice, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert [seat.stack for seat in live.row.seats] == [300, 1000, 1000]
    while live.row.deal is not None:
        seat = live.engine.to_act()[0]
        kinds = {spec.kind: spec for spec in live.engine.legal_actions(seat)}
        move = (Action("twice") if "twice" in kinds else Action("raise", kinds["raise"].max_amount) if "raise" in kinds
                else Action("call" if "call" in kinds else "check"))
        await h.bot.service.act(live.id, live.table_seat_of(seat).user_id, live.row.hand_no, live.row.step, move)
        await h.settle()
    results = ["First board, main pot: Carol wins 450 with Full house, Twos full of Eights",
               "First board, side pot 1: Carol wins 700 with Full house, Twos full of Eights",
               "Second board, main pot: Alice wins 450 with Pair of Kings",
               "Second board, side pot 1: Bob wins 700 with Pair of Sevens"]
    content = h.table_message()["content"]
    assert all(content.count(f"> {line}\n") + content.endswith(f"> {line}") == 1 for line in results), content
    view = live.engine.view(None)
    assert view["winners"] == results
    assert view["board_results"] == ["1st board: main pot Carol 450 · side pot 1 Carol 700",
                                     "2nd board: main pot Alice 450 · side pot 1 Bob 700"], "the picture's lines"
    await h.close()
