"""Two versions of the bridge robots bid the same random deals: which reaches the better contracts.

Four robots of this checkout bid each deal, and four of another checkout (``BASE``: any commit,
``git worktree add /tmp/base <commit>``) bid it too, each version in its own process (both CPUs
busy). Each final contract is scored double dummy; where the auctions differ, the IMPs go to the
side that made the first different call (``bridge_judgment.first_difference``), from this
checkout's auction against the base's. The simulations run without a time budget (every decision
solves all of its deals), so the two auctions differ only by the code. Prints each changed deal
and the total; every random deal counts, not only those a tournament dealt, so a change is measured
on deals nobody tuned it on.

``--play robots`` also scores each changed contract as this checkout's robots play it out, which is
how a table scores it: defenders who do not see every card let the declarer take more tricks than
double dummy, so a game bid on the odds pays more. The figure a deal and the split by contract are
then the played ones.

Run: ``python bench/bridge_versus.py BASE [deals] [--seed N] [--min-hcp N] [--hand KIND] [--play
robots]`` from the repository root (``--min-hcp``: only deals where one side holds at least that
many HCP; ``--hand``: only deals where a seat holds a hand of that kind, ``bridge_judgment.HANDS``).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

if TYPE_CHECKING:
    from bot.games.bridge import BridgeEngine
    from bot.games.bridge_scoring import ContractResult

ROOT = Path(__file__).resolve().parent.parent
PARTS = 2
"""Processes playing the changed deals' contracts out at once (``--play robots``)."""
PLAYS = 3
"""Times each changed contract is played out (``--play robots``), with different seeds: its score is
the average, which keeps the luck of one play's guesses out of the comparison."""


def bid_deals(deals: list[tuple[str, int]]) -> list[tuple[list[object], list[tuple[int, str]]]]:
    """The contract (level, strain, doubled, declarer; level 0 passed out) and the auction the
    robots of the ``bot`` package on ``sys.path`` reach on each deal. It uses only what every
    version of ``bot`` has (the engine and ``bridge.choose``), not ``bridge_judgment.bid``, so the
    base may predate the benches."""
    import random

    from bot.ai import bridge as robot
    from bot.ai.bridge_system import judgment
    from bot.games.base import Seat
    from bot.games.bridge import BridgeEngine

    judgment.BUDGET = float("inf")
    seats = [Seat(name, is_bot=True) for name in ("North", "East", "South", "West")]
    out = []
    for deal, board in deals:
        game = BridgeEngine({"scoring": "duplicate", "board": board, "deal": deal}, seats, "0" * 64, {})
        rng = random.Random(0)
        while game.phase == "auction":
            seat = game.to_act()[0]
            game.apply(seat, robot.choose(game.view(seat), game.legal_actions(seat), rng))
        calls = [(int(c["seat"]), str(c["call"])) for c in game.view(None)["auction"]]
        contract = [0, "", 0, 0] if game.declarer is None else [game.level, game.strain, game.doubled, game.declarer]
        out.append((contract, calls))
    return out


def played(item: Sequence[object]) -> list[object]:
    """The contract of the auction on the deal (deal, board, calls, seed), with the tricks this
    checkout's four robots take playing it out; they choose with a seeded ``random``, so a deal
    plays the same each run."""
    import random

    from bot.ai import bridge as robot

    deal, board, calls, seed = item
    assert isinstance(deal, str) and isinstance(board, int) and isinstance(seed, int) and isinstance(calls, list)
    game = auctioned(deal, board, calls_of(calls))
    rng = random.Random(seed)
    while game.outcome is None:
        seat = game.to_act()[0]
        game.apply(seat, robot.choose(game.view(seat), game.legal_actions(seat), rng))
    result = game.result
    assert result is not None
    return [0, "", 0, 0, 0] if result.passed_out else [result.level, result.strain, result.doubled,
                                                         result.declarer, result.tricks]


def auctioned(deal: str, board: int, calls: Sequence[tuple[int, str]]) -> BridgeEngine:
    """The deal at four robot seats with ``calls`` made (``bot`` from this process's path)."""
    from bot.games.base import Action, Seat
    from bot.games.bridge import BIDS, DOUBLE, REDOUBLE, BridgeEngine

    seats = [Seat(name, is_bot=True) for name in ("North", "East", "South", "West")]
    game = BridgeEngine({"scoring": "duplicate", "board": board, "deal": deal}, seats, "0" * 64, {})
    for seat, call in calls:
        game.apply(seat, Action("bid", target=call) if call in BIDS else Action(
            {DOUBLE: "double", REDOUBLE: "redouble"}.get(call, "pass")))
    return game


def contract_of(fields: Sequence[object]) -> ContractResult:
    """A contract as ``bid_deals`` or ``played`` gives it (JSON: level, strain, doubled, declarer
    and, played, the tricks)."""
    from bot.games.bridge_scoring import ContractResult
    level, strain, doubled, declarer, *tricks = fields
    return ContractResult(int(str(level)), str(strain), int(str(doubled)), int(str(declarer)),
                          int(str(tricks[0])) if tricks else 0)


def calls_of(calls: Sequence[Sequence[object]]) -> list[tuple[int, str]]:
    """An auction as ``bid_deals`` gives it through JSON (seat, call lists)."""
    return [(int(str(seat)), str(call)) for seat, call in calls]


def start(code: Path, deals: Sequence[object], mode: str = "--auctions") -> subprocess.Popen[str]:
    """This script in ``--auctions`` mode (or ``--played``: ``deals`` are ``played``'s items),
    importing ``bot`` from ``code``."""
    process = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), mode, str(code)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=code,
                               env={**os.environ, "PYTHONPATH": str(code)})
    assert process.stdin is not None
    process.stdin.write(json.dumps(deals))
    process.stdin.close()
    return process


def finish(process: subprocess.Popen[str]) -> list[Any]:
    """What a process started by ``start`` printed."""
    assert process.stdout is not None
    out = json.loads(process.stdout.read())
    if process.wait() != 0:
        raise SystemExit(f"the process failed ({process.returncode})")
    return list(out)


def versus_arguments(doc: str | None, deals: int, plays: bool = False) -> argparse.Namespace:
    """``BASE [deals] [--seed N] [--min-hcp N] [--hand KIND]``: what a bench comparing two versions
    on random deals is given (``deals`` by default; ``plays``: ``--play dd|robots`` too). The
    repository root must be on ``sys.path``."""
    from bench.bridge_judgment import HANDS
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("base", type=Path)
    parser.add_argument("deals", nargs="?", type=int, default=deals)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-hcp", type=int, default=0)
    parser.add_argument("--hand", choices=sorted(HANDS))
    if plays:
        parser.add_argument("--play", choices=("dd", "robots"), default="dd")
    return parser.parse_args()


def deals_said(args: argparse.Namespace) -> str:
    """The deals ``versus_arguments`` asked for, in words, for the first line a bench prints."""
    return f"{args.deals} random deals (seed {args.seed}, a side with {args.min_hcp}+ HCP, a hand: {args.hand or 'any'})"


def main() -> None:
    if sys.argv[1:2] == ["--auctions"]:
        sys.path.insert(0, sys.argv[2])
        print(json.dumps(bid_deals([(d, b) for d, b in json.load(sys.stdin)])))
        return
    if sys.argv[1:2] == ["--played"]:
        sys.path.insert(0, sys.argv[2])
        print(json.dumps([played(item) for item in json.load(sys.stdin)]))
        return
    sys.path.insert(0, str(ROOT))
    args = versus_arguments(__doc__, 300, plays=True)
    from bench.bridge_judgment import first_difference, kind, north_south, random_deals
    from bot.games.bridge_analysis import analyse
    from bot.games.bridge_scoring import board_dealer, board_vulnerability, duplicate_score, imps

    print(f"{deals_said(args)}, this checkout against {args.base}, play {args.play}; load average "
          f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs", flush=True)
    began = time.monotonic()
    deals = random_deals(args.deals, args.seed, args.min_hcp, args.hand)
    ours, base = start(ROOT, deals), start(args.base.resolve(), deals)
    new, old = (finish(p) for p in (ours, base))
    changed = [(number, deal, board, mine, calls_of(my_calls), theirs, calls_of(their_calls))
               for number, ((deal, board), (mine, my_calls), (theirs, their_calls)) in enumerate(zip(deals, new, old))
               if my_calls != their_calls]
    plays: dict[tuple[int, int], list[list[object]]] = {}
    if args.play == "robots":
        work = [(number, table, (deal, board, calls, PLAYS * number + k))
                for number, deal, board, mine, mine_calls, theirs, theirs_calls in changed if mine != theirs
                for table, calls in enumerate((mine_calls, theirs_calls)) for k in range(PLAYS)]
        parts = [start(ROOT, [item for _, _, item in work[part::PARTS]], "--played") for part in range(PARTS)]
        done = [finish(process) for process in parts]
        for i, (number, table, _) in enumerate(work):
            plays.setdefault((number, table), []).append(done[i % PARTS][i // PARTS])
    totals, kinds = [0, 0], dict[str, int]()
    for number, deal, board, mine, mine_calls, theirs, theirs_calls in changed:
        results = [contract_of(c) for c in (mine, theirs)]
        vulnerable = board_vulnerability(board)
        analysis = analyse(deal, board_dealer(board), vulnerable)
        scores = [north_south(r, analysis, vulnerable) for r in results]
        sign = 1 if first_difference(theirs_calls, mine_calls) % 2 == 0 else -1
        gains = [imps(sign * (scores[0] - scores[1]))]
        said = ""
        if args.play == "robots" and mine == theirs:
            gains.append(gains[0])
            said = ", played: the same contract"
        elif args.play == "robots":
            tables = [statistics.fmean(0 if p[0] == 0 else duplicate_score(contract_of(p), vulnerable)
                                       for p in plays[number, table]) for table in (0, 1)]
            gains.append(imps(round(sign * (tables[0] - tables[1]))))
            said = f", played {gains[1]:+3d} ({tables[1]:+.0f} / {tables[0]:+.0f})"
        for i, gain in enumerate(gains):
            totals[i] += gain
        kinds[kind(results[0])] = kinds.get(kind(results[0]), 0) + gains[-1]
        print(f"{number + 1:4d} board {board:2d} {gains[0]:+3d} IMPs{said}  "
              f"base: {' '.join(c for _, c in theirs_calls)} ({scores[1]:+d})  "
              f"this: {' '.join(c for _, c in mine_calls)} ({scores[0]:+d}, North-South)")
    scored = (f"double dummy {totals[0]:+d}, played {totals[1]:+d} IMPs" if args.play == "robots"
              else f"{totals[0]:+d} IMPs")
    print(f"\n{args.deals} deals, {len(changed)} auctions changed: {scored} ({totals[-1] / args.deals:+.3f} a deal); "
          f"by this checkout's contract: " + ", ".join(f"{k} {v:+d}" for k, v in sorted(kinds.items()))
          + f"; {time.monotonic() - began:.0f} s")

if __name__ == "__main__":
    main()
