"""Deuce-to-seven lowball: 2-7 triple draw (fixed limit) and 2-7 single draw (no limit), on
pokerkit's ``FixedLimitDeuceToSevenLowballTripleDraw`` and ``NoLimitDeuceToSevenLowballSingleDraw``.

The deal, the draws and the stub refilled when it runs out are every draw game's (``DrawHand`` in
``bot/games/draw.py``); what differs:

- **Ranking**: the lowest five-card hand wins, aces high (A-2-3-4-5 is no straight: it is ace-high),
  straights and flushes count against the hand (pokerkit's ``StandardLowHand``). The best is
  7-5-4-3-2, "number 1"; names as players say them (``bot/games/low_hands.py``): "number 2
  (7-6-4-3-2)", "8-6 low", "Pair of Fours".
- **Triple draw**: five cards, a betting round, then three draws each followed by a betting round.
  Small blind and big blind; the small bet is the big blind on the first two rounds, the big bet
  (twice that) on the last two; a bet and three raises a round (the big blind is the first round's
  bet). Up to 6 players, as the game is spread (30 cards dealt, the rest served as draws).
- **Single draw**: five cards, a no-limit betting round, one draw, a second no-limit round. Blinds
  and an optional ante, everyone's or the big blind's for the table (``ante_kind``, as the WSOP
  plays it); the minimum bet is the big blind.

A player's own hand is named on their private picture as the hand goes ("8-6 low"); the others'
only at the showdown. No all-in odds (the room counts them for high hands with a board, and stud).
PHH: the specification's "F2L3D" and "N2L1D".
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar, Mapping

from pokerkit import FixedLimitDeuceToSevenLowballTripleDraw, Hand, NoLimitDeuceToSevenLowballSingleDraw, Poker, StandardLowHand, Street

from bot.games.draw import DrawHand
from bot.games.low_hands import deuce_to_seven_name
from bot.games.phh import BETS_A_ROUND


class NamedDrawHand(DrawHand):
    """A draw hand whose player sees their own hand named while it is played (a low game's hand is
    read in a glance by players who know it, and learned from the name by those who do not)."""

    def _seat_view(self, seat: int, viewer: int | None) -> dict[str, Any]:
        data = super()._seat_view(seat, viewer)
        dealt = len(self.state.streets[0].hole_dealing_statuses)
        if (seat == viewer and not data["hand_name"] and not data["folded"] and not self.finished
                and len(self._cards[seat]) == dealt):  # not while waiting for the draw's cards
            data["hand_name"] = self._hand_name(seat)
        return data


class FixedLimitTripleDraw(NamedDrawHand):
    """A fixed-limit triple-draw hand with blinds: the small bet (the big blind) for the first two
    rounds, the big bet (twice that) for the last two, a bet and three raises a round."""

    pokerkit_game: ClassVar[type[Poker]]
    max_seats: ClassVar[int] = 6
    rounds: ClassVar[tuple[str, ...]] = ("pre-draw", "first draw", "second draw", "third draw")
    """As players name them: before the draws, then after each."""

    def _read_settings(self, settings: Mapping[str, Any]) -> None:
        self._read_forced_bets(settings)

    def _game(self) -> Poker:
        return self._game_of(self.pokerkit_game, "fixed-limit")

    def _streets(self, game: Poker) -> tuple[Street, ...]:
        """pokerkit allows four bets a round besides a posted big blind; the room's limit games
        allow a bet and three raises, the big blind being the first round's bet."""
        first, *rest = game.streets
        cap = BETS_A_ROUND - 1 if any(self.bets.blinds) else BETS_A_ROUND
        return (replace(first, max_completion_betting_or_raising_count=cap),
                *(replace(street, max_completion_betting_or_raising_count=BETS_A_ROUND) for street in rest))

    def _stakes(self) -> str:
        """"Limits 10/20": the blinds are half a small bet and a small bet unless the table says otherwise."""
        text = f"Limits {self.big_blind}/{2 * self.big_blind}"
        if 2 * self.small_blind != self.big_blind:
            text += f", small blind {self.small_blind}"
        return text + (f", ante {self.ante}" if self.ante else "")


class TripleDrawEngine(FixedLimitTripleDraw):
    """One hand of fixed-limit 2-7 triple draw for 2-6 seats."""

    game: ClassVar[str] = "triple-draw"
    pokerkit_game: ClassVar[type[Poker]] = FixedLimitDeuceToSevenLowballTripleDraw
    hand_types: ClassVar[tuple[type[Hand], ...]] = (StandardLowHand,)

    @property
    def variant(self) -> str:
        return "2-7 triple draw"

    def _hand_name(self, seat: int) -> str:
        return deuce_to_seven_name(self._cards[seat])


class SingleDrawEngine(NamedDrawHand):
    """One hand of no-limit 2-7 single draw for 2-6 seats."""

    game: ClassVar[str] = "single-draw"
    max_seats: ClassVar[int] = 6
    rounds: ClassVar[tuple[str, ...]] = ("pre-draw", "post-draw")
    hand_types: ClassVar[tuple[type[Hand], ...]] = (StandardLowHand,)

    def _read_settings(self, settings: Mapping[str, Any]) -> None:
        self._read_forced_bets(settings)

    def _game(self) -> Poker:
        return self._game_of(NoLimitDeuceToSevenLowballSingleDraw, "no-limit")

    @property
    def variant(self) -> str:
        return "2-7 single draw"

    def _hand_name(self, seat: int) -> str:
        return deuce_to_seven_name(self._cards[seat])
