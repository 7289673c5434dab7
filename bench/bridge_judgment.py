"""What the bridge robots' judgment by simulation (``contract_judgment``) changes, on random deals.

Four robots bid each deal twice, with the system's rules alone and with the simulation's games,
slams and part scores where the rules stop; each final contract is scored double dummy. Where the
auctions differ, the IMPs go to the side that made the first different call (the difference of the
two scores from its side). The simulations run without a time budget here (every decision solves
all of its deals, the penalty double's too), so both auctions of a deal differ only by the
judgment. Prints each changed deal and the total; no field, so every deal counts, not only those a
tournament dealt.

Run: ``python bench/bridge_judgment.py [deals] [--seed N] [--min-hcp N]`` from the repository root
(``--min-hcp``: only deals where one side holds at least that many HCP, where games and slams are).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bridge_field import SEATS  # noqa: E402
from bot.ai import bridge as robot  # noqa: E402
from bot.ai.bridge_bidding import HandInfo  # noqa: E402
from bot.ai.bridge_system import contract_judgment, judgment  # noqa: E402
from bot.games.bridge import BridgeEngine, pbn_hand  # noqa: E402
from bot.games.bridge_analysis import Analysis, analyse  # noqa: E402
from bot.games.bridge_scoring import (ContractResult, board_dealer, board_vulnerability,  # noqa: E402
                                      duplicate_score, imps)
from bot.games.cards import DECK  # noqa: E402

Auction = list[tuple[int, str]]


def bid(deal: str, board: int, judged: bool) -> tuple[ContractResult, Auction]:
    """The robots' contract (no tricks yet) and auction, with or without the judgment."""
    considered = contract_judgment.considered
    if not judged:
        contract_judgment.considered = lambda position, placed, holds: []  # type: ignore[assignment]
    try:
        game = BridgeEngine({"scoring": "duplicate", "board": board, "deal": deal}, SEATS, "0" * 64, {})
        rng = random.Random(0)
        while game.phase == "auction":
            seat = game.to_act()[0]
            game.apply(seat, robot.choose(game.view(seat), game.legal_actions(seat), rng))
    finally:
        contract_judgment.considered = considered  # type: ignore[assignment]
    calls = [(int(c["seat"]), str(c["call"])) for c in game.view(None)["auction"]]
    if game.declarer is None:
        return ContractResult(0), calls
    return ContractResult(game.level, game.strain, game.doubled, game.declarer), calls


def north_south(contract: ContractResult, analysis: Analysis, vulnerable: tuple[bool, bool]) -> int:
    """North-South's score for ``contract`` played double dummy."""
    if contract.passed_out:
        return 0
    tricks = analysis["tricks"][contract.strain][contract.declarer]
    played = ContractResult(contract.level, contract.strain, contract.doubled, contract.declarer, tricks)
    return duplicate_score(played, vulnerable)


def first_difference(plain: Auction, judged: Auction) -> int:
    """The seat of the first call the two auctions differ in."""
    return next(j[0] for p, j in zip([*plain, (-1, "")], judged) if p != j)


HANDS: dict[str, Callable[[HandInfo], bool]] = {
    "two-majors": lambda h: h.lengths["S"] >= 5 and h.lengths["H"] >= 5 and h.lengths["S"] != h.lengths["H"]
    and 8 <= h.hcp <= 17,
    "six-major": lambda h: max(h.lengths["S"], h.lengths["H"]) >= 6 and h.hcp >= 15,
    "five-five": lambda h: sorted(h.lengths.values())[-2] >= 5 and h.hcp >= 11,
    "preempt": lambda h: max(h.lengths.values()) >= 7 and 5 <= h.hcp <= 10,
    "takeout": lambda h: min(h.lengths.values()) <= 1 and sorted(h.lengths.values())[1] >= 3 and h.hcp >= 13,
    "strong": lambda h: h.hcp >= 22,
}
"""Hands a deal may be required to hold (``--hand``), to measure a rule on the deals where it can
apply: both majors of five or more and unequal (8–17 HCP), a six-card major with 15+, two
five-card suits with 11+, a seven-card suit with 5–10 (a preempt), a singleton or void with three
or more of each other suit and 13+ (a takeout double), 22+ HCP (the strong 2♣)."""


def random_deals(count: int, seed: int, min_hcp: int, hand: str | None = None) -> list[tuple[str, int]]:
    """``count`` random deals (PBN, North first) with a board number each, where one side holds at
    least ``min_hcp`` HCP and some seat a hand ``HANDS[hand]`` admits; the same for the same seed."""
    rng = random.Random(seed)
    deals: list[tuple[str, int]] = []
    while len(deals) < count:
        cards = list(DECK)
        rng.shuffle(cards)
        hands = [cards[13 * i:13 * i + 13] for i in range(4)]
        if max(HandInfo.of(hands[s] + hands[s + 2]).hcp for s in (0, 1)) < min_hcp:
            continue
        if hand is not None and not any(HANDS[hand](HandInfo.of(h)) for h in hands):
            continue
        board = rng.randint(1, 16)
        deals.append(("N:" + " ".join(pbn_hand(h) for h in hands), board))
    return deals


def kind(contract: ContractResult) -> str:
    """"passed out", "slam", "game" or "part score"."""
    return ("passed out" if contract.passed_out else "slam" if contract.level >= 6
            else "game" if contract.level >= judgment.GAME_LEVEL[contract.strain] else "part score")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="?", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-hcp", type=int, default=0)
    args = parser.parse_args()
    judgment.BUDGET = float("inf")
    print(f"{args.deals} random deals (seed {args.seed}, a side with {args.min_hcp}+ HCP); "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    total, changed, start = 0, 0, time.monotonic()
    kinds: dict[str, int] = {}
    for played, (deal, board) in enumerate(random_deals(args.deals, args.seed, args.min_hcp), start=1):
        vulnerable = board_vulnerability(board)
        analysis = analyse(deal, board_dealer(board), vulnerable)
        (plain, plain_calls), (judged, judged_calls) = bid(deal, board, False), bid(deal, board, True)
        if plain_calls == judged_calls:
            continue
        changed += 1
        side = first_difference(plain_calls, judged_calls) % 2
        sign = 1 if side == 0 else -1
        gain = imps(sign * (north_south(judged, analysis, vulnerable) - north_south(plain, analysis, vulnerable)))
        total += gain
        kinds[kind(judged)] = kinds.get(kind(judged), 0) + gain
        print(f"{played:4d} board {board:2d} {gain:+3d} IMPs  rules: {' '.join(c for _, c in plain_calls)} "
              f"({north_south(plain, analysis, vulnerable):+d})  judged: {' '.join(c for _, c in judged_calls)} "
              f"({north_south(judged, analysis, vulnerable):+d}, North-South)", flush=True)
    print(f"\n{args.deals} deals, {changed} auctions changed: {total:+d} IMPs ({total / args.deals:+.3f} a deal); by the "
          f"judged contract: " + ", ".join(f"{k} {v:+d}" for k, v in sorted(kinds.items()))
          + f"; {time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main()
