"""All-in figures of razz, stud hi-lo and short-deck hold'em: hand-counted spots with one card to come,
the low ranks against pokerkit's own low hands, and the engines noting their spots by their own rule."""
from __future__ import annotations

import random

import pytest
from pokerkit import EightOrBetterLowHand, RegularLowHand

from bot.games.base import Action, Seat
from bot.games.cards import DECK
from bot.games.equity import CARD_ID
from bot.games.low_ranks import eight_or_better, razz_rank
from bot.games.razz import RazzEngine
from bot.games.runout_equity import _count, with_equity
from bot.games.stud_hilo import StudHiLoEngine

KEY = "00" * 32


@pytest.fixture(autouse=True)
def _fresh_counts() -> None:
    """Each test counts its own figures: ``_count`` keeps the last few, even those of another test."""
    _count.cache_clear()


def figures(rule: str, hands: dict[int, list[str]], board: tuple[str, ...] = ()) -> dict[int, dict[str, float]]:
    seats, exact = _count(rule, board, tuple((seat, tuple(cards)) for seat, cards in hands.items()), KEY)
    assert exact, "one card to come: every runout counted"
    return {int(seat["seat"]): seat for seat in seats}


def test_razz_seventh_street_counted_by_hand() -> None:
    """Ann's A-2-3-4 (and two kings) against Bob's made 6-5-4-3-2, one card each to come from the 40
    unseen: 40 × 39 deals. Ann wins with a five (the wheel) or a six (6-4-3-2-A under 6-5-4-3-2) unless
    Bob catches an ace (the wheel): then a five ties and a six loses. 3 fives × 36 + 3 sixes × 36 win,
    3 × 3 tie."""
    got = figures("razz", {0: ["Ad", "2d", "3d", "4d", "Kd", "Kh"], 1: ["2c", "3c", "4c", "5c", "6c", "Kc"]})
    deals = 40 * 39
    assert (got[0]["win"], got[0]["tie"], got[0]["share"]) == (
        round(216 / deals, 4), round(9 / deals, 4), round((216 + 9 / 2) / deals, 4))
    assert (got[1]["win"], got[1]["share"]) == (round(1335 / deals, 4), round((1335 + 9 / 2) / deals, 4))
    assert "high" not in got[0], "razz has one pot: no halves"


def test_stud_hilo_scoops_unless_the_low_comes() -> None:
    """Ann's kings full always win the high half and can make no low; Bob's A-2-3-8 takes the low half
    when a four to seven comes to him (16 of those; 15 left when Ann took one): 24 × 16 + 16 × 15 of
    the 40 × 39 deals split the pot, the rest Ann scoops."""
    got = figures("stud-hilo", {0: ["Ks", "Kh", "Kd", "9c", "9d", "Qc"], 1: ["Ac", "2d", "3h", "8s", "Qd", "Jh"]})
    split = (24 * 16 + 16 * 15) / (40 * 39)
    assert split == 0.4
    assert got[0] == {"seat": 0, "win": 0.6, "tie": 0.4, "share": 0.8, "high": 1.0, "low": 0.0}
    assert got[1] == {"seat": 1, "win": 0.0, "tie": 0.4, "share": 0.2, "high": 0.0, "low": 0.4}


def test_a_short_deck_flush_beats_a_full_house_over_the_36_cards() -> None:
    """Ann's ace-high flush against Bob's kings full on 6h 7h Kh Ks: on the short deck the flush is
    ahead and only the last king (quads) beats it, 1 of the 28 unseen; the 8h gives Ann A-6-7-8-9, a
    straight flush. By hold'em's ranking over 52 cards Bob would win every river (A-6-7-8-9 is no
straight there)."""
    hands = {0: ["Ah", "9h"], 1: ["Kd", "6d"]}
    board = ("6h", "7h", "Kh", "Ks")
    got = figures("short-deck", hands, board)
    assert (got[0]["win"], got[1]["win"]) == (round(27 / 28, 4), round(1 / 28, 4))
    holdem = figures("high", hands, board)
    assert holdem[1]["win"] == 1.0


def test_short_deck_figures_before_the_flop_draw_only_short_deck_cards() -> None:
    seats, exact = _count("short-deck", (), ((0, ("Ad", "Ah")), (1, ("6c", "7c"))), KEY)
    assert not exact and sum(seat["share"] for seat in seats) == pytest.approx(1.0, abs=1e-3)
    assert seats[0]["win"] > 0.6, "aces ahead of a suited connector"


def test_low_ranks_order_hands_as_pokerkit_does() -> None:
    """Seven random cards each, 1,000 pairs: razz's rank and the eight-or-better low compare two hands
    as pokerkit's RegularLowHand and EightOrBetterLowHand do (pokerkit's larger is better)."""
    rng = random.Random(41)

    def low_or_none(cards: list[str]) -> EightOrBetterLowHand | None:
        try:
            return EightOrBetterLowHand.from_game("".join(cards), "")
        except ValueError:
            return None

    for _ in range(1000):
        cards = rng.sample(DECK, 14)
        mine, theirs = cards[:7], cards[7:]
        ids = [[CARD_ID[c] for c in hand] for hand in (mine, theirs)]
        ranks = [razz_rank(hand, ()) for hand in ids]
        pokerkit = [RegularLowHand.from_game("".join(hand), "") for hand in (mine, theirs)]
        assert (ranks[0] < ranks[1], ranks[0] == ranks[1]) == (pokerkit[0] > pokerkit[1], pokerkit[0] == pokerkit[1])
        lows = [eight_or_better(hand, ()) for hand in ids]
        expected = [low_or_none(hand) for hand in (mine, theirs)]
        assert [low is None for low in lows] == [low is None for low in expected]
        if lows[0] is not None and lows[1] is not None:
            assert (lows[0] < lows[1], lows[0] == lows[1]) == (expected[0] > expected[1], expected[0] == expected[1])


def test_razz_ranks_pairs_below_any_five_different_ranks() -> None:
    def rank(cards: str) -> int:
        return razz_rank([CARD_ID[cards[i:i + 2]] for i in range(0, len(cards), 2)], ())

    king_low = rank("KsQhJdTc9s2h2d")
    one_pair = rank("AsAh2d2c3s3h4d")  # four ranks: a pair of aces (or deuces, threes) must play
    assert one_pair > king_low, "a pair is worse than any hand without one"
    assert rank("AsAh2d2c3s3hAd") > one_pair, "three ranks: two pair is worse than one pair"
    assert rank("5s4h3d2cAs9h9d") < rank("6s4h3d2cAsKhKd") < king_low


@pytest.mark.parametrize("engine_class", [RazzEngine, StudHiLoEngine])
def test_a_razz_or_hilo_all_in_has_figures_by_its_own_rule(engine_class: type[RazzEngine]) -> None:
    e = engine_class({"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
                     [Seat("Ann", 12), Seat("Bob", 12)], "ab" * 32, {})
    while e.outcome is None:
        (seat,) = e.to_act()
        kinds = {spec.kind: spec for spec in e.legal_actions(seat)}
        e.apply(seat, Action("raise", amount=kinds["raise"].max_amount) if "raise" in kinds
                else Action("bring_in") if "bring_in" in kinds else Action("call"))
    view = e.view(None)
    assert {spot["rule"] for spot in view["runout"]} == {engine_class.runout_rule}
    last = with_equity(view)["equity"][-1]
    assert last["street"] == "sixth street" and last["exact"]
    cards = {s: view["seats"][s]["cards"][:6] for s in (0, 1)}
    assert last["seats"] == [dict(seat) for seat in figures(engine_class.runout_rule, cards).values()]
