"""An event's hand record: for every board, the deal, its double-dummy table and par, and every
table's result (the traveller), as a PBN file that endplay and BBO's handviewer read.

One PBN game per board (PBN 2.1): the Event, Board, Dealer, Vulnerable and Deal tags, the analysis
tags (OptimumScore, ParContract, OptimumResultTable) and a ScoreTable of the tables' results.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from endplay.parsers import pbn as pbn_format
from endplay.types import Board, Deal, Player

from bot.games.bridge_analysis import Analysis, pbn_info
from bot.games.bridge_scoring import ResultRow, board_dealer, board_vulnerability, vul_of


@dataclass(frozen=True)
class BoardRecord:
    """One board of the event: its number, the deal (PBN, "N:..."), its analysis and its traveller."""

    board: int
    deal: str
    analysis: Analysis
    traveller: list[ResultRow]


def hand_record_pbn(event: str, records: Sequence[BoardRecord]) -> str:
    """The event's hand record as one PBN file, a game per board."""
    boards = []
    for record in records:
        board = Board(Deal(record.deal), board_num=record.board, dealer=Player(board_dealer(record.board)),
                      vul=vul_of(board_vulnerability(record.board)))
        board.info["Event"] = event.replace('"', "'")
        board.info["Site"] = "Discord"
        board.info["Date"] = "????.??.??"
        board.info.update(pbn_info(record.analysis))
        board.info["ScoreTable"] = {
            "headers": ["Table", "Contract", "Declarer", "Result", "Score_NS\\6R", "MP_NS"],
            "rows": [[row["table"].replace(" ", "_"), row["contract"] or "Pass", row["by"] or "-",
                      str(row["tricks"]), str(row["ns_score"]), str(row["ns_mp"])] for row in record.traveller]}
        boards.append(board)
    return pbn_format.dumps(boards)
