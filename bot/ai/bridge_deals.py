"""What a bridge robot knows of the play, and the deals of the cards it cannot see that agree with it.

A robot sees its own hand, dummy after the opening lead, the cards played and the auction. The
hidden hands are dealt at random, many times, in ways that keep each hand's card count and the suits
a player has shown out of, and as far as a few shuffles allow, what each player's calls promised and
what partner's lead and signals said (``bridge_carding``). When so few layouts agree with what it
knows that they can all be listed (declarer or partner has shown out, or few cards are left), the
robot takes each of them once instead: with one layout the double-dummy answer is exact.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Mapping, Sequence

from endplay.types import Deal, Denom, Player

from bot.ai.bridge_bidding import HandInfo, Shown
from bot.ai.bridge_carding import Play, Read, misreads, reads
from bot.games.base import HIDDEN
from bot.games.bridge import endplay_card, pbn_hand
from bot.games.cards import DECK

SOFT_TRIES = 60
"""Shuffles tried per sample to also match the auction's promises and partner's carding before
settling for the deal that breaks the fewest."""

Hands = dict[int, list[str]]


@dataclass(frozen=True)
class Table:
    """The play as one robot knows it."""

    hands: Hands                         # seats whose remaining cards the robot sees
    counts: list[int]                    # remaining cards per seat
    unseen: list[str]                    # cards neither seen nor played
    voids: dict[int, set[str]]           # seat -> suits (lowercase) it has shown out of
    played: dict[int, list[str]]         # seat -> cards it has played
    leader: int
    trick: list[str]
    trump: Denom
    history: tuple[Play, ...]            # every card played, in order, with its seat
    declarer: int
    reads: tuple[Read, ...]              # partner's lead and signals, when the robot defends

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % 4


def read_table(view: Mapping[str, Any]) -> Table:
    seats = view["seats"]
    hands = {i: list(s["cards"]) for i, s in enumerate(seats) if HIDDEN not in s["cards"]}
    play = view["play"]
    history = tuple((int(e["seat"]), str(e["card"])) for e in play)
    played: dict[int, list[str]] = {i: [] for i in range(4)}
    voids: dict[int, set[str]] = {i: set() for i in range(4)}
    for start in range(0, len(play), 4):
        trick = play[start:start + 4]
        led = trick[0]["card"][1]
        for entry in trick:
            played[entry["seat"]].append(entry["card"])
            if entry["card"][1] != led:
                voids[entry["seat"]].add(led)
    seen = {c for cards in (*hands.values(), *played.values()) for c in cards}
    contract = view["contract"] or "1NT"
    declarer = int(view["declarer"] if view["declarer"] is not None else 0)
    trick = [e["card"] for e in view["trick"]]
    to_play = (view["leader"] + len(trick)) % 4
    return Table(
        hands=hands, counts=[len(s["cards"]) for s in seats],
        unseen=[c for c in DECK if c not in seen], voids=voids, played=played,
        leader=view["leader"], trick=trick, trump=Denom.find(contract[1:].rstrip("X")),
        history=history, declarer=declarer, reads=reads(history, declarer, to_play),
    )


def sample_hidden(table: Table, shown: Sequence[Shown], rng: random.Random) -> Hands:
    """Deal the unseen cards to the hidden hands: the right counts and shown voids always; the
    auction's promises (suit lengths, HCP range) and partner's carding as far as ``SOFT_TRIES``
    shuffles find them (else the deal that breaks the fewest)."""
    hidden = [s for s in range(4) if s not in table.hands]
    best: Hands | None = None
    fewest = 0
    for _ in range(SOFT_TRIES):
        deal = _deal_with_voids(table, hidden, rng)
        broken = misfits(table, shown, deal)
        if best is None or broken < fewest:
            best, fewest = deal, broken
        if not broken:
            break
    assert best is not None
    return best


def misfits(table: Table, shown: Sequence[Shown], deal: Mapping[int, Sequence[str]]) -> int:
    """How many promises of the auction and meanings of partner's carding ``deal`` breaks."""
    broken = sum(not _keeps_promises([*deal[s], *table.played[s]], shown[s]) for s in deal)
    partner = (table.to_play + 2) % 4
    if table.reads and partner in deal:
        broken += misreads(table.reads, deal[partner])
    return broken


def layouts(table: Table, limit: int) -> list[Hands] | None:
    """Every way to give the unseen cards to the hidden hands that keeps their counts and shown
    voids, or None when there are more than ``limit`` (or more than two hands are hidden)."""
    hidden = [s for s in range(4) if s not in table.hands]
    if len(hidden) == 1:
        return [{hidden[0]: list(table.unseen)}]
    if len(hidden) != 2:
        return None
    first, second = hidden
    only_first = [c for c in table.unseen if c[1] in table.voids[second]]
    only_second = [c for c in table.unseen if c[1] in table.voids[first] and c not in only_first]
    free = [c for c in table.unseen if c not in only_first and c not in only_second]
    room = table.counts[first] - len(only_first)
    if not 0 <= room <= len(free) or math.comb(len(free), room) > limit:
        return None
    return [{first: only_first + list(picked), second: only_second + [c for c in free if c not in picked]}
            for picked in combinations(free, room)]


def _deal_with_voids(table: Table, hidden: Sequence[int], rng: random.Random) -> Hands:
    """Most constrained cards first, each to a hidden hand with room that is not void in its
    suit; a dead end (rare) starts again."""
    for _ in range(1000):
        cards = list(table.unseen)
        rng.shuffle(cards)
        cards.sort(key=lambda c: sum(c[1] not in table.voids[s] for s in hidden))
        room = {s: table.counts[s] for s in hidden}
        deal: Hands = {s: [] for s in hidden}
        for card in cards:
            options = [s for s in hidden if room[s] and card[1] not in table.voids[s]]
            if not options:
                break
            seat = rng.choices(options, weights=[room[s] for s in options])[0]
            deal[seat].append(card)
            room[seat] -= 1
        else:
            return deal
    raise RuntimeError("No deal agrees with the cards seen and the voids shown.")


def _keeps_promises(cards: Sequence[str], shown: Shown) -> bool:
    """The promises the card play weighs its deals by: HCP, lengths and shape (the least points
    are the bidding's judgment only)."""
    return shown.admits(HandInfo.of(cards), points=False)


def solver_deal(hands: Mapping[int, Sequence[str]], table: Table) -> Deal:
    """An endplay deal of the remaining cards, positioned at the current trick."""
    deal = Deal()
    for seat, cards in hands.items():
        deal[Player(seat)] = pbn_hand(cards)
    deal.first = Player(table.leader)
    deal.trump = table.trump
    for card in table.trick:
        deal.play(endplay_card(card), from_hand=False)
    return deal
