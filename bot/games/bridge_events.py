"""Duplicate bridge events: the same boards at several tables, compared board by board.

The table service shares one seed per (event, board) between the tables of an event and records
each table's result; these functions tell it which board a deal is, what to record, and how to show
a board's results table (matchpoints and cross-IMPs from ``bridge_scoring``).
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from bot.games.bridge import BridgeEngine, duplicate_board
from bot.games.bridge_scoring import (
    DIRECTIONS, ContractResult, TableResult, format_results_table, results_table,
)


def deal_key(settings: Mapping[str, Any], carry: Mapping[str, Any]) -> str | None:
    """The board number shared across an event's tables; rubber bridge has no shared boards."""
    if settings.get("scoring") != "duplicate":
        return None
    return str(duplicate_board(settings, carry))


def event_result(engine: BridgeEngine) -> dict[str, Any]:
    """What a results table needs of one finished board: the contract and declarer's tricks."""
    result = engine.result
    if result is None:
        raise ValueError("The board is not over yet.")
    return {"level": result.level, "strain": result.strain, "doubled": result.doubled,
            "declarer": result.declarer, "tricks": result.tricks}


def event_report(key: str, rows: Sequence[Mapping[str, Any]]) -> str:
    """A board's results table as a code block, then who sat NS and EW at each table."""
    board = int(key)
    results = [TableResult(f"#{row['table_id']}", ContractResult(**row["result"])) for row in rows]
    table = format_results_table(board, results_table(board, results))
    pairs = [f"#{row['table_id']}: NS {_pair(row['players'], 0)}, EW {_pair(row['players'], 1)}"
             for row in rows]
    return "\n".join([f"```\n{table}\n```", *pairs])


def _pair(players: Sequence[Mapping[str, Any]], side: int) -> str:
    return " & ".join(f"{players[seat]['name']} ({DIRECTIONS[seat]})" for seat in (side, side + 2))
