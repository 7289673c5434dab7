"""The five-card draw computer player: draws by the book, bets on Monte Carlo equity.

- **The draw** keeps made hands (a straight or better stands pat; trips, two pair and a pair keep
  their cards), draws one to four to a flush or an open-ended straight, and otherwise keeps its
  highest card when it is an ace or king (drawing four) or its two highest (drawing three).
- **Betting** (shared with stud through ``bet``): the equity of the hand against as many random
  hands as there are opponents, scaled so that 0.5 is an average hand however many are in; raise
  when strong, call when the equity pays for the call, bet for value when checked to, else
  check or fold. Before the draw the equity is that of the cards it will keep plus random ones.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable, Mapping, Sequence

from phevaluator import evaluate_cards

from bot.ai.equity import CARD_ID
from bot.ai.holdem import STRONG, VALUE, answer_bet, pot_and_call, raise_to
from bot.games.base import HIDDEN, Action, ActionSpec
from bot.games.cards import DECK

SAMPLES = 200
_ORDER = "23456789TJQKA"
_STRAIGHT = 1609    # phevaluator ranks up to this are a straight or better


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """The action for the seat ``view`` belongs to, among ``legal``."""
    specs = {spec.kind: spec for spec in legal}
    hand = view["seats"][view["viewer"]]["cards"]
    if "discard" in specs:
        discards = choose_discards(hand)
        return Action("discard", cards=discards) if discards else Action("stand_pat")
    if not hand or HIDDEN in hand:
        return Action("check") if "check" in specs else Action("fold")
    keep = hand if view["street"] != "before the draw" else [c for c in hand if c not in choose_discards(hand)]
    opponents = sum(1 for i, s in enumerate(view["seats"]) if i != view["viewer"] and not s["folded"])
    return bet(view, specs, draw_equity(keep, opponents, SAMPLES, rng), opponents, rng)


def choose_discards(hand: Sequence[str]) -> tuple[str, ...]:
    """The cards to throw away from a five-card hand, by the usual draw-poker rules of thumb."""
    if len(hand) != 5 or evaluate_cards(*hand) <= _STRAIGHT:
        return ()
    counts = Counter(card[0] for card in hand)
    if max(counts.values()) >= 2:
        return tuple(c for c in hand if counts[c[0]] == 1)
    suits = Counter(card[1] for card in hand)
    suit, many = suits.most_common(1)[0]
    if many == 4:
        return tuple(c for c in hand if c[1] != suit)
    outside = _open_ended_outsider(hand)
    if outside is not None:
        return (outside,)
    ranked = sorted(hand, key=lambda c: _ORDER.index(c[0]), reverse=True)
    keep = 1 if ranked[0][0] in "AK" else 2
    return tuple(ranked[keep:])


def _open_ended_outsider(hand: Sequence[str]) -> str | None:
    """The card to draw to when the other four make an open-ended straight draw, else None."""
    for card in hand:
        others = sorted(_ORDER.index(c[0]) for c in hand if c != card)
        if others == list(range(others[0], others[0] + 4)) and 0 < others[0] and others[3] < 12:
            return card
    return None


Share = Callable[[list[str], list[list[str]]], float]
"""The pot share a hand wins against the others' hands (1.0 alone, split on a tie, 0.0 beaten)."""


def share_by(rank: Callable[[list[str]], Any]) -> Share:
    """The share function of a game whose hands compare by ``rank``, the lowest best."""
    def share(mine: list[str], others: list[list[str]]) -> float:
        mine_rank = rank(mine)
        ranks = [rank(hand) for hand in others]
        if not ranks:
            return 1.0
        best = min(ranks)
        if mine_rank < best:
            return 1.0
        return 1.0 / (ranks.count(best) + 1) if mine_rank == best else 0.0
    return share


def high_rank(cards: list[str]) -> int:
    """phevaluator's rank of a high hand of 5-7 cards: 1 is a royal flush, the lowest best."""
    return int(evaluate_cards(*(CARD_ID[c] for c in cards)))


high_share = share_by(high_rank)


def draw_equity(keep: Sequence[str], opponents: int, samples: int, rng: random.Random) -> float:
    """Share of the pot the kept cards (topped up at random to five) win against random hands."""
    return sampled_equity(lambda draw: ([*keep, *draw(5 - len(keep))],
                                        [draw(5) for _ in range(opponents)]),
                          set(keep), samples, rng)


def drawing_equity(keep: Sequence[str], size: int, opponents: int, samples: int, rng: random.Random,
                   share: Share, redraw: Callable[[list[str]], Sequence[str]]) -> float:
    """Share of the pot the kept cards (topped up at random to ``size``) win against random hands that
    draw too: each opponent throws what ``redraw`` says and takes as many cards, once, while the unseen
    cards last (a table's last draws are played against hands that improve as well)."""
    unseen = len(DECK) - len(keep)

    def deal(draw: Callable[[int], list[str]]) -> tuple[list[str], list[list[str]]]:
        left = unseen - size * (opponents + 1) + len(keep)
        mine = [*keep, *draw(size - len(keep))]
        others = []
        for _ in range(opponents):
            hand = draw(size)
            thrown = redraw(hand)
            if len(thrown) <= left:
                left -= len(thrown)
                hand = [c for c in hand if c not in thrown] + draw(len(thrown))
            others.append(hand)
        return mine, others

    return sampled_equity(deal, set(keep), samples, rng, share)


def sampled_equity(deal: Callable[[Callable[[int], list[str]]], tuple[list[str], list[list[str]]]],
                   known: set[str], samples: int, rng: random.Random, share: Share = high_share) -> float:
    """Monte Carlo equity: ``deal(draw)`` builds my hand and the opponents' from unseen cards, and
    ``share`` says what part of the pot mine wins."""
    unseen = [c for c in DECK if c not in known]
    won = 0.0
    for _ in range(samples):
        pool = rng.sample(unseen, len(unseen))

        def draw(k: int) -> list[str]:
            taken = pool[-k:] if k else []
            del pool[len(pool) - k:]
            return taken

        mine, others = deal(draw)
        won += share(mine, others)
    return won / samples


def bet(view: Mapping[str, Any], specs: Mapping[str, ActionSpec], win: float, opponents: int,
        rng: random.Random) -> Action:
    """A betting decision from the equity ``win`` against ``opponents``: facing a bet as hold'em
    does; checked to, bet for value (or, rarely, as a bluff), else check."""
    strength = win * (opponents + 1) / 2
    seats = view["seats"]
    pot, to_call = pot_and_call(view, specs)
    if to_call:
        return answer_bet(specs, seats, pot, to_call, win, strength)
    raise_spec = specs.get("raise")
    if raise_spec and (strength >= VALUE or rng.random() < 0.03):
        return raise_to(raise_spec, seats, pot, 0, 0.5 + 0.5 * (strength >= STRONG))
    return Action("check") if "check" in specs else Action("fold")
