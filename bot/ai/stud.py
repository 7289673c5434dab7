"""The seven-card stud computer player: equity that counts every upcard it can see.

Its equity is sampled against the opponents still in: each keeps the upcards it shows and gets
random cards for its downcards and the cards still to come, drawn from the cards nobody shows
(folded players' upcards are dead and left out too). So a board of four hearts showing across the
table, or an opponent's open pair, lowers the estimate exactly as a player reading the table would.
Betting then follows the draw player's ``bet``; with the lowest upcard it completes a strong hand
and otherwise just brings in. Razz and stud hi-lo's robots (``bot/ai/razz.py``, ``bot/ai/stud_hilo.py``)
play the same way with their own ``share`` of the pot and their own hands worth playing.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Sequence

from bot.ai.draw import Share, bet, high_share, sampled_equity
from bot.ai.holdem import STRONG
from bot.games.base import HIDDEN, Action, ActionSpec

SAMPLES = 200
CARDS_IN_HAND = 7


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """The action for the seat ``view`` belongs to, among ``legal``."""
    return play(view, legal, rng, high_share)


def play(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random, share: Share,
         worth_a_call: Callable[[Sequence[str]], bool] = lambda cards: True) -> Action:
    """The action of a stud game whose pots are shared by ``share``; on third street a hand that is
    not ``worth_a_call`` (its three cards) folds to any bet."""
    specs = {spec.kind: spec for spec in legal}
    me = view["viewer"]
    seats = view["seats"]
    mine = seats[me]["cards"]
    opponents = [i for i, s in enumerate(seats) if i != me and not s["folded"]]
    if len(mine) == 3 and "call" in specs and not worth_a_call(mine):
        return Action("fold")
    win = stud_equity(view, SAMPLES, rng, share)
    if "bring_in" in specs:
        strength = win * (len(opponents) + 1) / 2
        if "raise" in specs and strength >= STRONG:
            return Action("raise", amount=specs["raise"].min_amount)
        return Action("bring_in")
    if HIDDEN in mine:
        return Action("check") if "check" in specs else Action("fold")
    return bet(view, specs, win, len(opponents), rng)


def stud_equity(view: Mapping[str, Any], samples: int, rng: random.Random, share: Share = high_share) -> float:
    """Share of the pot the viewer's seven-card hand wins, given every card it can see."""
    me = view["viewer"]
    seats = view["seats"]
    board = list(view["board"])
    mine = list(seats[me]["cards"])
    shown = [[c for c in s["cards"] if c != HIDDEN] for s in seats]
    known = {c for cards in shown for c in cards} | set(mine) | set(board)
    live = [i for i, s in enumerate(seats) if i != me and not s["folded"]]
    per_hand = _cards_per_hand([mine] + [shown[i] for i in live], 52 - len(known), CARDS_IN_HAND - len(board))

    def deal(draw: Any) -> tuple[list[str], list[list[str]]]:
        hand = mine + draw(per_hand - len(mine)) + board
        others = [shown[i] + draw(per_hand - len(shown[i])) + board for i in live]
        return hand, others

    return sampled_equity(deal, known, samples, rng, share)


def _cards_per_hand(hands: Sequence[Sequence[str]], unseen: int, full: int) -> int:
    """Cards to complete each hand to: seven, or fewer when a full table would empty the deck."""
    for size in range(full, 4, -1):
        if sum(size - len(hand) for hand in hands) <= unseen:
            return size
    return 5
