"""2-7 triple draw and 2-7 single draw (``bot/games/lowball.py``): the rules as the room deals them."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import lowball as robot
from bot.games.base import HIDDEN, Action, ActionSpec, IllegalAction, NotYourTurn, Seat
from bot.games.draw import DrawHand
from bot.games.lowball import SingleDrawEngine, TripleDrawEngine
from bot.games.phh import RoomHandHistory
from bot.games.poker_view import PokerView
from tests.engines.test_engine_views import shape_errors

SEED = "ab" * 32
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def triple(n: int, stack: int = 1000, dealer: int = 0, **table: object) -> TripleDrawEngine:
    return TripleDrawEngine(table, [Seat(name, stack) for name in NAMES[:n]], SEED, {"dealer": dealer})


def call_round(e: DrawHand) -> None:
    while e.outcome is None and e.state.actor_index is not None:
        (seat,) = e.to_act()
        kinds = [spec.kind for spec in e.legal_actions(seat)]
        e.apply(seat, Action("check" if "check" in kinds else "call"))


def stand_pat_round(e: DrawHand) -> None:
    while e.outcome is None and e.state.stand_patter_or_discarder_index is not None:
        (seat,) = e.to_act()
        e.apply(seat, Action("stand_pat"))


def raise_spec(e: DrawHand) -> ActionSpec:
    (seat,) = e.to_act()
    return next(spec for spec in e.legal_actions(seat) if spec.kind == "raise")


def test_three_draws_small_bets_then_big_bets_and_the_streets_named() -> None:
    e = triple(3, dealer=2)
    view = e.view(None)
    assert (view["variant"], view["stakes"], view["street"], view["draws_left"]) == (
        "2-7 triple draw", "Limits 10/20", "pre-draw", 3)
    assert e.to_act() == (2,)  # left of the big blind
    assert (raise_spec(e).min_amount, raise_spec(e).max_amount) == (20, 20)
    streets = [e.view(None)["street"]]
    call_round(e)
    for expected_bet in (10, 20, 20):  # the small bet after the first draw, the big bet after the others
        assert e.view(None)["street"] == "draw"
        stand_pat_round(e)
        streets.append(e.view(None)["street"])
        assert e.to_act() == (0,)  # the first player left of the button
        spec = raise_spec(e)
        assert (spec.label, spec.min_amount, spec.max_amount) == (f"Bet {expected_bet}", expected_bet, expected_bet)
        call_round(e)
    assert streets == ["pre-draw", "first draw", "second draw", "third draw"]
    assert e.finished and e.view(None)["street"] == "showdown"


def test_the_stakes_name_a_small_blind_other_than_half_the_small_bet() -> None:
    assert triple(3, small_blind=3).view(None)["stakes"] == "Limits 10/20, small blind 3"


def test_a_bet_and_three_raises_a_round_the_big_blind_being_the_first_rounds_bet() -> None:
    e = triple(4, dealer=3)
    for to in (20, 30, 40):
        (seat,) = e.to_act()
        e.apply(seat, Action("raise", to))
    (seat,) = e.to_act()
    assert "raise" not in {spec.kind for spec in e.legal_actions(seat)}
    with pytest.raises(IllegalAction):
        e.apply(seat, Action("raise", 50))
    call_round(e)
    stand_pat_round(e)
    for to in (10, 20, 30, 40):
        (seat,) = e.to_act()
        e.apply(seat, Action("raise", to))
    (seat,) = e.to_act()
    assert "raise" not in {spec.kind for spec in e.legal_actions(seat)}


def test_the_player_sees_their_own_low_named_and_nobody_elses() -> None:
    e = triple(3)
    (seat,) = e.to_act()
    assert all(shape_errors(e.view(viewer), PokerView) == [] for viewer in (None, 0, 1, 2))
    own = e.view(seat)["seats"]
    name = own[seat]["hand_name"]
    assert name and (name.endswith(" low") or name.startswith(("number", "Pair", "Two pair", "Three", "Straight", "Flush", "Full", "Four")))
    assert all(s["hand_name"] == "" for i, s in enumerate(own) if i != seat)
    assert all(s["hand_name"] == "" for s in e.view(None)["seats"])
    assert all(c == HIDDEN for i, s in enumerate(own) if i != seat for c in s["cards"])


def test_the_deck_refills_from_earlier_draws_and_never_gives_a_player_their_own_discards() -> None:
    # Six players, 30 cards dealt: three rounds of five-card draws empty the stub twice or more.
    e = triple(6, stack=10_000, dealer=5)
    thrown: dict[int, set[str]] = {s: set() for s in range(6)}
    for _ in range(3):
        call_round(e)
        before = {s: list(e.view(s)["seats"][s]["cards"]) for s in range(6)}
        while e.state.stand_patter_or_discarder_index is not None:
            (seat,) = e.to_act()
            e.apply(seat, Action("discard", cards=tuple(before[seat])))
        for seat in range(6):
            now = set(e.view(seat)["seats"][seat]["cards"])
            assert len(now) == 5 and not now & set(before[seat])  # never this draw's own discards back
            thrown[seat] |= set(before[seat])
        cards = [c for s in range(6) for c in e.view(s)["seats"][s]["cards"]]
        assert len(cards) == len(set(cards)) == 30
    assert sum(line.startswith("The deck ran out") for line in e.log) >= 2
    call_round(e)
    assert e.finished


def test_single_draw_is_no_limit_with_the_big_blinds_ante() -> None:
    table = {"small_blind": 50, "big_blind": 100, "ante": 100, "ante_kind": "big blind"}
    e = SingleDrawEngine(table, [Seat(n, 5000) for n in NAMES[:4]], SEED, {"dealer": 3})
    view = e.view(None)
    assert (view["variant"], view["stakes"], view["draws_left"]) == ("2-7 single draw", "Blinds 50/100, BB ante 100", 1)
    assert [s["stack"] + s["bet"] for s in view["seats"]] == [5000, 4900, 5000, 5000]  # the big blind's ante is dead money
    assert sum(p["amount"] for p in view["pots"]) == 100
    spec = raise_spec(e)
    assert (spec.min_amount, spec.max_amount) == (200, 5000)
    call_round(e)
    assert e.view(None)["street"] == "draw"
    stand_pat_round(e)
    assert e.view(None)["street"] == "post-draw"
    call_round(e)
    assert e.finished
    history = RoomHandHistory.loads(e.phh())
    assert history.variant == "N2L1D" and history.antes == [0, 100, 0, 0]
    assert list(history)[-1].stacks == [e.view(None)["seats"][e._seat_of(p)]["stack"] for p in range(4)]


def test_the_showdown_names_the_lows_as_players_say_them(monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.games.draw as draw
    from bot.games.cards import DECK
    hands = ["7h5c4d3s2c", "7d6c4h3c2d"]  # number 1 against number 2: Ann is the button (dealer 0)
    order = [1, 0]
    deck = [hands[s][2 * k:2 * k + 2] for k in range(5) for s in order]
    deck += [c for c in DECK if c not in deck]
    monkeypatch.setattr(draw, "shuffled_deck", lambda seed: list(deck))
    e = triple(2)
    for _ in range(4):
        call_round(e)
        stand_pat_round(e)
    assert "Ann wins 20 with number 1 (7-5-4-3-2)" in e.log
    assert any(line.startswith("Bob shows") and line.endswith("(number 2 (7-6-4-3-2))") for line in e.log)


def test_tables_hold_two_to_six() -> None:
    with pytest.raises(ValueError):
        triple(7)
    with pytest.raises(ValueError):
        SingleDrawEngine({}, [Seat(n, 100) for n in NAMES[:7]], SEED, {})


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**64), game=st.sampled_from([TripleDrawEngine, SingleDrawEngine]),
       stacks=st.lists(st.integers(15, 400), min_size=6, max_size=6))
def test_random_play_conserves_chips_and_cards(players: int, seed: int, game: type[DrawHand], stacks: list[int]) -> None:
    rng = random.Random(seed)
    e = game({}, [Seat(NAMES[i], stacks[i]) for i in range(players)], f"{seed:064x}", {"dealer": seed % players})
    for _ in range(600):
        if e.outcome is not None:
            break
        (seat,) = e.to_act()
        with pytest.raises(NotYourTurn):
            e.apply((seat + 1) % players, Action("check"))
        assert all(c == HIDDEN for s in e.view(None)["seats"] for c in s["cards"])
        spec = rng.choice(e.legal_actions(seat))
        if spec.choices:
            action = Action(spec.kind, cards=tuple(rng.sample(spec.choices, rng.randint(0, 5))))
        elif spec.min_amount is not None and spec.max_amount is not None:
            action = Action(spec.kind, rng.randint(spec.min_amount, spec.max_amount))
        else:
            action = Action(spec.kind)
        e.apply(seat, action)
        cards = [c for s in range(players) for c in e.view(s)["seats"][s]["cards"]]
        assert len(cards) == len(set(cards))
    assert e.outcome is not None and sum(e.outcome.deltas) == 0
    assert list(RoomHandHistory.loads(e.phh()))[-1].stacks == [e.view(None)["seats"][e._seat_of(p)]["stack"] for p in range(players)]


# -- the computer player --------------------------------------------------------------------------


@pytest.mark.parametrize("hand, left, triple_draw, discards", [
    ("7h5c4d3s2c", 3, True, ""),          # number 1 stands pat
    ("8h6c4d3s2c", 3, True, ""),          # an 8 low stands pat with three draws to come
    ("9h6c4d3s2c", 3, True, "9h"),        # a 9 low draws to a 7 or better early
    ("9h6c4d3s2c", 2, True, ""),          # and stands pat later
    ("KhKc4d3s2c", 3, True, "KhKc"),      # keeps the three low cards
    ("8h8c7d3s2c", 3, True, "8h8c"),      # no 8 kept while two draws or more remain
    ("8h8c7d3s2c", 1, True, "8c"),        # one 8 kept on the last draw
    ("7h6c5d4s3c", 2, True, "7h"),        # a straight breaks at its top
    ("9h6c4d3s2c", 1, False, ""),         # single draw: a made 9 stands pat
    ("Th6c4d3s2c", 1, False, "Th"),
])
def test_the_robot_draws_to_a_seven_or_better(hand: str, left: int, triple_draw: bool, discards: str) -> None:
    cards = [hand[i:i + 2] for i in range(0, 10, 2)]
    assert "".join(robot.choose_discards(cards, left, triple_draw)) == discards


@pytest.mark.parametrize("game", [TripleDrawEngine, SingleDrawEngine])
def test_robots_play_whole_hands(game: type[DrawHand]) -> None:
    rng = random.Random(3)
    for hand in range(5):
        e = game({}, [Seat(n, 500) for n in NAMES[:4]], f"{hand:064x}", {"dealer": hand % 4})
        while e.outcome is None:
            (seat,) = e.to_act()
            e.apply(seat, robot.choose(e.view(seat), e.legal_actions(seat), rng))
        assert sum(e.outcome.deltas) == 0
