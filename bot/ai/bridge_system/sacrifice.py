"""Sacrifices: not vulnerable, against opponents who have bid game, with nine or more
trumps between the two hands in a suit our side has bid, the robot bids on where going down
doubled is expected to cost less than their game.

It deals the unseen hands the way the auction describes them and solves each deal double dummy
twice, their game and our contract (``judgment.sampled_tricks``, within the same time budget), and
bids when our contract doubled gains on average over letting their game play."""
from __future__ import annotations

from typing import Sequence

from bot.ai.bridge_bidding import Shown
from bot.ai.bridge_solver import in_solver
from bot.ai.bridge_system.judgment import GAME_LEVEL, Sampling, sampled_tricks, sampling, their_contract
from bot.ai.bridge_system.position import Hand, Meaning, Option, Position, Test, natural_call
from bot.games.bridge import BIDS
from bot.games.bridge_scoring import ContractResult, duplicate_score, imps

TRUMPS = 9
"""The least trumps between the hands to consider a sacrifice."""
GAIN = 1.0
"""The least average IMPs the sacrifice must gain over letting their game play."""


def sacrifice_gain(mine: Sequence[str], seat: int, shown: Sequence[Shown], theirs: ContractResult,
                   ours: ContractResult, vulnerable: tuple[bool, bool], draw: Sampling) -> float:
    """Average IMPs our contract doubled gains over their contract undoubled (solver process)."""
    tricks = sampled_tricks(mine, seat, shown, [(theirs.declarer, theirs.strain), (ours.declarer, ours.strain)], draw)
    sign = 1 if seat % 2 == 0 else -1
    gains = []
    for their_tricks, our_tricks in tricks:
        passed = duplicate_score(ContractResult(theirs.level, theirs.strain, 0, theirs.declarer, their_tricks), vulnerable)
        saved = duplicate_score(ContractResult(ours.level, ours.strain, 1, ours.declarer, our_tricks), vulnerable)
        gains.append(imps(sign * (saved - passed)))
    return sum(gains) / len(gains)


def favourable(position: Position) -> bool:
    """We are not vulnerable (the simulation weighs their vulnerability)."""
    return not position.vulnerable[position.seat % 2]


def their_game(position: Position) -> bool:
    """The last bid is the opponents' game, short of a slam."""
    seat, bid = position.bids[-1]
    return seat % 2 != position.seat % 2 and GAME_LEVEL[bid[1:]] <= int(bid[0]) <= 5


def sacrifices(position: Position) -> list[Option]:
    """Our cheapest bid in each suit our side has bid, where the simulation says it pays."""
    if not position.bids or not their_game(position):
        return []
    ours = [(s, c) for s, c in position.bids if s % 2 == position.seat % 2 and c[1:] != "NT"]
    partners = {c[1:] for c in position.bids_of(position.partner)}
    options = []
    for suit in dict.fromkeys(c[1:] for _, c in ours):
        call = position.cheapest(suit)
        if call not in BIDS or int(call[0]) > 5:
            continue
        declarer = next(s for s, c in ours if c[1:] == suit)
        contract = ContractResult(int(call[0]), suit, 1, declarer)
        fit = {suit: max(1, 8 - position.shown[position.partner].lengths[suit])} if suit in partners else {}
        options.append(Option(call, Meaning(lengths=fit, note="bids on over their game: a fit, or a sacrifice costing less than their game"),
                              when=pays_or_natural(position, suit, call, contract)))
    return options


def pays_or_natural(position: Position, suit: str, call: str, contract: ContractResult) -> Test:
    """The natural rules bid ``call`` anyway (a fit with partner, read the same way), or nine trumps
    and the simulation says the sacrifice pays."""
    partner_length = position.shown[position.partner].lengths[suit]

    def test(hand: Hand) -> bool:
        if natural_call(position, hand) == call:
            return True
        if not favourable(position) or hand.info.lengths[suit] + partner_length < TRUMPS:
            return False
        gain = in_solver(sacrifice_gain, list(hand.cards), position.seat, list(position.shown),
                         their_contract(position), contract, position.vulnerable, sampling(hand, position))
        return gain >= GAIN
    return test
