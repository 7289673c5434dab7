"""The PokerStars writer's own rules that no reader checks: Eastern Time across the US clock changes,
names a reader splits right, heads-up forced bets (pokerkit posts the big blind first there), a board
run twice, a winner's show after an uncontested pot and a side pot one player wins alone as PokerStars
writes them."""
from __future__ import annotations

import hashlib
from datetime import datetime, timezone

import pytest
from poker.constants import Action as Kind
from poker.room.pokerstars import PokerStarsHandHistory
from pokerkit import ChipsPushing

from bot.games.base import Action, Seat
from bot.games.holdem import HoldemEngine
from bot.games.pokerstars import HandInfo, convert, eastern, safe_names
from tests.support.pokerstars_checks import Reader


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
    assert lines[0] == "PokerStars Hand #7:  Hold'em No Limit (5/10) - 2026/06/01 0:00:00 UTC [2026/05/31 20:00:00 ET]"
    assert lines[1] == "Table 'Cardroom 1' 2-max (Play Money) Seat #1 is the button"
    assert lines[4:6] == ["Ann: posts small blind 5", "Bob: posts big blind 10"]
    assert "Ann: folds " in lines and "Uncalled bet (5) returned to Bob" in lines and "Bob collected 10 from pot" in lines
    assert lines[-2:] == ["Seat 1: Ann (button) (small blind) folded before Flop", "Seat 2: Bob (big blind) collected (10)"]


def _run_twice(seed: str) -> HoldemEngine:
    """Three seats, dealer 0: Ann all in, Bob calls all in, Cat folds; both agree to run it twice."""
    engine = HoldemEngine({"run_it_twice": True}, [Seat("Ann", 1000), Seat("Bob", 1000), Seat("Cat", 1000)], seed,
                          {"dealer": 0})
    for seat, action in ((0, Action("raise", 1000)), (1, Action("call")), (2, Action("fold")), (0, Action("twice")),
                         (1, Action("twice"))):
        engine.apply(seat, action)
    return engine


def test_a_board_run_twice_has_a_showdown_per_board_and_both_boards_in_the_summary() -> None:
    engine = _run_twice(hashlib.sha256(b"1").hexdigest())
    assert engine.view(None)["winners"][0] == "First board: Ann wins 1005 with Pair of Jacks"
    text = convert(engine.phh(), HandInfo(8, "Cardroom 1", 3, _utc(2026, 6, 1), seats=[1, 2, 3], hero=0))
    first, second = text.split("*** FIRST SHOW DOWN ***")[1].split("*** SECOND SHOW DOWN ***")
    assert "Ann collected 1005 from pot" in first and "Bob" not in first.split("shows")[-1]
    assert "Bob collected 503 from pot" in second and "Ann collected 502 from pot" in second
    assert "*** FIRST RIVER *** [4c Td 8s 2d] [7c]" in text and "*** SECOND FLOP *** [3h 5h 6s]" in text
    assert "Hand was run twice\nFIRST Board [4c Td 8s 2d 7c]\nSECOND Board [3h 5h 6s 7h 4s]" in text
    assert ("Seat 1: Ann (button) showed [Jd Js] and won (1005) with a pair of Jacks, and won (502) with a straight, "
            "Three to Seven") in text
    assert ("Seat 2: Bob (small blind) showed [Ac Jh] and lost with high card Ace, and won (503) with a straight, Three "
            "to Seven") in text


def test_a_hand_that_wins_both_boards_collects_in_each_showdown() -> None:
    """pokerkit pays the pot whole to the only hand left; the file halves it by pokerkit's divmod."""
    engine = _run_twice("ef" * 32)
    assert engine.view(None)["winners"] == ["Ann wins 2010 on both boards, with Pair of Tens / Two pair, Tens and Nines"]
    text = convert(engine.phh(), HandInfo(9, "Cardroom 1", 3, _utc(2026, 6, 1), seats=[1, 2, 3], hero=0))
    assert text.count("Ann collected 1005 from pot") == 2 and "Total pot 2010 | Rake 0" in text
    assert "Seat 2: Bob (small blind) showed [Ks 8c] and lost with high card Ace, and lost with a pair of Nines" in text


class _PlayMoney(PokerStarsHandHistory):  # type: ignore[misc]
    """pokerregion's reader with only its table line read as play-money tables write it."""

    _table_re = Reader._table_re


def test_a_winner_nobody_called_who_showed_shows_after_the_collection() -> None:
    engine = HoldemEngine({}, [Seat("Ann", 500), Seat("Bob", 500), Seat("Cat", 500)], "ab" * 32, {"dealer": 0})
    for seat, action in ((0, Action("call")), (1, Action("call")), (2, Action("check")), (1, Action("raise", 40)),
                         (2, Action("fold")), (0, Action("fold"))):
        engine.apply(seat, action)
    cards = " ".join(engine.view(1)["seats"][1]["cards"])
    engine.show_cards(1)
    text = convert(engine.phh(), HandInfo(10, "Cardroom 1", 3, _utc(2026, 6, 1), seats=[1, 2, 3], hero=1))
    assert f"Uncalled bet (40) returned to Bob\nBob collected 30 from pot\nBob: shows [{cards}] (" in text
    assert text.split(f"Bob: shows [{cards}] (")[1].split("\n")[0].endswith(")") and "\n*** SUMMARY ***" in text
    assert "doesn't show hand" not in text and "Seat 2: Bob (small blind) collected (30)" in text
    with pytest.raises(ValueError, match="SHOWS"):  # pokerregion's reader knows no "shows" in a street's lines
        _PlayMoney(text).parse()
    parsed = Reader(text)  # the tests' reader takes that line out of the flop's, and reads the rest
    parsed.parse()
    assert [action.action for action in parsed.flop.actions] == [Kind.BET, Kind.FOLD, Kind.FOLD, Kind.RETURN, Kind.WIN]


def test_a_side_pot_one_player_wins_alone_is_itemised() -> None:
    """Ann is all in for 100; Bob and Cat go on to 300, Cat folds to Bob's bet on the flop: the side pot
    of Bob's and Cat's chips above Ann's is Bob's alone, and Bob beats Ann for the main pot too. pokerkit
    pays both as one pot of 700 (Ann's hand lost); PokerStars itemises them."""
    engine = HoldemEngine({}, [Seat("Ann", 100), Seat("Bob", 1000), Seat("Cat", 1000)], "ab" * 32, {"dealer": 0})
    plan = {"Ann": [Action("raise", 100)], "Bob": [Action("raise", 300), Action("raise", 200)],
            "Cat": [Action("call"), Action("fold")]}
    while engine.outcome is None:
        (seat,) = engine.to_act()
        name = ("Ann", "Bob", "Cat")[seat]
        engine.apply(seat, plan[name].pop(0) if plan[name] else Action("check"))
    assert [op.amounts for op in engine.state.operations if isinstance(op, ChipsPushing)] == [(700, 0, 0)]
    text = convert(engine.phh(), HandInfo(11, "Cardroom 1", 3, _utc(2026, 6, 1), seats=[1, 2, 3]))
    assert "Bob collected 400 from side pot\nBob collected 300 from main pot\n" in text
    assert "Total pot 700 Main pot 300. Side pot 400. | Rake 0" in text
    assert "Seat 2: Bob (small blind) showed [9d 6d] and won (700) with a straight, Eight to Queen" in text
