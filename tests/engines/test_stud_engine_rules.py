"""Seven-card stud rules a player meets at the table: the stakes set at create, the bring-in and its
completion, the streets' names, what a timeout does, and the running-out-of-cards rule at its edges.

Expectations come from docs/rules/stud.md and the deal (the seeded deck), never from the engine:
cards go out one at a time from the seat left of the dealer, a burn before each street after the
third; the burn cards are shuffled into the stub (seeded from the deal's seed) only when the stub
cannot give a burn and a card to every player left.
"""
from __future__ import annotations

from typing import Mapping

import pytest

import bot.games.draw as plumbing
from bot.games.base import Action, IllegalAction, Seat
from bot.games.cards import pretty, shuffled
from bot.games.draw import derived_seed
from bot.games.stud import StudEngine
from tests.engines.test_stud_engine import NAMES, SEED, engine

SHORT_STUB = "The stub is short: the 3 burn cards are shuffled into it"


def specs(e: StudEngine, seat: int) -> list[tuple[str, str, int | None]]:
    """The buttons the seat gets: kind, label and amount."""
    return [(s.kind, s.label, s.min_amount) for s in e.legal_actions(seat)]


def passive(e: StudEngine, seat: int) -> Action:
    kinds = [s.kind for s in e.legal_actions(seat)]
    return Action(next(k for k in ("bring_in", "check", "call") if k in kinds))


def play(e: StudEngine, folds: Mapping[int, set[int]]) -> list[list[str]]:
    """Play to the end: ``folds[street]`` (0 = third street) fold on that street; on a street where
    someone must fold, the first other player who may bet bets, so that there is a bet to fold to.
    Returns the lines each action gave the table: they must be the whole log after the antes."""
    start = list(e.log)
    said: list[list[str]] = []
    while e.outcome is None:
        (seat,) = e.to_act()
        street = e.state.street_index or 0
        folders = folds.get(street, set())
        kinds = [s.kind for s in e.legal_actions(seat)]
        if seat in folders and "fold" in kinds:
            said.append(e.apply(seat, Action("fold")))
        elif folders and seat not in folders and "check" in kinds:
            bet = next(s for s in e.legal_actions(seat) if s.kind == "raise")
            said.append(e.apply(seat, Action("raise", bet.min_amount)))
        else:
            said.append(e.apply(seat, passive(e, seat)))
    assert e.log == start + [line for lines in said for line in lines], "the table is told every line"
    return said


def told_after_an_action(said: list[list[str]], line: str) -> None:
    """``line`` is told once, after the action that ended the street before it."""
    (lines,) = [lines for lines in said if line in lines]
    assert lines.index(line) == 1 and lines[0].startswith(tuple(NAMES))


def seventh_cards(e: StudEngine, seats: range) -> list[str]:
    return [e.view(s)["seats"][s]["cards"][6] for s in seats]


# -- stakes ---------------------------------------------------------------------------------------


def test_the_stakes_set_at_create_are_the_ones_played() -> None:
    e = engine(3, ante=3, bring_in=4, small_bet=10)
    assert e.log[0] == "Each player antes 3"
    assert e.view(None)["stakes"] == "Limits 10/20, ante 3, bring-in 4"   # big bet: twice the small
    (seat,) = e.to_act()
    assert specs(e, seat) == [("bring_in", "Bring in 4", 4), ("raise", "Complete to 10", 10)]
    for street in ("fourth street", "fifth street"):
        while e.view(None)["street"] != street:
            (seat,) = e.to_act()
            e.apply(seat, passive(e, seat))
        (seat,) = e.to_act()
        bet = next(s for s in e.legal_actions(seat) if s.kind == "raise")
        assert (bet.label, bet.min_amount) == (("Bet 10", 10) if street == "fourth street" else ("Bet 20", 20))


def test_a_big_bet_of_its_own_and_no_ante() -> None:
    e = engine(2, ante=0, small_bet=10, big_bet=25)
    assert e.view(None)["stakes"] == "Limits 10/25, bring-in 2"
    assert not any("antes" in line for line in e.log)
    assert sum(s["stack"] for s in e.view(None)["seats"]) == 2000    # nobody paid anything yet


@pytest.mark.parametrize("settings", [
    {"ante": 0}, {"bring_in": 1}, {"bring_in": 4, "small_bet": 5}, {"small_bet": 10, "big_bet": 10}])
def test_stakes_the_create_command_allows_deal_a_hand(settings: dict[str, int]) -> None:
    e = engine(2, **settings)
    assert e.to_act() and e.outcome is None


@pytest.mark.parametrize("settings", [
    {"ante": -1}, {"bring_in": 0}, {"bring_in": 5, "small_bet": 5}, {"small_bet": 10, "big_bet": 5}])
def test_impossible_stakes_are_refused(settings: dict[str, int]) -> None:
    """A bring-in of the whole small bet too: completing it would be no raise (pokerkit refuses it)."""
    with pytest.raises(ValueError):
        engine(2, **settings)


# -- the bring-in ---------------------------------------------------------------------------------


def test_a_bring_in_of_the_last_chips_cannot_complete_and_is_all_in() -> None:
    e = engine(2, stack=3)                     # after the ante of 1, the bring-in of 2 is all in
    (seat,) = e.to_act()
    assert specs(e, seat) == [("bring_in", "Bring in 2", 2)]
    assert e.apply(seat, Action("bring_in"))[0] == f"{NAMES[seat]} brings in for 2 and is all in"
    assert e.apply(1 - seat, Action("call"))[0] == f"{NAMES[1 - seat]} calls 2 and is all in"


def test_a_bring_in_one_chip_below_the_small_bet_may_still_complete() -> None:
    e = engine(2, bring_in=4)
    (seat,) = e.to_act()
    assert specs(e, seat) == [("bring_in", "Bring in 4", 4), ("raise", "Complete to 5", 5)]


def test_completing_after_the_bring_in_then_raising_by_the_small_bet() -> None:
    e = engine(3)
    (low,) = e.to_act()
    with pytest.raises(IllegalAction) as refused:
        e.apply(low, Action("check"))
    assert str(refused.value) == "You have the lowest upcard: bring in or complete the bet."
    e.apply(low, Action("bring_in"))
    (seat,) = e.to_act()
    assert specs(e, seat) == [("fold", "Fold", None), ("call", "Call 2", 2), ("raise", "Complete to 5", 5)]
    with pytest.raises(IllegalAction) as refused:
        e.apply(seat, Action("bring_in"))
    assert str(refused.value) == "Only the lowest upcard brings in, at the start of third street."
    assert e.apply(seat, Action("call")) == [f"{NAMES[seat]} calls 2"]
    (seat,) = e.to_act()
    assert specs(e, seat) == [("fold", "Fold", None), ("call", "Call 2", 2), ("raise", "Complete to 5", 5)]
    assert e.apply(seat, Action("raise", 5)) == [f"{NAMES[seat]} completes to 5"]
    assert e.to_act() == (low,)
    assert specs(e, low) == [("fold", "Fold", None), ("call", "Call 3", 3), ("raise", "Raise to 10", 10)]
    assert e.apply(low, Action("raise", 10)) == [f"{NAMES[low]} raises to 10"]


def test_the_streets_are_named_in_turn() -> None:
    e = engine(3)
    seen: list[str] = []
    while e.outcome is None:
        street = e.view(None)["street"]
        if street not in seen:
            seen.append(street)
        (seat,) = e.to_act()
        e.apply(seat, passive(e, seat))
    assert seen == ["third street", "fourth street", "fifth street", "sixth street", "seventh street"]
    assert e.view(None)["street"] == "showdown"


def test_a_timeout_brings_in_then_folds_to_a_bet_then_checks() -> None:
    e = engine(3)
    (low,) = e.to_act()
    assert e.timeout_action(low) == Action("bring_in")
    assert e.apply(low, e.timeout_action(low)) == [f"{NAMES[low]} brings in for 2"]
    (seat,) = e.to_act()
    assert e.timeout_action(seat) == Action("fold")
    while e.view(None)["street"] == "third street":
        (seat,) = e.to_act()
        e.apply(seat, passive(e, seat))
    (seat,) = e.to_act()
    assert e.timeout_action(seat) == Action("check")


# -- running out of cards -------------------------------------------------------------------------

DEAL_ORDER = range(1, 8)   # dealer seat 0: the cards go out from seat 1, seat 0 last


def test_six_players_to_seventh_street_after_two_folds_have_just_enough_cards() -> None:
    # 8 x 3 cards, then 6 players x 3 streets with a burn each: 7 cards left, a burn and one each.
    e = engine(8)
    deck = plumbing.shuffled_deck(SEED)
    play(e, {0: {0, 1}})
    assert e.board == [] and SHORT_STUB not in e.log
    assert seventh_cards(e, range(2, 8)) == deck[46:52]


def test_seven_players_then_six_on_seventh_street_take_the_burn_cards_back() -> None:
    # Seat 0 folds on third street, seat 1 on sixth: 4 cards are left and 3 burns, exactly a burn
    # and a card for each of the six: the burns are shuffled in and there is no community card.
    e = engine(8)
    deck = plumbing.shuffled_deck(SEED)
    told_after_an_action(play(e, {0: {0}, 3: {1}}), SHORT_STUB)
    assert e.board == []
    pile = shuffled(derived_seed(SEED, "stud-burns"), deck[48:52] + [deck[24], deck[32], deck[40]])
    assert seventh_cards(e, range(2, 8)) == pile[1:7]


@pytest.mark.parametrize("seed", [SEED, "ab" * 32])
def test_eight_players_to_seventh_street_are_told_of_the_community_card(seed: str) -> None:
    e = StudEngine({}, [Seat(name, 1000) for name in NAMES], seed, {"dealer": 0})
    deck = plumbing.shuffled_deck(seed)
    said = play(e, {})
    # 8 x 6 cards and 3 burns leave one card: with the burns, 4 cards for a burn and 8 downcards.
    pile = shuffled(derived_seed(seed, "stud-burns"), [deck[51], deck[24], deck[33], deck[42]])
    assert e.board == [pile[1]]                                    # after the dealer's burn
    not_enough = "Not enough cards for everyone: one community card plays in every hand"
    told_after_an_action(said, not_enough)
    (lines,) = [lines for lines in said if not_enough in lines]
    # The burn cards go back to the stub for the dealer's burn and the community card.
    assert lines[1:4] == [not_enough, SHORT_STUB, f"Community card: {pretty(e.board[0])}"]


def test_a_hand_won_by_a_fold_keeps_the_street_it_ended_on() -> None:
    e = engine(2)
    while e.view(None)["street"] != "fifth street":
        (seat,) = e.to_act()
        e.apply(seat, passive(e, seat))
    (seat,) = e.to_act()
    e.apply(seat, Action("raise", 10))
    e.apply(1 - seat, Action("fold"))
    assert e.outcome is not None and e.view(None)["street"] == "fifth street"


def all_in_runout(stacks: list[int]) -> list[str]:
    """Play a deal where the short stacks bring in or call all in and the others fold; the streets
    of the all-in odds the showdown picture shows."""
    e = StudEngine({}, [Seat(NAMES[s], stack) for s, stack in enumerate(stacks)], SEED, {})
    assert stacks[e.to_act()[0]] == 3, "the bring-in is a short stack"
    play(e, {0: {s for s, stack in enumerate(stacks) if stack > 3}})
    return [spot["street"] for spot in e.view(None).get("runout", [])]


def test_all_in_odds_from_third_street_when_the_stub_is_exactly_enough() -> None:
    # Six all in after two folds: the stub holds exactly the cards and burns still to come.
    assert all_in_runout([1000, 1000, 3, 3, 3, 3, 3, 3]) == [
        "third street", "fourth street", "fifth street", "sixth street"]


def test_no_all_in_odds_while_the_stub_is_short() -> None:
    # Seven all in need 32 more cards with the burns and 31 are left, until the burns are shuffled in
    # before seventh street.
    assert all_in_runout([3] * 7) == ["sixth street"]

