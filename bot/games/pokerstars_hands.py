"""Hands named in PokerStars' words, as its hand histories write them after a card list: "shows [..]
(a pair of Sixes)" at the showdown, "showed [..] and won (46) with a flush, Ace high" in the summary.

The words are those of real PokerStars files: high hands
"high card Ace", "two pair, Aces and Kings", "a straight, Five to Nine", "a full house, Kings full of
Sevens"; a low hand by its ranks from the highest, "8,6,4,3,2" (an ace low is "A", last); a paired low
hand by its high-hand words. Razz and 2-7 prefix "Lo: ", badugi "Badugi: " or "3-card: " (in the
summary "a Badugi: ", "a 3-card: "), and a hi-lo game "HI: ...; LO: ..." (the low part only when the
hand makes a qualifying low). A showdown line names a kicker only when a hand shown before it has
the same rank (``kicker``): "a pair of Jacks - King kicker" when its kickers win, up to the one that
decides ("King+Queen kicker"), "a pair of Jacks - lower kicker" when they lose.

Which five cards play, and so what the hand is, is pokerkit's (``Hand.from_game`` of each of the
game's hand types): nothing of hand ranking is worked out here.
"""
from __future__ import annotations

from collections import Counter
from typing import Sequence

from pokerkit import (
    BadugiHand,
    Card,
    EightOrBetterLowHand,
    Hand,
    Label,
    OmahaEightOrBetterLowHand,
    RegularLowHand,
    StandardLowHand,
)

_ORDER = "23456789TJQKA"
_NAMES = dict(zip(_ORDER, ("Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
                           "Queen", "King", "Ace")))
_LOW_ACE = (RegularLowHand, EightOrBetterLowHand, OmahaEightOrBetterLowHand, BadugiHand)
"""Hand types whose aces are low."""


def _plural(rank: str) -> str:
    return _NAMES[rank] + ("es" if rank == "6" else "s")


def _ranks(cards: Sequence[Card]) -> list[str]:
    return [str(card.rank.value) for card in cards]


def _high_words(cards: Sequence[Card], label: Label) -> str:
    """A made hand in PokerStars' words ("a pair of Sixes", "a flush, Ace high")."""
    counts = Counter(_ranks(cards))
    by_count = sorted(counts, key=lambda rank: (counts[rank], _ORDER.index(rank)), reverse=True)
    top = by_count[0]
    ordered = sorted(counts, key=_ORDER.index)
    if label in (Label.STRAIGHT, Label.STRAIGHT_FLUSH):
        ace_low = ordered[-1] == "A" and ordered[-2] != "K"  # A-2-3-4-5, short deck's A-6-7-8-9
        low, high = ("A", ordered[-2]) if ace_low else (ordered[0], ordered[-1])
        if label == Label.STRAIGHT_FLUSH and high == "A":
            return "a Royal Flush"
        kind = "a straight flush" if label == Label.STRAIGHT_FLUSH else "a straight"
        return f"{kind}, {_NAMES[low]} to {_NAMES[high]}"
    if label == Label.HIGH_CARD:
        return f"high card {_NAMES[ordered[-1]]}"
    if label == Label.FLUSH:
        return f"a flush, {_NAMES[ordered[-1]]} high"
    if label == Label.TWO_PAIR:
        return f"two pair, {_plural(top)} and {_plural(by_count[1])}"
    if label == Label.FULL_HOUSE:
        return f"a full house, {_plural(top)} full of {_plural(by_count[1])}"
    made = {Label.ONE_PAIR: "a pair of", Label.THREE_OF_A_KIND: "three of a kind,", Label.FOUR_OF_A_KIND: "four of a kind,"}
    return f"{made[label]} {_plural(top)}"


def _low_ranks(hand: Hand) -> str:
    """A low hand's ranks from the highest: "8,6,4,3,2", "T,6,5,3,2", aces low "6,4,3,2,A"."""
    order = "A23456789TJQK" if isinstance(hand, _LOW_ACE) else _ORDER
    return ",".join(sorted(_ranks(hand.cards), key=order.index, reverse=True))


def _words(hand: Hand) -> str:
    """One hand of its type: a high hand's words, a low hand's ranks, a badugi's count and ranks."""
    if isinstance(hand, BadugiHand):
        return f"{'Badugi' if len(hand.cards) == 4 else f'{len(hand.cards)}-card'}: {_low_ranks(hand)}"
    if isinstance(hand, (RegularLowHand, StandardLowHand, EightOrBetterLowHand, OmahaEightOrBetterLowHand)):
        if hand.entry.label == Label.HIGH_CARD:
            return _low_ranks(hand)
    return _high_words(hand.cards, hand.entry.label)


def _best(hand_type: type[Hand], hole: Sequence[Card], board: Sequence[Card]) -> Hand | None:
    try:
        return hand_type.from_game(hole, board)
    except ValueError:  # no hand of this type (no qualifying low)
        return None


def _partial(hand_types: Sequence[type[Hand]], cards: Sequence[Card]) -> str:
    """A hand of fewer cards than the game's hands have (a winner nobody called who shows before the
    river), named by its pairs as PokerStars names it ("a pair of Aces", "high card King", "Lo: 9,5,3")."""
    counts = sorted(Counter(_ranks(cards)).values(), reverse=True)
    label = {4: Label.FOUR_OF_A_KIND, 3: Label.THREE_OF_A_KIND, 1: Label.HIGH_CARD}.get(counts[0], Label.ONE_PAIR)
    if counts[:2] == [2, 2]:
        label = Label.TWO_PAIR
    low = hand_types[0] in (RegularLowHand, StandardLowHand)
    if low and label == Label.HIGH_CARD:
        order = "A23456789TJQK" if hand_types[0] is RegularLowHand else _ORDER
        return "Lo: " + ",".join(sorted(_ranks(cards), key=order.index, reverse=True))
    words = _high_words(cards, label)
    return f"Lo: {words}" if low else f"HI: {words}" if len(hand_types) > 1 else words


def describe(hand_types: Sequence[type[Hand]], hole: Sequence[Card], board: Sequence[Card]) -> tuple[str, str]:
    """What the showdown line puts in parentheses after the cards, and what the summary writes after
    "with": ("a pair of Sixes", "a pair of Sixes"), ("Lo: 8,6,4,3,2", ...), ("Badugi: 5,4,2,A", "a Badugi:
    5,4,2,A"), ("HI: two pair, Aces and Kings; LO: 6,5,4,2,A", ...)."""
    hands = [_best(hand_type, hole, board) for hand_type in hand_types]
    if hands[0] is None and len(hole) + len(board) < 5 and BadugiHand not in hand_types:
        text = _partial(hand_types, [*hole, *board])
        return text, text
    if len(hands) > 1:  # hi-lo
        high, low = hands[0], hands[1]
        text = f"HI: {_words(high) if high else ''}" + (f"; LO: {_words(low)}" if low else "")
        return text, text
    (hand,) = hands
    if hand is None:
        return "", ""
    if isinstance(hand, BadugiHand):
        text = _words(hand)
        return text, f"a {text}"
    if isinstance(hand, (RegularLowHand, StandardLowHand)):
        text = f"Lo: {_words(hand)}"
        return text, text
    text = _words(hand)
    return text, text


Ranks = tuple[int, ...]
_NO_KICKERS = (Label.STRAIGHT, Label.FULL_HOUSE, Label.STRAIGHT_FLUSH)


def ranking(hand_types: Sequence[type[Hand]], hole: Sequence[Card], board: Sequence[Card]) -> tuple[str, Ranks, Ranks] | None:
    """A high hand's rank (its kind and the ranks that make it: the pairs, or a high card's or flush's
    top card) and its kickers, highest first; ``None`` where PokerStars names no kicker (low hands,
    hi-lo, straights, full houses, fewer than five cards)."""
    if len(hand_types) != 1 or hand_types[0] in _LOW_ACE or hand_types[0] is StandardLowHand:
        return None
    hand = _best(hand_types[0], hole, board)
    if hand is None or hand.entry.label in _NO_KICKERS:
        return None
    counts = Counter(_ORDER.index(rank) for rank in _ranks(hand.cards))
    grouped = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    made = tuple(rank for rank in grouped if counts[rank] > 1) or tuple(grouped[:1])
    return hand.entry.label.value, made, tuple(rank for rank in grouped if rank not in made)


def kicker(mine: tuple[str, Ranks, Ranks] | None, before: Sequence[tuple[str, Ranks, Ranks] | None]) -> str:
    """What PokerStars adds to a shown hand's name when a hand shown before it has the same rank: " -
    King kicker" (its kickers up to the one that decides, "King+Queen kicker") when they beat the best
    such hand's, " - lower kicker" when they lose, nothing on a tie or when no earlier hand matches."""
    same = [other[2] for other in before if other and mine and other[:2] == mine[:2]]
    if not mine or not same:
        return ""
    best = max(same)
    if mine[2] == best:
        return ""
    if mine[2] < best:
        return " - lower kicker"
    deciding = next(k for k, (a, b) in enumerate(zip(mine[2], best)) if a != b)
    return " - " + "+".join(_NAMES[_ORDER[rank]] for rank in mine[2][:deciding + 1]) + " kicker"
