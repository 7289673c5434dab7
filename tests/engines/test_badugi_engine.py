"""Badugi (``bot/games/badugi.py``): four cards, three draws, the best set of different suits and ranks."""
from __future__ import annotations

import random

import pytest

import bot.games.draw as draw
from bot.ai import badugi as robot
from bot.games.badugi import BadugiEngine
from bot.games.base import HIDDEN, Action, Seat
from bot.games.cards import DECK
from bot.games.phh import RoomHandHistory
from bot.games.poker_view import PokerView
from tests.engines.test_engine_views import shape_errors

SEED = "cd" * 32
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def engine(n: int, stack: int = 1000, dealer: int = 0) -> BadugiEngine:
    return BadugiEngine({}, [Seat(name, stack) for name in NAMES[:n]], SEED, {"dealer": dealer})


def finish_checking(e: BadugiEngine) -> None:
    """Everyone calls or checks and stands pat to the showdown."""
    while e.outcome is None:
        (seat,) = e.to_act()
        kinds = {spec.kind for spec in e.legal_actions(seat)}
        e.apply(seat, Action("stand_pat" if "stand_pat" in kinds else "check" if "check" in kinds else "call"))


def test_four_cards_each_three_draws_and_the_limits_of_triple_draw() -> None:
    e = engine(8, dealer=7)
    view = e.view(None)
    assert (view["variant"], view["stakes"], view["draws_left"]) == ("Badugi", "Limits 10/20", 3)
    assert all(len(e.view(s)["seats"][s]["cards"]) == 4 for s in range(8))
    assert all(c == HIDDEN for s in view["seats"] for c in s["cards"])
    assert shape_errors(view, PokerView) == [] and view["four_color"]
    (seat,) = e.to_act()
    spec = e.legal_actions(seat)[-1]
    assert (spec.kind, spec.min_amount, spec.max_amount) == ("raise", 20, 20)
    draws = 0
    while e.outcome is None:
        (seat,) = e.to_act()
        kinds = {spec.kind for spec in e.legal_actions(seat)}
        if "discard" in kinds:
            assert e.legal_actions(seat)[0].max_choices == 4
            draws += seat == 0
        e.apply(seat, Action("stand_pat" if "stand_pat" in kinds else "check" if "check" in kinds else "call"))
    assert draws == 3
    assert RoomHandHistory.loads(e.phh()).variant == "FB"


def test_the_showdown_plays_the_best_badugi_and_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # Heads-up, Ann on the button: Bob is dealt first. Ann's 8-7-5-3 badugi beats Bob's 9-4-2-A.
    hands = {0: ["8h", "7c", "5d", "3s"], 1: ["9h", "4c", "2d", "As"]}
    deck = [hands[s][k] for k in range(4) for s in (1, 0)]
    deck += [c for c in DECK if c not in deck]
    monkeypatch.setattr(draw, "shuffled_deck", lambda seed: list(deck))
    e = engine(2)
    assert e.view(0)["seats"][0]["hand_name"] == "4-card badugi, 8 high"  # her own, while she plays
    finish_checking(e)
    assert "Ann wins 20 with 4-card badugi, 8 high" in e.log
    assert any(line.startswith("Bob shows") and line.endswith("(4-card badugi, 9 high)") for line in e.log)


def test_a_three_card_hand_loses_to_any_badugi(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: ["Ah", "2h", "3c", "4d"], 1: ["Kh", "Qc", "Jd", "Ts"]}  # Ann's hearts clash: 4-3-A plays
    deck = [hands[s][k] for k in range(4) for s in (1, 0)]
    deck += [c for c in DECK if c not in deck]
    monkeypatch.setattr(draw, "shuffled_deck", lambda seed: list(deck))
    e = engine(2)
    finish_checking(e)
    assert "Bob wins 20 with 4-card badugi, K high" in e.log
    assert "Ann mucks" in e.log or any(line.endswith("(three-card 4-3-A)") for line in e.log)


def test_tables_hold_two_to_eight() -> None:
    with pytest.raises(ValueError):
        BadugiEngine({}, [Seat(n, 100) for n in NAMES] + [Seat("Ida", 100)], SEED, {})


@pytest.mark.parametrize("hand, left, discards", [
    ("As2d3c4h", 3, ""),          # the best badugi stands pat
    ("Ks2d3c4h", 3, "Ks"),        # a king-high badugi breaks early
    ("Ks2d3c4h", 1, ""),          # and stands pat on the last draw
    ("As2s3c4h", 3, "2s"),        # a suit clash: the higher of the two goes
    ("As2d3c3h", 2, "3h"),        # a pair: one of them goes
    ("AsKd3c9s", 1, "9s"),        # the spades clash: K-3-A plays (lower than K-9-3), the nine goes
    ("As2d3d9h", 3, "3d9h"),      # three cards 9-2-A: the nine goes too while two draws remain
    ("AsKsQsJs", 2, "KsQsJs"),    # one suit: the ace alone plays
])
def test_the_robot_keeps_its_best_badugi_subset(hand: str, left: int, discards: str) -> None:
    cards = [hand[i:i + 2] for i in range(0, 8, 2)]
    assert "".join(robot.choose_discards(cards, left)) == discards


def test_robots_play_whole_hands() -> None:
    rng = random.Random(5)
    for hand in range(5):
        e = BadugiEngine({}, [Seat(n, 500) for n in NAMES[:5]], f"{hand:064x}", {"dealer": hand % 5})
        while e.outcome is None:
            (seat,) = e.to_act()
            e.apply(seat, robot.choose(e.view(seat), e.legal_actions(seat), rng))
        assert sum(e.outcome.deltas) == 0
