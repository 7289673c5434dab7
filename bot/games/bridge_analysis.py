"""A board's double-dummy analysis: how many tricks each declarer takes in each strain with every
hand open and best play by all, and the par score (the contract both sides would reach bidding
perfectly against each other), with endplay's solver, and how the contract played compares with par.

Solving takes a tenth of a second or so: the table service asks for it once a board is over, off its
event loop, and the engine keeps it (``BridgeEngine.analyse``) for the picture, the export and the
replays.
"""
from __future__ import annotations

import threading
from typing import Any, Sequence, TypedDict

from endplay.dds import calc_dd_table, par
from endplay.types import Contract, Deal, Denom, Penalty, Player

from bot.games.bridge_scoring import DIRECTIONS, imps, vul_of

STRAINS_DD = ("S", "H", "D", "C", "NT")
"""The strains in endplay's table order (its ``Denom``: spades first, notrump last)."""
DOUBLED = {Penalty.passed: "", Penalty.doubled: "X", Penalty.redoubled: "XX"}


class Analysis(TypedDict):
    tricks: dict[str, list[int]]   # strain -> tricks for declarer N, E, S, W
    par_score: int                 # NS's score of the par contract
    par_contracts: list[str]       # "4H by N", "3SX by E, 1 down"...
    par_pbn: str                   # PBN's ParContract: "NS 4H", "EW 3SX", "Pass"


_SOLVER = threading.Lock()
"""One solve at a time: boards that end together at several tables are solved in threads."""


def analyse(pbn_deal: str, dealer: int, vulnerable: Sequence[bool]) -> Analysis:
    """The double-dummy table and par of a deal ("N:AKQ2.J83.T9.7654 ...")."""
    with _SOLVER:
        table = calc_dd_table(Deal(pbn_deal))
    rows = table.to_list()
    par_list = par(table, vul_of(vulnerable), Player(dealer))
    contracts: list[str] = []
    pbn = "Pass"
    for contract in par_list:  # endplay reuses the object it yields: read each one as it comes
        if contract.is_passout():
            continue
        if not contracts:
            pbn = (f"{'NS' if int(contract.declarer) % 2 == 0 else 'EW'} "
                   f"{contract.level}{STRAINS_DD[Denom(contract.denom)]}{DOUBLED[contract.penalty]}")
        contracts.append(_contract(contract))
    return Analysis(tricks={strain: list(row) for strain, row in zip(STRAINS_DD, rows)},
                    par_score=int(par_list.score), par_contracts=contracts, par_pbn=pbn)


def _contract(contract: Contract) -> str:
    """"4H by N", "3SX by E, 1 down"."""
    text = (f"{contract.level}{STRAINS_DD[Denom(contract.denom)]}{DOUBLED[contract.penalty]} "
            f"by {DIRECTIONS[int(contract.declarer)]}")
    return text if contract.result >= 0 else f"{text}, {-contract.result} down"


def against_par(analysis: Analysis, ns_score: int) -> str:
    """"Par 4♥N +450 (NS); played +420: -30, -1 IMP"."""
    difference = ns_score - analysis["par_score"]
    swing = imps(difference)
    contracts = ", ".join(analysis["par_contracts"]) or "Pass"
    return (f"Par {contracts} {analysis['par_score']:+d} (NS); played {ns_score:+d}: {difference:+d}, "
            f"{swing:+d} IMP{'s' if abs(swing) != 1 else ''}")


def pbn_info(analysis: Analysis) -> dict[str, Any]:
    """PBN 2.1's tags for the analysis (endplay writes a ``...Table`` value as a tag with its rows):
    OptimumScore (NS's par score), ParContract (the first par contract) and OptimumResultTable (the
    tricks for each declarer in each strain)."""
    rows = [[direction, strain, str(analysis["tricks"][strain][seat])]
            for seat, direction in enumerate(DIRECTIONS) for strain in ("NT", "S", "H", "D", "C")]
    return {"OptimumScore": f"NS {analysis['par_score']}",
            "ParContract": analysis["par_pbn"],
            "OptimumResultTable": {"headers": ["Declarer", "Denomination\\2R", "Result\\2R"], "rows": rows}}
