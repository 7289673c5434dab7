"""Badugi, fixed limit with three draws, on pokerkit's ``FixedLimitBadugi``.

The deal, the draws, the stub refilled when it runs out and the betting (blinds; the small bet for
the first two rounds, the big bet for the last two; a bet and three raises a round) are 2-7 triple
draw's (``FixedLimitTripleDraw`` in ``bot/games/lowball.py``); what differs:

- **Four cards** each, and up to 8 players (32 cards dealt).
- **Ranking** (pokerkit's ``BadugiHand``): the cards that play are the most cards of four different
  suits and four different ranks in the hand, aces low; a four-card hand (a badugi) beats every
  three-card hand, a three-card hand every two-card one. Between hands of as many cards, the lower
  highest card wins, then the next. Named as players say them (``bot/games/low_hands.py``):
  "4-card badugi, 7 high", "three-card 5-3-2".

The pictures deal it from a four-colour deck (the view's ``four_color``). No all-in odds. PHH: the
specification's "FB".
"""
from __future__ import annotations

from typing import Any, ClassVar

from pokerkit import BadugiHand, Deck, FixedLimitBadugi, Hand, Poker

from bot.games.low_hands import badugi_name
from bot.games.lowball import FixedLimitTripleDraw


class BadugiEngine(FixedLimitTripleDraw):
    """One hand of fixed-limit badugi for 2-8 seats."""

    game: ClassVar[str] = "badugi"
    max_seats: ClassVar[int] = 8
    pokerkit_game: ClassVar[type[Poker]] = FixedLimitBadugi
    deck: ClassVar[Deck] = Deck.REGULAR
    hand_types: ClassVar[tuple[type[Hand], ...]] = (BadugiHand,)

    @property
    def variant(self) -> str:
        return "Badugi"

    def _hand_name(self, seat: int) -> str:
        return badugi_name(self._cards[seat])

    def view(self, seat: int | None) -> dict[str, Any]:
        """Drawn in a four-colour deck: a badugi is read by its four suits."""
        return {**super().view(seat), "four_color": True}
