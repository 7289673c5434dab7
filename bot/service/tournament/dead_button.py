"""The button and the blinds at a tournament table: the dead button, or moving big blind, as the
Tournament Directors Association's rules have it and most live and online tournaments play it.

Positions are chairs (a multi-table tournament's ``TableSeat.chair``; at a sit-and-go, whose seats
never move, the seat's place at the table), read clockwise:

- The **big blind** moves forward exactly one occupied chair every hand.
- The **small blind** is the chair that had the big blind last hand; if that player is gone (knocked
  out, or moved to another table) nobody posts it: a **dead small blind**.
- The **button** is the chair that had the small blind last hand, even if it is empty now: a **dead
  button** (the player right of it then acts last after the flop).
- A player who arrives in a chair between the button and the small blind is not dealt in until the
  button has passed them (the TDA's one place a new player may not be dealt in); anywhere else they
  are dealt in at once, and may get the big blind, the small blind or the button.
- **Heads-up** the button posts the small blind and acts first before the flop. The big blind still
  moves one chair forward, so nobody posts it twice in a row; going heads-up, the other player has the
  button and the small blind even if they posted the small blind the hand before (the TDA allows it).

So nobody posts the big blind twice in a row or skips it while staying at the table, whoever is
knocked out, moved away or seated. Cash tables keep their moving button (``presence``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from bot.service.table.live import LiveTable

KEY = "blinds"
"""Where a deal's carry records its positions, [button, small blind, big blind] chairs: the deal's
record keeps them, and the table's carry reads them back as ``TableCarry.blinds``."""


@dataclass(frozen=True)
class Positions:
    """One hand's chairs of the button, the small blind and the big blind (heads-up the button's
    chair is the small blind's); the button's and small blind's may be empty (dead)."""

    button: int
    small_blind: int
    big_blind: int


@dataclass(frozen=True)
class Hand:
    """One hand's positions, the chairs dealt in (clockwise from chair 0), those that wait for the
    button to pass, and the chair pokerkit's button is given: the button, or with a dead button the
    player right of it (who acts last after the flop)."""

    positions: Positions
    dealt: tuple[int, ...]
    waiting: tuple[int, ...]
    dealer: int

    @property
    def dead_button(self) -> bool:
        return self.positions.button not in self.dealt

    @property
    def dead_small_blind(self) -> bool:
        return self.positions.small_blind not in self.dealt


def after(chairs: Sequence[int], chair: int) -> int:
    """The first of ``chairs`` (sorted) clockwise after ``chair``."""
    return next((c for c in chairs if c > chair), chairs[0])


def before(chairs: Sequence[int], chair: int) -> int:
    """The first of ``chairs`` (sorted) counterclockwise before ``chair``."""
    return next((c for c in reversed(chairs) if c < chair), chairs[-1])


def between(start: int, chair: int, end: int) -> bool:
    """Whether ``chair`` lies strictly between ``start`` and ``end``, going clockwise."""
    return start < chair < end if start < end else chair > start or chair < end


def before_first(live: Sequence[int], start: int = -1) -> Positions:
    """The positions of a hand before a table's first, so that the first puts the button on the first
    player after ``start``, the small blind on the next and the big blind on the one after (heads-up:
    the button's small blind, then the big blind)."""
    button = after(live, start)
    if len(live) == 2:
        return Positions(after(live, button), after(live, button), button)
    return Positions(before(live, button), button, after(live, button))


def next_hand(last: Positions, live: Sequence[int]) -> Hand:
    """The next hand's positions when ``live`` chairs (sorted, two or more) have players with chips
    and ``last`` were the last hand's."""
    big = after(live, last.big_blind)
    if len(live) == 2:
        return _heads_up(big, tuple(live), ())
    small, button = last.big_blind, last.small_blind
    if button == big:  # out of heads-up (the button was the small blind): the player right of the small blind
        button = before(live, small)
    waiting = tuple(c for c in live if between(button, c, small))
    dealt = tuple(c for c in live if c not in waiting)
    if len(dealt) == 2:
        return _heads_up(big, dealt, waiting)
    if len(dealt) < 2:  # everyone else sits between an empty button and an empty small blind
        small = before(live, big)
        return Hand(Positions(before(live, small), small, big), tuple(live), (), before(live, small))
    first_blind = small if small in dealt else big
    return Hand(Positions(button, small, big), dealt, waiting, before(dealt, first_blind))


def _heads_up(big: int, dealt: tuple[int, ...], waiting: tuple[int, ...]) -> Hand:
    other = after(dealt, big)
    return Hand(Positions(other, other, big), dealt, waiting, other)


# -- at a table ------------------------------------------------------------------------------------

def waits_for_the_button(name: str) -> str:
    """What the table is told of a player not dealt in because they sit between the button and the
    small blind (here, and at a cash table)."""
    return (f"{name} is dealt in once the button has passed: nobody is dealt in between the button and "
            "the small blind.")


def chair_of(table: LiveTable, index: int) -> int:
    chair = table.row.seats[index].chair
    return index if chair is None else chair


def last_positions(table: LiveTable, live: Sequence[int]) -> Positions:
    """The last hand's positions, from the table's carry; before its first hand (or for a table whose
    last hand moved the button the way cash tables do), the positions that put the first button on the
    first of ``live`` after the last button."""
    record = table.row.carry.blinds
    if record is not None:
        return Positions(*record)
    index = table.row.carry.button_seat
    start = chair_of(table, index) if index is not None and 0 <= index < len(table.row.seats) else -1
    return before_first(live, start)


def last_big_blind(table: LiveTable) -> int:
    """The chair that posted the last big blind (before the first hand, the one the first moves on
    from): where ``tournament.seating`` counts the next big blinds from."""
    live = sorted(chair_of(table, i) for i, s in enumerate(table.row.seats) if s.stack > 0)
    if table.row.carry.blinds is None and len(live) < 2:
        return -1
    return last_positions(table, live).big_blind


def deal(table: LiveTable, candidates: list[int], carry: dict[str, Any]) -> list[int]:
    """The seats dealt in (of ``candidates``, the seats with chips), and in ``carry`` the hand's
    positions, pokerkit's button (``dealer``, an index into the dealt seats), what is dead and the
    chairs dealt in."""
    by_chair = {chair_of(table, i): i for i in candidates}
    live = sorted(by_chair)
    hand = next_hand(last_positions(table, live), live)
    carry[KEY] = [hand.positions.button, hand.positions.small_blind, hand.positions.big_blind]
    carry["dealer"] = hand.dealt.index(hand.dealer)
    carry["chairs"] = list(hand.dealt)  # the players' seat numbers less one, for the hand's records
    carry.pop("button_seat", None)
    for flag in ("dead_button", "dead_small_blind"):
        carry.pop(flag, None)
        if getattr(hand, flag):
            carry[flag] = True
    seats = table.row.seats
    for chair in hand.waiting:
        table.note(waits_for_the_button(seats[by_chair[chair]].name))
    if hand.dead_button:
        table.note(f"Dead button: it stays on seat {hand.positions.button + 1}, whose player no longer plays at "
                   "this table.")
    if hand.dead_small_blind:
        table.note("No small blind this hand: the player who had the big blind no longer plays at this table "
                   "(a dead small blind).")
    return [by_chair[chair] for chair in hand.dealt]
