"""Speed of the Presidential Poker evaluator and how often each rank comes up.

    python -m bench.presidential_eval              # 1,000,000 random 7-card hands (about a minute)
    python -m bench.presidential_eval --hands 20000

Prints the mean time per ``evaluate`` call, the slowest hands (re-timed, best of 5, so a scheduler
hiccup does not count), and a Markdown table of
rank frequencies (the one published in docs/rules/presidential.md), with the exact odds of the two
flushes, which are too rare to show up in a sample.
"""
from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from math import comb

from bot.games.presidential_eval import RANKS, evaluate
from bot.games.sixchex import DECK


def _best_of(runs: int, hand: list[str]) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        evaluate(hand)
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    hands = [rng.sample(DECK, 7) for _ in range(args.hands)]
    counts: Counter[str] = Counter()
    times: list[tuple[float, list[str]]] = []
    started = time.perf_counter()
    for hand in hands:
        t0 = time.perf_counter()
        counts[evaluate(hand).rank.code] += 1
        times.append((time.perf_counter() - t0, hand))
    elapsed = time.perf_counter() - started
    times.sort(key=lambda t: t[0], reverse=True)
    slowest = max(_best_of(5, hand) for _, hand in times[:20])

    print(f"{args.hands:,} hands in {elapsed:.1f} s: {elapsed / args.hands * 1e6:.1f} µs per hand "
          f"(mean, timing included); slowest hand {slowest * 1e3:.3f} ms (budget 2 ms)")
    print()
    print("| rank | name | hands | frequency | about 1 in |")
    print("|---|---|---:|---:|---:|")
    for rank in RANKS:
        n = counts[rank.code]
        share = f"{n / args.hands:.4%}" if n else "-"
        one_in = f"{args.hands / n:,.0f}" if n else "-"
        print(f"| {rank.code} | {rank.name} | {n:,} | {share} | {one_in} |")
    all_hands = comb(len(DECK), 7)
    print()
    print(f"Exact: Presidential Flush 1 in {all_hands / comb(8, 7):,.0f} hands; "
          f"Rainbow Flush 1 in {all_hands / (2 * 4 ** 7):,.0f} hands.")


if __name__ == "__main__":
    main()
