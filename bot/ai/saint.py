"""Saint Poker computer player.

Round r is worth r points, so a strong card spent in round 2 is missing in round 7. The player
weighs the points it can win now (a small Monte Carlo estimate of its chance to beat every other
hand) against what the cards it keeps are worth in the rounds to come (``potential``). Early on the
future weighs more, so it spends weak cards; late it plays its strongest hand. At the pickup it
takes the face-up card that adds most to its hand.
"""
from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections import Counter
from itertools import combinations
from typing import Any, Iterable, Mapping, Sequence

from phevaluator import evaluate_cards

from bot.games.base import Action, ActionSpec
from bot.games.cards import DECK, RANKS, SUITS
from bot.games.saint import ROUNDS

RIVER_SAMPLES = 3         # completions of the river tried when choosing the river card
RIVER_OPPONENTS = 4       # hands drawn for the others per completed river (many rivers to try)
REVEAL_OPPONENTS = 16     # hands drawn for the others once the river is known
# How much a point of hand potential is worth, per future round's points. In selfplay against the
# same player with weight 0 (always the best hand now), 0.15 won most often; 0.35 and above less.
FUTURE_WEIGHT = 0.15

# Value of holding 0..4 cards of one rank (counting the next river's known cards of that rank).
_SET_VALUE = (0.0, 0.0, 1.0, 2.6, 4.5)


def card_id(card: str) -> int:
    """phevaluator's card number (rank * 4 + suit), so evaluation skips parsing text."""
    return RANKS.index(card[0]) * 4 + SUITS.index(card[1])


_ID_TO_CARD = {card_id(c): c for c in DECK}


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """The computer player's move for its own seat's view."""
    spec = legal[0]
    hand = [card_id(c) for c in view["hand"]]
    board = [card_id(c) for c in view["future_river"]]
    if spec.kind == "pickup":
        pool = [card_id(c) for c in spec.choices]
        best = max(pool, key=lambda c: (potential(hand + [c], board), c))
        return Action("pickup", cards=(_ID_TO_CARD[best],))
    planner = _Planner(view, hand, board, rng)
    if spec.kind == "river":
        return Action("river", cards=(_ID_TO_CARD[planner.river_card()],))
    return Action("reveal", cards=tuple(_ID_TO_CARD[c] for c in planner.reveal_pair()))


def potential(hand: Iterable[int], board: Sequence[int] = ()) -> float:
    """How promising cards are for later rounds: sets, suits, runs and high cards.

    ``board`` holds the next river's cards already known (the future river): they count with the
    hand's own ranks and suits, since a card matching them is worth more next round.
    """
    cards = list(hand)
    ranks = Counter(c >> 2 for c in cards)
    suits = Counter(c & 3 for c in cards)
    board_ranks = Counter(c >> 2 for c in board)
    board_suits = Counter(c & 3 for c in board)
    value = 0.0
    for rank, count in ranks.items():
        held = min(4, count + board_ranks[rank])
        value += _SET_VALUE[held] * (0.75 + rank / 48) + 0.04 * max(0, rank - 7) * count
    for suit, count in suits.items():
        value += 0.45 * min(3, max(0, count + board_suits[suit] - 2))
    present = set(ranks) | {r for r in board_ranks}
    if 12 in present:
        present.add(-1)  # the ace also plays low in A-2-3-4-5
    run = best = 0
    for rank in range(-1, 13):
        run = run + 1 if rank in present else 0
        best = max(best, run)
    return value + 0.35 * min(3, max(0, best - 2))


class _Planner:
    """The choices of one seat for one decision, with what it can see."""

    def __init__(self, view: Mapping[str, Any], hand: list[int], board: list[int],
                 rng: random.Random) -> None:
        self.hand = hand
        self.board = board
        self.rng = rng
        self.points = int(view["round"])
        self.opponents = len(view["seats"]) - 1
        # Everyone holds the same number of cards at the reveal: 10 - round.
        self.opponent_hand = max(2, 10 - self.points)
        self.river = [card_id(c) for c in view["river"]]
        seen = set(hand) | {card_id(c) for c in view["pending"]} | set(self.river) | set(board)
        for seat in view["seats"]:
            seen |= {card_id(c) for c in seat["revealed"]}
        self.unseen = [c for c in range(52) if c not in seen]
        future_rounds = ROUNDS - self.points
        future_points = sum(range(self.points + 1, ROUNDS + 1))
        self.keep_weight = FUTURE_WEIGHT * future_points / future_rounds if future_rounds else 0.0
        self._kept: dict[frozenset[int], float] = {}

    def reveal_pair(self) -> tuple[int, int]:
        others = self._opponent_ranks(self.river, self.unseen, REVEAL_OPPONENTS)
        return max(combinations(self.hand, 2),
                   key=lambda pair: self._utility(self.river, pair, others, frozenset(pair)))

    def river_card(self) -> int:
        known = self.river  # the deck's cards of the river; each player adds one more
        totals = dict.fromkeys(self.hand, 0.0)
        for _ in range(RIVER_SAMPLES):
            fill = self.rng.sample(self.unseen, self.opponents)
            rest = [c for c in self.unseen if c not in fill]
            for card in self.hand:
                river = known + [card] + fill
                others = self._opponent_ranks(river, rest, RIVER_OPPONENTS)
                pairs = combinations([c for c in self.hand if c != card], 2)
                totals[card] += max(
                    self._utility(river, pair, others, frozenset((card, *pair)))
                    for pair in pairs)
        return max(self.hand, key=lambda c: (totals[c], -c))

    def _utility(self, river: list[int], pair: Sequence[int], others: list[int],
                 spent: frozenset[int]) -> float:
        """Expected points now plus the weighted potential of the cards kept."""
        rank = evaluate_cards(*river, *pair)
        beaten = len(others) - bisect_right(others, rank)
        tied = bisect_right(others, rank) - bisect_left(others, rank)
        win = ((beaten + 0.5 * tied) / len(others)) ** self.opponents
        return self.points * win + self.keep_weight * self._kept_potential(spent)

    def _kept_potential(self, spent: frozenset[int]) -> float:
        if spent not in self._kept:
            self._kept[spent] = potential((c for c in self.hand if c not in spent), self.board)
        return self._kept[spent]

    def _opponent_ranks(self, river: list[int], pool: list[int], samples: int) -> list[int]:
        """Sorted best ranks of a few hands the others might hold, each playing its best two."""
        ranks = []
        size = min(self.opponent_hand, len(pool))
        for _ in range(samples):
            held = self.rng.sample(pool, size)
            ranks.append(min(evaluate_cards(*river, a, b) for a, b in combinations(held, 2)))
        return sorted(ranks)
