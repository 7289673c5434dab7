"""Omaha and Omaha hi-lo (eight or better), on the hold'em engine with pokerkit's Omaha streets.

Omaha is hold'em with four hole cards of which a hand uses **exactly two**, with **exactly three**
of the board. ``OmahaEngine`` and ``OmahaHiLoEngine`` subclass ``HoldemEngine`` (same seeded
dealing, seat mapping, betting, views and log) and change only what differs:

- **pokerkit game**: one per game and limit (``games``; pokerkit's, or ``bot/games/phh.py``'s where
  pokerkit has none): its streets (four hole cards; fixed-limit: small bet = big blind, big bet
  twice that) and its PHH variant code. The betting structure follows the ``limit`` setting
  (pot-limit by default).
- **Ranking**: ``FastOmahaHighHand`` ranks with phevaluator's ``evaluate_omaha_cards``;
  ``FastOmahaLowHand`` is the eight-or-better low with the same 2 + 3 rule, computed directly
  (five distinct ranks eight or lower, aces low; straights and flushes do not count).
- **Hi-lo split**: pokerkit splits each pot between the best high and the best qualifying low, gives
  the odd chip to the high half, and lets the high hand scoop when no low qualifies. The winners
  lines say which half each player won and with what.

PHH: the specification's "PO" (pot-limit Omaha) and "FO/8" (fixed-limit Omaha hi-lo), the room's
codes "NO", "FO", "PO/8" and "NO/8" for the others (``bot/games/phh.py``).
"""
from __future__ import annotations

from abc import abstractmethod
from itertools import combinations
from typing import Any, ClassVar, Iterable, Mapping, Sequence

from phevaluator import evaluate_cards, evaluate_omaha_cards
from pokerkit import (
    BettingStructure,
    Card,
    ChipsPushing,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    Hand,
    Operation,
    Poker,
    PotLimitOmahaHoldem,
    State,
)
from pokerkit.lookups import Entry, EightOrBetterLookup, Label, StandardLookup

from bot.games.base import ActionSpec, Seat as TableSeat
from bot.games.equity import CARD_ID
from bot.games.hilo_state import LOW, HiLoState, winner_line
from bot.games.high_hands import PHEVALUATOR_ID, WORST_RANK, PrecomputedHand, hand_name, rank_label
from bot.games.holdem import HoldemEngine
from bot.games.low_hands import ace_to_five_name
from bot.games.phh import (
    FixedLimitOmahaHoldem,
    NoLimitOmahaHoldem,
    NoLimitOmahaHoldemHighLowSplitEightOrBetter,
    PotLimitOmahaHoldemHighLowSplitEightOrBetter,
)

"""Indexes of the hand types in a hi-lo game (pokerkit's ``hand_type_index``)."""
_LOW_RANK = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8}
_STRUCTURES = {"pot-limit": BettingStructure.POT_LIMIT, "no-limit": BettingStructure.NO_LIMIT,
               "fixed-limit": BettingStructure.FIXED_LIMIT}
_LOW_OF_NUMBER = {number: _LOW_RANK.get(code[0], 0) for code, number in CARD_ID.items()}
"""phevaluator card number -> its low rank (ace 1), 0 for a nine or higher."""


# ---------------------------------------------------------------------------------------------
# Ranking: exactly two hole cards and three board cards


def best_high(hole: Sequence[str], board: Sequence[str]) -> tuple[int, tuple[str, ...]]:
    """phevaluator rank (smaller is better) of the best Omaha high hand and its five cards; at least two
    hole cards and three board cards (else ``min`` finds no hand and raises ``ValueError``)."""
    return min((evaluate_cards(*two, *three), two + three)
               for two in combinations(hole, 2) for three in combinations(board, 3))


def best_low(hole: Sequence[str], board: Sequence[str]) -> tuple[int, ...] | None:
    """The best eight-or-better low from two hole cards and three board cards, highest rank first
    (aces are 1): (8, 6, 4, 3, 1) for 8-6-4-3-A; ``None`` when no low qualifies. Smaller is better."""
    return _best_low_of_ranks({_LOW_RANK[c[0]] for c in hole if c[0] in _LOW_RANK},
                              {_LOW_RANK[c[0]] for c in board if c[0] in _LOW_RANK})


def best_low_numbers(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...] | None:
    """``best_low`` of cards given as phevaluator numbers (``bot.games.equity.CARD_ID``), for equity."""
    return _best_low_of_ranks({_LOW_OF_NUMBER[c] for c in hole} - {0}, {_LOW_OF_NUMBER[c] for c in board} - {0})


def _best_low_of_ranks(hole_set: set[int], board_set: set[int]) -> tuple[int, ...] | None:
    """The best low from two of the hole's distinct low ranks and three of the board's."""
    if len(hole_set) < 2 or len(board_set) < 3:
        return None
    hole_ranks, board_ranks = sorted(hole_set), sorted(board_set)
    best: tuple[int, ...] | None = None
    for two in combinations(hole_ranks, 2):
        for three in combinations(board_ranks, 3):
            ranks = set(two) | set(three)
            if len(ranks) == 5:
                low = tuple(sorted(ranks, reverse=True))
                if best is None or low < best:
                    best = low
    return best


def high_name(hole: Sequence[str], board: Sequence[str]) -> str:
    """ "Two pair, Aces and Kings", from exactly two hole cards and three board cards."""
    return hand_name(best_high(hole, board)[1])


def _codes(cards: Iterable[Card]) -> list[str]:
    return [repr(card) for card in cards]


class _RankedHand(PrecomputedHand):
    """A hand ranked from its hole and board cards apart (``from_game`` passes both)."""

    @abstractmethod
    def __init__(self, hole: Sequence[Card], board: Sequence[Card]) -> None:
        """Set ``_cards`` and ``_entry`` from the hole and board cards (``from_game`` passes both)."""

    @classmethod
    def from_game(cls, hole_cards: Any, board_cards: Any = ()) -> "_RankedHand":
        # pokerkit passes one-shot iterators: read each exactly once.
        return cls(Card.clean(hole_cards), Card.clean(board_cards))


class FastOmahaHighHand(_RankedHand):
    """pokerkit's ``OmahaHoldemHand`` order (2 hole + 3 board), ranked by phevaluator."""

    lookup: ClassVar[StandardLookup] = StandardLookup()
    low: ClassVar[bool] = False

    def __init__(self, hole: Sequence[Card], board: Sequence[Card]) -> None:
        # Hand.__init__ is not called: it checks the cards against the 5-card lookup.
        self._cards = tuple(hole) + tuple(board)
        # pokerkit ranks hands at showdown only (the board complete), and asks for a mucked hand's
        # too, which has no hole cards: phevaluator refuses any but 4 + 5 cards with ValueError,
        # which pokerkit reads as no hand.
        rank = evaluate_omaha_cards(*(PHEVALUATOR_ID[c] for c in board), *(PHEVALUATOR_ID[c] for c in hole))
        self._entry = Entry(WORST_RANK - rank, rank_label(rank))


class FastOmahaLowHand(_RankedHand):
    """pokerkit's ``OmahaEightOrBetterLowHand`` order, computed from ranks (no lookup table).

    The entry index encodes the low's ranks highest first, so a smaller index is a better low
    (pokerkit compares low hands that way round). No qualifying low raises ``ValueError``, which
    pokerkit reads as "no hand for this half".
    """

    lookup: ClassVar[EightOrBetterLookup] = EightOrBetterLookup()
    low: ClassVar[bool] = True

    def __init__(self, hole: Sequence[Card], board: Sequence[Card]) -> None:
        self._cards = tuple(hole) + tuple(board)
        low = best_low(_codes(hole), _codes(board))
        if low is None:
            raise ValueError("No eight-or-better low.")
        index = 0
        for rank in low:
            index = index * 16 + rank
        self._entry = Entry(index, Label.HIGH_CARD)


# ---------------------------------------------------------------------------------------------
# The engines


class OmahaEngine(HoldemEngine):
    """One hand of Omaha high (pot-limit by default, no-limit or fixed-limit) for 2-10 seats."""

    game: ClassVar[str] = "omaha"
    runout_rule: ClassVar[str] = "omaha"
    title: ClassVar[str] = "Omaha"
    default_limit: ClassVar[str] = "pot-limit"
    variants: ClassVar[Mapping[str, str]] = {
        "pot-limit": "Pot-limit Omaha",
        "no-limit": "No-limit Omaha",
        "fixed-limit": "Fixed-limit Omaha",
    }
    hand_types: ClassVar[tuple[type[Hand], ...]] = (FastOmahaHighHand,)
    games: ClassVar[Mapping[str, type[Poker]]] = {
        "pot-limit": PotLimitOmahaHoldem, "no-limit": NoLimitOmahaHoldem, "fixed-limit": FixedLimitOmahaHoldem}

    def _betting_structure(self) -> BettingStructure:
        """From the ``limit`` setting: pokerkit's fixed-limit Omaha hi-lo declares pot-limit betting."""
        return _STRUCTURES[self.limit]

    def _hand_name(self, seat: int, board: int = 0) -> str:
        return high_name(self._hole[seat], self._board(board))

    def legal_actions(self, seat: int) -> list[ActionSpec]:
        """Hold'em's actions; at pot-limit the Raise (or Bet) button shows the pot-limit maximum."""
        specs = super().legal_actions(seat)
        if self.limit != "pot-limit":
            return specs
        return [ActionSpec(s.kind, f"{s.label} (max {s.max_amount})", s.min_amount, s.max_amount,
                           presets=s.presets) if s.kind == "raise" else s for s in specs]


class OmahaHiLoEngine(OmahaEngine):
    """One hand of Omaha hi-lo, eight or better: each pot split between the best high and the best
    qualifying low (odd chip to the high), scooped by the high when no low qualifies."""

    game: ClassVar[str] = "omaha-hilo"
    runout_rule: ClassVar[str] = "omaha-hilo"
    title: ClassVar[str] = "Omaha hi-lo"
    variants: ClassVar[Mapping[str, str]] = {
        "pot-limit": "Pot-limit Omaha hi-lo",
        "no-limit": "No-limit Omaha hi-lo",
        "fixed-limit": "Fixed-limit Omaha hi-lo",
    }
    hand_types: ClassVar[tuple[type[Hand], ...]] = (FastOmahaHighHand, FastOmahaLowHand)
    games: ClassVar[Mapping[str, type[Poker]]] = {
        "pot-limit": PotLimitOmahaHoldemHighLowSplitEightOrBetter,
        "no-limit": NoLimitOmahaHoldemHighLowSplitEightOrBetter,
        "fixed-limit": FixedLimitOmahaHoldemHighLowSplitEightOrBetter}
    state_class: ClassVar[type[State]] = HiLoState

    def __init__(self, settings: Mapping[str, Any], seats: Sequence[TableSeat], seed: str,
                 carry: Mapping[str, Any]) -> None:
        # Chips won per seat from each half (None: a pot pokerkit pays without a half, because the
        # others folded or were beaten for both); filled while the base constructor already plays
        # pokerkit's first automatic steps.
        self._halves: dict[tuple[int, int], list[dict[int | None, int]]] = {}  # by board and pot, as _won_by_pot
        super().__init__(settings, seats, seed, carry)

    def _hand_name(self, seat: int, board: int = 0) -> str:
        cards = self._board(board)
        low = best_low(self._hole[seat], cards)
        high = high_name(self._hole[seat], cards)
        return f"{high}; {ace_to_five_name(low)}" if low else high

    def _describe(self, operations: Sequence[Operation]) -> list[str]:
        for op in operations:
            if isinstance(op, ChipsPushing):
                for player, amount in enumerate(op.amounts):
                    if amount:
                        by_seat = self._halves.setdefault((self._board_of(op), op.pot_index), [{} for _ in self.seats])
                        halves = by_seat[self._seat_of(player)]
                        halves[op.hand_type_index] = halves.get(op.hand_type_index, 0) + amount
        return super()._describe(operations)

    def _winners(self) -> list[str]:
        """Who won which half and with what: "Ann wins 60 (high) with Flush, Ace high",
        "Bob wins 60 (low) with 8-6 low: 8-6-4-3-A", "Ann wins 120 (high, no low qualifies) with ..."; each
        board's when the board ran twice."""
        if not self.finished:
            return []
        if not self._runouts.twice:
            return self._board_winners(0)
        return super()._winners()

    def _board_winners(self, board: int, pot: int | None = None) -> list[str]:
        cards = self._board(board)
        board_halves: list[dict[int | None, int]] = [{} for _ in self.seats]  # one pot's, or all pots' summed
        for (on, paid_from), by_seat in self._halves.items():
            if on == board and pot in (None, paid_from):
                for mine, paid in zip(board_halves, by_seat):
                    for half, chips in paid.items():
                        mine[half] = mine.get(half, 0) + chips
        any_low = any(LOW in halves for halves in board_halves)
        lines = []
        for seat, halves in enumerate(board_halves):
            total = sum(halves.values())
            if not total:
                continue
            line = f"{self.seats[seat].name} wins {total}"
            if not self._shown_names[seat]:  # everyone else folded
                lines.append(line)
                continue
            low = best_low(self._hole[seat], cards)
            lines.append(winner_line(line, halves, any_low, high_name(self._hole[seat], cards),
                                     None if low is None else ace_to_five_name(low)))
        return lines
