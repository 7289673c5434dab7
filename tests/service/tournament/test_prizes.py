"""A multi-table tournament's prizes (`bot/service/tournament/prizes.py`) and settings (`mtt_settings.py`),
against `docs/tournaments.md`."""
from __future__ import annotations

import pytest

from bot.errors import UserError
from bot.service.tournament import prizes as mtt_prizes
from bot.service.tournament.settings import mtt_settings


@pytest.mark.parametrize("entries, paid", [(2, 1), (6, 1), (7, 1), (10, 2), (30, 5), (200, 30)])
def test_about_the_top_fifteen_percent_is_paid(entries: int, paid: int) -> None:
    assert mtt_prizes.paid_places(entries) == paid


@pytest.mark.parametrize("paid", range(1, 60))
def test_default_shares_add_up_to_the_pool_and_fall_place_by_place(paid: int) -> None:
    shares = mtt_prizes.default_shares(paid)
    assert sum(shares) == 100 and len(shares) == min(paid, 12) and all(share > 0 for share in shares)
    assert list(shares) == sorted(shares, reverse=True)
    assert mtt_prizes.default_shares(5) == (36, 25, 18, 12, 9)


def test_prizes_add_up_to_the_pool_with_the_leftovers_to_the_winner() -> None:
    assert mtt_prizes.prizes(1001, (50, 30, 20), 30) == [501, 300, 200]
    assert mtt_prizes.prizes(300, (50, 30, 20), 2) == [188, 112], "never more places than entries"


def test_players_sharing_places_split_those_places_prizes() -> None:
    table = [500, 300, 200]
    assert mtt_prizes.shared(table, 2, 2) == [250, 250]
    assert mtt_prizes.shared(table, 3, 2) == [100, 100], "the fourth place pays nothing"
    assert mtt_prizes.shared([500, 301, 200], 2, 2) == [251, 250]


@pytest.mark.parametrize("text, error", [
    ("50,30,10", "add up to 100"), ("30,70", "best first"), ("a,b", "whole percents"), ("100,0", "positive")])
def test_custom_prizes_are_refused_with_the_reason(text: str, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        mtt_prizes.parse_shares(text)
    assert mtt_prizes.parse_shares("50, 30, 20%") == (50, 30, 20)


@pytest.mark.parametrize("changes, error", [
    ({"blinds": "10/20, 20"}, "is not a level"), ({"blinds": "20/40, 10/20"}, "can't go down"),
    ({"blinds": "40/20"}, "is not a level"), ({"stack": 300}, "under 20 big blinds"),
    ({"prizes": "60,30"}, "add up to 100"), ({"buy_in": -1}, "buy-in can't be negative"),
    ({"minutes": 0}, "at least 1 minute"), ({"turn_seconds": 0}, "at least 10 seconds"),
    ({"turn_seconds": 9}, "at least 10 seconds"), ({"late_levels": -1}, "late registration can't be negative"),
    ({"break_every": -1}, "between breaks can't be negative"), ({"break_minutes": -1}, "minutes can't be negative"),
    ({"level_hands": -1}, "hands of a level can't be negative"), ({"seats": 1}, "2 to 10"), ({"seats": 11}, "2 to 10")])
def test_a_tournament_s_settings_are_refused_with_the_reason(changes: dict[str, object], error: str) -> None:
    base: dict[str, object] = dict(stack=1500, buy_in=100, seats=8, blinds="10/20, 20/40", minutes=10, level_hands=0,
                                   break_every=2, break_minutes=5, late_levels=2, reentry=False, prizes=None,
                                   starts_at=None, turn_seconds=30, manager_role=None)
    assert mtt_settings(**base).blinds == ((10, 20), (20, 40))  # type: ignore[arg-type]
    freeroll = mtt_settings(**{**base, "buy_in": 0, "late_levels": 0, "break_every": 0})  # type: ignore[arg-type]
    assert freeroll.buy_in == 0
    with pytest.raises(UserError, match=error):
        mtt_settings(**{**base, **changes})  # type: ignore[arg-type]
