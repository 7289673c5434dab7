"""Saint Poker: each refusal's exact sentence, the table log of a round, and the cards a seat picked."""
from __future__ import annotations

import pytest

from bot.games.base import Action, IllegalAction
from bot.games.saint import SaintEngine
from tests.test_saint_engine import TWO_PLAYER, reveal, river, seats, seed_of


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
    from tests.test_saint_engine import play_out
    e = SaintEngine({}, seats(2), seed_of(5))
    play_out(e)
    assert refusal(e, 0, Action("river", cards=("As",))) == "The game is over."
