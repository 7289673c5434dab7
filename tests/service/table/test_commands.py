"""A table's commands: each reached through the table (``LiveTable.commands``), none around it, and
each run in one context (``bot.service.table.command``) that holds the lock, stores the change and
shows the table once, after the lock is let go."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.games.base import Action
from bot.service.table.commands import Commands
from bot.service.table.live import LiveTable
from bot.service.table.press import Press
from bot.service.tables import TableService
from tests.support.failing_commit import CommitFailed, failing_commits
from tests.support.service_rig import ALICE, BOB, CAROL, holdem_table, open_service

ROOT = Path(__file__).resolve().parents[3]
JOBS = ROOT / "bot" / "service" / "table" / "jobs.py"
CALLERS = sorted([*(ROOT / "cogs").rglob("*.py"), *(ROOT / "bot" / "adapter").rglob("*.py"), ROOT / "bot" / "selfplay.py"])
"""Where members' requests come from: the cogs, the adapter, and selfplay, which drives tables alike."""
COMMANDS = {name for name, value in vars(Commands).items() if callable(value) and not name.startswith("_")}


def job_functions() -> set[tuple[str, str]]:
    """The (module, function) each command is handed to (``jobs.Jobs``): ``("lobby", "join")``..."""
    found = set()
    for node in ast.walk(ast.parse(JOBS.read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name):
            found.add((node.func.value.id, node.func.attr))
    return found


def calls_around_the_table(source: str, jobs: set[tuple[str, str]]) -> list[str]:
    """What ``source`` asks of a table without going through the table: a job module's command, called
    as ``lobby.join(...)`` or imported by name, or a request handed to the service (``service.join``)."""
    found = []
    commands_by_name = {function for _, function in jobs}
    modules = {module for module, _ in jobs}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] in modules:
            found += [f"{node.lineno}: imports {alias.name}" for alias in node.names if alias.name in commands_by_name]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            owner_name = owner.id if isinstance(owner, ast.Name) else owner.attr if isinstance(owner, ast.Attribute) else ""
            if (owner_name, node.func.attr) in jobs:
                found.append(f"{node.lineno}: {owner_name}.{node.func.attr}")
            elif owner_name == "service" and (node.func.attr in COMMANDS or node.func.attr in FORWARDERS):
                found.append(f"{node.lineno}: service.{node.func.attr}")
    return found


FORWARDERS = {"set_sitting_out", "set_away", "toggle_straddle", "set_auto_rebuy"}
"""The old names of commands the service used to hand on (the rest are the commands' own names)."""


def test_every_command_is_handed_to_a_job_module() -> None:
    jobs = job_functions()
    assert {module for module, _ in jobs} == {"dealing", "lobby", "undo", "after_hand", "cash"}
    assert len(jobs) >= len(COMMANDS) - 3  # sit out and I'm back share a job, as do the undo's two
    assert {"act", "join", "leave", "start", "cancel", "vanished", "rebuy", "ask_undo"} <= COMMANDS


@pytest.mark.parametrize("path", CALLERS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_requests_reach_the_table_through_its_commands(path: Path) -> None:
    found = calls_around_the_table(path.read_text(), job_functions())
    assert not found, f"{path.relative_to(ROOT)} goes around the table's commands:\n" + "\n".join(found)


def test_the_check_sees_a_call_around_the_table() -> None:
    jobs = job_functions()
    source = ("from bot.service.table.lobby import join\nfrom bot.service.table import dealing\n"
              "async def f(bot, live, press):\n    await dealing.act(live, press)\n"
              "    await bot.service.set_away(live, 1)\n    await bot.service.start(live, 1)\n"
              "    await live.commands.start(1)\n    await bot.service.deadlines.start()\n")
    assert calls_around_the_table(source, jobs) == ["1: imports join", "4: dealing.act", "5: service.set_away",
                                                    "6: service.start"]


def test_the_service_hands_on_no_request() -> None:
    assert not {name for name in COMMANDS | FORWARDERS if hasattr(TableService, name)}


class ShownAfterTheLock:
    """A presenter that notes, for each update, whether the table's lock was still held."""

    def __init__(self) -> None:
        self.locked: list[bool] = []

    async def update(self, table: LiveTable) -> None:
        self.locked.append(table.lock.locked())

    async def closed(self, table: LiveTable, reason: str) -> None:
        self.locked.append(table.lock.locked())


async def test_a_command_is_shown_once_after_its_lock_is_let_go(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service)
    shown = ShownAfterTheLock()
    service.presenter = shown
    await live.commands.start(ALICE)
    mover = live.table_seat_of(live.engine.to_act()[0]).user_id
    await live.commands.act(Press(mover, live.row.hand_no, live.row.step, Action("call")))
    assert live.row.step == 1
    assert await live.commands.join(CAROL, "Cat") is False
    assert shown.locked == [False, False, False]


async def test_a_command_whose_transaction_fails_is_put_back_and_not_shown(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service)
    shown = ShownAfterTheLock()
    service.presenter = shown
    with failing_commits(service.storage), pytest.raises(CommitFailed):
        await live.commands.leave(BOB)  # the command's one transaction: seats removed, the row saved
    assert live.seat_index(BOB) is not None and shown.locked == []
    assert await service.storage.table(live.id) == live.row
    assert "You left the table" in await live.commands.leave(BOB)
    assert live.seat_index(BOB) is None and shown.locked == [False]
