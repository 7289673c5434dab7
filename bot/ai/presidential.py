"""Presidential Poker computer player: draws toward the best rank it can reach, bets by its chance
to win.

Everything comes from the seat's own view: the cards it has not seen (the 65 outside its hand) are
equally likely to come in the draw or to sit in an opponent's hand.

- Draw: every keep (each subset of the seven cards) is scored by the mean rank strength of a few
  random completions; the best few keeps are then scored again with more completions, and the best
  of those is kept. Standing pat is scored exactly. About 560 hand rankings: ~15 ms.
- Betting: its final rank is known after the draw; before it, the completions of its best keep
  stand for it. The chance to beat one opponent comes from ``FINAL_RANKS``, how often each rank
  ends a hand after such a draw; against several opponents it is that chance to the power of their
  number. Open with better chances than an average hand, raise when clearly ahead of that, call
  when the pot pays for it, else check or fold, with a rare bluff.
"""
from __future__ import annotations

import random
from itertools import combinations
from typing import Any, Mapping, Sequence

from bot.ai.betting import bet_by_chance
from bot.games.base import Action, ActionSpec
from bot.games.presidential_eval import HAND_SIZE, rank_strength
from bot.games.sixchex import DECK

SCREEN_SAMPLES = 3
REFINE_KEEPS = 6
REFINE_SAMPLES = 30

FINAL_RANKS: dict[int, float] = {
    1: 0.006, 2: 0.178, 3: 0.342, 4: 0.037, 5: 0.274, 6: 0.144, 7: 0.018, 10: 0.001,
}
"""Share of hands ending at each rank strength after this player's draw (1,400 random deals; the
ranks 8 and above, about 1 in 1,000 together, are lumped at 10)."""


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    kinds = {spec.kind: spec for spec in legal}
    hand = [card["code"] for card in view["seats"][view["viewer"]]["cards"]]
    if "discard" in kinds:
        keep, _ = best_keep(hand, rng)
        return Action("discard", cards=tuple(card for card in hand if card not in keep))
    if view["phase"] == "betting1":
        _, outcomes = best_keep(hand, rng)
    else:
        outcomes = [rank_strength(hand)]
    return _bet(view, kinds, _win_chance(view, outcomes), rng)


def best_keep(hand: Sequence[str], rng: random.Random) -> tuple[tuple[str, ...], list[int]]:
    """The cards to keep for the best expected rank, and the rank strengths its samples reached."""
    unseen = [card for card in DECK if card not in hand]
    pat = rank_strength(hand)
    screened: list[tuple[float, tuple[str, ...], list[int]]] = []
    for size in range(HAND_SIZE):
        for keep in combinations(hand, size):
            samples = _complete(keep, unseen, SCREEN_SAMPLES, rng)
            screened.append((sum(samples) / len(samples), keep, samples))
    screened.sort(key=lambda item: item[0], reverse=True)
    finalists = [(float(pat), tuple(hand), [pat])]  # standing pat is known exactly
    for _, keep, _ in screened[:REFINE_KEEPS]:
        samples = _complete(keep, unseen, REFINE_SAMPLES, rng)
        finalists.append((sum(samples) / len(samples), keep, samples))
    _, keep, samples = max(finalists, key=lambda item: item[0])
    return keep, samples


def _complete(keep: Sequence[str], unseen: Sequence[str], count: int, rng: random.Random) -> list[int]:
    missing = HAND_SIZE - len(keep)
    return [rank_strength([*keep, *rng.sample(unseen, missing)]) for _ in range(count)]


def beat_chance(strength: int) -> float:
    """Chance to beat one opponent's final hand with a hand of ``strength`` (a tie counts half)."""
    below = sum(share for rank, share in FINAL_RANKS.items() if rank < strength)
    return below + FINAL_RANKS.get(strength, 0.0) / 2


def _win_chance(view: Mapping[str, Any], outcomes: Sequence[int]) -> float:
    opponents = sum(not s["folded"] for s in view["seats"]) - 1
    return sum(beat_chance(s) ** opponents for s in outcomes) / len(outcomes)


def fair_share(opponents: int) -> float:
    """The chance an average final hand has to beat ``opponents`` others (ties count half)."""
    return sum(share * beat_chance(rank) ** opponents for rank, share in FINAL_RANKS.items())


def _bet(view: Mapping[str, Any], kinds: Mapping[str, ActionSpec], chance: float,
         rng: random.Random) -> Action:
    opponents = sum(not s["folded"] for s in view["seats"]) - 1
    # Opening needs only a fair share: if nobody opens, the deal is void and the antes ride on.
    opening = view["phase"] == "betting1" and view["current_bet"] == 0
    return bet_by_chance(view, kinds, chance, fair_share(opponents) * (1.0 if opening else 1.5), rng)
