"""Judgment where the rules run out: deal the unseen hands the way the auction describes them,
solve each deal double dummy, and score the candidate calls.

The robot doubles the opponents' contract for penalty when, over the deals it samples, the double
gains on average and the contract goes down on most of them. The sampling and solving run in the
solver process (``bridge_solver``), at most ``SAMPLES`` deals a decision and no more batches once
``BUDGET`` is spent, which keeps a call within a second or so at a table.
"""
from __future__ import annotations

import random
import time
import zlib
from typing import NamedTuple, Sequence

from endplay.dds import solve_all_boards
from endplay.types import Deal, Denom, Player

from bot.ai.bridge_bidding import HandInfo, Shown
from bot.ai.bridge_solver import in_solver
from bot.ai.bridge_system.position import Hand, Meaning, Option, Position
from bot.games.bridge import BIDS, DOUBLE, PASS, REDOUBLE, pbn_hand
from bot.games.bridge_scoring import ContractResult, duplicate_score, imps
from bot.games.cards import DECK

GAME_LEVEL = {"NT": 3, "S": 4, "H": 4, "D": 5, "C": 5}
"""The level of game in each strain."""
SAMPLES = 12
"""Deals solved per decision, at most."""
BATCH = 4
"""Deals solved at once."""
BUDGET = 1.0
"""Seconds of solving after which a decision rests on the deals solved so far (on a busy machine)."""
TRIES = 300
"""Shuffles tried per sampled deal to match what the auction showed, before taking the last."""


def keeps(cards: Sequence[str], shown: Shown) -> bool:
    return shown.admits(HandInfo.of(cards))


def sample(mine: Sequence[str], seat: int, shown: Sequence[Shown], rng: random.Random) -> list[list[str]]:
    """A deal with our cards where they are and the rest dealt as the auction describes them."""
    rest = [c for c in DECK if c not in set(mine)]
    others = [s for s in range(4) if s != seat]
    hands: list[list[str]] = []
    for _ in range(TRIES):
        rng.shuffle(rest)
        hands = [list(mine) if s == seat else [] for s in range(4)]
        for i, s in enumerate(others):
            hands[s] = rest[13 * i:13 * i + 13]
        if all(keeps(hands[s], shown[s]) for s in others):
            break
    return hands


def declarer_tricks(deals: Sequence[list[list[str]]], declarer: int, strain: str) -> list[int]:
    """Tricks the declarer takes on each deal, double dummy (solver process)."""
    boards = []
    for hands in deals:
        deal = Deal("N:" + " ".join(pbn_hand(h) for h in hands))
        deal.first = Player((declarer + 1) % 4)
        deal.trump = Denom.find(strain)
        boards.append(deal)
    return [13 - max(tricks for _, tricks in board) for board in solve_all_boards(boards)]


class Sampling(NamedTuple):
    """How a decision samples its deals, read in the bot's process and sent with the work: the seed
    (from the hand and the auction, so a decision comes out the same each time it is asked), the
    deals to solve (``SAMPLES``) and the time ``BUDGET``."""

    seed: int
    samples: int
    budget: float


def sampling(hand: Hand, position: Position) -> Sampling:
    return Sampling(zlib.crc32(repr((sorted(hand.cards), list(position.calls))).encode()), SAMPLES, BUDGET)


def sampled_tricks(mine: Sequence[str], seat: int, shown: Sequence[Shown], contracts: Sequence[tuple[int, str]],
                   draw: Sampling) -> list[tuple[int, ...]]:
    """On each sampled deal, the tricks each (declarer, strain) of ``contracts`` takes (solver
    process). Deals are solved ``BATCH`` at a time until ``draw.samples`` are, or its time budget
    is spent with at least one batch solved."""
    rng = random.Random(draw.seed)
    deadline = time.monotonic() + draw.budget
    tricks: list[tuple[int, ...]] = []
    while len(tricks) < draw.samples and (not tricks or time.monotonic() < deadline):
        deals = [sample(mine, seat, shown, rng) for _ in range(BATCH)]
        tricks += zip(*(declarer_tricks(deals, declarer, strain) for declarer, strain in contracts))
    return tricks


def doubling_gain(mine: Sequence[str], seat: int, shown: Sequence[Shown], contract: ContractResult,
                  vulnerable: tuple[bool, bool], draw: Sampling) -> tuple[float, float, int]:
    """Average IMPs the double gains over passing, the share of deals the contract goes down, and
    the number of deals solved (solver process)."""
    tricks = [t for t, in sampled_tricks(mine, seat, shown, [(contract.declarer, contract.strain)], draw)]
    sign = 1 if seat % 2 == 0 else -1
    gains, down = [], 0
    for taken in tricks:
        plain = ContractResult(contract.level, contract.strain, 0, contract.declarer, taken)
        doubled = ContractResult(contract.level, contract.strain, 1, contract.declarer, taken)
        gains.append(imps(sign * (duplicate_score(doubled, vulnerable) - duplicate_score(plain, vulnerable))))
        down += taken < contract.level + 6
    return sum(gains) / len(gains), down / len(tricks), len(tricks)


def cue_bid(position: Position, contract: ContractResult) -> bool:
    """Their bid is in a suit our side bid first, and they have shown fewer than three cards of it
    between them: a cue-bid (Michaels, a cue-bid raise of their overcall), not a contract to play."""
    strain = contract.strain
    if strain == "NT":
        return False
    ours = next((s for s, c in position.bids if c[1:] == strain), None)
    their_side = (contract.declarer, (contract.declarer + 2) % 4)
    return (ours is not None and ours % 2 == position.seat % 2
            and sum(position.shown[s].lengths[strain] for s in their_side) < 3)


def cautious(average: float, solved: int) -> float:
    """An average over ``solved`` deals as if one more deal had made the contract and the double
    gained nothing: the fewer deals (a busy machine solves fewer in the budget), the more of them
    must agree. Four deals must all go down; twelve, ten of them."""
    return average * solved / (solved + 1)


def their_contract(position: Position) -> ContractResult:
    """The opponents' last bid as a contract, declared by the first of them to name its strain."""
    seat, bid = position.bids[-1]
    strain = bid[1:]
    declarer = next(s for s, c in position.bids if s % 2 == seat % 2 and c[1:] == strain)
    return ContractResult(int(bid[0]), strain, 0, declarer)


def into_game(contract: ContractResult) -> bool:
    """Made doubled, the contract would score a game it does not score undoubled."""
    value = contract.level * (20 if contract.strain in "CD" else 30) + (10 if contract.strain == "NT" else 0)
    return value < 100 <= 2 * value


def worth_asking(position: Position, hand: Hand, contract: ContractResult) -> bool:
    """Only where a double could pay and would stand: the auction ends if we pass (or partner has
    bid, and gets a say), and our side holds its share of the points or the trumps; a part score
    the double would turn into a game needs the points (trumps alone misjudge too often: the
    opponents chose to play there). One-level contracts only after our redouble showed the
    points. A part score in a suit only with three trumps or more: with fewer the sampled deals
    misjudge their trump length too often."""
    after = [c for _, c in position.calls[max(i for i, (_, c) in enumerate(position.calls) if c in BIDS):]]
    ending = after[1:] == [PASS, PASS]
    partner_bid = any(c in BIDS for c in position.bids_of(position.partner))
    ours = hand.info.hcp + position.shown[position.partner].min_hcp
    trumps = hand.info.lengths.get(contract.strain, 0)
    trump_length = not into_game(contract) and trumps >= 4 and (ours >= 15 or hand.info.hcp >= 12)
    redoubled = any(s % 2 == position.seat % 2 and c == REDOUBLE for s, c in position.calls)
    part_score = contract.strain != "NT" and contract.level < GAME_LEVEL[contract.strain]
    return ((contract.level >= 2 or redoubled) and (ending or partner_bid) and (ours >= 20 or trump_length)
            and not (part_score and trumps < 3))


def penalty_double(position: Position) -> list[Option]:
    """A double for penalty of the opponents' last bid, where the simulation says it pays; not of
    their cue-bid of our suit (they will not play it)."""
    if not position.can_double():
        return []
    contract = their_contract(position)
    if cue_bid(position, contract):
        return []

    def pays(hand: Hand) -> bool:
        if not worth_asking(position, hand, contract):
            return False
        gain, down, solved = in_solver(doubling_gain, list(hand.cards), position.seat, list(position.shown),
                                       contract, position.vulnerable, sampling(hand, position))
        return cautious(gain, solved) > 1.5 and cautious(down, solved) >= 0.75
    return [Option(DOUBLE, Meaning(note="for penalty: expects to defeat the contract"), when=pays)]

