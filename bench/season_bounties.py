"""Season bounties: how long reading who knocked out whom takes, from the hand histories of the deals
that knocked players out (``bot.service.seasons.bounties.knockouts_of``, run in a thread by the bot),
the first time and once kept in memory.

Run: ``python -m bench.season_bounties`` from the repository root.
"""
from __future__ import annotations

import time

from bot.games.base import Action, Seat
from bot.games.holdem import HoldemEngine
from bot.service.seasons.bounties import knockouts_of
from bot.storage.records import BustDeal

DEALS = 200


def all_in_deal(seed: int) -> str:
    """A four-handed hold'em deal everyone plays all in, as its PHH."""
    engine = HoldemEngine({}, [Seat(n, s) for n, s in zip("ABCD", (50, 100, 1000, 1000))], f"{seed:064x}", {"dealer": 0})
    while engine.outcome is None:
        (seat,) = engine.to_act()
        legal = {spec.kind: spec for spec in engine.legal_actions(seat)}
        engine.apply(seat, Action("raise", legal["raise"].max_amount) if "raise" in legal else Action("call"))
    return engine.phh()


def main() -> None:
    busts = [BustDeal("tournament", "mtt:1", (1, 2, 3, 4), all_in_deal(seed)) for seed in range(DEALS)]
    for label in ("first read", "kept"):
        started = time.perf_counter()
        found = knockouts_of(busts)
        took = time.perf_counter() - started
        print(f"{label}: {DEALS} deals, {len(found)} knockouts, {1000 * took / DEALS:.2f} ms a deal")


if __name__ == "__main__":
    main()
