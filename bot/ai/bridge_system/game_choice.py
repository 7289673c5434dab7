"""Choosing the game: four of a major rather than 3NT when a hand holds a long major its partner
cannot know of. The natural rules count points to 3NT when no eight-card fit is known; a club
player with six cards of a major bid before shows them again first (partner raises with two, else
bids 3NT), and with seven takes partner's 3NT out to four of the major; over opener's jump rebid in
its minor five cards do (partner raises with three). And
responder's 2NT invitation where the opponents have bid."""
from __future__ import annotations

from bot.ai.bridge_system.position import Meaning, Option, Position, Test, both, either, natural_call, stops_all
from bot.games.bridge import PASS


def instead_of(position: Position, call: str) -> Test:
    """The natural rules would bid ``call`` here."""
    return lambda hand: natural_call(position, hand) == call


def natural_passes(position: Position, call: str) -> Test:
    """The natural rules pass here, or bid ``call`` themselves."""
    return lambda hand: natural_call(position, hand) in (PASS, call)


def or_natural(position: Position, call: str, test: Test) -> Test:
    """``test``, or the natural rules bid ``call`` here: a partial system's option for a call turns
    the natural rules' same call into a pass where the option's condition fails
    (``system.ruled_call``), so an option that should keep it says so."""
    return either(instead_of(position, call), test)


def long_major(position: Position) -> list[Option]:
    """For each major the robot has bid and partner has shown fewer than two of: three of it, six
    cards, where the natural rules would bid 3NT or (the opponents silent) four of it, or three of
    it unless they have just doubled us (a pass stands then); not over partner's 2NT, where three
    of it is a sign-off. Four of it over partner's 3NT with six cards of a major bid once (partner
    has not heard of the sixth) or seven of one bid twice, unless we opened with a preempt (partner's
    3NT is to play then). Where the opponents have bid, four of it stands: partner has no way to
    read three of it as more than competing."""
    partner = position.partner
    last = position.bids[-1] if position.bids else None
    asked = over_jump_rebid(position)
    options = []
    for major in (m for m in "SH" if m in {c[1:] for c in position.bids_of(position.seat)}):
        if position.shown[partner].lengths[major] >= 2:
            continue
        if last == (partner, "3NT") and not preempted(position):
            once = sum(c[1:] == major for c in position.bids_of(position.seat)) == 1
            need = 6 if once or position.bids[3:4] == [(position.seat, "3" + major)] and asked == major else 7
            options.append(Option("4" + major, Meaning(lengths={major: need},
                                                       note="a long suit: game in it rather than 3NT")))
        call = position.cheapest(major)
        if call[0] == "3" and last != (partner, "2NT"):  # over partner's 2NT invitation, three of it declines
            game = either(instead_of(position, "3NT"), instead_of(position, "4" + major)) if position.opponents_silent() \
                else instead_of(position, "3NT")
            meaning = Meaning(lengths={major: 5}, note="forcing: asks for three-card support") \
                if asked == major and len(position.bids) == 3 else \
                Meaning(lengths={major: 6}, note="six of them: game in the suit or 3NT")
            when = game if position.doubled_by_them() else or_natural(position, call, game)
            options.append(Option(call, meaning, when=when))
    return options


def over_jump_rebid(position: Position) -> str | None:
    """The major the robot answered at the one level where partner opened a minor and jumped to
    three of it (1♦–1♠–3♦: six cards, 16–18 points), the opponents silent: three of the major then
    shows five cards and asks for three (with six, four of it follows partner's 3NT)."""
    bids = position.bids
    if len(bids) < 3 or not position.opponents_silent():
        return None
    (opener, opening), (responder, answer), (_, rebid) = bids[:3]
    if (opener != position.partner or responder != position.seat or opening not in ("1C", "1D")
            or answer not in ("1H", "1S") or rebid != "3" + opening[1:]):
        return None
    return answer[1:]


def preempted(position: Position) -> bool:
    """We opened with a weak two or a three-level preempt: our hand is described."""
    seat, opening = position.bids[0]
    return seat == position.seat and opening[0] in "23" and opening not in ("2C", "2NT", "3NT")


def choose_game(position: Position) -> list[Option]:
    """Partner's three of a major over our three-level bid, a major partner bid before and we have
    not, with the opponents silent: the six cards shown above (``long_major``), forcing. Four of it
    with eight cards between the hands, else 3NT."""
    bids = position.bids
    if len(bids) < 2 or not position.opponents_silent():
        return []
    (mine, jump), (seat, call) = bids[-2], bids[-1]
    major = call[1:]
    if (seat != position.partner or mine != position.seat or jump[0] != "3" or call[0] != "3" or major not in "SH"
            or major in {c[1:] for c in position.bids_of(position.seat)}
            or major not in {c[1:] for c in position.bids_of(seat)[:-1]}):
        return []
    return [Option("4" + major, Meaning(lengths={major: max(1, 8 - position.shown[seat].lengths[major])},
                                        note="game in partner's long suit")),
            Option("3NT", Meaning(note="no fit for partner's suit"))]


def contested_invitation(position: Position) -> list[Option]:
    """Responder's second bid after they have bid: 2NT inviting 3NT with 11–12 HCP and every
    suit of theirs stopped, where the natural rules (which invite only while the opponents stay
    silent) would pass."""
    theirs = {c[1:] for s, c in position.bids if s % 2 != position.seat % 2} - {"NT"}
    if position.opener != position.partner or len(position.bids_of(position.seat)) != 1 or not theirs \
            or position.cheapest("NT") not in ("1NT", "2NT"):
        return []
    return [Option("2NT", Meaning(11, 12, note="invites 3NT: their suits stopped"),
                   when=both(stops_all(theirs), instead_of(position, PASS)))]
