"""Five-card draw rules a player meets at the table: the stakes set at create, the buttons and what
they say, the streets' names, refusals, timeouts, and the deck running out more than once.

Expectations come from docs/rules/draw.md and the deal (the seeded deck), never from the engine.
"""
from __future__ import annotations

import pytest

import bot.games.draw as draw
from bot.games.base import Action, IllegalAction, Seat
from bot.games.cards import shuffled
from bot.games.draw import DrawEngine, derived_seed
from tests.engines.test_draw_engine import NAMES, SEED, call_round, engine


def buttons(e: DrawEngine, seat: int) -> list[tuple[str, str, int | None, int | None]]:
    """The buttons the seat gets: kind, label and amounts."""
    return [(s.kind, s.label, s.min_amount, s.max_amount) for s in e.legal_actions(seat)]


def to_the_draw(e: DrawEngine) -> None:
    call_round(e)
    assert e.view(None)["street"] == "draw"


def everyone_stands_pat(e: DrawEngine) -> None:
    while e.view(None)["street"] == "draw":
        (seat,) = e.to_act()
        e.apply(seat, Action("stand_pat"))


# -- stakes ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("settings, stakes, forced", [
    ({}, "Blinds 5/10", ["Bob posts a blind of 5", "Cat posts a blind of 10"]),
    ({"small_blind": 10, "big_blind": 20, "ante": 2}, "Blinds 10/20 ante 2",
     ["Each player antes 2", "Bob posts a blind of 10", "Cat posts a blind of 20"]),
])
def test_the_blinds_set_at_create_are_posted_left_of_the_button(settings: dict[str, int], stakes: str,
                                                                forced: list[str]) -> None:
    e = engine(3, **settings)                                        # the button is Ann's
    assert e.view(None)["stakes"] == stakes
    assert e.log == forced


@pytest.mark.parametrize("settings", [
    {"small_blind": 10, "big_blind": 10}, {"small_blind": 1, "big_blind": 2},
    {"forced": "antes", "ante": 1}, {"limit": "pot-limit"}])
def test_stakes_the_create_command_allows_deal_a_hand(settings: dict[str, object]) -> None:
    e = engine(2, **settings)
    assert e.to_act() and e.outcome is None


@pytest.mark.parametrize("settings", [
    {"small_blind": 0}, {"small_blind": 20, "big_blind": 10}, {"ante": -1}, {"forced": "antes"},
    {"forced": "straddles"}, {"limit": "spread"}])
def test_impossible_stakes_are_refused(settings: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        engine(2, **settings)


@pytest.mark.parametrize("stacks, dealer", [([100], 0), ([100] * 9, 0), ([100, 0], 0), ([100, 100], 2)])
def test_impossible_tables_are_refused(stacks: list[int], dealer: int) -> None:
    with pytest.raises(ValueError):
        DrawEngine({}, [Seat(NAMES[s % 8], stack) for s, stack in enumerate(stacks)], SEED, {"dealer": dealer})


def test_a_single_chip_is_enough_to_be_dealt_in_all_in() -> None:
    e = DrawEngine({}, [Seat("Ann", 1), Seat("Bob", 100)], SEED, {"dealer": 1})   # Ann's big blind of 10
    assert sorted(e.log) == ["Ann posts a blind of 1", "Bob posts a blind of 5"]
    assert e.view(None)["seats"][0]["all_in"]


def test_without_a_carry_the_first_deal_is_hand_1_dealt_from_left_of_seat_0() -> None:
    e = DrawEngine({}, [Seat(name, 100) for name in NAMES[:3]], SEED, {})
    deck = draw.shuffled_deck(SEED)
    assert e.view(None)["hand_no"] == 1 and e.view(None)["seats"][0]["is_dealer"]
    assert e.view(1)["seats"][1]["cards"] == deck[0:15:3]


def test_the_hand_number_of_the_carry_is_shown_and_exported() -> None:
    e = DrawEngine({}, [Seat(name, 100) for name in NAMES[:2]], SEED, {"dealer": 1, "hand_no": 7})
    assert e.view(None)["hand_no"] == 7
    assert "hand = 7" in e.phh().splitlines()


# -- the buttons ----------------------------------------------------------------------------------


def test_fixed_limit_buttons_name_the_amount_and_the_big_bet_comes_after_the_draw() -> None:
    e = engine(3, limit="fixed-limit")                 # blinds 5/10: bets of 10, then 20 after the draw
    assert e.to_act() == (0,)
    assert buttons(e, 0) == [("fold", "Fold", None, None), ("call", "Call 10", 10, 10),
                             ("raise", "Raise to 20", 20, 20)]
    assert e.legal_actions(0)[2].presets == ()
    to_the_draw(e)
    everyone_stands_pat(e)
    (seat,) = e.to_act()
    assert buttons(e, seat) == [("check", "Check", None, None), ("raise", "Bet 20", 20, 20)]
    assert e.apply(seat, Action("check")) == [f"{NAMES[seat]} checks"]


def test_no_limit_buttons_offer_any_amount_with_presets() -> None:
    e = engine(3)                                          # blinds 5/10, stacks of 1000
    raise_ = e.legal_actions(0)[2]
    assert (raise_.kind, raise_.label, raise_.min_amount, raise_.max_amount) == ("raise", "Raise", 20, 1000)
    # A pot-sized raise: call 10, then the pot of 5 + 10 + 10 more: to 35.
    assert raise_.presets == (("Min", 20), ("Half pot", 22), ("Pot", 35), ("All-in", 1000))
    to_the_draw(e)
    everyone_stands_pat(e)
    (seat,) = e.to_act()
    bet = e.legal_actions(seat)[1]
    assert (bet.label, bet.min_amount) == ("Bet", 10)


def test_the_draw_buttons() -> None:
    e = engine(2)
    to_the_draw(e)
    (seat,) = e.to_act()
    assert [(s.kind, s.label) for s in e.legal_actions(seat)] == [
        ("discard", "Discard and draw"), ("stand_pat", "Stand pat")]


@pytest.mark.parametrize("when, action, message", [
    ("before the draw", Action("discard", cards=()), "The draw comes after this betting round."),
    ("before the draw", Action("stand_pat"), "The draw comes after this betting round."),
    ("before the draw", Action("check"), "You cannot check: it costs 5 to call."),   # the button's small blind
    ("before the draw", Action("bring_in"), "You cannot bring_in now: fold, check, call or raise."),
    ("after the draw", Action("fold"), "Nobody has bet: check instead of folding."),
    ("after the draw", Action("call"), "There is nothing to call: check instead."),
    ("draw", Action("check"), "It is time to draw: choose the cards to discard, or stand pat."),
    ("draw", "a card of mine twice", "Choose each card to discard only once."),
    ("draw", "a card of the other player's", "You can only discard cards you hold."),
])
def test_refusals_tell_the_player_why(when: str, action: Action | str, message: str) -> None:
    e = engine(2)
    if when != "before the draw":
        to_the_draw(e)
    if when == "after the draw":
        everyone_stands_pat(e)
    (seat,) = e.to_act()
    if isinstance(action, str):
        mine, theirs = (e.view(s)["seats"][s]["cards"][0] for s in (seat, 1 - seat))
        action = Action("discard", cards=(mine, mine) if action.endswith("twice") else (theirs,))
    with pytest.raises(IllegalAction) as refused:
        e.apply(seat, action)
    assert str(refused.value) == message


def test_streets_are_named_and_a_fold_after_the_draw_stays_after_the_draw() -> None:
    e = engine(2)
    assert e.view(None)["street"] == "before the draw"
    to_the_draw(e)
    everyone_stands_pat(e)
    assert e.view(None)["street"] == "after the draw"
    (seat,) = e.to_act()
    e.apply(seat, Action("raise", 10))
    # The pot is the 10 each put in before the draw; the bet nobody called goes back.
    assert e.apply(1 - seat, Action("fold")) == [f"{NAMES[1 - seat]} folds", f"{NAMES[seat]} wins 20"]
    assert e.view(None)["street"] == "after the draw"


def test_a_timeout_checks_or_folds_in_the_betting_and_stands_pat_in_the_draw() -> None:
    e = engine(3)
    assert e.timeout_action(0) == Action("fold")                     # 10 to call
    call_round(e)
    (seat,) = e.to_act()
    assert e.timeout_action(seat) == Action("stand_pat")
    everyone_stands_pat(e)
    (seat,) = e.to_act()
    assert e.timeout_action(seat) == Action("check")


# -- the deck running out -------------------------------------------------------------------------


def test_the_deck_runs_out_twice_and_each_reshuffle_has_its_own_seed() -> None:
    # Dealer Hal: Ann draws first. 8 x 5 cards and the burn leave 11 cards. Everyone draws five:
    # Ann and Bob take ten, Cat the last one and four of the first reshuffle (the burn, Ann's and
    # Bob's discards), Dan five more, Eve the last two; then Cat's and Dan's discards are shuffled,
    # Fay takes five, Gus the last two, and Eve's and Fay's discards are shuffled for Gus and Hal.
    e = engine(8, dealer=7)
    deck = draw.shuffled_deck(SEED)
    call_round(e)
    held = {s: list(e.view(s)["seats"][s]["cards"]) for s in range(8)}
    said = [e.apply(s, Action("discard", cards=tuple(held[s]))) for s in range(8)]
    first = shuffled(derived_seed(SEED, "reshuffle-1"), [deck[40]] + held[0] + held[1])
    second = shuffled(derived_seed(SEED, "reshuffle-2"), held[2] + held[3])
    third = shuffled(derived_seed(SEED, "reshuffle-3"), held[4] + held[5])
    assert e.view(2)["seats"][2]["cards"] == [deck[51]] + first[:4]
    assert e.view(3)["seats"][3]["cards"] == first[4:9]
    assert e.view(4)["seats"][4]["cards"] == first[9:11] + second[:3]
    assert e.view(5)["seats"][5]["cards"] == second[3:8]
    assert e.view(6)["seats"][6]["cards"] == second[8:10] + third[:3]
    assert e.view(7)["seats"][7]["cards"] == third[3:8]
    # Told once the draw is served, after the last player's draw.
    ran_out = "The deck ran out: {} discards are shuffled to finish the draw"
    assert said[-1] == ["Hal draws 5", ran_out.format(11), ran_out.format(10), ran_out.format(10)]
    assert all(len(lines) == 1 for lines in said[:-1])
    cards = [c for s in range(8) for c in e.view(s)["seats"][s]["cards"]]
    assert len(set(cards)) == 40
