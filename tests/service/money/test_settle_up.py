"""Settling up: the transfers square every net, and up to ``EXACT_UP_TO`` players with a net they are
the fewest there are, checked against an exhaustive search; beyond, the greedy method still squares
everyone in fewer transfers than there are players."""
from __future__ import annotations

from typing import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service.money.settle_up import EXACT_UP_TO, Transfer, settle_up


def _squared(nets: Mapping[str, int], transfers: list[Transfer[str]]) -> dict[str, int]:
    """Each player's net after the transfers (a payer's rises by what they pay)."""
    left = dict(nets)
    for transfer in transfers:
        assert transfer.chips > 0 and transfer.payer != transfer.payee
        left[transfer.payer] += transfer.chips
        left[transfer.payee] -= transfer.chips
    return left


def _fewest(amounts: list[int]) -> int:
    """The fewest transfers, by exhaustive search: the first unsettled balance is settled against each
    later balance of the other sign in turn (every settlement can be written so), the best kept."""
    balances = [a for a in amounts if a]

    def search(start: int) -> int:
        while start < len(balances) and balances[start] == 0:
            start += 1
        if start == len(balances):
            return 0
        best = len(balances)
        for other in range(start + 1, len(balances)):
            if balances[other] * balances[start] < 0:
                balances[other] += balances[start]
                best = min(best, 1 + search(start + 1))
                balances[other] -= balances[start]
        return best

    return search(0)


def _nets(values: list[int]) -> dict[str, int]:
    """Players p0, p1... with these nets, the last one making them sum to zero."""
    return {f"p{k}": v for k, v in enumerate([*values, -sum(values)])}


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-60, 60), min_size=0, max_size=6))
def test_the_transfers_square_every_net_and_are_the_fewest(values: list[int]) -> None:
    nets = _nets(values)
    settlement = settle_up(nets)
    assert settlement.exact
    assert set(_squared(nets, settlement.transfers).values()) <= {0}
    assert len(settlement.transfers) == _fewest(list(nets.values()))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([-300, -200, -100, 100, 200, 300]), min_size=3, max_size=8))
def test_groups_that_square_among_themselves_are_found(values: list[int]) -> None:
    """Nets of a few sizes split into many zero-sum groups: where greedy pays across groups, the exact
    method does not."""
    nets = _nets(values)
    settlement = settle_up(nets)
    assert set(_squared(nets, settlement.transfers).values()) <= {0}
    assert len(settlement.transfers) == _fewest(list(nets.values()))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-500, 500).filter(bool), min_size=EXACT_UP_TO + 1, max_size=30))
def test_beyond_the_exact_limit_the_greedy_method_squares_everyone(values: list[int]) -> None:
    nets = _nets(values)
    settlement = settle_up(nets)
    players = sum(1 for net in nets.values() if net)
    assert not settlement.exact or players <= EXACT_UP_TO
    assert set(_squared(nets, settlement.transfers).values()) <= {0}
    assert len(settlement.transfers) <= players - 1


def test_a_known_case_and_the_refusal_of_nets_that_do_not_add_up() -> None:
    # greedy pays the largest creditor from the largest debtor first (Dan's 50 to Ann's 40) and needs
    # four transfers; Ann and Eve square alone, and Bob, Cat and Dan among themselves: three
    nets = {"ann": 40, "bob": 30, "cat": 20, "dan": -50, "eve": -40}
    settlement = settle_up(nets)
    assert settlement.exact and len(settlement.transfers) == 3
    assert {(t.payer, t.payee, t.chips) for t in settlement.transfers} == {
        ("eve", "ann", 40), ("dan", "bob", 30), ("dan", "cat", 20)}
    assert settle_up({"ann": 0, "bob": 0}).transfers == []
    with pytest.raises(ValueError, match="do not sum to zero"):
        settle_up({"ann": 5, "bob": -4})
