"""Table kinds as policies: each table holds the kind its settings make it (``kinds.of``), and only
the kinds tell the kinds apart: no module of ``bot/`` reads the settings' mode, tournament or event to
decide what a table does."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.service.table import kinds
from tests.support.code_lines import code_lines
from tests.support.service_rig import ALICE, CHANNEL, GUILD, open_service

ROOT = Path(__file__).resolve().parents[3]
FLAG = re.compile(r"\b(is_mtt|is_tournament|is_cash_table|running_tournament)\b"
                  r"|settings(\.get\(|\[)\s*[\"'](mode|mtt|event)[\"']|settings\.(mode|mtt|event)\b")
"""A kind flag: a test of the kind by name, or a read of the settings that tell the kinds apart."""
ALLOWED = {
    "bot/service/table/kinds.py": "where a table's kind is chosen from its settings",
    "bot/service/tournament/desk.py": "a restored tournament table finds its tournament once, by id",
    "bot/service/tables.py": "a table made in an event joins the event before the table exists",
}


def test_no_kind_flags_outside_the_kinds() -> None:
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name in ALLOWED or name.startswith("bot/games/"):  # the rules read their own settings
            continue
        for number, line in code_lines(path.read_text()):
            if FLAG.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    assert not found, "kind flags outside bot/service/table/kinds.py:\n" + "\n".join(found)


def test_the_grep_sees_a_flag_in_code_only() -> None:
    source = 'def f(settings):\n    """``settings["mode"]`` says"""\n    return settings.get("mode")  # settings["event"]\n'
    assert [number for number, line in code_lines(source) if FLAG.search(line)] == [3]
    assert FLAG.search("if is_cash_table(table):") and FLAG.search("if table.row.settings.mode is TableMode.CASH:")
    assert not FLAG.search('settings = {"mode": "tournament"}'), "making a table of a kind is no flag"


@pytest.mark.parametrize("game, settings, kind", [
    ("holdem", {}, kinds.CashTable),
    ("holdem", {"mode": "tournament", "buy_in": 500}, kinds.SitAndGo),
    ("gin", {}, kinds.CasualTable),
    ("bridge", {"scoring": "duplicate", "event": "club night"}, kinds.EventTable),
    ("bridge", {"scoring": "rubber"}, kinds.CasualTable),
])
async def test_a_table_holds_the_kind_its_settings_make_it(database: str, game: str, settings: dict[str, object],
                                                           kind: type) -> None:
    service = await open_service(database)
    live = await service.create(GUILD, CHANNEL, game, ALICE, "Alice", dict(settings), seat_host=False)
    assert type(live.kind) is kind
    assert live.kind.cash is (kind is kinds.CashTable)
    restored = await open_service(database)  # its open tables restored
    assert type(restored.tables[live.id].kind) is kind, "restored as the same kind"
