"""A multi-table tournament's prizes: how many places are paid, each place's share of the pool, and
places shared by players knocked out in the same hand-for-hand hand with equal stacks.

Pure functions; the pool is wallet chips (every buy-in paid in), paid out whole: rounding leftovers go
to the better place, so the prizes always add up to the pool.
"""
from __future__ import annotations

import math
from typing import Sequence

PAID_SHARE = 0.15
"""About the top 15% of the field is paid (at least one place), as online tournaments pay."""
DECAY = 0.7
"""Each paid place gets this much of the place above it, before rounding to whole percents."""


def paid_places(entries: int) -> int:
    return max(1, min(entries, math.floor(entries * PAID_SHARE + 0.5)))


def default_shares(paid: int) -> tuple[int, ...]:
    """Whole percents for places 1..``paid``, falling by ``DECAY`` a place, adding up to 100; a place
    whose share rounds to 0% is not paid (so at most 12 places: a 13th would get under half a percent),
    and the announcement never lists a paid place at 0%."""
    weights = [DECAY ** k for k in range(paid)]
    exact = [100 * w / sum(weights) for w in weights]
    shares = [math.floor(x) for x in exact]
    by_remainder = sorted(range(paid), key=lambda k: (-(exact[k] - shares[k]), k))
    for k in by_remainder[:100 - sum(shares)]:
        shares[k] += 1
    return tuple(share for share in shares if share)


def parse_shares(text: str) -> tuple[int, ...]:
    """"50,30,20": percents by place, best first, adding up to 100 and never rising; ``ValueError``
    with the reason otherwise."""
    try:
        shares = tuple(int(part) for part in text.replace("%", "").replace(" ", "").split(",") if part)
    except ValueError:
        raise ValueError("Prizes are whole percents by place, best first, such as 50,30,20.") from None
    if not shares or sum(shares) != 100 or any(s <= 0 for s in shares):
        raise ValueError("The prize percents must be positive and add up to 100, such as 50,30,20.")
    if list(shares) != sorted(shares, reverse=True):
        raise ValueError("A better place can't be paid less than a worse one: list the percents best first.")
    return shares


def prizes(pool: int, shares: Sequence[int], entries: int) -> list[int]:
    """Chips paid for places 1, 2, ... (no more places than entries): ``shares`` percents of ``pool``,
    the rounding leftovers to the winner, so they add up to ``pool``."""
    shares = list(shares[:max(1, entries)])
    total = sum(shares)
    paid = [pool * share // total for share in shares]
    paid[0] += pool - sum(paid)
    return paid


def shared(prize_table: Sequence[int], place: int, count: int) -> list[int]:
    """What each of ``count`` players sharing ``place`` (so places ``place``..``place + count - 1``) gets:
    those places' prizes added up and split evenly, a leftover chip each to the first ones."""
    total = sum(prize_table[p - 1] for p in range(place, place + count) if p <= len(prize_table))
    each, left = divmod(total, count)
    return [each + (1 if k < left else 0) for k in range(count)]
