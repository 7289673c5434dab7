"""Where the poker table's pieces go on the 800 x 600 picture (Discord's 400 x 300 box at 2x): the
seats on their ring, each bet between its seat and the middle, clear of the board, the pot's line,
the lines saying who is to act, the seats and the other bets; and how large a seat's text is for the
number of seats. Pure geometry: ``images.poker`` draws.
"""
from __future__ import annotations

import math
from typing import NamedTuple

from images.theme import SMALLEST_TEXT_PX

TABLE_SIZE = (800, 600)
HEADER_H = 44
FOOTER_H = 34
TEXT_PX = SMALLEST_TEXT_PX
MAIN_PX = 28              # what a player decides by (names, stacks, bets, the pot, who acts): 14 px as shown
CENTER = (400, 306)
SEAT_RING_X = 322         # the seats' ring is this wide (half); its height is what the seats leave

Box = tuple[int, int, int, int]
Area = tuple[float, float, float, float]


class Seating(NamedTuple):
    """The size of a seat's strings and of what holds them, and of the pot's and the prompt's:
    ``MAIN_PX`` up to six seats, about ``TEXT_PX`` for seven to ten (where the larger text would crowd
    the felt); a name is cut short, never shrunk."""

    px: int          # the name, the stack and the bet
    plate_h: int
    chip_r: int      # the bet's chip
    half_h: int      # half a bet's height on the felt
    centre_px: int   # the pot and who is to act
    plate_w: int

    @classmethod
    def of(cls, seats: int) -> Seating:
        few = seats <= 6
        px = MAIN_PX if few else TEXT_PX
        return cls(px, 2 * px + 12, round(px * 0.43), round(px * 0.6), MAIN_PX if few else TEXT_PX + 2,
                   176 if few else 150)


def centred(width: float, top: float, bottom: float) -> Box:
    """A box ``width`` wide (and a margin) centred on the felt, from ``top`` to ``bottom``."""
    half = width / 2 + 8
    return round(CENTER[0] - half), round(top), round(CENTER[0] + half), round(bottom)


def free_width(top: float, bottom: float, boxes: list[Box], limit: float) -> float:
    """The widest centred span between ``top`` and ``bottom`` that stays clear of ``boxes``."""
    half = limit / 2
    for left, box_top, right, box_bottom in boxes:
        if box_top - 4 < bottom and box_bottom + 4 > top:
            gap = left - CENTER[0] if left > CENTER[0] else CENTER[0] - right if right < CENTER[0] else 0
            half = min(half, gap - 6)
    return max(0.0, 2 * half)


def seat_unit(angle: float, shown_h: int, seating: Seating) -> tuple[int, float, Box]:
    """Where a seat sits on its ring: its centre (x, y) and the box its cards and plate cover."""
    half = seating.plate_w // 2
    cx = min(max(round(CENTER[0] + SEAT_RING_X * math.cos(angle)), half + 4), TABLE_SIZE[0] - half - 4)
    ring_y = (TABLE_SIZE[1] - HEADER_H - FOOTER_H - shown_h - seating.plate_h) / 2 - 3  # clear of header, footer
    cy = CENTER[1] + ring_y * math.sin(angle)
    top = round(cy - (shown_h + seating.plate_h) / 2)
    return cx, cy, (cx - half, top, cx + half, top + shown_h + seating.plate_h)


def place_bet(at: tuple[float, float], width: float, seating: Seating,
              avoid: tuple[list[Box], list[Box], list[Box]]) -> tuple[float, float]:
    """Where the bet goes: at ``at`` if that is clear, else moved off the middle's lines (towards its
    seat, or beside them). ``avoid`` holds the pot's and the player to act's lines (which must stay
    clear), the last action's (clear if it can be), and the seats and bets drawn (which must)."""
    kept, soft, taken = avoid
    places = [at]
    for box in kept + soft:
        if overlap(box, bet_box(at, width, seating)):
            places.append((at[0], box[1] - seating.half_h - 6 if at[1] < CENTER[1] else box[3] + seating.half_h + 6))
            places.append((box[0] - width / 2 - 6 if at[0] < CENTER[0] else box[2] + width / 2 + 6, at[1]))
    for blocked in (kept + soft + taken, kept + taken, taken):
        clear = [place for place in places if not any(overlap(b, bet_box(place, width, seating)) for b in blocked)]
        if clear:
            return clear[0]
    return at


def bet_point(seat_box: Box, width: float, half_h: int) -> tuple[float, float]:
    """Where a seat's bet goes: just outside the seat (cards and plate) on the way to the middle."""
    cx, cy = (seat_box[0] + seat_box[2]) / 2, (seat_box[1] + seat_box[3]) / 2
    dx, dy = CENTER[0] - cx, CENTER[1] - cy
    length = math.hypot(dx, dy) or 1.0
    dx, dy = dx / length, dy / length
    reach_x = ((seat_box[2] - seat_box[0] + width) / 2 + 10) / abs(dx) if abs(dx) > 1e-6 else math.inf
    reach_y = ((seat_box[3] - seat_box[1]) / 2 + half_h + 6) / abs(dy) if abs(dy) > 1e-6 else math.inf
    reach = min(reach_x, reach_y)
    return cx + reach * dx, cy + reach * dy


def bet_box(at: tuple[float, float], width: float, seating: Seating) -> Area:
    """The box a bet ``width`` wide covers, centred on ``at``."""
    return at[0] - width / 2, at[1] - seating.half_h, at[0] + width / 2, at[1] + seating.half_h


def overlap(a: Area, b: Area) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
