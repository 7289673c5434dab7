"""Sigma Poker engine and computer player: a known deal played out, views, betting stages, folds,
ties, illegal actions, and random legal play (chips conserved, nothing hidden leaks, it always ends)."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai.sigma import _bet, choose
from bot.games.base import HIDDEN, Action, ActionSpec, IllegalAction, NotYourTurn, Seat
from bot.games.cards import shuffled
from bot.games.sigma import SigmaEngine
from bot.games.sigma_shapes import CODES, best_placement, placement_values

SEED = "0" * 63 + "3"
"""Deals designated S14 + S29 ("..#", ".#.", "#.#") and base cards S04, S20, S30 to seats 1, 2, 0."""

# Everybody checks; seat 1 then 2 then 0 play option 2; everybody checks again.
SCRIPT = [
    (1, Action("check")), (2, Action("check")), (0, Action("check")),
    (1, Action("place", cards=("S27",), target="2:180:0,0")),
    (1, Action("place", cards=("S52",), target="3:0:1,0")),
    (2, Action("place", cards=("S23",), target="2:270:0,0")),
    (2, Action("place", cards=("S37",), target="3:180:0,0")),
    (0, Action("place", cards=("S11",), target="2:0:0,0")),
    (0, Action("place", cards=("S33",), target="3:270:0,1")),
    (1, Action("check")), (2, Action("check")), (0, Action("check")),
]


def new(stacks: tuple[int, ...] = (20, 20, 20), seed: str = SEED, dealer: int = 0,
        **settings_: object) -> SigmaEngine:
    seats = [Seat("ABCDEFG"[i], stack) for i, stack in enumerate(stacks)]
    return SigmaEngine(settings_, seats, seed, {"dealer": dealer})


def play(engine: SigmaEngine, steps: list[tuple[int, Action]]) -> None:
    for seat, action in steps:
        engine.apply(seat, action)


def spec(engine: SigmaEngine, seat: int, kind: str) -> ActionSpec:
    return next(s for s in engine.legal_actions(seat) if s.kind == kind)


# ---- a known deal -----------------------------------------------------------------------------
def test_the_deal_follows_the_seeded_pack() -> None:
    engine = new()
    deck = shuffled(SEED, CODES)
    assert engine.designated_cards == (deck[0], deck[1]) == ("S14", "S29")
    view = engine.view(None)
    assert view["designated"]["cells"] == ["..#", ".#.", "#.#"]
    assert [s["cards"][0]["code"] for s in view["seats"]] == [deck[4], deck[2], deck[3]]
    assert view["pots"] == [{"amount": 3, "eligible": [0, 1, 2]}]
    assert view["phase"] == "betting1" and engine.to_act() == (1,)


def test_a_scripted_hand_with_a_tie_splits_the_pot_odd_chip_left_of_the_dealer() -> None:
    engine = new()
    play(engine, SCRIPT)
    view = engine.view(None)
    assert view["phase"] == "showdown" and view["finished"]
    assert [s["score"] for s in view["seats"]] == [7, 5, 7]
    assert view["seats"][0]["matching"] == [[True] * 3, [True] * 3, [False, False, True]]
    assert [s["won"] for s in view["seats"]] == [1, 0, 2]  # seat 2 sits left of dealer 0
    assert view["pots"] == [{"amount": 3, "eligible": [0, 1, 2]}]
    outcome = engine.outcome
    assert outcome is not None and outcome.deltas == (0, -1, 1)
    assert outcome.summary == "A wins 1 with 7 of 9; C wins 2 with 7 of 9"
    assert [c["code"] for c in view["seats"][1]["cards"]] == ["S04", "S27", "S52"]  # shown


def test_views_show_face_down_cards_only_to_their_owner() -> None:
    engine = new()
    play(engine, SCRIPT[:6])  # seat 1 is done; seat 2 placed a card face up and holds its third
    public, owner, other = engine.view(None), engine.view(1), engine.view(2)
    hidden = public["seats"][1]["cards"][2]
    assert hidden == {"code": HIDDEN, "rotation": 0, "col": 1, "row": 0, "face_up": False, "cells": None}
    assert owner["seats"][1]["cards"][2]["code"] == "S52"
    assert owner["seats"][1]["cards"][2]["cells"] == ["##", "##", "##"]
    assert other["seats"][1]["cards"][2]["code"] == HIDDEN
    assert public["seats"][2]["in_hand"]["code"] == HIDDEN and public["seats"][2]["step"] == "third"
    assert other["seats"][2]["in_hand"]["code"] == "S37"
    for view in (public, owner):
        assert "S37" not in json.dumps(view)
    assert "S52" not in json.dumps(public) and "S52" not in json.dumps(other)
    assert public["seats"][2]["cards"][1]["code"] == "S23"  # face up: everybody sees it


def test_placement_specs_offer_every_legal_target_per_option() -> None:
    engine = new()
    play(engine, SCRIPT[:3])
    assert engine.to_act() == (1,) and engine.view(None)["phase"] == "placement"
    one, two = engine.legal_actions(1)
    assert (one.kind, two.kind) == ("place", "place")
    assert set(one.choices) == {"1:0:0,0", "1:180:0,0", "1:0:2,0", "1:180:2,0"}
    assert len(two.choices) == 14 and all(t.startswith("2:") for t in two.choices)
    assert engine.legal_actions(0) == []
    play(engine, SCRIPT[3:4])
    (third,) = engine.legal_actions(1)
    assert set(third.choices) == {"3:0:0,0", "3:180:0,0", "3:0:1,0", "3:180:1,0",
                                  "3:90:0,0", "3:270:0,0", "3:90:0,1", "3:270:0,1"}


def test_stage_bets_are_the_small_bet_then_twice_it_with_three_raises() -> None:
    engine = new((40, 40, 40), small_bet=3)
    bet = spec(engine, 1, "bet")
    assert (bet.min_amount, bet.max_amount) == (3, 3)
    play(engine, SCRIPT[:9])
    assert engine.view(None)["phase"] == "betting2" and engine.view(None)["bet_size"] == 6
    engine.apply(1, Action("bet", amount=6))
    for seat, to in ((2, 12), (0, 18), (1, 24)):
        engine.apply(seat, Action("raise", amount=to))
    assert [s.kind for s in engine.legal_actions(2)] == ["fold", "call"]


# ---- folds ------------------------------------------------------------------------------------
def test_when_everybody_else_folds_the_bettor_wins_without_showing() -> None:
    engine = new()
    play(engine, [(1, Action("bet", amount=2)), (2, Action("fold")), (0, Action("fold"))])
    view = engine.view(None)
    assert view["phase"] == "folded" and view["finished"]
    assert [s["score"] for s in view["seats"]] == [None, None, None]
    assert engine.outcome is not None and engine.outcome.deltas == (-1, 2, -1)
    assert view["winners"] == ["B wins 5"]


def test_a_fold_in_stage_two_keeps_that_face_down_card_hidden() -> None:
    engine = new()
    play(engine, SCRIPT[:9])
    play(engine, [(1, Action("bet", amount=4)), (2, Action("fold")), (0, Action("call"))])
    view = engine.view(None)
    assert view["phase"] == "showdown"
    assert view["seats"][2]["cards"][2]["code"] == HIDDEN and view["seats"][2]["score"] is None
    assert [s["won"] for s in view["seats"]] == [11, 0, 0]  # 7 beats 5
    assert engine.outcome is not None and engine.outcome.deltas == (6, -5, -1)


# ---- refusals ---------------------------------------------------------------------------------
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    engine = new()
    before = engine.view(None)
    with pytest.raises(NotYourTurn, match="It is not your turn."):
        engine.apply(0, Action("check"))
    with pytest.raises(IllegalAction):
        engine.apply(1, Action("place", cards=("S27",), target="1:0:0,0"))
    assert engine.view(None) == before
    play(engine, SCRIPT[:3])
    with pytest.raises(IllegalAction, match="Place your card now"):
        engine.apply(1, Action("bet", amount=2))
    with pytest.raises(IllegalAction, match="You must place the card you were dealt."):
        engine.apply(1, Action("place", cards=("S01",), target="1:0:0,0"))
    with pytest.raises(IllegalAction, match="leaves 3 cells empty"):
        engine.apply(1, Action("place", cards=("S27",), target="1:0:1,0"))
    with pytest.raises(IllegalAction, match="outside every 3x3 frame"):
        engine.apply(1, Action("place", cards=("S27",), target="2:0:3,0"))
    play(engine, SCRIPT[3:])
    with pytest.raises(IllegalAction, match="This hand is over."):
        engine.apply(1, Action("check"))


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError):
        new(stacks=(20,))
    with pytest.raises(ValueError):
        new(stacks=(20,) * 7)
    with pytest.raises(ValueError):
        new(limit="pot-limit")
    with pytest.raises(ValueError):
        new(stacks=(20, 0))


# ---- timeouts and knowledge ----------------------------------------------------------------------
def test_timeouts_check_or_fold_and_place_at_the_best_expected_score() -> None:
    engine = new()
    assert engine.timeout_action(1) == Action("check")
    engine.apply(1, Action("bet", amount=2))
    assert engine.timeout_action(2) == Action("fold")
    with pytest.raises(NotYourTurn):
        engine.timeout_action(0)
    engine = new()
    play(engine, SCRIPT[:5])
    action = engine.timeout_action(2)
    best = best_placement(engine.designated, engine.layers[2], "S23", "choose", engine.unseen(2))
    assert action == Action("place", cards=("S23",), target=best.target)


def test_a_seat_knows_its_own_face_down_cards_but_not_the_others() -> None:
    engine = new()
    play(engine, SCRIPT[:6])
    assert "S52" not in engine.unseen(1) and "S52" in engine.unseen(2)
    assert "S37" not in engine.unseen(2) and "S37" in engine.unseen(1)
    assert "S27" not in engine.unseen(0)  # face up
    assert len(engine.unseen(0)) == 52 - 2 - 3 - 2


def test_same_seed_and_actions_give_the_same_hand() -> None:
    first, second = new(), new()
    play(first, SCRIPT[:7])
    play(second, SCRIPT[:7])
    assert first.view(2) == second.view(2)


# ---- random legal play ------------------------------------------------------------------------
def face_down_secrets(engine: SigmaEngine) -> set[str]:
    """Codes no public view may show: cards in hand and face-down cards not shown down."""
    secrets = {card for card in engine.in_hand if card is not None}
    for seat, layers in enumerate(engine.layers):
        if not (engine.phase == "showdown" and seat in engine.scores):
            secrets.update(layer.code for layer in layers if not layer.face_up)
    return secrets


def random_action(engine: SigmaEngine, seat: int, rng: random.Random) -> Action:
    specs = engine.legal_actions(seat)
    if rng.random() < 0.8:  # fold seldom, so that most hands reach the placements and the showdown
        specs = [s for s in specs if s.kind != "fold"]
    chosen = rng.choice(specs)
    if chosen.kind == "place":
        card = engine.in_hand[seat]
        assert card is not None
        return Action("place", cards=(card,), target=rng.choice(chosen.choices))
    if chosen.min_amount is not None and chosen.max_amount is not None:
        return Action(chosen.kind, amount=rng.randint(chosen.min_amount, chosen.max_amount))
    return Action(chosen.kind)


@settings(max_examples=150, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 40), min_size=2, max_size=6),
    limit=st.sampled_from(["fixed-limit", "no-limit"]),
    seed=st.integers(0, 2**64),
    choices=st.randoms(use_true_random=False),
)
def test_random_legal_play_ends_conserves_chips_and_leaks_nothing(
        stacks: list[int], limit: str, seed: int, choices: random.Random) -> None:
    engine = new(tuple(stacks), seed=f"{seed:064x}", dealer=choices.randrange(len(stacks)), limit=limit)
    total = sum(stacks)
    for _ in range(200):
        if engine.outcome is not None:
            break
        (seat,) = engine.to_act()
        other = (seat + 1) % len(stacks)
        with pytest.raises(NotYourTurn):
            engine.apply(other, Action("check"))
        with pytest.raises(IllegalAction):
            engine.apply(seat, Action("place", cards=("S01",), target="9:0:0,0"))
        engine.apply(seat, random_action(engine, seat, choices))
        assert sum(engine.pot.stacks) + engine.pot.total == total
        public = json.dumps(engine.view(None))
        assert not any(code in public for code in face_down_secrets(engine))
    outcome = engine.outcome
    assert outcome is not None and sum(outcome.deltas) == 0
    assert all(stack + delta >= 0 for stack, delta in zip(stacks, outcome.deltas))
    if engine.phase == "showdown":
        best = max(engine.scores.values())
        winners = {s for s, won in enumerate(engine.won) if won}
        assert winners and all(engine.scores.get(s, -1) <= best for s in winners)


# ---- computer player --------------------------------------------------------------------------
@pytest.mark.parametrize("hand", range(6))
def test_computer_players_play_legal_hands_to_the_end(hand: int) -> None:
    rng = random.Random(hand)
    n = 2 + hand % 5
    engine = new((30,) * n, seed=f"{hand + 100:064x}", dealer=hand % n,
                 limit="no-limit" if hand % 2 else "fixed-limit")
    while engine.outcome is None:
        (seat,) = engine.to_act()
        view = engine.view(seat)
        action = choose(view, engine.legal_actions(seat), rng)
        if action.kind == "place":
            values = placement_values(engine.designated, engine.layers[seat], action.cards[0],
                                      view["seats"][seat]["step"], engine.unseen(seat))
            assert dict((p.target, v) for v, p in values)[action.target] == max(v for v, _ in values)
        engine.apply(seat, action)
    assert engine.outcome is not None and sum(engine.outcome.deltas) == 0


def test_computer_player_bets_by_its_chance_to_win() -> None:
    engine = new()
    play(engine, SCRIPT[:9])
    engine.apply(1, Action("bet", amount=4))
    view, legal = engine.view(2), engine.legal_actions(2)
    kinds = {s.kind: s for s in legal}
    quiet = random.Random(1)  # its first draw is no bluff
    assert quiet.random() > 0.05
    assert _bet(view, kinds, 0.95, random.Random(1)) == Action("raise", amount=8)
    assert _bet(view, kinds, 0.0, random.Random(1)) == Action("fold")
    assert _bet(view, kinds, 0.5, random.Random(1)) == Action("call")
