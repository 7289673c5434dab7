"""The gin rummy computer player.

It reads only its own seat's view: its cards, the discard pile, and what the opponent did in the
open (cards picked from the pile, discards, upcards passed over). From those it keeps track of the
cards still unseen, which ones the opponent surely holds, and which ones the opponent showed no use
for. It

- takes the discard only when the card goes into a meld (or lets it knock at once);
- discards to keep deadwood low and draws to live meld chances, holding back cards that fit what
  the opponent picked up and preferring cards the opponent threw or passed over;
- knocks as soon as it can early in the hand and, as the stock runs down and undercuts get likelier,
  only with less deadwood; with one card to go it waits for gin while the stock is still deep;
- lays off the cards that leave the least deadwood (``gin_melds.best_layoffs``).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from bot.games import gin_melds
from bot.games.base import Action, ActionSpec
from bot.games.cards import DECK

FULL_STOCK = 31
"""Cards in the stock after the deal; the hand is drawn when 2 are left."""
EARLY_STOCK = 20
"""While this many cards are left in the stock, knock with any legal count."""
LATE_KNOCK = 4
"""With the stock nearly gone, knock only with this much deadwood or less."""
GIN_CHASE_DEADWOOD = 2
GIN_CHASE_OUTS = 3
GIN_CHASE_STOCK = 16
"""Rather than knock, wait for gin with one deadwood card of at most GIN_CHASE_DEADWOOD points, at
least GIN_CHASE_OUTS unseen cards that would make it gin and GIN_CHASE_STOCK cards in the stock."""
OUT_WEIGHT = 2.5
"""Deadwood points one live out is worth when choosing a discard (scaled down as the stock runs out)."""
DANGER = 3.0
"""Deadwood points it is worth not to hand the opponent a card that fits what they picked up."""


@dataclass(frozen=True)
class Memory:
    """What the view says about cards beyond our own hand."""

    unseen: frozenset[str]        # in the stock or the opponent's hand
    opponent_holds: frozenset[str]  # picked from the pile and not thrown back
    opponent_spurned: frozenset[str]  # discarded or passed over by the opponent

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> "Memory":
        me = view["viewer"]
        opponent = view["players"][1 - me]
        mine = set(view["players"][me]["cards"])
        pile = set(view["discard_pile"])
        laid = {layoff["card"] for layoff in (view["showdown"] or {}).get("layoffs", [])}
        holds = set(opponent["picked"]) - pile - mine - laid
        return cls(unseen=frozenset(set(DECK) - mine - pile - holds - laid),
                   opponent_holds=frozenset(holds),
                   opponent_spurned=frozenset(opponent["discarded"]) | frozenset(opponent["declined"]))


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """The computer player's move in ``view`` (its own seat's view), one of ``legal``."""
    specs = {spec.kind: spec for spec in legal}
    hand: list[str] = view["players"][view["viewer"]]["cards"]
    memory = Memory.from_view(view)
    stock = view["stock_count"]
    if "layoff" in specs:
        plan = gin_melds.best_layoffs(hand, view["showdown"]["table"])[1]
        if plan:
            card, meld = plan[0]
            return Action("layoff", cards=(card,), target=str(meld))
        return Action("done")
    if "big_gin" in specs:
        return Action("big_gin")
    if "gin" in specs:
        return Action("gin", cards=(_best_discard(hand, specs["gin"].choices, memory, stock),))
    if "discard" in specs:
        return _discard_or_knock(view, hand, specs, memory)
    take = "take_upcard" if "take_upcard" in specs else "draw_discard"
    if take in specs and _wants(hand, view["discard_top"], stock, view["knock_limit"]):
        return Action(take)
    return Action("draw_stock" if "draw_stock" in specs else "pass")


def _discard_or_knock(view: Mapping[str, Any], hand: list[str], specs: dict[str, ActionSpec],
                      memory: Memory) -> Action:
    stock = view["stock_count"]
    if "knock" in specs:
        left = gin_melds.deadwood_after_discards(hand)
        lowest = min(left[card] for card in specs["knock"].choices)
        best = [card for card in specs["knock"].choices if left[card] == lowest]
        card = _best_discard(hand, best, memory, stock)
        rest = [c for c in hand if c != card]
        chase = (lowest <= GIN_CHASE_DEADWOOD and stock >= GIN_CHASE_STOCK
                 and _gin_outs(rest, memory) >= GIN_CHASE_OUTS)
        if not chase and _should_knock(lowest, stock, view["knock_limit"]):
            return Action("knock", cards=(card,))
    return Action("discard", cards=(_best_discard(hand, specs["discard"].choices, memory, stock),))


def _should_knock(deadwood: int, stock: int, limit: int) -> bool:
    """Early any legal knock; as the stock runs down, only lower ones."""
    if stock >= EARLY_STOCK:
        return deadwood <= limit
    share = (stock - 2) / (EARLY_STOCK - 2)
    return deadwood <= LATE_KNOCK + share * (limit - LATE_KNOCK)


def _gin_outs(cards: Sequence[str], memory: Memory) -> int:
    """Unseen cards that would make these ten cards gin (with one of them discarded)."""
    arrangement = gin_melds.best_arrangement(cards)
    if len(arrangement.deadwood) != 1:
        return 0
    return sum(1 for card in memory.unseen
               if min(gin_melds.deadwood_after_discards([*cards, card]).values()) == 0)


def _wants(hand: Sequence[str], card: str | None, stock: int, limit: int) -> bool:
    """Take ``card`` from the pile if it goes into a meld, or if it lets us knock right away."""
    if card is None:
        return False
    now = gin_melds.deadwood(hand)
    taken = [*hand, card]
    left = gin_melds.deadwood_after_discards(taken)
    discard = min((c for c in taken if c != card), key=lambda c: left[c])
    after = left[discard]
    if after >= now:
        return False
    rest = [c for c in taken if c != discard]
    melded = any(card in meld for meld in gin_melds.best_arrangement(rest).melds)
    return melded or _should_knock(after, stock, limit)


def _best_discard(hand: Sequence[str], options: Sequence[str], memory: Memory, stock: int) -> str:
    """The option with the lowest cost: deadwood left, minus live chances, plus the risk of feeding
    the opponent. Ties go to the higher card, then the card order, so play is repeatable."""
    left = gin_melds.deadwood_after_discards(hand)
    weight = OUT_WEIGHT * (stock - 2) / (FULL_STOCK - 2)

    def cost(card: str) -> tuple[float, int, str]:
        rest = [c for c in hand if c != card]
        value = left[card] - weight * _live_outs(rest, memory) + DANGER * _danger(card, memory)
        return value, -gin_melds.card_points(card), card

    return min(options, key=cost)


def _live_outs(cards: Sequence[str], memory: Memory) -> int:
    """Unseen cards that would complete a three-card meld with two of our deadwood cards."""
    deadwood = gin_melds.best_arrangement(cards).deadwood
    outs: set[str] = set()
    for i, first in enumerate(deadwood):
        for second in deadwood[i + 1:]:
            outs.update(card for card in _completions(first, second) if card in memory.unseen)
    return len(outs)


def _completions(first: str, second: str) -> list[str]:
    """Cards that would make a three-card meld with these two: the rest of the set, or the run's
    missing middle or ends."""
    ranks = gin_melds.RANK_ORDER
    if first[0] == second[0]:
        return [first[0] + suit for suit in gin_melds.SUIT_ORDER if suit not in (first[1], second[1])]
    if first[1] != second[1]:
        return []
    low, high = sorted((ranks.index(first[0]), ranks.index(second[0])))
    if high - low == 2:
        return [ranks[low + 1] + first[1]]
    if high - low == 1:
        return [ranks[r] + first[1] for r in (low - 1, high + 1) if 0 <= r < len(ranks)]
    return []


def _danger(card: str, memory: Memory) -> float:
    """How likely the opponent wants ``card``: 1 if it fits a card they picked up, less when they
    threw away or passed over its neighbours."""
    ranks = gin_melds.RANK_ORDER
    rank, suit = ranks.index(card[0]), card[1]
    near = {card[0] + s for s in gin_melds.SUIT_ORDER} | {
        ranks[r] + suit for r in (rank - 2, rank - 1, rank + 1, rank + 2) if 0 <= r < len(ranks)}
    near.discard(card)
    if near & memory.opponent_holds:
        return 1.0
    if card in memory.opponent_spurned or near & memory.opponent_spurned:
        return 0.0
    return 0.25
