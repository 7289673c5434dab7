"""The bidding system a bridge table chooses (``system``: SAYC or the beginners' natural system) is the
one its robots bid, the one their card play reads the auction with, and the one /bridge status names;
a table stored before there was a choice plays SAYC."""
from __future__ import annotations

import random
from typing import Any, Callable

import pytest

import bot.ai.bridge as robot
from bot.ai.bridge_explain import explain
from bot.games.base import Action, Seat
from bot.games.bridge import BridgeEngine
from bot.games.bridge_options import describe_settings

SEATS = [Seat(name, is_bot=True) for name in ("North", "East", "South", "West")]
STRONG = "86" * 32
"""Rubber board 1 (North deals): North holds 23 HCP with five hearts, East 10 HCP with seven diamonds."""


def _opening_round(system: str) -> list[str]:
    """The robots' first two calls on ``STRONG`` at a table of ``system``."""
    game = BridgeEngine({"scoring": "rubber", "system": system}, SEATS, STRONG, {})
    for _ in range(2):
        seat = game.to_act()[0]
        game.apply(seat, robot.choose(game.view(seat), game.legal_actions(seat), random.Random(0)))
    return [call for _, call in game.calls]


def test_the_robots_bid_the_tables_system() -> None:
    """SAYC opens a 23-count 2♣ (East, 10 HCP, cannot overcall at the two level); the beginners' system
    has no strong two: one of the five-card major, and East overcalls its seven diamonds with 10+."""
    assert _opening_round("sayc") == ["2C", "Pass"]
    assert _opening_round("beginners") == ["1H", "2D"]


def test_a_table_stored_without_the_option_plays_sayc_and_a_bad_one_is_refused() -> None:
    assert BridgeEngine({"scoring": "rubber"}, SEATS, STRONG, {}).view(None)["system"] == "sayc"
    assert BridgeEngine({"system": "beginners"}, SEATS, STRONG, {}).view(0)["system"] == "beginners"
    with pytest.raises(ValueError, match="sayc, beginners"):
        BridgeEngine({"system": "acol"}, SEATS, STRONG, {})


def test_the_card_play_samples_deals_as_the_tables_system_reads_the_auction(monkeypatch: pytest.MonkeyPatch) -> None:
    """After a person's 2♣ opening, passed out, SAYC's robots imagine North with 22+ HCP, the beginners' with a
    weak hand and six clubs (their system has no strong two)."""
    read: dict[str, Any] = {}

    def inline(work: Callable[..., Any], *args: Any) -> Any:
        read["shown"] = args[1]
        return work(*args)

    monkeypatch.setattr(robot, "in_solver", inline)
    monkeypatch.setattr(robot, "SAMPLES", 1)
    for system, low, high in (("sayc", 22, 37), ("beginners", 6, 10)):
        game = BridgeEngine({"scoring": "rubber", "system": system}, SEATS, STRONG, {})
        game.apply(0, Action("bid", target="2C"))
        for seat in (1, 2, 3):
            game.apply(seat, Action("pass"))
        seat = game.to_act()[0]
        robot.choose(game.view(seat), game.legal_actions(seat), random.Random(0))
        assert (read["shown"][0].min_hcp, read["shown"][0].max_hcp) == (low, high), system


@pytest.mark.parametrize("calls, expected", [
    ([(0, "1H")], "Opening: 10+ HCP, 5+ hearts."),
    ([(0, "2C")], "Opening: 6–10 HCP, 6+ clubs, a weak two."),
    ([(0, "1NT"), (1, "Pass"), (2, "2C")], "Response: at most 7 HCP, 5+ clubs, to play."),
    ([(0, "1H"), (1, "Pass"), (2, "2NT")], "Response: 10–12 HCP, balanced."),
])
def test_the_beginners_system_explains_calls_without_conventions(calls: list[tuple[int, str]], expected: str) -> None:
    assert explain(calls, len(calls) - 1, "beginners") == expected


def test_status_names_the_scoring_and_the_system() -> None:
    assert describe_settings({"scoring": "rubber"}) == "Rubber scoring; the robots bid SAYC (Standard American Yellow Card)"
    assert describe_settings({"scoring": "duplicate", "event": "club-night", "system": "beginners"}) == (
        "Duplicate scoring, event club-night; the robots bid the beginners' natural system")
