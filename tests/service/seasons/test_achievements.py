"""Achievements read from stored deals, pure: each is found where the deal shows it and nowhere else."""
from __future__ import annotations

import json

from bot.service.seasons.achievements import from_deal, from_totals


def poker(summary: str, deltas: list[int]) -> dict[str, object]:
    return {"names": ["Ann", "Bob"], "outcome": {"deltas": deltas, "summary": summary}}


def test_a_win_a_royal_flush_and_stud_quads_come_from_the_winners_line() -> None:
    royal = poker("Ann wins 80 with Royal flush", [80, -80])
    assert from_deal("holdem", royal, "", 0) == {"first-win", "royal-flush"}
    assert from_deal("holdem", royal, "", 1) == set()
    quads = poker("Bob wins 40 with Four of a kind, Nines", [-40, 40])
    assert from_deal("stud", quads, "", 1) == {"first-win", "stud-quads"}
    assert from_deal("holdem", quads, "", 1) == {"first-win"}, "four of a kind counts in stud only"


def test_a_grand_slam_made_by_either_partner_of_the_declaring_side() -> None:
    made = '[Declarer "N"]\n[Contract "7NT"]\n[Result "13"]\n'
    record = {"names": ["N", "E", "S", "W"], "outcome": {"deltas": [0, 0, 0, 0], "summary": ""}}
    assert [from_deal("bridge", record, made, seat) for seat in range(4)] == [{"grand-slam"}, set(), {"grand-slam"}, set()]
    assert from_deal("bridge", record, made.replace('"13"', '"12"'), 0) == set()
    assert from_deal("bridge", record, made.replace("7NT", "6NT"), 0) == set()


def test_a_perfect_poker_squared_grid_and_a_match_won() -> None:
    record = {"names": ["Ann", "Bob"], "outcome": {"deltas": [0, 0], "summary": "", "ranking": [1, 0]}}
    export = json.dumps({"last_grid": {"won": [0, 8]}})
    assert from_deal("squared", record, export, 1) == {"perfect-grid", "first-win"}
    assert from_deal("squared", record, export, 0) == set()


def test_totals_earn_hand_counts_a_first_win_and_a_tournament() -> None:
    assert from_totals(99, 0, 0) == set()
    assert from_totals(100, 1, 0) == {"hands-100", "first-win"}
    assert from_totals(1000, 0, 1) == {"hands-100", "hands-1000", "tournament-won"}
