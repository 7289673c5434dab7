"""Omaha and Omaha hi-lo: the 2 + 3 rule, hi-lo splits with known hands, pot-limit sizing, PHH,
ranking against pokerkit's own hands, and random legal play."""
from __future__ import annotations

import random
from typing import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand

import bot.games.holdem as holdem
from bot.ai.omaha import choose, pot_share
from bot.games.base import HIDDEN, Action, IllegalAction, NotYourTurn, Seat
from bot.games.cards import DECK
from bot.games.omaha import (
    FastOmahaHighHand,
    FastOmahaLowHand,
    OmahaEngine,
    OmahaHiLoEngine,
    best_low,
    high_name,
)
from bot.games.phh import RoomHandHistory

SEED = "cd" * 32
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def rig(monkeypatch: pytest.MonkeyPatch, holes: Sequence[str], board: str, dealer: int = 0) -> None:
    """Make the next engine deal ``holes[seat]`` ("AsKdQhJc") and ``board`` (5 cards).

    Hole cards go out one at a time from the left of the button, four rounds, then a burn before
    the flop, turn and river (the hold'em engine deals every Omaha hand).
    """
    n = len(holes)
    order = [(dealer + 1 + i) % n for i in range(n)]
    dealt = [holes[seat][2 * r:2 * r + 2] for r in range(4) for seat in order]
    b = [board[i:i + 2] for i in range(0, 10, 2)]
    rest = [c for c in DECK if c not in dealt + b]
    deck = dealt + [rest.pop()] + b[:3] + [rest.pop(), b[3], rest.pop(), b[4]] + rest
    assert sorted(deck) == sorted(DECK)
    monkeypatch.setattr(holdem, "shuffled_deck", lambda seed: list(deck))


def engine(cls: type[OmahaEngine], stacks: Sequence[int], dealer: int = 0, **options: object) -> OmahaEngine:
    return cls(options, [Seat(name, stack) for name, stack in zip(NAMES, stacks)], SEED, {"dealer": dealer})


def act(e: OmahaEngine, *moves: str) -> None:
    for move in moves:
        kind, _, amount = move.partition(" ")
        (seat,) = e.to_act()
        e.apply(seat, Action(kind, int(amount) if amount else None))


def check_down(e: OmahaEngine) -> None:
    while e.outcome is None:
        (seat,) = e.to_act()
        kinds = {spec.kind for spec in e.legal_actions(seat)}
        e.apply(seat, Action("check" if "check" in kinds else "call"))


# -- the 2 + 3 rule ------------------------------------------------------------------------------


@pytest.mark.parametrize("hole, board, name", [
    ("Ah Ks Qd Jc", "Kh Qh Jh Th 2c", "Straight, Ace high"),        # one heart: no flush, no royal
    ("9h 8h 2d 3d", "Kh Qh Jh Th 2c", "Straight flush, Queen high"),
    ("Ah Ad Ac 2s", "As Kd 7c 5h 9d", "Three of a kind, Aces"),       # three aces in the hole: only two play
    ("Kc Kd 7h 7s", "2c 3d 5h 9c Jd", "Pair of Kings"),               # two pairs in the hole: only one plays
    ("Qs 5c 6d 8h", "As Ks Js Ts 2s", "High card, Ace"),              # one spade: no flush
])
def test_a_high_hand_uses_exactly_two_hole_cards(hole: str, board: str, name: str) -> None:
    assert high_name(hole.split(), board.split()) == name


@pytest.mark.parametrize("hole, board, low", [
    ("As 2s Kd Kc", "3c 4d 8h Qs Jd", (8, 4, 3, 2, 1)),
    ("As 2s 3c 4c", "5d 6h 7s Kd Qc", (7, 6, 5, 2, 1)),  # best two of four low hole cards
    ("As Kd Qc Jh", "2c 3d 4h 5s 6c", None),             # one low card in the hole is not enough
    ("As 2s 3c 4c", "Kd Qc 8h 9s 5d", None),             # two low board cards are not enough
    ("As Ad 2c 3c", "2d 9h 8s Kd 4c", (8, 4, 3, 2, 1)),  # pairs do not count twice
])
def test_the_eight_or_better_low_uses_two_plus_three(hole: str, board: str, low: tuple[int, ...] | None) -> None:
    assert best_low(hole.split(), board.split()) == low


def test_fast_hands_order_like_pokerkits_own() -> None:
    rng = random.Random(11)
    for _ in range(120):
        cards = rng.sample(DECK, 13)
        board = "".join(cards[8:])
        for fast_type, slow_type in ((FastOmahaHighHand, OmahaHoldemHand),
                                     (FastOmahaLowHand, OmahaEightOrBetterLowHand)):
            fast = [fast_type.from_game_or_none("".join(cards[i:i + 4]), board) for i in (0, 4)]
            slow = [slow_type.from_game_or_none("".join(cards[i:i + 4]), board) for i in (0, 4)]
            assert [h is None for h in fast] == [h is None for h in slow]
            if None not in fast:
                assert (fast[0] < fast[1], fast[0] == fast[1]) == (slow[0] < slow[1], slow[0] == slow[1])  # type: ignore[operator]


# -- known hands ---------------------------------------------------------------------------------


def test_omaha_deals_four_hole_cards_and_the_best_two_plus_three_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["AhKsQdJc", "9h8h2d3d", "2s2h3c4c"], "KhQhJhTh2c")
    e = engine(OmahaEngine, [1000, 1000, 1000])
    assert e.view(0)["seats"][0]["cards"] == ["Ah", "Ks", "Qd", "Jc"]
    assert e.view(None)["seats"][0]["cards"] == [HIDDEN] * 4
    check_down(e)
    assert e.outcome is not None and e.outcome.deltas == (-10, 20, -10)
    view = e.view(None)
    assert view["variant"] == "Pot-limit Omaha"
    assert view["winners"] == ["Bob wins 30 with Straight flush, Queen high"]
    assert view["seats"][1]["cards"] == ["9h", "8h", "2d", "3d"]
    assert view["seats"][0]["cards"] == [HIDDEN] * 4  # Ann (holding the ace of hearts) mucks


def test_hilo_splits_high_and_low_and_the_odd_chip_goes_high(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["KhKsJcJd", "3s4s9c9d", "5h8hThTd"], "Ac2d7hKdQs")
    e = engine(OmahaHiLoEngine, [1000, 1000, 1000], ante=1)
    check_down(e)  # pot 33: each antes 1 and puts in 10
    assert e.outcome is not None and e.outcome.deltas == (6, 5, -11)
    view = e.view(None)
    assert view["winners"] == ["Ann wins 17 (high) with Three of a kind, Kings",
                               "Bob wins 16 (low) with 7-4 low: 7-4-3-2-A"]
    assert view["seats"][1]["hand_name"] == "Pair of Nines; 7-4 low: 7-4-3-2-A"
    assert [s["won"] for s in view["seats"]] == [17, 16, 0]


def test_hilo_high_scoops_when_no_low_qualifies(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["KhKsJcJd", "3s4s9c9d", "5h8hThTd"], "KcQd9h7s2h")  # two low board cards: no low
    e = engine(OmahaHiLoEngine, [1000, 1000, 1000])
    check_down(e)
    assert e.outcome is not None and e.outcome.deltas == (20, -10, -10)
    assert e.view(None)["winners"] == ["Ann wins 30 (high, no low qualifies) with Three of a kind, Kings"]


def test_hilo_one_hand_can_win_both_halves(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["As2s4c5c", "KdKs9s9d", "QhJhTcTd"], "3d6h7sKcQd")
    e = engine(OmahaHiLoEngine, [1000, 1000, 1000])
    check_down(e)
    assert e.outcome is not None and e.outcome.deltas == (20, -10, -10)
    assert e.view(None)["winners"] == ["Ann wins 30 (high and low) with Straight, Seven high and 7-6 low: 7-6-3-2-A"]


def test_hilo_tied_lows_quarter_the_pot(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["As2s3c4c", "KdKc9s9d", "Ah2h8c8d"], "5d6h7sQcJd")
    e = engine(OmahaHiLoEngine, [1000, 1000, 1000])
    check_down(e)
    # Ann's 3-4 makes a seven-high straight; Ann's and Cat's A-2 make the same 7-6 low: 7-6-5-2-A, so the
    # low half (15) is shared and its odd chip goes to Cat, the first of the two left of the button.
    assert e.outcome is not None and e.outcome.deltas == (12, -10, -2)
    assert e.view(None)["winners"] == ["Ann wins 22 (high and low) with Straight, Seven high and 7-6 low: 7-6-5-2-A",
                                       "Cat wins 8 (low) with 7-6 low: 7-6-5-2-A"]


# -- betting -------------------------------------------------------------------------------------


def test_pot_limit_is_the_default_and_the_raise_button_shows_the_maximum() -> None:
    e = engine(OmahaEngine, [1000, 1000, 1000])
    (seat,) = e.to_act()
    spec = next(s for s in e.legal_actions(seat) if s.kind == "raise")
    assert (spec.label, spec.min_amount, spec.max_amount) == ("Raise (max 35)", 20, 35)
    assert dict(spec.presets)["Pot"] == 35
    with pytest.raises(IllegalAction, match="from 20 to 35"):
        act(e, "raise 36")
    act(e, "raise 35")
    (seat,) = e.to_act()
    assert next(s for s in e.legal_actions(seat) if s.kind == "raise").label == "Raise (max 115)"


@pytest.mark.parametrize("limit, label, top", [("no-limit", "Raise", 1000), ("fixed-limit", "Raise", 20)])
def test_other_limits(limit: str, label: str, top: int) -> None:
    e = engine(OmahaHiLoEngine, [1000, 1000, 1000], limit=limit)
    (seat,) = e.to_act()
    spec = next(s for s in e.legal_actions(seat) if s.kind == "raise")
    assert (spec.label, spec.max_amount) == (label, top)
    assert e.view(None)["variant"].endswith("Omaha hi-lo")


@pytest.mark.parametrize("cls", [OmahaEngine, OmahaHiLoEngine])
def test_fixed_limit_allows_a_bet_and_three_raises_a_street(cls: type[OmahaEngine]) -> None:
    e = engine(cls, [1000, 1000, 1000], limit="fixed-limit")

    def can_raise() -> bool:
        (seat,) = e.to_act()
        return any(s.kind == "raise" for s in e.legal_actions(seat))

    act(e, "raise 20", "raise 30", "raise 40")  # the big blind is the bet: three raises
    assert not can_raise()
    act(e, "call", "call")
    act(e, "raise 10", "raise 20", "raise 30", "raise 40")  # flop: a bet and three raises
    assert not can_raise()
    act(e, "call", "call")
    act(e, "raise 20", "raise 40", "raise 60", "raise 80")  # turn: the big bet, same cap
    assert not can_raise()


def test_refusals_and_bad_settings() -> None:
    e = engine(OmahaEngine, [1000, 1000, 1000])
    with pytest.raises(NotYourTurn, match="It is not your turn."):
        e.apply(1, Action("call"))
    with pytest.raises(IllegalAction, match="costs 10 to call"):
        e.apply(0, Action("check"))
    with pytest.raises(ValueError, match="Omaha is played by 2 to 10 seats"):
        engine(OmahaEngine, [1000])
    with pytest.raises(ValueError, match="limit must be one of"):
        engine(OmahaEngine, [1000, 1000], limit="spread-limit")


# -- export --------------------------------------------------------------------------------------


@pytest.mark.parametrize("cls, limit, variant", [
    (OmahaEngine, "pot-limit", "PO"), (OmahaEngine, "no-limit", "NO"), (OmahaEngine, "fixed-limit", "FO"),
    (OmahaHiLoEngine, "fixed-limit", "FO/8"), (OmahaHiLoEngine, "pot-limit", "PO/8"),
    (OmahaHiLoEngine, "no-limit", "NO/8"),
])
def test_phh_names_the_variant_and_replays_to_the_same_stacks(cls: type[OmahaEngine], limit: str,
                                                              variant: str) -> None:
    e = engine(cls, [300, 500, 700], dealer=1, limit=limit)
    rng = random.Random(3)
    while e.outcome is None:
        (seat,) = e.to_act()
        kinds = [s.kind for s in e.legal_actions(seat) if s.kind != "fold" and s.kind != "raise"]
        e.apply(seat, Action(rng.choice(kinds)))
    text = e.phh()
    assert f"variant = '{variant}'" in text and "_limit" not in text
    replayed = list(RoomHandHistory.loads(text))[-1]
    assert replayed.stacks == [e.view(None)["seats"][s]["stack"] for s in (2, 0, 1)]


# -- random play ---------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    hilo=st.booleans(),
    stacks=st.lists(st.integers(1, 400), min_size=2, max_size=10),
    limit=st.sampled_from(["no-limit", "pot-limit", "fixed-limit"]),
    ante=st.sampled_from([0, 1, 3]),
    dealer_pick=st.integers(0, 9),
    seed=st.integers(0, 2**64),
)
def test_random_legal_play(hilo: bool, stacks: list[int], limit: str, ante: int, dealer_pick: int,
                           seed: int) -> None:
    rng = random.Random(seed)
    seats = [Seat(f"P{i}", stack) for i, stack in enumerate(stacks)]
    cls = OmahaHiLoEngine if hilo else OmahaEngine
    e = cls({"limit": limit, "small_blind": 2, "big_blind": 4, "ante": ante}, seats, f"{seed:064x}",
            {"dealer": dealer_pick % len(seats)})
    total = sum(stacks)
    for _ in range(200):
        if e.outcome is not None:
            break
        public = e.view(None)
        assert all(c == HIDDEN for s in public["seats"] for c in s["cards"])
        assert all(len(s["cards"]) == 4 for s in public["seats"])
        (seat,) = e.to_act()
        mine = e.view(seat)["seats"]
        assert all(c == HIDDEN for i, s in enumerate(mine) if i != seat for c in s["cards"])
        assert HIDDEN not in mine[seat]["cards"]
        assert sum(s["stack"] + s["bet"] for s in public["seats"]) + sum(
            p["amount"] for p in public["pots"]) == total
        legal = e.legal_actions(seat)
        spec = rng.choices(legal, [{"fold": 1, "raise": 2}.get(s.kind, 4) for s in legal])[0]
        amount = None
        if spec.kind == "raise":
            assert spec.max_amount is not None and spec.min_amount is not None
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
    assert all(line.split(" wins ")[0] in {s.name for s in seats} for line in final["winners"])
    assert {s["name"] for s in final["seats"] if s["won"]} == {line.split(" wins ")[0] for line in final["winners"]}


# -- the computer player -------------------------------------------------------------------------


def test_the_player_values_a_two_way_hand_in_hilo_only() -> None:
    board = ["3c", "5d", "Kh"]
    two_way = ["As", "2s", "4h", "Kd"]  # a made low, a wheel draw, top pair
    high_only = ["Qs", "Qd", "Jc", "Jh"]
    share = {(hand[0], hilo): pot_share(hand, board, 2, 400, random.Random(5), hilo=hilo)
             for hand in (two_way, high_only) for hilo in (False, True)}
    assert share[("As", True)] > share[("As", False)]       # the low half is worth a lot to A-2
    assert share[("Qs", True)] < share[("Qs", False)]       # a high-only hand gives half the pot away
    assert share[("As", True)] > 2 * share[("Qs", True)]


def test_the_player_bets_the_nuts_and_folds_trash_to_a_pot_bet(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["AhKhQd2c", "7c7d3s4s", "9s8s6d5c"], "ThJhQh2d3c")
    e = engine(OmahaEngine, [1000, 1000, 1000])
    act(e, "call", "call", "check", "check", "check", "check")  # to the turn
    (seat,) = e.to_act()
    assert seat == 1
    act(e, "check")
    (seat,) = e.to_act()  # Cat: nine-high straight draw on a flush board, checks
    act(e, "check")
    (seat,) = e.to_act()
    assert seat == 0  # Ann holds the royal flush
    move = choose(e.view(0), e.legal_actions(0), random.Random(1))
    assert move.kind == "raise" and move.amount is not None and move.amount >= 15
    e.apply(0, move)
    (seat,) = e.to_act()
    assert choose(e.view(seat), e.legal_actions(seat), random.Random(1)) == Action("fold")


@settings(max_examples=15, deadline=None)
@given(hilo=st.booleans(), players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_computer_players_finish_every_hand_with_legal_moves(hilo: bool, players: int, seed: int) -> None:
    rng = random.Random(seed)
    cls = OmahaHiLoEngine if hilo else OmahaEngine
    e = cls({}, [Seat(f"P{i}", rng.randint(50, 600)) for i in range(players)], f"{seed:064x}", {})
    while e.outcome is None:
        (seat,) = e.to_act()
        legal = e.legal_actions(seat)
        move = choose(e.view(seat), legal, rng)
        spec = next(s for s in legal if s.kind == move.kind)
        if spec.min_amount is not None and spec.kind == "raise":
            assert move.amount is not None and spec.min_amount <= move.amount <= (spec.max_amount or 0)
        e.apply(seat, move)
    assert sum(e.outcome.deltas) == 0


def test_a_side_pot_nobody_in_it_can_win_low_goes_all_to_the_high(monkeypatch: pytest.MonkeyPatch) -> None:
    # Ann, all in for 100, holds the only low: she wins the main pot's low half, and the side pot
    # between Bob and Cat (neither with a low) goes whole to Bob's high.
    rig(monkeypatch, ["3s4s9c9d", "KhKsJcJd", "ThTd8c8d"], "Ac2d7hKdQs")
    e = engine(OmahaHiLoEngine, [100, 1000, 1000], limit="no-limit")
    act(e, "raise 100", "call", "call", "raise 200", "call")
    check_down(e)
    assert e.outcome is not None and e.outcome.deltas == (50, 250, -300)
    assert e.view(None)["winners"] == ["Ann wins 150 (low) with 7-4 low: 7-4-3-2-A",
                                       "Bob wins 550 (high) with Three of a kind, Kings"]
