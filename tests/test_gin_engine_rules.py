"""Gin rummy: the exact sentence of each refusal, the layoff log, what the showdown shows after gin
and big gin, and each player's discards."""
from __future__ import annotations

import pytest

from bot.games.base import Action, IllegalAction
from bot.games.gin import GinEngine
from tests.test_gin_engine import GIN_HAND, KNOCKER, LOOSE, SEATS, SEED, rigged

DEFENDER = "5c 7c 7d 7h Tc Td Th Ad 3h 6s"   # the 5 of clubs fits the knocker's 2-3-4 of clubs


def refusal(engine: GinEngine, seat: int, action: Action) -> str:
    with pytest.raises(IllegalAction) as refused:
        engine.apply(seat, action)
    return str(refused.value)


def test_layoff_refusals_say_why_and_a_layoff_is_logged_with_the_meld() -> None:
    engine = rigged([KNOCKER, DEFENDER], ["Kh"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("knock", cards=("Kh",)))
    assert refusal(engine, 1, Action("layoff", cards=("6s",), target="2")) == "6♠ does not fit on J♠ Q♠ K♠."
    for target in ("x", "3", None):            # the knocker laid down melds 0, 1 and 2
        assert refusal(engine, 1, Action("layoff", cards=("5c",), target=target)) == (
            "Choose one of the knocker's melds to lay 5♣ off on.")
    assert refusal(engine, 1, Action("layoff", cards=("Jc",), target="0")) == (
        "You can only lay off a card you hold.")
    assert engine.apply(1, Action("layoff", cards=("5c",), target="0"))[0] == "Bob lays off 5♣: 2♣ 3♣ 4♣ 5♣."


def test_the_showdown_shows_gin_with_its_discard() -> None:
    engine = rigged([GIN_HAND, LOOSE], ["8h"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("gin", cards=("8h",)))
    showdown = engine.view(None)["showdown"]
    assert (showdown["kind"], showdown["knocker"], showdown["discard"]) == ("gin", 0, "8h")
    assert engine.view(None)["players"][0]["discarded"] == ["8h"]


def test_the_showdown_shows_big_gin_without_a_discard() -> None:
    engine = rigged(["2c 3c 4c 9h 9d 9s Js Qs Ks 5c", LOOSE], ["6c"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("big_gin"))
    showdown = engine.view(None)["showdown"]
    assert (showdown["kind"], showdown["knocker"], showdown["discard"]) == ("big_gin", 0, None)


def test_big_gin_refusals_say_why() -> None:
    engine = rigged([KNOCKER, LOOSE], ["Kh"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    assert refusal(engine, 0, Action("big_gin")) == (
        "Big gin needs all 11 cards in melds; you have 18 deadwood points.")
    engine = rigged(["2c 3c 4c 9h 9d 9s Js Qs Ks 5c", LOOSE], ["6c"], ["2s"], settings={"big_gin": False})
    engine.apply(0, Action("draw_stock"))
    assert refusal(engine, 0, Action("big_gin")) == "Big gin is not played at this table."


def test_after_both_pass_the_upcard_the_first_player_must_draw_from_the_stock() -> None:
    engine = GinEngine({}, SEATS, SEED, {})
    engine.apply(0, Action("pass"))
    engine.apply(1, Action("pass"))
    assert refusal(engine, 0, Action("draw_discard")) == (
        "Both players passed the upcard: you must draw from the stock.")


def test_each_players_discards_and_the_tops_passed_over_are_listed_oldest_first() -> None:
    engine = rigged([KNOCKER, LOOSE], ["Kh", "Kd"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("discard", cards=("Kh",)))
    engine.apply(1, Action("draw_stock"))
    engine.apply(1, Action("discard", cards=("Qh",)))
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("discard", cards=("8d",)))
    players = engine.view(None)["players"]
    assert [p["discarded"] for p in players] == [["Kh", "8d"], ["Qh"]]
    assert [p["declined"] for p in players] == [["2s", "Qh"], ["Kh"]]   # drawn from the stock instead
    assert engine.view(None)["taken_from_discard"] is None


def test_after_a_draw_from_the_stock_the_next_player_may_take_the_discard() -> None:
    engine = rigged([KNOCKER, LOOSE], ["Kh"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    assert engine.view(None)["taken_from_discard"] is None      # any card may be discarded
    engine.apply(0, Action("discard", cards=("Kh",)))
    assert [s.label for s in engine.legal_actions(1)] == ["Draw from the stock", "Take K♥"]
    assert engine.apply(1, Action("draw_discard")) == ["Bob takes K♥ from the discard pile."]


def test_discard_refusals_say_why() -> None:
    engine = rigged([KNOCKER, LOOSE], ["Kh"], ["2s"])
    assert refusal(engine, 1, Action("draw_stock")) == "It is not your turn."
    assert refusal(engine, 0, Action("draw_stock", cards=("Kh",))) == "That move takes no card."
    for odd in (Action("draw_stock", amount=3), Action("draw_stock", target="0")):
        assert refusal(engine, 0, odd) == "That move takes no amount or target."
    engine.apply(0, Action("draw_discard"))
    assert refusal(engine, 0, Action("discard", cards=("2s",))) == (
        "You cannot discard the card you just took from the discard pile.")
    assert refusal(engine, 0, Action("discard", cards=("Ah",))) == "You must discard a card you hold."
    assert refusal(engine, 0, Action("discard", cards=("8d", "Ks"))) == "Choose exactly one card."
    engine.apply(0, Action("knock", cards=("8d",)))          # Bob has nothing to lay off
    assert refusal(engine, 1, Action("draw_stock")) == "The hand is over."
