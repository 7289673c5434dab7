"""Our side's one of a minor with the opponents silent: responder's first call, with inverted minor
raises (two of the minor forcing with 10+ HCP, three of it preemptive), opener's rebid over the
inverted raise and over the preemptive one, and responder's call after opener's minimum; new
minor forcing after opener's 1NT rebid.

A raise of a minor that is forcing lets a strong hand with a fit go slowly towards a slam (or
find 3NT from the right side) instead of guessing between 3NT and five of the minor at once."""
from __future__ import annotations

from bot.ai.bridge_bidding import GAME
from bot.ai.bridge_system.position import Hand, Meaning, Option, at_most, short_suit
from bot.ai.bridge_system.strong import support_points
from bot.games.bridge import PASS

SUPPORT = {"C": 5, "D": 4}
"""The cards in opener's minor that raise it (a 1♣ opening may hold three)."""
FORCING = "forcing: opener bids again"
INVERTED = "an inverted raise: forcing, no four-card major"
BALANCED_OPENING = 12
"""The least HCP of a balanced opening of one of a suit (the rule of 20 opens no balanced 10 or 11)."""
CHECKBACK = "new minor forcing: asks for three-card support or the other major"
NEW_SUITS = {"C": ("2D", "2H", "2S"), "D": ("2H", "2S", "3C")}
"""Opener's four-card suits over the inverted raise, cheapest first."""


def spades_first(hand: Hand) -> bool:
    """More spades than hearts, or five of each: the higher of two five-card suits first."""
    spades, hearts = hand.info.lengths["S"], hand.info.lengths["H"]
    return spades > hearts or spades == hearts >= 5


def unbalanced(hand: Hand) -> bool:
    return not hand.info.balanced


def no_shortness(hand: Hand) -> bool:
    return not short_suit(hand)


def after_minor(sequence: tuple[str, ...]) -> list[Option] | None:
    """The options where this structure covers the auction; None elsewhere."""
    minor = sequence[0][1]
    raised = sequence[1:2] == ("2" + minor,)
    if len(sequence) == 1:
        return responses(minor)
    if len(sequence) == 2 and raised:
        return over_inverted(minor)
    if len(sequence) == 2 and sequence[1] == "3" + minor:
        return over_preempt(minor)
    if len(sequence) == 3 and raised and sequence[2] in ("2NT", "3" + minor):
        return after_minimum(minor, sequence[2])
    if len(sequence) >= 4 and checked_back(sequence):
        return after_checkback(sequence[1][1], sequence[4:])
    return None


def responses(minor: str) -> list[Option]:
    """Responder's first call: a four-card major at the one level (the longer, hearts with 4-4,
    spades with 5-5), 1♦ over 1♣ with four diamonds, 3NT with 13–15 balanced, the inverted raise,
    2NT with 10–12 balanced (invites), over 1♦ 2♣ with four clubs and 10+, 3NT with 16+ balanced,
    the preemptive raise, else 1NT (6–9)."""
    support = SUPPORT[minor]
    options = [Option(PASS, Meaning(0, 5)),
               Option("1S", Meaning(6, lengths={"S": 4}, note=FORCING), when=spades_first),
               Option("1H", Meaning(6, lengths={"H": 4}, note=FORCING))]
    if minor == "C":
        options.append(Option("1D", Meaning(6, lengths={"D": 4}, note=FORCING)))
    options += [Option("3NT", Meaning(13, 15, balanced=True, note="to play")),
                Option("2" + minor, Meaning(10, lengths={minor: support}, note=INVERTED)),
                Option("2NT", Meaning(10, 12, balanced=True, note="invites 3NT"))]
    if minor == "D":
        options.append(Option("2C", Meaning(10, lengths={"C": 4}, note="a new suit: forcing")))
    return [*options,
            Option("3NT", Meaning(16, balanced=True, note="to play")),
            Option("3" + minor, Meaning(6, 9, lengths={minor: 5}, note="preemptive: a weak hand, five or more trumps")),
            Option("1NT", Meaning(6, 9, note="no four-card major, not forcing"))]


def over_inverted(minor: str) -> list[Option]:
    """Opener's rebid over the inverted raise: 3NT 18–19 balanced, 2NT 12–14 balanced (a balanced
    hand opens with 12+), a new four-card suit with 15+ points (forcing), three of the minor with a
    minimum, else five of it."""
    return [Option("3NT", Meaning(18, 19, balanced=True, note="to play")),
            Option("2NT", Meaning(BALANCED_OPENING, 14, balanced=True, note="a balanced minimum: not forcing")),
            *[Option(bid, Meaning(10, lengths={bid[1]: 4}, points=15, note="extra values: forcing"), when=unbalanced)
              for bid in NEW_SUITS[minor]],
            Option("3" + minor, Meaning(10, 14, note="an unbalanced minimum: not forcing")),
            Option("5" + minor, Meaning(10, points=15, note="to play"))]


def after_minimum(minor: str, rebid: str) -> list[Option]:
    """Responder over opener's minimum: over 2NT (12–14) 3NT with 12+ HCP, three of the minor to
    play with 10–11 unbalanced, else a pass; over three of the minor (10–14) 3NT with 13+ HCP and
    no singleton or void, five of the minor with 13+ support points (HCP and shortness), else a
    pass."""
    if rebid == "2NT":
        game = GAME - BALANCED_OPENING
        return [Option("3NT", Meaning(game, note="to play")),
                Option("3" + minor, Meaning(10, game - 1, note="to play"), when=unbalanced),
                Option(PASS, Meaning(10, game - 1))]
    return [Option("3NT", Meaning(13, note="to play"), when=no_shortness),
            Option("5" + minor, Meaning(10, points=13, note="to play"), points=support_points(minor)),
            Option(PASS, Meaning(10, 12))]


def over_preempt(minor: str) -> list[Option]:
    """Opener over the preemptive raise: 3NT with 17+ balanced, five of the minor with 18+, else pass."""
    return [Option("3NT", Meaning(17, balanced=True, note="to play")),
            Option("5" + minor, Meaning(18, note="to play")),
            Option(PASS, Meaning())]


def new_minor(sequence: tuple[str, ...]) -> str:
    """The minor opener did not open: two of it asks after 1m–1M–1NT."""
    return "2D" if sequence[0] == "1C" else "2C"


def notrump_rebid(sequence: tuple[str, ...]) -> bool:
    """Our auction began 1m–1M–1NT."""
    return len(sequence) >= 3 and sequence[0] in ("1C", "1D") and sequence[1] in ("1H", "1S") and sequence[2] == "1NT"


def checked_back(sequence: tuple[str, ...]) -> bool:
    """Our auction began 1m–1M–1NT and new minor forcing."""
    return notrump_rebid(sequence) and sequence[3:4] == (new_minor(sequence),)


def checkback(sequence: tuple[str, ...] | None) -> list[Option]:
    """Responder after 1m–1M–1NT (12–14 balanced): two of the other minor (new minor forcing) with
    11+ HCP and five cards of the major (with six the natural rules bid it), asking opener for
    three of them or, after 1♠, for four hearts. Without it the natural rules choose between 2NT
    and 3NT and miss the five-three fit."""
    if sequence is None or len(sequence) != 3 or not notrump_rebid(sequence):
        return []
    major = sequence[1][1]
    return [Option(new_minor(sequence), Meaning(11, lengths={major: 5}, note=CHECKBACK), when=at_most(major, 5))]


def after_checkback(major: str, rest: tuple[str, ...]) -> list[Option] | None:
    """``rest``: our bids after new minor forcing. Opener answers two of the major with three cards,
    2♥ with four hearts after 1♠, else 2NT with 12–13 or 3NT with 14. Responder then bids game with
    12+ HCP (the major with the fit, else 3NT: 24 between the hands, ``bridge_bidding.GAME``) and
    invites with 11 (three of the major, 2NT), passing 2NT; opener accepts the invitation with 13+."""
    fit = "2" + major
    if not rest:
        hearts = [Option("2H", Meaning(lengths={"H": 4}, note="fewer than three spades"))] if major == "S" else []
        return [Option(fit, Meaning(lengths={major: 3}, note="three-card support")), *hearts,
                Option("2NT", Meaning(high=13, note="a minimum, no three-card support")),
                Option("3NT", Meaning(14, note="a maximum, no three-card support"))]
    answer = rest[0]
    if len(rest) == 1:
        if answer in (fit, "2H"):
            suit = answer[1]
            need = 5 if suit == major else 4  # eight cards with opener's three of the major, four hearts
            notrump = [] if suit == major else [Option("3NT", Meaning(12, note="to play")),
                                                Option("2NT", Meaning(11, 11, note="invites 3NT"))]
            return [Option("4" + suit, Meaning(12, lengths={suit: need}, note="to play")),
                    Option("3" + suit, Meaning(11, 11, lengths={suit: need}, note="invites game")),
                    *notrump]
        if answer == "2NT":
            return [Option("3NT", Meaning(12, note="to play")), Option(PASS, Meaning(high=11))]
        return None
    if len(rest) == 2 and rest[1] in ("3" + answer[1], "2NT"):
        game = "3NT" if rest[1] == "2NT" else "4" + answer[1]
        return [Option(game, Meaning(13, note="accepts the invitation")), Option(PASS, Meaning(high=12))]
    return None
