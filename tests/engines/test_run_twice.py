"""Run it twice in the flop engines: who is asked and when, the answers in any order, the first "once"
settling it, two boards paid half a pot each by pokerkit, each board's winners, the equity per board,
and the PHH record of the answers that the room's reader (not pokerkit's plain one) replays."""
from __future__ import annotations

import random
from typing import Sequence

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from pokerkit import HandHistory

import bot.games.holdem as holdem
from bot.games.base import Action, IllegalAction, NotYourTurn, Seat
from bot.games.cards import DECK
from bot.games.holdem import HoldemEngine
from bot.games.omaha import OmahaHiLoEngine
from bot.games.phh import RoomHandHistory
from bot.games.runout_equity import with_equity

SEED = "cd" * 32


def rig(monkeypatch: pytest.MonkeyPatch, holes: Sequence[str], first: str, second: str) -> None:
    """The next engine deals ``holes[seat]`` from the button's left (dealer 0), then ``first`` and, if
    the board runs twice from before the flop, ``second``: each street after a burn."""
    n = len(holes)
    order = [(1 + i) % n for i in range(n)]
    size = len(holes[0]) // 2
    dealt = [holes[seat][2 * k:2 * k + 2] for k in range(size) for seat in order]
    boards = [[board[i:i + 2] for i in range(0, 10, 2)] for board in (first, second)]
    rest = [c for c in DECK if c not in dealt + boards[0] + boards[1]]
    deck = list(dealt)
    for board in boards:
        deck += [rest.pop(), *board[:3], rest.pop(), board[3], rest.pop(), board[4]]
    deck += rest
    assert sorted(deck) == sorted(DECK)
    monkeypatch.setattr(holdem, "shuffled_deck", lambda seed: list(deck))


def all_in(cls: type[HoldemEngine] = HoldemEngine, stacks: Sequence[int] = (1000, 1000, 1000),
           **options: object) -> HoldemEngine:
    """Three seats, dealer 0 (Ann acts first): Ann moves all in, Bob calls, Cat folds."""
    seats = [Seat(name, stack) for name, stack in zip(("Ann", "Bob", "Cat"), stacks)]
    e = cls({"run_it_twice": True, "limit": "no-limit", **options}, seats, SEED, {"dealer": 0})
    e.apply(0, Action("raise", stacks[0]))
    e.apply(1, Action("call"))
    e.apply(2, Action("fold"))
    return e


def test_the_players_all_in_are_asked_and_the_board_runs_twice_when_both_agree(monkeypatch) -> None:
    rig(monkeypatch, ["AsAd", "KsKd", "2c3c"], "Ah7c8d9sTh", "Kh4c5d6s2h")
    e = all_in()
    assert e.to_act() == (0, 1) and e.choosing_runouts()
    assert [spec.label for spec in e.legal_actions(1)] == ["Run it twice", "Run it once"]
    assert e.legal_actions(2) == [], "the player who folded is not asked"
    assert "Ann shows A♠ A♦" in e.log and e.view(None)["seats"][1]["cards"] == ["Ks", "Kd"]
    asked = e.view(None)
    assert [spot["street"] for spot in asked["runout"]] == ["preflop"], "the odds to choose by"
    assert [seat["last_action"] for seat in asked["seats"][:2]] == ["Run it twice?"] * 2 and asked["seats"][1]["to_act"]
    with pytest.raises(IllegalAction, match="first choose whether to run it twice"):
        e.apply(1, Action("check"))
    with pytest.raises(NotYourTurn):
        e.apply(2, Action("twice"))

    assert e.apply(1, Action("twice")) == ["Bob has chosen how to run it"], "the table hears that, not what"
    assert e.to_act() == (0,), "pokerkit asks Ann first: Bob's answer waits for hers"
    lines = e.apply(0, Action("twice"))
    assert lines[:2] == ["Ann has chosen how to run it", "Every player still in agreed: the board runs twice"]
    assert "First board, flop: A♥ 7♣ 8♦" in lines and "Second board, river: 2♥" in lines
    view = e.view(None)
    assert view["boards"] == [["Ah", "7c", "8d", "9s", "Th"], ["Kh", "4c", "5d", "6s", "2h"]]
    assert view["winners"] == ["First board: Ann wins 1005 with Three of a kind, Aces",
                               "Second board: Bob wins 1005 with Three of a kind, Kings"]
    assert view["seats"][0]["hand_name"] == "Three of a kind, Aces / Pair of Aces"
    assert e.outcome is not None and e.outcome.deltas == (5, 5, -10), "half the pot (and Cat's blind) each"
    assert e.finished and e.to_act() == ()


def test_one_player_who_wants_it_once_settles_it_and_nobody_waits(monkeypatch) -> None:
    rig(monkeypatch, ["AsAd", "KsKd", "2c3c"], "Ah7c8d9sTh", "Kh4c5d6s2h")
    e = all_in()
    lines = e.apply(1, Action("once"))
    assert lines[1] == "The board runs once" and "Flop: A♥ 7♣ 8♦" in lines
    assert "boards" not in e.view(None) and e.outcome is not None and e.outcome.deltas == (1010, -1000, -10)
    assert '_runout_counts = [1, 0, 0]' in e.phh(), "by PHH player (Bob first): Bob's answer; Ann was never asked"
    with pytest.raises(IllegalAction, match="This hand is over"):
        e.apply(0, Action("twice"))


def test_a_player_who_covers_the_all_in_is_asked_too_and_the_clock_runs_it_once() -> None:
    e = all_in(stacks=(500, 1000, 1000))
    assert e.to_act() == (0, 1), "Bob has chips left, but no one to bet against"
    assert e.timeout_action(1) == Action("once")
    with pytest.raises(NotYourTurn, match="^Only the players still in the hand choose whether to run it twice.$"):
        e.verify(2, Action("twice"))
    e.apply(0, Action("twice"))
    with pytest.raises(NotYourTurn, match="^You have chosen already: the others still in are choosing.$"):
        e.verify(0, Action("once"))
    with pytest.raises(NotYourTurn, match="^It is not your turn.$"):
        e.verify(0, Action("fold"))
    with pytest.raises(IllegalAction, match="^Everyone still in is all in: first choose"):
        e.verify(1, Action("fold"))


def test_nobody_is_asked_while_two_players_can_still_bet_nor_at_a_table_without_the_option() -> None:
    seats = [Seat(name, stack) for name, stack in zip(("Ann", "Bob", "Cat"), (200, 1000, 1000))]
    e = HoldemEngine({"run_it_twice": True}, seats, SEED, {"dealer": 0})
    e.apply(0, Action("raise", 200))
    e.apply(1, Action("call"))
    e.apply(2, Action("call"))
    assert not e.choosing_runouts() and e.board, "Bob and Cat bet on: the flop comes"
    plain = HoldemEngine({}, seats, SEED, {"dealer": 0})
    for seat, action in ((0, Action("raise", 200)), (1, Action("raise", 1000)), (2, Action("fold"))):
        plain.apply(seat, action)
    assert plain.finished and not plain.choosing_runouts(), "a table without the option runs it once at once"


def test_the_same_answers_in_either_order_give_the_same_hand() -> None:
    first, second = all_in(), all_in()
    first.apply(0, Action("twice"))
    first.apply(1, Action("twice"))
    second.apply(1, Action("twice"))
    second.apply(0, Action("twice"))
    assert first.view(None)["boards"] == second.view(None)["boards"]
    assert first.outcome == second.outcome and first.phh() == second.phh()


def test_the_phh_records_the_answers_and_only_the_rooms_reader_replays_two_boards() -> None:
    e = all_in()
    e.apply(0, Action("twice"))
    e.apply(1, Action("twice"))
    text = e.phh()
    assert "_runout_counts = [2, 0, 2]" in text, "by PHH player: Bob, Cat (who folded), Ann"
    *_, state = iter(RoomHandHistory.loads(text))
    assert state.runout_count == 2 and list(state.stacks) == list(e.state.stacks)
    plain = HandHistory.loads(text)  # pokerkit reads the file: the answers are a user-defined field
    assert plain.user_defined_fields == {"_runout_counts": [2, 0, 2]} and plain.actions == RoomHandHistory.loads(text).actions
    with pytest.raises(ValueError, match="Unable to repair"):
        list(plain)  # its replay settles on one runout and has no place for the second board's cards


def test_equity_is_noted_for_each_board_and_counted_from_the_view() -> None:
    e = all_in()
    e.apply(0, Action("twice"))
    e.apply(1, Action("twice"))
    view = with_equity(e.view(None))
    assert [spot["street"] for spot in view["runout"]] == ["preflop", "flop", "turn", "flop 2", "turn 2"]
    second_flop = view["runout"][3]
    assert second_flop["board"] == view["boards"][1][:3]
    for street in view["equity"]:
        assert abs(sum(seat["share"] for seat in street["seats"]) - 1) < 1e-6


def test_omaha_hi_lo_names_each_boards_halves(monkeypatch) -> None:
    rig(monkeypatch, ["AsKs2d3d", "QhQc4h5h", "9c9dTcTd"], "6s7s8sJhJd", "QdKh6c7cAc")
    e = all_in(OmahaHiLoEngine)
    e.apply(0, Action("twice"))
    e.apply(1, Action("twice"))
    winners = e.view(None)["winners"]
    assert winners[0].startswith("First board: Ann wins") and "(high" in winners[0]
    assert any(line.startswith("Second board: Bob wins") for line in winners)
    assert sum(e.outcome.deltas) == 0


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["twice", "once"]), min_size=3, max_size=3), st.integers(0, 2**32))
def test_chips_are_conserved_whatever_the_answers(answers: list[str], salt: int) -> None:
    seats = [Seat(name, stack) for name, stack in zip(("Ann", "Bob", "Cat"), (300, 1000, 700))]
    e = HoldemEngine({"run_it_twice": True}, seats, f"{salt:064x}", {"dealer": 0})
    e.apply(0, Action("raise", 300))
    e.apply(1, Action("raise", 1000))
    e.apply(2, Action("call"))
    for answer in answers:
        if e.choosing_runouts():
            e.apply(e.to_act()[-1], Action(answer))
    assert e.finished and e.outcome is not None and sum(e.outcome.deltas) == 0
    assert ("boards" in e.view(None)) == (answers == ["twice"] * 3), "Bob, who covers them, is asked too"
    *_, state = iter(RoomHandHistory.loads(e.phh()))
    assert list(state.stacks) == list(e.state.stacks)


@settings(max_examples=60, deadline=None)
@given(stacks=st.lists(st.integers(1, 400), min_size=2, max_size=7),
       game=st.sampled_from([HoldemEngine, OmahaHiLoEngine]), seed=st.integers(0, 2**64))
@example(stacks=[12, 2, 12, 1, 1], game=OmahaHiLoEngine, seed=2**64)  # a side pot nobody in it has a low for
def test_random_play_with_the_option_always_ends_with_every_chip_and_replays(
        stacks: list[int], game: type[HoldemEngine], seed: int) -> None:
    """Random legal moves, answers included: the hand ends, no chip is made or lost, those asked are
    the players still in, and the room's reader replays the export to the same stacks."""
    rng = random.Random(seed)
    seats = [Seat(f"P{i}", stack) for i, stack in enumerate(stacks)]
    e = game({"run_it_twice": True, "limit": "no-limit", "small_blind": 2, "big_blind": 4}, seats, f"{seed:064x}",
             {"dealer": seed % len(seats)})
    for _ in range(300):
        if e.finished:
            break
        if e.choosing_runouts():
            assert {s for s, seat in enumerate(e.view(None)["seats"]) if not seat["folded"]} >= set(e.to_act())
        seat = rng.choice(e.to_act())
        spec = rng.choice(e.legal_actions(seat))
        amount = None if spec.min_amount is None or spec.max_amount is None else rng.randint(spec.min_amount, spec.max_amount)
        e.apply(seat, Action(spec.kind, amount if spec.kind == "raise" else None))
    assert e.finished and e.outcome is not None and sum(e.outcome.deltas) == 0
    *_, state = iter(RoomHandHistory.loads(e.phh()))
    assert list(state.stacks) == list(e.state.stacks)
