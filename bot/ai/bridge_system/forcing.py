"""Game-forcing auctions: neither hand passes below game while the opponents stay out (they have
only passed since our opening; a bid or double of theirs frees us to defend or stop).

Game forcing are: two over one (after 1♥ or 1♠, a new suit at the two level, 12+ HCP), Jacoby 2NT
(1♥/1♠–2NT) and the strong 2♣, except 2♣–2♦–2NT (22–24 balanced, which responder may pass, and
whose continuations are those of a 2NT opening).

The natural rules still choose the calls on the way and read them; where they would pass short of
game, the robot bids instead the game the hands have found (four of a major with an eight-card fit,
3NT, five of a minor with a fit) or, when those are out of reach, its longest suit that the natural
reading of the call is true of. So every call here is read, and explained, as the natural rules
read it.

Before notrump, an unbalanced hand that has found no fit with partner's suits shows a five-card
suit our side has not bid, below 3NT (1♥–2♦–2♥–3♣ with six diamonds and five clubs): partner may
raise it or bid notrump with the suits stopped."""
from __future__ import annotations

from bot.ai.bridge_bidding import SUITS
from bot.ai.bridge_system.position import Hand, Position
from bot.games.bridge import BIDS

GAME = {"S": "4S", "H": "4H", "D": "5D", "C": "5C", "NT": "3NT"}


def two_over_one(sequence: tuple[str, ...]) -> bool:
    """1♥ or 1♠ answered by a new suit at the two level (not a jump)."""
    if len(sequence) < 2 or sequence[0] not in ("1H", "1S"):
        return False
    answer = sequence[1]
    return answer[0] == "2" and answer[1:] not in ("NT", sequence[0][1]) and BIDS.index(answer) < BIDS.index("2S")


def jacoby(sequence: tuple[str, ...]) -> bool:
    """1♥ or 1♠ raised by Jacoby 2NT."""
    return len(sequence) >= 2 and sequence[0] in ("1H", "1S") and sequence[1] == "2NT"


def strong_two_clubs(sequence: tuple[str, ...]) -> bool:
    """2♣ opened, unless opener's rebid over the waiting 2♦ was 2NT."""
    return sequence[0] == "2C" and sequence[1:3] != ("2D", "2NT")


def game_forcing(sequence: tuple[str, ...]) -> bool:
    """Our side's calls (the opponents silent) commit both hands to game."""
    return two_over_one(sequence) or jacoby(sequence) or strong_two_clubs(sequence)


def below_game(position: Position) -> bool:
    """The last bid has not reached game."""
    last = position.last_bid
    return last is not None and BIDS.index(last) < BIDS.index(GAME.get(last[1:], "3NT"))


def fit(position: Position, hand: Hand, suit: str) -> bool:
    """Eight cards in ``suit`` between the hand and what partner has shown."""
    return hand.info.lengths[suit] + position.shown[position.partner].lengths[suit] >= 8


def keep_going(position: Position, hand: Hand, sequence: tuple[str, ...] | None) -> str | None:
    """The call instead of a pass below game in a game-forcing auction; None elsewhere."""
    if sequence is None or not game_forcing(sequence) or not below_game(position):
        return None
    games = [GAME[s] for s in "SH" if fit(position, hand, s)] + ["3NT"] + [GAME[s] for s in "DC" if fit(position, hand, s)]
    legal = [call for call in games if position.legal(call)]
    if legal:
        return legal[0]
    ours = {c[1:] for s, c in position.bids if s % 2 == position.seat % 2}
    partners = {c[1:] for c in position.bids_of(position.partner)}
    mine = {c[1:] for c in position.bids_of(position.seat)}

    def read_true(suit: str) -> bool:
        """What the natural rules read into the bid holds: a fit with partner's suit, a new suit of
        four cards, or the hand's own suit again."""
        if suit in partners:
            return fit(position, hand, suit)
        return suit in mine or (suit not in ours and hand.info.lengths[suit] >= 4)
    suits = sorted((s for s in SUITS if read_true(s) and position.legal(position.cheapest(s))),
                   key=lambda s: -hand.info.lengths[s])
    return position.cheapest(suits[0]) if suits else None



def second_suit(position: Position, hand: Hand, sequence: tuple[str, ...] | None) -> str | None:
    """Instead of notrump (or a pass) after the robot's first bid in a game-forcing auction: the
    cheapest bid below 3NT in the longest suit our side has not bid, five cards or more, for an
    unbalanced hand with no fit in partner's suits; None elsewhere."""
    if sequence is None or not game_forcing(sequence) or not position.bids_of(position.seat) or hand.info.balanced:
        return None
    ours = {c[1:] for s, c in position.bids if s % 2 == position.seat % 2}
    if any(fit(position, hand, c[1:]) for c in position.bids_of(position.partner) if c[1:] != "NT"):
        return None
    unbid = [s for s in SUITS if s not in ours and hand.info.lengths[s] >= 5]
    if not unbid:
        return None
    bid = position.cheapest(max(unbid, key=lambda s: hand.info.lengths[s]))
    return bid if BIDS.index(bid) < BIDS.index("3NT") else None
