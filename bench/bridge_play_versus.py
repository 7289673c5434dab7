"""Two versions of the bridge robots' card play, card by card: which chooses the better cards.

The robots of this checkout bid random deals and play each contract out. At every card with a
choice, the robot of another checkout (``BASE``: any commit, ``git worktree add /tmp/base
<commit>``) is asked for its card in the same position, with the same seed (so where the sampling
code is the same, the same sampled deals). Where the two cards differ, each is scored on the real
deal: the tricks the side to play takes from there with every hand open (double dummy), what the
contract then scores for that side, in IMPs between the two cards. Play goes on with this
checkout's card. Prints each such card and the total, split into opening leads, declarer's side's
cards and the defenders'.

Judging each differing card on its own keeps the luck of the rest of the play out: two whole
plays of a deal by two versions part at the first differing card and rarely score the same after,
so their IMPs swing both ways by tens on a few hundred deals.

Run: ``python bench/bridge_play_versus.py BASE [deals] [--seed N] [--min-hcp N] [--hand KIND]`` from the
repository root (both CPUs busy: two halves of the deals at once, each with the base's robot in
a process of its own).
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Sequence

ROOT = Path(__file__).resolve().parent.parent
PARTS = 2
"""The deals are played in this many processes at once."""


def serve_cards(code: str) -> None:
    """Answer card requests (JSON lines: view, choices, seed) with the card the robot of the
    ``bot`` package at ``code`` chooses."""
    sys.path.insert(0, code)
    from bot.ai import bridge as robot
    for line in sys.stdin:
        request = json.loads(line)
        card = robot.choose_card(request["view"], request["choices"], random.Random(request["seed"]))
        print(json.dumps(card), flush=True)


class BaseRobot:
    """The base checkout's card play, in its own process."""

    def __init__(self, base: Path) -> None:
        self.process = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--cards", str(base)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=base,
                                        env={**os.environ, "PYTHONPATH": str(base)})

    def card(self, view: dict[str, Any], choices: Sequence[str], seed: int) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"view": view, "choices": list(choices), "seed": seed}) + "\n")
        self.process.stdin.flush()
        return str(json.loads(self.process.stdout.readline()))

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def play_deal(number: int, deal: str, board: int, base: BaseRobot) -> list[dict[str, Any]]:
    """Bid and play the deal with this checkout's robots; each card the base would have chosen
    differently, with the IMPs this checkout's card gains over it on the real deal."""
    from endplay.dds import solve_board

    from bench.bridge_versus import auctioned, bid_deals
    from bot.ai import bridge as robot
    from bot.ai.bridge_deals import read_table, solver_deal
    from bot.games.base import Action
    from bot.games.bridge import card_code

    contract, calls = bid_deals([(deal, board)])[0]
    if contract[0] == 0:
        return []
    game = auctioned(deal, board, calls)
    rng = random.Random(number)
    differing = []
    while game.result is None:
        seat = game.to_act()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        kinds = {spec.kind: spec for spec in legal}
        claiming = "accept_claim" in kinds or ("claim" in kinds and robot.safe_claim(view) is not None)
        if "play" not in kinds or claiming:
            game.apply(seat, robot.choose(view, legal, rng))
            continue
        choices, seed = kinds["play"].choices, number * 100 + len(game.play)
        mine = robot.choose_card(view, choices, random.Random(seed))
        theirs = base.card(view, choices, seed) if len(choices) > 1 else mine
        if mine != theirs:
            table = read_table(view)
            hands = {s: list(game.hands[s]) for s in range(4)}
            tricks = {card_code(card): taken for card, taken in solve_board(solver_deal(hands, table))}
            lost = robot.card_values(view, table, {mine: [tricks[mine]], theirs: [tricks[theirs]]})
            role = "lead" if not game.play else "declarer" if seat % 2 == table.declarer % 2 else "defence"
            differing.append({"number": number, "contract": game.view(None)["contract"], "role": role,
                              "mine": mine, "theirs": theirs, "imps": lost[mine][0] - lost[theirs][0]})
        game.apply(seat, Action("play", cards=(mine,)))
    return differing


def play_part(base: Path, deals: list[tuple[int, str, int]]) -> dict[str, Any]:
    robot = BaseRobot(base)
    differing = [row for number, deal, board in deals for row in play_deal(number, deal, board, robot)]
    robot.close()
    return {"differing": differing}


def finish(process: subprocess.Popen[str]) -> dict[str, Any]:
    """What a process playing part of the deals printed."""
    assert process.stdout is not None
    out = json.loads(process.stdout.read())
    if process.wait() != 0:
        raise SystemExit(f"a process playing the deals failed ({process.returncode})")
    return dict(out)


def main() -> None:
    if sys.argv[1:2] == ["--cards"]:
        serve_cards(sys.argv[2])
        return
    if sys.argv[1:2] == ["--part"]:
        sys.path.insert(0, str(ROOT))
        print(json.dumps(play_part(Path(sys.argv[2]), [(n, d, b) for n, d, b in json.load(sys.stdin)])))
        return
    sys.path.insert(0, str(ROOT))
    from bench.bridge_judgment import random_deals
    from bench.bridge_versus import deals_said, versus_arguments
    args = versus_arguments(__doc__, 200)

    print(f"{deals_said(args)}: this checkout's cards against {args.base}'s; load average "
          f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs", flush=True)
    began = time.monotonic()
    dealt = random_deals(args.deals, args.seed, args.min_hcp, args.hand)
    deals = [(n + 1, deal, board) for n, (deal, board) in enumerate(dealt)]
    parts = [subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--part", str(args.base.resolve())],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
             for _ in range(PARTS)]
    for index, process in enumerate(parts):
        assert process.stdin is not None
        process.stdin.write(json.dumps(deals[index::PARTS]))
        process.stdin.close()
    differing = sorted((row for process in parts for row in finish(process)["differing"]),
                       key=lambda row: row["number"])
    by_role = {"lead": 0, "declarer": 0, "defence": 0}
    for row in differing:
        by_role[row["role"]] += row["imps"]
        print(f"{row['number']:4d} {row['contract']:5} {row['role']:8} this: {row['mine']}  base: {row['theirs']}  "
              f"{row['imps']:+d} IMPs")
    total = sum(by_role.values())
    print(f"\n{args.deals} deals, {len(differing)} cards chosen differently: {total:+d} IMPs ({total / args.deals:+.3f} a "
          f"deal); opening leads {by_role['lead']:+d}, declarer's side {by_role['declarer']:+d}, defenders "
          f"{by_role['defence']:+d}; {time.monotonic() - began:.0f} s")


if __name__ == "__main__":
    main()
