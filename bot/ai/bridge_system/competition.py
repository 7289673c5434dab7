"""When both sides bid: overcalls (a jump is weak) and takeout doubles over the opponents'
opening (preempts too), the answers to partner's takeout double, negative doubles over their
overcall of partner's opening, and opener's answer to a negative double or to a cue-bid raise
(game with 14+ HCP or six losers)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from bot.ai import bridge_bidding as natural
from bot.ai.bridge_bidding import SUITS, cheapest_level
from bot.ai.bridge_system import two_suited
from bot.ai.bridge_system.forcing import GAME
from bot.ai.bridge_system.game_choice import instead_of, natural_passes
from bot.ai.bridge_system.losers import few_losers
from bot.ai.bridge_system.position import (Hand, Meaning, Option, Position, Test, at_least, at_most, both, either, good, longest,
                                          sound, stopped)
from bot.ai.bridge_system.strong import support_points
from bot.games.bridge import BIDS, DOUBLE, PASS

TAKEOUT = "takeout: short in their suit, support for the others, or a strong hand"
WEAK_JUMP = "a weak jump overcall: a good suit, a weak hand"
NEGATIVE = "negative: the unbid suits, not a penalty double"
SOUND = 11
"""HCP with which any five-card suit overcalls at the one level: the hand is worth showing."""
SOUND_TWO = 12
"""HCP with which a five-card suit holding two of the top four honours overcalls at the two level."""


def others(their: str) -> str:
    return "".join(s for s in SUITS if s != their)


def longest_other(position: Position, their: str, note: str) -> list[Option]:
    """The hand's longest suit other than ``their`` at the cheapest level: three cards at least,
    since a hand that bids it holds four or fewer of theirs."""
    return [Option(position.cheapest(s), Meaning(lengths={s: 3}, note=note), when=longest(s, others(their)))
            for s in others(their)]


def takeout_shape(their: str) -> Test:
    """Short in their suit (two cards at most) with three or more in each other; over a minor, both
    majors with three cards in theirs."""
    def test(hand: Hand) -> bool:
        n = hand.info.lengths
        return (n[their] <= 2 and all(n[s] >= 3 for s in others(their))) or \
            (their in "CD" and n[their] <= 3 and n["H"] >= 4 and n["S"] >= 4)
    return test


TOLERANCE = 15
"""The least HCP for the takeout double of their minor holding three of it and three or more of
every other suit (no stopper for 1NT): too strong to pass, with no suit to overcall."""


def two_suiter(suit: str, their: str) -> Test:
    """Five cards or more of another suit than ``suit`` and theirs: over a one-bid a two-suited
    hand plays well enough to overcall a suit that is not good."""
    return lambda hand: any(hand.info.lengths[s] >= 5 for s in others(their) if s != suit)


def three_of_each(their: str) -> Test:
    def test(hand: Hand) -> bool:
        return hand.info.lengths[their] == 3 and all(hand.info.lengths[s] >= 3 for s in others(their))
    return test


def over_opening(position: Position, their: str, level: int, balancing: bool) -> list[Option]:
    """Our first call after their one-bid opening (direct, or in the pass-out seat) or preempt. A
    pass shows at most 17 HCP (14 in the pass-out seat): every stronger hand doubles. In the
    pass-out seat over one of a suit any five-card suit competes; elsewhere an overcall needs a good
    suit or six cards, except at the one level with ``SOUND`` HCP and at the two level with
    ``SOUND_TWO`` HCP and two of the top four honours. Of the majors they have not bid,
    the longer (spades of equal ones). Over a minor, a hand of ``TOLERANCE`` HCP with three of
    it and no shorter suit doubles where it cannot bid 1NT."""
    lighter = 3 if balancing else 0
    suits = others(their)
    free_majors = "".join(s for s in "HS" if s in suits)
    overcalls = []
    for suit in suits:
        bid = position.cheapest(suit)
        worth = either(good(suit), at_least(suit, 6))
        if level == 1:
            worth = either(worth, two_suiter(suit, their))
        first: Test = longest(suit, free_majors) if suit in free_majors else (lambda hand: True)
        low = (8 if bid[0] == "1" else 11 if level == 1 else 12) - lighter
        overcalls.append(Option(bid, Meaning(low, 17, {suit: 5}), when=first if balancing and level == 1
                                else both(first, worth)))
        if bid[0] == "1" and not balancing:
            overcalls.append(Option(bid, Meaning(SOUND, 17, {suit: 5}), when=first))
        elif bid[0] == "2" and not balancing:
            overcalls.append(Option(bid, Meaning(SOUND_TWO, 17, {suit: 5}), when=both(first, sound(suit))))
    majors = [o for o in overcalls if o.call[1] in "HS"]
    minors = [o for o in overcalls if o.call[1] in "DC"]
    if level == 1:
        notrump = [Option("1NT", Meaning(11, 14, balanced=True, note="protective: a stopper in their suit")
                          if balancing else Meaning(15, 18, balanced=True, note="a stopper in their suit"), when=stopped(their))]
        shape_double = Option(DOUBLE, Meaning(12 - lighter, note=TAKEOUT), when=takeout_shape(their))
    else:
        cheapest = position.cheapest("NT")
        notrump = [Option(cheapest, Meaning(15, 18, balanced=True, note="a stopper in their suit"), when=stopped(their))] \
            if cheapest[0] == "2" else [Option("3NT", Meaning(16, 21, note="a stopper in their suit"), when=stopped(their))]
        shape_double = Option(DOUBLE, Meaning(13 - lighter, note=TAKEOUT), when=takeout_shape(their))
    least = 15 if balancing else 18
    strong = Option(DOUBLE, Meaning(least, note=TAKEOUT))  # balancing: 15+ doubles, then bids notrump
    jumps = [] if balancing or level > 1 else [*two_suited.overcalls(position, their), *weak_jumps(position, suits)]
    tolerance = [Option(DOUBLE, Meaning(TOLERANCE, note=TAKEOUT), when=three_of_each(their))] \
        if level == 1 and their in "CD" and not balancing else []
    return [*jumps, *notrump, *tolerance, *majors, shape_double, *minors, strong, Option(PASS, Meaning(high=least - 1))]


RAISES = {("1", "2"), ("1", "3"), ("2", "3")}
"""The levels of their opening and of the raise ``raised_opening`` covers: one raised to two or
three, a weak two raised to three."""
LIMIT_RAISE_ENTRY = 15
"""The least HCP to enter over their one of a suit raised to three: they hold most of the deck,
and partner, who passed, may have to answer at the four level."""


def raised_opening(position: Position) -> str | None:
    """Their opening raised by the opener's partner (``RAISES``: 1♠ P 2♠, 1♠ P 3♠, 2♠ P 3♠),
    partner having passed the opening, and our turn right after the raise: their suit."""
    calls = position.calls
    if len(position.bids) != 2 or len(calls) < 3 or calls[-2][1] != PASS:
        return None
    (opener, opening), (responder, raised) = position.bids
    strain = opening[1:]
    if calls[-3] != (opener, opening) or calls[-1] != (responder, raised) or responder != (opener + 2) % 4 \
            or strain == "NT" or raised[1:] != strain or (opening[0], raised[0]) not in RAISES:
        return None
    return strain


def over_raise_of_opening(position: Position, their: str) -> list[Option]:
    """Directly over their raise of their opening (partner passed it): 3NT with 16–21 and a
    stopper; a five-card suit at the cheapest level up to three with a good suit or six cards, or
    the takeout double (short in their suit, support for the others), on 12+ HCP over a raise to
    two, 13+ over a weak two raised to three, ``LIMIT_RAISE_ENTRY`` over one of a suit raised to
    three; every hand of 18+ doubles, so a pass shows at most 17."""
    opening, raised = position.bids[0][1], position.bids[1][1]
    least = 12 if raised[0] == "2" else 13 if opening[0] == "2" else LIMIT_RAISE_ENTRY
    suits = [Option(position.cheapest(s), Meaning(least, 17, {s: 5}), when=either(good(s), at_least(s, 6)))
             for s in others(their) if position.cheapest(s)[0] <= "3"]
    return [Option("3NT", Meaning(16, 21, note="a stopper in their suit"), when=stopped(their)),
            *[o for o in suits if o.call[1] in "HS"],
            Option(DOUBLE, Meaning(least, note=TAKEOUT), when=takeout_shape(their)),
            *[o for o in suits if o.call[1] in "DC"],
            Option(DOUBLE, Meaning(18, note=TAKEOUT)), Option(PASS, Meaning(high=17))]


FREE_SECOND_SUIT = 14
"""Opener's least HCP for a second five-card suit once partner has passed and they have bid: with
less, a minimum two-suiter passes (partner may still act)."""


STRONG_OPENER = 17
"""Opener's least HCP for a good five-card suit again at the three level once partner has passed
and they have bid (1♠ 2NT P 3♦ 3♠): partner, who could not bid, needs little for nine tricks."""


def opener_competes(position: Position) -> list[Option]:
    """Our one of a suit is our side's only bid, partner has passed and the last call is their
    bid or their double: a second five-card suit nobody has bid, beside five of the opened one,
    at the cheapest level up to three, with ``FREE_SECOND_SUIT`` HCP (the natural rules pass
    there with 16 and 6-5); else six cards of the opened suit again at the two level, at any
    strength (the natural rules passed 1♠ X P 2♣ with six spades and 15 HCP), or a good five of
    it at the three level with ``STRONG_OPENER`` HCP (or where the natural rules bid it). Not in
    the pass-out seat: there the reopening double, which partner may leave in, comes first."""
    mine, bids = position.bids_of(position.seat), position.bids
    last_seat, last = position.calls[-1]
    if len(mine) != 1 or mine[0][0] != "1" or mine[0][1:] == "NT" or position.opener != position.seat \
            or set(position.of(position.partner)) - {PASS} or last_seat % 2 == position.seat % 2 \
            or (position.calls[-1] != bids[-1] and last != DOUBLE):
        return []
    own = mine[0][1:]
    again = position.cheapest(own)
    six = [Option(again, Meaning(lengths={own: 6}, note="six cards: competes"))] if again[0] == "2" else []
    note = "competes: a good suit and extra values, or six cards"
    strong = [Option(again, Meaning(STRONG_OPENER, lengths={own: 5}, note=note), when=good(own)),
              Option(again, Meaning(lengths={own: 5}, note=note), when=instead_of(position, again))] \
        if again[0] == "3" else []
    return [*second_suits(position, own, FREE_SECOND_SUIT, "3", "a second five-card suit: a free bid"), *six, *strong]


def responder_competes(position: Position) -> list[Option]:
    """Partner opened one of a suit, our 1NT answer is our only bid, and their two-level bid has
    been passed round to us (1♥ P 1NT 2♠ P P): a six-card suit nobody has bid, at the cheapest
    level up to three, with 6+ HCP (1NT hid it below a two-over-one's strength), where the natural
    rules pass (with a stopper and game values they bid 3NT)."""
    calls, bids = position.calls, position.bids
    if position.opener != position.partner or position.bids_of(position.seat) != ["1NT"] \
            or len(position.bids_of(position.partner)) != 1 or len(calls) < 3 \
            or [c for _, c in calls[-2:]] != [PASS, PASS] or calls[-3] != bids[-1] \
            or bids[-1][0] % 2 == position.seat % 2 or bids[-1][1][0] != "2":
        return []
    return six_card_suits(position, lambda s: natural_passes(position, position.cheapest(s)), least=6)


def six_card_suits(position: Position, when: Callable[[str], Test | None], least: int = 0,
                   most: int = 37) -> list[Option]:
    """Each suit nobody has bid, six cards of it at the cheapest level up to three, to compete
    (``when`` gives each suit's further test)."""
    bid = {c[1:] for _, c in position.bids}
    return [Option(position.cheapest(s), Meaning(least, most, lengths={s: 6}, note="competes: a six-card suit"),
                   when=when(s))
            for s in SUITS if s not in bid and position.cheapest(s)[0] <= "3"]


def second_suits(position: Position, own: str, least: int, top: str, note: str) -> list[Option]:
    """A second five-card suit nobody has bid, beside five of ``own``, with ``least`` HCP, at the
    cheapest level up to ``top``."""
    bid = {c[1:] for _, c in position.bids}
    return [Option(position.cheapest(s), Meaning(least, lengths={own: 5, s: 5}, note=note))
            for s in SUITS if s not in bid and position.cheapest(s)[0] <= top]


def weak_jumps(position: Position, suits: str) -> list[Option]:
    """A jump overcall of their one-bid is weak: 5–10 HCP and a good suit, six cards at the two
    level, seven at the three."""
    options = []
    for suit in suits:
        level = int(position.cheapest(suit)[0]) + 1
        if level <= 3:
            options.append(Option(f"{level}{suit}", Meaning(5, 10, {suit: level + 4}, note=WEAK_JUMP), when=good(suit)))
    return options


def advancing(position: Position, their: str, protective: bool = False) -> list[Option]:
    """Partner doubled their opening for takeout and the next hand passed: we must bid, unless we
    hold five good trumps in their suit, or six (a pass for penalty). After a double in the
    pass-out seat (``protective``: we passed their opening, partner's double may be 3 HCP
    lighter), a jump or game needs 3 HCP more, and 1NT shows 6-11, 2NT 12-14. Where the jump is
    to game (over a preempt or a raise), 9-11 HCP bid it too. Without four cards of a major, over one of a suit 1NT (6-10) or 2NT (11,
    inviting) with a stopper, and 9-11 HCP jump in their longest minor below 3NT, four cards or
    more, where notrump does not fit (the doubler bids 3NT with 14+ and a stopper); where that jump
    is past 3NT (over a preempt), five of a five-card minor with 12+ HCP."""
    unbid = others(their)
    more = 3 if protective else 0
    majors = "".join(s for s in unbid if s in "HS")
    no_major: Test = lambda hand: all(hand.info.lengths[s] < 4 for s in majors)  # noqa: E731
    options = [Option(PASS, Meaning(lengths={their: 5}, note="for penalty: long, strong trumps in their suit"),
                      when=either(good(their), at_least(their, 6)))]
    for major in majors:
        jump = int(position.cheapest(major)[0]) + 1
        options += [Option("4" + major, Meaning(12 + more, lengths={major: 4}, note="to play"),
                           when=longest(major, majors)),
                    Option(f"{jump}{major}", Meaning(9 + more, 11 + more, lengths={major: 4},
                                                     note="invites game" if jump < 4 else "to play"),
                           when=longest(major, majors))]
    options += [Option("3NT", Meaning(12 + more, note="a stopper in their suit"), when=stopped(their))]
    if position.legal("1NT"):
        notrump = both(stopped(their), no_major)
        options += [Option("1NT", Meaning(6, 10 + more // 3, note="a stopper in their suit"), when=notrump),
                    Option("2NT", Meaning(11 + more // 3, 11 + more, note="invites 3NT: a stopper in their suit"),
                           when=notrump)]
    for minor in (s for s in unbid if s in "CD"):
        jump_bid = position.jump(minor)
        if BIDS.index(jump_bid) < BIDS.index("3NT"):
            options.append(Option(jump_bid, Meaning(9 + more, 11 + more, lengths={minor: 4}, note="invites game"),
                                  when=both(no_major, longest(minor, unbid))))
        else:
            options.append(Option("5" + minor, Meaning(12 + more, lengths={minor: 5}, note="to play"),
                                  when=both(no_major, longest(minor, unbid))))
    for suit in sorted(unbid, key=lambda s: s not in "HS"):
        options.append(Option(position.cheapest(suit), Meaning(lengths={suit: 4}, note="an answer to the takeout double"),
                              when=longest(suit, unbid)))
    return options + [Option(position.cheapest(s), Meaning(note="an answer to the takeout double: the longest other suit"),
                             when=longest(s, unbid)) for s in unbid]


STRONG_DOUBLE = 18
"""The least HCP of a takeout double that bids its own long suit once partner has passed their
bids: partner may hold nothing."""


def strong_doubler_again(position: Position) -> list[Option]:
    """We doubled their one-bid, they bid twice and partner passed between (1♥ X 1♠ P 2♥): a
    six-card suit they have not bid at the three level with ``STRONG_DOUBLE`` HCP (at the two
    level the natural rules compete)."""
    calls, bids = position.calls, position.bids
    if len(bids) != 3 or len(calls) < 4 or [c for _, c in calls[-4:-2]] != [DOUBLE, bids[1][1]] \
            or calls[-4][0] != position.seat or calls[-2][1] != PASS or calls[-1] != bids[2] \
            or bids[0][1][0] != "1" or bids[0][0] % 2 == position.seat % 2 or position.bids_of(position.partner):
        return []
    theirs = {c[1:] for _, c in bids}
    options = []
    for suit in (s for s in SUITS if s not in theirs):
        bid = position.cheapest(suit)
        if bid[0] == "3":
            options.append(Option(bid, Meaning(STRONG_DOUBLE, lengths={suit: 6},
                                               note="a strong double: a long suit of our own")))
    return options


@dataclass(frozen=True)
class DoublerRanges:
    """The doubler's HCP for its notrump rebids and for accepting partner's jump, by the seat it
    doubled in."""

    notrump: tuple[int, int]
    """The cheapest notrump with a stopper: a strong balanced hand."""
    over_1nt: tuple[int, int]
    """2NT from the first, 3NT from the second, over partner's 1NT."""
    over_2nt: int
    """3NT over partner's 2NT."""
    major_game: tuple[int, int]
    """HCP and support points for game over partner's jump in a major."""
    minor_game: int
    """3NT with a stopper over partner's jump in a minor."""


DIRECT = DoublerRanges(notrump=(18, 20), over_1nt=(16, 19), over_2nt=14, major_game=(14, 0), minor_game=14)
PROTECTIVE = DoublerRanges(notrump=(15, 18), over_1nt=(15, 17), over_2nt=11, major_game=(0, 11), minor_game=11)
"""In the pass-out seat 1NT shows 11–14, so a double followed by notrump shows 15–18; partner,
who passed the opening, answers 1NT with 6–11, 2NT with 12–14 and jumps with 12–14."""


FOUR_TRUMP_GAME = 15
"""The doubler's least support points for game over partner's jump in a major with four trumps
(13 HCP and a singleton): the ninth trump and the ruffs make up for the high cards."""


def doubler_rebids(position: Position, their: str, answer: str, protective: bool = False) -> list[Option]:
    """We doubled for takeout (directly, in the pass-out seat over their opening as
    ``protective`` says, or reopening as ``balancing`` says) and partner answered (the opener
    may have bid its suit again since, 1♠ X P 2♦ 2♠: the same calls, over it): raise with
    extras, or show the strong hand: a long suit of our own (a jump with 19+ HCP and six cards
    invites game; where the cheapest bid in a major is at the three or four level, 19+ HCP and six
    cards bid game in it), which over an answer in a minor comes before raising it. Notrump,
    game over partner's jump and over its notrump answers take the HCP of ``DIRECT`` or
    ``PROTECTIVE``; over a jump in a major four trumps accept with ``FOUR_TRUMP_GAME``."""
    ranges = PROTECTIVE if protective else DIRECT
    long_suits = [Option(position.jump(s),
                         Meaning(19, lengths={s: 6}, note="a very strong hand with a long suit: invites game"),
                         when=longest(s, others(their)))
                  for s in others(their) if s != answer[1:] and position.cheapest(s)[0] in "12"]
    long_suits += [Option("4" + s, Meaning(19, lengths={s: 6}, note="a very strong hand with a long suit: to play"),
                          when=longest(s, others(their)))
                   for s in others(their) if s in "HS" and s != answer[1:] and position.cheapest(s)[0] in "34"]
    long_suits += [Option(position.cheapest(s), Meaning(17, lengths={s: 5}, note="a strong hand with a long suit"),
                          when=longest(s, others(their)))
                   for s in others(their) if position.cheapest(s)[0] <= "3"]
    minor = answer[1:] in "CD"
    options: list[Option] = list(long_suits) if minor else []
    if answer[1:] != "NT":
        suit = answer[1:]
        answered = next(i for i in range(len(position.bids) - 1, 0, -1) if position.bids[i][0] == position.partner)
        jumped = int(answer[0]) > cheapest_level(suit, position.bids[answered - 1][1])
        if suit in "HS":
            options.append(Option("4" + suit, Meaning(19, lengths={suit: 4}, note="to play")))
            if jumped:
                hcp, points = ranges.major_game
                options.append(Option("4" + suit, Meaning(hcp, lengths={suit: 3}, points=points,
                                                          note="accepts the invitation"), points=support_points(suit)))
                options.append(Option("4" + suit, Meaning(lengths={suit: 4}, points=FOUR_TRUMP_GAME,
                                                          note="accepts the invitation"), points=support_points(suit)))
        elif jumped and answer[0] == "3":
            options.append(Option("3NT", Meaning(ranges.minor_game,
                                                 note="accepts the invitation: a stopper in their suit"),
                                  when=stopped(their)))
        options.append(Option(position.cheapest(suit), Meaning(16, lengths={suit: 4}, note="extra values: invites game")))
    if answer == "1NT":
        invite, game = ranges.over_1nt
        options += [Option("3NT", Meaning(game, note="to play")),
                    Option("2NT", Meaning(invite, game - 1, note="invites 3NT"))]
    elif answer == "2NT":
        options.append(Option("3NT", Meaning(ranges.over_2nt, note="accepts the invitation")))
    elif position.cheapest("NT")[0] <= "2":
        options.append(Option(position.cheapest("NT"), Meaning(*ranges.notrump, balanced=True,
                                                               note="a strong hand with a stopper in their suit"),
                              when=stopped(their)))
    return options + ([] if minor else long_suits) + [Option(PASS, Meaning())]


def notrump_opposite_opening(their: str, game: int = 13) -> list[Option]:
    """Responder's notrump with a stopper in their suit: 1NT 6-10, 2NT 11-12, 3NT ``game``+
    (less over a three-level overcall, where 2NT is past)."""
    return [Option(bid, Meaning(low, high, note="a stopper in their suit"), when=stopped(their))
            for bid, low, high in (("1NT", 6, 10), ("2NT", 11, 12), ("3NT", game, 37))]


def negative_suits(ours: str, their: str) -> list[str]:
    """The suits a negative double shows: the unbid majors, or with none unbid the unbid minors."""
    return [s for s in "HS" if s not in (ours, their)] or [s for s in "DC" if s not in (ours, their)]


THREE_LEVEL = {3: {"double": 9, "suit": 11, "raise": 8, "game": 10}}
"""Responder's least HCP over a weak jump overcall to the three level, by call: the negative
double, a new suit (forcing), the raise of partner's major to three (support points), and a
game (3NT with a stopper, four of partner's major): partner may not bid again below game."""
PREEMPTIVE_RAISE = 7
"""The most HCP for responder's jump to three of partner's major over their overcall, with four
trumps: the law's nine trumps compete at the three level; with more, the single raise."""


def negative(position: Position, ours: str, their: str, level: int) -> list[Option]:
    """Partner opened one of a suit and the next hand overcalled: responder's first call. A
    five-card major at the two level with 10+ HCP is bid (forcing) rather than doubled; the
    negative double shows the unbid majors (one of them where notrump does not fit); partner's
    major is raised to three with four trumps and up to ``PREEMPTIVE_RAISE`` HCP (preemptive),
    partner's minor with 6–10 HCP, and with 11–12 (no stopper for notrump, no major to double
    with) a jump to three invites; over a minor opening, a hand of 13+ HCP with no natural bid
    cue-bids their suit. Over a weak jump to the three level (``level`` 3) every call needs more
    (``THREE_LEVEL``): a new five-card suit at the three level is forcing, partner's major is
    raised to game with 11+ support points or five trumps, partner's minor to four with five, and
    3NT needs 10 HCP and a stopper."""
    unbid = negative_suits(ours, their)
    least = THREE_LEVEL.get(level, {})
    double = least.get("double", 6 if level == 1 else 8)
    options: list[Option] = []
    if ours in "HS" and level == 3:
        options += [Option("4" + ours, Meaning(least["game"], lengths={ours: 3}, points=11,
                                               note="game in partner's major"), points=support_points(ours)),
                    Option("4" + ours, Meaning(0, 9, lengths={ours: 5}, note="preemptive: five trumps")),
                    Option(position.cheapest(ours), Meaning(0, 10, lengths={ours: 3}, points=least["raise"],
                                                            note="a raise of partner's suit"),
                           points=support_points(ours))]
    elif ours in "HS":
        options.append(Option(position.cheapest(their), Meaning(10, lengths={ours: 3},
                                                                note="a cue-bid: a raise to at least three"),
                              when=lambda hand: hand.info.support_points(ours) >= 11))
        if position.jump(ours)[0] == "3":
            options.append(Option(position.jump(ours), Meaning(0, PREEMPTIVE_RAISE, lengths={ours: 4},
                                                               note="a preemptive raise: nine trumps")))
        options.append(Option(position.cheapest(ours), Meaning(5, 10, lengths={ours: 3}, note="a raise of partner's suit")))
    one_level = [Option(position.cheapest(s), Meaning(6, lengths={s: 5}, note="forcing"))
                 for s in SUITS if s not in (ours, their) and position.cheapest(s)[0] == "1"]
    options += one_level
    new_suits = [Option(position.cheapest(s), Meaning(least.get("suit", 10), lengths={s: 5}, note="forcing"))
                 for s in SUITS if s not in (ours, their) and position.cheapest(s)[0] == str(max(level, 2))]
    options += [option for option in new_suits if option.call[1] in "HS"]   # a five-card major: bid it
    options.append(Option(DOUBLE, Meaning(double, lengths=dict.fromkeys(unbid, 4), note=NEGATIVE)))
    options += [option for option in new_suits if option.call[1] in "DC"]
    if ours in "DC":
        raised = position.cheapest(ours)
        options.append(Option(raised, Meaning(6, 10, lengths={ours: 4 if ours == "D" and raised[0] <= "3" else 5},
                                              note="a raise of partner's suit")))
    options += notrump_opposite_opening(their, least.get("game", 13))
    if len(unbid) == 2 and unbid[0] in "HS":  # one major of the two: the double where notrump does not fit
        options += [Option(DOUBLE, Meaning(double, lengths={m: 4}, note=NEGATIVE)) for m in unbid]
    jump = position.jump(ours)
    if ours in "DC" and jump[0] == "3":
        options.append(Option(jump, Meaning(11, 12, lengths={ours: 4 if ours == "D" else 5},
                                            note="a limit raise: invites game")))
    if ours in "DC":  # over a major the cue-bid is the raise
        return options + [Option(position.cheapest(their), Meaning(13, note="a cue-bid: game forcing, no natural bid")),
                          Option(PASS, Meaning(high=12))]
    return options + [Option(PASS, Meaning())]


GAME_OVER_DOUBLE = 16
"""Opener's least HCP for game in its major over partner's negative double of a three-level
overcall, which promises 9 (``THREE_LEVEL``)."""


def after_negative_double(position: Position, ours: str, their: str) -> list[Option]:
    """Opener's answer to partner's negative double (the next hand passed): an unbid suit shown
    (a jump with 16+ HCP); the cheapest notrump with 12–14 balanced and a stopper in their suit
    (3NT over a three-level overcall with any balanced hand);
    over a two-level overcall 3NT with 17+ and a stopper, over a three-level one game in our major
    with 16+, over a one-level one 2NT with 18–19 balanced; a jump in our suit with six cards and
    16+ where it stays below 3NT; a four-card suit the double did not show, up to the two level
    (a jump with 19+); else our suit again. Over a three-level overcall four of their suit and no
    unbid suit to show pass for penalty."""
    unbid = negative_suits(ours, their)
    options: list[Option] = []
    for suit in unbid:
        options += [Option(position.jump(suit), Meaning(16, lengths={suit: 4}, note="extra values")),
                    Option(position.cheapest(suit), Meaning(lengths={suit: 4}))]
    if position.cheapest(their)[0] == "4":
        options.append(Option(PASS, Meaning(lengths={their: 4}, note="for penalty: four of their suit")))
    nt = position.cheapest("NT")
    if nt == "3NT":
        options.append(Option(nt, Meaning(12, balanced=True, note="a stopper in their suit"), when=stopped(their)))
    else:
        options.append(Option(nt, Meaning(12, 14, balanced=True, note="a stopper in their suit"), when=stopped(their)))
    if nt == "2NT":
        options.append(Option("3NT", Meaning(17, note="extra values, a stopper in their suit"), when=stopped(their)))
    elif nt == "3NT" and ours in "HS":
        options.append(Option("4" + ours, Meaning(GAME_OVER_DOUBLE, note="game values")))
    elif nt == "1NT":
        options.append(Option("2NT", Meaning(18, 19, balanced=True, note="a stopper in their suit"),
                              when=stopped(their)))
    jump = position.jump(ours)
    if jump[0] <= "3":
        options.append(Option(jump, Meaning(16, lengths={ours: 6}, note="extra values")))
    options.append(Option(position.cheapest(ours), Meaning(lengths={ours: 6})))
    others = [s for s in SUITS if s not in (ours, their, *unbid) and position.cheapest(s)[0] <= "2"]
    options += [Option(position.jump(s), Meaning(19, lengths={s: 4}, note="a jump: game values"))
                for s in others]
    options += [Option(position.cheapest(s), Meaning(lengths={s: 4})) for s in others]
    return options + [Option(position.cheapest(ours), Meaning())]


def over_forcing_suit(position: Position, ours: str, their: str, new: str) -> list[Option]:
    """Partner answered their weak jump to the three level with a new five-card suit (forcing) and
    the next hand passed: game in partner's major with three cards, our major again with six
    cards, 3NT with a stopper in their suit (before six cards of a minor), four of partner's minor
    with four; else partner's major
    with two cards, our major again with five, or our suit again."""
    options = []
    if new in "HS":
        options.append(Option("4" + new, Meaning(lengths={new: 3}, note="a fit for partner's suit")))
    six = Option(position.cheapest(ours), Meaning(lengths={ours: 6}, note="six cards"))
    notrump = Option("3NT", Meaning(note="a stopper in their suit"), when=stopped(their))
    options += [six, notrump] if ours in "HS" else [notrump, six]
    if new in "DC":
        options.append(Option(position.cheapest(new), Meaning(lengths={new: 4}, note="a fit for partner's suit")))
    else:
        options.append(Option("4" + new, Meaning(lengths={new: 2}, note="two cards of partner's suit")))
    return options + [Option(position.cheapest(ours), Meaning())]


def over_raise(position: Position, ours: str, their: str) -> list[Option]:
    """Opener's call after partner's negative double when the next hand raises their suit: a major
    the double showed, with four cards at the two level (a jump to three with 16+ HCP), or at the
    three level with 14+ HCP (with three cards too, and a singleton or void in their suit); game
    in it with 16+ HCP or six losers; 3NT with 17+ and a stopper in their suit; our six-card suit
    again at the three level (game in a six-card major with 16+ HCP or six losers where their raise
    took the three level); a minor the double showed (1♥ 1♠ X 2♠) with four cards at the three
    level, with 14+ HCP or a singleton or void in their suit; else pass: partner may still act."""
    options: list[Option] = []
    for major in (s for s in negative_suits(ours, their) if s in "HS"):
        cheapest = position.cheapest(major)
        game = "4" + major
        options += game_on_strength(game, 16, {major: 4}, "game in partner's major")
        if cheapest[0] == "2":
            options += [Option(f"3{major}", Meaning(16, lengths={major: 4}, note="extra values: invites game")),
                        Option(cheapest, Meaning(lengths={major: 4}, note="competes: a fit with partner's major"))]
        elif cheapest != game:
            options += [Option(cheapest, Meaning(14, lengths={major: 4}, note="a free bid: a fit, extra values")),
                        Option(cheapest, Meaning(14, lengths={major: 3}, note="a free bid: a fit, extra values"),
                               when=at_most(their, 1))]
    if position.legal("3NT"):
        options.append(Option("3NT", Meaning(17, note="a stopper in their suit"), when=stopped(their)))
    again = position.cheapest(ours)
    if again[0] == "3":
        options.append(Option(again, Meaning(lengths={ours: 6}, note="a free bid: six cards")))
    elif again == "4" + ours and ours in "HS":
        options += game_on_strength(again, 16, {ours: 6}, "game in our six-card major")
    for minor in (s for s in negative_suits(ours, their) if s in "DC" and position.cheapest(s)[0] == "3"):
        fit = "a free bid: a fit with partner's minor"
        options += [Option(position.cheapest(minor), Meaning(14, lengths={minor: 4}, note=fit)),
                    Option(position.cheapest(minor), Meaning(lengths={minor: 4}, note=fit), when=at_most(their, 1))]
    return options + [Option(PASS, Meaning())]


def doubler_places(position: Position, ours: str, their: str, rebid: str, free: bool = False) -> list[Option]:
    """Our negative double was answered (the opponents silent since, or raising their suit before
    opener's answer: a free bid at the three level we read as 14+ HCP): we place the contract on
    our HCP and what opener's answer showed (12 at least). Opener bid a major we showed: with four
    cards, game in it with 24 points between the hands (``natural.GAME``), a raise to invite with 22
    (below game). Else 3NT with 24 HCP and a stopper in their suit, 2NT inviting with 23 (a
    stopper, unless opener's notrump has one), four cards of the other major we showed at the one
    level (a double with one major: 1♣ 1♦ X P 1♥ P 1♠), a five-card one at the two level to play, at
    the three level forcing with 23, a cue-bid of their suit forcing to game with 24; else
    pass. Over opener's game (3NT, four of a major, five of a minor), pass."""
    showed = negative_suits(ours, their)
    opener = max(14 if free else 12, position.shown[position.partner].min_hcp)
    game_points = natural.GAME - opener
    strain = rebid[1:]
    if BIDS.index(rebid) >= BIDS.index(GAME[strain]):
        return [Option(PASS, Meaning(note="opener chose the game"))]
    options: list[Option] = []
    if strain in showed:
        game = GAME[strain]
        invite = position.cheapest(strain)
        options += [Option(game, Meaning(lengths={strain: 4}, points=game_points, note="game in the fit"),
                           points=support_points(strain)),
                    *([Option(invite, Meaning(lengths={strain: 4}, points=22 - opener, note="invites game"),
                              points=support_points(strain))] if invite != game else [])]
    stopper = None if strain == "NT" else stopped(their)
    options += [Option("3NT", Meaning(game_points, note="a stopper in their suit"), when=stopper)]
    if position.cheapest("NT") == "2NT":
        options.append(Option("2NT", Meaning(game_points - 1, game_points - 1, note="invites 3NT"), when=stopper))
    others = [s for s in showed if s in "HS" and s != strain]  # opener's major: the fit above
    options += [Option(position.cheapest(s), Meaning(high=game_points - 1, lengths={s: 4},
                                                     note="four of them: the major the double showed"))
                for s in others if position.cheapest(s)[0] == "1"]
    options += [Option(position.cheapest(s), Meaning(high=game_points - 1, lengths={s: 5}, note="to play"))
                for s in others if position.cheapest(s)[0] == "2"]
    options += [Option(position.cheapest(s), Meaning(game_points - 1, lengths={s: 5}, note="forcing: a five-card suit"))
                for s in others if position.cheapest(s)[0] == "3"]
    return options + [Option(position.cheapest(their), Meaning(game_points, note="a cue-bid: forcing to game")),
                      Option(PASS, Meaning(high=game_points - 1))]


def over_cue_bid(position: Position, ours: str, their: str) -> list[Option]:
    """Partner's cue-bid of their overcall of our minor is forcing to game: 3NT with a stopper in
    their suit, else our suit again."""
    return [Option("3NT", Meaning(note="a stopper in their suit"), when=stopped(their)),
            Option(position.cheapest(ours), Meaning(note="no stopper in their suit"))]


def over_doubler_cue_bid(position: Position, ours: str, their: str) -> list[Option]:
    """Partner doubled their overcall (negative), we answered, and partner cue-bid their suit:
    forcing to game. Three cards of a major the double showed (it showed four) we have not bid,
    3NT with a stopper in their suit, else our suit again."""
    bid = {c[1:] for c in position.bids_of(position.seat)}
    majors = [Option(position.cheapest(s), Meaning(lengths={s: 3}, note="three cards of the major partner's double showed"))
              for s in negative_suits(ours, their) if s in "HS" and s not in bid and position.legal(position.cheapest(s))]
    return [*majors,
            Option("3NT", Meaning(note="a stopper in their suit"), when=stopped(their)),
            Option(position.cheapest(ours), Meaning(note="no stopper in their suit"))]


def doubler_after_cue_bid(position: Position, ours: str, their: str, answer: str) -> list[Option]:
    """Our cue-bid after our negative double forced to game, and opener answered it: game in a
    major the double showed (it promised four, opener's answer three), 3NT with a stopper in
    their suit, else game in opener's suit; over a game, pass."""
    strain = answer[1:]
    if strain in negative_suits(ours, their) and strain in "HS" and position.legal("4" + strain):
        return [Option("4" + strain, Meaning(note="game in the fit"))]
    if not position.legal("3NT"):
        return [Option(PASS, Meaning(note="opener chose the game"))]
    game = GAME[ours]
    return [Option("3NT", Meaning(note="a stopper in their suit"), when=stopped(their)),
            Option(game, Meaning(note="game in opener's suit"))]


def game_on_strength(game: str, least: int, lengths: dict[str, int], note: str) -> list[Option]:
    """``game`` with ``least`` HCP, or on six losers whatever the count."""
    return [Option(game, Meaning(least, lengths=lengths, note=note)),
            Option(game, Meaning(lengths=lengths, note=note), when=few_losers(6))]


def accepts_raise(major: str) -> list[Option]:
    """Game over partner's cue-bid raise: 14+ HCP, or six losers."""
    return game_on_strength("4" + major, 14, {}, "accepts the raise to game")


def rules(position: Position) -> list[Option] | None:
    """The competitive places this module covers, or None."""
    calls, me = position.calls, position.seat
    bids = position.bids
    if not bids or not all(c == PASS or c in BIDS or c == DOUBLE for _, c in calls):
        return None
    first_seat, first = bids[0]
    strain, level = first[1:], int(first[0])
    mine_all = [c for c in position.of(me) if c != PASS]
    partner_all = [c for c in position.of(position.partner) if c != PASS]
    after_opening = [(s, c) for s, c in calls[next(i for i, (s, c) in enumerate(calls) if c in BIDS) + 1:]]
    if first_seat % 2 != me % 2 and strain != "NT" and level <= 3:
        their_raise = raised_opening(position)
        if their_raise is not None and not mine_all:
            return over_raise_of_opening(position, their_raise)
        before = position.partner_doubled()
        doubled = raised_opening(before) if before is not None else None
        if doubled is not None and not mine_all:
            return advancing(position, doubled)
        if len(bids) == 1 and not mine_all and not partner_all and DOUBLE not in [c for _, c in calls]:
            balancing = len(after_opening) == 2
            return over_opening(position, strain, level, balancing)
        answering = [c for _, c in after_opening]
        if level == 1 and not mine_all and partner_all in (["2" + strain], ["2NT"]) and len(answering) == 2 \
                and answering[0] == partner_all[0] and len(bids) <= 3:
            return two_suited.advance(position, strain, partner_all[0])
        if level == 1 and strain in "HS" and mine_all == ["2" + strain] and len(answering) == 4 \
                and answering[0] == "2" + strain and answering[1] in (PASS, DOUBLE) and answering[2:] == ["2NT", PASS]:
            return two_suited.minor_asked(position)
        if not mine_all and len(bids) == 1 and answering in ([DOUBLE, PASS], [PASS, PASS, DOUBLE, PASS]) \
                and partner_all == [DOUBLE]:
            return advancing(position, strain, protective=len(answering) == 4)
        pattern = [c if c in (DOUBLE, PASS) else "bid" for _, c in after_opening]
        if mine_all[:1] == [DOUBLE] and pattern in ([DOUBLE, PASS, "bid", PASS], [PASS, PASS, DOUBLE, PASS, "bid", PASS]) \
                and len(bids) == 2:
            return doubler_rebids(position, strain, bids[1][1], protective=len(pattern) == 6)
        if mine_all == [DOUBLE] and pattern == [DOUBLE, PASS, "bid", "bid"] and len(bids) == 3 \
                and bids[2][0] == first_seat and bids[2][1][1:] == strain and bids[2][1][0] <= "3":
            return doubler_rebids(position, strain, bids[1][1])
    if first_seat == position.partner and level == 1 and strain != "NT" and not mine_all and len(after_opening) == 1:
        seat, call = after_opening[0]
        if call in BIDS and call[1:] != "NT" and call[1:] != strain and int(call[0]) <= 3:
            return negative(position, strain, call[1:], int(call[0]))
    if first_seat == position.partner and level == 1 and strain != "NT" and mine_all == [DOUBLE] \
            and len(after_opening) == 5 and [c for _, c in after_opening][1:] == [DOUBLE, after_opening[2][1],
                                                                               after_opening[3][1], PASS]:
        overcall, between, rebid = after_opening[0][1], after_opening[2][1], after_opening[3][1]
        raised = between == f"{int(overcall[0]) + 1}{overcall[1:]}"
        if overcall in BIDS and overcall[1:] != "NT" and int(overcall[0]) <= 2 and rebid in BIDS \
                and (between == PASS or raised):
            return doubler_places(position, strain, overcall[1:], rebid, free=raised and rebid[0] >= "3")
    if first_seat == position.partner and level == 1 and strain != "NT" and len(mine_all) == 2 and mine_all[0] == DOUBLE \
            and len(after_opening) == 9:
        overcall, cue, answer = after_opening[0][1], after_opening[5][1], after_opening[7][1]
        if overcall in BIDS and overcall[1:] != "NT" and cue == mine_all[1] and cue[1:] == overcall[1:] and answer in BIDS \
                and [c for _, c in after_opening][4:9:2] == [PASS, PASS, PASS]:
            return doubler_after_cue_bid(position, strain, overcall[1:], answer)
    if first_seat == me and level == 1 and strain != "NT" and len(after_opening) == 3 and len(mine_all) == 1:
        (_, overcall), (_, reply), (_, next_call) = after_opening
        if overcall in BIDS and overcall[1:] != "NT" and reply == DOUBLE and next_call == PASS:
            return after_negative_double(position, strain, overcall[1:])
        if overcall in BIDS and overcall[1:] != "NT" and reply == DOUBLE and next_call in BIDS \
                and next_call[1:] == overcall[1:] and int(next_call[0]) <= 3:
            return over_raise(position, strain, overcall[1:])
        if strain in "HS" and reply in BIDS and reply[1:] == overcall[1:] and next_call == PASS:
            return [*accepts_raise(strain), Option(position.cheapest(strain), Meaning(note="a minimum"))]
        if reply in BIDS and reply[1:] == overcall[1:] and next_call == PASS:
            return over_cue_bid(position, strain, overcall[1:])
        if overcall in BIDS and overcall[0] == "3" and reply in BIDS and reply[0] == "3" \
                and reply[1:] not in (strain, overcall[1:], "NT") and next_call == PASS:
            return over_forcing_suit(position, strain, overcall[1:], reply[1:])
    if first_seat == me and level == 1 and strain != "NT" and len(after_opening) == 7 and len(mine_all) == 2:
        overcall, reply, _, _, passed, cue, next_call = [c for _, c in after_opening]
        if overcall in BIDS and overcall[1:] not in ("NT", strain) and reply == DOUBLE and passed == next_call == PASS \
                and cue in BIDS and cue[1:] == overcall[1:]:
            return over_doubler_cue_bid(position, strain, overcall[1:])
    return None
