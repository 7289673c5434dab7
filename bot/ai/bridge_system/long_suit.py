"""Responder's own long suits, the opponents silent, where the natural rules find no fit and pass.
After 1♥/1♠–1NT–two of a new suit that would leave a six-card suit unmentioned in a seven-card
(or worse) fit: responder bids it at the cheapest level to play, or one level higher with 10–12
HCP and a good suit, inviting game (opener bids game with a fit and more than a minimum). After
opener's 1NT rebid (1♥–1♠–1NT) it would leave a two-suiter in notrump: responder bids its second
suit, five cards beside five of its first or six alone, at the two level to play, below its first
suit (a higher one is forcing) and not new minor forcing's. After opener's own suit again at the
two level (1♦–1♠–2♦, 1♥–1♠–2♥) responder's new suit below 3NT is forcing one round, with
five-four and 12+ HCP (where 3NT would miss a major fit) or at the two level five-five and 6–9;
opener answers with preference, a raise, notrump or its own suit, and responder then places the
contract."""
from __future__ import annotations

from bot.ai.bridge_bidding import SUITS, cheapest_level
from bot.ai.bridge_system.jump_shift import answered, jump_in
from bot.ai.bridge_system.minor import new_minor, notrump_rebid
from bot.ai.bridge_system.position import Meaning, Option, at_most, both, good, stopped
from bot.games.bridge import BIDS

LONG = 6
"""The cards of responder's own suit."""


def own_suit(sequence: tuple[str, ...] | None) -> list[Option]:
    """Responder's options in its six-card suit after 1♥/1♠–1NT–two of a new suit."""
    if sequence is None or len(sequence) != 3 or sequence[0] not in ("1H", "1S") or sequence[1] != "1NT":
        return []
    major, rebid = sequence[0][1], sequence[2]
    if rebid[0] != "2" or rebid[1:] not in SUITS or rebid[1:] == major:
        return []
    options = []
    short = both(at_most(major, 2), at_most(rebid[1:], 3))
    for suit in (s for s in SUITS if s not in (major, rebid[1:])):
        jump = jump_in(rebid, suit)
        if jump[0] == "3":
            options.append(Option(jump, Meaning(10, 12, lengths={suit: LONG}, note="a good six-card suit: invites game"),
                                  when=both(short, good(suit))))
        options.append(Option(f"{int(jump[0]) - 1}{suit}", Meaning(lengths={suit: LONG}, note="to play"), when=short))
    return options


SECOND_SUIT_MOST = 10
"""The most HCP for responder's second suit to play after opener's 1NT rebid: with more the hands
hold a game's 23 or 24 and the natural rules bid it."""


def second_suit(sequence: tuple[str, ...] | None) -> list[Option]:
    """Responder's second suit after one of a suit, a one-level answer in a suit and opener's 1NT."""
    if sequence is None or len(sequence) != 3 or not answered(sequence) or sequence[1] == "1NT" \
            or sequence[2] != "1NT":
        return []
    first = sequence[1][1]
    asks = new_minor(sequence) if notrump_rebid(sequence) else None
    note = "a second suit: to play"
    return [option for suit in SUITS[SUITS.index(first) + 1:]
            if suit != sequence[0][1] and "2" + suit != asks
            for option in (Option("2" + suit, Meaning(high=SECOND_SUIT_MOST, lengths={first: 5, suit: 5}, note=note)),
                           Option("2" + suit, Meaning(high=SECOND_SUIT_MOST, lengths={suit: 6}, note=note)))]


def suit_again(sequence: tuple[str, ...]) -> bool:
    """One of a suit, a one-level answer in a suit and opener's suit again at the two level."""
    return len(sequence) >= 3 and answered(sequence) and sequence[1] != "1NT" and sequence[2] == "2" + sequence[0][1]


NEW_SUIT_VALUES = 12
"""The least HCP for responder's new suit after opener's suit again with five-four, or at the three
level: the hands hold a game."""
FIVE_FIVE_MOST = 9
"""The most HCP for responder's two-level new suit with five-five and less than game values: opener's
answer is then the contract (with 10–11 the natural rules invite instead)."""
NEW_SUIT = "a new suit: forcing one round"


def new_suits(sequence: tuple[str, ...]) -> dict[str, str]:
    """Responder's new suits after opener's suit again, bid below 3NT, by the bid that names them."""
    opening, answer, rebid = sequence[:3]
    bids = {after(rebid, suit): suit for suit in SUITS if suit not in (opening[1], answer[1])}
    return {bid: suit for bid, suit in bids.items() if BIDS.index(bid) < BIDS.index("3NT")}


def after(last: str, strain: str) -> str:
    """The cheapest bid in ``strain`` over ``last``."""
    return f"{cheapest_level(strain, last)}{strain}"


def new_suit_over_rebid(sequence: tuple[str, ...] | None) -> list[Option]:
    """Responder's new suit after opener's suit again at the two level (1♦–1♠–2♦–2♥, 1♥–1♠–2♥–3♣),
    forcing one round: four cards or more beside five of its first suit with 12+ HCP (six of the
    first bid it again), or at the two level five beside five with 6–9 (the natural rules pass
    there)."""
    if sequence is None or len(sequence) != 3 or not suit_again(sequence):
        return []
    first = sequence[1][1]
    options = []
    for bid, suit in new_suits(sequence).items():
        if bid[0] == "2":
            options.append(Option(bid, Meaning(6, FIVE_FIVE_MOST, lengths={first: 5, suit: 5}, note=NEW_SUIT)))
        options.append(Option(bid, Meaning(NEW_SUIT_VALUES, lengths={first: 5, suit: 4}, note=NEW_SUIT),
                              when=at_most(first, 5)))
    return options


def over_new_suit(sequence: tuple[str, ...]) -> list[Option] | None:
    """Opener's answer to responder's new suit after its suit again: three cards of responder's
    first suit give preference to it, four of the new suit raise it below 3NT, a stopper in the
    unbid suit bids notrump, four of the new suit raise it above, and else opener bids its own
    suit again; all at the cheapest level. None elsewhere."""
    if len(sequence) != 4 or not suit_again(sequence) or sequence[3] not in new_suits(sequence):
        return None
    own, first, new = sequence[0][1], sequence[1][1], sequence[3][1]
    last = sequence[3]
    raise_ = Option(after(last, new), Meaning(lengths={new: 4}, note="four-card support"))
    low = BIDS.index(raise_.call) < BIDS.index("3NT")
    fourth = next(s for s in SUITS if s not in (own, first, new))
    return [Option(after(last, first), Meaning(lengths={first: 3}, note="three-card support")),
            *([raise_] if low else []),
            Option(after(last, "NT"), Meaning(note="a stopper in the unbid suit"), when=stopped(fourth)),
            *([] if low else [raise_]),
            Option(after(last, own), Meaning(note="no fit and no stopper"))]
