"""The hold'em engine: scripted hands with known decks, each betting structure, and random play."""
from __future__ import annotations

import random
from typing import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import BettingStructure, HandHistory, StandardHighHand

import bot.games.holdem as holdem
from bot.games.base import HIDDEN, Action, ActionSpec, IllegalAction, NotYourTurn, Seat
from bot.games.cards import DECK
from bot.games.high_hands import FastHighHand, hand_name
from bot.games.holdem import HoldemEngine
from bot.games.phh import RoomHandHistory

SEED = "ab" * 32


def rig(monkeypatch: pytest.MonkeyPatch, holes: Sequence[str], board: str, dealer: int = 0) -> None:
    """Make the next engine deal ``holes[seat]`` ("AsKd") to each seat and ``board`` (5 cards).

    Cards go out one at a time starting left of the button, then a burn before each board street.
    """
    n = len(holes)
    order = [(dealer + 1 + i) % n for i in range(n)]
    dealt = [holes[seat][:2] for seat in order] + [holes[seat][2:] for seat in order]
    b = [board[i:i + 2] for i in range(0, 10, 2)]
    rest = [c for c in DECK if c not in dealt + b]
    deck = dealt + [rest.pop()] + b[:3] + [rest.pop(), b[3], rest.pop(), b[4]] + rest
    assert sorted(deck) == sorted(DECK)
    monkeypatch.setattr(holdem, "shuffled_deck", lambda seed: list(deck))


def engine(stacks: Sequence[int], dealer: int = 0, **settings: object) -> HoldemEngine:
    seats = [Seat(name, stack) for name, stack in zip(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"], stacks)]
    return HoldemEngine(settings, seats, SEED, {"dealer": dealer})


def act(e: HoldemEngine, *moves: str) -> list[str]:
    """Apply moves for whoever is to act: "call", "check", "fold", "raise 40"."""
    lines: list[str] = []
    for move in moves:
        kind, _, amount = move.partition(" ")
        (seat,) = e.to_act()
        lines += e.apply(seat, Action(kind, int(amount) if amount else None))
    return lines


def check_down(e: HoldemEngine) -> None:
    while e.outcome is None:
        (seat,) = e.to_act()
        kinds = {spec.kind for spec in e.legal_actions(seat)}
        e.apply(seat, Action("check" if "check" in kinds else "call"))


def raise_spec(e: HoldemEngine) -> ActionSpec:
    (seat,) = e.to_act()
    return next(s for s in e.legal_actions(seat) if s.kind == "raise")


# -- known hands ---------------------------------------------------------------------------------


def test_best_hand_wins_and_only_shown_hands_are_public(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["7c2d", "AhKh", "QsQd"], "Qh9h3h2c8s")
    e = engine([1000, 1000, 1000])
    check_down(e)
    assert e.outcome is not None
    assert e.outcome.deltas == (-10, 20, -10)
    assert e.outcome.summary == "Bob wins 30 with Flush, Ace high"
    public = e.view(None)
    assert public["finished"] and public["street"] == "showdown"
    assert public["board"] == ["Qh", "9h", "3h", "2c", "8s"]
    shown = {s["name"]: (s["cards"], s["hand_name"]) for s in public["seats"]}
    # Bob, first to show as nobody bet the river, shows; the others cannot beat him and muck.
    assert shown["Bob"] == (["Ah", "Kh"], "Flush, Ace high")
    assert shown["Cat"] == shown["Ann"] == ([HIDDEN, HIDDEN], "")
    assert "Cat mucks" in public["log"]
    assert public["winners"] == ["Bob wins 30 with Flush, Ace high"]
    assert public["seats"][1]["won"] == 30
    assert e.view(0)["seats"][0]["cards"] == ["7c", "2d"]


def test_split_pot_odd_chip_goes_left_of_the_button(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["2c3d", "4h5h", "2d3c"], "AsKdQhJcTc")  # the board plays for everyone
    e = engine([1000, 1000, 1000])
    act(e, "call", "fold", "check")  # Ann calls, Bob folds his small blind, Cat checks: pot 25
    check_down(e)
    assert e.outcome is not None
    # Cat (seat 2) sits before Ann (seat 0, the button) going left from the button: 13 and 12.
    assert [s["won"] for s in e.view(None)["seats"]] == [12, 0, 13]
    assert e.outcome.deltas == (2, -5, 3)


def test_all_in_side_pot_among_three_stacks(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["AsAd", "KsKd", "QsQd"], "2c7h9dJc3s")
    e = engine([100, 300, 500])
    lines = act(e, "raise 100", "raise 300", "call")
    assert lines[0] == "Ann raises to 100 and is all in"
    assert lines[1] == "Bob raises to 300 and is all in"
    assert e.outcome is not None
    assert e.outcome.deltas == (200, 100, -300)
    view = e.view(None)
    assert [p["amount"] for p in view["pots"]] == [300, 400]
    assert [s["stack"] for s in view["seats"]] == [300, 400, 200]
    assert view["winners"] == ["Ann wins 300 with Pair of Aces", "Bob wins 400 with Pair of Kings"]


def test_uncalled_bet_comes_back_and_hands_stay_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["AsAd", "KsKd", "QsQd"], "2c7h9dJc3s")
    e = engine([1000, 1000, 1000])
    lines = act(e, "raise 300", "fold", "fold")
    assert lines[-1] == "Ann wins 15"  # her own bet went back to her uncalled
    assert e.outcome is not None and e.outcome.deltas == (15, -5, -10)
    view = e.view(None)
    assert view["street"] == "preflop"
    assert all(c == HIDDEN for s in view["seats"] for c in s["cards"])


# -- positions -----------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1])
def test_heads_up_dealer_posts_small_blind_and_acts_first_preflop_only(dealer: int) -> None:
    e = engine([1000, 1000], dealer=dealer)
    other = 1 - dealer
    view = e.view(None)
    assert view["seats"][dealer]["bet"] == 5 and view["seats"][other]["bet"] == 10
    assert view["seats"][dealer]["is_dealer"]
    names = [s["name"] for s in view["seats"]]
    assert view["seats"][dealer]["last_action"] == "posts the small blind of 5"
    assert view["seats"][other]["last_action"] == "posts the big blind of 10"
    assert f"{names[dealer]} posts the small blind of 5" in view["log"]
    assert f"{names[other]} posts the big blind of 10" in view["log"]
    assert e.to_act() == (dealer,)
    act(e, "call", "check")
    assert e.view(None)["street"] == "flop"
    assert e.to_act() == (other,)


@pytest.mark.parametrize("dealer", range(6))
def test_blinds_and_first_actor_follow_the_button(dealer: int) -> None:
    e = engine([1000] * 6, dealer=dealer)
    bets = [s["bet"] for s in e.view(None)["seats"]]
    assert bets[(dealer + 1) % 6] == 5 and bets[(dealer + 2) % 6] == 10 and sum(bets) == 15
    assert e.to_act() == ((dealer + 3) % 6,)
    for _ in range(5):  # everyone folds round to the big blind
        act(e, "fold")
    assert e.outcome is not None and e.outcome.deltas[(dealer + 2) % 6] == 5


# -- betting structures --------------------------------------------------------------------------


def test_no_limit_min_raise_is_enforced() -> None:
    e = engine([1000, 1000, 1000])
    spec = raise_spec(e)
    assert (spec.label, spec.min_amount, spec.max_amount) == ("Raise", 20, 1000)
    act(e, "raise 30")
    assert raise_spec(e).min_amount == 50
    with pytest.raises(IllegalAction, match="from 50 to 1000"):
        act(e, "raise 40")
    act(e, "raise 50", "call", "call")
    assert e.view(None)["street"] == "flop"
    spec = raise_spec(e)
    assert (spec.label, spec.min_amount) == ("Bet", 10)


def test_pot_limit_maximum_is_the_pot_after_calling() -> None:
    e = engine([1000, 1000, 1000], limit="pot-limit")
    spec = raise_spec(e)
    assert (spec.min_amount, spec.max_amount) == (20, 35)
    assert dict(spec.presets) == {"Min": 20, "Half pot": 22, "Pot": 35}
    with pytest.raises(IllegalAction, match="from 20 to 35"):
        act(e, "raise 36")
    act(e, "raise 35")
    assert raise_spec(e).max_amount == 115  # 35 + (50 in the pot + 30 to call)


def test_fixed_limit_bet_sizes_and_raise_cap() -> None:
    e = engine([1000, 1000, 1000], limit="fixed-limit")
    spec = raise_spec(e)
    assert (spec.min_amount, spec.max_amount, spec.presets) == (20, 20, (("Min", 20),))
    with pytest.raises(IllegalAction, match="exactly 20"):
        act(e, "raise 30")
    act(e, "raise 20", "raise 30", "raise 40")  # big blind + three raises: capped
    kinds = [s.kind for s in e.legal_actions(e.to_act()[0])]
    assert kinds == ["fold", "call"]
    act(e, "call", "call")
    assert raise_spec(e).min_amount == 10  # flop: small bet
    act(e, "raise 10", "raise 20", "raise 30", "raise 40")  # bet + three raises: capped
    assert "raise" not in [s.kind for s in e.legal_actions(e.to_act()[0])]
    act(e, "call", "call")
    assert e.view(None)["street"] == "turn"
    assert raise_spec(e).min_amount == 20  # turn: big bet


def test_presets_are_clamped_to_an_all_in_and_deduplicated() -> None:
    e = engine([1000, 30, 1000])
    act(e, "raise 25")  # Bob, small blind with 30, can only go all in for 30
    spec = raise_spec(e)
    assert (spec.min_amount, spec.max_amount) == (30, 30)
    assert spec.presets == (("Min", 30),)


# -- refusals ------------------------------------------------------------------------------------


def test_illegal_actions_are_refused_with_a_sentence() -> None:
    e = engine([1000, 1000, 1000])
    with pytest.raises(NotYourTurn, match="It is not your turn."):
        e.apply(1, Action("call"))
    assert e.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="costs 10 to call"):
        e.apply(0, Action("check"))
    with pytest.raises(IllegalAction, match="from 20 to 1000"):
        e.apply(0, Action("raise"))
    with pytest.raises(IllegalAction, match="You cannot draw now: fold, check, call or raise"):
        e.apply(0, Action("draw"))
    act(e, "call", "call")
    with pytest.raises(IllegalAction, match="check instead"):
        e.apply(2, Action("fold"))
    with pytest.raises(IllegalAction, match="nothing to call"):
        e.apply(2, Action("call"))
    act(e, "raise 500", "fold", "fold")
    with pytest.raises(IllegalAction, match="over"):
        e.apply(0, Action("check"))


def test_timeout_checks_when_free_and_folds_otherwise() -> None:
    e = engine([1000, 1000, 1000])
    assert e.timeout_action(0) == Action("fold")
    act(e, "call", "call")
    assert e.timeout_action(2) == Action("check")


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError):
        engine([1000, 1000], limit="spread-limit")
    with pytest.raises(ValueError):
        engine([1000])
    with pytest.raises(ValueError):
        engine([1000, 0])


# -- export, determinism, ranking ----------------------------------------------------------------


def test_phh_names_the_players_and_replays_to_the_same_stacks(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["AsAd", "KsKd", "QsQd"], "2c7h9dJc3s", dealer=1)
    e = engine([100, 300, 500], dealer=1)
    act(e, "raise 40", "call", "call", "check", "raise 60", "call", "fold")
    check_down(e)
    text = e.phh()
    assert "players = ['Cat', 'Ann', 'Bob']" in text
    replayed = list(HandHistory.loads(text))[-1]
    assert replayed.stacks == [e.view(None)["seats"][s]["stack"] for s in (2, 0, 1)]


def test_pot_limit_phh_has_its_own_code_and_hand_number_comes_from_carry() -> None:
    e = HoldemEngine({"limit": "pot-limit"}, [Seat("Ann", 500), Seat("Bob", 500)], SEED,
                     {"dealer": 1, "hand_no": 7})
    assert e.view(None)["hand_no"] == 7
    text = e.phh()
    assert text.startswith("# variant 'PT' is pot-limit Texas hold'em")
    assert "variant = 'PT'" in text and "_limit" not in text and "hand = 7" in text
    assert RoomHandHistory.loads(text).create_game().betting_structure is BettingStructure.POT_LIMIT


def test_same_seed_and_actions_give_the_same_hand() -> None:
    views = []
    for _ in range(2):
        e = engine([500, 700, 900], dealer=2)
        act(e, "raise 30", "call", "call")
        views.append(e.view(None) | {"mine": e.view(0)["seats"][0]["cards"]})
    assert views[0] == views[1]


@pytest.mark.parametrize("cards, name", [
    ("As Ks Qs Js Ts 2d 3c", "Royal flush"),
    ("5d 4d 3d 2d Ad Kc Kh", "Straight flush, Five high"),
    ("Ah 2c 3d 4s 5h Kc Kh", "Straight, Five high"),
    ("Kh Kd Ks 7c 7d 7h 2c", "Full house, Kings full of Sevens"),
    ("Ah Ad Kc Kd 2c 2d 9s", "Two pair, Aces and Kings"),
    ("6h 6d 9c Jd 2c 3s 8h", "Pair of Sixes"),
    ("Ah Qd 9c 7d 2c 3s 8h", "High card, Ace"),
    ("9c 9d 9h 9s 2c", "Four of a kind, Nines"),
    # the best and worst hand of each category (with those above): one place lower is the category below
    ("Ks Qs Js Ts 9s", "Straight flush, King high"),
    ("As Ad Ah Ac Ks", "Four of a kind, Aces"),
    ("2s 2d 2h 2c 3s", "Four of a kind, Twos"),
    ("As Ad Ah Kc Ks", "Full house, Aces full of Kings"),
    ("2s 2d 2h 3c 3s", "Full house, Twos full of Threes"),
    ("As Ks Qs Js 9s", "Flush, Ace high"),
    ("7d 5d 4d 3d 2d", "Flush, Seven high"),
    ("As Kd Qh Jc Ts", "Straight, Ace high"),
    ("As Ad Ah Kc Qs", "Three of a kind, Aces"),
    ("2s 2d 2h 3c 4s", "Three of a kind, Twos"),
    ("3s 3d 2h 2c 4s", "Two pair, Threes and Twos"),
    ("As Ad Kh Qc Js", "Pair of Aces"),
    ("2s 2d 5h 4c 3s", "Pair of Twos"),
    ("As Kd Qh Jc 9s", "High card, Ace"),
    ("7s 5d 4h 3c 2s", "High card, Seven"),
])
def test_hand_names(cards: str, name: str) -> None:
    assert hand_name(cards.split()) == name


def test_the_best_five_of_seven_cards_are_named() -> None:
    # A pair on the board and a flush in hand: the flush plays, its best five cards named.
    assert hand_name("9h 2h Kh 5h 9c 3h Ac".split()) == "Flush, King high"
    assert hand_name("Jc Jd 7h 7s 4c 4d As".split()) == "Two pair, Jacks and Sevens"


def test_fast_hand_orders_like_pokerkit() -> None:
    rng = random.Random(7)
    for _ in range(200):
        cards = rng.sample(DECK, 9)
        board = "".join(cards[4:])
        fast = [FastHighHand.from_game(h, board) for h in ("".join(cards[:2]), "".join(cards[2:4]))]
        slow = [StandardHighHand.from_game(h, board) for h in ("".join(cards[:2]), "".join(cards[2:4]))]
        assert (fast[0] < fast[1], fast[0] == fast[1]) == (slow[0] < slow[1], slow[0] == slow[1])
        assert fast[0].entry.label == slow[0].entry.label


# -- random play ---------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 400), min_size=2, max_size=10),
    limit=st.sampled_from(["no-limit", "pot-limit", "fixed-limit"]),
    ante=st.sampled_from([0, 0, 1, 4]),
    dealer_pick=st.integers(0, 9),
    seed=st.integers(0, 2**64),
)
def test_random_legal_play(stacks: list[int], limit: str, ante: int, dealer_pick: int, seed: int) -> None:
    rng = random.Random(seed)
    seats = [Seat(f"P{i}", stack) for i, stack in enumerate(stacks)]
    e = HoldemEngine({"limit": limit, "small_blind": 2, "big_blind": 4, "ante": ante}, seats,
                     f"{seed:064x}", {"dealer": dealer_pick % len(seats)})
    total = sum(stacks)
    for _ in range(200):
        if e.outcome is not None:
            break
        public = e.view(None)
        assert all(c == HIDDEN for s in public["seats"] for c in s["cards"])
        (seat,) = e.to_act()
        for other in range(len(seats)):
            mine = e.view(other)["seats"]
            assert all(c == HIDDEN for i, s in enumerate(mine) if i != other for c in s["cards"])
            assert all(c != HIDDEN for c in mine[other]["cards"])
            if other != seat:
                assert e.legal_actions(other) == []
        assert sum(s["stack"] + s["bet"] for s in public["seats"]) + sum(
            p["amount"] for p in public["pots"]) == total
        legal = e.legal_actions(seat)
        spec = rng.choices(legal, [{"fold": 1, "raise": 2}.get(s.kind, 4) for s in legal])[0]
        amount = None
        if spec.kind == "raise":
            with pytest.raises(IllegalAction):
                e.apply(seat, Action("raise", spec.max_amount + 1))
            amount = rng.choice([spec.min_amount, spec.max_amount, *(a for _, a in spec.presets)])
        e.apply(seat, Action(spec.kind, amount))
    outcome = e.outcome
    assert outcome is not None, "the hand did not end"
    assert sum(outcome.deltas) == 0 and e.to_act() == ()
    final = e.view(None)
    assert [s["stack"] for s in final["seats"]] == [a + b for a, b in zip(stacks, outcome.deltas)]
    assert sum(s["won"] for s in final["seats"]) == sum(p["amount"] for p in final["pots"])
    assert len(final["board"]) in (0, 3, 4, 5)


# -- what the table reads: the log, each seat's last move, refusals ------------------------------


def refused(e: HoldemEngine, action: Action, message: str) -> None:
    """The player to act is refused ``action`` with exactly ``message``."""
    (seat,) = e.to_act()
    with pytest.raises(IllegalAction) as caught:
        e.apply(seat, action)
    assert str(caught.value) == message


def test_the_log_names_each_move_and_a_fold_stays_folded(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["AsAd", "KsKd", "QsQd"], "2c7h9dJc3s")
    e = engine([1000, 1000, 1000])  # Ann has the button: Bob posts 5, Cat 10, Ann acts first
    assert act(e, "fold") == ["Ann folds"]
    assert act(e, "call") == ["Bob calls 5"]
    assert [s["last_action"] for s in e.view(None)["seats"]] == [
        "folds", "calls 5", "posts the big blind of 10"]
    lines = act(e, "check")
    assert lines[0] == "Cat checks" and lines[1].startswith("Flop: ")
    seats = e.view(None)["seats"]
    assert [s["folded"] for s in seats] == [True, False, False]
    assert [s["last_action"] for s in seats] == ["folds", "", ""]  # a new street clears the moves
    assert e.to_act() == (1,)  # the first player still in left of the button
    refused(e, Action("fold"), "Nobody has bet: check instead of folding.")
    refused(e, Action("call"), "There is nothing to call: check instead.")
    assert act(e, "raise 10") == ["Bob bets 10"]
    refused(e, Action("check"), "You cannot check: it costs 10 to call.")
    refused(e, Action("raise", 15), "Raise to an amount from 20 to 990.")
    assert act(e, "raise 30") == ["Cat raises to 30"]


def test_phh_records_the_antes_and_blinds_posted() -> None:
    e = engine([100, 100, 100], ante=2)  # Ann has the button: Bob and Cat post the blinds
    text = e.phh()
    assert "antes = [2, 2, 2]" in text and "blinds_or_straddles = [5, 10, 0]" in text
    assert "players = ['Bob', 'Cat', 'Ann']" in text and "seats = [2, 3, 1]" in text


def test_a_whole_hand_is_logged_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["AsAd", "KsKd", "7c2d"], "2c7h9dJc3s")
    e = engine([1000, 1000, 1000], small_blind=2, big_blind=4, ante=1)
    act(e, "call", "call", "check")
    check_down(e)
    assert e.view(None)["log"] == [
        "Each player antes 1",
        "Bob posts the small blind of 2",
        "Cat posts the big blind of 4",
        "Ann calls 4", "Bob calls 2", "Cat checks",
        "Flop: 2♣ 7♥ 9♦",
        "Bob checks", "Cat checks", "Ann checks",
        "Turn: J♣",
        "Bob checks", "Cat checks", "Ann checks",
        "River: 3♠",
        "Bob checks", "Cat checks", "Ann checks",
        # nobody bet the river: the first player left of the button shows first; Ann cannot win
        "Bob shows K♠ K♦ (Pair of Kings)",
        "Cat shows 7♣ 2♦ (Two pair, Sevens and Twos)",
        "Ann mucks",
        "Cat wins 15 with Two pair, Sevens and Twos",
    ]
    assert [s["last_action"] for s in e.view(None)["seats"]] == ["mucks", "shows", "shows"]


def test_heads_up_the_small_blind_is_logged_first() -> None:
    e = engine([1000, 1000], dealer=1)
    assert e.view(None)["log"][:2] == ["Bob posts the small blind of 5", "Ann posts the big blind of 10"]


def test_without_carry_the_first_seat_has_the_button_of_hand_one() -> None:
    e = HoldemEngine({}, [Seat("Ann", 100), Seat("Bob", 100), Seat("Cat", 100)], SEED, {})
    view = e.view(None)
    assert [s["is_dealer"] for s in view["seats"]] == [True, False, False]
    assert [s["bet"] for s in view["seats"]] == [0, 5, 10] and view["hand_no"] == 1


def test_a_player_all_in_for_less_than_the_ante_wins_only_what_they_matched(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["AsAd", "KsKd", "QsQd"], "2c7h9dJc3s")
    e = engine([5, 1000, 1000], ante=10)  # Ann can only put 5 of her ante in
    act(e, "call", "check")
    check_down(e)
    # Ann matched 5 from each: a main pot of 15. Bob and Cat's other 30 go to Bob's kings.
    assert e.outcome is not None and e.outcome.deltas == (10, 10, -20)
    assert [p["amount"] for p in e.view(None)["pots"]] == [15, 30]


def test_players_all_in_show_their_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["AsAd", "KsKd", "QsQd"], "2c7h9dJc3s")
    e = engine([100, 300, 500])
    act(e, "raise 100", "raise 300", "call")
    assert [s["cards"] for s in e.view(None)["seats"]] == [["As", "Ad"], ["Ks", "Kd"], ["Qs", "Qd"]]


BLINDS = "blinds must satisfy 0 < small_blind <= big_blind and ante >= 0"


@pytest.mark.parametrize("settings, stacks, dealer, message", [
    ({"limit": "spread-limit"}, [9, 9], 0, "limit must be one of no-limit, pot-limit, fixed-limit, not 'spread-limit'"),
    ({"ante": -1}, [9, 9], 0, BLINDS),
    ({"small_blind": 0}, [9, 9], 0, BLINDS),
    ({"small_blind": 20}, [9, 9], 0, BLINDS),
    ({}, [9], 0, "hold'em is played by 2 to 10 seats"),
    ({}, [9] * 11, 0, "hold'em is played by 2 to 10 seats"),
    ({}, [9, 0], 0, "every seat dealt in needs chips"),
    ({}, [9, 9], 2, "the dealer must be one of the seats"),
    ({}, [9, 9], -1, "the dealer must be one of the seats"),
])
def test_impossible_tables_are_refused(settings: dict[str, object], stacks: list[int], dealer: int,
                                       message: str) -> None:
    seats = [Seat(f"P{i}", stack) for i, stack in enumerate(stacks)]
    with pytest.raises(ValueError) as caught:
        HoldemEngine(settings, seats, SEED, {"dealer": dealer})
    assert str(caught.value) == message


@pytest.mark.parametrize("settings, stacks", [
    ({"small_blind": 1, "big_blind": 1}, [9, 9]),   # equal blinds and a one-chip small blind are fine
    ({}, [9] * 10),
])
def test_the_smallest_and_largest_tables_are_dealt(settings: dict[str, object], stacks: list[int]) -> None:
    e = HoldemEngine(settings, [Seat(f"P{i}", s) for i, s in enumerate(stacks)], SEED, {"dealer": len(stacks) - 1})
    assert e.to_act() and not e.finished


def test_pot_presets_count_the_big_blind_already_in_once() -> None:
    e = engine([1000, 1000, 1000])
    act(e, "raise 30", "fold")
    # Cat has her big blind of 10 in: calling 20 makes the pot 5 + 30 + 30 = 65.
    assert raise_spec(e).presets == (("Min", 50), ("Half pot", 62), ("Pot", 95), ("All-in", 1000))


def test_the_call_button_says_when_it_puts_the_player_all_in() -> None:
    e = engine([1000, 1000, 1000])
    assert [(s.kind, s.label) for s in e.legal_actions(0)][:2] == [("fold", "Fold"), ("call", "Call 10")]
    act(e, "raise 1000")
    assert [(s.kind, s.label) for s in e.legal_actions(1)] == [("fold", "Fold"), ("call", "Call 995 (all-in)")]
    act(e, "fold", "call")
    flop = engine([1000, 1000, 1000])
    act(flop, "call", "call", "check")
    assert [(s.kind, s.label) for s in flop.legal_actions(1)] == [("check", "Check"), ("raise", "Bet")]


def test_a_capped_fixed_limit_raise_is_refused() -> None:
    e = engine([1000, 1000, 1000], limit="fixed-limit")
    act(e, "raise 20", "raise 30", "raise 40")
    refused(e, Action("raise", 50), "You cannot raise now.")


def test_all_in_odds_are_noted_only_when_nobody_can_bet_any_more() -> None:
    called = engine([1000, 2000])  # all in, called by a player with chips behind: the cards decide
    act(called, "raise 1000", "call")
    assert [spot["street"] for spot in called.view(None)["runout"]] == ["preflop", "flop", "turn"]
    both = engine([100, 101, 101])  # two callers with a chip each can still bet it
    act(both, "raise 100", "call", "call")
    check_down(both)
    assert "runout" not in both.view(None)
