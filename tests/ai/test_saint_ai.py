"""Saint Poker computer player: always legal, saves strong cards early, plays them late, beats random."""
from __future__ import annotations

import random
from typing import Any, Callable

import pytest

from bot.ai.saint import card_id, choose, potential
from bot.games.base import Action, ActionSpec, Seat
from bot.games.saint import SaintEngine

Player = Callable[[SaintEngine, int, random.Random], Action]


def robot(e: SaintEngine, seat: int, rng: random.Random) -> Action:
    return choose(e.view(seat), e.legal_actions(seat), rng)


def random_chooser(e: SaintEngine, seat: int, rng: random.Random) -> Action:
    spec = e.legal_actions(seat)[0]
    return Action(spec.kind, cards=tuple(rng.sample(spec.choices, spec.max_choices)))


def play(players: list[Player], seed: int) -> SaintEngine:
    e = SaintEngine({}, [Seat(f"P{i}", is_bot=True) for i in range(len(players))], f"{seed:064x}")
    rng = random.Random(seed)
    while e.outcome is None:
        for seat in e.to_act():
            e.apply(seat, players[seat](e, seat, rng))  # raises if the robot's choice is illegal
    return e


def reveal_view(round_no: int, hand: str, river: str, future: str) -> tuple[dict[str, Any], list[ActionSpec]]:
    """A three-player view in the reveal phase of ``round_no`` with this hand and river."""
    view = SaintEngine({}, [Seat("A"), Seat("B"), Seat("C")], f"{1:064x}").view(0)
    cards = hand.split()
    view.update(round=round_no, phase="reveal", hand=cards, river=river.split(),
                future_river=future.split(), pending=[])
    view["seats"] = [dict(s, hand_size=len(cards)) for s in view["seats"]]
    return view, [ActionSpec("reveal", "Reveal two cards", choices=tuple(cards),
                             min_choices=2, max_choices=2)]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_robots_finish_whole_games_with_legal_choices(n: int) -> None:
    for seed in range(2):
        e = play([robot] * n, seed)
        assert e.outcome is not None and e.outcome.match_over
        assert sum(e.scores) >= 36  # every round's points went to someone


def test_spends_weak_cards_early_and_keeps_the_aces() -> None:
    view, legal = reveal_view(1, "As Ah Qd Jc 8h 7c Th 4c Jh", "Kc 9d 6h 3s 2d", "8c 8d")
    for seed in range(5):
        action = choose(view, legal, random.Random(seed))
        assert not {"As", "Ah"} & set(action.cards)


def test_plays_the_aces_late_when_the_round_is_worth_more() -> None:
    view, legal = reveal_view(7, "As Ah Qd", "Kc 9d 6h 3s 2d", "8c 8d")
    for seed in range(5):
        assert set(choose(view, legal, random.Random(seed)).cards) == {"As", "Ah"}


def test_takes_the_straight_it_sees() -> None:
    view, legal = reveal_view(3, "As 4c Kd Qd 9s 8h 7c", "Jc 5h 3s 2d Th", "8c 8d")
    assert set(choose(view, legal, random.Random(0)).cards) == {"As", "4c"}


def test_picks_up_the_card_that_pairs_its_hand() -> None:
    e = SaintEngine({}, [Seat("A"), Seat("B")], f"{3:064x}")
    view = e.view(0)
    view.update(phase="pickup", hand=["Kc", "9s", "6d", "3h"], future_river=["2c", "7s", "Jd"])
    legal = [ActionSpec("pickup", "Pick up a card", choices=("Qh", "Kd", "8c", "4s"),
                        min_choices=1, max_choices=1)]
    assert choose(view, legal, random.Random(0)).cards == ("Kd",)


def test_potential_values_sets_above_scattered_cards() -> None:
    def value(cards: str) -> float:
        return potential(card_id(c) for c in cards.split())

    assert value("Ks Kd 2c") > value("Ks 7d 2c")
    assert value("Ks Kd Kh") > value("Ks Kd 2c")
    assert value("9h 7h 4h 2h") > value("9h 7d 4c 2s")


def test_same_view_and_seed_give_the_same_choice() -> None:
    e = SaintEngine({}, [Seat("A"), Seat("B"), Seat("C")], f"{8:064x}")
    view, legal = e.view(1), e.legal_actions(1)
    assert choose(view, legal, random.Random(4)) == choose(view, legal, random.Random(4))


@pytest.mark.parametrize("n", [2, 3])
def test_beats_random_choosers(n: int) -> None:
    games, wins = 12, 0
    for seed in range(games):
        players: list[Player] = [random_chooser] * n
        seat = seed % n
        players[seat] = robot
        e = play(players, 100 + seed)
        assert e.outcome is not None and e.outcome.ranking is not None
        wins += e.outcome.ranking[seat] == 0
    assert wins >= 10
