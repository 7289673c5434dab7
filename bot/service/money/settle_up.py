"""Settling up a session: the fewest transfers between players that square every player's net.

Among ``n`` players whose nets are not zero, a group whose nets sum to zero squares with one transfer
fewer than it has players, and no fewer unless it splits into smaller such groups; so the fewest
transfers are ``n`` minus the most groups the players split into whose nets each sum to zero. Finding
that split is NP-hard in general (it holds subset sum). Up to ``EXACT_UP_TO`` players with a net, it
is found exactly by the standard dynamic program over subsets (in 2^n·n steps: the most zero-sum
groups of a set is the best over its last player of the set without them, plus one when the set
itself sums to zero); each group is then squared with one transfer fewer than its players. Beyond,
the greedy method: the largest creditor is paid by the largest debtor, again and again, which takes at
most ``n - 1`` transfers, though not always the fewest.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Generic, Hashable, Mapping, TypeVar

K = TypeVar("K", bound=Hashable)
EXACT_UP_TO = 12


@dataclass(frozen=True)
class Transfer(Generic[K]):
    """``payer`` gives ``payee`` ``chips``."""

    payer: K
    payee: K
    chips: int


@dataclass(frozen=True)
class Settlement(Generic[K]):
    """The transfers, and whether they are proven the fewest (the exact method) or not (greedy)."""

    transfers: list[Transfer[K]]
    exact: bool


def settle_up(nets: Mapping[K, int]) -> Settlement[K]:
    """Transfers that bring every player's net to zero (a player's net: chips won, + , or lost, -);
    the nets must sum to zero."""
    if sum(nets.values()) != 0:
        raise ValueError(f"the nets do not sum to zero: {dict(nets)}")
    players = [(key, net) for key, net in nets.items() if net]
    if len(players) > EXACT_UP_TO:
        return Settlement(_greedy(players), exact=False)
    transfers: list[Transfer[K]] = []
    for group in _zero_sum_groups([net for _, net in players]):
        transfers += _greedy([players[i] for i in group])
    return Settlement(transfers, exact=True)


def _zero_sum_groups(amounts: list[int]) -> list[list[int]]:
    """The most groups (indexes into ``amounts``) that each sum to zero, covering every index."""
    n = len(amounts)
    total = [0] * (1 << n)
    best = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        total[mask] = total[mask ^ low] + amounts[low.bit_length() - 1]
        rest, most = mask, 0
        while rest:
            bit = rest & -rest
            most = max(most, best[mask ^ bit])
            rest ^= bit
        best[mask] = most + (total[mask] == 0)
    groups: list[list[int]] = []
    group: list[int] = []
    mask = (1 << n) - 1
    while mask:  # undo the best order, last player first: a zero-sum set closes the group after it
        wanted = best[mask] - (total[mask] == 0)
        bit = next(1 << i for i in range(n) if mask >> i & 1 and best[mask ^ (1 << i)] == wanted)
        group.append(bit.bit_length() - 1)
        mask ^= bit
        if total[mask] == 0:
            groups.append(group)
            group = []
    return groups


def _greedy(players: list[tuple[K, int]]) -> list[Transfer[K]]:
    """The largest debtor pays the largest creditor what squares one of them, until all are square."""
    creditors = [(-net, i) for i, (_, net) in enumerate(players) if net > 0]
    debtors = [(net, i) for i, (_, net) in enumerate(players) if net < 0]
    heapq.heapify(creditors)
    heapq.heapify(debtors)
    transfers = []
    while creditors and debtors:
        owed, creditor = heapq.heappop(creditors)
        owes, debtor = heapq.heappop(debtors)
        chips = min(-owed, -owes)
        transfers.append(Transfer(players[debtor][0], players[creditor][0], chips))
        if -owed > chips:
            heapq.heappush(creditors, (owed + chips, creditor))
        if -owes > chips:
            heapq.heappush(debtors, (owes + chips, debtor))
    return transfers
