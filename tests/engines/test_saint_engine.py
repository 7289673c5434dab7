"""Saint Poker engine: setup, known deals (scoring, ties, pickup order), privacy, end, properties."""
from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.base import Action, IllegalAction, NotYourTurn, Seat
from bot.games.cards import DECK
from bot.games.saint import (ROUNDS, SaintEngine, future_river_size, hand_name, hand_rank,
                             split_points)

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def seed_of(i: int) -> str:
    return f"{i:064x}"


def seats(n: int) -> list[Seat]:
    return [Seat(NAMES[i]) for i in range(n)]


def deck_for(hands: Sequence[str], deck_front: str) -> list[str]:
    """A full deck that deals these hands (space-separated, 10 cards each, round-robin deal) and
    then has ``deck_front`` on top of the deck (the first future river, then each refill)."""
    dealt = [h.split() for h in hands]
    order = [dealt[i][k] for k in range(10) for i in range(len(dealt))] + deck_front.split()
    return order + [c for c in DECK if c not in order]


def all_cards(e: SaintEngine) -> list[str]:
    """Every card wherever it is: the deck, the future river, the table, hands, choices, discards."""
    cards = e.deck + e.future + e.table + e.discard
    for hand in e.hands:
        cards += hand
    for chosen in e.pending.values():
        cards += chosen
    return cards


def river(e: SaintEngine, choices: Sequence[str]) -> None:
    for seat, card in enumerate(choices):
        e.apply(seat, Action("river", cards=(card,)))


def reveal(e: SaintEngine, choices: Sequence[str]) -> None:
    for seat, pair in enumerate(choices):
        e.apply(seat, Action("reveal", cards=tuple(pair.split())))


def pick_first_cards(e: SaintEngine) -> None:
    """Every pickup takes the first card offered, until the next round starts."""
    while e.phase == "pickup":
        seat = e.to_act()[0]
        e.apply(seat, Action("pickup", cards=(e.legal_actions(seat)[0].choices[0],)))


# ---- hand ranking --------------------------------------------------------------------------------
@pytest.mark.parametrize("cards, name", [
    ("As Ks Qs Js Ts 2c 3d", "Straight Flush"),
    ("5h 4h 3h 2h Ah Kd Kc", "Straight Flush"),
    ("9c 9d 9h 9s 2c 3d 4h", "Four of a Kind"),
    ("Qc Qd Qh 5s 5c 2d 3h", "Full House"),
    ("Kh 9h 7h 4h 2h As Ad", "Flush"),
    ("4c 5d 6h 7s 8c Kd Kh", "Straight"),
    ("Ac 2d 3h 4s 5c 9d Jh", "Straight"),
    ("8c 8d 8h Ks 2c 4d 6h", "Three of a Kind"),
    ("Qc Qd 5h 5s 2c 3d 9h", "Two Pair"),
    ("Qc Qd 5h 7s 2c 3d 9h", "One Pair"),
    ("Ac Jd 8h 6s 4c 3d 2h", "High Card"),
])
def test_hand_names_follow_phevaluator_ranks(cards: str, name: str) -> None:
    assert hand_name(hand_rank(cards.split())) == name


def test_suits_never_break_ties() -> None:
    board = "7d 9h 2c Jd Kh".split()
    assert hand_rank(board + ["Ah", "Qh"]) == hand_rank(board + ["As", "Qd"])
    assert hand_rank(board + ["Ah", "Qh"]) < hand_rank(board + ["Ah", "Th"])  # kickers do


@pytest.mark.parametrize("round_no, tied, each", [(1, 1, 1), (1, 3, 1), (7, 2, 4), (8, 3, 3),
                                                  (5, 5, 1), (6, 4, 2)])
def test_tied_winners_each_get_the_points_split_rounded_up(round_no: int, tied: int, each: int) -> None:
    assert split_points(round_no, tied) == each


# ---- setup ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_ten_cards_each_and_a_future_river_of_five_minus_players(n: int) -> None:
    e = SaintEngine({}, seats(n), seed_of(n))
    view = e.view(None)
    assert future_river_size(n) == 5 - n
    assert [s["hand_size"] for s in view["seats"]] == [10] * n
    assert (view["round"], view["phase"]) == (1, "river")
    assert len(view["river"]) == len(view["future_river"]) == 5 - n
    assert view["deck_size"] == 52 - 10 * n - 2 * (5 - n)
    assert sorted(all_cards(e)) == sorted(DECK)
    assert e.to_act() == tuple(range(n))


def test_the_seed_decides_the_deal_and_replays() -> None:
    a, b = (SaintEngine({}, seats(3), seed_of(9)) for _ in range(2))
    assert a.view(0) == b.view(0)
    assert SaintEngine({}, seats(3), seed_of(10)).view(0)["hand"] != a.view(0)["hand"]


@pytest.mark.parametrize("bad", [DECK[:51], DECK[:51] + DECK[:1], DECK[:51] + ("Xx",)])
def test_the_deck_setting_must_be_a_permutation_of_the_52_cards(bad: tuple[str, ...]) -> None:
    with pytest.raises(ValueError):
        SaintEngine({"deck": list(bad)}, seats(2), seed_of(1))


@pytest.mark.parametrize("n", [1, 6])
def test_two_to_five_players(n: int) -> None:
    with pytest.raises(ValueError):
        SaintEngine({}, [Seat(f"P{i}") for i in range(n)], seed_of(1))


# ---- known deals ---------------------------------------------------------------------------------
TWO_PLAYER = deck_for(
    ["As Ah Ad 2c 3c 4c 5c 6c 7c 8c", "2d Th Jh 9c Tc Jc Kc Ac 3d 4d"],
    "7h 8s 9d 5s 6s Qc",  # round 1 river from the deck, then round 2's
)


def test_a_straight_beats_trips_and_the_loser_picks_up_first() -> None:
    e = SaintEngine({"deck": TWO_PLAYER}, seats(2), seed_of(1))
    assert e.view(None)["river"] == ["7h", "8s", "9d"]
    assert e.view(None)["future_river"] == ["5s", "6s", "Qc"]
    river(e, ["As", "2d"])
    assert e.view(None)["river"] == ["7h", "8s", "9d", "As", "2d"]
    assert [s["river_card"] for s in e.view(None)["seats"]] == ["As", "2d"]
    reveal(e, ["Ah Ad", "Th Jh"])
    result = e.view(None)["results"][-1]
    assert result["hand_names"] == ["Three of a Kind", "Straight"]
    assert result["order"] == [[1], [0]]
    assert result["points"] == [0, 1]
    assert result["pickup_order"] == [0, 1]
    assert e.view(None)["pickup_queue"] == [0, 1, 0, 1]
    assert sorted(e.view(None)["pickup_pool"]) == sorted("7h 8s 9d As 2d Ah Ad Th Jh".split())
    with pytest.raises(NotYourTurn):
        e.apply(1, Action("pickup", cards=("Th",)))
    for seat, card in [(0, "As"), (1, "Th"), (0, "Ah"), (1, "Jh")]:
        assert e.to_act() == (seat,)
        e.apply(seat, Action("pickup", cards=(card,)))
    assert sorted(e.discard) == sorted("7h 8s 9d 2d Ad".split())
    view = e.view(0)
    assert (view["round"], view["phase"]) == (2, "river")
    assert {"As", "Ah"} <= set(view["hand"]) and "Ad" not in view["hand"]
    assert [s["score"] for s in view["seats"]] == [0, 1]
    assert [s["hand_size"] for s in view["seats"]] == [9, 9]
    assert view["river"] == ["5s", "6s", "Qc"]
    assert sorted(all_cards(e)) == sorted(DECK)


THREE_PLAYER = deck_for(
    [
        "9h Kd Ks 5c 6c 6d Tc Ah Qh 8c",   # Ann: river, reveal for rounds 1, 2, 3 in turn
        "Js 3d 4h 5s 8d 8h Jd As Qd 9c",   # Bob
        "Kc 3s 4c 2s 3h 4s Kh 3c 4d 9d",   # Cy
    ],
    "2c 7d 5h 6h 7h 2d",  # the deck's river cards of rounds 1, 2 and 3
)


def tie_order(seed: str, round_no: int, order: list[list[int]]) -> list[int]:
    """The pickup lap the rules ask for: ties drawn at random from the seed, winner last."""
    rng = random.Random(int(seed, 16) ^ round_no)
    best_first: list[int] = []
    for group in order:
        members = list(group)
        rng.shuffle(members)
        best_first += members
    return best_first[::-1]


@pytest.mark.parametrize("seed", [seed_of(1), seed_of(2), seed_of(3), seed_of(4), "deadbeef" * 8])
def test_three_player_game_with_tied_losers_then_tied_winners(seed: str) -> None:
    e = SaintEngine({"deck": THREE_PLAYER}, seats(3), seed)
    # Round 1: 2c 7d 9h Js Kc. Ann has trip kings; Bob and Cy both play K J 9 7 4.
    river(e, ["9h", "Js", "Kc"])
    reveal(e, ["Kd Ks", "3d 4h", "3s 4c"])
    first = e.view(None)["results"][0]
    assert first["order"] == [[0], [1, 2]]
    assert first["points"] == [1, 0, 0]
    assert first["hand_names"] == ["Three of a Kind", "High Card", "High Card"]
    assert first["pickup_order"] == tie_order(seed, 1, [[0], [1, 2]])
    assert first["pickup_order"][-1] == 0  # the winner picks last
    pick_first_cards(e)
    # Round 2: 5h 6h 5c 5s 2s. Ann's sixes full beat Bob's fives full; Cy's straight is third.
    river(e, ["5c", "5s", "2s"])
    reveal(e, ["6c 6d", "8d 8h", "3h 4s"])
    second = e.view(None)["results"][1]
    assert second["hand_names"] == ["Full House", "Full House", "Straight"]
    assert (second["order"], second["points"]) == ([[0], [1], [2]], [2, 0, 0])
    assert second["pickup_order"] == [2, 1, 0]
    pick_first_cards(e)
    # Round 3: 7h 2d Tc Jd Kh. Ann and Bob both have an ace-high straight: 3 points split -> 2 each.
    river(e, ["Tc", "Jd", "Kh"])
    reveal(e, ["Ah Qh", "As Qd", "3c 4d"])
    third = e.view(None)["results"][2]
    assert third["hand_names"] == ["Straight", "Straight", "High Card"]
    assert (third["order"], third["points"]) == ([[0, 1], [2]], [2, 2, 0])
    assert third["pickup_order"][0] == 2
    assert third["pickup_order"] == tie_order(seed, 3, [[0, 1], [2]])
    assert e.view(None)["pickup_queue"] == third["pickup_order"] * 2
    assert [s["score"] for s in e.view(None)["seats"]] == [5, 2, 0]
    assert "Round 3: Ann and Bob tie with Straight and get 2 points each." in e.log


def test_ties_are_drawn_differently_by_different_seeds() -> None:
    laps = set()
    for i in range(1, 12):
        e = SaintEngine({"deck": THREE_PLAYER}, seats(3), seed_of(i))
        river(e, ["9h", "Js", "Kc"])
        reveal(e, ["Kd Ks", "3d 4h", "3s 4c"])
        laps.add(tuple(e.view(None)["results"][0]["pickup_order"]))
    assert laps == {(1, 2, 0), (2, 1, 0)}


# ---- choices stay private until revealed ---------------------------------------------------------
def test_choices_are_hidden_until_everyone_has_chosen() -> None:
    e = SaintEngine({"deck": TWO_PLAYER}, seats(2), seed_of(1))
    e.apply(0, Action("river", cards=("As",)))
    assert e.view(0)["pending"] == ["As"]
    for viewer in (None, 1):
        text = json.dumps(e.view(viewer))
        assert '"As"' not in text
    assert [s["chosen"] for s in e.view(None)["seats"]] == [True, False]
    assert e.to_act() == (1,)
    assert e.legal_actions(0) == []
    assert e.log[-1] == "Ann has chosen a river card."


def secret_cards(e: SaintEngine, public: set[str], viewer: int | None) -> set[str]:
    """Cards nobody but their holder has seen (and the deck), minus the viewer's own."""
    hidden = set(e.deck)
    for seat, hand in enumerate(e.hands):
        if seat != viewer:
            hidden |= set(hand) | set(e.pending.get(seat, ()))
    return hidden - public


def cards_in(view: Any) -> set[str]:
    if isinstance(view, str):
        return {view} if view in DECK else set()
    if isinstance(view, dict):
        return set().union(*(cards_in(v) for v in view.values())) if view else set()
    if isinstance(view, list):
        return set().union(*(cards_in(v) for v in view)) if view else set()
    return set()


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_no_view_shows_a_card_its_viewer_may_not_know(n: int) -> None:
    e = SaintEngine({}, seats(n), seed_of(40 + n))
    public: set[str] = set()  # every card that has been face up
    while e.outcome is None:
        public |= set(e.table) | set(e.future)
        for viewer in [None, *range(n)]:
            assert not cards_in(e.view(viewer)) & secret_cards(e, public, viewer)
        seat = e.to_act()[-1]
        e.apply(seat, e.timeout_action(seat))


# ---- illegal choices ----------------------------------------------------------------------------
def test_illegal_choices_are_refused_with_a_sentence() -> None:
    e = SaintEngine({"deck": TWO_PLAYER}, seats(2), seed_of(1))
    refused = [
        (0, Action("river", cards=("2d",)), "You must choose a card you hold."),
        (0, Action("river", cards=("As", "Ah")), "Choose exactly one card for the river."),
        (0, Action("reveal", cards=("Ah", "Ad")),
         "Now every player chooses one card to add to the river."),
        (0, Action("pickup", cards=("7h",)), "Now every player chooses one card to add to the river."),
        (0, Action("fold"), "That is not a Saint Poker move."),
        (7, Action("river", cards=("As",)), "You are not playing in this game."),
    ]
    for seat, action, message in refused:
        with pytest.raises(IllegalAction, match=message.replace(".", r"\.")):
            e.apply(seat, action)
    e.apply(0, Action("river", cards=("As",)))
    with pytest.raises(IllegalAction, match="already chosen"):
        e.apply(0, Action("river", cards=("Ah",)))
    e.apply(1, Action("river", cards=("2d",)))
    for cards, message in [(("Ah",), "two different cards"), (("Ah", "Ah"), "two different cards"),
                           (("Ah", "As"), "You must choose two cards you hold.")]:
        with pytest.raises(IllegalAction, match=message):
            e.apply(0, Action("reveal", cards=cards))
    reveal(e, ["Ah Ad", "Th Jh"])
    with pytest.raises(IllegalAction, match="from the river or the revealed cards"):
        e.apply(0, Action("pickup", cards=("Kc",)))
    with pytest.raises(IllegalAction, match="exactly one card"):
        e.apply(0, Action("pickup", cards=("As", "Ah")))
    assert sorted(all_cards(e)) == sorted(DECK)


# ---- the end of the game -------------------------------------------------------------------------
def play_out(e: SaintEngine) -> None:
    while e.outcome is None:
        for seat in e.to_act():
            e.apply(seat, e.timeout_action(seat))


def test_the_last_round_reveals_the_last_two_cards_and_ends_the_game() -> None:
    e = SaintEngine({}, seats(3), seed_of(5))
    while e.round < ROUNDS:
        for seat in e.to_act():
            e.apply(seat, e.timeout_action(seat))
    assert [len(hand) for hand in e.hands] == [3, 3, 3]
    assert e.view(None)["future_river"] == []
    for seat in (0, 1):
        e.apply(seat, e.timeout_action(seat))
    lines = e.apply(2, e.timeout_action(2))
    assert "Everyone reveals their last two cards." in lines
    assert e.outcome is not None and e.outcome.match_over
    assert e.to_act() == () and e.view(None)["finished"]
    assert [len(hand) for hand in e.hands] == [0, 0, 0]
    assert sum(e.view(None)["results"][-1]["points"]) >= ROUNDS
    with pytest.raises(IllegalAction, match="This hand is over."):
        e.apply(0, Action("pickup", cards=(e.table[0],)))


def test_equal_totals_share_first_place() -> None:
    e = SaintEngine({"stake": 10}, seats(2), seed_of(0x35))
    play_out(e)
    assert e.scores == [18, 18]
    assert e.outcome is not None
    assert e.outcome.ranking == (0, 0)
    assert e.outcome.deltas == (0, 0)
    assert e.outcome.summary == "Ann and Bob share the win with 18 points."
    assert e.view(None)["ranking"] == [0, 0]


def test_losers_pay_the_stake_to_the_winners_odd_chip_to_the_earliest_seat() -> None:
    e = SaintEngine({"stake": 5}, seats(3), seed_of(0x1D))
    play_out(e)
    assert e.scores == [14, 8, 14]
    assert e.outcome is not None
    assert e.outcome.ranking == (0, 2, 0)
    assert e.outcome.deltas == (3, -5, 2)
    assert e.outcome.summary == "Ann and Cy share the win with 14 points; Bob 8."


def test_without_a_stake_nobody_pays() -> None:
    e = SaintEngine({}, seats(3), seed_of(0x1D))
    play_out(e)
    assert e.outcome is not None and e.outcome.deltas == (0, 0, 0)


def test_timeout_choices_are_legal_and_the_same_for_the_same_state() -> None:
    a, b = (SaintEngine({}, seats(4), seed_of(77)) for _ in range(2))
    while a.outcome is None:
        for seat in a.to_act():
            action = a.timeout_action(seat)
            assert action == b.timeout_action(seat)
            a.apply(seat, action)
            b.apply(seat, action)
    assert a.view(None) == b.view(None)


# ---- properties over random legal play -----------------------------------------------------------
def random_legal(e: SaintEngine, seat: int, rng: random.Random) -> Action:
    spec = e.legal_actions(seat)[0]
    return Action(spec.kind, cards=tuple(rng.sample(spec.choices, spec.max_choices)))


def try_illegal(e: SaintEngine, rng: random.Random) -> None:
    """A refused action must raise and leave the game as it was."""
    before = json.dumps(e.view(0))
    n = len(e.seats)
    acting = e.to_act()
    waiting = [s for s in range(n) if s not in acting]
    outside = [c for c in DECK if c not in e.hands[acting[0]] and c not in e.table]
    attempts = [Action(e.phase, cards=(rng.choice(outside),) * (2 if e.phase == "reveal" else 1)),
                Action("pickup" if e.phase != "pickup" else "river", cards=(rng.choice(DECK),))]
    for action in attempts:
        with pytest.raises(IllegalAction):
            e.apply(acting[0], action)
    if waiting:
        with pytest.raises(IllegalAction):
            e.apply(rng.choice(waiting), random_legal(e, acting[0], rng))
    assert json.dumps(e.view(0)) == before


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 5), seed=st.integers(0, 2**64), play=st.integers(0, 2**32))
def test_random_legal_play(n: int, seed: int, play: int) -> None:
    e = SaintEngine({"stake": 3}, seats(n), seed_of(seed))
    rng = random.Random(play)
    steps = 0
    awarded = 0
    while e.outcome is None:
        assert sorted(all_cards(e)) == sorted(DECK)
        view = e.view(None)
        if view["phase"] == "river" and not any(s["chosen"] for s in view["seats"]):
            assert [s["hand_size"] for s in view["seats"]] == [11 - view["round"]] * n
        if rng.random() < 0.1:
            try_illegal(e, rng)
        acting = e.to_act()
        assert acting and all(e.legal_actions(s) for s in acting)
        assert all(e.legal_actions(s) == [] for s in range(n) if s not in acting)
        seat = rng.choice(acting)
        rounds_scored = len(view["results"])
        e.apply(seat, random_legal(e, seat, rng))
        if len(e.view(None)["results"]) > rounds_scored:
            result = e.view(None)["results"][-1]
            awarded += sum(result["points"])
            assert sum(result["points"]) >= result["round"]
            assert all(p == 0 for s, p in enumerate(result["points"]) if s not in result["order"][0])
        steps += 1
        assert steps <= 29 * n
    assert steps == 29 * n  # rounds 1-7: n river + n reveal + 2n pickups; round 8: n river choices
    assert sorted(all_cards(e)) == sorted(DECK)
    assert sum(e.scores) == awarded
    outcome = e.outcome
    assert outcome.match_over and sum(outcome.deltas) == 0
    assert outcome.ranking == tuple(sum(t > mine for t in e.scores) for mine in e.scores)
    winners = [s for s in range(n) if outcome.ranking[s] == 0]
    assert all(outcome.deltas[s] == -3 for s in range(n) if s not in winners)
    json.dumps(e.view(None))
    assert Counter(len(h) for h in e.hands) == Counter({0: n})
