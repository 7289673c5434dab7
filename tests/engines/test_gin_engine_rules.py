"""Gin rummy: the exact sentence of each refusal, the layoff log, what the showdown shows after gin
and big gin, each player's discards, the moves each player is offered, what the timer plays, the deal
and misdeals, and the table settings."""
from __future__ import annotations

import pytest

from bot.games.base import Action, IllegalAction
from bot.games.cards import DECK, pretty, shuffled_deck
from bot.games import gin
from bot.games.gin import GinEngine, gin_settings, misdealt, redeal_seed
from tests.engines.test_gin_engine import GIN_HAND, KNOCKER, LOOSE, SEATS, SEED, rigged, sheet

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
    assert refusal(engine, 1, Action("draw_stock")) == "This hand is over."


# -- what a player is offered, and what the timer does ---------------------------------------------

def specs(engine: GinEngine, seat: int) -> list[tuple[str, str, tuple[str, ...], int, int]]:
    """Each offered move as (kind, button label, choices, fewest and most cards to pick)."""
    return [(s.kind, s.label, s.choices, s.min_choices, s.max_choices) for s in engine.legal_actions(seat)]


def test_after_drawing_each_move_offers_the_cards_it_may_use_one_at_a_time() -> None:
    engine = rigged([KNOCKER, LOOSE], ["Kh"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    hand = ("2c", "3c", "4c", "8d", "9d", "9h", "Kh", "9s", "Js", "Qs", "Ks")   # by suit, ace to king
    # Throwing the K♥ leaves the 8♦ (8), throwing the 8♦ leaves the K♥ (10): both may knock at 10.
    assert specs(engine, 0) == [("discard", "Discard", hand, 1, 1), ("knock", "Knock", ("8d", "Kh"), 1, 1)]
    engine = rigged([KNOCKER, LOOSE], ["Kh"], ["2s"], settings={"knock_limit": 9})
    engine.apply(0, Action("draw_stock"))
    assert specs(engine, 0)[1] == ("knock", "Knock", ("Kh",), 1, 1)


def test_gin_and_big_gin_are_offered_when_the_hand_makes_them() -> None:
    engine = rigged([GIN_HAND, LOOSE], ["8h"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    # Any nine leaves three nines and the 8♥ (8 points); only throwing the 8♥ leaves no deadwood.
    assert specs(engine, 0)[1:] == [("knock", "Knock", ("9c", "9d", "8h", "9h", "9s"), 1, 1),
                                    ("gin", "Gin", ("8h",), 1, 1)]
    engine = rigged(["2c 3c 4c 9h 9d 9s Js Qs Ks 5c", LOOSE], ["6c"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    assert specs(engine, 0)[-1] == ("big_gin", "Big gin", (), 0, 0)


def test_a_player_out_of_time_throws_the_highest_card_that_leaves_least_deadwood() -> None:
    # All 11 in melds: throwing the A♣ or 4♣ (ends of the run) or any nine leaves no deadwood; a nine
    # is the highest of those. The timer never declares big gin.
    engine = rigged(["Ac 2c 3c 4c 9c 9d 9h 9s Js Qs", LOOSE], ["Ks"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    action = engine.timeout_action(0)
    assert action.kind == "discard" and action.cards[0][0] == "9"


def test_a_defender_out_of_time_lays_off_what_saves_most_then_finishes() -> None:
    engine = rigged([KNOCKER, "5c 7c 7d 7h Tc Td Th Ad 3h 6s"], ["Kh"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("knock", cards=("Kh",)))
    assert engine.timeout_action(1) == Action("layoff", cards=("5c",), target="0")   # on 2♣ 3♣ 4♣
    engine = rigged([KNOCKER, "5c 5d 5h 5s Tc Td Th Ad 3h 6s"], ["Kh"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("knock", cards=("Kh",)))
    # The 5♣ fits 2♣ 3♣ 4♣, but the other three fives are a set anyway: laying it off saves nothing.
    assert engine.phase == "layoff" and engine.timeout_action(1) == Action("done")


def test_the_upcard_and_the_draw_name_the_card_on_offer() -> None:
    engine = GinEngine({}, SEATS, SEED, {})
    upcard = engine.view(None)["discard_top"]
    assert specs(engine, 0) == [("take_upcard", f"Take {pretty(upcard)}", (), 0, 0), ("pass", "Pass", (), 0, 0)]
    engine = rigged([KNOCKER, LOOSE], ["Kh"], ["2s"])
    assert specs(engine, 0) == [("draw_stock", "Draw from the stock", (), 0, 0), ("draw_discard", "Take 2♠", (), 0, 0)]
    assert specs(engine, 1) == []


def test_after_a_knock_the_defender_is_offered_each_layoff_and_done() -> None:
    engine = rigged([KNOCKER, "5c 7c 7d 7h Tc Td Th Ad 3h Ts"], ["Kh"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("knock", cards=("Kh",)))
    # The 5♣ goes on 2♣ 3♣ 4♣ (meld 0), the 10♠ below J♠ Q♠ K♠ (meld 2).
    assert specs(engine, 1) == [("layoff", "Lay off", ("5c@0", "Ts@2"), 1, 1), ("done", "Done laying off", (), 0, 0)]
    assert specs(engine, 0) == []


# -- the deal ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("dealer", [0, 1])
def test_ten_cards_each_dealt_one_at_a_time_from_the_non_dealer_then_the_upcard(dealer: int) -> None:
    deck = shuffled_deck(SEED)
    assert not misdealt(deck, 10)
    engine = GinEngine({}, SEATS, SEED, sheet(dealer=dealer))
    first = 1 - dealer
    assert sorted(engine.hands[first]) == sorted(deck[0:20:2])
    assert sorted(engine.hands[dealer]) == sorted(deck[1:20:2])
    view = engine.view(None)
    assert (view["phase"], view["to_act"], view["dealer"], view["misdeals"]) == ("upcard", [first], dealer, 0)
    assert (view["discard_pile"], view["stock_count"], view["taken_from_discard"]) == ([deck[20]], 31, None)
    engine.apply(first, Action("pass"))
    engine.apply(dealer, Action("pass"))
    engine.apply(first, Action("draw_stock"))
    assert deck[21] in engine.hands[first]                   # the stock is drawn from its top
    assert sorted(engine.hands[0] + engine.hands[1] + engine.pile + engine.stock) == sorted(DECK)


def deck_of(first: str, second: str) -> list[str]:
    """A deck that deals ``first`` to the non-dealer and ``second`` to the dealer."""
    hands = [first.split(), second.split()]
    dealt = [hands[n % 2][n // 2] for n in range(20)]
    return dealt + [c for c in DECK if c not in dealt]


@pytest.mark.parametrize("first, second", [(KNOCKER, LOOSE), (LOOSE, KNOCKER)])
def test_a_hand_dealt_that_could_knock_is_a_misdeal_for_either_player(first: str, second: str) -> None:
    deck = deck_of(first, second)                              # KNOCKER holds 8 deadwood points
    assert misdealt(deck, 10) and misdealt(deck, 8) and not misdealt(deck, 7)
    assert not misdealt(deck_of(LOOSE, "5c 7s 6c 7d Ts Th Qd Ac 3d 6h"), 10)


def test_each_misdeal_is_dealt_again_from_the_next_redeal_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three misdeals in a row (too rare to find by chance): the fourth deck, redeal 3, is played."""
    good = shuffled_deck(SEED)
    decks = {SEED: deck_of(KNOCKER, LOOSE), redeal_seed(SEED, 1): deck_of(LOOSE, KNOCKER),
             redeal_seed(SEED, 2): deck_of(KNOCKER, LOOSE), redeal_seed(SEED, 3): good}
    asked: list[str] = []

    def deck_for(seed: str) -> list[str]:
        asked.append(seed)
        assert len(asked) <= len(decks), "dealt again and again"
        return decks.get(seed, DECK)

    monkeypatch.setattr(gin, "shuffled_deck", deck_for)
    engine = GinEngine({}, SEATS, SEED, {})
    assert engine.misdeals == 3 and asked == list(decks)
    assert sorted(engine.hands[0]) == sorted(good[0:20:2]) and engine.pile == [good[20]]


def test_a_lower_knock_limit_misdeals_less() -> None:
    seed = next(f"{n:064x}" for n in range(20000)
                if misdealt(shuffled_deck(f"{n:064x}"), 10) and not misdealt(shuffled_deck(f"{n:064x}"), 0))
    assert GinEngine({}, SEATS, seed, {}).misdeals >= 1
    assert GinEngine({"knock_limit": 0}, SEATS, seed, {}).misdeals == 0


# -- table settings --------------------------------------------------------------------------------

def test_settings_default_to_one_game_to_100_with_big_gin_and_no_stake() -> None:
    assert gin_settings({}) == {"target": 100, "knock_limit": 10, "big_gin": True, "match": "game", "stake": 0}
    chosen = {"target": 500, "knock_limit": 0, "big_gin": False, "match": "best-of-five", "stake": 3}
    assert gin_settings(chosen) == chosen
    assert gin_settings({"knock_limit": 10, "stake": 0})["knock_limit"] == 10


@pytest.mark.parametrize("settings, reason", [
    ({"match": "best-of-three"}, 'The match must be "game" or "best-of-five".'),
    ({"target": 150}, "A game goes to 100, 250 or 500 points."),
    ({"knock_limit": 11}, "The knock limit must be between 0 and 10 points."),
    ({"knock_limit": -1}, "The knock limit must be between 0 and 10 points."),
    ({"stake": -1}, "The stake cannot be negative."),
])
def test_a_bad_setting_is_refused_with_the_reason(settings: dict[str, object], reason: str) -> None:
    with pytest.raises(ValueError) as refused:
        gin_settings(settings)
    assert str(refused.value) == reason


def test_gin_is_for_exactly_two_players() -> None:
    for seats in (SEATS[:1], [*SEATS, SEATS[0]]):
        with pytest.raises(ValueError) as refused:
            GinEngine({}, seats, SEED, {})
        assert str(refused.value) == "Gin rummy is played by exactly two players."
