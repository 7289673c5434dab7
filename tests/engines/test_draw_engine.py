"""The five-card draw engine: known draws, the reshuffle of discards, blinds or antes, random play."""
from __future__ import annotations

import random
from typing import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bot.games.draw as draw
from bot.ai.draw import choose, choose_discards
from bot.games.base import HIDDEN, Action, IllegalAction, NotYourTurn, Seat
from bot.games.cards import DECK, shuffled
from bot.games.draw import DrawEngine, derived_seed
from bot.games.phh import RoomHandHistory

SEED = "ef" * 32
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def rig(monkeypatch: pytest.MonkeyPatch, hands: Sequence[str], burn: str, stub: str,
        dealer: int = 0) -> None:
    """Deal ``hands[seat]`` one card at a time from left of the button; then ``burn`` and ``stub``."""
    n = len(hands)
    order = [(dealer + 1 + i) % n for i in range(n)]
    cards = [[h[i:i + 2] for i in range(0, 10, 2)] for h in hands]
    deck = [cards[s][k] for k in range(5) for s in order] + [burn]
    deck += [stub[i:i + 2] for i in range(0, len(stub), 2)]
    deck += [c for c in DECK if c not in deck]
    assert sorted(deck) == sorted(DECK)
    monkeypatch.setattr(draw, "shuffled_deck", lambda seed: list(deck))


def engine(n: int, stack: int = 1000, dealer: int = 0, **settings: object) -> DrawEngine:
    return DrawEngine(settings, [Seat(name, stack) for name in NAMES[:n]], SEED, {"dealer": dealer})


def call_round(e: DrawEngine) -> None:
    """Everyone calls or checks until the betting round ends."""
    while e.outcome is None and e.state.actor_index is not None:
        (seat,) = e.to_act()
        kinds = [spec.kind for spec in e.legal_actions(seat)]
        e.apply(seat, Action("check" if "check" in kinds else "call"))


def all_cards(e: DrawEngine) -> list[str]:
    return [c for s in range(len(e.seats)) for c in e.view(s)["seats"][s]["cards"]]


def test_known_draw_replaces_the_discards_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    # Dealer Ann: Bob draws first, then Cat, then Ann. The burn is 2c; then 9s 9d 3c KsKd...
    rig(monkeypatch, ["AhAdKcQs7h", "9h9cJd8s2s", "5h6h7c8h4d"], burn="2c", stub="9s9d3cKsKd")
    e = engine(3)
    call_round(e)
    assert e.view(None)["street"] == "draw" and e.to_act() == (1,)
    specs = e.legal_actions(1)
    assert [(s.kind, s.choices, s.min_choices, s.max_choices) for s in specs] == [
        ("discard", ("9h", "9c", "Jd", "8s", "2s"), 0, 5), ("stand_pat", (), 0, 0)]
    with pytest.raises(IllegalAction, match="cards you hold"):
        e.apply(1, Action("discard", cards=("Ah",)))
    with pytest.raises(IllegalAction, match="only once"):
        e.apply(1, Action("discard", cards=("2s", "2s")))
    with pytest.raises(IllegalAction, match="time to draw"):
        e.apply(1, Action("check"))
    assert e.apply(1, Action("discard", cards=("Jd", "8s", "2s"))) == ["Bob draws 3"]
    assert e.apply(2, Action("discard", cards=("4d",))) == ["Cat draws 1"]
    e.apply(0, Action("stand_pat"))
    assert e.view(1)["seats"][1]["cards"] == ["9h", "9c", "9s", "9d", "3c"]
    assert e.view(2)["seats"][2]["cards"] == ["5h", "6h", "7c", "8h", "Ks"]
    public = e.view(None)
    assert public["street"] == "after the draw"
    assert [s["drew"] for s in public["seats"]] == [0, 3, 1]
    assert [s["last_action"] for s in public["seats"]] == ["stands pat", "draws 3", "draws 1"]
    assert all(c == HIDDEN for s in public["seats"] for c in s["cards"])
    call_round(e)
    assert e.outcome is not None
    assert e.view(None)["winners"] == ["Bob wins 30 with Four of a kind, Nines"]
    assert e.outcome.deltas == (-10, 20, -10)


def test_discard_with_no_cards_stands_pat_and_betting_waits_for_the_draw() -> None:
    e = engine(2)
    (seat,) = e.to_act()
    with pytest.raises(IllegalAction, match="draw comes after"):
        e.apply(seat, Action("discard", cards=()))
    call_round(e)
    (seat,) = e.to_act()
    hand = e.view(seat)["seats"][seat]["cards"]
    assert e.apply(seat, Action("discard")) == [f"{NAMES[seat]} stands pat"]
    assert e.view(seat)["seats"][seat]["cards"] == hand


def test_the_deck_runs_out_and_earlier_discards_are_reshuffled() -> None:
    # 8 players x 5 cards and a burn leave 11. Ann, Bob and Cat (left of the button) each draw
    # five: Cat takes the last card, then the burn and Ann's and Bob's discards are shuffled.
    e = engine(8, dealer=7)
    deck = list(draw.shuffled_deck(SEED))
    call_round(e)
    hands = {s: list(e.view(s)["seats"][s]["cards"]) for s in range(8)}
    for seat in (0, 1, 2):
        assert e.to_act() == (seat,)
        e.apply(seat, Action("discard", cards=tuple(hands[seat])))
    for seat in range(3, 8):
        e.apply(seat, Action("stand_pat"))
    assert any(line.startswith("The deck ran out: 11 discards") for line in e.log)
    stub = deck[41:]
    assert e.view(0)["seats"][0]["cards"] == stub[:5]
    assert e.view(1)["seats"][1]["cards"] == stub[5:10]
    pile = shuffled(derived_seed(SEED, "reshuffle-1"), [deck[40]] + hands[0] + hands[1])
    assert e.view(2)["seats"][2]["cards"] == [stub[10]] + pile[:4]
    assert not set(e.view(2)["seats"][2]["cards"]) & set(hands[2])  # never your own discards
    cards = all_cards(e)
    assert len(cards) == len(set(cards)) == 40


def test_antes_only_first_to_act_is_left_of_the_button() -> None:
    e = engine(3, dealer=1, forced="antes", ante=5, limit="fixed-limit")
    assert e.log[0] == "Each player antes 5"
    assert e.to_act() == (2,)
    assert [s.kind for s in e.legal_actions(2)] == ["check", "raise"]
    bet = e.legal_actions(2)[1]
    assert (bet.label, bet.min_amount, bet.max_amount) == ("Bet 10", 10, 10)
    assert e.view(None)["stakes"] == "Ante 5, bet 10"
    call_round(e)
    for _ in range(3):
        (seat,) = e.to_act()
        e.apply(seat, Action("stand_pat"))
    (seat,) = e.to_act()
    assert seat == 2
    bet = next(s for s in e.legal_actions(seat) if s.kind == "raise")
    assert (bet.min_amount, bet.max_amount) == (20, 20)  # the big bet after the draw


def test_settings_are_checked() -> None:
    with pytest.raises(ValueError):
        engine(3, forced="antes")
    with pytest.raises(ValueError):
        engine(3, limit="spread")
    with pytest.raises(ValueError):
        DrawEngine({}, [Seat(f"P{i}", 100) for i in range(9)], SEED, {})


def test_phh_names_the_game_and_records_the_draw() -> None:
    e = engine(3)
    call_round(e)
    (seat,) = e.to_act()
    e.apply(seat, Action("discard", cards=tuple(e.view(seat)["seats"][seat]["cards"][:2])))
    while e.outcome is None:
        (seat,) = e.to_act()
        kinds = [s.kind for s in e.legal_actions(seat)]
        e.apply(seat, Action("stand_pat" if "stand_pat" in kinds else "check" if "check" in kinds else "call"))
    text = e.phh()
    history = RoomHandHistory.loads(text)
    assert history.variant == "N1D" and text.startswith("# variant 'N1D' is no-limit five-card draw, high")
    assert any(" sd " in a for a in history.actions)
    *_, final = iter(history)
    assert list(final.stacks) == list(e.state.stacks)


@settings(max_examples=100, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**64), dealer=st.integers(0, 7),
       limit=st.sampled_from(["no-limit", "pot-limit", "fixed-limit"]), antes=st.booleans(),
       stacks=st.lists(st.integers(15, 300), min_size=8, max_size=8))
def test_random_play_ends_with_chips_and_cards_conserved(players: int, seed: int, dealer: int, limit: str,
                                                           antes: bool, stacks: list[int]) -> None:
    rng = random.Random(seed)
    settings_ = {"limit": limit, "forced": "antes" if antes else "blinds", "ante": 2 if antes else 0}
    e = DrawEngine(settings_, [Seat(NAMES[i], stacks[i]) for i in range(players)], f"{seed:064x}",
                   {"dealer": dealer % players})
    for _ in range(400):
        if e.outcome is None:
            (seat,) = e.to_act()
            with pytest.raises(NotYourTurn):
                e.apply((seat + 1) % players, Action("check"))
            assert all(c == HIDDEN for s in e.view(None)["seats"] for c in s["cards"])
            spec = rng.choice(e.legal_actions(seat))
            if spec.choices:
                action = Action(spec.kind, cards=tuple(rng.sample(spec.choices, rng.randint(0, 5))))
            elif spec.min_amount is not None:
                action = Action(spec.kind, rng.randint(spec.min_amount, spec.max_amount))
            else:
                action = Action(spec.kind)
            e.apply(seat, action)
            cards = all_cards(e)
            assert len(cards) == len(set(cards))
    assert e.outcome is not None
    assert sum(e.outcome.deltas) == 0
    assert sum(s["stack"] for s in e.view(None)["seats"]) == sum(stacks[:players])
    with pytest.raises(IllegalAction):
        e.apply(0, Action("check"))


# -- the computer player --------------------------------------------------------------------------


@pytest.mark.parametrize("hand, discards", [
    (["As", "Ks", "Qs", "Js", "9s"], []),                 # a flush stands pat
    (["9h", "9c", "Jd", "8s", "2s"], ["Jd", "8s", "2s"]),  # keep the pair
    (["9h", "9c", "Jd", "Js", "2s"], ["2s"]),              # keep two pair
    (["Ah", "Kh", "7h", "2h", "9c"], ["9c"]),              # draw to the flush
    (["8c", "9d", "Th", "Js", "2c"], ["2c"]),              # draw to the open-ended straight
    (["Ac", "9d", "5h", "Js", "2c"], ["Js", "9d", "5h", "2c"]),  # keep the ace
    (["Qc", "9d", "5h", "Js", "2c"], ["9d", "5h", "2c"]),  # keep the two highest
])
def test_computer_player_keeps_what_draw_players_keep(hand: list[str], discards: list[str]) -> None:
    assert sorted(choose_discards(hand)) == sorted(discards)


def test_computer_player_draws_and_bets_through_a_hand() -> None:
    e = engine(4)
    rng = random.Random(5)
    while e.outcome is None:
        (seat,) = e.to_act()
        view = e.view(seat)
        action = choose(view, e.legal_actions(seat), rng)
        if view["street"] == "draw":
            assert set(action.cards) <= set(view["seats"][seat]["cards"])
        e.apply(seat, action)
    assert sum(e.outcome.deltas) == 0
