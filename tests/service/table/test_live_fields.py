"""A table's memory is grouped by concern (``LiveTable.turns`` and the records of
``bot.service.table.memory``), and each group is written only by the modules of its concern."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.service.table.memory import AfterHand

ROOT = Path(__file__).resolve().parents[3]
SOURCES = sorted([*(ROOT / "bot").rglob("*.py"), *(ROOT / "cogs").rglob("*.py")])
WRITERS = {
    "last_deal": {"bot/service/table/settlement.py", "bot/service/table/dealing.py"},
    "after_hand": {"bot/service/table/after_hand.py", "bot/service/table/bounty.py"},
    "undo": {"bot/service/table/undo.py"},
    "event_deal": {"bot/service/events/shared_deals.py", "bot/service/events/desk.py"},
    "paused": {"bot/service/tables.py"},
    "turns": set(),
}
"""Each group of a table's memory, and the modules that may replace it (``turns`` changes only through
its own methods; ``LiveTable.restore`` puts every group back as a failed command found it)."""
TABLES = {"table", "live", "other", "self"}
"""What the code calls a table."""


def writes(source: str) -> list[tuple[int, str]]:
    """Where ``source`` assigns a group of a table's memory, or a field inside one (``table.turns.started``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] \
            if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
        for target in [t for group in targets for t in (group.elts if isinstance(group, ast.Tuple) else [group])]:
            while isinstance(target, ast.Attribute) and isinstance(target.value, ast.Attribute):
                target = target.value  # table.turns.started = ... writes table.turns
            if isinstance(target, ast.Attribute) and target.attr in WRITERS \
                    and isinstance(target.value, ast.Name) and target.value.id in TABLES:
                found.append((node.lineno, target.attr))
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_each_group_is_written_by_its_concern_alone(path: Path) -> None:
    name = path.relative_to(ROOT).as_posix()
    wrong = [f"{line}: {group}" for line, group in writes(path.read_text()) if name not in WRITERS[group]]
    assert not wrong, f"{name} writes a table's memory it does not own:\n" + "\n".join(wrong)


def test_the_check_sees_a_write() -> None:
    source = ("table.undo = None\nlive.turns.started = {}\nother.paused, x = None, 1\nself.after_hand = 1\n"
              "spec.undo = None\ntable.note('undo')\n")
    assert writes(source) == [(1, "undo"), (2, "turns"), (3, "paused"), (4, "after_hand")]


def test_the_records_are_replaced_whole() -> None:
    with pytest.raises(AttributeError):
        AfterHand().rabbit_hunted = 3  # type: ignore[misc]
