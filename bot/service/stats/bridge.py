"""Bridge statistics: boards played, contracts declared and made, and in duplicate events the
matchpoint share and IMPs of the player's side, board by board.

Contracts come from each stored board's PBN (its ``Declarer``, ``Contract`` and ``Result`` tags).
Event scores compare the board's results at every table of the event, so they count only boards
the event has revealed (every table played them, or the event was closed) and at least two tables
played: the service passes those in ``event_boards``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping, Sequence

from bot.games.event_records import EventResult
from bot.games.bridge_scoring import DIRECTIONS, ContractResult, TableResult, results_table
from bot.storage.records import PlayedHand

_TAG = re.compile(r'^\[(\w+) "([^"]*)"\]', re.MULTILINE)


@dataclass
class BridgeStats:
    boards: int = 0
    declared: int = 0
    made: int = 0
    event_boards: int = 0
    matchpoints: int = 0
    tops: int = 0            # the matchpoints a top would have scored on those boards
    imps: float = 0.0

    @property
    def average_imps(self) -> float | None:
        return self.imps / self.event_boards if self.event_boards else None


def declared_result(pbn: str, seat: int) -> tuple[bool, bool]:
    """(declared, made) for the player at ``seat`` (0 North ... 3 West) on one board."""
    tags = dict(_TAG.findall(pbn))
    contract = tags.get("Contract", "")
    if tags.get("Declarer") != DIRECTIONS[seat] or not contract[:1].isdigit():
        return False, False
    return True, int(tags.get("Result", "0")) >= int(contract[0]) + 6


def bridge_stats(hands: Sequence[PlayedHand],
                 event_boards: Mapping[tuple[int, int], Sequence[EventResult]]) -> BridgeStats:
    """``event_boards``: for a hand that was a revealed event board, every table's recorded result of
    that board (``Storage.event_results`` rows)."""
    stats = BridgeStats()
    for hand in hands:
        stats.boards += 1
        declared, made = declared_result(hand.export, hand.seat)
        stats.declared += declared
        stats.made += made
        rows = event_boards.get((hand.table_id, hand.hand_no), ())
        if len(rows) < 2:
            continue
        scored = results_table(int(rows[0].deal_key), [TableResult("", ContractResult(**row.result)) for row in rows])
        mine = next(score for row, score in zip(rows, scored)
                    if (row.table_id, row.hand_no) == (hand.table_id, hand.hand_no))
        north_south = hand.seat % 2 == 0
        stats.event_boards += 1
        stats.matchpoints += mine["ns_mp"] if north_south else mine["ew_mp"]
        stats.tops += 2 * (len(rows) - 1)
        stats.imps = round(stats.imps + (mine["ns_imps"] if north_south else mine["ew_imps"]), 2)
    return stats
