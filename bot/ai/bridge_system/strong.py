"""Our side's suit openings with the opponents silent: the strong 2♣ and its answers, weak twos
and what partner does over them, and the raises of a major (Jacoby 2NT, limit and preemptive)."""
from __future__ import annotations

from typing import Callable

from bot.ai.bridge_bidding import SUITS, HandInfo, game_in
from bot.ai.bridge_system.position import Hand, Meaning, Option, Position, Test, both, good, longest
from bot.games.bridge import PASS

TWO_OVER_ONE = "two over one: forcing to game"
TWO_OVER_ONE_HCP = 12
"""The least HCP for a new suit at the two level over partner's major (forcing to game)."""
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
WEAK_TWOS = ("2D", "2H", "2S")
"""The weak two openings."""


RAISE_VALUES = 3
"""The least HCP of responder's raise below game after 2♣–2♦–suit (a king): opener needs to know of
values to look for a slam; without them responder jumps to game."""
NO_VALUES = 4
"""The most HCP of responder's jump to game after 2♣–2♦–suit: queens and jacks only."""


def values(hand: Hand) -> bool:
    """An ace or a king, or more than ``NO_VALUES`` HCP in queens and jacks."""
    return hand.info.hcp > NO_VALUES or any(has_feature(s)(hand) for s in SUITS)


def after_two_clubs(sequence: tuple[str, ...]) -> list[Option] | None:
    if len(sequence) == 1:
        positive = [Option(f"{'2' if s in 'HS' else '3'}{s}", Meaning(8, lengths={s: 5}, note="a positive answer: game is certain"),
                           when=both(good(s), longest(s))) for s in SUITS]
        return [*positive, Option("2D", Meaning(note="waiting: says nothing yet"))]
    if len(sequence) == 2 and sequence[1] == "2D":
        return [Option("2NT", Meaning(22, 24, balanced=True)),
                Option("3NT", Meaning(25, 27, balanced=True)),
                *[Option(f"{'2' if s in 'HS' else '3'}{s}", Meaning(22, lengths={s: 4}, note="forcing to game"),
                         when=longest(s)) for s in SUITS]]
    if len(sequence) == 3 and sequence[1] == "2D" and sequence[2][1:] != "NT":
        suit = sequence[2][1:]
        raise_to = f"{int(sequence[2][0]) + 1}{suit}"
        majors = [(f"{2 if sequence[2] == '2H' and other == 'S' else 3}{other}", other) for other in "SH" if other != suit]
        options = [*(Option(call, Meaning(lengths={other: 6}, note="forcing")) for call, other in majors),
                   Option(raise_to, Meaning(RAISE_VALUES, lengths={suit: 3},
                                            note=f"agrees {SUIT_WORDS[suit]}: forcing"), when=values),
                   Option(game_in(suit), Meaning(high=NO_VALUES, lengths={suit: 3},
                                                 note="a weak raise: no ace or king")),
                   *(Option(call, Meaning(5, lengths={other: 5}, note="forcing")) for call, other in majors)]
        return options + [Option("2NT" if sequence[2][0] == "2" else "3NT", Meaning(note="nothing more to say yet"))]
    return None


def new_suits(suit: str) -> list[Option]:
    """A new suit over partner's weak two in ``suit``: forcing, answered before anything else."""
    return [Option(f"{2 if SUITS.index(s) < SUITS.index(suit) else 3}{s}", Meaning(14, lengths={s: 5}, note="forcing"),
                   when=good(s))
            for s in SUITS if s != suit]


FEATURE_ASK = (14, 15)
"""Responder's HCP for 2NT over a weak two in a major with two trumps: game if opener is
maximum (with three trumps, or 16+, responder bids game itself)."""
MAXIMUM = 9
"""The least HCP of a maximum weak two."""


def has_feature(suit: str) -> Test:
    """An ace or a king in ``suit``."""
    return lambda hand: any(r in "AK" for r in hand.holding(suit))


def feature_answers(suit: str) -> list[Option]:
    """Opener's answer to the 2NT ask: with a maximum, the cheapest side suit holding an ace or
    king at the three level, else 3NT (the high cards are in the suit); with a minimum, three of
    the suit."""
    features = [Option("3" + s, Meaning(MAXIMUM, note=f"a maximum with the ace or king of {SUIT_WORDS[s]}"),
                       when=has_feature(s))
                for s in SUITS[::-1] if s != suit]
    return [*features, Option("3NT", Meaning(MAXIMUM, note="a maximum, the high cards in the suit: to play")),
            Option("3" + suit, Meaning(high=MAXIMUM - 1, note="a minimum"))]


def after_weak_two(sequence: tuple[str, ...]) -> list[Option] | None:
    """Responder's first call over the weak two; opener's answer to a new suit or, in a major,
    to the 2NT feature ask; responder's placement after that answer: four of the major over a
    feature, a pass over 3NT or the minimum."""
    suit = sequence[0][1]
    if len(sequence) == 1:
        game = "4" + suit if suit in "HS" else "5D"
        feature = Meaning(*FEATURE_ASK, lengths={suit: 2}, note="asks for a feature: game if partner is maximum")
        ask = [Option("2NT", feature)] if suit in "HS" else []
        return [Option(game, Meaning(16, lengths={suit: 2}, note="to play")),
                Option(game, Meaning(14, lengths={suit: 3}, note="to play")),
                Option(game, Meaning(0, 12, lengths={suit: 4}, note="to play")),
                Option("3NT", Meaning(16, note="to play")),
                *ask,
                *new_suits(suit),
                Option("3" + suit, Meaning(0, 13, lengths={suit: 3}, note="a preemptive raise, not an invitation")),
                Option(PASS, Meaning())]
    if sequence[1] == "2NT" and suit in "HS":
        if len(sequence) == 2:
            return feature_answers(suit)
        if len(sequence) == 3 and sequence[2] not in ("3NT", "3" + suit):
            return [Option("4" + suit, Meaning(note="to play: partner is maximum"))]
        return [Option(PASS, Meaning())] if len(sequence) == 3 else None
    if len(sequence) == 2 and sequence[1] in [o.call for o in new_suits(suit)]:
        asked = sequence[1][1]
        return [Option(f"{int(sequence[1][0]) + 1}{asked}",
                       Meaning(lengths={asked: 3}, note="support for partner's suit")),
                Option("3" + suit, Meaning(note="no support: the weak two's suit again"))]
    return None


def support_points(suit: str) -> Callable[[HandInfo], int]:
    return lambda info: info.support_points(suit)


def at_most(counted: Callable[[HandInfo], int], top: int, below: int = 0) -> Test:
    """``counted`` at most ``top``, or any count with fewer than ``below`` HCP: a raise is not
    left for 1NT when shortness counts the hand past it but its HCP do not reach the next bid up
    (a limit raise's 8, a two over one's 12)."""
    return lambda hand: counted(hand.info) <= top or hand.info.hcp < below


def after_major(position: Position, sequence: tuple[str, ...]) -> list[Option] | None:
    """After 1♥ or 1♠: responder's first call, and opener's answer to Jacoby 2NT. With game values
    and no other bid (3-4-3-3 under 1♠) two over one is 2♣ on three cards: responder shows the
    three trumps later."""
    major = sequence[0][1]
    if len(sequence) == 2 and sequence[1] == "2NT":
        return [Option("3" + major, Meaning(16, note="extra values: interest in a slam")),
                Option("4" + major, Meaning(0, 15, note="a minimum: no interest in a slam"))]
    if len(sequence) != 1:
        return None
    counted = support_points(major)
    options = [
        Option("2NT", Meaning(10, lengths={major: 4}, points=13, note="Jacoby 2NT: a raise forcing to game"), points=counted),
        Option("4" + major, Meaning(0, 9, lengths={major: 5}, note="preemptive: five trumps, a weak hand")),
        Option("3" + major, Meaning(8, 12, lengths={major: 3}, points=10, note="a limit raise: invites game"),
               when=at_most(counted, 12, below=TWO_OVER_ONE_HCP), points=counted),
        Option("2" + major, Meaning(5, 10, lengths={major: 3}, points=6, note="a raise of partner's suit"),
               when=at_most(counted, 9, below=8), points=counted),
    ]
    if major == "H":
        options.append(Option("1S", Meaning(6, lengths={"S": 4}, note="forcing: opener bids again")))
    else:
        options.append(Option("2H", Meaning(TWO_OVER_ONE_HCP, lengths={"H": 5}, note=TWO_OVER_ONE)))
    two = Meaning(TWO_OVER_ONE_HCP, lengths={"D": 4}, note=TWO_OVER_ONE)
    return options + [
        Option("2D", two, when=lambda hand: hand.info.lengths["D"] >= hand.info.lengths["C"]),
        Option("2C", Meaning(TWO_OVER_ONE_HCP, lengths={"C": 4}, note=TWO_OVER_ONE)),
        Option("2D", two),
        Option("2C", Meaning(TWO_OVER_ONE_HCP, lengths={"C": 3}, note=TWO_OVER_ONE)),
        Option("1NT", Meaning(6, 12, note="no fit, not forcing")),
        Option(PASS, Meaning(0, 5)),
    ]
