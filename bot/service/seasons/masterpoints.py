"""Masterpoints: a bridge event's award by place and field size, in the shape of the ACBL's club awards
(first place gets a base times the field, each place below a fixed share of the one above, only the
top two fifths of the field placed), and the strata members are ranked in by the points they hold.

Worked in whole hundredths of a masterpoint, so every award is exact:

- first place gets ``FIRST_PER_PAIR`` hundredths a pair in the field (a field of 4 pairs: 1.00, of
  10 pairs: 2.50);
- each place below gets ``NEXT_SHARE`` of the one above, rounded down to the hundredth (10 pairs:
  2.50, 1.75, 1.22, 0.85);
- only the best ``PLACED`` of the field (rounded up) are placed: the others get nothing;
- pairs sharing a place share the awards of the places they fill (their average, rounded down).

Each member of a pair gets the pair's award. A member's points held on a server are every award they
won there, and put them in a stratum (``STRATA``): the most experienced first.
"""
from __future__ import annotations

from fractions import Fraction

FIRST_PER_PAIR = 25
"""First place's award, in hundredths of a masterpoint, for each pair in the field."""
NEXT_SHARE = Fraction(7, 10)
PLACED = Fraction(2, 5)
STRATA = (("A", 20.0), ("B", 5.0), ("C", 0.0))
"""The strata, most points held first: a member holding at least the figure is in it."""


def placed(pairs: int) -> int:
    """How many places of a field of ``pairs`` get an award (at least one)."""
    return max(1, -(-pairs * PLACED.numerator // PLACED.denominator))


def _hundredths(place: int, pairs: int) -> int:
    if place > placed(pairs):
        return 0
    award = FIRST_PER_PAIR * pairs
    for _ in range(place - 1):
        award = award * NEXT_SHARE.numerator // NEXT_SHARE.denominator
    return award


def award(place: int, tied: int, pairs: int) -> float:
    """The masterpoints of a pair placed ``place`` among ``pairs``, sharing it with ``tied - 1`` others."""
    shared = sum(_hundredths(k, pairs) for k in range(place, place + tied)) // max(1, tied)
    return shared / 100


def stratum(held: float) -> str:
    """The stratum of a member holding ``held`` masterpoints."""
    return next(letter for letter, least in STRATA if held >= least)
