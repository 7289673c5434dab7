"""Poker Squared engine: deal, secret placement, who bets first, antes, deck, grids, match end."""
from __future__ import annotations

import json
import random
from typing import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.base import HIDDEN, Action, IllegalAction, NotYourTurn, Seat
from bot.games.cards import DECK, shuffled, shuffled_deck
from bot.games.squared import (CELLS, LINES, GridScoreView, SquaredEngine, ante_for, compare_lines,
                               grid_transfer, match_winner, reshuffle_seed)

Policy = Callable[[SquaredEngine, int], Action]


def seed_of(i: int) -> str:
    return f"{i:064x}"


def new(seed: str, stacks: tuple[int, int] = (40, 40), **settings_: int) -> SquaredEngine:
    return SquaredEngine(settings_, [Seat("Ann", stacks[0]), Seat("Bob", stacks[1])], seed)


def empty_cells(e: SquaredEngine, seat: int) -> list[str]:
    return [CELLS[i] for i, card in enumerate(e.view(seat)["grids"][seat]) if card is None]


def place_first(e: SquaredEngine, seat: int) -> Action:
    """The first card in hand on the first empty cell."""
    return Action("place", cards=(e.view(seat)["hands"][seat][0],), target=empty_cells(e, seat)[0])


def passive(e: SquaredEngine, seat: int) -> Action:
    """Place like ``place_first``; check, else call."""
    if e.phase == "place":
        return place_first(e, seat)
    kinds = {spec.kind for spec in e.legal_actions(seat)}
    return Action("check" if "check" in kinds else "call")


def play(e: SquaredEngine, policy: Policy = passive, on_round: Callable[[], None] | None = None) -> None:
    for _ in range(5000):
        if e.outcome is not None:
            return
        seat = e.to_act()[0]
        before = e.round_no
        e.apply(seat, policy(e, seat))
        if on_round is not None and e.round_no != before and e.outcome is None:
            on_round()
    raise AssertionError("the match did not end")


# ---- deal and secret placement -------------------------------------------------------------
def test_deal_comes_from_the_seed_and_hands_are_private() -> None:
    seed = seed_of(7)
    deck = shuffled_deck(seed)
    e = new(seed)
    assert e.view(0)["hands"] == [deck[0:8:2], [HIDDEN] * 4]
    assert e.view(1)["hands"] == [[HIDDEN] * 4, deck[1:8:2]]
    assert e.view(None)["hands"] == [[HIDDEN] * 4, [HIDDEN] * 4]
    view = e.view(None)
    assert (view["round"], view["ante"], view["pot"], view["stacks"]) == (1, 1, 2, [39, 39])
    assert view["phase"] == "place"
    assert e.to_act() == (0, 1) and view["time_limit"] == 120
    json.dumps(e.view(0))


def test_placements_stay_secret_until_both_are_made() -> None:
    seed = seed_of(7)
    e = new(seed)
    hand0, hand1 = e.hands[0][:], e.hands[1][:]
    assert e.apply(0, Action("place", cards=(hand0[0],), target="E")) == ["Ann has placed a card."]
    assert e.to_act() == (1,) and e.legal_actions(0) == []
    assert e.view(None)["grids"] == [[None] * 9, [None] * 9]
    assert e.view(1)["grids"][0] == [None] * 9 and e.view(1)["hands"][0] == [HIDDEN] * 3
    assert e.view(0)["grids"][0][4] == hand0[0] and hand0[0] not in e.view(0)["hands"][0]
    assert e.view(None)["placed"] == [True, False]
    with pytest.raises(NotYourTurn, match="already placed"):
        e.apply(0, Action("place", cards=(hand0[1],), target="A"))
    e.apply(1, Action("place", cards=(hand1[0],), target="A"))
    public = e.view(None)
    assert public["grids"][0][4] == hand0[0] and public["grids"][1][0] == hand1[0]
    assert public["phase"] == "bet" and public["time_limit"] == 60
    values = ["23456789TJQKA".index(c[0]) for c in (hand0[0], hand1[0])]
    if values[0] != values[1]:
        assert public["first_bettor"] == (0 if values[0] < values[1] else 1)
        assert "lower card" in public["first_reason"]
    assert e.to_act() == (public["first_bettor"],)


def test_place_choices_are_card_at_empty_cell_and_timers_follow_the_phase() -> None:
    e = new(seed_of(7))
    hand0 = e.hands[0][:]
    (spec,) = e.legal_actions(0)
    assert len(spec.choices) == 36 and spec.choices[:2] == (f"{hand0[0]}@A", f"{hand0[0]}@B")
    assert e.turn_seconds() == 120
    e.apply(0, Action("place", cards=(hand0[0],), target="E"))
    e.apply(1, Action("place", cards=(e.hands[1][0],), target="A"))
    assert e.turn_seconds() == 60
    while e.phase == "bet":
        e.apply(e.to_act()[0], Action("check"))
    (spec,) = e.legal_actions(0)
    assert len(spec.choices) == 32 and not any(c.endswith("@E") for c in spec.choices)
    assert e.turn_seconds() == 120


def shared_rank(e: SquaredEngine) -> str | None:
    ranks = {c[0] for c in e.hands[0]} & {c[0] for c in e.hands[1]}
    return min(ranks) if ranks else None


def place_rank(e: SquaredEngine, rank: str) -> None:
    for seat in (0, 1):
        card = next(c for c in e.hands[seat] if c[0] == rank)
        e.apply(seat, Action("place", cards=(card,), target=empty_cells(e, seat)[0]))


def test_equal_cards_coin_toss_then_the_other_player_bets_first() -> None:
    for i in range(200):
        e = new(seed_of(i))
        rank = shared_rank(e)
        if rank is None:
            continue
        place_rank(e, rank)
        coin = int(seed_of(i), 16) % 2
        assert e.first_bettor == 1 - coin and "coin toss" in e.first_reason
        while e.round_no == 1:
            seat = e.to_act()[0]
            e.apply(seat, passive(e, seat))
        rank = shared_rank(e)
        if rank is None:
            continue
        place_rank(e, rank)
        assert e.first_bettor == coin
        assert e.first_reason.endswith(f"as {e.names[1 - coin]} did last round.")
        return
    pytest.fail("no seed gave equal cards twice")


# ---- antes, deck, grids ----------------------------------------------------------------------
def test_antes_rise_every_nine_rounds() -> None:
    assert [ante_for(r) for r in (1, 9, 10, 18, 19, 27)] == [1, 1, 2, 2, 3, 3]
    e = new(seed_of(3))
    pots: dict[int, int] = {}

    def record() -> None:
        pots[e.round_no] = e.view(None)["pot"]

    record()
    play(e, on_round=record)
    assert pots[1] == pots[9] == 2 and pots[10] == pots[18] == 4 and pots[19] == pots[27] == 6


def test_deck_is_reshuffled_only_when_empty() -> None:
    seed = seed_of(11)
    deck = shuffled_deck(seed)
    e = new(seed)
    for round_no in range(1, 7):
        assert e.round_no == round_no and e.shuffles == 0
        assert e.view(None)["deck_left"] == 52 - 8 * round_no
        for _ in range(3):  # place, place, first bettor checks; then the other checks
            seat = e.to_act()[0]
            e.apply(seat, passive(e, seat))
        e.apply(e.to_act()[0], Action("check"))
    assert e.round_no == 7 and e.shuffles == 1
    # the last 4 cards of the first deck are dealt first, then the reshuffled discards
    assert e.hands[0][:2] == [deck[48], deck[50]] and e.hands[1][:2] == [deck[49], deck[51]]
    on_grids = {c for grid in e.grids for c in grid if c is not None}
    assert len(on_grids) == 12
    discards = [c for c in DECK if c not in on_grids and c not in deck[48:]]
    fresh = shuffled(reshuffle_seed(seed, 1), discards)
    assert e.hands[0][2:] == [fresh[0], fresh[2]] and e.hands[1][2:] == [fresh[1], fresh[3]]
    assert e.deck == fresh[4:]
    assert sorted(e.deck + e.hands[0] + e.hands[1] + sorted(on_grids)) == sorted(DECK)


def test_grid_lines_are_compared_position_by_position() -> None:
    ann = ["As", "Ks", "Qs",
           "2c", "2d", "2h",
           "7c", "9d", "Jh"]
    bob = ["Ac", "2s", "3d",
           "3c", "3s", "3h",
           "7d", "9c", "Js"]
    lines = compare_lines([ann, bob])
    assert [line["cells"] for line in lines] == list(LINES)
    winners = {line["cells"]: line["winner"] for line in lines}
    assert winners["ABC"] == 0      # straight flush beats the lowest straight
    assert winners["DEF"] == 1      # three threes beat three twos
    assert winners["GHI"] is None   # same ranks: a tie
    assert winners["ADG"] == 1      # A-7-3 beats A-7-2 on the last card
    assert winners["CEG"] == 1      # a pair of threes beats queen high
    assert lines[0]["ranks"] == ["Straight flush, Ace high", "Straight, Three high"]
    assert lines[3]["hands"] == [["As", "2c", "7c"], ["Ac", "3c", "7d"]]


def test_grid_scoring_after_round_nine_moves_the_net_lines_times_the_ante() -> None:
    e = new(seed_of(5), rounds=9)
    chips: list[list[int]] = []

    def record() -> None:
        chips.append(list(e.pot.stacks))  # after the ante

    play(e, on_round=record)
    grid, showdown = e.last_grid, e.last_showdown
    assert grid is not None and showdown is not None
    assert grid["round"] == 9 and grid["ante"] == 1 and showdown["round"] == 9
    assert grid["lines"] == compare_lines(_grids_of(grid))
    won = grid["won"]
    assert won == [sum(line["winner"] == s for line in grid["lines"]) for s in (0, 1)]
    net = won[0] - won[1]
    assert grid["transfer"] == [net, -net]
    after_showdown = [c + w for c, w in zip(chips[-1], showdown["won"])]
    assert [c + t for c, t in zip(after_showdown, grid["transfer"])] == e.stacks
    assert e.lines_won == won and e.grids == [[None] * 9, [None] * 9]


def test_grid_transfer_is_net_lines_times_ante_capped_by_the_payer() -> None:
    assert grid_transfer([5, 2], 3, [40, 40]) == [9, -9]
    assert grid_transfer([1, 6], 2, [40, 40]) == [-10, 10]
    assert grid_transfer([8, 0], 3, [75, 5]) == [5, -5]
    assert grid_transfer([3, 3], 3, [40, 40]) == [0, 0]


def _grids_of(grid_score: GridScoreView) -> list[list[str]]:
    """Rebuild both grids from the rows of a grid score (lines ABC, DEF, GHI)."""
    return [sum((line["hands"][s] for line in grid_score["lines"][:3]), []) for s in (0, 1)]


# ---- match end -------------------------------------------------------------------------------
def test_nine_round_match_ends_after_round_nine() -> None:
    e = new(seed_of(9), rounds=9)
    play(e)
    outcome = e.outcome
    assert outcome is not None and outcome.match_over and e.round_no == 9
    assert sum(outcome.deltas) == 0 and outcome.deltas == (e.stacks[0] - 40, e.stacks[1] - 40)
    winner = match_winner(e.stacks, e.lines_won)
    assert outcome.ranking == ((0, 0) if winner is None else (0, 1) if winner == 0 else (1, 0))
    assert e.view(None)["result"] == outcome.summary and e.to_act() == ()
    with pytest.raises(IllegalAction, match="over"):
        e.apply(0, Action("check"))
    with pytest.raises(ValueError):
        new(seed_of(9), rounds=10)


def test_match_winner_chips_then_lines_then_draw() -> None:
    assert match_winner([45, 35], [0, 16]) == 0
    assert match_winner([40, 40], [12, 11]) == 0
    assert match_winner([40, 40], [11, 12]) == 1
    assert match_winner([40, 40], [12, 12]) is None


def bully(e: SquaredEngine, seat: int) -> Action:
    """Ann bets 1 whenever she can; Bob folds to every bet."""
    if e.phase == "place":
        return place_first(e, seat)
    specs = {spec.kind: spec for spec in e.legal_actions(seat)}
    if seat == 0 and "bet" in specs:
        return Action("bet", amount=1)
    return Action("check" if "check" in specs else "fold" if seat == 1 else "call")


def test_a_player_with_no_chips_loses() -> None:
    e = new(seed_of(1), stacks=(40, 3))
    play(e, bully)
    assert e.outcome is not None and e.round_no == 3
    assert e.outcome.deltas == (3, -3) and e.outcome.ranking == (0, 1)
    assert e.outcome.summary == "Bob has no chips left: Ann wins the match, 43 chips to 0."


def test_a_player_who_cannot_pay_the_ante_loses() -> None:
    for i in range(100):
        e = new(seed_of(i), stacks=(40, 12))
        play(e, bully)
        assert e.outcome is not None
        if "cannot pay the ante" in e.outcome.summary:
            assert e.outcome.ranking == (0, 1) and e.stacks[1] < ante_for(e.round_no + 1)
            assert e.stacks[1] > 0 and e.view(None)["phase"] == "over"
            return
    pytest.fail("no seed ended on the ante")


# ---- illegal moves and timeouts --------------------------------------------------------------
def test_illegal_moves_are_refused_with_clear_messages() -> None:
    e = new(seed_of(2))
    other = next(c for c in DECK if c not in e.hands[0])
    with pytest.raises(IllegalAction, match="card you hold"):
        e.apply(0, Action("place", cards=(other,), target="A"))
    with pytest.raises(IllegalAction, match="from A to I"):
        e.apply(0, Action("place", cards=(e.hands[0][0],), target="J"))
    with pytest.raises(IllegalAction, match="exactly one card"):
        e.apply(0, Action("place", cards=tuple(e.hands[0][:2]), target="A"))
    with pytest.raises(IllegalAction, match="Place a card"):
        e.apply(0, Action("check"))
    for seat in (0, 1):
        e.apply(seat, Action("place", cards=(e.hands[seat][0],), target="a"))
    first = e.first_bettor
    assert first is not None
    with pytest.raises(NotYourTurn):
        e.apply(1 - first, Action("check"))
    with pytest.raises(IllegalAction, match="between 1 and 39"):
        e.apply(first, Action("bet", amount=40))
    e.apply(first, Action("check"))
    e.apply(1 - first, Action("check"))
    assert e.round_no == 2
    with pytest.raises(IllegalAction, match="Cell A is already filled"):
        e.apply(0, Action("place", cards=(e.hands[0][0],), target="A"))


def test_timeout_actions_are_legal_and_repeatable() -> None:
    e = new(seed_of(4))
    again = new(seed_of(4))
    assert e.timeout_action(0) == again.timeout_action(0)
    for _ in range(400):
        if e.outcome is not None:
            break
        seat = e.to_act()[0]
        action = e.timeout_action(seat)
        if e.phase == "bet":
            kinds = {s.kind for s in e.legal_actions(seat)}
            assert action.kind == ("check" if "check" in kinds else "fold")
        e.apply(seat, action)
    assert e.outcome is not None


# ---- property: random legal play -------------------------------------------------------------
def random_action(e: SquaredEngine, seat: int, rng: random.Random) -> Action:
    spec = rng.choice(e.legal_actions(seat))
    if spec.kind == "place":
        hand, cells = e.view(seat)["hands"][seat], empty_cells(e, seat)
        assert list(spec.choices) == [f"{card}@{cell}" for card in hand for cell in cells]
        card, cell = rng.choice(spec.choices).split("@")
        return Action("place", cards=(card,), target=cell)
    if spec.min_amount is not None and spec.max_amount is not None:
        return Action(spec.kind, amount=rng.choice([spec.min_amount, spec.max_amount,
                                                     rng.randint(spec.min_amount, spec.max_amount)]))
    return Action(spec.kind)


def check_invariants(e: SquaredEngine) -> None:
    total = sum(e.pot.stacks) + e.pot.total
    assert total == 80
    cards = e.deck + e.hands[0] + e.hands[1] + [c for g in e.grids for c in g if c is not None]
    assert len(cards) == len(set(cards))
    public = e.view(None)
    assert public["hands"] == [[HIDDEN] * len(e.view(s)["hands"][s]) for s in (0, 1)]
    assert public["grids"] == e.grids  # nothing placed this round shows before both are placed
    for seat in (0, 1):
        assert e.view(seat)["hands"][1 - seat] == [HIDDEN] * len(e.view(1 - seat)["hands"][1 - seat])
    mine = e.view(0)
    json.dumps(mine)
    if mine["last_grid"] is not None:  # a view is a copy: changing it leaves the match alone
        mine["last_grid"]["won"].append(9)
        assert e.view(0)["last_grid"]["won"] == e.last_grid["won"] and len(e.last_grid["won"]) == 2


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**64), rounds=st.sampled_from([9, 27]), play_seed=st.integers(0, 2**32))
def test_random_legal_play(seed: int, rounds: int, play_seed: int) -> None:
    rng = random.Random(play_seed)
    e = new(seed_of(seed), rounds=rounds)
    for _ in range(3000):
        if e.outcome is not None:
            break
        check_invariants(e)
        seat = rng.choice(e.to_act())
        if rng.random() < 0.2:
            with pytest.raises(NotYourTurn):
                e.apply(1 - seat if (1 - seat) not in e.to_act() else 5, Action("check"))
        e.apply(seat, random_action(e, seat, rng))
    outcome = e.outcome
    assert outcome is not None and outcome.match_over
    assert sum(outcome.deltas) == 0 and sum(e.stacks) == 80
    assert e.round_no <= rounds
    assert outcome.ranking in ((0, 1), (1, 0), (0, 0))
