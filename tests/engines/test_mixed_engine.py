"""The mixed table's engine: the rotation kept in the deal's carry, each game's stakes from the one
level, the seat limit, and dealer's choice (the button's pick, the clock's default, the robot's)."""
from __future__ import annotations

import hashlib
import random
from typing import Any, Mapping

import pytest

from bot.games.base import Action, IllegalAction, NotYourTurn, Seat
from bot.games.mixed import MixedEngine
from bot.games.mixed_games import GAMES, ROTATIONS, RotationError, game_settings, rotation, stakes_table
from bot.registry import game
from bot.service.stats.poker import hand_facts

SPEC = game("mixed")
NAMES = ("Ann", "Bob", "Cat", "Dan")


def _seed(hand: int) -> str:
    return hashlib.sha256(f"mixed {hand}".encode()).hexdigest()


def _play(engine: MixedEngine, rng: random.Random) -> list[tuple[int, Action]]:
    """Play the deal to its end with the table's robots; the moves made."""
    moves = []
    while engine.outcome is None:
        (seat,) = engine.to_act()
        action = SPEC.choose(engine.view(seat), engine.legal_actions(seat), rng)
        engine.apply(seat, action)
        moves.append((seat, action))
    return moves


def _deals(settings: Mapping[str, Any], hands: int, players: int = 3) -> list[MixedEngine]:
    """``hands`` deals in a row, the button moving and each deal's carry handed to the next."""
    rng, carry, engines = random.Random(7), {}, []
    for hand in range(1, hands + 1):
        carry = {**carry, "dealer": hand % players, "hand_no": hand}
        engine = MixedEngine({**SPEC.default_settings, **settings}, [Seat(n, 1000) for n in NAMES[:players]],
                             _seed(hand), carry)
        _play(engine, rng)
        assert engine.outcome is not None and sum(engine.outcome.deltas) == 0
        carry = dict(engine.outcome.carry)
        engines.append(engine)
    return engines


def test_the_rotation_changes_game_every_n_hands_and_wraps_round() -> None:
    engines = _deals({"rotation": "holdem-fl,stud,omaha-pl", "hands_per_game": 2}, 7)
    assert [e.view(None)["game"] for e in engines] == ["holdem", "holdem", "stud", "stud", "omaha", "omaha", "holdem"]
    assert [e.outcome.carry["mixed"] for e in engines][:3] == [  # type: ignore[union-attr]
        {"at": 0, "hands": 1, "length": 2, "choices": 0}, {"at": 0, "hands": 2, "length": 2, "choices": 0},
        {"at": 1, "hands": 1, "length": 2, "choices": 0}]
    assert engines[0].headline() == "Mixed games: Fixed-limit hold'em, hand 1 of 2; next: Seven-card stud, after 1 more hand"
    assert engines[1].headline().endswith("next: Seven-card stud, after this hand")
    assert engines[1].view(None)["options"] == "Mixed games, hand 2 of 2 · next: Seven-card stud"


def test_horse_deals_its_five_games_in_order() -> None:
    engines = _deals({"rotation": "horse", "hands_per_game": 1}, 6, players=4)
    assert [e.view(None)["variant"] for e in engines] == [
        "Fixed-limit hold'em", "Fixed-limit Omaha hi-lo", "Razz", "Seven-card stud", "Seven-card stud hi-lo",
        "Fixed-limit hold'em"]
    assert SPEC.default_settings["rotation"] == "horse" and SPEC.max_seats(SPEC.default_settings) == 8


def test_8_game_deals_its_eight_games_in_order_at_six_seats() -> None:
    engines = _deals({"rotation": "8-game", "hands_per_game": 1}, 8, players=4)
    assert [e.view(None)["game"] for e in engines] == [
        "triple-draw", "holdem", "omaha-hilo", "razz", "stud", "stud-hilo", "holdem", "omaha"]
    assert [e.view(None)["variant"] for e in engines][-2:] == ["No-limit hold'em", "Pot-limit Omaha"]
    assert engines[0].view(None)["stakes"].startswith("Limits 10/20")  # small bet the big blind, big bet twice it
    assert SPEC.max_seats({"rotation": "8-game"}) == 6


def test_short_deck_is_dealt_with_the_levels_blinds() -> None:
    engine = MixedEngine({"rotation": "short-deck,badugi", "small_blind": 5, "big_blind": 10},
                         [Seat(n, 1000) for n in NAMES[:3]], _seed(1), {})
    assert (engine.view(None)["variant"], engine.view(None)["stakes"]) == ("Short deck", "Blinds 5/10")


def test_by_orbit_each_game_lasts_as_many_hands_as_players() -> None:
    engines = _deals({"rotation": "holdem-nl,draw-fl", "hands_per_game": 0}, 7, players=3)
    assert [e.view(None)["variant"] for e in engines] == ["No-limit hold'em"] * 3 + ["Fixed-limit five-card draw"] * 3 \
        + ["No-limit hold'em"]


def test_a_deal_is_the_same_from_its_carry_seed_and_moves() -> None:
    """Restored from the stored deal (settings, seats, seed, carry, moves), the deal is the same."""
    settings = {**SPEC.default_settings, "rotation": "stud,holdem-fl", "hands_per_game": 1}
    carry = {"dealer": 1, "hand_no": 4, "mixed": {"at": 0, "hands": 1, "length": 1}}
    seats = [Seat(n, 500) for n in NAMES]
    first = MixedEngine(settings, seats, _seed(4), carry)
    assert first.view(None)["game"] == "holdem"
    moves = _play(first, random.Random(3))
    again = MixedEngine(settings, seats, _seed(4), carry)
    for seat, action in moves:
        again.apply(seat, action)
    assert again.view(0) == first.view(0) and again.outcome == first.outcome
    assert first.outcome is not None and first.outcome.carry["mixed"] == {"at": 1, "hands": 1, "length": 1, "choices": 0}


def test_each_game_takes_its_stakes_from_the_level() -> None:
    level = {"small_blind": 10, "big_blind": 20}
    assert game_settings("holdem-fl", level) == {"limit": "fixed-limit", "forced": "blinds", "small_blind": 10,
                                                 "big_blind": 20, "ante": 0}
    assert game_settings("omaha-pl", level)["limit"] == "pot-limit"
    assert game_settings("stud", level) == {"ante": 2, "bring_in": 6, "small_bet": 20, "big_bet": 40}
    assert game_settings("stud", {"small_blind": 1, "big_blind": 2}) == {"ante": 1, "bring_in": 1, "small_bet": 2,
                                                                          "big_bet": 4}
    assert stakes_table({**level, "rotation": "holdem-fl,stud,holdem-nl"}) == [
        "Fixed-limit hold'em: blinds 10/20, limits 20/40",
        "Seven-card stud: limits 20/40, ante 2, bring-in 6",
        "No-limit hold'em: blinds 10/20"]
    assert SPEC.describe_settings is not None and SPEC.describe_settings({**level, "rotation": "holdem-fl,stud"}) == \
        "Mixed games, 8 hands a game, level 10/20: Fixed-limit hold'em: blinds 10/20, limits 20/40; " \
        "Seven-card stud: limits 20/40, ante 2, bring-in 6"
    # A sit-and-go's later levels add an ante: the blind games post it, the stud games keep their own.
    assert game_settings("holdem-nl", {**level, "ante": 4})["ante"] == 4
    assert game_settings("razz", {**level, "ante": 4})["ante"] == 2
    # The engines deal by them: a fixed-limit raise before the flop is to two big blinds; stud's bring-in.
    seats = [Seat(n, 1000) for n in NAMES[:3]]
    holdem = MixedEngine({**level, "rotation": "holdem-fl,stud"}, seats, _seed(1), {"dealer": 0})
    (actor,) = holdem.to_act()
    raise_spec = next(s for s in holdem.legal_actions(actor) if s.kind == "raise")
    assert (raise_spec.min_amount, raise_spec.max_amount) == (40, 40)
    stud = MixedEngine({**level, "rotation": "holdem-fl,stud", "hands_per_game": 1}, seats, _seed(2),
                       {"dealer": 0, "mixed": {"at": 0, "hands": 1, "length": 1}})
    (actor,) = stud.to_act()
    assert [s.label for s in stud.legal_actions(actor)] == ["Bring in 6", "Complete to 20"]
    assert stud.view(None)["stakes"] == "Limits 20/40, ante 2, bring-in 6"


def test_no_game_of_a_mixed_table_runs_it_twice() -> None:
    """A table's run_it_twice never reaches the game dealt: every all-in hand runs once."""
    settings = {"rotation": "holdem-nl,omaha-pl", "small_blind": 5, "big_blind": 10, "run_it_twice": True}
    assert all("run_it_twice" not in game_settings(key, settings) for key in rotation(settings))
    engine = MixedEngine(settings, [Seat(n, 100) for n in NAMES[:2]], _seed(5), {"dealer": 0})
    while engine.outcome is None:
        (seat,) = engine.to_act()
        kinds = {spec.kind: spec for spec in engine.legal_actions(seat)}
        assert "twice" not in kinds
        raise_spec = kinds.get("raise")
        engine.apply_judged(seat, Action("raise", raise_spec.max_amount) if raise_spec else Action("call"))
    assert "boards" not in engine.view(None) and sorted(engine.outcome.deltas) != [0, 0]


def test_the_seat_limit_is_the_fewest_of_the_rotations_games() -> None:
    assert SPEC.max_seats({"rotation": "holdem-nl,omaha-pl"}) == 10
    assert SPEC.max_seats({"rotation": "holdem-nl,omaha-pl,stud"}) == 8
    assert SPEC.max_seats({"rotation": "holdem-fl,draw-nl"}) == 8
    assert game("holdem").max_seats({}) == 10


def test_rotations_the_room_cannot_deal_are_refused() -> None:
    for name, keys in ROTATIONS.items():
        missing = [key for key in keys if key not in GAMES]
        if missing:  # refused with what is missing, never dealt as something else
            with pytest.raises(RotationError, match=missing[0]):
                rotation({"rotation": name})
        else:
            assert rotation({"rotation": name}) == keys
    with pytest.raises(RotationError, match="Unknown game pinochle"):
        rotation({"rotation": "holdem-nl, pinochle"})
    with pytest.raises(RotationError, match="two games or more"):
        rotation({"rotation": "holdem-nl"})
    assert rotation({"rotation": "holdem-nl", "choice": "dealer"}) == ("holdem-nl",)


DEALER = {"rotation": "holdem-nl,stud,draw-fl", "choice": "dealer"}


def test_dealers_choice_the_button_picks_the_first_game_for_an_orbit() -> None:
    seats = [Seat(n, 1000) for n in NAMES[:3]]
    engine = MixedEngine({**SPEC.default_settings, **DEALER}, seats, _seed(1), {"dealer": 2, "hand_no": 1})
    assert engine.to_act() == (2,)
    (choose,) = engine.legal_actions(2)
    assert (choose.kind, choose.choices, choose.min_choices, choose.max_choices) == \
        ("choose", ("holdem-nl", "stud", "draw-fl"), 1, 1)
    assert engine.legal_actions(0) == []
    with pytest.raises(NotYourTurn):
        engine.apply(0, Action("choose", target="stud"))
    with pytest.raises(IllegalAction):
        engine.apply(2, Action("choose", target="razz-of-the-moon"))
    assert engine.headline() == "Dealer's choice: Cat is choosing the game for the next orbit"
    public = engine.view(None)
    assert public["street"] == "choosing" and all(seat["cards"] == [] for seat in public["seats"])
    assert engine.outcome is None
    assert engine.apply(2, Action("choose", target="stud")) == ["Cat chooses Seven-card stud for 3 hands (an orbit)"]
    assert engine.view(None)["game"] == "stud" and engine.to_act() != ()
    _play(engine, random.Random(1))
    assert engine.outcome is not None and engine.outcome.carry["mixed"] == {"at": 1, "hands": 1, "length": 3, "choices": 1}


def test_dealers_choice_lasts_an_orbit_and_the_clock_picks_the_next_game() -> None:
    settings = {**SPEC.default_settings, **DEALER}
    seats = [Seat(n, 1000) for n in NAMES[:3]]
    kept = MixedEngine(settings, seats, _seed(2), {"dealer": 0, "mixed": {"at": 1, "hands": 2, "length": 3}})
    assert kept.view(None)["game"] == "stud" and kept.headline().endswith("next: the next dealer's choice, after this hand")
    due = MixedEngine(settings, seats, _seed(3), {"dealer": 1, "mixed": {"at": 1, "hands": 3, "length": 3}})
    assert due.to_act() == (1,)
    assert due.timeout_action(1) == Action("choose", target="draw-fl")  # the game after the last one chosen
    due.apply(1, due.timeout_action(1))
    assert due.view(None)["game"] == "draw"
    wrapped = MixedEngine(settings, seats, _seed(3), {"dealer": 1, "mixed": {"at": 2, "hands": 3, "length": 3}})
    assert wrapped.timeout_action(1) == Action("choose", target="holdem-nl")


def test_each_orbit_the_choice_passes_one_player_left() -> None:
    """After an orbit the button is back with the player who chose: the next choice is their left
    neighbour's, the one after that the next player's, so everyone chooses in turn."""
    settings = {**SPEC.default_settings, **DEALER}
    seats = [Seat(n, 1000) for n in NAMES[:3]]
    for choices, chooser in ((0, 2), (1, 0), (2, 1), (3, 2)):
        engine = MixedEngine(settings, seats, _seed(4), {"dealer": 2, "mixed": {"at": 0, "hands": 3, "length": 3,
                                                                                 "choices": choices}})
        assert engine.to_act() == (chooser,) and [s.kind for s in engine.legal_actions(chooser)] == ["choose"]
        assert engine.view(None)["seats"][2]["is_dealer"]
    engines = _deals(DEALER, 6)
    assert [e.outcome.carry["mixed"]["choices"] for e in engines] == [1, 1, 1, 2, 2, 2]  # type: ignore[union-attr]


def test_the_robot_on_the_button_chooses_one_of_the_games() -> None:
    engines = _deals(DEALER, 6)
    chosen = [e.view(None)["game"] for e in engines]
    assert chosen[0] == chosen[1] == chosen[2] and chosen[3] == chosen[4] == chosen[5]
    assert set(chosen) <= {"holdem", "stud", "draw"}
    assert engines[0].log[0].startswith(f"{NAMES[1]} chooses ")  # the button's player, deal seat 1
    assert engines[3].log[0].startswith(f"{NAMES[2]} chooses ")  # the button is back there: its left neighbour


def test_a_winner_nobody_called_may_show_at_a_mixed_table() -> None:
    engine = MixedEngine({"rotation": "holdem-nl,razz", "small_blind": 5, "big_blind": 10},
                         [Seat(n, 1000) for n in NAMES[:2]], _seed(6), {"dealer": 0})
    (folder,) = engine.to_act()
    engine.apply(folder, Action("fold"))
    winner = 1 - folder
    assert engine.may_show(winner) and not engine.may_show(folder)
    assert engine.show_cards(winner).startswith(f"{NAMES[winner]} shows ")
    assert "after winning uncontested" in engine.phh() and not engine.may_show(winner)


def test_the_export_is_the_dealt_games_and_the_statistics_read_it() -> None:
    (engine,) = _deals({"rotation": "stud,holdem-fl"}, 1)
    text = engine.phh()
    assert text.startswith("# Mixed games: Seven-card stud\n") and "variant = 'F7S'" in text
    assert engine.outcome is not None
    facts = hand_facts(text, 0, engine.outcome.deltas)
    assert facts.pot > 0
