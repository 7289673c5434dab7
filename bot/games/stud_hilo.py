"""Seven-card stud hi-lo, eight or better, on pokerkit's ``FixedLimitSevenCardStudHighLowSplitEightOrBetter``.

The deal, streets, bets, bring-in (the lowest door card) and the running-out-of-cards rule are
stud's (``StudEngine``); what differs is the showdown:

- **Split pots**: each pot is split between the best high hand and the best **eight-or-better low**
  (five cards of different ranks, eight or lower, aces low; straights and flushes do not spoil a
  low). Each player's best five cards for high and best five for low may differ, so one hand can win
  both halves (a scoop). With no qualifying low, the high hand takes the whole pot.
- **Odd chips**: a pot that does not halve evenly gives its odd chip to the high half; a half tied
  between hands gives its odd chip to the first of them left of the dealer position, as in stud.
- A short all-in player who holds the only low cannot take a low half of a side pot it is not in:
  that side pot goes whole to the high (``HiLoState``).
- **Names**: "Flush, Ace high; 8-6 low: 8-6-5-4-A", the low as players say it
  (``bot/games/low_hands.py``).

All-in odds count each hand's high and eight-or-better low halves (``bot/games/low_ranks.py``), the
whole pot as one (the side-pot rule above aside). PHH: the specification's "F7S/8".
"""
from __future__ import annotations

from typing import Any, ClassVar, Mapping, Sequence

from pokerkit import ChipsPushing, EightOrBetterLowHand, FixedLimitSevenCardStudHighLowSplitEightOrBetter, Hand, Operation
from pokerkit.games import SevenCardStud

from bot.games.base import Seat
from bot.games.high_hands import FastHighHand, hand_name
from bot.games.hilo_state import LOW, HiLoState, winner_line
from bot.games.low_hands import ace_to_five_name, best_ace_to_five
from bot.games.stud import StudEngine, StudState

EIGHT = 8
"""The low half's qualifier: five different ranks, eight or lower."""


class _StudHiLoState(StudState, HiLoState):
    """Stud's deck-exhaustion rule with the hi-lo side-pot rule."""


class StudHiLoEngine(StudEngine):
    """One hand of fixed-limit seven-card stud hi-lo, eight or better, for 2-8 seats."""

    game: ClassVar[str] = "stud-hilo"
    title: ClassVar[str] = "Seven-card stud hi-lo"
    pokerkit_game: ClassVar[type[SevenCardStud]] = FixedLimitSevenCardStudHighLowSplitEightOrBetter
    hand_types: ClassVar[tuple[type[Hand], ...]] = (FastHighHand, EightOrBetterLowHand)
    state_class: ClassVar[type[StudState]] = _StudHiLoState
    runout_rule: ClassVar[str] = "stud-hilo"

    def __init__(self, settings: Mapping[str, Any], seats: Sequence[Seat], seed: str,
                 carry: Mapping[str, Any]) -> None:
        # Chips won per seat from each half, filled while the base constructor already plays
        # pokerkit's first automatic steps.
        self._halves: list[dict[int | None, int]] = [{} for _ in seats]
        super().__init__(settings, seats, seed, carry)

    def _low(self, seat: int) -> tuple[int, ...] | None:
        return best_ace_to_five(self._cards[seat] + self.board, qualifier=EIGHT)

    def _hand_name(self, seat: int) -> str:
        high = hand_name(self._cards[seat] + self.board)
        low = self._low(seat)
        return f"{high}; {ace_to_five_name(low)}" if low else high

    def _result_lines(self, operation: Operation) -> list[str]:
        """Stud's lines; each payout is also counted by half (``None``: pokerkit paid a pot without
        naming one, every other hand beaten for both or folded)."""
        if isinstance(operation, ChipsPushing):
            for player, amount in enumerate(operation.amounts):
                if amount:
                    halves = self._halves[self._seat_of(player)]
                    halves[operation.hand_type_index] = halves.get(operation.hand_type_index, 0) + amount
        return super()._result_lines(operation)

    def _winners(self) -> list[str]:
        """Who won which half and with what: "Ann wins 60 (high) with Flush, Ace high", "Bob wins 60
        (low) with 8-6 low: 8-6-5-4-A", "Ann wins 120 (high and low) with ...", "Ann wins 120 (high,
        no low qualifies) with ..."."""
        if not self.finished:
            return []
        any_low = any(LOW in halves for halves in self._halves)
        lines = []
        for seat, halves in enumerate(self._halves):
            total = sum(halves.values())
            if not total:
                continue
            line = f"{self.seats[seat].name} wins {total}"
            if not self._shown_names[seat]:  # everyone else folded
                lines.append(line)
                continue
            low = self._low(seat)
            lines.append(winner_line(line, halves, any_low, hand_name(self._cards[seat] + self.board),
                                     None if low is None else ace_to_five_name(low)))
        return lines
