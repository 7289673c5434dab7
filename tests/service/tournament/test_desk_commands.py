"""What members and managers ask of a tournament reaches it through the tournaments' desk
(``MttDesk.register``, ``pause``...): the cogs and the adapter import no job module of a tournament."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
JOBS = {"bot.service.tournament.register", "bot.service.tournament.control"}
CALLERS = sorted([*(ROOT / "cogs").rglob("*.py"), *(ROOT / "bot" / "adapter").rglob("*.py")])


def job_imports(source: str) -> list[str]:
    """Where ``source`` imports a tournament's job module, or a name from one."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module in JOBS:
            found.append(f"{node.lineno}: from {node.module}")
        elif isinstance(node, ast.ImportFrom) and node.module == "bot.service.tournament":
            found += [f"{node.lineno}: {alias.name}" for alias in node.names
                      if f"{node.module}.{alias.name}" in JOBS]
        elif isinstance(node, ast.Import):
            found += [f"{node.lineno}: {alias.name}" for alias in node.names if alias.name in JOBS]
    return found


@pytest.mark.parametrize("path", CALLERS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_requests_reach_a_tournament_through_the_desk(path: Path) -> None:
    found = job_imports(path.read_text())
    assert not found, f"{path.relative_to(ROOT)} goes around the desk:\n" + "\n".join(found)


def test_the_check_sees_a_job_module_imported() -> None:
    source = ("from bot.service.tournament import control, register as r\n"
              "from bot.service.tournament.register import start\nimport bot.service.tournament.control\n"
              "from bot.service.tournament import desk\n")
    assert job_imports(source) == ["1: control", "1: register", "2: from bot.service.tournament.register",
                                   "3: bot.service.tournament.control"]
