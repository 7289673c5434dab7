"""Games and slams by simulation: where the rules run out of ways to tell whether the hands hold a
game or a slam, deal partner's and the opponents' hands the way the auction describes them, solve
each deal double dummy, and bid the contract that scores the most IMPs on average.

These decisions are judged this way, once partner has bid:

- a slam in a strain our side can play (a suit with eight cards between the hands as shown, seven
  of the robot's own, or notrump) with 30 points or more between the hands (shortness counted in a
  suit partner bid first): six of the strain rather than game in it (not as the first
  answer to an opening of one of a suit);
- five of a minor with eight cards between the hands rather than our 3NT, where it makes on half
  of the deals and gains;
- a game with 22 points or more between the hands, where the last bid would otherwise stand (our
  part score, or the opponents' contract): game in one of our strains rather than that;
- over the opponents' part score, with 16 points or more between the hands: a part score of ours
  (up to the three level, in a suit with eight cards between the hands) rather than defending,
  scored doubled where it goes two down.

A higher contract is bid when it gains on average (``judgment.cautious``: as if one more deal had
not gained), a game only where it makes on most of the deals solved and a slam on half of them.
The sampling and solving run in the solver process within ``judgment.BUDGET``, like the penalty
double's.
"""
from __future__ import annotations

from typing import Callable, Sequence

from bot.ai.bridge_bidding import SUITS, Shown
from bot.ai.bridge_solver import in_solver
from bot.ai.bridge_system.judgment import GAME_LEVEL, Sampling, cautious, sampled_tricks, sampling
from bot.ai.bridge_system.position import Hand, Meaning, Option, Position, Test
from bot.games.bridge import BIDS, PASS
from bot.games.bridge_scoring import ContractResult, duplicate_score, imps

STRAINS = (*SUITS, "NT")
SLAM_POINTS = 30
"""The least points (``strength``) between the hands for a slam to be simulated."""
GAME_POINTS = 22
"""The least points (``strength``) between the hands for a game to be simulated."""
COMPETE_POINTS = 16
"""The least points (``strength``) between the hands for competing over the opponents' part
score to be simulated."""
PART_LEVEL = 3
"""The highest level the simulation competes for a part score at."""
NARROW = 8
"""The widest HCP range partner may have shown for its middle to be counted on."""
GAIN = 1.5
"""The least average IMPs (``cautious``) a higher contract must gain."""
MAKES = 0.6
"""The least share of the deals solved on which a higher game or part score must make."""
SLAM_MAKES = 0.5
"""The least share of the deals solved on which a slam must make: about where it starts to gain
in IMPs over the game that stands."""

MINOR_MAKES = 0.5
"""The least share of the deals solved on which five of a minor must make to be bid rather than
3NT."""

Contract = tuple[int, str, int]
"""Level, strain, declarer."""
Pair = tuple[Contract, Contract, float]
"""The contract that stands otherwise, a higher one of ours, and the least share of deals the
higher one must make on."""
Choice = tuple[int, float, int]
"""The pair judged best (its index, -1 for none), its average gain in IMPs, and the deals solved."""
Reading = Callable[[str, Hand], bool]
"""Whether what the rules read a call to show holds for the hand: the simulation weighs only the
calls whose reading does (the explanation of a judged call stays true)."""


def strength(position: Position, hand: Hand, trump: str = "NT") -> int:
    """The hand's points and what partner has shown: the middle of a range of ``NARROW`` HCP or
    less, else the least shown and two more. In a suit partner bid first (``trump``), the hand's
    shortness counts as a raise counts it, where that is more."""
    partner = position.shown[position.partner]
    own = hand.info.points
    if trump != "NT" and declarer(position, trump) == position.partner:
        own = max(own, hand.info.support_points(trump))
    if partner.max_hcp - partner.min_hcp <= NARROW:
        return own + (partner.min_hcp + partner.max_hcp) // 2
    return own + partner.least + 2


def strains(position: Position, hand: Hand) -> list[str]:
    """The suits with eight cards between the hand and partner's shown lengths (seven of the
    hand's own are enough), and notrump."""
    partner = position.shown[position.partner]
    return [s for s in SUITS if hand.info.lengths[s] + max(1, partner.lengths[s]) >= 8] + ["NT"]


def declarer(position: Position, strain: str, side: int | None = None) -> int:
    """The first of ``side`` (ours by default) to have bid ``strain``; else the robot, who names
    it now (or, for the opponents, the last of them to bid)."""
    side = position.seat % 2 if side is None else side
    theirs = [(s, c) for s, c in position.bids if s % 2 == side]
    fallback = position.seat if side == position.seat % 2 else theirs[-1][0]
    return next((s for s, c in theirs if c[1:] == strain), fallback)


def ours_score(contract: Contract, tricks: int, seat: int, vulnerable: tuple[bool, bool], doubled: int = 0) -> int:
    """``seat``'s side's score for ``contract`` (either side's) taking ``tricks``."""
    level, strain, by = contract
    north_south = duplicate_score(ContractResult(level, strain, doubled, by, tricks), vulnerable)
    return north_south if seat % 2 == 0 else -north_south


def outbid_score(contract: Contract, tricks: int, seat: int, vulnerable: tuple[bool, bool]) -> int:
    """Our score for outbidding the opponents with ``contract``: doubled where it goes two down
    (they would double it then)."""
    return ours_score(contract, tricks, seat, vulnerable, int(tricks <= contract[0] + 4))


def best_contract(mine: Sequence[str], seat: int, shown: Sequence[Shown], vulnerable: tuple[bool, bool],
                  pairs: Sequence[Pair], draw: Sampling) -> Choice:
    """Of ``pairs``, the higher contract that gains the most IMPs on the deals sampled, among those
    that make on their share of the deals (solver process). Over the opponents' contract ours is
    scored doubled where it goes two down."""
    wanted = list(dict.fromkeys((c[2], c[1]) for base, higher, _ in pairs for c in (base, higher)))
    solved = sampled_tricks(mine, seat, shown, wanted, draw)
    best: Choice = (-1, float("-inf"), len(solved))
    for index, (base, higher, need) in enumerate(pairs):
        theirs = base[2] % 2 != seat % 2
        gains, made = [], 0
        for tricks in solved:
            low, high = tricks[wanted.index((base[2], base[1]))], tricks[wanted.index((higher[2], higher[1]))]
            ours = outbid_score(higher, high, seat, vulnerable) if theirs else ours_score(higher, high, seat, vulnerable)
            gains.append(imps(ours - ours_score(base, low, seat, vulnerable)))
            made += high >= higher[0] + 6
        average = sum(gains) / len(gains)
        if made >= need * len(solved) and average > best[1]:
            best = (index, average, len(solved))
    return best


def judged(position: Position, hand: Hand, pairs: Sequence[Pair], holds: Reading) -> str | None:
    """The higher contract's bid of the pair the simulation chooses (``best_contract``) among
    those whose bid's reading ``holds`` for the hand, if it gains enough."""
    pairs = [pair for pair in pairs if holds(f"{pair[1][0]}{pair[1][1]}", hand)]
    if not pairs:
        return None
    index, gain, solved = in_solver(best_contract, list(hand.cards), position.seat, list(position.shown),
                                    position.vulnerable, list(pairs), sampling(hand, position))
    if index < 0 or cautious(gain, solved) < GAIN:
        return None
    level, strain, _ = pairs[index][1]
    return f"{level}{strain}"


def standing(position: Position) -> Contract | None:
    """The contract the last bid would make (undoubled), declared by the first of its side to
    name the strain; None before any bid, or when it is doubled."""
    last = next(((s, c) for s, c in reversed(position.calls) if c != PASS), None)
    if last is None or last[1] not in BIDS:
        return None
    seat, bid = last
    return int(bid[0]), bid[1:], declarer(position, bid[1:], seat % 2)


def considered(position: Position, placed: str, holds: Reading) -> list[Option]:
    """What the simulation may bid instead of ``placed``, the rules' call: a slam where our game
    would stand (bid now, or passed), unless our side has asked for key cards (the asker has
    placed the contract) or partner has said too little (``said_little``); else a game where a
    part score or the opponents' contract would (passed). None before partner has bid, nor
    instead of any other bid (an ask, a try). Only calls whose reading ``holds`` are weighed."""
    if not position.bids_of(position.partner):
        return []
    stands = standing(position) if placed == PASS else bid(position, placed) if placed in BIDS else None
    if stands is None or (placed != PASS and stands[0] != GAME_LEVEL[stands[1]]):
        return []
    level, strain, by = stands
    ours = by % 2 == position.seat % 2
    asked = any(c == "4NT" for s, c in position.bids if s % 2 == position.seat % 2)
    if ours and GAME_LEVEL[strain] <= level < 6:
        return higher_contracts(position, stands, not (asked or said_little(position)), holds)
    if placed == PASS and not (ours and level >= GAME_LEVEL[strain]):
        return games(position, stands, holds)
    return []


def said_little(position: Position) -> bool:
    """Our side's only bid is partner's, with a range of more than ``NARROW`` HCP (an opening of
    one of a suit): too little to judge a slam on before the robot has answered."""
    partner = position.shown[position.partner]
    return (not position.bids_of(position.seat) and len(position.bids_of(position.partner)) == 1
            and partner.max_hcp - partner.min_hcp > NARROW)


def bid(position: Position, call: str) -> Contract:
    """Our contract ``call`` would make, declared by the first of us to have named its strain."""
    strain = call[1:]
    return int(call[0]), strain, declarer(position, strain)


def higher_contracts(position: Position, stands: Contract, slams: bool, holds: Reading) -> list[Option]:
    """Over our game that stands: six of a strain our side can play (``slams``), and over 3NT five
    of a minor with eight cards between the hands, judged together against the game."""
    def choice(hand: Hand) -> str | None:
        ours = strains(position, hand)
        pairs: list[Pair] = []
        if slams:
            pairs += [(stands, bid(position, f"6{strain}"), SLAM_MAKES) for strain in ours
                      if position.legal(f"6{strain}") and strength(position, hand, strain) >= SLAM_POINTS]
        pairs += [(stands, bid(position, call), MINOR_MAKES) for call in minor_games(position, stands, ours)]
        return judged(position, hand, pairs, holds)
    calls = [f"6{s}" for s in STRAINS if slams and position.legal(f"6{s}")]
    return options(choice, calls + minor_games(position, stands, SUITS))


def minor_games(position: Position, stands: Contract, suits: Sequence[str]) -> list[str]:
    """Five of each minor of ``suits`` where our 3NT stands (or is the rules' call)."""
    return [f"5{s}" for s in suits if s in "CD" and stands[:2] == (3, "NT") and position.legal(f"5{s}")]


def games(position: Position, stands: Contract, holds: Reading) -> list[Option]:
    """Game (the cheapest legal one, up to the five level) in each strain our side can play,
    judged against the contract that stands; over the opponents' part score, a part score of
    ours too (the cheapest bid in a suit of ours, up to the three level)."""
    theirs = stands[2] % 2 != position.seat % 2

    def choice(hand: Hand) -> str | None:
        if strength(position, hand) < (COMPETE_POINTS if theirs else GAME_POINTS):
            return None
        pairs: list[Pair] = []
        for strain in strains(position, hand):
            call = game_call(position, strain)
            if call and strength(position, hand) >= GAME_POINTS:
                pairs.append((stands, bid(position, call), MAKES))
            call = part_call(position, strain) if theirs else None
            if call:
                pairs.append((stands, bid(position, call), 0.0))
        return judged(position, hand, pairs, holds)
    calls = [call for s in STRAINS for call in (game_call(position, s), part_call(position, s) if theirs else None) if call]
    return options(choice, calls)


def part_call(position: Position, strain: str) -> str | None:
    """The cheapest legal bid in suit ``strain`` up to the three level, below game."""
    call = position.cheapest(strain)
    return call if strain != "NT" and int(call[0]) <= PART_LEVEL else None


def game_call(position: Position, strain: str) -> str | None:
    """The cheapest legal game bid in ``strain``, up to the five level."""
    return next((f"{n}{strain}" for n in range(GAME_LEVEL[strain], 6) if position.legal(f"{n}{strain}")), None)


def options(choice: Callable[[Hand], str | None], calls: Sequence[str]) -> list[Option]:
    """An option for each call the decision may choose; the simulation runs once per hand. The
    call is read as the rules read it there (``system.choose_call`` makes it only where that
    reading is true of the hand), so the options carry no meaning of their own."""
    answers: dict[tuple[str, ...], str | None] = {}

    def chosen(call: str) -> Test:
        def test(hand: Hand) -> bool:
            key = tuple(hand.cards)
            if key not in answers:
                answers[key] = choice(hand)
            return answers[key] == call
        return test
    return [Option(call, Meaning(), when=chosen(call)) for call in calls]
