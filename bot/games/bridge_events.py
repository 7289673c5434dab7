"""Duplicate bridge events: the same boards at several tables, compared board by board.

The table service shares one seed per (event, board) between the tables of an event and records
each table's result; these functions tell it which board a deal is, what to record, and how to show
a board's results table (matchpoints and cross-IMPs from ``bridge_scoring``).
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from bot.games.bridge import BridgeEngine, duplicate_board
from bot.games.event_records import EventPlayer, EventResult
from bot.games.bridge_scoring import (
    DIRECTIONS, ContractResult, TableResult, format_results_table, results_table,
)


def deal_key(settings: Mapping[str, Any], carry: Mapping[str, Any]) -> str | None:
    """The board number shared across an event's tables; rubber bridge has no shared boards."""
    if settings.get("scoring") != "duplicate":
        return None
    return str(duplicate_board(settings, carry))


def event_result(engine: BridgeEngine) -> dict[str, Any]:
    """What a results table needs of one finished board: the contract and declarer's tricks (the
    service asks only when settling a finished board)."""
    result = engine.result
    assert result is not None
    return {"level": result.level, "strain": result.strain, "doubled": result.doubled,
            "declarer": result.declarer, "tricks": result.tricks}


REPORT_LIMIT = 1900
"""Characters a report may take in one Discord message (2,000), with room for a heading."""


def event_report(key: str, rows: Sequence[EventResult]) -> str:
    """A board's results table as a code block, then who sat NS and EW at each table (as many of
    those lines as fit in one message: the table itself always does, up to about 25 tables)."""
    board = int(key)
    results = [TableResult(f"#{row.table_id}", ContractResult(**row.result)) for row in rows]
    lines = format_results_table(board, results_table(board, results)).splitlines()
    while len(lines) > 3 and len(_code_block(lines)) > REPORT_LIMIT:
        lines.pop(2)  # the earliest tables' rows go first: the newest result stays in view
    report = _code_block(lines)
    for row in rows:
        pair = f"\n#{row.table_id}: NS {_pair(row.players, 0)}, EW {_pair(row.players, 1)}"
        if len(report) + len(pair) > REPORT_LIMIT:
            break
        report += pair
    return report


def event_standings(rows: Sequence[EventResult]) -> str:
    """Every pair's matchpoints (and their share of the tops) and cross-IMPs over the event's boards
    that at least two tables have finished, best first, as a code block."""
    by_board: dict[str, list[EventResult]] = {}
    for row in rows:
        by_board.setdefault(row.deal_key, []).append(row)
    totals: dict[tuple[int, ...], _PairTotal] = {}
    for key, played in by_board.items():
        if len(played) < 2:
            continue  # nothing to compare it with yet
        scored = results_table(int(key), [TableResult("", ContractResult(**r.result)) for r in played])
        top = 2 * (len(played) - 1)
        for row, score in zip(played, scored):
            for side, mp, imp in ((0, score["ns_mp"], score["ns_imps"]), (1, score["ew_mp"], score["ew_imps"])):
                seats = (row.players[side], row.players[side + 2])
                pair = tuple(sorted(p.user_id for p in seats))
                total = totals.setdefault(pair, _PairTotal(" & ".join(p.name for p in seats)))
                total.add(mp, top, imp)
    if not totals:
        return "No board has been finished at two tables yet."
    lines = [f"{'Pair':<32} {'Boards':>6} {'MP':>5} {'%':>6} {'IMPs':>7}"]
    ranked = sorted(totals.values(), key=lambda t: (-t.share, -t.imps, t.names))
    for place, total in enumerate(ranked, start=1):
        line = (f"{total.names[:32]:<32} {total.boards:>6} {total.matchpoints:>5} "
                f"{100 * total.share:>5.1f}% {total.imps:>7.2f}")
        if sum(len(x) + 1 for x in lines) + len(line) > REPORT_LIMIT - 60:
            lines.append(f"... and {len(ranked) - place + 1} more pairs")
            break
        lines.append(line)
    return "```\n" + "\n".join(lines) + "\n```"


class _PairTotal:
    """One pair's running totals over an event."""

    def __init__(self, names: str) -> None:
        self.names = names
        self.boards = self.matchpoints = self.tops = 0
        self.imps = 0.0

    def add(self, matchpoints: int, top: int, imps: float) -> None:
        self.boards += 1
        self.matchpoints += matchpoints
        self.tops += top
        self.imps = round(self.imps + imps, 2)

    @property
    def share(self) -> float:
        return self.matchpoints / self.tops if self.tops else 0.0


def _code_block(lines: Sequence[str]) -> str:
    """Lines in a fixed-width Discord code block."""
    return "```\n" + "\n".join(lines) + "\n```"


def _pair(players: Sequence[EventPlayer], side: int) -> str:
    return " & ".join(f"{players[seat].name} ({DIRECTIONS[seat]})" for seat in (side, side + 2))
