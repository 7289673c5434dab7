"""The building blocks of the system's rules: a place in the auction, what a call there means, and
the options a robot chooses from.

One list of options per place serves both sides of the table. The robot bids the first option its
hand fits; reading the call back (for the explanation and for the deals the card play samples)
gives what every option with that call has in common. So whatever a call is said to show is true
of the hand that made it, by construction.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from bot.ai import bridge_bidding as natural
from bot.ai.bridge_bidding import SUITS, HandInfo, Shown, stopper
from bot.games.bridge import BIDS, DOUBLE, PASS, REDOUBLE

Calls = Sequence[tuple[int, str]]


@dataclass(frozen=True)
class Meaning:
    """What a call shows: an HCP range, at least ``points`` (HCP with length or shortness), least
    suit lengths, balanced shape, and in words what the ranges cannot say."""

    low: int = 0
    high: int = 37
    lengths: Mapping[str, int] = field(default_factory=dict)
    balanced: bool = False
    points: int = 0
    note: str = ""
    short: str = ""
    """A suit of one card or none."""

    def fits(self, hand: HandInfo, points: int) -> bool:
        return (self.low <= hand.hcp <= self.high and points >= self.points
                and all(hand.lengths[s] >= n for s, n in self.lengths.items())
                and (hand.balanced or not self.balanced) and (not self.short or hand.lengths[self.short] <= 1))

    def apply(self, shown: Shown) -> None:
        shown.promise(self.low, self.high, balanced=self.balanced, points=self.points, short=self.short)
        for suit, length in self.lengths.items():
            shown.promise(0, suit=suit, length=length)


def common(meanings: Sequence[Meaning]) -> Meaning:
    """What every one of ``meanings`` shows."""
    notes = {m.note for m in meanings}
    shorts = {m.short for m in meanings}
    return Meaning(low=min(m.low for m in meanings), high=max(m.high for m in meanings),
                   lengths={s: min(m.lengths.get(s, 0) for m in meanings) for s in SUITS
                            if all(m.lengths.get(s, 0) for m in meanings)},
                   balanced=all(m.balanced for m in meanings), points=min(m.points for m in meanings),
                   note=notes.pop() if len(notes) == 1 else meanings[0].note,
                   short=shorts.pop() if len(shorts) == 1 else "")


@dataclass(frozen=True)
class Hand:
    """The bidder's hand as the options' conditions see it."""

    cards: Sequence[str]
    info: HandInfo

    def holding(self, suit: str) -> list[str]:
        return [c[0] for c in self.cards if c[1] == suit.lower()]


Test = Callable[[Hand], bool]
"""A condition on the bidder's hand beyond what the call's meaning says."""


def good(suit: str) -> Test:
    """Two of the top three honours or three of the top five: a suit to preempt or overcall in."""
    def test(hand: Hand) -> bool:
        held = hand.holding(suit)
        return sum(r in "AKQ" for r in held) >= 2 or sum(r in "AKQJT" for r in held) >= 3
    return test


def sound(suit: str) -> Test:
    """Two of the top four honours: a suit to preempt in (K-J-x-x-x-x and A-J-x-x-x-x-x are, as at
    a club table)."""
    return lambda hand: sum(r in "AKQJ" for r in hand.holding(suit)) >= 2


def longest(suit: str, among: str = SUITS) -> Test:
    """``suit`` is the hand's longest of ``among`` (the higher-ranking on equal length)."""
    return lambda hand: hand.info.longest(among) == suit


def stopped(suit: str) -> Test:
    """A stopper in ``suit``: A, Kx, Qxx or Jxxx."""
    return lambda hand: stopper(hand.cards, suit)


def stops_all(suits: Iterable[str]) -> Test:
    """A stopper in every one of ``suits``."""
    return lambda hand: all(stopper(hand.cards, s) for s in suits)


def short_suit(hand: Hand) -> bool:
    """A void or a singleton: the hand plays better in its long suit than in notrump."""
    return min(hand.info.lengths.values()) <= 1


def both(first: Test, second: Test) -> Test:
    return lambda hand: first(hand) and second(hand)


def either(first: Test, second: Test) -> Test:
    return lambda hand: first(hand) or second(hand)


def at_least(suit: str, length: int) -> Test:
    return lambda hand: hand.info.lengths[suit] >= length


def at_most(suit: str, length: int) -> Test:
    return lambda hand: hand.info.lengths[suit] <= length


def support(suit: str, least: int) -> Test:
    """Support points for ``suit`` (HCP with shortness) of at least ``least``."""
    return lambda hand: hand.info.support_points(suit) >= least


@dataclass(frozen=True)
class Option:
    """A call, what it means, and any condition beyond the meaning (a stopper, a shortness, the
    simulation's verdict) that the bidder also needs. ``points`` counts the hand's points for the
    meaning's ``points`` (plain length points unless a suit is agreed)."""

    call: str
    meaning: Meaning
    when: Test | None = None
    points: Callable[[HandInfo], int] | None = None

    def chosen_by(self, hand: Hand) -> bool:
        counted = self.points(hand.info) if self.points else hand.info.points
        return self.meaning.fits(hand.info, counted) and (self.when is None or self.when(hand))


@dataclass(frozen=True)
class Position:
    """A seat's turn in an auction, and what every seat has shown so far."""

    calls: Calls
    seat: int
    shown: Sequence[Shown]
    vulnerable: tuple[bool, bool] = (False, False)   # NS, EW: only the robot's own choice needs it

    @property
    def bids(self) -> list[tuple[int, str]]:
        return [(s, c) for s, c in self.calls if c in BIDS]

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    def of(self, seat: int) -> list[str]:
        """Every call of ``seat`` so far, passes and doubles included."""
        return [c for s, c in self.calls if s == seat]

    def bids_of(self, seat: int) -> list[str]:
        return [c for c in self.of(seat) if c in BIDS]

    @property
    def last_bid(self) -> str | None:
        bids = self.bids
        return bids[-1][1] if bids else None

    @property
    def opener(self) -> int | None:
        bids = self.bids
        return bids[0][0] if bids else None

    @property
    def ours(self) -> bool:
        """Our side opened the bidding."""
        return self.opener is not None and self.opener % 2 == self.seat % 2

    def our_calls(self) -> Calls:
        """The calls from our side's opening bid on (none if they opened)."""
        if not self.ours:
            return []
        return self.calls[next(i for i, (_, c) in enumerate(self.calls) if c in BIDS):]

    def legal(self, call: str) -> bool:
        last = self.last_bid
        return call == PASS or last is None or (call in BIDS and BIDS.index(call) > BIDS.index(last))

    def cheapest(self, strain: str) -> str:
        """The lowest sufficient bid in ``strain`` ("8S" past seven: never legal)."""
        return next((f"{level}{strain}" for level in range(1, 8) if self.legal(f"{level}{strain}")), "8" + strain)

    def jump(self, strain: str) -> str:
        """The bid in ``strain`` one level above the cheapest: a jump."""
        return f"{int(self.cheapest(strain)[0]) + 1}{strain}"

    def opponents_silent(self) -> bool:
        """The opponents have only passed."""
        return all(c == PASS for s, c in self.calls if s % 2 != self.seat % 2)

    def can_double(self) -> bool:
        """The last call but passes is an opponent's bid (not yet doubled)."""
        for seat, call in reversed(self.calls):
            if call != PASS:
                return call in BIDS and seat % 2 != self.seat % 2
        return False

    def partner_doubled(self) -> "Position | None":
        """Partner doubled and the next hand passed: the place partner doubled at (for reading what
        the double was); else None."""
        calls = self.calls
        if len(calls) < 2 or calls[-2] != (self.partner, DOUBLE) or calls[-1][1] != PASS:
            return None
        return Position(calls[:-2], self.partner, self.shown, self.vulnerable)

    def doubled_by_them(self) -> bool:
        """The last call but passes is an opponent's double of our bid."""
        for seat, call in reversed(self.calls):
            if call != PASS:
                return call == DOUBLE and seat % 2 != self.seat % 2
        return False


def pick(options: Sequence[Option], hand: Hand, position: Position) -> str | None:
    """The first option the hand fits whose call is legal here."""
    for option in options:
        allowed = (position.can_double() if option.call == DOUBLE
                   else position.doubled_by_them() if option.call == REDOUBLE else position.legal(option.call))
        if not allowed:
            continue
        if option.chosen_by(hand):
            return option.call
    return None


def meaning_of(options: Sequence[Option], call: str) -> Meaning | None:
    """What ``call`` shows at a place with these options; None if no option makes it."""
    meanings = [o.meaning for o in options if o.call == call]
    return common(meanings) if meanings else None


def view_of(position: Position, hand: Hand) -> dict[str, Any]:
    """The seat view the natural system reads: the auction and the bidder's cards."""
    seats = [{"cards": list(hand.cards) if s == position.seat else []} for s in range(4)]
    return {"viewer": position.seat, "seats": seats,
            "auction": [{"seat": s, "call": c} for s, c in position.calls]}


def natural_call(position: Position, hand: Hand) -> str:
    """The call the natural rules would make here, reading the auction as the system does."""
    return natural.choose_call(view_of(position, hand), position.shown)
