"""pokerkit's state for high/low split games, with one rule of pot splitting put right: what the
Omaha hi-lo engine plays with and what the room's PHH reader replays its exports with."""
from __future__ import annotations

from typing import Mapping

from pokerkit import ChipsPushing, State

HIGH, LOW = 0, 1
"""The hand types of a high/low game, by index."""


class HiLoState(State):
    """pokerkit's state, with the low half of a pot that no eligible hand can win going to the high.

    pokerkit decides whether a pot has a low half from every hand at showdown, so when a short
    all-in player holds the only low, a side pot (which that player cannot win) still gets a low
    half, paid to its players as if they had tied for low. Before each push, such a half is turned
    into a second high half.
    """

    def push_chips(self, *, commentary: str | None = None) -> ChipsPushing:
        if self._sub_pots and self._pots is not None:
            amount, pot_index, board_index, hand_type_index = self._sub_pots[0]
            if hand_type_index == LOW and board_index is not None and all(
                    self.get_up_hand(player, board_index, LOW) is None
                    for player in self._pots[pot_index].player_indices):
                self._sub_pots[0] = (amount, pot_index, board_index, HIGH)
        return super().push_chips(commentary=commentary)


def winner_line(line: str, halves: Mapping[int | None, int], any_low: bool, high: str, low: str | None) -> str:
    """``line`` ("Ann wins 120") told with the half or halves won and the hands that won them (``low``:
    the hand's low named, None if it has none). pokerkit pays a pot without naming a half (None) when
    every other hand was beaten for both halves: this hand took the high, and the low too if it has one."""
    won_high = HIGH in halves or None in halves
    if low is not None and (LOW in halves or None in halves) and won_high:
        return f"{line} (high and low) with {high} and {low}"
    if low is not None and LOW in halves:
        return f"{line} (low) with {low}"
    return f"{line} ({'high' if any_low else 'high, no low qualifies'}) with {high}"
