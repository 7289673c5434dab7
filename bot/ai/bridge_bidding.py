"""Bridge robots' bidding: a simple natural system, and what each call promised.

What calls promised (``describe``) also shapes the deals the card play samples. The system is written
out for players in ``docs/rules/bridge.md``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from bot.games.bridge import BIDS, PASS

HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
SUITS = "SHDC"
MAJORS = "SH"


# ----------------------------------------------------------------------------------------------
# Hand evaluation


@dataclass(frozen=True)
class HandInfo:
    """What bidding looks at: high-card points, suit lengths and shape."""

    hcp: int
    lengths: dict[str, int]

    @classmethod
    def of(cls, cards: Sequence[str]) -> "HandInfo":
        return cls(hcp=sum(HCP.get(c[0], 0) for c in cards),
                   lengths={s: sum(c[1] == s.lower() for c in cards) for s in SUITS})

    @property
    def balanced(self) -> bool:
        """4-3-3-3, 4-4-3-2 or 5-3-3-2."""
        shape = sorted(self.lengths.values())
        return shape[0] >= 2 and shape[1] >= 3

    @property
    def points(self) -> int:
        """HCP plus one for each card over four in a suit."""
        return self.hcp + sum(max(0, n - 4) for n in self.lengths.values())

    def support_points(self, trump: str) -> int:
        """HCP plus shortness (void 3, singleton 2, doubleton 1) for raising partner's ``trump``."""
        return self.hcp + sum({0: 3, 1: 2, 2: 1}.get(n, 0)
                              for s, n in self.lengths.items() if s != trump)

    def longest(self, suits: str = SUITS) -> str:
        """The longest of ``suits``; the higher-ranking one on equal length."""
        return max(suits, key=lambda s: (self.lengths[s], -SUITS.index(s)))


def stopper(cards: Sequence[str], suit: str) -> bool:
    """A holding that stops the suit once: A, Kx, Qxx or Jxxx."""
    ranks = [c[0] for c in cards if c[1] == suit.lower()]
    return ("A" in ranks or ("K" in ranks and len(ranks) >= 2) or ("Q" in ranks and len(ranks) >= 3)
            or ("J" in ranks and len(ranks) >= 4))


# ----------------------------------------------------------------------------------------------
# What each player's calls promised (used by the bidding and by the deal sampler)


@dataclass
class Shown:
    """A seat's hand as its calls describe it (minimum lengths, the most cards where a call showed
    shortness, an HCP range, and the least points, HCP with length or shortness, where the system
    counts those)."""

    min_hcp: int = 0
    max_hcp: int = 37
    lengths: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SUITS, 0))
    balanced: bool = False
    min_points: int = 0
    max_lengths: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SUITS, 13))

    def promise(self, low: int, high: int = 37, suit: str | None = None, length: int = 0,
                balanced: bool = False, points: int = 0, short: str = "") -> None:
        """``short``: a suit of one card or none (a splinter's, or opener's over Jacoby 2NT)."""
        if short:
            self.max_lengths[short] = min(self.max_lengths[short], 1)
        self.min_points = max(self.min_points, points)
        self.min_hcp = max(self.min_hcp, low)
        self.max_hcp = max(self.min_hcp, min(self.max_hcp, high))
        if suit:
            self.lengths[suit] = max(self.lengths[suit], length)
        self.balanced = self.balanced or balanced

    @property
    def least(self) -> int:
        """The least strength shown: HCP, or points where a call counted them and they are more."""
        return max(self.min_hcp, self.min_points)

    def admits(self, hand: HandInfo, points: bool = True) -> bool:
        """The hand is one the calls describe: its HCP in the range, the suit lengths, the shape,
        and (``points``) the least points, with length or with shortness as a raise counts them."""
        return (self.min_hcp <= hand.hcp <= self.max_hcp
                and all(self.lengths[s] <= hand.lengths[s] <= self.max_lengths[s] for s in SUITS)
                and (hand.balanced or not self.balanced)
                and (not points or max(hand.points, *(hand.support_points(s) for s in SUITS)) >= self.min_points))


OPENINGS: dict[str, tuple[int, int, int, bool]] = {
    "1C": (10, 37, 3, False), "1D": (10, 37, 3, False), "1H": (10, 37, 5, False),
    "1S": (10, 37, 5, False), "1NT": (15, 17, 0, True), "2NT": (20, 21, 0, True),
}
"""Opening bid -> (min HCP, max HCP, length of the suit named, balanced). One of a suit opens 10-11
HCP hands by the rule of 20, and every stronger hand that is not a notrump opening (there is no
strong two)."""


def describe(calls: Sequence[tuple[int, str]]) -> list[Shown]:
    """Read the auction with the robots' own system: what each seat's calls have promised."""
    shown = [Shown() for _ in range(4)]
    bids: list[tuple[int, str]] = []
    for seat, call in calls:
        read_call(shown, bids, seat, call)
        if call in BIDS:
            bids.append((seat, call))
    return shown


def read_call(shown: list[Shown], bids: list[tuple[int, str]], seat: int, call: str) -> None:
    me, partner = shown[seat], shown[(seat + 2) % 4]
    partner_bids = [c for s, c in bids if s == (seat + 2) % 4]
    own_bids = [c for s, c in bids if s == seat]
    side_bids = [c for s, c in bids if s % 2 == seat % 2]
    opener_rebid = len(own_bids) == 1 and bids[0][0] == seat
    if call == PASS:
        if not bids:
            me.promise(0, 11)
        elif len(bids) == 1 and partner_bids and not own_bids:
            limit = {"1NT": 7, "2NT": 3}.get(bids[0][1], 5 if bids[0][1][0] == "1" else 37)
            me.promise(0, limit)  # a pass of a preempt says nothing: no fit and no 3NT is not a point count
    if call not in BIDS:
        return
    level, strain = int(call[0]), call[1:]
    if not bids:
        if call in OPENINGS:
            low, high, length, balanced = OPENINGS[call]
            me.promise(low, high, None if strain == "NT" else strain, length, balanced)
        else:
            me.promise(6, 10, None if strain == "NT" else strain, level + 4)
        return
    opening = bids[0][1]
    if partner_bids[:1] == [opening] and not own_bids and not notrump_again(partner_bids):
        _read_response(me, opening, call, bids[-1][1])
    elif not side_bids:
        if strain == "NT":
            me.promise(15, 18, balanced=True)
        else:
            me.promise(8 if level == 1 or bids[-1][1] == "1NT" else 10, 37, strain, 5)  # ``overcall``
    elif strain == "NT":
        if opener_rebid and level == 2 and partner_bids:  # opener_rebid: over 1NT 17-18, else 12-14 or 18-19
            two_level = BIDS.index(bids[-1][1]) >= BIDS.index("1NT")  # 1NT was no longer a bid
            low, high = (17, 18) if partner_bids[:1] == ["1NT"] else (12, 14) if two_level else (18, 19)
            me.promise(low, high, balanced=True)
        elif opener_rebid and level == 2:  # partner passed: ``place``'s notrump with 18+
            me.promise(18)
        elif opener_rebid and level == 1 and partner_bids:  # ``rebid_after_new_suit``
            me.promise(12, 14, balanced=True)
        elif opener_rebid and level == 3 and len(partner_bids) > 1 and partner_bids[-1] == "2NT":
            pass  # accepts partner's later 2NT invitation: the opening has said what the hand holds
        elif opener_rebid and level == 3 and partner_bids:  # game opposite what partner's reply showed
            two_level = BIDS.index(bids[-1][1]) >= BIDS.index("1NT")
            if two_level and own_bids[0][0] == "1" and "NT" not in own_bids[0] + partner_bids[0]:  # 15-17 opened 1NT
                me.promise(18, 19, balanced=True)
            else:
                me.promise(0, points={"1NT": 19, "2NT": 14}.get(partner_bids[0], 15 if two_level else 18))
        elif call == "3NT" and answering_again(bids, seat) and bids[-1][1] != "2NT" and int(bids[-1][1][0]) <= 2:
            me.promise(0, points=GAME - expected_strength(partner))  # ``place``: game with no invitation to accept
        elif call == "2NT" and answering_again(bids, seat):
            low = INVITE[0] - expected_strength(partner)
            me.promise(low, low + INVITE[1] - INVITE[0])
    else:
        jump = opener_rebid and (level > cheapest_level(strain, bids[-1][1]) or reverse(bids, seat, call))
        raised = jump and bool(partner_bids) and partner_bids[0][1:] == own_bids[0][1:] == strain
        if jump and not (raised and call == game_in(strain)):  # after partner's raise, game is to play
            me.promise(0, points=16)  # 16 points: HCP and length
        if any(b[1:] == strain for b in partner_bids):  # an eight-card fit with what partner has shown
            need = max(1, 8 - partner.lengths[strain])
            me.promise(0, suit=strain, length=min(need, 4) if opener_rebid else need)  # ``rebid_after_new_suit`` raises with four
        elif any(b[1:] == strain for b in own_bids):
            if answering_again(bids, seat) and level == 3 and strain in MAJORS \
                    and cheapest_level(strain, bids[-1][1]) == 2:
                me.promise(0, suit=strain, length=6)  # responder's jump: ``long_major_invitation``
            elif opener_rebid and level > cheapest_level(strain, bids[-1][1]):
                me.promise(0, suit=strain, length=6)  # opener jumps in its own suit only with six
                if level == 3 and partner_bids[0][0] == "1" and all(s % 2 == seat % 2 for s, _ in bids):
                    me.promise(0, 18)  # invites game: 16+ points with the length; 19 HCP bid game
            elif opener_rebid and strain in "CD" and partner_bids[:1] and partner_bids[0][0] == "1" \
                    and all(s % 2 == seat % 2 for s, _ in bids):
                me.promise(0, suit=strain, length=5)  # over a one-level answer fewer bid notrump or another suit
            # else a suit bid again: opener repeats a five-card suit when nothing else fits
        else:
            me.promise(0, suit=strain, length=4)


def notrump_again(partner_bids: Sequence[str]) -> bool:
    """Partner opened and has since bid notrump (1♥ 2♦ P P 2NT): its strength is shown, so our
    first bid is a later call (``place``), not a response to the opening."""
    return len(partner_bids) > 1 and partner_bids[-1][1:] == "NT"


def their_strains(bids: Sequence[tuple[int, str]], seat: int) -> set[str]:
    """The strains the opponents of ``seat`` have bid."""
    return {c[1:] for s, c in bids if s % 2 != seat % 2}


def reverse(bids: list[tuple[int, str]], seat: int, call: str) -> bool:
    """Opener's rebid of a new suit at the two level ranking above the opened one, after partner
    answered at the one level, whether or not the opponents have bid since (not in their suit):
    17+ points (``rebid_after_new_suit``)."""
    opened, answer = bids[0][1], next((c for s, c in bids if s == (seat + 2) % 4), "")
    theirs = their_strains(bids, seat)
    return (call[0] == "2" and answer[:1] == "1" and opened[1:] in SUITS and call[1:] in SUITS
            and call[1:] not in (opened[1:], answer[1:], *theirs) and SUITS.index(call[1:]) < SUITS.index(opened[1:]))


def cheapest_level(strain: str, last: str) -> int:
    """The lowest level at which ``strain`` can be bid over ``last``."""
    return next(level for level in range(1, 9)
                if level == 8 or BIDS.index(f"{level}{strain}") > BIDS.index(last))


RESPONSES_TO_NOTRUMP = {
    "1NT": {"2NT": (8, 9), "3NT": (10, 15), "4NT": (16, 17), "6NT": (18, 37)},
    "2NT": {"3NT": (4, 10), "4NT": (11, 12), "6NT": (13, 37)},
}
"""Notrump responses to a notrump opening -> responder's HCP range."""


def _read_response(me: Shown, opening: str, call: str, last: str) -> None:
    """Responder's first bid after partner's opening (see ``respond``)."""
    level, strain = int(call[0]), call[1:]
    if opening in RESPONSES_TO_NOTRUMP:
        if call in RESPONSES_TO_NOTRUMP[opening]:
            me.promise(*RESPONSES_TO_NOTRUMP[opening][call])  # any shape without a five-card major
        elif opening == "1NT" and level == 2:
            me.promise(0, 7, strain, 5)
        else:
            me.promise(4 if opening == "2NT" else 10, 15, strain, 6 if level == 4 else 5)
        return
    if opening[0] != "1":
        me.promise(16)
        return
    if strain == opening[1:]:
        jump = level - max(2, cheapest_level(strain, last))
        me.promise(6, suit=strain, length=3 if strain in MAJORS else 5 if strain == "C" else 4,
                   points=(6, 10, 13)[min(2, max(0, jump))])  # support points: HCP and shortness
    elif strain == "NT":
        top = NOTRUMP_GAME if opening[1:] in MAJORS else (13, 37)  # over a minor, 16+ may lack a new suit
        low, high = {1: (6, 9), 2: (10, 12), 3: top}.get(level, (13, 37))
        me.promise(low, high, balanced=level > 1)
    else:
        me.promise(6 if level == 1 else 10, suit=strain, length=4)


# ----------------------------------------------------------------------------------------------
# Bidding


class Auction:
    """The auction from one robot's seat, with the questions the bidding rules ask."""

    def __init__(self, view: Mapping[str, Any], shown: Sequence[Shown] | None = None) -> None:
        self.me: int = view["viewer"]
        self.partner = (self.me + 2) % 4
        self.cards: list[str] = view["seats"][self.me]["cards"]
        self.hand = HandInfo.of(self.cards)
        self.calls = [(c["seat"], c["call"]) for c in view["auction"]]
        self.bids = [(s, c) for s, c in self.calls if c in BIDS]
        self.shown = list(shown) if shown is not None else describe(self.calls)

    def legal(self, call: str) -> bool:
        return not self.bids or BIDS.index(call) > BIDS.index(self.bids[-1][1])

    def cheapest(self, strain: str) -> str:
        """The lowest sufficient bid in ``strain`` (may be above 7: then it is not a bid)."""
        for level in range(1, 8):
            if self.legal(f"{level}{strain}"):
                return f"{level}{strain}"
        return "8" + strain

    def bids_of(self, seat: int) -> list[str]:
        return [c for s, c in self.bids if s == seat]


def choose_call(view: Mapping[str, Any], shown: Sequence[Shown] | None = None) -> str:
    """The natural system's call: "1NT", "Pass"... always legal (it never doubles or redoubles).
    ``shown``: what each seat's calls promised, if read by a fuller system than this one."""
    a = Auction(view, shown)
    if not a.bids:
        call = opening(a.hand)
    elif a.bids[0][0] % 2 != a.me % 2:
        call = place(a) if any(s % 2 == a.me % 2 for s, _ in a.bids) else overcall(a)
    elif a.bids[0][0] == a.partner and not a.bids_of(a.me) and not notrump_again(a.bids_of(a.partner)):
        call = respond(a)
        if call == PASS and any(s == a.me and c != PASS for s, c in a.calls):
            call = place(a)  # our double showed values: where no response is sufficient, place the contract
    elif a.bids[0][0] == a.me and len(a.bids_of(a.me)) == 1 and a.bids_of(a.partner):
        call = opener_rebid(a)
    else:
        call = place(a)
    return call if call == PASS or (call in BIDS and a.legal(call)) else PASS


def opening(h: HandInfo) -> str:
    """1NT 15-17 balanced, 2NT 20-21 balanced; 1 of a suit with 12+ HCP (or 10-11 and the rule
    of 20): a 5-card major, else the longer minor; weak twos and three-level preempts."""
    if h.balanced and 15 <= h.hcp <= 17:
        return "1NT"
    if h.balanced and 20 <= h.hcp <= 21:
        return "2NT"
    two_longest = sum(sorted(h.lengths.values())[-2:])
    if h.hcp >= 12 or (h.hcp >= 10 and h.hcp + two_longest >= 20):
        if max(h.lengths["S"], h.lengths["H"]) >= 5:
            return "1S" if h.lengths["S"] >= h.lengths["H"] else "1H"
        diamonds, clubs = h.lengths["D"], h.lengths["C"]
        return "1D" if diamonds > clubs or diamonds == clubs >= 4 else "1C"
    if 6 <= h.hcp <= 10:
        suit = h.longest()
        if h.lengths[suit] >= 7:
            return "3" + suit
        if h.lengths[suit] == 6 and suit != "C":
            return "2" + suit
    return PASS


def game_in(strain: str) -> str:
    return {"S": "4S", "H": "4H", "D": "5D", "C": "5C"}.get(strain, "3NT")


def compete(a: Auction, call: str, stretch: int = 0) -> str:
    """``call`` if sufficient; over interference the same strain at most ``stretch`` levels
    higher; else pass."""
    if call == PASS or a.legal(call):
        return call
    cheaper = a.cheapest(call[1:])
    return cheaper if int(cheaper[0]) <= int(call[0]) + stretch else PASS


def respond(a: Auction) -> str:
    """Responder's first call after partner's opening."""
    h, opened = a.hand, a.bids_of(a.partner)[0]
    strain = opened[1:]
    if opened == "1NT" and a.bids[-1][1] == "1NT":
        if h.hcp <= 7:
            suit = h.longest()
            return "2" + suit if h.lengths[suit] >= 5 else PASS
        if h.hcp <= 9:
            return "2NT"
        if h.hcp <= 15:
            major = h.longest(MAJORS)
            if h.lengths[major] >= 6:
                return "4" + major
            return "3" + major if h.lengths[major] == 5 else "3NT"
        return "4NT" if h.hcp <= 17 else "6NT"
    if opened == "2NT":
        major = h.longest(MAJORS)
        if h.hcp <= 3:
            return PASS
        if h.hcp <= 10:
            return compete(a, "4" + major if h.lengths[major] >= 6 else "3NT")
        return compete(a, "4NT" if h.hcp <= 12 else "6NT")
    if opened[0] != "1" or strain == "NT":
        if h.hcp >= 16 and h.lengths.get(strain, 0) >= 2:
            return compete(a, game_in(strain))
        return compete(a, "3NT") if h.hcp >= 17 and h.balanced else PASS
    call = respond_to_suit(h, strain)
    raising = call[1:] == strain and strain in MAJORS and h.support_points(strain) >= RAISE_OVER_PREEMPT
    return compete(a, call, stretch=1 if h.hcp >= 10 or raising else 0)


RAISE_OVER_PREEMPT = 8
"""The least support points with which responder raises partner's major a level higher than it
would (three over their three-level overcall)."""


def respond_to_suit(h: HandInfo, opened: str) -> str:
    """Responses to 1 of a suit: raises, a new suit, notrump."""
    if h.hcp < 6:
        return PASS
    n = h.lengths
    if opened in MAJORS and n[opened] >= 3:
        points = h.support_points(opened)
        return ("2" if points <= 9 else "3" if points <= 12 else "4") + opened
    if opened in "CD" and max(n["H"], n["S"]) >= 4:
        if n["H"] >= 4 and n["S"] >= 4:
            return "1S" if n["S"] > n["H"] else "1H"
        return "1H" if n["H"] >= 4 else "1S"
    if opened == "H" and n["S"] >= 4:
        return "1S"
    if opened in "CD" and n[opened] >= (5 if opened == "C" else 4):
        if 13 <= h.hcp <= NOTRUMP_GAME[1] and h.balanced:
            return "3NT"
        if h.hcp > NOTRUMP_GAME[1] and h.balanced:
            return slam_values(h, opened) or "3NT"
        return ("2" if h.hcp <= 9 else "3") + opened
    if opened == "C" and n["D"] >= 4:
        return "1D"
    if h.hcp >= 10:
        lower = [s for s in SUITS if SUITS.index(s) > SUITS.index(opened)]
        five = [s for s in lower if n[s] >= 5]
        if five:
            return "2" + max(five, key=lambda s: n[s])
        if h.hcp > NOTRUMP_GAME[1] and h.balanced:
            return slam_values(h, opened) or "3NT"
        if h.balanced or not lower:
            return "2NT" if h.hcp <= 12 else "3NT"
        return "2" + h.longest("".join(lower))
    return "1NT"


NOTRUMP_GAME = (13, 15)
"""The HCP of responder's 3NT to one of a suit; with more, a forcing new suit looks for slam (over
a minor, 3NT when no four-card suit below it can be bid)."""


def slam_values(h: HandInfo, opened: str) -> str | None:
    """A balanced responder above 3NT's range: a new suit of four or more below opener's at the two
    level (forcing), so the later calls can add up to a slam; None without one."""
    lower = [s for s in SUITS if SUITS.index(s) > SUITS.index(opened) and h.lengths[s] >= 4]
    return "2" + max(lower, key=lambda s: h.lengths[s]) if lower else None


def opener_rebid(a: Auction) -> str:
    """Opener's second call after partner's first bid."""
    h = a.hand
    mine, reply = a.bids_of(a.me)[0], a.bids_of(a.partner)[0]
    own, strain, level = mine[1:], reply[1:], int(reply[0])
    if own == "NT":
        return opener_rebid_notrump(a, mine, reply)
    if mine[0] != "1":
        return PASS
    if strain == own:
        if level == 2:
            if h.points < 16:
                return PASS
            return compete(a, game_in(own) if h.points >= 19 else f"3{own}")
        if level != 3 or h.points < 14:
            return PASS
        return compete(a, "3NT" if own in "CD" and h.balanced and their_suits_stopped(a) else game_in(own))
    if strain == "NT":
        if level >= 3:
            return PASS
        if level == 2:
            if h.hcp >= 14:
                return "4" + own if own in MAJORS and h.lengths[own] >= 6 else "3NT"
            return "3" + own if h.lengths[own] >= 6 else PASS
        if h.balanced:
            return "3NT" if h.hcp >= 19 else "2NT" if h.hcp >= 17 else PASS
        if h.lengths[own] >= 6:
            if long_minor_game(a, own):
                return "3NT"
            five = second_suit(a, own, strain, 5) if h.points < 19 else None
            if five is not None:
                return compete(a, five)  # six-five: the second suit first
            if own == "S" and h.lengths["H"] >= 4 and h.points < 19:
                return compete(a, "2H")  # six-four: 1NT denies four spades, not four hearts
            return compete(a, "4" + own if own in MAJORS and h.points >= 19 else ("3" if h.points >= 16 else "2") + own)
        second = [s for s in SUITS[SUITS.index(own) + 1:] if h.lengths[s] >= 4]
        higher = [s for s in SUITS[:SUITS.index(own)] if h.lengths[s] >= 4 and h.points >= 17]  # a reverse
        return compete(a, "2" + (second or higher)[0]) if second or higher else PASS
    call = compete(a, rebid_after_new_suit(a, own, strain), stretch=1)
    if call[1:] == own and int(call[0]) > cheapest_level(own, reply) and h.lengths[own] < 6:
        return PASS  # pushed a level higher by their bid: the suit again only with six
    return call


def opener_rebid_notrump(a: Auction, mine: str, reply: str) -> str:
    """After 1NT or 2NT: accept invitations, choose between 3NT and four of partner's major."""
    h = a.hand
    if mine == "1NT":
        if reply == "2NT":
            return "3NT" if h.hcp >= 16 else PASS
        if reply == "4NT":
            return "6NT" if h.hcp >= 17 else PASS
        if reply in ("3H", "3S"):
            return "4" + reply[1] if h.lengths[reply[1]] >= 3 else "3NT"
    if mine == "2NT" and reply == "4NT":
        return "6NT" if h.hcp >= 21 else PASS
    return PASS


def long_minor_game(a: Auction, own: str) -> bool:
    """Opener's six-card minor and 19+ HCP, the opponents silent: 3NT opposite any answer rather
    than the jump to three, which invites."""
    return own in "CD" and a.hand.hcp >= 19 and not their_strains(a.bids, a.me)


def rebid_after_new_suit(a: Auction, own: str, new: str) -> str:
    """Partner's new suit is forcing: raise it, bid four spades at the one level over hearts (a
    balanced hand up to 17 HCP, not with six of the minor), show shape in notrump (over a
    one-level answer 1NT with 12-14 and 2NT with 18-19, over a two-level one 2NT and 3NT), rebid
    a long suit, show a second suit, or repeat the opened suit."""
    h = a.hand
    points = h.points
    two_level = not a.legal("1NT")
    if h.lengths[new] >= 4:
        if points >= 19 and (new in MAJORS or h.balanced):
            return game_in(new) if new in MAJORS else "3NT"
        step = a.cheapest(new)
        return step if points <= 15 else f"{int(step[0]) + 1}{new}"
    if new == "H" and own in "CD" and h.lengths["S"] >= 4 and a.cheapest("S") == "1S" \
            and (h.hcp <= 17 or not h.balanced) and h.lengths[own] < 6:
        return "1S"  # hearts first with four of each: a 4-4 spade fit is still to find
    if h.balanced and their_suits_stopped(a):
        if h.hcp <= 14:
            return "2NT" if two_level else "1NT"
        return "3NT" if two_level or h.hcp >= 20 else "2NT"  # 18-19 at the one level: 15-17 opened 1NT, 20-21 2NT
    if h.lengths[own] >= 6:
        five = second_suit(a, own, new, 5) if points < 19 else None
        if five is not None:
            return five  # six-five: the second suit first, the long one again later
        step = a.cheapest(own)
        if points >= 19 and own in MAJORS:
            return "4" + own
        if long_minor_game(a, own) and not two_level:
            return "3NT"
        return step if points <= 15 else f"{int(step[0]) + 1}{own}"
    return second_suit(a, own, new, 4) or a.cheapest(own)


def second_suit(a: Auction, own: str, new: str, length: int) -> str | None:
    """Opener's bid in a suit of ``length`` cards or more that nobody has bid (clubs first, then
    upwards): at the one level, or at the two level below the opened suit or, with 17+ points after
    a one-level answer, above it (a reverse)."""
    h = a.hand
    theirs = their_strains(a.bids, a.me)
    for suit in SUITS[::-1]:
        if suit not in (own, new, *theirs) and h.lengths[suit] >= length:
            bid = a.cheapest(suit)
            reversing = h.points >= 17 and a.bids_of(a.partner)[0][0] == "1"  # a higher suit at the two level
            if bid[0] == "1" or (bid[0] == "2" and (SUITS.index(suit) > SUITS.index(own) or reversing)):
                return bid
    return None


def their_suits_stopped(a: Auction) -> bool:
    """Every suit the opponents have bid is stopped, in the hand or by partner's notrump bid
    after they first bid it (1♣ P 1♦ 1♠ 1NT 2♠: partner's 1NT stops spades): notrump needs it."""
    def stopped(index: int, suit: str) -> bool:
        later = a.bids[index + 1:]
        return stopper(a.cards, suit) or any(s == a.partner and c[1:] == "NT" for s, c in later)
    first: dict[str, int] = {}
    for i, (s, c) in enumerate(a.bids):
        if s % 2 != a.me % 2 and c[1:] != "NT":
            first.setdefault(c[1:], i)
    return all(stopped(i, suit) for suit, i in first.items())


def overcall(a: Auction) -> str:
    """Over the opponents' opening: 1NT with 15-18 balanced and a stopper, or a 5-card suit they
    have neither bid nor shown five cards of (a transfer's suit) at the one level (8+ HCP) or two
    level (10+ HCP, two of the top five honours; over their 1NT six cards and 8+ HCP too). Else
    pass."""
    h = a.hand
    theirs = a.bids[-1][1]
    if theirs[0] == "1" and theirs[1:] != "NT" and h.balanced and 15 <= h.hcp <= 18 \
            and stopper(a.cards, theirs[1:]):
        return "1NT"
    their_suits = their_strains(a.bids, a.me) | {s for seat in (a.me + 1, a.me + 3)
                                                 for s, n in a.shown[seat % 4].lengths.items() if n >= 5}
    options = [s for s in SUITS if s not in their_suits and h.lengths[s] >= 5]
    for suit in sorted(options, key=lambda s: -h.lengths[s]):
        bid = a.cheapest(suit)
        honours = sum(c[1] == suit.lower() and c[0] in "AKQJT" for c in a.cards)
        if bid[0] == "1" and h.hcp >= 8:
            return bid
        if bid[0] == "2" and h.hcp >= (8 if theirs == "1NT" and h.lengths[suit] >= 6 else 10) and honours >= 2:
            return bid
    return PASS


def place(a: Auction) -> str:
    """Later calls: find a fit with what partner has shown (a balanced hand holds two of each
    suit, so six of one are a fit), add up the points, bid the level they are worth (a part
    score from 19, game at 24, slam at 33 counting partner's least, 6NT on HCP alone; responder's
    2NT invitation without a fit at 23) unless the auction is already there (over our game,
    never a part score or a minor's game).
    Where that finds nothing, two cards of our own six-card suit are likely enough with partner to
    bid it again at the cheapest level; where it finds notrump, a six-card major of ours is played
    at the level those two cards make it worth (three to invite, four for game), and where notrump
    was responder's 2NT invitation, three of the major invites instead. Accept partner's
    game invitation with 3+ HCP above what we have shown, or above the bottom of a range of three
    HCP or fewer (the top of a narrower one), or, where the opponents have bid, with our HCP and
    the least partner has shown making ``GAME``; opposite 2NT, in a six-card suit we bid."""
    h, partner = a.hand, a.shown[a.partner]
    invited = invitation(a)
    if invited:
        mine = a.shown[a.me]
        narrow = mine.max_hcp - mine.min_hcp <= 2 and h.hcp >= max(mine.min_hcp + 1, mine.max_hcp - 1)
        own = six_card_suit(a) if invited == "NT" else None
        contested = bool(their_strains(a.bids, a.me))
        enough = contested and h.hcp + partner.min_hcp >= GAME   # 18-19 in notrump over their bid: game
        if (h.hcp - mine.min_hcp >= 3 or narrow or enough) and a.legal(game_in(invited)):
            return game_in(own) if own is not None and own in MAJORS else game_in(invited)
        return a.cheapest(own) if own and a.cheapest(own)[0] == "3" else PASS
    held = {s: max(partner.lengths[s], 2 if partner.balanced else 0) for s in SUITS}
    target = contract_for(a, held)
    likely = contract_for(a, {s: max(held[s], 2 if own_six(a, s) else 0) for s in SUITS})
    if target is None and likely is not None:  # a fit only if partner holds two of our six-card suit
        suit = likely[1:] if likely[1:] != "NT" else next(s for s in SUITS if own_six(a, s))
        again = a.cheapest(suit)
        target = again if int(again[0]) <= 3 else None
    elif target is not None and target[1:] == "NT" and likely is not None and likely[1:] in MAJORS \
            and int(likely[0]) <= 4:
        target = f"3{likely[1:]}" if target == "2NT" else likely  # the invitation in the major
    target = target or strong_rebid(a) or no_fit(a)
    if target is None or not a.legal(target) or (our_game(a) and int(target[0]) < 6 and target[1] in "CD"):
        return PASS
    return target


def contract_for(a: Auction, held: Mapping[str, int]) -> str | None:
    """``place``'s contract with partner holding ``held`` of each suit, or None. With a fit the
    hand counts its length points, or, where partner opened and its suit is the longer (five or
    more shown), its shortness as a raise does (opposite an overcall the cue-bid raise asks)."""
    h, partner = a.hand, a.shown[a.partner]
    fits = [s for s in SUITS if h.lengths[s] + held[s] >= 8]
    majors = [s for s in fits if s in MAJORS]
    opener = bool(a.bids) and a.bids[0][0] == a.partner
    dummy = [s for s in fits if opener and held[s] >= 5 and h.lengths[s] < held[s]]  # shortness opposite it
    own = max([h.points, *(h.support_points(s) for s in dummy)]) if fits else h.hcp
    combined = own + expected_strength(partner)
    slam = own + partner.least >= SLAM  # no slam on a guess above partner's least
    if majors and combined >= 19:
        suit = max(majors, key=lambda s: h.lengths[s] + held[s])
        return f"{6 if slam else 4 if combined >= GAME else 3 if combined >= 23 else 2}{suit}"
    if combined >= GAME and their_suits_stopped(a) and (a.legal("3NT") or not fits):  # past 3NT: the minor game
        return "6NT" if h.hcp + partner.min_hcp >= SLAM else "3NT"
    if not fits and INVITE[0] <= combined <= INVITE[1] and answering_again(a.bids, a.me):
        return "2NT"
    if fits and combined >= 19:
        suit = max(fits, key=lambda s: h.lengths[s] + held[s])
        return f"{5 if combined >= 28 else 4 if combined >= GAME else 3 if combined >= 23 else 2}{suit}"
    return None


def own_six(a: Auction, suit: str) -> bool:
    """We have bid ``suit`` once and hold six of it, and partner's shown lengths leave room for two
    (a suit bid twice already has said what it has to say)."""
    shown = a.shown[a.partner].lengths
    return (a.hand.lengths[suit] >= 6 and sum(c[1:] == suit for c in a.bids_of(a.me)) == 1
            and sum(n for s, n in shown.items() if s != suit) <= 11)


def below_game(bid: str) -> bool:
    return int(bid[0]) < int(game_in(bid[1:])[0])


def our_game(a: Auction) -> bool:
    """Our side's last bid is a game or more: a part score above it is no place to stop."""
    ours = [c for s, c in a.bids if s % 2 == a.me % 2]
    return bool(ours) and not below_game(ours[-1])


GAME = 24
"""Points between the hands (``place``'s count) for a game."""
SLAM = 33
"""Points between the hands (``place``'s count) for a small slam."""
INVITE = (23, 24)
"""Points between the hands (``place``'s count) that responder's 2NT invitation without a fit is read
to show; ``place`` bids it at 23 (24 is ``GAME``: 3NT)."""


def answering_again(bids: Sequence[tuple[int, str]], seat: int) -> bool:
    """``seat``'s second bid, as responder, the opponents without a bid (a double is no bid):
    partner opened and we answered once."""
    return (bool(bids) and bids[0][0] == (seat + 2) % 4 and sum(s == seat for s, _ in bids) == 1
            and all(s % 2 == seat % 2 for s, _ in bids))


def expected_strength(shown: Shown) -> int:
    """What to count on from partner: the least shown (HCP, or points where the call counted
    them), and two more when the range is wide (an opening's 10-21 is 13 on average)."""
    return shown.least + (2 if shown.max_hcp - shown.min_hcp >= 8 else 0)


def six_card_suit(a: Auction) -> str | None:
    """A six-card suit the robot has bid, in an unbalanced hand: the strain to play opposite
    partner's 2NT invitation (three of it declining, four of a major accepting)."""
    six = [s for s in SUITS if a.hand.lengths[s] >= 6 and any(b[1:] == s for b in a.bids_of(a.me))]
    return six[0] if six and not a.hand.balanced else None


NO_FIT_PASS = 7
"""The most HCP with which responder passes opener's new suit at the one level holding two or three
cards of it: with more, opener's 16-18 would make a game."""


def no_fit(a: Auction) -> str | None:
    """Responder's 1NT over opener's new suit at the one level without four cards of it: with 6+
    HCP and one card or none (a 4-1 fit is no place to stop), with more than ``NO_FIT_PASS`` HCP and
    two or three."""
    last = a.bids[-1] if a.bids else None
    if last is None or last[0] != a.partner or last[1][0] != "1" or last[1][1:] == "NT":
        return None
    held = a.hand.lengths[last[1][1:]]
    if held >= 4:
        return None
    least = 6 if held <= 1 else NO_FIT_PASS + 1
    return "1NT" if a.hand.hcp >= least and answering_again(a.bids, a.me) else None


def strong_rebid(a: Auction) -> str | None:
    """With 18+ HCP and no fit, keep the auction going: notrump up to 2NT when balanced, else the
    longest suit the opponents have neither bid nor shown (a cue-bid's suits) up to the two level
    (the three level with six cards)."""
    h = a.hand
    if h.hcp < 18:
        return None
    theirs = their_strains(a.bids, a.me) | {s for seat in (a.me + 1, a.me + 3) for s, n in a.shown[seat % 4].lengths.items()
                                            if n >= 4}
    longest = h.longest("".join(s for s in SUITS if s not in theirs) or SUITS)
    bid = a.cheapest("NT") if h.balanced else a.cheapest(longest)
    return bid if int(bid[0]) <= (2 if h.balanced or h.lengths[longest] < 6 else 3) else None


def invitation(a: Auction) -> str | None:
    """The strain partner invites game in: the last bid is partner's 2NT (not over our 1NT),
    partner's three of a major we have both bid (not the cheapest bid over the opponents' three
    of a suit: that competes; not partner's first bid, a raise of our overcall), or, the opponents
    without a bid, three of a minor we have both bid (game in notrump)."""
    if not a.bids or a.bids[-1][0] != a.partner:
        return None
    last = a.bids[-1][1]
    mine = a.bids_of(a.me)
    if last == "2NT" and mine and mine[0] != "1NT":
        return "NT"
    strain: str = last[1:]
    if long_major_invitation(a):
        return strain if a.hand.lengths[strain] >= 2 else "NT"
    if last[0] != "3" or not any(b[1:] == strain for b in mine):
        return None
    if strain in MAJORS:
        before = a.bids[-2]
        competing = before[0] % 2 != a.me % 2 and cheapest_level(strain, before[1]) == 3
        advancing = a.bids[0][0] % 2 != a.me % 2 and len(a.bids_of(a.partner)) == 1  # a raise of our overcall
        return None if competing or advancing else strain
    return "NT" if strain in "CD" and all(s % 2 == a.me % 2 for s, _ in a.bids) else None


def long_major_invitation(a: Auction) -> bool:
    """Partner's jump to three of a major partner has bid and we have not, the opponents without
    a bid (a double of theirs is no bid): six cards of it and game values opposite what we have
    shown if we hold two (``contract_for``'s fit with a balanced hand)."""
    seat, last = a.bids[-1]
    strain = last[1:]
    earlier = [c for s, c in a.bids[:-1] if s == seat]
    return (last[0] == "3" and strain in MAJORS and any(c[1:] == strain for c in earlier)
            and not any(c[1:] == strain for c in a.bids_of(a.me)) and cheapest_level(strain, a.bids[-2][1]) == 2
            and all(s % 2 == a.me % 2 for s, _ in a.bids))
