"""Standard American Yellow Card openings: five-card majors, a 15-17 notrump, a strong 2♣, weak
twos and preempts."""
from __future__ import annotations

from bot.ai.bridge_system.position import Hand, Meaning, Option, Test, both, sound
from bot.games.bridge import PASS


def rule_of_20(hand: Hand) -> bool:
    """12+ HCP, or 10-11 with the two longest suits' lengths bringing the count to 20."""
    h = hand.info
    return h.hcp >= 12 or h.hcp + sum(sorted(h.lengths.values())[-2:]) >= 20


def weak_two(suit: str) -> Test:
    """Exactly six cards in a sound suit, and no four-card major beside it."""
    return both(sound(suit), lambda hand: hand.info.lengths[suit] == 6
                and all(hand.info.lengths[m] < 4 for m in "SH" if m != suit))


def opening_minor(hand: Hand) -> str:
    """The longer minor; 1♦ with 4-4, 1♣ with 3-3."""
    d, c = hand.info.lengths["D"], hand.info.lengths["C"]
    return "1D" if d > c or d == c >= 4 else "1C"


def openings() -> list[Option]:
    """In order of precedence; the robot opens with the first that fits."""
    weak = [Option(f"2{s}", Meaning(5, 11, {s: 6}, note="a weak two"),
                   when=weak_two(s)) for s in "SHD"]
    preempts = [Option(f"3{s}", Meaning(5, 10, {s: 7}, note="a preempt"),
                       when=sound(s)) for s in "SHDC"]
    four = [Option(f"4{s}", Meaning(5, 11, {s: 8}, note="a preempt"),
                   when=sound(s)) for s in "SH"]
    return [
        Option("2C", Meaning(22, note="strong and artificial: forcing, says nothing of clubs")),
        Option("2NT", Meaning(20, 21, balanced=True)),
        Option("1NT", Meaning(15, 17, balanced=True)),
        Option("1S", Meaning(10, 21, {"S": 5}),
               when=lambda hand: rule_of_20(hand) and hand.info.lengths["S"] >= hand.info.lengths["H"]),
        Option("1H", Meaning(10, 21, {"H": 5}), when=rule_of_20),
        Option("1D", Meaning(10, 21, {"D": 3}, note="the longer minor, no five-card major"),
               when=lambda hand: rule_of_20(hand) and opening_minor(hand) == "1D"),
        Option("1C", Meaning(10, 21, {"C": 3}, note="the longer minor, no five-card major"),
               when=lambda hand: rule_of_20(hand) and opening_minor(hand) == "1C"),
        *four, *preempts, *weak,
        Option(PASS, Meaning(0, 11, note="no opening bid")),
    ]
