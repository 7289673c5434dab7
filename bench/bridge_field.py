"""The bridge robots against a field of people, on deals many tables played.

Reads tournament PBN files (one record per table; where they come from, and their licence, is in
``bench/data/README.md``), lets four robots bid and play each deal, and scores the robots' table
against every recorded table from the side that owns the deal: IMPs a deal and the share of the
field beaten (matchpoints). The loss is split into the auction (every contract, ours and the
field's, played double dummy) and the play (declarer's tricks against double dummy, and the tricks
each side's cards gave away against double dummy, position by position). Then what the
auctions reach: games and slams the field bid, doubled contracts, and the time per call and card.

Half the deals (by a hash of their cards) are held out: tune the system on ``--set tune`` and
report on ``--set test``.

Run: ``python bench/bridge_field.py DIR_OR_FILES... [--set tune|test|all] [--limit N]
[--play robots|dd] [--system sayc|beginners] [--unbounded]`` from the repository root. ``--play dd``
stands the contract's double-dummy tricks in for the card play: the auction's figures in a fraction
of the time. ``--system``: the bidding system the four robots play (a table's choice, SAYC by
default). ``--unbounded``: the bidding simulations solve all their deals whatever the time they
take, so two runs of the same code agree on any machine under any load (a comparison of two
versions); the time per call is then not a table's.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bridge_field_data import (  # noqa: E402
    Comparison, FieldDeal, at_double_dummy, compare, owner, read_field)
from bench.bridge_given_away import GivenAway, given_away  # noqa: E402
from bot.ai import bridge as robot  # noqa: E402
from bot.ai.bridge_system import judgment  # noqa: E402
from bot.ai.bridge_system.judgment import GAME_LEVEL  # noqa: E402
from bot.games.base import Seat  # noqa: E402
from bot.games.bridge import BridgeEngine  # noqa: E402
from bot.games.bridge_analysis import Analysis, analyse  # noqa: E402
from bot.games.bridge_options import DEFAULT_SYSTEM, SYSTEMS  # noqa: E402
from bot.games.bridge_scoring import ContractResult, board_dealer, board_vulnerability  # noqa: E402

SEATS = [Seat(name, is_bot=True) for name in ("North", "East", "South", "West")]


def board_for(dealer: int, vulnerable: tuple[bool, bool]) -> int:
    """The board of the 16-board cycle with this dealer and vulnerability (each pair is one)."""
    return next(b for b in range(1, 17) if board_dealer(b) == dealer and board_vulnerability(b) == vulnerable)


def play_deal(field: FieldDeal, analysis: Analysis, play: str, seed: int, timings: dict[str, list[float]],
              system: str = DEFAULT_SYSTEM) -> tuple[ContractResult, list[tuple[int, str]], GivenAway | None]:
    """The robots' result on the deal, their auction and the tricks their cards gave away."""
    game = BridgeEngine({"scoring": "duplicate", "board": board_for(field.dealer, field.vulnerable),
                         "deal": field.deal, "system": system}, SEATS, f"{seed:064x}", {})
    rng = random.Random(seed)
    while game.outcome is None:
        if play == "dd" and game.phase != "auction":
            break
        seat = game.to_act()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        start = time.perf_counter()
        action = robot.choose(view, legal, rng)
        timings["cards" if action.kind == "play" else "calls"].append((time.perf_counter() - start) * 1000)
        game.apply(seat, action)
    calls = [(int(c["seat"]), str(c["call"])) for c in game.view(None)["auction"]]
    if game.result is not None:
        lost = None if game.result.passed_out else given_away(game.dealt, game.strain, game.result.declarer, game.play)
        return game.result, calls, lost
    assert game.declarer is not None
    contract = ContractResult(game.level, game.strain, game.doubled, game.declarer)
    return at_double_dummy(contract, analysis), calls, None


def kind(result: ContractResult, side: int) -> str:
    """What the owner's side bid: "slam", "game", "part" or "other" (the opponents played it)."""
    if result.passed_out or result.side != side:
        return "other"
    return "slam" if result.level >= 6 else "game" if result.level >= GAME_LEVEL[result.strain] else "part"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--set", choices=("tune", "test", "all"), default="all")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--play", choices=("robots", "dd"), default="robots")
    parser.add_argument("--system", choices=tuple(SYSTEMS), default=DEFAULT_SYSTEM)
    parser.add_argument("--unbounded", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    if args.unbounded:
        judgment.BUDGET = float("inf")
    files = [f for p in args.paths for f in (sorted(p.glob("*.pbn")) if p.is_dir() else [p])]
    deals = [d for d in read_field(files) if args.set == "all" or d.held_out == (args.set == "test")]
    deals = deals[:args.limit] if args.limit else deals
    bound = ", unbounded" if args.unbounded else ""
    print(f"{len(deals)} deals, {sum(len(d.tables) for d in deals)} recorded tables from {len(files)} files "
          f"(set {args.set}, play {args.play}, system {args.system}{bound}); "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    timings: dict[str, list[float]] = {"calls": [], "cards": []}
    results: list[Comparison] = []
    given: list[GivenAway] = []
    counts = {"field game": 0.0, "robots game": 0, "games missed": 0, "field slam": 0.0, "robots slam": 0,
              "field doubled": 0.0, "robots doubled": 0}
    for number, field in enumerate(deals):
        analysis = analyse(field.deal, field.dealer, field.vulnerable)
        hands = BridgeEngine({"deal": field.deal}, SEATS, "0" * 64, {}).dealt
        side = owner(analysis, hands)
        ours, calls, lost = play_deal(field, analysis, args.play, number, timings, args.system)
        if lost is not None:
            given.append(lost)
        comparison = compare(ours, field, analysis, side)
        results.append(comparison)
        theirs = [kind(t, side) for t in field.tables]
        share_game = sum(k in ("game", "slam") for k in theirs) / len(theirs)
        counts["field game"] += share_game
        counts["robots game"] += kind(ours, side) in ("game", "slam")
        counts["games missed"] += share_game > 0.5 and kind(ours, side) not in ("game", "slam")
        counts["field slam"] += sum(k == "slam" for k in theirs) / len(theirs)
        counts["robots slam"] += kind(ours, side) == "slam"
        counts["field doubled"] += sum(t.doubled > 0 for t in field.tables) / len(field.tables)
        counts["robots doubled"] += ours.doubled > 0
        if args.verbose:
            field_text = ", ".join(sorted({t.contract_text() + "NESW"[t.declarer] for t in field.tables})[:8])
            print(f"{number + 1:3d} {field.source[:18]:18s} {'NS EW'.split()[side]} "
                  f"{' '.join(c for _, c in calls):40s} {ours.text():24s} IMPs {comparison.imps:+5.2f} "
                  f"auction {comparison.auction_imps:+5.2f}  field: {field_text}")
    report(results, counts, timings, len(deals), given)


def report(results: list[Comparison], counts: dict[str, float], timings: dict[str, list[float]], n: int,
           given: list[GivenAway]) -> None:
    mean = statistics.fmean
    print(f"\nIMPs a deal against the field: {mean(r.imps for r in results):+.2f}"
          f"  (auction {mean(r.auction_imps for r in results):+.2f}, play {mean(r.play_imps for r in results):+.2f})")
    print(f"matchpoints: {100 * mean(r.matchpoints for r in results):.1f}%")
    ours = [r.robot_tricks_vs_dd for r in results if r.robot_tricks_vs_dd is not None]
    theirs = [r.field_tricks_vs_dd for r in results if r.field_tricks_vs_dd is not None]
    if ours and theirs:
        print(f"declarer's tricks against double dummy: robots {mean(ours):+.2f}, field {mean(theirs):+.2f}")
    if given:
        print(f"tricks the robots' cards gave away against double dummy, a board played: defence "
              f"{mean(g.lead + g.defence for g in given):.2f} (opening lead {mean(g.lead for g in given):.2f}), "
              f"declarer {mean(g.declarer for g in given):.2f}")
    print(f"games (owner's side, per deal): field {counts['field game'] / n:.2f}, robots {counts['robots game'] / n:.2f};"
          f" deals where most of the field bid game and the robots did not: {counts['games missed']:.0f} of {n}")
    print(f"slams: field {counts['field slam']:.1f} deals' worth, robots {counts['robots slam']:.0f};"
          f" doubled contracts: field {counts['field doubled']:.1f} deals' worth, robots {counts['robots doubled']:.0f}")
    for key, values in timings.items():
        if values:
            print(f"time per robot {key[:-1]}, ms: p50 {statistics.median(values):.1f}  p99 "
                  f"{percentile(values, 0.99):.1f}  max {max(values):.1f}  (n={len(values)})")


if __name__ == "__main__":
    main()
