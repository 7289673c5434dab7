"""Exact ranking of a 7-card Presidential Poker hand of SIXCHEX cards.

Each card lends exactly one of its six symbols to the hand. The rank of a hand is the best rank over
every choice of symbols (up to 6**7 of them); ``evaluate`` finds it without trying them all:

- Two cards share at most one symbol, and symbols of one category never share a card, so the only
  groups worth forming are the symbols several of the seven cards carry.
- Every rank from 7:0 down to 4:1:1:1 needs four identical symbols, i.e. all four cards of one
  symbol; the three other cards then decide which of those ranks (if any) is made.
- Below that, a rank is a packing of disjoint identical groups, and the ranks 3:3:1 .. 0:7 are in
  the order of (number of triples, number of pairs); a group of four identical symbols can stand in
  for a triple or a pair.

A pattern the table lacks (four identical symbols plus three unrelated ones) ranks as the best
listed pattern it contains (here a triple).

Tie breakers (between hands of the same rank) read the play numbers, letters and colours printed on
the seven cards, whatever symbols the rank used; see ``TieBreak``.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations, product
from typing import Iterator, Sequence

from bot.games.sixchex import (
    BY_CODE, CARDS, CATEGORIES, CATEGORY_OF, RAINBOW_DARK, RAINBOW_LIGHT, SYMBOLS, label,
    similarity_class,
)

HAND_SIZE = 7


@dataclass(frozen=True)
class Rank:
    """One of the 17 hand ranks; ``strength`` 16 is the best (Presidential Flush), 0 the worst."""

    strength: int
    code: str
    name: str


RANKS: tuple[Rank, ...] = tuple(
    Rank(16 - i, code, name)
    for i, (code, name) in enumerate((
        ("7:7", "Presidential Flush"),
        ("7:1", "Rainbow Flush"),
        ("7:0", "Seven-of-a-kind"),
        ("6:1", "Six-of-a-kind"),
        ("5:2", "Five-of-a-kind-and-a-pair"),
        ("5:1:1", "Five-of-a-kind"),
        ("4:3", "Four-of-a-kind-and-a-triple"),
        ("4:2:1", "Four-of-a-kind-and-a-pair"),
        ("4:1:1:1", "Four-of-a-kind"),
        ("3:3:1", "Two triples"),
        ("3:2:2", "A triple and two pairs"),
        ("3:2:1:1", "A triple and a pair"),
        ("3:1:1:1:1", "A triple"),
        ("2:2:2:1", "Three pairs"),
        ("2:2:1:1:1", "Two pairs"),
        ("2:1:1:1:1:1", "One pair"),
        ("0:7", "High card"),
    ))
)
"""Best first."""

RANK_BY_CODE: dict[str, Rank] = {rank.code: rank for rank in RANKS}
_BY_STRENGTH: dict[int, Rank] = {rank.strength: rank for rank in RANKS}

# ---- integer tables, built once from the deck ----------------------------------------------------
# Symbol ids are category-major: id // 18 is the category index (CATEGORIES order).
_SYMBOL_NAMES: tuple[str, ...] = tuple(s for category in CATEGORIES for s in SYMBOLS[category])
_SYMBOL_ID: dict[str, int] = {name: i for i, name in enumerate(_SYMBOL_NAMES)}
_CLASS: tuple[str, ...] = tuple(similarity_class(s) for s in _SYMBOL_NAMES)
_CARD_INDEX: dict[str, int] = {card.code: i for i, card in enumerate(CARDS)}
_CARD_SYMS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_SYMBOL_ID[s] for s in card.symbols) for card in CARDS
)
_KINGDOM_V: tuple[bool, ...] = tuple(card.is_kingdom_v for card in CARDS)
_COLOUR: tuple[str, ...] = tuple(card.colour for card in CARDS)
_LETTER_RANK: dict[str, int] = {letter: i for i, letter in enumerate(SYMBOLS["letter"])}
_SIMILARITY_CATEGORIES: tuple[int, ...] = (CATEGORIES.index("colour"), CATEGORIES.index("figure"))
_POPCOUNT: tuple[int, ...] = tuple(bin(m).count("1") for m in range(1 << HAND_SIZE))


def _shared_table() -> tuple[tuple[int, ...], ...]:
    """``_SHARED[a][b]``: the symbol id cards a and b both carry, or -1 (never more than one)."""
    rows = []
    for a in _CARD_SYMS:
        rows.append(tuple(next(iter(set(a) & set(b)), -1) if a is not b else -1 for b in _CARD_SYMS))
    return tuple(rows)


_SHARED = _shared_table()


def _submasks(mask: int, size: int) -> list[int]:
    bits = [1 << j for j in range(HAND_SIZE) if mask >> j & 1]
    return [sum(c) for c in combinations(bits, size)]


# (mask, size) of every 2- and 3-card part of every 7-bit mask: the groups a symbol can offer.
_PARTS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((sub, size) for size in (3, 2) for sub in _submasks(m, size)) for m in range(1 << HAND_SIZE)
)


# ---- tie breakers ----------------------------------------------------------------------------------
TieKey = tuple[bool, int, tuple[int, int], tuple[int, ...], tuple[int, ...], int]
"""``TieBreak.key``: straight?, its top, the multiple, the play numbers, the letter ranks, pink cards."""


@dataclass(frozen=True)
class TieBreak:
    """What decides between two hands of the same rank, in this order:

    1. a straight (seven play numbers in sequence) beats no straight; between straights the higher
       top number wins;
    2. the most and highest multiple of one play number: (count, number) of the largest group, so
       7-7-7-7:2-2-2 beats 6-6-6-6:2-2-2 and 8-8-8-8:2-3-4 beats 4-4-4-4:17-18-19;
    3. the highest unequal play number, highest first (10-10-6-5-4-3-1 beats 10-10-6-5-2-2-1);
    4. the same with the letters ("M" beats "E");
    5. the most pink cards, counted only in hands holding Kingdom V cards.

    A Kingdom V card reads as either of its two play numbers (17 or 20, 18 or 19), whichever makes
    the stronger hand. Equal in all five: the hands tie and split.
    """

    straight_top: int | None
    multiple: tuple[int, int]
    numbers: tuple[int, ...]
    letters: tuple[str, ...]
    pink: int

    @property
    def key(self) -> TieKey:
        """Comparable: higher wins."""
        top = self.straight_top or 0
        letters = tuple(_LETTER_RANK[x] for x in self.letters)
        return (top > 0, top, self.multiple, self.numbers, letters, self.pink)

    def describe(self) -> str:
        """Short text for the showdown: "straight to 19; letters X-T-M-..." style."""
        numbers = "-".join(str(n) for n in self.numbers)
        head = f"straight to {self.straight_top}" if self.straight_top else f"play numbers {numbers}"
        text = f"{head}; letters {'-'.join(self.letters)}"
        return text + (f"; {self.pink} pink" if self.pink else "")


NumbersRead = tuple[bool, int, tuple[int, int], tuple[int, ...]]


def _read_numbers(numbers: Sequence[int]) -> NumbersRead:
    """(straight, its top, (count, number) of the largest multiple, numbers highest first)."""
    ordered = tuple(sorted(numbers, reverse=True))
    straight = len(set(ordered)) == len(ordered) and ordered[0] - ordered[-1] == len(ordered) - 1
    multiple = max((count, n) for n, count in Counter(ordered).items())
    return straight, ordered[0] if straight else 0, multiple, ordered


def tie_break(codes: Sequence[str]) -> TieBreak:
    """The tie-break data of a hand; it depends on the cards only, not on the symbols chosen."""
    cards = [BY_CODE[c] for c in codes]
    reads = product(*(card.play_numbers for card in cards))  # a Kingdom V card reads either number
    straight, top, multiple, numbers = max(_read_numbers(read) for read in reads)
    letters = tuple(sorted((c.letter for c in cards), key=_LETTER_RANK.__getitem__, reverse=True))
    has_kingdom_v = any(c.is_kingdom_v for c in cards)
    pink = sum(c.colour == "pink" for c in cards) if has_kingdom_v else 0
    return TieBreak(top if straight else None, multiple, numbers, letters, pink)


# ---- the rank search -------------------------------------------------------------------------------
Groups = list[tuple[int, int]]  # (symbol id, mask of the hand cards that use it)

# (a, b, c) over the three cards left beside four identical symbols: a pair a, b and the third c.
_SPLITS = ((0, 1, 2), (0, 2, 1), (1, 2, 0))
# Best identical packing (triples, pairs) -> rank strength, for the ranks 3:3:1 .. 0:7.
_PACKING_STRENGTH: dict[tuple[int, int], int] = {
    (2, 0): 7, (1, 2): 6, (1, 1): 5, (1, 0): 4, (0, 3): 3, (0, 2): 2, (0, 1): 1, (0, 0): 0,
}


def _quad_rank(
    idx: Sequence[int], syms: Sequence[tuple[int, ...]], quad: int, quad_mask: int
) -> tuple[int, Groups] | None:
    """The best of the ranks 7:0 .. 4:1:1:1 with ``quad`` on four cards, or None.

    ``idx`` are the deck indexes of the seven cards and ``syms`` their symbol ids; the three cards
    outside ``quad_mask`` decide the rank.
    """
    rest = [j for j in range(HAND_SIZE) if not quad_mask >> j & 1]
    category = quad // 18
    # The symbol each other card has that is similar to the quad (its only one in that category).
    similar = [syms[j][category] if _CLASS[syms[j][category]] == _CLASS[quad] else -1 for j in rest]
    bit = [1 << j for j in rest]
    base: Groups = [(quad, quad_mask)]
    if similar[0] >= 0 and similar[0] == similar[1] == similar[2]:
        return 14, base + [(similar[0], bit[0] | bit[1] | bit[2])]
    for a, b, _ in _SPLITS:
        if similar[a] >= 0 and similar[a] == similar[b]:
            return 13, base + [(similar[a], bit[a] | bit[b])]
    for a, b, c in _SPLITS:
        shared = _SHARED[idx[rest[a]]][idx[rest[b]]]
        if similar[c] >= 0 and shared >= 0:
            return 12, base + [(similar[c], bit[c]), (shared, bit[a] | bit[b])]
    for a, b, c in _SPLITS:
        if similar[c] < 0:
            continue
        for k in _SIMILARITY_CATEGORIES:
            sa, sb = syms[rest[a]][k], syms[rest[b]][k]
            if sa != sb and _CLASS[sa] == _CLASS[sb]:
                return 11, base + [(similar[c], bit[c])] + sorted([(sa, bit[a]), (sb, bit[b])])
    shared = _SHARED[idx[rest[0]]][idx[rest[1]]]
    if shared >= 0 and shared == _SHARED[idx[rest[0]]][idx[rest[2]]]:
        return 10, base + [(shared, bit[0] | bit[1] | bit[2])]
    for a, b, c in _SPLITS:
        shared = _SHARED[idx[rest[a]]][idx[rest[b]]]
        if shared < 0 or shared // 18 not in _SIMILARITY_CATEGORIES:
            continue
        third = syms[rest[c]][shared // 18]
        if third != shared and _CLASS[third] == _CLASS[shared]:
            return 9, base + [(shared, bit[a] | bit[b]), (third, bit[c])]
    for k in _SIMILARITY_CATEGORIES:
        sx, sy, sz = (syms[j][k] for j in rest)
        if _CLASS[sx] == _CLASS[sy] == _CLASS[sz]:
            return 8, base + sorted([(sx, bit[0]), (sy, bit[1]), (sz, bit[2])])
    return None


def _packing(masks: dict[int, int]) -> tuple[int, Groups]:
    """The best disjoint packing of identical groups (ranks 3:3:1 .. 0:7).

    Ranks below four identical symbols go by (triples, pairs): at most three groups fit in seven
    cards, so every combination of up to three disjoint groups of distinct symbols is tried.
    """
    options = [(sub, size, s) for s, m in masks.items() if _POPCOUNT[m] >= 2 for sub, size in _PARTS[m]]
    best_score: tuple[int, int] = (0, 0)
    best: tuple[Option, ...] = ()
    n = len(options)
    for i in range(n):
        m1, z1, s1 = options[i]
        for combo in _extensions((options[i],), m1, {s1}, options, i + 1, n):
            score = (sum(size == 3 for _, size, _ in combo), sum(size == 2 for _, size, _ in combo))
            if score > best_score:
                best_score, best = score, combo
    groups = sorted(best, key=lambda option: (-option[1], option[2]))  # triples first
    return _PACKING_STRENGTH[best_score], [(s, m) for m, _, s in groups]


Option = tuple[int, int, int]  # (mask, size, symbol id) of one candidate group


def _extensions(
    combo: tuple[Option, ...], used: int, symbols: set[int], options: list[Option], start: int, n: int
) -> Iterator[tuple[Option, ...]]:
    """``combo`` and every way to add up to ``3 - len(combo)`` later disjoint groups of new symbols."""
    yield combo
    if len(combo) == 3:
        return
    for k in range(start, n):
        m, _, s = options[k]
        if not m & used and s not in symbols:
            yield from _extensions(combo + (options[k],), used | m, symbols | {s}, options, k + 1, n)


def _best(idx: Sequence[int]) -> tuple[int, Groups]:
    """Rank strength and the groups that make it, for seven deck indexes."""
    syms = [_CARD_SYMS[i] for i in idx]
    if all(_KINGDOM_V[i] for i in idx):
        kingdom_v: dict[int, int] = {}
        for j, sym in enumerate(syms):
            kingdom_v[sym[0]] = kingdom_v.get(sym[0], 0) | 1 << j
        return 16, sorted(kingdom_v.items())
    colours = {_COLOUR[i] for i in idx}
    if colours == RAINBOW_LIGHT or colours == RAINBOW_DARK:
        return 15, sorted((sym[1], 1 << j) for j, sym in enumerate(syms))
    masks: dict[int, int] = {}
    for j, card in enumerate(syms):
        bit = 1 << j
        for s in card:
            masks[s] = masks.get(s, 0) | bit
    best: tuple[int, Groups] | None = None
    for s, m in masks.items():
        if _POPCOUNT[m] == 4:
            found = _quad_rank(idx, syms, s, m)
            if found is not None and (best is None or found[0] > best[0]):
                best = found
    return best if best is not None else _packing(masks)


def _indexes(codes: Sequence[str]) -> list[int]:
    if len(codes) != HAND_SIZE or len(set(codes)) != HAND_SIZE or not set(codes) <= _CARD_INDEX.keys():
        raise ValueError(f"a hand is {HAND_SIZE} different SIXCHEX cards, got {list(codes)}")
    return [_CARD_INDEX[c] for c in codes]


def rank_strength(codes: Sequence[str]) -> int:
    """Just the rank strength (0..16) of seven cards: the fast path for computer players."""
    return _best(_indexes(codes))[0]


# ---- the result ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class HandValue:
    """A ranked hand: the rank, the symbol each card uses, the groups it forms, the tie breakers.

    ``chosen[i]`` is the symbol ``cards[i]`` lends to the hand. A card outside every group gets a
    symbol neither identical nor similar to any other chosen one (its play number when it can), so
    the symbols shown at the showdown make the rank named and nothing more. ``groups`` lists the
    symbols that make the rank with the cards using each, in the order the rank names them.
    Compare hands with ``key``.
    """

    cards: tuple[str, ...]
    rank: Rank
    chosen: tuple[str, ...]
    groups: tuple[tuple[str, tuple[str, ...]], ...]
    tiebreak: TieBreak

    @property
    def key(self) -> tuple[int, TieKey]:
        """Higher wins; equal keys split the pot."""
        return (self.rank.strength, self.tiebreak.key)

    @property
    def chosen_categories(self) -> tuple[str, ...]:
        """The category of each card's chosen symbol (what a card image highlights)."""
        return tuple(CATEGORY_OF[s] for s in self.chosen)

    def describe(self) -> str:
        """"Four-of-a-kind-and-a-pair (4:2:1): 4× owl + 2× solid star + 1× partial star"."""
        parts = " + ".join(f"{len(codes)}× {label(symbol)}" for symbol, codes in self.groups)
        return f"{self.rank.name} ({self.rank.code})" + (f": {parts}" if parts else "")


def evaluate(codes: Sequence[str]) -> HandValue:
    """Rank seven SIXCHEX card codes exactly: the best symbol choice, its rank and tie breakers.

    The same seven cards in any order give the same rank, groups and chosen symbols.
    """
    idx = sorted(_indexes(codes))
    ordered = [CARDS[i].code for i in idx]
    strength, groups = _best(idx)
    chosen: list[int | None] = [None] * HAND_SIZE
    for s, m in groups:
        for j in range(HAND_SIZE):
            if m >> j & 1:
                chosen[j] = s
    families = {_CLASS[s] for s in chosen if s is not None}
    for j, symbol in enumerate(chosen):
        if symbol is None:
            free = [x for x in _CARD_SYMS[idx[j]] if _CLASS[x] not in families]
            pick = free[0] if free else _CARD_SYMS[idx[j]][0]
            chosen[j] = pick
            families.add(_CLASS[pick])
    symbol_of = {code: _SYMBOL_NAMES[s] for code, s in zip(ordered, chosen) if s is not None}
    return HandValue(
        cards=tuple(codes),
        rank=_BY_STRENGTH[strength],
        chosen=tuple(symbol_of[code] for code in codes),
        groups=tuple(
            (_SYMBOL_NAMES[s], tuple(ordered[j] for j in range(HAND_SIZE) if m >> j & 1))
            for s, m in groups
        ),
        tiebreak=tie_break(codes),
    )
