"""A PokerStars hand-history reader written from the grammar of real PokerStars files (hands of every
one of these games in two open-source projects' test data, fpdb-3's and hhp's), for every game PokerStars deals that the room does (hold'em, Omaha, Omaha
hi-lo, stud, stud hi-lo, razz, five-card draw, 2-7 single and triple draw, badugi).

Every line must have the form of a line of a real file, or ``read`` refuses the hand; what real files
carry besides the game (chat, players joining and leaving) is read and set aside. Then it adds up:
every chip each player put in (forced bets, calls, bets, raises "X to Y" over the bet faced, bring-ins,
less the uncalled bets given back) is the total pot; the main and side pots make up the total; what was
collected and the rake make it too (with no rake, each pot is collected whole, pot by pot); each
seat's summary line ("collected (X)", "won (X)") is what its player collected; a raise is X over the
bet faced, a call no more than what it faces.

One form no real file has is read too, and only in the room's files: "Seat 3: Bob mucked" with no
cards, for a player who mucked at the showdown (a real file names the cards; the room's table never
showed them, and nobody's hidden cards but the hero's are written). An "Uncalled bet" line before the
deal gives back an ante above a shorter stack's (pokerkit trims antes so; no real file among ours has
one there, but its form is a real line's).
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from bot.games.pokerstars_games import GAMES

AMT = r"[$€]?([\d.,]+)"
HEADER = re.compile(r"^PokerStars (?:Home Game )?(?:Hand|Game) #\d+: +(?:\{[^}]+\} +)?(?:Tournament #\d+, \S+(?: [A-Z]{3})? )?"
                     r"(?:(?P<mix>HORSE|8-Game) \((?P<mixed>[^,]+), " + AMT + "/" + AMT + r"(?: [A-Z]{3})?\)|"
                     r"(?P<game>[^(]+?)(?: - Level \S+)? \((?:" + AMT + "/" + AMT + "|Button Blind " + AMT + " - Ante " + AMT +
                     r")(?: +[A-Z]{3})?\)) - "
                     r"\d{4}/\d\d/\d\d \d{1,2}:\d\d:\d\d [A-Z]+(?: \[\d{4}/\d\d/\d\d \d{1,2}:\d\d:\d\d ET\])?$")
_TABLE = re.compile(r"^Table '[^']+' \d+-max(?: \(Play Money\))?(?: Seat #\d+ is the button)?$")
_SEAT = re.compile(r"^Seat (\d+): (.+) \(" + AMT + r" in chips\)(?: is sitting out)?$")
_POST = re.compile(r"^(.+): posts (the ante|small blind|big blind|button blind|straddle) " + AMT + "( and is all-in)?$")
_MARK = re.compile(r"^\*\*\* (HOLE CARDS|DEALING HANDS|3rd STREET|[4-6]th STREET|(?:FIRST |SECOND |THIRD )?DRAW|"
                   r"(?:FIRST |SECOND )?(?:FLOP|TURN|RIVER|SHOW DOWN)|SUMMARY) \*\*\*(?: \[[^\]]+\]){0,2}$")
_DEALT = re.compile(r"^Dealt to (.+?) \[[^\]]+\](?: \[[^\]]+\])?$")
_MOVE = re.compile(r"^(.+?): (folds|checks|calls " + AMT + "|bets " + AMT + "|raises " + AMT + " to " + AMT +
                   "|brings in for " + AMT + ")( and is all-in)?$")
_DRAW = re.compile(r"^(.+): (?:discards \d cards?(?: \[[^\]]+\])?|stands pat(?: on \[[^\]]+\])?)$")
_UNCALLED = re.compile(r"^Uncalled bet \(" + AMT + r"\) returned to (.+)$")
_COLLECTED = re.compile(r"^(.+) collected " + AMT + r" from (pot|main pot|side pot(?:-\d+)?)$")
_SHOWDOWN = re.compile(r"^(.+): (?:shows \[[^\]]+\] \((?P<hand>[^)]+)\)|mucks hand|doesn't show hand)$")
_TOTAL = re.compile(r"^Total pot " + AMT + r"(?P<pots>(?: (?:Main|Side) pot(?:-\d+)? [$€]?[\d.,]+\.)*) \| Rake " + AMT + "$")
_POT = re.compile(r"(Main pot|Side pot(?:-\d+)?) " + AMT + r"\.")
_BOARD = re.compile(r"^(?:(?:FIRST|SECOND) )?Board \[[^\]]+\]$")
_ROLES = r"((?: \((?:button|small blind|big blind|button blind)\))*)"
_RESULT = r"(?:won \(" + AMT + r"\)|lost)(?: with [^,]+(?:, [^,]+)*?)?"
_SUMMARY_SEAT = re.compile(
    r"^Seat (\d+): (.+?)" + _ROLES + r" (?:folded (?:before Flop|on the (?:Flop|Turn|River|3rd Street|[4-6]th Street)|"
    r"before the Draw|after the (?:Draw|1st Draw|2nd Draw|3rd Draw))(?: \(didn't bet\))?"
    r"|showed \[[^\]]+\] and (?P<results>.+)|mucked \[[^\]]+\](?: and (?:won \(" + AMT + r"\)|lost))?"
    r"|(?P<bare>mucked)|collected \((?P<collected>[$€]?[\d.,]+)\))$")
_RESULTS = re.compile(r"^(?:won \(" + AMT + r"\)|lost)(?: with (?P<hand>.+))?$")
_TALK = re.compile(r'^(?:.+ said, ".*"|.+ joins the table at seat #\d+|.+ leaves the table|.+ is (?:dis)?connected'
                   r"|.+: sits out|.+:? is sitting out|.+ has timed out.*|.+ has returned|.+ will be allowed to play after"
                   r" the button|.+ finished the tournament.*|Betting is capped|.+ was removed from the table.*)$")
_R = "(?:Ace|King|Queen|Jack|Ten|Nine|Eight|Seven|Six|Five|Four|Three|Deuce)"
_RS = "(?:Aces|Kings|Queens|Jacks|Tens|Nines|Eights|Sevens|Sixes|Fives|Fours|Threes|Deuces)"
_HIGH = (f"(?:high card {_R}|a pair of {_RS}|two pair, {_RS} and {_RS}|three of a kind, {_RS}|a straight, {_R} to {_R}"
         f"|a flush, {_R} high|a full house, {_RS} full of {_RS}|four of a kind, {_RS}|a straight flush, {_R} to {_R}"
         f"|a Royal Flush)(?: - (?:{_R}(?:\\+{_R})*|lower) kicker)?")
_LOW = "[2-9TJQKA](?:,[2-9TJQKA])*"
_WORDS = re.compile(f"^(?:{_HIGH}|Lo: (?:{_LOW}|{_HIGH})|(?:Badugi|[1-3]-card): {_LOW}|HI: {_HIGH}(?:; LO: {_LOW})?)$")
"""A hand named as real files name it at the showdown ("a pair of Sixes", "Lo: 8,6,4,3,2", "HI: ...; LO: ...")."""
_PLAIN = ("No low hand qualified", "Hand was run twice", "Pair on board - a double bet is allowed", "The deck is reshuffled")


def _chips(text: str) -> Decimal:
    return Decimal(text.replace(",", ""))


@dataclass
class Hand:
    """What ``read`` found in one hand."""

    game: str
    stacks: dict[str, Decimal] = field(default_factory=dict)
    put_in: dict[str, Decimal] = field(default_factory=lambda: defaultdict(Decimal))
    collected: dict[str, Decimal] = field(default_factory=lambda: defaultdict(Decimal))
    hands: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    """The hands named at the showdown ("a pair of Sixes"), by player."""
    total: Decimal = Decimal(0)
    rake: Decimal = Decimal(0)
    pots: list[Decimal] = field(default_factory=list)
    by_pot: dict[str, Decimal] = field(default_factory=lambda: defaultdict(Decimal))
    bare_mucks: int = 0


def read(text: str, ours: bool = False) -> Hand:
    """Read one hand (its lines, stripped of a byte-order mark and trailing spaces) and check that it adds
    up; ``ours``: a room file, where a bare "mucked" is read (see the module)."""
    lines = [line.strip() for line in text.lstrip("\ufeff").strip().splitlines()]
    header = HEADER.match(lines[0])
    assert header, f"not a real header: {lines[0]!r}"
    game = header["game"] or header["mixed"]
    assert game in {stars.name for stars in GAMES.values()}, f"not a game PokerStars names so: {game!r}"
    assert _TABLE.match(lines[1]), f"not a real table line: {lines[1]!r}"
    hand = Hand(game)
    bets: dict[str, Decimal] = defaultdict(Decimal)
    antes: dict[str, Decimal] = defaultdict(Decimal)
    summary = drawing = dealt = False
    for line in lines[2:]:
        if summary:
            _read_summary(hand, line, ours)
        elif m := _SEAT.match(line):
            hand.stacks[m[2]] = _chips(m[3])
        elif m := _POST.match(line):
            hand.put_in[m[1]] += _chips(m[3])
            if m[2] != "the ante":
                bets[m[1]] += _chips(m[3])
            else:
                antes[m[1]] += _chips(m[3])
        elif m := _MOVE.match(line):
            drawing = False
            _read_move(hand, bets, m)
        elif _DRAW.match(line):
            if not drawing:  # a draw ends a betting round, marked ("*** FIRST DRAW ***") or not
                bets.clear()
            drawing = True
        elif m := _UNCALLED.match(line):
            given = antes if not dealt else bets  # before the deal: an ante above a shorter stack's
            assert _chips(m[1]) == given[m[2]] - max((b for who, b in given.items() if who != m[2]), default=Decimal(0)), line
            hand.put_in[m[2]] -= _chips(m[1])
            given[m[2]] -= _chips(m[1])
        elif m := _MARK.match(line):
            dealt = True
            if m[1] not in ("HOLE CARDS", "DEALING HANDS", "3rd STREET"):  # the blinds are the first round's bets
                bets.clear()
            summary = m[1] == "SUMMARY"
        elif m := _COLLECTED.match(line):
            hand.collected[m[1]] += _chips(m[2])
            hand.by_pot[m[3]] += _chips(m[2])
        elif m := _SHOWDOWN.match(line):
            if m["hand"]:
                assert _WORDS.match(m["hand"]), f"a hand no real file names so: {m['hand']!r}"
                hand.hands[m[1]].append(m["hand"])
        elif not (_DEALT.match(line) or line in _PLAIN or _TALK.match(line)):
            raise AssertionError(f"a line no real file has: {line!r}")
    _check_sums(hand)
    return hand


def _read_move(hand: Hand, bets: dict[str, Decimal], m: re.Match[str]) -> None:
    who, faced = m[1], max(bets.values(), default=Decimal(0))
    if m[3] is not None:  # calls
        assert bets[who] + _chips(m[3]) <= faced, m[0]
        added = _chips(m[3])
    elif m[4] is not None:  # bets
        assert faced == 0, m[0]
        added = _chips(m[4])
    elif m[5] is not None:  # raises X to Y: X over the bet faced
        assert _chips(m[6]) - _chips(m[5]) == faced, m[0]
        added = _chips(m[6]) - bets[who]
    elif m[7] is not None:  # brings in
        added = _chips(m[7])
    else:
        return
    hand.put_in[who] += added
    bets[who] += added


def _read_summary(hand: Hand, line: str, ours: bool) -> None:
    if m := _TOTAL.match(line):
        hand.total, hand.rake = _chips(m[1]), _chips(m[3])
        hand.pots = [_chips(amount) for _, amount in _POT.findall(m["pots"])]
    elif m := _SUMMARY_SEAT.match(line):
        if m["collected"] is not None:
            assert _chips(m["collected"].lstrip("$€")) == hand.collected[m[2]], line
        elif m["results"] is not None:
            results = [_RESULTS.match(part) for part in m["results"].split(", and ")]
            assert all(results), line
            won = sum((_chips(r[1]) for r in results if r and r[1]), Decimal(0))
            assert won == hand.collected[m[2]], (line, hand.collected[m[2]])
        elif m["bare"]:
            assert ours, f"a real file names a mucked hand's cards: {line!r}"
            hand.bare_mucks += 1
    elif not (_BOARD.match(line) or line in _PLAIN):
        raise AssertionError(f"a summary line no real file has: {line!r}")


def _check_sums(hand: Hand) -> None:
    """The chips add up: put in = total pot = the pots (which real files write less the rake) + rake =
    collected + rake; without rake, each pot collected whole."""
    put_in = sum(hand.put_in.values(), Decimal(0))
    collected = sum(hand.collected.values(), Decimal(0))
    assert put_in == hand.total, f"the players put in {put_in}, the total pot is {hand.total}"
    assert not hand.pots or sum(hand.pots) + hand.rake == hand.total, f"the pots {hand.pots} do not make {hand.total}"
    assert collected + hand.rake == hand.total, f"{collected} collected and {hand.rake} rake of {hand.total}"
    if not hand.rake and hand.pots:
        names = ["main pot"] + (["side pot"] if len(hand.pots) == 2 else [f"side pot-{k}" for k in range(1, len(hand.pots))])
        assert [hand.by_pot[name] for name in names] == hand.pots, (dict(hand.by_pot), hand.pots)


def hands_of(text: str) -> list[str]:
    """A file's hands (PokerStars separates them by blank lines)."""
    return [hand for hand in re.split(r"\n\s*\n", text.lstrip("\ufeff")) if hand.strip()]
