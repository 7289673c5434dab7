"""Undo at a casual bridge table: a player takes back their last call, with the opponents' consent
(robots consent); the robots' calls after it are taken back too and made again; never at a duplicate
table; the deal as the undo left it survives a restart."""
from __future__ import annotations

from bot.service.table.press import Press
import pytest

from bot.errors import UserError
from bot.games.base import Action
from bot.service.table import undo
from bot.service.table.live import LiveTable
from bot.service.tables import TableService
from tests.support.service_rig import ALICE, BOB, CHANNEL, GUILD, open_service

SEED = "05" * 32
"""Board 1 (North deals): North passes, East opens 1♠, and the third seat, South, is to call."""


async def _south_among(service: TableService, settings: dict, east_person: bool = False) -> LiveTable:
    """Alice South; East a person (Bob) or a robot; the others robots."""
    live = await service.create(GUILD, CHANNEL, "bridge", ALICE, "Ann", settings, None)
    await live.commands.leave(ALICE)
    await live.commands.add_bot(ALICE)                     # North
    if east_person:
        await live.commands.join(BOB, "Bob")               # East
    else:
        await live.commands.add_bot(ALICE)
    await live.commands.join(ALICE, "Ann")                 # South
    await live.commands.add_bot(ALICE)                     # West
    await live.commands.start(ALICE)
    return live


async def _call(service: TableService, live: LiveTable, user: int, action: Action) -> None:
    await service.tables[live.id].commands.act(Press(user, live.row.hand_no, live.row.step, action))


async def test_robots_let_a_call_be_taken_back_and_call_again(database: str) -> None:
    service = await open_service(database, seed=SEED)
    live = await _south_among(service, {"scoring": "rubber"})
    engine = live.engine
    assert [c for _, c in engine.calls] == ["Pass", "1S"] and engine.to_act() == (2,)
    await _call(service, live, ALICE, Action("bid", target="2H"))
    before = len(engine.calls)
    assert before > 3, "the robots called after South"
    assert await undo.ask(live, ALICE) == "Taken back."
    engine = live.engine
    assert [c for _, c in engine.calls] == ["Pass", "1S"] and engine.to_act() == (2,) and live.row.step == 2
    assert "takes back their last call or card" in live.log[-1]
    again = (await open_service(database)).in_channel(CHANNEL)   # a restart: the deal as the undo left it
    assert again is not None and again.row.step == 2 and [c for _, c in again.engine.calls] == ["Pass", "1S"]
    await _call(service, live, ALICE, Action("pass"))
    assert live.engine.calls[2] == (2, "Pass")


async def test_a_person_among_the_opponents_allows_or_refuses(database: str) -> None:
    service = await open_service(database, seed=SEED)
    live = await _south_among(service, {"scoring": "rubber"}, east_person=True)
    assert live.engine.to_act() == (1,), "East, a person, is to open"
    await _call(service, live, BOB, Action("bid", target="1S"))
    await _call(service, live, ALICE, Action("bid", target="2H"))
    step = live.row.step
    with pytest.raises(UserError, match="No undo is waiting"):
        await undo.answer(live, BOB, True)
    assert await undo.ask(live, ALICE) == "Asked: your opponents allow or refuse."
    with pytest.raises(UserError, match="already waiting"):
        await undo.ask(live, ALICE)
    await undo.answer(live, BOB, False)
    assert live.row.step == step and live.undo is None, "refused: nothing changes"
    await undo.ask(live, ALICE)
    await undo.answer(live, BOB, True)
    assert [c for _, c in live.engine.calls] == ["Pass", "1S"], "allowed: South's call and the robots' after it go"


async def test_no_undo_at_a_duplicate_table_or_without_a_move(database: str) -> None:
    service = await open_service(database, seed=SEED)
    live = await _south_among(service, {"scoring": "duplicate", "board": 1})
    with pytest.raises(UserError, match="casual tables"):
        await undo.ask(live, ALICE)
    rubber = await open_service(database, seed=SEED)
    table = await rubber.create(GUILD, CHANNEL + 1, "bridge", BOB, "Bob", {"scoring": "rubber"}, None)
    for _ in range(3):
        await table.commands.add_bot(BOB)
    await table.commands.start(BOB)
    assert table.engine.to_act() == (0,) and not table.engine.calls, "Bob, North, deals and calls first"
    with pytest.raises(UserError, match="no call or card"):
        await undo.ask(table, BOB)
