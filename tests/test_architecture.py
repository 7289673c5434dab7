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


MAX_LINES = 300
EXEMPT_FROM_LENGTH = {
    "bot/games": "a rules engine is one game's rule book, read beside its docs/rules page; its helpers "
                 "(betting, scoring, melds, shapes) are already modules of their own",
    "bot/ai": "a computer player is one game's strategy, read beside that game's engine",
    "images": "a renderer draws one game's picture, its layout read top to bottom; they are pure and "
              "compared with tests/reference_images",
}
"""Where a module may run past ``MAX_LINES``, and why. Everything else in bot/ and cogs/ (the adapter,
service and storage layers, the registry, the cogs) is held to it."""
LAYERED = sorted(path for package in ("bot", "cogs", "images") for path in (ROOT / package).rglob("*.py")
                 if not any(path.relative_to(ROOT).as_posix().startswith(prefix + "/") for prefix in EXEMPT_FROM_LENGTH))


@pytest.mark.parametrize("path", LAYERED, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_modules_read_in_one_sitting(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines: split it by job"


def test_the_length_rule_holds_every_layer() -> None:
    """The check above can fail: it reads the adapter, the service and storage, not only one of them."""
    held = {path.relative_to(ROOT).parent.as_posix() for path in LAYERED}
    assert {"bot/adapter", "bot/service", "bot/storage", "cogs", "bot"} <= held
    assert not any(path.is_relative_to(ROOT / "bot" / "games") for path in LAYERED)


# -- the import graph: no circle anywhere, and each layer imports only the ones below it -------------

SCANNED = ("bot", "cogs", "images", "tests")
LAYERS: tuple[tuple[str, int], ...] = (
    # (module or package, rank): an import between two layers must go to a lower rank
    ("bot.errors", 0),  # the one root of refusals meant for the player, raised from every layer
    ("bot.games", 1), ("bot.config", 1), ("bot.render_pool", 1), ("bot.shards", 1),
    ("bot.ai", 2), ("images", 2), ("bot.storage", 2),
    ("bot.registry", 3), ("bot.exports", 4),
    ("bot.service", 5),
    ("bot.selfplay", 6), ("bot.adapter.client", 8), ("bot.adapter", 6),
    ("bot.web", 6),  # the web process: the service's reads and rules, beside the adapter, never Discord
    ("cogs", 7),  # cogs see the bot through bot.adapter.protocol; the client, which loads them, is above
    ("bot.__main__", 9), ("tests", 10),
)
THIRD_PARTY_BANNED = {
    "bot.storage": {"discord"},
    "bot.service": {"discord", "aiosqlite", "sqlite3", "asyncpg"},
}
SERVICE_STORAGE = {"bot.storage", "bot.storage.interface", "bot.storage.records"}
"""All the service may know of storage: the interface, never a backend or its SQL."""


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for package in SCANNED for p in sorted((ROOT / package).rglob("*.py"))}


def _resolve(name: str) -> str | None:
    """The project module an imported name lives in (its longest known prefix), or None."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _edges(path: Path) -> tuple[set[str], set[str]]:
    """(project modules, top-level third-party names) a file imports, anywhere in it (functions and
    ``TYPE_CHECKING`` blocks too: an import there is still a dependency a reader follows)."""
    project: set[str] = set()
    external: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            found = _resolve(name)
            if found is None:
                external.add(name.split(".")[0])
            elif found != _module_name(path):
                project.add(found)
    return project, external


GRAPH = {name: _edges(path) for name, path in MODULES.items()}


def _layer(module: str) -> tuple[str, int]:
    if module == "bot":  # the package itself: empty
        return module, 0
    for prefix, rank in LAYERS:
        if module == prefix or module.startswith(prefix + "."):
            return prefix, rank
    raise AssertionError(f"{module} belongs to no layer: add it to LAYERS")


def _cycle() -> list[str] | None:
    """One import circle among the project's modules, or None (depth-first search)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(GRAPH[module][0]):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state and (found := visit(target)):
                return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(GRAPH):
        if module not in state and (found := visit(module)):
            return found
    return None


def test_no_import_circle_anywhere() -> None:
    assert len(MODULES) > 100 and "bot.adapter.client" in MODULES and "tests.support.harness" in MODULES
    cycle = _cycle()
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_layers_import_only_downward() -> None:
    wrong = []
    for module, (imports, _) in GRAPH.items():
        layer, rank = _layer(module)
        for target in imports:
            target_layer, target_rank = _layer(target)
            if target_layer != layer and target_rank >= rank:
                wrong.append(f"{module} -> {target}")
    assert not wrong, "imports up or across the layers: " + ", ".join(sorted(wrong))


def test_storage_knows_no_discord_and_the_service_neither_discord_nor_sql() -> None:
    wrong = []
    for module, (imports, external) in GRAPH.items():
        for layer, banned in THIRD_PARTY_BANNED.items():
            if module == layer or module.startswith(layer + "."):
                wrong += [f"{module} imports {name}" for name in external & banned]
        if module.startswith("bot.service."):
            wrong += [f"{module} imports {t}" for t in imports if t.startswith("bot.storage") and t not in SERVICE_STORAGE]
    assert not wrong, wrong


def test_the_graph_sees_every_kind_of_import() -> None:
    """The checks above can fail: the graph holds imports in functions and TYPE_CHECKING blocks."""
    assert "bot.adapter.protocol" in GRAPH["cogs.economy"][0]
    assert "bot.service.table.live" in GRAPH["bot.adapter.table.components"][0]  # a TYPE_CHECKING import
    assert "bot.selfplay" in GRAPH["bot.__main__"][0]  # an import inside a function
    assert "discord" in GRAPH["bot.adapter.table.presenter"][1]


def test_the_bot_on_sqlite_loads_no_postgresql_driver() -> None:
    """asyncpg is imported only where PostgreSQL is used (``bot.storage.open_storage``, a cluster's
    shard guard): the bot and every cog load without it."""
    import subprocess
    import sys

    code = ("import sys, bot.adapter.client, bot.__main__; from bot.adapter.client import extensions; "
            "[__import__(name) for name in extensions()]; print('asyncpg' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False", out.stdout + out.stderr
