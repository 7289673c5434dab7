"""Odd chips in every split: a pot tied between hands, side pots tied at every level, a hi-lo pot's
halves, and a board run twice (a pot halved between the boards, or won whole on both), in the engine's
payout and in both exports (the PokerStars lines checked number by number against the PHH, the PHH
replayed by pokerkit), to the chip.

The rule, worked out here independently of pokerkit: each pot (laid out from what each player put in)
is split equally between its winners, the chips that do not divide (one, or more when three hands
or more tie) to the first winner left of the button; on a board run twice each pot is first halved between the boards, the
odd chip to the first board; in hi-lo, between the high and the low half, the odd chip to the high."""
from __future__ import annotations

import random
from typing import Any, Sequence

import pytest
from pokerkit import ChipsPushing

from bot.games.base import Action, Seat
from bot.games.cards import DECK
from bot.games.holdem import HoldemEngine
from bot.games.omaha import OmahaHiLoEngine
from bot.games.phh import RoomHandHistory
from bot.games.pokerstars import HandInfo, convert
from tests.engines.test_run_twice import rig
from tests.support.export_checks import replayed_stacks
from tests.support.pokerstars_numbers import check_numbers

ROYALS = ("AsKsQsJsTs", "AhKhQhJhTh")
"""Two boards every hand plays (a royal flush each): every showdown is a tie of all the hands left."""


def _won(engine: Any) -> list[int]:
    """Chips pushed to each pokerkit player."""
    won = [0] * len(engine.seats)
    for op in engine.state.operations:
        if isinstance(op, ChipsPushing):
            won = [w + a for w, a in zip(won, op.amounts)]
    return won


def _split(amount: int, winners: Sequence[int]) -> dict[int, int]:
    """``amount`` shared by ``winners`` (numbered from the button's left): every chip left over to the
    first of them."""
    share, odd = divmod(amount, len(winners))
    return {p: share + (odd if p == min(winners) else 0) for p in winners}


def expected_ties(put_in: list[int], live: set[int], boards: int) -> list[int]:
    """Every hand left ties: what each wins, pot by pot (one level per stack a hand still in put in)."""
    won = [0] * len(put_in)
    below = 0
    for level in sorted({put_in[p] for p in live}):
        pot = sum(min(c, level) - min(c, below) for c in put_in)
        eligible = [p for p in live if put_in[p] >= level]
        halves = [pot] if boards == 1 else [pot - pot // 2, pot // 2]
        for half in halves:
            for p, chips in _split(half, eligible).items():
                won[p] += chips
        below = level
    return won


def _exports_agree(engine: Any, stacks: list[int], hi_lo: bool = False) -> str:
    phh = engine.phh()
    assert replayed_stacks(phh) == [[s + d for s, d in zip(stacks, engine.outcome.deltas)]]
    text = convert(phh, HandInfo(1, "Cardroom 1", 9, 1.8e9, seats=list(range(1, len(stacks) + 1)),
                                 blinds=(engine.small_blind, engine.big_blind)))
    check_numbers(text, phh, blinds=(engine.small_blind, engine.big_blind), hi_lo=hi_lo)
    return text


@pytest.mark.parametrize("seed", range(30))
def test_every_pot_and_side_pot_tied_gives_its_odd_chips_from_the_buttons_left(monkeypatch: pytest.MonkeyPatch,
                                                                              seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    rest = [c for c in DECK if c not in "".join(ROYALS)]
    rng.shuffle(rest)
    rig(monkeypatch, ["".join(rest[2 * p:2 * p + 2]) for p in range(n)], *ROYALS)
    stacks = [rng.choice([7, 13, 50, 101, 333, 1000]) for _ in range(n)]
    settings = {"small_blind": rng.choice([1, 5]), "big_blind": rng.choice([3, 10, 15]), "run_it_twice": True,
                "ante": rng.choice([0, 1, 3])}
    engine = HoldemEngine(settings, [Seat(f"P{i}", s) for i, s in enumerate(stacks)], "cd" * 32, {"dealer": 0})
    while engine.outcome is None:
        seat = rng.choice(engine.to_act())
        specs = [s for s in engine.legal_actions(seat) if s.kind != "fold" or rng.random() < 0.2]
        spec = rng.choice(specs or engine.legal_actions(seat))
        amount = None if spec.min_amount is None else rng.choice([spec.min_amount, spec.max_amount])
        engine.apply(seat, Action(spec.kind, amount=amount))
    won = _won(engine)
    payoffs = engine.state.payoffs
    put_in = [w - o for w, o in zip(won, payoffs)]
    folded = {int(a.split()[0][1:]) - 1 for a in RoomHandHistory.loads(engine.phh()).actions if a.split()[1] == "f"}
    live = set(range(n)) - folded
    boards = 2 if engine.state.runout_count == 2 and engine.state.street_return_index is not None else 1
    both = [list(engine.state.get_board_cards(run)) for run in range(boards)]
    if len(live) > 1 and (boards == 1 or both[0][:3] != both[1][:3]):  # a second run from the flop is no royal
        assert won == expected_ties(put_in, live, boards), (put_in, live, boards)
    _exports_agree(engine, stacks)


def _all_in_pot(cls: type[HoldemEngine], holes: list[str], boards: tuple[str, str], answer: str,
                monkeypatch: pytest.MonkeyPatch) -> HoldemEngine:
    """Ann (the button) all in for 1000, Bob calls, Cat's big blind of 15 folds: a pot of 2015, an odd
    number of chips."""
    rig(monkeypatch, holes, *boards)
    e = cls({"small_blind": 5, "big_blind": 15, "run_it_twice": True, "limit": "no-limit"},
            [Seat("Ann", 1000), Seat("Bob", 1000), Seat("Cat", 1000)], "cd" * 32, {"dealer": 0})
    e.apply(0, Action("raise", 1000))
    e.apply(1, Action("call"))
    e.apply(2, Action("fold"))
    for seat in (0, 1):
        if e.outcome is None:
            e.apply(seat, Action(answer))
    assert e.outcome is not None
    return e


def test_a_pot_won_whole_on_a_board_run_twice_writes_the_odd_chip_on_the_first_board(monkeypatch) -> None:
    e = _all_in_pot(HoldemEngine, ["AsAd", "7c2d", "9h9d"], ("AhKc8d5s3h", "AcKh8s4d2s"), "twice", monkeypatch)
    assert e.outcome.deltas == (1015, -1000, -15), "Ann's aces win both boards: the whole pot of 2015"
    text = _exports_agree(e, [1000] * 3)
    first, second = text.split("*** FIRST SHOW DOWN ***")[1].split("*** SECOND SHOW DOWN ***")
    assert "Ann collected 1008 from pot" in first and "Ann collected 1007 from pot" in second
    assert "Seat 1: Ann (button) showed [As Ad] and won (1008) with three of a kind, Aces, and won (1007) with three of a kind, Aces" in text


def test_a_pot_split_between_two_boards_gives_the_first_board_the_odd_chip(monkeypatch) -> None:
    e = _all_in_pot(HoldemEngine, ["AsAd", "KcKd", "9h9d"], ("AhQc8d5s3h", "KhQd8s4d2s"), "twice", monkeypatch)
    assert e.outcome.deltas == (8, 7, -15), "Ann wins the first board's 1008, Bob the second's 1007"
    text = _exports_agree(e, [1000] * 3)
    assert "Ann collected 1008 from pot" in text and "Bob collected 1007 from pot" in text


def test_a_pot_tied_on_one_board_run_once_gives_the_odd_chip_left_of_the_button(monkeypatch) -> None:
    e = _all_in_pot(HoldemEngine, ["7c2d", "8c3d", "9h9d"], ROYALS, "once", monkeypatch)
    assert e.outcome.deltas == (7, 8, -15), "2015 split: Bob, left of the button, gets 1008"
    text = _exports_agree(e, [1000] * 3)
    assert "Bob collected 1008 from pot" in text and "Ann collected 1007 from pot" in text


def test_a_hi_lo_pot_gives_the_odd_chip_to_the_high_half(monkeypatch) -> None:
    e = _all_in_pot(OmahaHiLoEngine, ["KsKdQsQd", "As2c3h9d", "9h9c8h8c"], ("KhKc7d4s5h", "JhTc6d3s2h"), "once",
                    monkeypatch)
    assert e.outcome.deltas == (8, 7, -15), "Ann's high takes 1008 of 2015, Bob's low 1007"
    text = _exports_agree(e, [1000] * 3, hi_lo=True)
    assert "Ann collected 1008 from pot" in text and "Bob collected 1007 from pot" in text
