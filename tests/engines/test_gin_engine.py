"""Gin rummy engine: every scoring rule with a worked example, the turn rules, and random play."""
from __future__ import annotations

import json
import random
import re
from dataclasses import asdict
from typing import Any, Sequence

import pytest
from hypothesis import given, settings, strategies as st

from bot.games.base import HIDDEN, Action, IllegalAction, NotYourTurn, Seat
from bot.games.cards import DECK, shuffled_deck
from bot.games.gin import (
    GinEngine, GinPlayerView, GinScoreView, GinShowdownView, GinView, ScoreSheet, game_totals, gin_settings,
    layoff_action, misdealt, redeal_seed,
)

SEATS = [Seat("Ann", stack=1000), Seat("Bob", stack=1000)]
SEED = "ab" * 32


def sheet(**fields: Any) -> dict[str, Any]:
    """A carry as a previous hand would hand it over."""
    return {**asdict(ScoreSheet()), **fields}


def rigged(hands: list[str], stock_top: list[str], pile: list[str],
           settings: dict[str, Any] | None = None, carry: dict[str, Any] | None = None,
           seats: Sequence[Seat] = SEATS) -> GinEngine:
    """Ann (seat 0) to draw, with the given hands (space-separated), stock top and pile."""
    engine = GinEngine(settings or {}, seats, SEED, carry or sheet())
    engine.hands = [h.split() for h in hands]
    used = set(engine.hands[0]) | set(engine.hands[1]) | set(stock_top) | set(pile)
    engine.stock = list(stock_top) + [c for c in DECK if c not in used]
    engine.pile = list(pile)
    engine.phase, engine.turn = "draw", 0
    return engine


def all_cards(engine: GinEngine) -> list[str]:
    return engine.hands[0] + engine.hands[1] + engine.pile + engine.stock + [c for c, _ in engine.layoffs]


# Ann holds 2-3-4 of clubs, three nines, J-Q-K of spades and the 8 of diamonds: 8 deadwood.
KNOCKER = "2c 3c 4c 9h 9d 9s Js Qs Ks 8d"


def test_knock_scores_the_difference() -> None:
    # The rule text's example: knock with 8, the defender has 10 after laying off: 2 points.
    engine = rigged([KNOCKER, "5c 7c 7d 7h Tc Td Th Ad 3h 6s"], ["Kh"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("knock", cards=("Kh",)))
    assert engine.phase == "layoff" and engine.to_act() == (1,)
    assert engine.view(None)["showdown"]["table"] == [["2c", "3c", "4c"], ["9d", "9h", "9s"], ["Js", "Qs", "Ks"]]
    assert [s.choices for s in engine.legal_actions(1) if s.kind == "layoff"] == [("5c@0",)]
    lines = engine.apply(1, layoff_action("5c@0"))
    assert engine.phase == "over"  # nothing else fits: the layoffs end by themselves
    assert lines[-1] == "Ann knocks with 8; Bob has 10 after laying off: Ann scores 2."
    assert engine.sheet.lines == [{"hand": 1, "winner": 0, "kind": "knock", "points": 2}]
    assert engine.outcome is not None and engine.outcome.carry["points"] == [2, 0]


def test_laying_off_a_king_on_three_kings() -> None:
    # The rule text's example: the defender's king goes on the knocker's three kings, 10 points less.
    engine = rigged(["Kc Kd Ks 2h 3h 4h 9c 9d 9s 6c", "Kh Qd Jc 8c 7s 5d 4s 2c Ad 3d"], ["Ts"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("knock", cards=("Ts",)))
    assert engine.view(1)["players"][1]["deadwood_points"] == 60
    assert next(s for s in engine.legal_actions(1) if s.kind == "layoff").choices == ("Kh@2",)
    lines = engine.apply(1, layoff_action("Kh@2"))
    assert engine.view(None)["showdown"]["table"][2] == ["Kc", "Kd", "Kh", "Ks"]
    assert lines[-1] == "Ann knocks with 6; Bob has 50 after laying off: Ann scores 44."


def test_undercut_when_the_defender_has_less() -> None:
    engine = rigged([KNOCKER, "5c 7c 7d 7h Tc Td Th Ad 3h 2d"], ["Kh"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("knock", cards=("Kh",)))
    lines = engine.apply(1, layoff_action("5c@0"))
    assert lines[-1] == "Ann knocks with 8; Bob has 6 after laying off: Bob undercuts and scores 27 (25 + 2)."
    assert engine.sheet.lines[-1] == {"hand": 1, "winner": 1, "kind": "undercut", "points": 27}


def test_knock_without_layoffs_and_undercut_on_equal_deadwood() -> None:
    engine = rigged([KNOCKER, "6c 7c 7d 7h Tc Td Th Ad 3h 4s"], ["Kh"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    lines = engine.apply(0, Action("knock", cards=("Kh",)))
    assert engine.phase == "over"  # the defender has nothing to lay off
    assert lines[-1] == "Ann knocks with 8; Bob has 14: Ann scores 6."
    engine = rigged([KNOCKER, "7s 7c 7d 7h Tc Td Th Ad 3h 4d"], ["Kh"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("knock", cards=("Kh",)))
    assert engine.sheet.lines[-1] == {"hand": 1, "winner": 1, "kind": "undercut", "points": 25}


def test_defender_may_stop_laying_off() -> None:
    engine = rigged([KNOCKER, "5c 7c 7d 7h Tc Td Th Ad 3h 6s"], ["Kh"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("knock", cards=("Kh",)))
    lines = engine.apply(1, Action("done"))
    assert lines[-1] == "Ann knocks with 8; Bob has 15: Ann scores 7."


GIN_HAND = "2c 3c 4c 9h 9d 9s 9c Js Qs Ks"
LOOSE = "5d 7c 6d 7h Tc Td Qh Ad 3h 6s"  # no meld: 5+7+6+7+10+10+10+1+3+6 = 65 deadwood


def test_gin_scores_25_plus_all_deadwood_and_allows_no_layoffs() -> None:
    engine = rigged([GIN_HAND, LOOSE.replace("5d", "5c")], ["8h"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    lines = engine.apply(0, Action("gin", cards=("8h",)))
    assert engine.phase == "over"
    # The 5 of clubs would fit 2-3-4 of clubs, but against gin it stays deadwood.
    assert lines[-1] == "Ann goes gin; Bob has 65: Ann scores 90 (25 + 65)."
    assert engine.sheet.lines[-1]["kind"] == "gin"


def test_knocking_with_no_deadwood_is_gin() -> None:
    engine = rigged([GIN_HAND, LOOSE], ["8h"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("knock", cards=("8h",)))
    assert engine.sheet.lines[-1] == {"hand": 1, "winner": 0, "kind": "gin", "points": 25 + 65}


def test_big_gin_scores_31_plus_deadwood() -> None:
    engine = rigged(["2c 3c 4c 9h 9d 9s Js Qs Ks 5c", LOOSE], ["6c"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    assert "big_gin" in {s.kind for s in engine.legal_actions(0)}
    lines = engine.apply(0, Action("big_gin"))
    assert lines[-1] == "Ann goes big gin; Bob has 65: Ann scores 96 (31 + 65)."
    assert len(engine.hands[0]) == 11 and len(all_cards(engine)) == 52


def test_big_gin_can_be_switched_off() -> None:
    engine = rigged(["2c 3c 4c 9h 9d 9s Js Qs Ks 5c", LOOSE], ["6c"], ["2s"], settings={"big_gin": False})
    engine.apply(0, Action("draw_stock"))
    assert "big_gin" not in {s.kind for s in engine.legal_actions(0)}
    with pytest.raises(IllegalAction, match="not played"):
        engine.apply(0, Action("big_gin"))
    engine.apply(0, Action("gin", cards=("6c",)))
    assert engine.sheet.lines[-1]["points"] == 25 + 65


def test_hand_is_drawn_with_two_cards_left_in_the_stock() -> None:
    engine = rigged([KNOCKER, LOOSE], ["Kh", "Kd"], ["2s"])
    engine.stock = engine.stock[:4]
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("discard", cards=("Kh",)))
    assert engine.phase == "draw" and len(engine.stock) == 3
    engine.apply(1, Action("draw_stock"))
    assert [s.label for s in engine.legal_actions(1)][0] == "Discard (the hand is drawn)"
    lines = engine.apply(1, Action("discard", cards=("Kd",)))
    assert lines[-1] == "Only two cards are left in the stock: the hand is a draw."
    assert engine.sheet.lines[-1] == {"hand": 1, "winner": None, "kind": "draw", "points": 0}
    assert engine.outcome is not None and engine.outcome.carry["points"] == [0, 0]
    assert engine.outcome.carry["dealer"] == 0  # the deal still alternates
    with pytest.raises(IllegalAction, match="This hand is over."):
        engine.apply(0, Action("draw_stock"))


def test_knocking_on_the_last_draw_is_allowed() -> None:
    engine = rigged([KNOCKER, "6c 7c 7d 7h Tc Td Th Ad 3h 4s"], ["Kh"], ["2s"])
    engine.stock = engine.stock[:3]
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("knock", cards=("Kh",)))
    assert engine.sheet.lines[-1]["kind"] == "knock"


def test_game_bonus_and_line_bonus() -> None:
    carry = sheet(points=[95, 30], hands_won=[3, 2], lines=[{"hand": n, "winner": 0, "kind": "knock", "points": 1}
                                                             for n in range(1, 6)])
    engine = rigged([KNOCKER, "6c 7c 7d 7h Tc Td Th Ad 3h 4s"], ["Kh"], ["2s"], carry=carry)
    engine.apply(0, Action("draw_stock"))
    lines = engine.apply(0, Action("knock", cards=("Kh",)))
    outcome = engine.outcome
    assert outcome is not None and outcome.match_over and outcome.ranking == (0, 1)
    game = engine.sheet.games[-1]
    assert game["totals"] == [101 + 100 + 4 * 25, 30 + 2 * 25] and not game["shutout"]
    assert lines[-1] == ("Ann wins the game 301 to 80: 101 points + game bonus 100 + line bonus 100, "
                         "against 30 + line bonus 50.")
    assert outcome.deltas == (0, 0)  # no stake


def test_shutout_doubles_hand_points_and_game_bonus() -> None:
    carry = sheet(points=[95, 0], hands_won=[2, 0])
    engine = rigged([KNOCKER, "6c 7c 7d 7h Tc Td Th Ad 3h 4s"], ["Kh"], ["2s"], carry=carry)
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("knock", cards=("Kh",)))
    game = engine.sheet.games[-1]
    assert game["shutout"] and game["totals"] == [2 * 101 + 2 * 100 + 3 * 25, 0]


def test_drawn_hands_do_not_spoil_a_shutout() -> None:
    game = game_totals([120, 0], [2, 0], winner=0)
    assert game["shutout"] and game["margin"] == 240 + 200 + 50
    assert not game_totals([120, 10], [2, 1], winner=0)["shutout"]


def test_stake_settles_the_margin_when_the_game_ends() -> None:
    carry = sheet(points=[95, 30], hands_won=[3, 2])
    engine = rigged([KNOCKER, "6c 7c 7d 7h Tc Td Th Ad 3h 4s"], ["Kh"], ["2s"],
                    settings={"stake": 2}, carry=carry)
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("knock", cards=("Kh",)))
    assert engine.outcome is not None and engine.outcome.deltas == (2 * 221, -2 * 221)
    engine = rigged([KNOCKER, "6c 7c 7d 7h Tc Td Th Ad 3h 4s"], ["Kh"], ["2s"], settings={"stake": 10},
                    carry=carry, seats=[Seat("Ann", 1000), Seat("Bob", 300)])
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("knock", cards=("Kh",)))
    assert engine.outcome is not None and engine.outcome.deltas == (300, -300)  # all Bob sat with


def test_best_of_five_plays_on_until_three_games() -> None:
    settings = {"match": "best-of-five"}
    assert gin_settings(settings)["target"] == 250
    carry = sheet(points=[245, 30], hands_won=[6, 2], games_won=[1, 1], game_no=3)
    engine = rigged([KNOCKER, "6c 7c 7d 7h Tc Td Th Ad 3h 4s"], ["Kh"], ["2s"], settings=settings, carry=carry)
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("knock", cards=("Kh",)))
    outcome = engine.outcome
    assert outcome is not None and not outcome.match_over and outcome.ranking is None
    assert outcome.carry["games_won"] == [2, 1] and outcome.carry["game_no"] == 4
    assert outcome.carry["points"] == [0, 0] and outcome.carry["lines"] == []
    carry = {**outcome.carry, "points": [245, 0], "hands_won": [1, 0]}
    engine = rigged([KNOCKER, "6c 7c 7d 7h Tc Td Th Ad 3h 4s"], ["Kh"], ["2s"], settings=settings, carry=carry)
    engine.apply(0, Action("draw_stock"))
    lines = engine.apply(0, Action("knock", cards=("Kh",)))
    assert engine.outcome is not None and engine.outcome.match_over and engine.outcome.ranking == (0, 1)
    assert lines[-1] == "Ann wins the match 3-1."


def test_upcard_offer_goes_non_dealer_dealer_then_stock() -> None:
    engine = GinEngine({}, SEATS, SEED, {})
    assert engine.dealer == 1 and engine.to_act() == (0,)
    assert [s.kind for s in engine.legal_actions(0)] == ["take_upcard", "pass"]
    assert engine.legal_actions(1) == []
    engine.apply(0, Action("pass"))
    assert engine.to_act() == (1,)
    engine.apply(1, Action("pass"))
    assert engine.to_act() == (0,) and [s.kind for s in engine.legal_actions(0)] == ["draw_stock"]
    with pytest.raises(IllegalAction, match="must draw from the stock"):
        engine.apply(0, Action("draw_discard"))
    upcard = engine.pile[-1]
    engine.apply(0, Action("draw_stock"))
    assert engine.view(None)["players"][0]["declined"] == [upcard]


def test_taking_the_upcard_and_discarding_it_back_is_refused() -> None:
    engine = GinEngine({}, SEATS, SEED, {})
    upcard = engine.pile[-1]
    engine.apply(0, Action("take_upcard"))
    assert upcard not in next(s for s in engine.legal_actions(0) if s.kind == "discard").choices
    with pytest.raises(IllegalAction, match="just took from the discard pile"):
        engine.apply(0, Action("discard", cards=(upcard,)))
    other = next(c for c in engine.hands[0] if c != upcard)
    engine.apply(0, Action("discard", cards=(other,)))
    assert engine.to_act() == (1,) and engine.phase == "draw"  # the dealer chooses either pile


def test_illegal_moves_are_refused_with_a_reason() -> None:
    engine = rigged([KNOCKER, "6c 7c 7d 7h Tc Td Th Ad 3h 4s"], ["Kh"], ["2s"])
    with pytest.raises(NotYourTurn, match="It is not your turn."):
        engine.apply(1, Action("draw_stock"))
    with pytest.raises(IllegalAction, match="Draw a card"):
        engine.apply(0, Action("discard", cards=("8d",)))
    engine.apply(0, Action("draw_discard"))
    with pytest.raises(IllegalAction, match="You must discard a card you hold."):
        engine.apply(0, Action("discard", cards=("Ah",)))
    with pytest.raises(IllegalAction, match="knock only with 10 deadwood points or fewer; discarding 2♣ leaves 17"):
        engine.apply(0, Action("knock", cards=("2c",)))
    with pytest.raises(IllegalAction, match="That is not gin"):
        engine.apply(0, Action("gin", cards=("8d",)))
    with pytest.raises(IllegalAction, match="just took"):
        engine.apply(0, Action("knock", cards=("2s",)))
    before = engine.view(0)
    with pytest.raises(IllegalAction, match="exactly one card"):
        engine.apply(0, Action("discard"))
    assert engine.view(0) == before


def test_layoff_refusals() -> None:
    engine = rigged([KNOCKER, "5c 7c 7d 7h Tc Td Th Ad 3h 6s"], ["Kh"], ["2s"])
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("knock", cards=("Kh",)))
    with pytest.raises(IllegalAction, match="does not fit"):
        engine.apply(1, Action("layoff", cards=("6s",), target="2"))
    with pytest.raises(IllegalAction, match="Choose one of the knocker's melds"):
        engine.apply(1, Action("layoff", cards=("5c",), target="7"))
    with pytest.raises(IllegalAction, match="a card you hold"):
        engine.apply(1, Action("layoff", cards=("Jc",), target="0"))
    with pytest.raises(NotYourTurn):
        engine.apply(0, Action("done"))


def test_misdeal_is_dealt_again_from_the_redeal_seed() -> None:
    seed = next(f"{n:064x}" for n in range(20000) if misdealt(shuffled_deck(f"{n:064x}"), 10))
    engine = GinEngine({}, SEATS, seed, {})
    assert engine.misdeals >= 1
    deck = shuffled_deck(redeal_seed(seed, engine.misdeals))
    assert sorted(engine.hands[0]) == sorted(deck[0:20:2]) and engine.pile == [deck[20]]


def test_views_hide_the_other_hand_until_it_is_laid_down() -> None:
    engine = rigged([KNOCKER, "5c 7c 7d 7h Tc Td Th Ad 3h 6s"], ["Kh"], ["2s"])
    public = engine.view(None)
    assert public["players"][0]["cards"] == [HIDDEN] * 10 and public["players"][0]["deadwood_points"] is None
    mine = engine.view(0)
    assert mine["players"][0]["deadwood_points"] == 8 and mine["players"][1]["cards"] == [HIDDEN] * 10
    assert mine["players"][0]["melds"] == [["2c", "3c", "4c"], ["9d", "9h", "9s"], ["Js", "Qs", "Ks"]]
    engine.apply(0, Action("draw_stock"))
    engine.apply(0, Action("knock", cards=("Kh",)))
    public = engine.view(None)
    assert set(public) == set(GinView.__annotations__)
    assert set(public["players"][0]) == set(GinPlayerView.__annotations__)
    assert set(public["showdown"]) == set(GinShowdownView.__annotations__)
    assert set(public["score"]) == set(GinScoreView.__annotations__)
    assert public["players"][1]["deadwood"] == ["5c", "Ad", "3h", "6s"]
    assert public["showdown"]["kind"] == "knock" and public["showdown"]["discard"] == "Kh"
    json.dumps(public)


def test_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="100, 250 or 500"):
        gin_settings({"target": 150})
    with pytest.raises(ValueError, match="knock limit"):
        gin_settings({"knock_limit": 11})
    with pytest.raises(ValueError, match="two players"):
        GinEngine({}, SEATS[:1], SEED, {})


# -- random play -------------------------------------------------------------------------------

def random_action(engine: GinEngine, seat: int, rng: random.Random) -> Action:
    spec = rng.choice(engine.legal_actions(seat))
    if spec.kind == "layoff":
        return layoff_action(rng.choice(spec.choices))
    return Action(spec.kind, cards=(rng.choice(spec.choices),) if spec.choices else ())


def is_offered(engine: GinEngine, seat: int, action: Action) -> bool:
    for spec in engine.legal_actions(seat):
        if spec.kind != action.kind:
            continue
        if spec.kind == "layoff":
            return len(action.cards) == 1 and f"{action.cards[0]}@{action.target}" in spec.choices
        if not spec.choices:
            return not action.cards
        return len(action.cards) == 1 and action.cards[0] in spec.choices
    return False


KINDS = ["take_upcard", "pass", "draw_stock", "draw_discard", "discard", "knock", "gin", "big_gin", "layoff",
         "done", "fold"]


def junk_action(rng: random.Random) -> Action:
    cards = tuple(rng.sample(DECK, rng.choice([0, 1, 1, 1, 2])))
    return Action(rng.choice(KINDS), cards=cards, target=rng.choice([None, "0", "1", "2", "9", "x"]))


CARD_IN_JSON = re.compile(r'"([2-9TJQKA][cdhs])"')


def visible_cards(view: dict[str, Any]) -> set[str]:
    """Every card code that appears anywhere in a view."""
    return set(CARD_IN_JSON.findall(json.dumps(view)))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**64), st.integers(0, 1000))
def test_random_play_conserves_cards_and_ends(seed: int, choice_seed: int) -> None:
    rng = random.Random(choice_seed)
    engine = GinEngine({"knock_limit": rng.choice([0, 5, 10])}, SEATS, f"{seed:064x}", sheet(dealer=seed % 2))
    for _ in range(200):
        if engine.outcome is not None:
            break
        seat = engine.to_act()[0]
        junk = junk_action(rng)
        if not is_offered(engine, seat, junk):
            before = (engine.view(0), engine.view(1))
            with pytest.raises(IllegalAction):
                engine.apply(seat, junk)
            assert (engine.view(0), engine.view(1)) == before
        with pytest.raises(NotYourTurn):
            engine.apply(1 - seat, Action("draw_stock"))
        engine.apply(seat, random_action(engine, seat, rng))
        assert sorted(all_cards(engine)) == sorted(DECK)
        if engine.knocker is None:
            public = engine.view(None)
            assert visible_cards(public) <= set(engine.pile) | {c for p in public["players"] for c in
                                                                 p["picked"] + p["discarded"] + p["declined"]}
            mine = engine.view(seat)
            theirs = set(engine.hands[1 - seat]) - set(mine["players"][1 - seat]["picked"])
            assert not visible_cards(mine) & theirs
    outcome = engine.outcome
    assert outcome is not None and sum(outcome.deltas) == 0
    assert engine.to_act() == () and engine.legal_actions(0) == engine.legal_actions(1) == []
    json.dumps(engine.view(None))
    json.dumps(outcome.to_json())


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**64))
def test_timeouts_alone_finish_a_hand(seed: int) -> None:
    engine = GinEngine({}, SEATS, f"{seed:064x}", {})
    rng = random.Random(seed)
    for _ in range(200):
        if engine.outcome is not None:
            break
        seat = engine.to_act()[0]
        if engine.phase == "discard" and rng.random() < 0.3 and any(
                s.kind == "knock" for s in engine.legal_actions(seat)):
            spec = next(s for s in engine.legal_actions(seat) if s.kind == "knock")
            engine.apply(seat, Action("knock", cards=(spec.choices[0],)))
            continue
        action = engine.timeout_action(seat)
        assert is_offered(engine, seat, action)
        engine.apply(seat, action)
    assert engine.outcome is not None


def test_a_match_carries_from_hand_to_hand_until_someone_wins() -> None:
    rng = random.Random(7)
    carry: dict[str, Any] = {}
    dealers = []
    for hand in range(400):
        engine = GinEngine({}, SEATS, f"{rng.getrandbits(256):064x}", carry)
        dealers.append(engine.dealer)
        while engine.outcome is None:
            seat = engine.to_act()[0]
            specs = {s.kind: s for s in engine.legal_actions(seat)}
            if "knock" in specs:
                engine.apply(seat, Action("knock", cards=(specs["knock"].choices[0],)))
            else:
                engine.apply(seat, engine.timeout_action(seat))
        carry = json.loads(json.dumps(engine.outcome.carry))  # as the table service stores it
        if engine.outcome.match_over:
            break
    assert engine.outcome.match_over and engine.outcome.ranking in ((0, 1), (1, 0))
    assert dealers == [1 - n % 2 for n in range(len(dealers))]
    winner = engine.outcome.ranking.index(0)
    assert sum(line["points"] for line in engine.sheet.lines if line["winner"] == winner) >= 100
