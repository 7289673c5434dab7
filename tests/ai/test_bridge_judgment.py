"""Penalty doubles by simulation: deals that fit the auction, solved double dummy."""
from __future__ import annotations

import random

from bot.ai.bridge_bidding import HandInfo, Shown
from bot.ai.bridge_system.judgment import BUDGET, SAMPLES, Sampling, doubling_gain, keeps, sample
from bot.games.bridge_scoring import ContractResult

TRUMP_STACK = "Ah Kh Qh Jh Th 9h 8h As Ad Ac Ks Kd Kc".split()


def test_sampled_deals_keep_our_cards_and_what_the_auction_showed() -> None:
    shown = [Shown() for _ in range(4)]
    shown[1].promise(11, 21, suit="S", length=5)
    rng = random.Random(3)
    for _ in range(SAMPLES):
        hands = sample(TRUMP_STACK, 0, shown, rng)
        assert hands[0] == TRUMP_STACK and all(len(h) == 13 for h in hands)
        assert len({c for h in hands for c in h}) == 52
    assert keeps(["As", "Ks", "Qs", "Js", "Ts", "Ah", "3h", "4h", "2d", "3d", "4d", "2c", "3c"], shown[1])
    assert not keeps(["2s", "3s", "4s", "5s", "6s", "2h", "3h", "4h", "2d", "3d", "4d", "2c", "3c"], shown[1])


def test_sampled_hands_hold_the_points_the_auction_promised() -> None:
    """A jump rebid's 16 points: the sampled hand counts them (HCP with length, or with shortness
    as a raise does), whatever its HCP range allows."""
    shown = [Shown() for _ in range(4)]
    shown[2].promise(10, 21, points=16)
    rng = random.Random(5)
    mine = "2s 3s 4s 5s 2h 3h 4h 5h 2d 3d 4d 5d Jc".split()
    for _ in range(SAMPLES):
        partner = HandInfo.of(sample(mine, 0, shown, rng)[2])
        assert max(partner.points, *(partner.support_points(s) for s in "SHDC")) >= 16
    flat_ten = ["As", "Ks", "4s", "3s", "2h", "3h", "4h", "2d", "3d", "4d", "2c", "3c", "4c"]
    assert not keeps(flat_ten, shown[2])
    six_spades = ["As", "Ks", "Qs", "Js", "3s", "2s", "Ah", "4h", "2d", "3d", "4d", "2c", "3c"]  # 14 HCP, 16 points
    assert keeps(six_spades, shown[2])


def test_a_contract_that_always_goes_down_is_worth_doubling() -> None:
    """Seven top trumps and every ace against 4♥: down on every deal, whatever else is where."""
    gain, down, solved = doubling_gain(TRUMP_STACK, 0, [Shown() for _ in range(4)], ContractResult(4, "H", 0, 1),
                                       (False, False), Sampling(1, SAMPLES, BUDGET))
    assert down == 1.0 and gain > 0 and solved == SAMPLES
    assert HandInfo.of(TRUMP_STACK).lengths["H"] == 7
