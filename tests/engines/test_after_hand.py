"""After a poker hand: a winner nobody called may show their cards, and a rabbit hunt shows the board
cards that would have come. Neither changes a chip; the show is a remark in the export that
pokerkit's reader skips and the statistics do not count as a showdown."""
from __future__ import annotations

import pytest

from bot.games.base import HIDDEN, Action, Seat
from bot.games.cards import shuffled_deck
from bot.games.draw import DrawEngine
from bot.games.holdem import HoldemEngine
from bot.games.omaha import OmahaEngine
from bot.games.stud import StudEngine
from bot.service.stats.poker import hand_facts
from tests.support.export_checks import replayed_stacks

SEED = "cd" * 32


def _holdem(game: type[HoldemEngine] = HoldemEngine) -> HoldemEngine:
    return game({}, [Seat(n, 1000) for n in ("Ann", "Bob", "Cat")], SEED, {"dealer": 0})


def _check_round(engine: HoldemEngine) -> None:
    street = engine.view(None)["street"]
    while engine.view(None)["street"] == street and engine.outcome is None:
        (seat,) = engine.to_act()
        kinds = {spec.kind for spec in engine.legal_actions(seat)}
        engine.apply(seat, Action("check" if "check" in kinds else "call"))


@pytest.mark.parametrize("game", [HoldemEngine, OmahaEngine])
@pytest.mark.parametrize("streets_played", [0, 1, 2])
def test_the_rabbit_is_the_rest_of_the_deck_after_each_burn(game: type[HoldemEngine], streets_played: int) -> None:
    engine = _holdem(game)
    for _ in range(streets_played):
        _check_round(engine)
    assert engine.rabbit() == [], "nothing to hunt while the hand goes on"
    (seat,) = engine.to_act()
    engine.apply(seat, Action("raise", amount=engine.legal_actions(seat)[-1].min_amount))
    for _ in range(2):
        (other,) = engine.to_act()
        engine.apply(other, Action("fold"))
    assert engine.outcome is not None
    deck = shuffled_deck(SEED)
    hole = len(engine.seats) * len(engine.view(0)["seats"][0]["cards"])
    board = len(engine.board)
    # the deck after the hole cards: burn, flop, burn, turn, burn, river
    full_board = [deck[hole + 1], deck[hole + 2], deck[hole + 3], deck[hole + 5], deck[hole + 7]]
    assert engine.board == full_board[:board]
    assert engine.rabbit() == full_board[board:] and len(engine.rabbit()) == 5 - board


def test_no_rabbit_once_the_board_is_out() -> None:
    engine = _holdem()
    for _ in range(4):
        _check_round(engine)
    assert engine.outcome is not None and len(engine.board) == 5 and engine.rabbit() == []


def test_the_uncontested_winner_may_show_once_and_it_is_a_remark() -> None:
    engine = _holdem()
    engine.apply(0, Action("raise", amount=40))
    with pytest.raises(ValueError, match="won without a showdown"):
        engine.show_cards(0)  # the hand is not over
    engine.apply(1, Action("fold"))
    engine.apply(2, Action("fold"))
    assert engine.uncontested_winner() == 0 and engine.may_show(0) and not engine.may_show(1)
    with pytest.raises(ValueError, match="won without a showdown"):
        engine.show_cards(1)
    assert engine.view(None)["seats"][0]["cards"] == [HIDDEN, HIDDEN]
    line = engine.show_cards(0)
    assert line.startswith("Ann shows ") and engine.view(None)["seats"][0]["cards"] == engine.view(0)["seats"][0]["cards"]
    assert engine.view(None)["seats"][1]["cards"] == [HIDDEN, HIDDEN], "the others' cards stay hidden"
    with pytest.raises(ValueError, match="already shown"):
        engine.show_cards(0)
    text = engine.phh()
    assert "after winning uncontested" in text
    assert replayed_stacks(text) == [[1000 + d for d in engine.outcome.deltas]]
    facts = hand_facts(text, 0, engine.outcome.deltas)
    assert not facts.showdown and facts.vpip, "showing is no showdown"


def test_a_hand_that_went_to_showdown_has_no_uncontested_winner() -> None:
    engine = _holdem()
    for _ in range(4):
        _check_round(engine)
    assert engine.uncontested_winner() is None and not any(engine.may_show(s) for s in range(3))


def _bet_or_fold(engine: HoldemEngine, seat: int) -> Action:
    """Fold to a bet, else bet the least: the first to bet wins uncontested."""
    specs = {spec.kind: spec for spec in engine.legal_actions(seat)}
    if "fold" in specs:
        return Action("fold")
    if "raise" in specs:
        return Action("raise", amount=specs["raise"].min_amount)
    return Action("check")


@pytest.mark.parametrize("game", [DrawEngine, StudEngine])
def test_draw_and_stud_winners_may_show_too(game: type[HoldemEngine]) -> None:
    engine = game({}, [Seat(n, 1000) for n in ("Ann", "Bob")], SEED, {"dealer": 0})
    while engine.outcome is None:
        (seat,) = engine.to_act()
        engine.apply(seat, _bet_or_fold(engine, seat))
    winner = engine.uncontested_winner()
    assert winner is not None
    engine.show_cards(winner)
    assert HIDDEN not in engine.view(1 - winner)["seats"][winner]["cards"]
