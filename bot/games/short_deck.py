"""Short-deck hold'em: no-limit hold'em with the 36 cards from six to ace, on the hold'em engine.

``ShortDeckEngine`` subclasses ``HoldemEngine`` (the same seeded dealing, seats, betting, run it twice,
views, log and PHH export, pokerkit's ``NoLimitShortDeckHoldem`` as the game) and changes only what
short deck changes:

- **Deck**: ``SHORT_DECK`` shuffled by the seed (``shuffled_short_deck``), checked by pokerkit against
  its ``Deck.SHORT_DECK_HOLDEM``. Up to 8 seats: 16 hole cards, and a board with its burns twice when
  it runs twice, fit in 36 cards.
- **Ranking**: ``ShortDeckHand`` (``bot/games/short_deck_hands.py``), pokerkit's short-deck order: a
  flush beats a full house, A-6-7-8-9 is the lowest straight, a straight beats three of a kind.
- **Forced bets** (the ``forced`` setting): "button blind" (the default, as the Triton series and most
  short-deck games deal it): every player antes ``ante`` and the button alone posts a blind,
  ``big_blind`` (the button blind, also the least bet); the action starts left of the button and the
  button acts last on every street. "blinds": the small and big blind and an optional ante of hold'em.
- **All-in odds**: the runout figures (``bot/games/runout_equity.py``) count the unseen cards of the
  36 by the short-deck ranking (the rule ``short-deck``).
"""
from __future__ import annotations

from typing import Any, ClassVar, Mapping, Sequence

from pokerkit import Deck, Hand, NoLimitShortDeckHoldem, Poker

from bot.games.forced_bets import ForcedBets
from bot.games.forced_bets import describe as blind_stakes
from bot.games.holdem import HoldemEngine
from bot.games.poker_options import describe
from bot.games.cards import DeckOrder
from bot.games.short_deck_hands import SHORT_DECK_ORDER, ShortDeckHand, hand_name, shuffled_short_deck

BUTTON_BLIND = "button blind"
BLINDS = "blinds"
STRUCTURES = (BUTTON_BLIND, BLINDS)
"""The ``forced`` settings: antes with a button blind, or hold'em's blinds."""


def stakes(settings: Mapping[str, Any], *, short: bool = False) -> str:
    """The stakes as players write them: "Ante 10, button blind 10" (``short``, for the picture's
    heading: "Ante 10, button 10"), or the blinds as hold'em says them."""
    if settings.get("forced", BUTTON_BLIND) != BUTTON_BLIND:
        return blind_stakes(settings)
    button = "button" if short else "button blind"
    return f"Ante {settings.get('ante', 0)}, {button} {settings.get('big_blind', 10)}"


def describe_settings(settings: Mapping[str, Any]) -> str:
    """The stakes and the table's options, as ``/status`` says them."""
    return describe(settings, stakes)


class ShortDeckEngine(HoldemEngine):
    """One hand of no-limit short-deck hold'em for 2-8 seats."""

    game: ClassVar[str] = "short-deck"
    title: ClassVar[str] = "short-deck hold'em"
    variants: ClassVar[Mapping[str, str]] = {"no-limit": "Short deck"}
    """The picture's heading names it short, leaving the stakes room."""
    hand_types: ClassVar[tuple[type[Hand], ...]] = (ShortDeckHand,)
    runout_rule: ClassVar[str] = "short-deck"
    games: ClassVar[Mapping[str, type[Poker]]] = {"no-limit": NoLimitShortDeckHoldem}
    pokerkit_deck: ClassVar[Deck] = Deck.SHORT_DECK_HOLDEM
    max_seats: ClassVar[int] = 8

    def __init__(self, settings: Mapping[str, Any], seats: Sequence[Any], seed: str,
                 carry: Mapping[str, Any]) -> None:
        self.structure = str(settings.get("forced", BUTTON_BLIND))
        super().__init__(settings, seats, seed, carry)

    @property
    def button_blind(self) -> bool:
        return self.structure == BUTTON_BLIND

    def _check_stakes(self) -> None:
        if self.structure not in STRUCTURES:
            raise ValueError(f"forced must be one of {', '.join(STRUCTURES)}, not {self.structure!r}")
        if not self.button_blind:
            super()._check_stakes()
        elif self.ante < 1 or self.big_blind < 1:
            raise ValueError("antes with a button blind need an ante and a button blind of at least 1")

    def _shuffle(self, seed: str) -> Sequence[str]:
        return shuffled_short_deck(seed)

    def deck_order(self) -> DeckOrder:
        return SHORT_DECK_ORDER

    def _forced_bets(self, settings: Mapping[str, Any], stacks: Sequence[int], dealt: Sequence[int]) -> ForcedBets:
        """Everyone's ante and the button's blind; pokerkit reads heads-up blinds the other way round
        (its player 0 posts the second), so there the button's is the first."""
        if not self.button_blind:
            return super()._forced_bets(settings, stacks, dealt)
        count = len(stacks)
        blinds = [0] * count
        blinds[0 if count == 2 else -1] = self.big_blind
        return ForcedBets((self.ante,) * count, tuple(blinds), True, None)

    def _describe_stakes(self, settings: Mapping[str, Any]) -> str:
        return stakes(settings, short=True)

    def _blind_name(self, player: int) -> str:
        return "button blind" if self.button_blind else super()._blind_name(player)

    def _hand_name(self, seat: int, board: int = 0) -> str:
        return hand_name(self._hole[seat] + self._board(board))
