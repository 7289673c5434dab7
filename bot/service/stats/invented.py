"""Statistics of the room's own games (Saint Poker, Poker Squared, Sigma Poker, Presidential Poker):
deals played, wins, average place and the best hand, read from each stored deal's final public view.

A deal's places come from its outcome: the finishing order when it has one (a Saint Poker game, a
Poker Squared match), else the chips each seat won or lost (a Sigma or Presidential hand), as the
ratings read them. A deal everyone tied (a Presidential deal nobody opened) counts as played but
places nobody. "Best hand" is the best showdown hand by the game's own order: Saint Poker's round
hands, Poker Squared's last showdown, Sigma Poker's matching cells out of nine; Presidential Poker's
hands have no name ordered across deals, so its best hand is the one that won the biggest pot.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from bot.storage.records import PlayedHand

SAINT_ORDER = ("High Card", "One Pair", "Two Pair", "Three of a Kind", "Straight", "Flush", "Full House",
               "Four of a Kind", "Straight Flush")
THREE_CARD_ORDER = ("High card", "Pair", "Flush", "Straight", "Three of a kind", "Straight flush")


@dataclass
class InventedStats:
    deals: int = 0
    placed: int = 0          # deals that separated the players
    wins: int = 0
    place_total: int = 0     # sum of places (1 = first) over the placed deals
    best_hand: str | None = None
    _best_key: tuple[float, ...] = ()
    net: int = 0

    @property
    def average_place(self) -> float | None:
        return self.place_total / self.placed if self.placed else None

    def offer(self, key: tuple[float, ...], name: str) -> None:
        if self.best_hand is None or key > self._best_key:
            self.best_hand, self._best_key = name, key


def place_of(outcome: dict[str, Any], seat: int) -> int | None:
    """1 for first...: from the outcome's ranking, else from the chips each seat won; None on a tie."""
    ranking: list[int] | None = outcome.get("ranking")
    if ranking is None:
        order = sorted(set(outcome["deltas"]), reverse=True)
        ranking = [order.index(d) for d in outcome["deltas"]]
    if len(set(ranking)) < 2:
        return None
    return 1 + sum(other < ranking[seat] for other in ranking)


def _category(order: Sequence[str], name: str) -> tuple[float, ...]:
    matches = [i for i, category in enumerate(order) if name.startswith(category)]
    return (max(matches),) if matches else (-1.0,)


def _saint(view: dict[str, Any], seat: int) -> list[tuple[tuple[float, ...], str]]:
    return [(_category(SAINT_ORDER, r["hand_names"][seat]), r["hand_names"][seat])
            for r in view.get("results", []) if r["hand_names"][seat]]


def _squared(view: dict[str, Any], seat: int) -> list[tuple[tuple[float, ...], str]]:
    shown = view.get("last_showdown") or {}
    ranks = shown.get("ranks") or []
    if seat >= len(ranks) or not ranks[seat] or shown.get("folded") is not None:
        return []
    return [(_category(THREE_CARD_ORDER, ranks[seat]), ranks[seat])]


def _sigma(view: dict[str, Any], seat: int) -> list[tuple[tuple[float, ...], str]]:
    score = view["seats"][seat].get("score")
    return [] if score is None or view["seats"][seat]["folded"] else [((float(score),), f"{score} of 9")]


def _presidential(view: dict[str, Any], seat: int) -> list[tuple[tuple[float, ...], str]]:
    winners = [k for k, s in enumerate(view["seats"]) if s.get("won")]
    if seat not in winners or len(view.get("winners", [])) != len(winners):
        return []
    line = view["winners"][winners.index(seat)]
    hand = line.partition(" with ")[2]
    return [((float(view["seats"][seat]["won"]),), hand)] if hand else []


BEST_HANDS: dict[str, Callable[[dict[str, Any], int], list[tuple[tuple[float, ...], str]]]] = {
    "saint": _saint, "squared": _squared, "sigma": _sigma, "presidential": _presidential}


def invented_stats(game: str, hands: Sequence[PlayedHand]) -> InventedStats:
    stats = InventedStats()
    for hand in hands:
        stats.deals += 1
        stats.net += hand.net
        place = place_of(hand.record["outcome"], hand.seat)
        if place is not None:
            stats.placed += 1
            stats.place_total += place
            stats.wins += place == 1
        for key, name in BEST_HANDS[game](json.loads(hand.export), hand.seat):
            stats.offer(key, name)
    return stats
