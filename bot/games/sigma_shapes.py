"""Sigma Poker geometry: the shape deck, orientations, frames, placement legality and scoring.

The rule text never shows the cards, so the deck is ONE data definition (``PATTERNS``) that can be
swapped if the real card art turns up; everything else is derived from it.

Coordinates. A player's cards lie in a **zone** of 4 columns x 3 rows; ``col`` 0..3 runs left to
right, ``row`` 0..2 top to bottom. The base card lies upright in columns 1-2. The 3x3 **frame** is
either columns 0-2 (base card on its right) or columns 1-3 (base card on its left); a frame is named
by its first column, 0 or 1. A placed card is given by its rotation (0, 90, 180 or 270 degrees
clockwise from upright) and the zone cell of its top-left corner.

Placement targets (``Action.target``) read ``"<option>:<rotation>:<col>,<row>"``:
``1`` places the dealt card face down and ends the play (option 1), ``2`` places it face up and a
third card follows (option 2), ``3`` places that third card face down and ends the play.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

from bot.games.base import IllegalAction
from bot.games.cards import DeckOrder

PATTERNS: tuple[str, ...] = (
    '../../..', '##/../..', '#./#./..', '#./.#/..', '#./../#.', '#./../.#',
    '.#/#./..', '.#/.#/..', '.#/../#.', '.#/../.#', '../##/..', '../#./#.',
    '../#./.#', '../.#/#.', '../.#/.#', '../../##', '##/#./..', '##/.#/..',
    '##/../#.', '##/../.#', '#./##/..', '#./#./#.', '#./#./.#', '#./.#/#.',
    '#./.#/.#', '#./../##', '.#/##/..', '.#/#./#.', '.#/#./.#', '.#/.#/#.',
    '.#/.#/.#', '.#/../##', '../##/#.', '../##/.#', '../#./##', '../.#/##',
    '##/##/..', '##/#./#.', '##/#./.#', '##/.#/#.', '##/.#/.#', '##/../##',
    '#./##/#.', '#./##/.#', '#./#./##', '#./.#/##', '.#/##/#.', '.#/##/.#',
    '.#/#./##', '.#/.#/##', '../##/##', '##/##/##',
)
"""The 52 cards, upright (2 columns x 3 rows), rows top to bottom, ``#`` filled and ``.`` empty:
every pattern with 0, 2, 3, 4 or 6 filled cells (1 + 15 + 20 + 15 + 1)."""

CODES: tuple[str, ...] = tuple(f"S{i:02d}" for i in range(1, len(PATTERNS) + 1))
"""Stable card codes "S01".."S52", in ``PATTERNS`` order: the deck's fixed starting order."""
DECK_ORDER = DeckOrder(CODES, "the codes S01…S52 that exports name the cards by")

SHAPES: dict[str, str] = dict(zip(CODES, PATTERNS))

ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
ZONE_COLS = 4
ROWS = 3
BASE_COL = 1
FRAME_STARTS: tuple[int, ...] = (0, 1)

CHOOSE = "choose"
"""Placement step for the dealt card: option 1 or option 2."""
THIRD = "third"
"""Placement step for the third card of option 2."""


def _bit(row: int, col: int) -> int:
    return 1 << (row * ZONE_COLS + col)


FRAME_MASKS: dict[int, int] = {
    start: sum(_bit(r, c) for r in range(ROWS) for c in range(start, start + 3)) for start in FRAME_STARTS
}


@lru_cache(maxsize=None)
def card_rows(code: str, rotation: int) -> tuple[str, ...]:
    """The card's rows as it lies after turning it clockwise by ``rotation`` degrees."""
    rows = SHAPES[code].split("/")
    for _ in range(rotation // 90):
        height = len(rows)
        rows = ["".join(rows[height - 1 - c][r] for c in range(height)) for r in range(len(rows[0]))]
    return tuple(rows)


def card_size(rotation: int) -> tuple[int, int]:
    """(width, height): upright 2x3, turned 3x2."""
    return (2, 3) if rotation % 180 == 0 else (3, 2)


@lru_cache(maxsize=None)
def _geometry_cover(rotation: int, col: int, row: int) -> int:
    """Cells a card covers, whatever its pattern."""
    width, height = card_size(rotation)
    return sum(_bit(row + r, col + c) for r in range(height) for c in range(width))


@dataclass(frozen=True)
class Layer:
    """One card lying in a player's zone; later layers lie on top of earlier ones."""

    code: str
    rotation: int
    col: int
    row: int
    face_up: bool

    @property
    def cover(self) -> int:
        return _geometry_cover(self.rotation, self.col, self.row)

    @property
    def fill(self) -> int:
        return _fill(self.code, self.rotation, self.col, self.row)


@lru_cache(maxsize=None)
def _fill(code: str, rotation: int, col: int, row: int) -> int:
    """The filled cells of a card lying there, as a zone bit mask."""
    fill = 0
    for r, line in enumerate(card_rows(code, rotation)):
        for c, cell in enumerate(line):
            if cell == "#":
                fill |= _bit(row + r, col + c)
    return fill


def base_layer(code: str) -> Layer:
    """A player's base card: face up, upright, in columns 1-2."""
    return Layer(code, 0, BASE_COL, 0, True)


@dataclass(frozen=True)
class Placement:
    """Where and how a card goes: the parsed form of an action target."""

    option: str
    rotation: int
    col: int
    row: int

    @property
    def target(self) -> str:
        return f"{self.option}:{self.rotation}:{self.col},{self.row}"

    @classmethod
    def parse(cls, target: str | None) -> "Placement":
        """Read ``"<option>:<rotation>:<col>,<row>"``; a malformed target is refused."""
        try:
            option, rotation, position = (target or "").split(":")
            col, row = position.split(",")
            return cls(option, int(rotation), int(col), int(row))
        except ValueError:
            raise IllegalAction(
                "A placement reads option:rotation:column,row, for example 1:0:2,0."
            ) from None

    def layer(self, code: str) -> Layer:
        return Layer(code, self.rotation, self.col, self.row, self.option == "2")


def _inside_zone(rotation: int, col: int, row: int) -> bool:
    width, height = card_size(rotation)
    return 0 <= col and 0 <= row and col + width <= ZONE_COLS and row + height <= ROWS


GEOMETRIES: tuple[tuple[int, int, int], ...] = tuple(
    (rotation, col, row)
    for rotation in ROTATIONS
    for row in range(ROWS)
    for col in range(ZONE_COLS)
    if _inside_zone(rotation, col, row)
)
"""Every (rotation, col, row) a card can take inside the zone: 6 upright + 8 turned."""


def covered(layers: Iterable[Layer]) -> int:
    mask = 0
    for layer in layers:
        mask |= layer.cover
    return mask


def visible(layers: Iterable[Layer]) -> int:
    """Filled cells as seen from above: each card hides what lies under it."""
    fill = 0
    for layer in layers:
        fill = (fill & ~layer.cover) | layer.fill
    return fill


def frame_start(cover: int) -> int | None:
    """The frame these cells cover exactly, or None."""
    for start, mask in FRAME_MASKS.items():
        if cover == mask:
            return start
    return None


def check_placement(layers: Sequence[Layer], placement: Placement, step: str) -> None:
    """Raise ``IllegalAction`` with the reason when ``placement`` breaks a placement rule.

    Every card lies on top; it must keep all the player's cards inside one 3x3 frame with the base
    card, and a face-down card (option 1 or the third card) must leave that frame exactly covered.
    Any face-up card that lies inside a frame can be completed by a third card, so option 2 needs
    no further test.
    """
    _check(covered(layers), placement, step)


def _check(cover: int, placement: Placement, step: str) -> None:
    """``check_placement`` on the cells already covered: legality depends on nothing else."""
    if step == CHOOSE and placement.option not in ("1", "2"):
        raise IllegalAction(
            "Choose option 1 (face down) or option 2 (face up) for the card you were dealt."
        )
    if step == THIRD and placement.option != "3":
        raise IllegalAction("Your third card goes face down to finish your frame: use option 3.")
    if placement.rotation not in ROTATIONS:
        raise IllegalAction("A card can only be turned by 0, 90, 180 or 270 degrees.")
    if not _inside_zone(placement.rotation, placement.col, placement.row):
        raise IllegalAction("That card would lie outside every 3x3 frame with your base card.")
    cover |= _geometry_cover(placement.rotation, placement.col, placement.row)
    frames = [start for start, mask in FRAME_MASKS.items() if cover & ~mask == 0]
    if not frames:
        raise IllegalAction(
            "Your cards must stay inside one 3x3 frame: this would spread them over four columns."
        )
    if placement.option != "2" and frame_start(cover) is None:
        empty = min(9 - (cover & FRAME_MASKS[start]).bit_count() for start in frames)
        cells = "cell" if empty == 1 else "cells"
        raise IllegalAction(
            f"A face-down card must complete the 3x3 frame: this placement leaves {empty} {cells} empty."
        )


def legal_placements(layers: Sequence[Layer], step: str) -> list[Placement]:
    """Every legal placement for the card in hand, option 1 before option 2."""
    return list(_legal_for(covered(layers), step))


@lru_cache(maxsize=None)
def _legal_for(cover: int, step: str) -> tuple[Placement, ...]:
    options = ("1", "2") if step == CHOOSE else ("3",)
    result = []
    for option in options:
        for rotation, col, row in GEOMETRIES:
            placement = Placement(option, rotation, col, row)
            try:
                _check(cover, placement, step)
            except IllegalAction:
                continue
            result.append(placement)
    return tuple(result)


def designated_mask(first: str, second: str) -> int:
    """The designated shape in the cells of frame 0: ``first`` in columns 0-1, ``second`` on top in 1-2."""
    return visible([Layer(first, 0, 0, 0, True), Layer(second, 0, 1, 0, True)])


def mask_rows(mask: int, start: int = 0) -> list[str]:
    """The 3x3 frame starting at column ``start`` as rows of ``#``/``.``."""
    return [
        "".join("#" if mask & _bit(r, c) else "." for c in range(start, start + 3)) for r in range(ROWS)
    ]


def matching_cells(designated: int, layers: Sequence[Layer]) -> list[list[bool]]:
    """Per frame cell (rows top to bottom), whether it equals the designated shape's cell."""
    start = frame_start(covered(layers))
    if start is None:
        raise ValueError("the cards do not cover a 3x3 frame yet")
    same = ~(visible(layers) ^ (designated << start))
    return [[bool(same & _bit(r, c)) for c in range(start, start + 3)] for r in range(ROWS)]


def score(designated: int, layers: Sequence[Layer]) -> int:
    """Cells of the covered frame whose top-most state equals the designated shape's (0-9)."""
    start = frame_start(covered(layers))
    if start is None:
        raise ValueError("the cards do not cover a 3x3 frame yet")
    return 9 - ((visible(layers) ^ (designated << start)) & FRAME_MASKS[start]).bit_count()


# Expected scores, from what one seat can know: its own cards and the cards it has not seen.

CODE_INDEX: dict[str, int] = {code: i for i, code in enumerate(CODES)}


@lru_cache(maxsize=256)
def _finals(cover: int) -> tuple[tuple[int, int, int, int], ...]:
    """Face-down placements (rotation, col, row, frame start) that complete a frame over ``cover``."""
    result = []
    for rotation, col, row in GEOMETRIES:
        start = frame_start(cover | _geometry_cover(rotation, col, row))
        if start is not None:
            result.append((rotation, col, row, start))
    return tuple(result)


@lru_cache(maxsize=32)
def _match_table(designated: int) -> dict[tuple[int, int, int, int], tuple[int, ...]]:
    """For each in-frame placement, the cells each card (by code index) would match lying there."""
    table = {}
    for rotation, col, row in GEOMETRIES:
        cover = _geometry_cover(rotation, col, row)
        for start in FRAME_STARTS:
            if cover & ~FRAME_MASKS[start]:
                continue
            target = designated << start
            table[(rotation, col, row, start)] = tuple(
                cover.bit_count() - ((_fill(code, rotation, col, row) ^ target) & cover).bit_count()
                for code in CODES
            )
    return table


def _best_finals(designated: int, cover: int, fill: int, pool: Sequence[int]) -> list[int]:
    """For each card of ``pool`` (code indexes), its best final score on the cards (cover, fill).

    A final card's score splits into the matches it leaves uncovered (fixed per placement) and the
    matches of its own cells (a table per designated shape), which keeps this loop cheap.
    """
    table = _match_table(designated)
    columns = []
    for final in _finals(cover):
        rotation, col, row, start = final
        card_cover = _geometry_cover(rotation, col, row)
        wrong = (fill ^ (designated << start)) & FRAME_MASKS[start] & ~card_cover
        outside = 9 - card_cover.bit_count() - wrong.bit_count()
        matches = table[final]
        columns.append([outside + matches[i] for i in pool])
    return [max(scores) for scores in zip(*columns)]


def placement_values(
    designated: int, layers: Sequence[Layer], code: str, step: str, unseen: Iterable[str]
) -> list[tuple[float, Placement]]:
    """Each legal placement of ``code`` with its expected final score.

    A face-down placement scores exactly; an option-2 placement is worth the mean, over the cards
    the seat has not seen, of the best score the third card could then reach.
    """
    pool = [CODE_INDEX[c] for c in unseen if c != code]
    values = []
    for placement in legal_placements(layers, step):
        placed = [*layers, placement.layer(code)]
        if placement.option == "2":
            bests = _best_finals(designated, covered(placed), visible(placed), pool)
            values.append((sum(bests) / len(bests), placement))
        else:
            values.append((float(score(designated, placed)), placement))
    return values


def best_placement(
    designated: int, layers: Sequence[Layer], code: str, step: str, unseen: Iterable[str]
) -> Placement:
    """The placement with the best expected score (the first listed among equals)."""
    return max(placement_values(designated, layers, code, step, unseen), key=lambda vp: vp[0])[1]


def hand_value(designated: int, layers: Sequence[Layer], unseen: Sequence[str]) -> float:
    """Expected final score before the dealt card is seen, each card played at its best."""
    total = 0.0
    for code in unseen:
        total += max(value for value, _ in placement_values(designated, layers, code, CHOOSE, unseen))
    return total / len(unseen)


def hidden_card_scores(
    designated: int, layers: Sequence[Layer], hidden: Layer, unseen: Iterable[str]
) -> list[int]:
    """The score the frame would have for each unseen card lying where ``hidden`` lies."""
    return [
        score(designated, [*layers, Layer(code, hidden.rotation, hidden.col, hidden.row, False)])
        for code in unseen
    ]
