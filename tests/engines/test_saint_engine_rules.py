"""Saint Poker: each refusal's exact sentence, the table log of a round, the cards a seat picked, what
each phase asks for, and the result lines."""
from __future__ import annotations

import pytest

from bot.games.base import Action, ActionSpec, IllegalAction
from bot.games.saint import SaintEngine
from tests.engines.test_saint_engine import (NAMES, THREE_PLAYER, TWO_PLAYER, play_out, reveal, river, seats,
                                     seed_of, tie_order)


def refusal(e: SaintEngine, seat: int, action: Action) -> str:
    with pytest.raises(IllegalAction) as refused:
        e.apply(seat, action)
    return str(refused.value)


def test_every_refusal_says_exactly_why() -> None:
    e = SaintEngine({"deck": TWO_PLAYER}, seats(2), seed_of(1))
    assert refusal(e, 2, Action("river", cards=("As",))) == "You are not playing in this game."
    assert refusal(e, 0, Action("fold")) == "That is not a Saint Poker move."
    assert refusal(e, 0, Action("river", cards=("As", "Ah"))) == "Choose exactly one card for the river."
    assert refusal(e, 0, Action("river", cards=("2d",))) == "You must choose a card you hold."
    e.apply(0, Action("river", cards=("As",)))
    assert refusal(e, 0, Action("river", cards=("Ah",))) == (
        "You have already chosen; wait for the other players.")
    e.apply(1, Action("river", cards=("2d",)))
    assert refusal(e, 0, Action("reveal", cards=("Ah", "Ah"))) == (
        "Choose exactly two different cards to reveal.")
    assert refusal(e, 0, Action("reveal", cards=("Ah", "As"))) == "You must choose two cards you hold."
    reveal(e, ["Ah Ad", "Th Jh"])
    assert refusal(e, 1, Action("pickup", cards=("Th",))) == "It is not your turn to pick up."
    assert refusal(e, 0, Action("pickup", cards=("As", "Ah"))) == "Pick up exactly one card."
    assert refusal(e, 0, Action("pickup", cards=("Kc",))) == (
        "You must pick up a card from the river or the revealed cards.")


def test_a_round_is_told_in_the_log_and_the_picked_cards_are_shown() -> None:
    e = SaintEngine({"deck": TWO_PLAYER}, seats(2), seed_of(1))
    e.apply(0, Action("river", cards=("As",)))
    assert e.apply(1, Action("river", cards=("2d",))) == [
        "Bob has chosen a river card.",
        "The river is complete: 7♥, 8♠, 9♦, A♠ (Ann), 2♦ (Bob).",
    ]
    e.apply(0, Action("reveal", cards=("Ah", "Ad")))
    assert e.apply(1, Action("reveal", cards=("Th", "Jh")))[-1] == "Pickup order, twice around: Ann, Bob."
    e.apply(0, Action("pickup", cards=("As",)))
    e.apply(1, Action("pickup", cards=("Th",)))
    e.apply(0, Action("pickup", cards=("Ah",)))
    assert [s["picked"] for s in e.view(None)["seats"]] == [["As", "Ah"], ["Th"]]
    assert e.apply(1, Action("pickup", cards=("Jh",))) == [
        "Bob picks up J♥.", "The other 5 cards are discarded.", "Round 2 begins."]


def test_nothing_is_played_after_the_game() -> None:
    e = SaintEngine({}, seats(2), seed_of(5))
    play_out(e)
    assert refusal(e, 0, Action("river", cards=("As",))) == "This hand is over."


def test_each_phase_offers_its_own_cards_and_asks_for_exactly_the_number_it_needs() -> None:
    """One card for the river, two to reveal, one to pick up from the face-up cards."""
    e = SaintEngine({"deck": TWO_PLAYER}, seats(2), seed_of(1))
    assert e.legal_actions(0) == [ActionSpec("river", "Add to the river", choices=tuple(e.hands[0]),
                                             min_choices=1, max_choices=1)]
    river(e, ["As", "2d"])
    assert e.legal_actions(1) == [ActionSpec("reveal", "Reveal two cards", choices=tuple(e.hands[1]),
                                             min_choices=2, max_choices=2)]
    reveal(e, ["Ah Ad", "Th Jh"])
    assert e.legal_actions(0) == [ActionSpec("pickup", "Pick up a card", choices=tuple(e.table),
                                             min_choices=1, max_choices=1)]
    assert sorted(e.table) == sorted("7h 8s 9d As 2d Ah Ad Th Jh".split())


def test_the_round_result_is_told_place_by_place() -> None:
    e = SaintEngine({"deck": THREE_PLAYER}, seats(3), seed_of(1))
    river(e, ["9h", "Js", "Kc"])                   # the river: 2c 7d 9h Js Kc
    e.apply(0, Action("reveal", cards=("Kd", "Ks")))
    e.apply(1, Action("reveal", cards=("3d", "4h")))
    lap = ", ".join(NAMES[s] for s in tie_order(seed_of(1), 1, [[0], [1, 2]]))  # ties: by seed
    assert e.apply(2, Action("reveal", cards=("3s", "4c"))) == [
        "Cy has chosen two cards to reveal.",
        "Round 1: Ann wins 1 point with Three of a Kind.",   # round 1 is worth 1 point
        "Winner order: Ann (Three of a Kind), Bob (High Card) = Cy (High Card).",
        f"Pickup order, twice around: {lap}.",
    ]


def test_the_final_line_names_the_winner_then_the_others_best_first() -> None:
    e = SaintEngine({}, seats(4), seed_of(1))
    play_out(e)
    assert e.scores == [10, 3, 5, 18] and e.outcome is not None
    assert e.outcome.summary == "Dee wins with 18 points; Ann 10, Cy 5, Bob 3."
