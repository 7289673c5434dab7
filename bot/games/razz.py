"""Razz: seven-card stud played for the lowest hand, on pokerkit's ``FixedLimitRazz``.

The deal, streets, bets and the running-out-of-cards rule are stud's (``StudEngine``); what differs:

- **Ranking**: ace-to-five low (pokerkit's ``RegularLowHand``): aces are low, straights and flushes
  do not count, pairs do (a hand without a pair beats any hand with one). The best five of the
  seven cards play; 5-4-3-2-A (the wheel) is the best hand.
- **Who acts**: the **highest** door card brings in (aces are low, so a king is the highest; between
  equal ranks the higher suit: spades, hearts, diamonds, clubs); from fourth street the **lowest**
  showing hand acts first (pokerkit's ``Opening.HIGH_CARD`` and ``Opening.LOW_HAND``).
- **Names**: "8-6 low: 8-6-5-4-A", as players say them (``bot/games/low_hands.py``).

All-in odds: each hand's chance of the lowest hand (``bot/games/low_ranks.py``). PHH: the
specification's "FR".
"""
from __future__ import annotations

from typing import ClassVar

from pokerkit import FixedLimitRazz, Hand, RegularLowHand
from pokerkit.games import SevenCardStud

from bot.games.low_hands import ace_to_five_name, best_ace_to_five
from bot.games.stud import StudEngine


class RazzEngine(StudEngine):
    """One hand of fixed-limit razz for 2-8 seats."""

    game: ClassVar[str] = "razz"
    title: ClassVar[str] = "Razz"
    pokerkit_game: ClassVar[type[SevenCardStud]] = FixedLimitRazz
    hand_types: ClassVar[tuple[type[Hand], ...]] = (RegularLowHand,)
    bring_in_card: ClassVar[str] = "highest"
    runout_rule: ClassVar[str] = "razz"

    def _hand_name(self, seat: int) -> str:
        low = best_ace_to_five(self._cards[seat] + self.board)
        assert low is not None  # without a qualifier every five cards make a low
        return ace_to_five_name(low)
