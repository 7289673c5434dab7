"""The PokerStars writer's own rules that no reader checks: Eastern Time across the US clock changes,
names a reader splits right, and heads-up forced bets (pokerkit posts the big blind first there)."""
from __future__ import annotations

from datetime import datetime, timezone

from bot.games.base import Action, Seat
from bot.games.holdem import HoldemEngine
from bot.games.pokerstars import HandInfo, convert, eastern, safe_names


def _utc(*fields: int) -> float:
    return datetime(*fields, tzinfo=timezone.utc).timestamp()


def test_eastern_time_follows_the_us_clock_changes() -> None:
    assert eastern(_utc(2026, 1, 15, 12)) == datetime(2026, 1, 15, 7)      # EST, UTC-5
    assert eastern(_utc(2026, 3, 8, 6, 59)) == datetime(2026, 3, 8, 1, 59)  # the second Sunday of March
    assert eastern(_utc(2026, 3, 8, 7)) == datetime(2026, 3, 8, 3)          # EDT from 2:00 local
    assert eastern(_utc(2026, 11, 1, 5, 59)) == datetime(2026, 11, 1, 1, 59)
    assert eastern(_utc(2026, 11, 1, 6)) == datetime(2026, 11, 1, 1)        # the first Sunday of November


def test_names_lose_what_ends_a_name_and_never_repeat() -> None:
    assert safe_names(["Bob (away)", "  Ann  ", "x:y", "[]", "Ann"]) == ["Bob _away", "Ann", "x_y", "Player4", "Ann_5"]


def test_heads_up_posts_the_small_blind_first_from_the_button() -> None:
    engine = HoldemEngine({}, [Seat("Ann", 500), Seat("Bob", 500)], "ab" * 32, {"dealer": 0})
    engine.apply(engine.to_act()[0], Action("fold"))
    text = convert(engine.phh(), HandInfo(7, "Cardroom 1", 2, _utc(2026, 6, 1), seats=[1, 2], hero=0))
    lines = text.splitlines()
    assert lines[0] == "PokerStars Hand #7:  Hold'em No Limit (5/10) - 2026/06/01 00:00:00 UTC [2026/05/31 20:00:00 ET]"
    assert lines[1] == "Table 'Cardroom 1' 2-max Seat #1 is the button"
    assert lines[4:6] == ["Ann: posts small blind 5", "Bob: posts big blind 10"]
    assert "Ann: folds " in lines and "Uncalled bet (5) returned to Bob" in lines and "Bob collected 10 from pot" in lines
    assert lines[-2:] == ["Seat 1: Ann (button) (small blind) folded before Flop", "Seat 2: Bob (big blind) collected (10)"]
