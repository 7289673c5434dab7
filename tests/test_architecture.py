"""Rules engines and computer players stay pure: no Discord, database or imaging imports."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"discord", "aiosqlite", "PIL", "sqlite3", "images", "bot.service", "bot.storage"}
PURE = sorted([*(ROOT / "bot" / "games").glob("*.py"), *(ROOT / "bot" / "ai").glob("*.py")])


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", PURE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_engine_modules_are_pure(path: Path) -> None:
    bad = {name for name in _imports(path) for banned in FORBIDDEN
           if name == banned or name.startswith(banned + ".")}
    assert not bad, f"{path.name} imports {sorted(bad)}"


def test_every_game_has_a_rules_page_and_a_cog() -> None:
    from bot.registry import game_names

    for name in game_names():
        assert (ROOT / "docs" / "rules" / f"{name}.md").exists(), f"docs/rules/{name}.md is missing"
        assert (ROOT / "cogs" / f"{name.replace('-', '_')}.py").exists(), f"cogs/{name}.py is missing"


@pytest.mark.parametrize("path", sorted((ROOT / "bot" / "service").glob("*.py")), ids=lambda p: p.name)
def test_service_modules_read_in_one_sitting(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= 300, f"bot/service/{path.name} has {lines} lines: split it by job"
