"""Two versions of the bridge robots bid the same random deals: which reaches the better contracts.

Four robots of this checkout bid each deal, and four of another checkout (``BASE``: any commit,
``git worktree add /tmp/base <commit>``) bid it too, each version in its own process (both CPUs
busy). Each final contract is scored double dummy; where the auctions differ, the IMPs go to the
side that made the first different call (``bridge_judgment.first_difference``), from this
checkout's auction against the base's. The simulations run without a time budget (every decision
solves all of its deals), so the two auctions differ only by the code. Prints each changed deal
and the total; every random deal counts, not only those a tournament dealt, so a change is measured
on deals nobody tuned it on.

Run: ``python bench/bridge_versus.py BASE [deals] [--seed N] [--min-hcp N] [--hand KIND]`` from
the repository root (``--min-hcp``: only deals where one side holds at least that many HCP;
``--hand``: only deals where a seat holds a hand of that kind, ``bridge_judgment.HANDS``).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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


def start(code: Path, deals: list[tuple[str, int]]) -> subprocess.Popen[str]:
    """This script in ``--auctions`` mode, importing ``bot`` from ``code``."""
    process = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--auctions", str(code)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=code,
                               env={**os.environ, "PYTHONPATH": str(code)})
    assert process.stdin is not None
    process.stdin.write(json.dumps(deals))
    process.stdin.close()
    return process


def finish(process: subprocess.Popen[str]) -> list[tuple[list[object], list[list[object]]]]:
    """What a process started by ``start`` printed."""
    assert process.stdout is not None
    out = json.loads(process.stdout.read())
    if process.wait() != 0:
        raise SystemExit(f"the auctions' process failed ({process.returncode})")
    return list(out)


def versus_arguments(doc: str | None, deals: int) -> argparse.Namespace:
    """``BASE [deals] [--seed N] [--min-hcp N] [--hand KIND]``: what a bench comparing two versions
    on random deals is given (``deals`` by default). The repository root must be on ``sys.path``."""
    from bench.bridge_judgment import HANDS
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("base", type=Path)
    parser.add_argument("deals", nargs="?", type=int, default=deals)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-hcp", type=int, default=0)
    parser.add_argument("--hand", choices=sorted(HANDS))
    return parser.parse_args()


def deals_said(args: argparse.Namespace) -> str:
    """The deals ``versus_arguments`` asked for, in words, for the first line a bench prints."""
    return f"{args.deals} random deals (seed {args.seed}, a side with {args.min_hcp}+ HCP, a hand: {args.hand or 'any'})"


def main() -> None:
    if sys.argv[1:2] == ["--auctions"]:
        sys.path.insert(0, sys.argv[2])
        print(json.dumps(bid_deals([(d, b) for d, b in json.load(sys.stdin)])))
        return
    sys.path.insert(0, str(ROOT))
    args = versus_arguments(__doc__, 300)
    from bench.bridge_judgment import first_difference, kind, north_south, random_deals
    from bot.games.bridge_analysis import analyse
    from bot.games.bridge_scoring import ContractResult, board_dealer, board_vulnerability, imps

    print(f"{deals_said(args)}, this checkout against {args.base}; load average {os.getloadavg()[0]:.2f} "
          f"on {os.cpu_count()} CPUs", flush=True)
    began = time.monotonic()
    deals = random_deals(args.deals, args.seed, args.min_hcp, args.hand)
    ours, base = start(ROOT, deals), start(args.base.resolve(), deals)
    new, old = (finish(p) for p in (ours, base))
    total, changed, kinds = 0, 0, {}
    for number, ((deal, board), (mine, my_calls), (theirs, their_calls)) in enumerate(zip(deals, new, old)):
        mine_calls, theirs_calls = [tuple(c) for c in my_calls], [tuple(c) for c in their_calls]
        if mine_calls == theirs_calls:
            continue
        changed += 1
        results = [ContractResult(0) if c[0] == 0 else ContractResult(*c) for c in (mine, theirs)]
        vulnerable = board_vulnerability(board)
        analysis = analyse(deal, board_dealer(board), vulnerable)
        scores = [north_south(r, analysis, vulnerable) for r in results]
        sign = 1 if first_difference(theirs_calls, mine_calls) % 2 == 0 else -1
        gain = imps(sign * (scores[0] - scores[1]))
        total += gain
        kinds[kind(results[0])] = kinds.get(kind(results[0]), 0) + gain
        print(f"{number + 1:4d} board {board:2d} {gain:+3d} IMPs  base: {' '.join(c for _, c in theirs_calls)} "
              f"({scores[1]:+d})  this: {' '.join(c for _, c in mine_calls)} ({scores[0]:+d}, North-South)")
    print(f"\n{args.deals} deals, {changed} auctions changed: {total:+d} IMPs ({total / args.deals:+.3f} a deal); by "
          f"this checkout's contract: " + ", ".join(f"{k} {v:+d}" for k, v in sorted(kinds.items()))
          + f"; {time.monotonic() - began:.0f} s")


if __name__ == "__main__":
    main()
