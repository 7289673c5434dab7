"""Control (cue) bids: with a major agreed in a game-forcing auction (two over one, Jacoby 2NT, the
strong 2♣) and the opponents silent, the bids below four of the major show controls.

A hand that sees a slam within reach (``SLAM_TRY`` points between the hands: its own, shortness
counted, and partner's expected strength) bids its cheapest first- or second-round control (the ace
or king, a singleton or a void) in a side suit below game. Partner answers with its own cheapest
control when it still sees a slam (``SLAM`` points, counting the control bidder for at least what
the try needed), or signs off in four of the major. A hand that sees a slam and holds, or has heard
from partner, a control in every side suit asks for key cards (``slam``)."""
from __future__ import annotations

from bot.ai.bridge_bidding import SUITS, expected_strength
from bot.ai.bridge_system import slam
from bot.ai.bridge_system.forcing import game_forcing
from bot.ai.bridge_system.position import Hand, Meaning, Option, Position, Test
from bot.games.bridge import BIDS

SLAM_TRY = 32
"""The least points between the hands to start looking for a slam with a control bid."""
SLAM = 33
"""The least points between the hands to answer a control bid with one, or to ask for key cards."""
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def room(position: Position, sequence: tuple[str, ...] | None) -> tuple[str, int] | None:
    """The major agreed and the index of the call that agreed it, where control bids apply: a
    game-forcing auction, the opponents silent, the last bid below four of the major."""
    agreed = slam.agreement(position, position.seat)
    if sequence is None or not game_forcing(sequence) or agreed is None or agreed[0] not in "SH":
        return None
    return agreed if position.legal("4" + agreed[0]) else None


def cued_since(position: Position, agreed_at: int, seat: int, trump: str) -> set[str]:
    """The side suits ``seat`` has bid since the trump suit was agreed: its control bids."""
    return {c[1:] for s, c in position.calls[agreed_at + 1:] if s == seat and c in BIDS and c[1:] not in (trump, "NT")}


def strength(position: Position, hand: Hand, trump: str, partner_cued: bool) -> int:
    """The points the hand sees between the two hands: its own (length or shortness, the more) and
    partner's expected strength, or after partner's control bid at least what that bid needed."""
    partner = expected_strength(position.shown[position.partner])
    if partner_cued:
        partner = max(partner + 2, SLAM_TRY - expected_strength(position.shown[position.seat]))
    return max(hand.info.points, hand.info.support_points(trump)) + partner


def cue_bids(position: Position, sequence: tuple[str, ...] | None) -> list[Option]:
    """Key cards asked, a control bid or game, where a major is agreed below game in a game-forcing
    auction; nothing elsewhere."""
    agreed = room(position, sequence)
    if agreed is None:
        return []
    trump, agreed_at = agreed
    game = "4" + trump
    partners = cued_since(position, agreed_at, position.partner, trump)
    needed = SLAM if partners else SLAM_TRY

    def sees(least: int) -> Test:
        return lambda hand: strength(position, hand, trump, bool(partners)) >= least

    def guarded(hand: Hand) -> bool:
        return not slam.unguarded(position, hand, trump)

    def shows(suit: str) -> Test:
        return lambda hand: sees(needed)(hand) and slam.control(hand, suit)
    options = [Option("4NT", Meaning(note=slam.ASK), when=lambda hand: sees(SLAM)(hand) and guarded(hand))]
    for suit in sorted((s for s in SUITS if s not in (trump, *partners)), key=lambda s: BIDS.index(position.cheapest(s))):
        bid = position.cheapest(suit)
        if BIDS.index(bid) < BIDS.index(game):
            words = f"a control bid: the ace or king of {SUIT_WORDS[suit]}, or a singleton or void; interest in a slam"
            options.append(Option(bid, Meaning(note=words), when=shows(suit)))
    if partners:
        options.append(Option(game, Meaning(note="signs off in game: no more interest in a slam")))
    return options
