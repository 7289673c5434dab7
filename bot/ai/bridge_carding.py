"""The robots' carding agreement (the convention card's leads and signals) and how partner reads it.

Where the double-dummy solver rates several cards the same, a robot defender plays the one the
agreement names, so the card tells partner something; partner's sampled deals then keep to it: a
sampled hand that would have led or signalled otherwise is set aside, the way one that breaks the
auction's promises is. The rules are written out on ``docs/rules/bridge.md``.

- Opening lead, within the suit chosen: top of touching honours (AK, KQ, QJ, JT, T98), the middle
  card of an interior sequence (KJT, AT9), top of a doubleton, low from three to an honour, top of
  three small, fourth best from four or more to an honour, second highest from four or more small.
  A fourth-best lead so shows how many higher cards the leader holds (the rule of eleven).
- Attitude, when following to partner's lead for the first time in the suit and on the first
  discard: a high spot card encourages (an ace, king or queen in the suit), the lowest discourages.
- Count, when following for the first time to a suit declarer's side leads: high then low with an
  even number of cards, the lowest with an odd number.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from bot.games.cards import RANKS

LEAD_HONOURS = "AKQJ"
"""Honours for the lead rules: fourth best from a suit with one of these, else second highest."""
SIGNAL_HONOURS = "AKQ"
"""A suit holding one of these is one a defender wants partner to play: it encourages."""
SPOTS = "23456789"
"""Signals are made, and read, with spot cards only: a ten or honour is played for tricks."""

Play = tuple[int, str]


def rank(card: str) -> int:
    return RANKS.index(card[0])


def opening_lead(holding: Sequence[str]) -> str:
    """The agreed card to lead from ``holding`` (the cards of one suit)."""
    cards = sorted(holding, key=rank, reverse=True)
    ranks = [rank(c) for c in cards]
    if len(cards) <= 2:
        return cards[0]
    if ranks[0] - ranks[1] == 1 and (cards[1][0] in "AKQJT" or ranks[1] - ranks[2] == 1 and cards[0][0] == "T"):
        return cards[0]                                  # top of a sequence: AK, KQ, QJ, JT, T98
    if cards[0][0] in LEAD_HONOURS and cards[1][0] in "JT" and ranks[1] - ranks[2] == 1 and ranks[0] - ranks[1] > 1:
        return cards[1]                                  # interior sequence: KJT, AJT, KT9, QT9
    honour = cards[0][0] in LEAD_HONOURS
    if len(cards) == 3:
        return cards[2] if honour else cards[0]          # low from an honour, top of three small
    return cards[3] if honour else cards[1]              # fourth best, second highest from small


def wants_high(rule: str, holding: Sequence[str]) -> bool:
    """Whether the agreement asks for a high card from ``holding``: attitude (an honour, so
    encouraging) or count (an even number of cards)."""
    if rule == "count":
        return len(holding) % 2 == 0
    return any(c[0] in SIGNAL_HONOURS for c in holding)


def tricks_of(history: Sequence[Play]) -> list[list[Play]]:
    return [list(history[start:start + 4]) for start in range(0, len(history), 4)]


def signal_rule(tricks: Sequence[Sequence[Play]], trick: Sequence[Play], seat: int, card_suit: str,
                declarer: int) -> str | None:
    """What a defender's card to ``trick`` (the cards before it) says, by the agreement: "attitude",
    "count" or None (nothing: a lead, a later card in a suit, a later discard)."""
    if not trick or seat % 2 == declarer % 2:
        return None
    led = trick[0][1][1]
    mine = [c for t in tricks for s, c in t if s == seat]
    if card_suit != led:
        discarded = any(c[1] != t[0][1][1] for t in tricks for s, c in t if s == seat)
        return None if discarded else "attitude"
    if any(c[1] == led for c in mine):
        return None
    return "attitude" if trick[0][0] == (seat + 2) % 4 else "count"


def agreed_card(history: Sequence[Play], declarer: int, seat: int, hand: Sequence[str],
                tied: Sequence[str]) -> str | None:
    """The card among ``tied`` (the ones the solver rates best, all the same) that the agreement
    names for ``seat`` holding ``hand`` after the cards of ``history``, or None when it names none."""
    tricks = tricks_of(history)
    trick = tricks.pop() if len(history) % 4 else []
    by_suit: dict[str, list[str]] = {}
    for card in tied:
        if card[0] in SPOTS:
            by_suit.setdefault(card[1], []).append(card)
    high: list[str] = []
    low: list[str] = []
    for suit, spots in by_suit.items():
        rule = signal_rule(tricks, trick, seat, suit, declarer)
        holding = [c for c in hand if c[1] == suit]
        if rule is not None and wants_high(rule, holding):
            high.append(max(spots, key=rank))
        elif rule is not None:
            low.append(min(spots, key=rank))
    if high:
        return max(high, key=rank)
    return min(low, key=rank) if low else None


@dataclass(frozen=True)
class Read:
    """One card of partner's that the agreement gives a meaning to."""

    rule: str                  # "lead", "attitude" or "count"
    card: str
    played: tuple[str, ...]    # partner's cards of that suit played from then on, this one included

    def kept_by(self, remaining: Sequence[str]) -> bool:
        """Whether a hand whose unplayed cards are ``remaining`` would have played ``card`` so."""
        holding = [c for c in remaining if c[1] == self.card[1]] + list(self.played)
        if self.rule == "lead":
            return opening_lead(holding) == self.card
        if len(holding) == 1:
            return True
        lowest = min(holding, key=rank)
        return (self.card != lowest) == wants_high(self.rule, holding)


def reads(history: Sequence[Play], declarer: int, reader: int) -> tuple[Read, ...]:
    """The lead and signals of ``reader``'s partner so far (none when the reader is on declarer's
    side: only a defender's partner reads them)."""
    if reader % 2 == declarer % 2:
        return ()
    partner = (reader + 2) % 4
    tricks = tricks_of(history)
    found: list[Read] = []
    for number, trick in enumerate(tricks):
        for position, (seat, card) in enumerate(trick):
            if seat != partner:
                continue
            later = tuple(c for t in tricks[number:] for s, c in t if s == seat and c[1] == card[1])
            if number == 0 and position == 0:
                found.append(Read("lead", card, later))
                continue
            rule = signal_rule(tricks[:number], trick[:position], seat, card[1], declarer)
            if rule is not None and card[0] in SPOTS:
                found.append(Read(rule, card, later))
    return tuple(found)


def misreads(found: Sequence[Read], remaining: Sequence[str]) -> int:
    """How many of partner's cards ``found`` a sampled hand for partner (its unplayed cards)
    gives a meaning other than the agreed one."""
    return sum(not read.kept_by(remaining) for read in found)
