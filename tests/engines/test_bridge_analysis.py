"""After each board: the double-dummy table and par (endplay's solver), kept by the engine, shown
in the view and written in the board's PBN; the PBN read back by endplay gives the same deal, and
endplay's own solve of that deal gives the same table and par."""
from __future__ import annotations

import random

from endplay.dds import calc_dd_table, par
from endplay.parsers import pbn as pbn_format
from endplay.types import Player

import bot.ai.bridge as robots
from bot.games.base import Seat
from bot.games.bridge import BridgeEngine, pbn_hand
from bot.games.bridge_analysis import STRAINS_DD, against_par, analyse
from bot.games.bridge_scoring import vul_of

SEATS = [Seat(name, is_bot=True) for name in ("North", "East", "South", "West")]
DEAL = "N:AKQ2.J83.T9.7654 JT98.AK7.AK87.32 7654.Q9.QJ2.AKQJ 3.T6542.6543.T98"


def test_the_table_and_par_of_a_known_deal() -> None:
    analysis = analyse(DEAL, 0, (False, False))
    assert analysis["tricks"]["NT"] == [8, 5, 8, 5] and analysis["tricks"]["S"] == [8, 5, 8, 5]
    assert analysis["par_score"] == 100 and analysis["par_pbn"] == "EW 3HX"
    assert set(analysis["par_contracts"]) == {"3HX by E, 1 down", "3HX by W, 1 down", "3DX by E, 1 down",
                                              "3DX by W, 1 down"}, "East-West sacrifice, doubled one down"
    assert against_par(analysis, 90).endswith("+100 (NS); played +90: -10, +0 IMPs")


def _played_board(board: int, seed: str) -> BridgeEngine:
    game = BridgeEngine({"scoring": "duplicate", "board": board}, SEATS, seed, {})
    rng = random.Random(board)
    while game.outcome is None:
        seat = game.to_act()[0]
        game.apply(seat, robots.choose(game.view(seat), game.legal_actions(seat), rng))
    return game


def test_a_finished_board_is_analysed_once_and_its_pbn_reads_back_with_the_same_table_and_par(monkeypatch) -> None:
    monkeypatch.setattr(robots, "SAMPLES", 1)
    for board in (1, 2, 7):
        game = _played_board(board, f"{board:064x}")
        assert game.view(None)["analysis"] is None, "not solved until asked, off the event loop"
        analysis = game.analyse()
        assert analysis is not None and game.analyse() is analysis, "solved once"
        assert game.view(None)["analysis"] == analysis and game.par_note().startswith("Par ")
        (parsed,) = pbn_format.loads(game.pbn())
        assert parsed.deal.to_pbn() == "N:" + " ".join(pbn_hand(hand) for hand in game.dealt)
        table = calc_dd_table(parsed.deal)
        assert dict(zip(STRAINS_DD, table.to_list())) == {s: analysis["tricks"][s] for s in STRAINS_DD}
        assert parsed.info["OptimumScore"] == f"NS {par(table, vul_of(game.vulnerable), Player(game.dealer)).score}"
        rows = parsed.info["OptimumResultTable"]
        written = {(row[0], row[1]): int(row[2]) for row in rows["rows"]}
        assert written == {(d, s): analysis["tricks"][s][seat] for seat, d in enumerate("NESW")
                           for s in ("NT", "S", "H", "D", "C")}
