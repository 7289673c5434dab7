"""A table's settings and carry are typed where the table reads them: the service and the adapter read
a table option (``TableSettings``) or the button's place between deals (``TableCarry``) by its field,
never by a key of a dict; the game's own options and carry go to the engine as they are. A bad option
is refused when the table is made, in words the host reads."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.errors import UserError
from bot.storage.records import Straddle, TableMode, TableSettings
from tests.support.code_lines import code_lines
from tests.support.service_rig import ALICE, CHANNEL, GUILD, open_service

ROOT = Path(__file__).resolve().parents[3]
KEYED = re.compile(r"\bsettings(\[|\.get\()|\.game(\[|\.get\()")
"""A read of settings by key: of a table's settings as a dict, or into the game's options, which only
the engine judges (the service hands them on whole)."""
CARRY_READ = re.compile(r"\bcarry(\.get\(|\[[^]]*\](\s*[^= ]|\s*$|\s*==))")
"""A read of a carry by key (writing the deal's, where the button goes, is no read)."""


def test_the_service_and_the_adapter_read_no_setting_or_carry_by_key() -> None:
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for package in ("bot/service", "bot/adapter") for path in sorted((ROOT / package).rglob("*.py"))
             for number, line in code_lines(path.read_text()) if KEYED.search(line) or CARRY_READ.search(line)]
    assert not found, "settings or carry read by key:\n" + "\n".join(found)


def test_the_grep_sees_a_read_by_key() -> None:
    assert KEYED.search('int(table.row.settings.get("time_bank", 0))')
    assert KEYED.search('settings["big_blind"]') and KEYED.search('table.row.settings.game["big_blind"]')
    assert not KEYED.search("table.row.settings.time_bank") and not KEYED.search("settings.to_json()")
    assert CARRY_READ.search('button = row.carry.get("button_seat")') and CARRY_READ.search('if carry["dealer"] == 0:')
    assert CARRY_READ.search('dealt.index(carry["button_seat"])')
    assert not CARRY_READ.search('carry["button_seat"] = button') and not CARRY_READ.search("row.carry.button_seat")


def test_a_table_option_is_a_field_and_the_rest_is_the_games() -> None:
    settings = TableSettings.chosen({"limit": "no-limit", "small_blind": 5, "big_blind": 10, "straddle": "button",
                                     "mode": "tournament", "level_hands": 4, "event": None})
    assert (settings.mode, settings.straddle, settings.level_hands, settings.event) == \
        (TableMode.SIT_AND_GO, Straddle.BUTTON, 4, None)
    assert dict(settings.game) == {"limit": "no-limit", "small_blind": 5, "big_blind": 10}
    assert TableSettings.from_json(settings.to_json()) == settings
    with pytest.raises(TypeError):
        settings.game["limit"] = "pot-limit"  # type: ignore[index]  # the settings of a table never change


@pytest.mark.parametrize("options, refusal", [
    ({"time_bank": -5}, "`time_bank` must be at least 0."),
    ({"turn_seconds": "soon"}, "`turn_seconds` must be a whole number."),
    ({"straddle": "sideways"}, "A straddle is off, under the gun or on the button."),
    ({"mode": "league"}, "A table is a cash game or a tournament, not 'league'."),
    ({"rabbit_hunt": "yes"}, "`rabbit_hunt` is true or false."),
    ({"min_buy_in": 500, "max_buy_in": 400}, "The maximum buy-in (400) can't be under the minimum (500)."),
])
async def test_a_bad_option_is_refused_when_the_table_is_made(database: str, options: dict[str, object],
                                                              refusal: str) -> None:
    service = await open_service(database)
    with pytest.raises(UserError, match=re.escape(refusal)):
        await service.create(GUILD, CHANNEL, "holdem", ALICE, "Alice", options, seat_host=False)
    assert service.in_channel(CHANNEL) is None, "no table made"
