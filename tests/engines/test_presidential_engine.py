"""Presidential Poker engine: a scripted deal, no opener and its carried pot, the draw, privacy,
random legal play, and the computer player."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from bot.ai.presidential import best_keep, choose
from bot.games.base import HIDDEN, Action, IllegalAction, NotYourTurn, Seat
from bot.games.presidential import PresidentialEngine
from bot.games.presidential_eval import evaluate, rank_strength
from bot.games.sixchex import DECK, shuffled_sixchex

SEED = "5eed" * 16


def engine(stacks=(50, 50, 50), settings=None, carry=None, seed=SEED) -> PresidentialEngine:
    names = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus")
    seats = [Seat(name, stack) for name, stack in zip(names, stacks)]
    return PresidentialEngine(settings or {}, seats, seed, carry or {})


def kinds(e: PresidentialEngine, seat: int) -> list[str]:
    return [spec.kind for spec in e.legal_actions(seat)]


def everyone_checks(e: PresidentialEngine) -> None:
    while e.to_act():
        e.apply(e.to_act()[0], Action("check"))


# ---- set-up --------------------------------------------------------------------------------------

@pytest.mark.parametrize("stacks, settings, carry", [
    ((50,), {}, {}),
    ((50,) * 7, {}, {}),
    ((50, 0), {}, {}),
    ((50, 50), {"limit": "spread-limit"}, {}),
    ((50, 50), {"small_bet": 4, "big_bet": 2}, {}),
    ((50, 50), {}, {"dealer": 2}),
])
def test_bad_setups_are_refused(stacks, settings, carry):
    with pytest.raises(ValueError):
        engine(stacks, settings, carry)


def test_antes_and_the_deal_one_card_at_a_time_left_of_the_dealer():
    e = engine()
    deck = shuffled_sixchex(SEED)
    # dealer 0: Bob (1), Cy (2), Ann (0) receive cards in turn
    assert e.hands[1] == deck[0:21:3] and e.hands[2] == deck[1:21:3] and e.hands[0] == deck[2:21:3]
    assert e.pot.total == 3 and e.pot.stacks == [49, 49, 49]
    assert e.to_act() == (1,) and kinds(e, 1) == ["check", "bet"]
    assert e.legal_actions(1)[1].label == "Open 2"
    assert e.legal_actions(0) == []


# ---- a scripted deal -----------------------------------------------------------------------------

def test_a_scripted_deal_with_a_known_result():
    e = engine()
    assert evaluate(e.hands[2]).describe() == (
        "Three pairs (2:2:2:1): 2× 13 + 2× turtle + 2× hollow circle")
    assert e.apply(1, Action("bet", amount=2)) == ["Bob opens 2"]
    e.apply(2, Action("call"))
    assert e.apply(0, Action("fold"))[-1].startswith("The first interval is over")
    assert e.phase == "draw" and e.to_act() == (1,)
    assert kinds(e, 1) == ["discard"] and e.legal_actions(1)[0].choices == tuple(e.hands[1])
    e.apply(1, Action("discard", cards=("C56", "C26")))
    assert e.hands[1] == ["C66", "C32", "C34", "C63", "C36", "C05", "C08"]  # the next two cards
    assert e.apply(2, Action("discard")) == [
        "Cy stands pat", "The draw is over: Bob begins the second interval."]
    e.apply(1, Action("bet", amount=4))
    lines = e.apply(2, Action("call"))
    assert lines[-1] == "Cy wins 15 with Three pairs (2:2:2:1)"
    assert e.outcome.deltas == (-1, -7, 8)
    assert e.outcome.carry == {"dealer": 1}
    view = e.view(None)
    assert view["phase"] == "showdown" and view["winners"] == ["Cy wins 15 with Three pairs (2:2:2:1)"]
    cy = view["seats"][2]
    assert cy["hand"]["rank"] == "2:2:2:1" and cy["cards"][0]["code"] == "C45"
    assert sorted(c["chosen"] for c in cy["cards"]).count("number") >= 2
    assert all(c["code"] == HIDDEN for c in view["seats"][0]["cards"])  # Ann folded: never shown


def test_the_second_interval_starts_left_of_an_opener_who_folded():
    e = engine((50, 50, 50, 50))  # order Bob, Cy, Di, Ann
    e.apply(1, Action("bet", amount=2))  # Bob opens
    e.apply(2, Action("raise", amount=4))
    e.apply(3, Action("call"))
    e.apply(0, Action("fold"))
    e.apply(1, Action("fold"))  # the opener drops out
    assert e.phase == "draw" and e.opener == 1
    e.apply(2, Action("discard"))
    e.apply(3, Action("discard"))
    assert e.phase == "betting2" and e.to_act() == (2,)  # Cy, next to Bob's left


def test_the_second_interval_starts_with_an_opener_who_is_not_left_of_the_dealer():
    """The rule: "the opener bets first in the second interval", wherever the dealer sits."""
    e = engine((50, 50, 50, 50))  # order Bob, Cy, Di, Ann
    e.apply(1, Action("check"))
    e.apply(2, Action("bet", amount=2))  # Cy opens, two seats left of the dealer
    for seat in (3, 0, 1):
        e.apply(seat, Action("call"))
    assert e.phase == "draw" and e.opener == 2 and e.to_act() == (1,), "the draw starts left of the dealer"
    for seat in (1, 2, 3):
        e.apply(seat, Action("discard"))
    assert e.apply(0, Action("discard"))[-1] == "The draw is over: Cy begins the second interval."
    assert e.phase == "betting2" and e.to_act() == (2,)


def test_a_bet_nobody_meets_wins_without_showing():
    e = engine()
    e.apply(1, Action("bet", amount=2))
    e.apply(2, Action("fold"))
    assert e.apply(0, Action("fold"))[-1] == "Bob wins 5: no one met the bet."
    assert e.outcome.deltas == (-1, 2, -1)
    assert all(c["code"] == HIDDEN for seat in e.view(None)["seats"] for c in seat["cards"])


# ---- no opener -----------------------------------------------------------------------------------

def test_no_opener_keeps_the_antes_and_the_next_dealer_deals():
    e = engine()
    everyone_checks(e)
    assert e.phase == "no-opener"
    assert e.outcome.deltas == (0, 0, 0)
    assert e.outcome.carry == {"dealer": 1, "pot": [["Ann", 1], ["Bob", 1], ["Cy", 1]]}
    assert e.outcome.summary == "Nobody opened: the 3 chips stay in the pot and Bob deals again."

    again = engine(carry=e.outcome.carry, seed="1" * 64)
    assert again.dealer == 1 and again.to_act() == (2,)
    assert again.pot.total == 6 and again.pot.stacks == [48, 48, 48] and again.carried == 3
    everyone_checks(again)
    assert again.outcome.carry["pot"] == [["Ann", 2], ["Bob", 2], ["Cy", 2]]


def test_the_carried_pot_is_won_by_the_next_deal():
    carry = {"dealer": 1, "pot": [["Ann", 2], ["Bob", 2], ["Cy", 2]]}
    e = engine(carry=carry)
    e.apply(2, Action("bet", amount=2))
    e.apply(0, Action("fold"))
    e.apply(1, Action("fold"))
    assert e.outcome.deltas == (-3, -3, 6)  # each paid 2 carried + 1 ante; Cy takes 9


def test_a_player_who_left_is_not_charged_the_carried_pot():
    carry = {"dealer": 0, "pot": [["Zed", 5], ["Ann", 1]]}
    e = engine(carry=carry)
    assert e.carried == 1 and e.pot.contributions == [2, 1, 1]


def test_all_in_from_the_antes_goes_straight_to_the_showdown():
    e = engine((1, 1, 1))
    assert e.phase == "draw"  # nobody can open: no redeal, the draw comes
    for seat in (1, 2, 0):
        e.apply(seat, Action("discard"))
    assert e.phase == "showdown" and sum(e.outcome.deltas) == 0
    assert sum(e.won) == 3


# ---- the draw --------------------------------------------------------------------------------------

def test_illegal_actions_have_clear_messages():
    e = engine()
    with pytest.raises(NotYourTurn, match="It is not your turn."):
        e.apply(0, Action("check"))
    with pytest.raises(IllegalAction, match="cannot discard during a betting round"):
        e.apply(1, Action("discard"))
    e.apply(1, Action("bet", amount=2))
    e.apply(2, Action("call"))
    e.apply(0, Action("call"))
    with pytest.raises(IllegalAction, match="time to draw"):
        e.apply(1, Action("check"))
    with pytest.raises(IllegalAction, match="must discard cards you hold"):
        e.apply(1, Action("discard", cards=(e.hands[2][0],)))
    card = e.hands[1][0]
    with pytest.raises(IllegalAction, match="same card twice"):
        e.apply(1, Action("discard", cards=(card, card)))
    assert e.timeout_action(1) == Action("discard")
    for seat in (1, 2, 0):
        e.apply(seat, Action("discard"))
    everyone_checks(e)
    with pytest.raises(IllegalAction, match="This hand is over."):
        e.apply(1, Action("check"))


def test_the_pack_runs_out_and_the_discards_are_reshuffled():
    e = engine((50,) * 6)
    for seat in e.order:
        e.apply(seat, Action("call") if "call" in kinds(e, seat) else Action("bet", amount=2))
    assert e.phase == "draw"
    for seat in list(e.drawers):
        e.apply(seat, Action("discard", cards=tuple(e.hands[seat])))
    assert e.reshuffles == 1 and "The pack is empty" in " ".join(e.log)
    held = [card for hand in e.hands for card in hand]
    assert len(set(held)) == 42
    rest = e.deck[e._next_card:] + e.out_of_play
    assert sorted(held + rest) == sorted(DECK)


def test_timeouts_check_or_fold():
    e = engine()
    assert e.timeout_action(1) == Action("check")
    e.apply(1, Action("bet", amount=2))
    assert e.timeout_action(2) == Action("fold")
    with pytest.raises(NotYourTurn):
        e.timeout_action(0)


def test_pot_limit_and_no_limit_bounds():
    e = engine(settings={"limit": "pot-limit"})
    bet = e.legal_actions(1)[1]
    assert (bet.min_amount, bet.max_amount) == (2, 3)  # the pot holds the three antes
    e = engine(settings={"limit": "no-limit"})
    bet = e.legal_actions(1)[1]
    assert (bet.min_amount, bet.max_amount) == (2, 49)
    assert e.view(None)["variant"] == "No-limit Presidential Poker"


# ---- views -----------------------------------------------------------------------------------------

def test_views_show_a_seat_its_own_cards_with_symbols_and_best_hand():
    e = engine()
    mine = e.view(2)
    me = mine["seats"][2]
    assert [c["code"] for c in me["cards"]] == e.hands[2]
    assert me["cards"][0] == {
        "code": "C45", "kingdom": "III", "chosen": me["cards"][0]["chosen"],
        "symbols": {"number": "13", "colour": "tan", "letter": "A", "picture": "owl",
                    "figure": "solid-diamond", "mystery": "anchor"},
    }
    assert me["hand"]["name"] == "Three pairs"
    assert all(c["chosen"] is not None for c in me["cards"])
    for other in (0, 1):
        assert all(c == {"code": HIDDEN, "symbols": None, "kingdom": None, "chosen": None}
                   for c in mine["seats"][other]["cards"])
        assert mine["seats"][other]["hand"] is None
    public = e.view(None)
    assert all(c["code"] == HIDDEN for s in public["seats"] for c in s["cards"])
    assert public["categories"] == ["number", "colour", "letter", "picture", "figure", "mystery"]
    json.dumps(public)


# ---- random legal play -----------------------------------------------------------------------------

def random_action(e: PresidentialEngine, seat: int, rng: random.Random) -> Action:
    """Any legal action, folding seldom so that most deals reach the draw and the showdown."""
    specs = e.legal_actions(seat)
    keep_playing = [spec for spec in specs if spec.kind != "fold"]
    spec = rng.choice(keep_playing if rng.random() < 0.85 else specs)
    if spec.kind == "discard":
        return Action("discard", cards=tuple(rng.sample(spec.choices, rng.randint(0, 7))))
    if spec.min_amount is not None:
        return Action(spec.kind, amount=rng.randint(spec.min_amount, spec.max_amount))
    return Action(spec.kind)


def assert_private(e: PresidentialEngine) -> None:
    for viewer in [None, *range(len(e.seats))]:
        view = e.view(viewer)
        for s, seat in enumerate(view["seats"]):
            shown = s == viewer or (e.phase == "showdown" and not e.pot.folded[s])
            codes = [c["code"] for c in seat["cards"]]
            assert codes == (e.hands[s] if shown else [HIDDEN] * 7)
            assert (seat["hand"] is not None) == shown


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2 ** 64), players=st.integers(2, 6),
       limit=st.sampled_from(["fixed-limit", "pot-limit", "no-limit"]),
       stacks=st.lists(st.integers(1, 40), min_size=6, max_size=6))
def test_random_legal_play(seed, players, limit, stacks):
    rng = random.Random(seed)
    e = engine(stacks[:players], {"limit": limit}, {"dealer": seed % players}, seed=f"{seed:064x}")
    total = sum(stacks[:players])
    for _ in range(300):
        if e.outcome is not None:
            break
        (seat,) = e.to_act()
        other = (seat + 1) % players
        with pytest.raises(NotYourTurn):
            e.apply(other, Action("check"))
        with pytest.raises(IllegalAction):
            e.apply(seat, Action("discard", cards=("C99",)) if e.phase == "draw" else Action("pass"))
        e.apply(seat, random_action(e, seat, rng))
        assert sum(e.pot.stacks) + e.pot.total == total  # awards go back into the stacks
        held = [card for s, hand in enumerate(e.hands) for card in hand]
        assert len(set(held)) == len(held) == 7 * players
        assert_private(e)
        json.dumps(e.view(None))
    outcome = e.outcome
    assert outcome is not None
    assert sum(outcome.deltas) == 0
    assert all(stacks[s] + d >= 0 for s, d in enumerate(outcome.deltas))
    if e.phase == "no-opener":
        assert set(outcome.deltas) == {0} and outcome.carry["pot"]


# ---- the computer player ---------------------------------------------------------------------------

def test_the_computer_player_keeps_four_identical_symbols():
    # Four 7s and three cards unrelated to them: keep the 7s and draw toward more.
    hand = ["C07", "C23", "C39", "C55", "C02", "C03", "C04"]
    keep, samples = best_keep(hand, random.Random(1))
    assert {"C07", "C23", "C39", "C55"} <= set(keep)
    assert sum(samples) / len(samples) >= rank_strength(hand)


def test_the_computer_player_stands_pat_on_a_great_hand():
    hand = "C04 C17 C20 C23 C25 C36 C52".split()  # Four-of-a-kind-and-a-triple
    keep, _ = best_keep(hand, random.Random(2))
    assert sorted(keep) == sorted(hand)


def test_the_computer_players_play_legal_deals_to_the_end():
    rng = random.Random(5)
    carry: dict = {}
    phases = []
    for deal in range(4):
        e = engine((30, 30, 30), carry=carry, seed=f"{deal + 1:064x}")
        while e.outcome is None:
            (seat,) = e.to_act()
            action = choose(e.view(seat), e.legal_actions(seat), rng)
            assert action.kind in kinds(e, seat)
            e.apply(seat, action)
        assert sum(e.outcome.deltas) == 0
        phases.append(e.phase)
        carry = e.outcome.carry
    assert "showdown" in phases, phases
