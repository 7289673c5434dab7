"""Deals that many people played, read from tournament PBN files, and the robots' result scored
against theirs.

A tournament's PBN file holds one record per table: the deal, dealer, vulnerability, and the
contract, declarer and tricks that table reached. Records with the same cards are one deal; a deal
played at fewer than ``MIN_TABLES`` tables is left out (a field of three says little). Player names
are never read.

Every comparison is made from the side that owns the deal (the side the par score favours; on a
par of zero the side with more high-card points), so a robot that underbids its cards loses, and
one that pushes the opponents too high wins, whichever seat it sits in.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from bot.games.bridge_analysis import Analysis
from bot.games.bridge_scoring import DIRECTIONS, ContractResult, duplicate_score, imps

MIN_TABLES = 4
TAG = re.compile(r'^\[(\w+) "([^"]*)"\]', re.M)
CONTRACT = re.compile(r"^([1-7])(C|D|H|S|NT?)(X{0,2})$")
VULNERABLE = {"NONE": (False, False), "-": (False, False), "LOVE": (False, False), "NS": (True, False),
              "EW": (False, True), "ALL": (True, True), "BOTH": (True, True)}


@dataclass(frozen=True)
class FieldDeal:
    """One deal and what every table that played it reached."""

    deal: str                            # PBN, "N:..." first
    dealer: int
    vulnerable: tuple[bool, bool]
    tables: tuple[ContractResult, ...]
    source: str

    @property
    def held_out(self) -> bool:
        """Half the deals (by a hash of the cards) are never looked at while tuning the system."""
        return hashlib.sha256(self.deal.encode()).digest()[0] % 2 == 1


def parse_contract(contract: str, declarer: str, result: str) -> ContractResult | None:
    """A table's record as a result; None for a record that cannot be read (an adjusted score)."""
    text = contract.strip().upper().replace("*", "X")
    if text in ("PASS", "AP", "P"):
        return ContractResult(0)
    match = CONTRACT.match(text)
    if not match or declarer.strip().upper() not in DIRECTIONS or not result.strip().isdigit():
        return None
    strain = "NT" if match[2].startswith("N") else match[2]
    return ContractResult(int(match[1]), strain, len(match[3]), DIRECTIONS.index(declarer.strip().upper()),
                          int(result))


def north_first(deal: str) -> str:
    """A PBN deal rotated to start with North ("E:... " -> "N:...")."""
    first, hands = deal.strip().split(":", 1)
    parts = hands.split()
    shift = DIRECTIONS.index(first.upper())
    return "N:" + " ".join(parts[(-shift + i) % 4] for i in range(4))


def read_field(paths: Iterable[Path]) -> list[FieldDeal]:
    """Every deal of the files with at least ``MIN_TABLES`` readable table results."""
    grouped: dict[tuple[str, str], list[dict[str, str]]] = {}
    for path in paths:
        text = path.read_bytes().decode("latin-1").replace("\r\n", "\n").replace("\r", "\n")
        for record in re.split(r"\n\s*\n", text):
            tags = dict(TAG.findall(record))
            if "Deal" in tags and "Contract" in tags:
                grouped.setdefault((path.name, north_first(tags["Deal"])), []).append(tags)
    deals = []
    for (source, deal), records in grouped.items():
        results = [parse_contract(r["Contract"], r.get("Declarer", ""), r.get("Result", "")) for r in records]
        tables = tuple(r for r in results if r is not None)
        first = records[0]
        vulnerable = VULNERABLE.get(first.get("Vulnerable", "").upper())
        if len(tables) >= MIN_TABLES and vulnerable and first.get("Dealer", "").upper() in DIRECTIONS:
            deals.append(FieldDeal(deal, DIRECTIONS.index(first["Dealer"].upper()), vulnerable, tables,
                                   source))
    return deals


# ----------------------------------------------------------------------------------------------
# Scoring one robot table against the field


def owner(analysis: Analysis, hands: Sequence[Sequence[str]]) -> int:
    """The side that owns the deal: 0 NS, 1 EW."""
    if analysis["par_score"]:
        return 0 if analysis["par_score"] > 0 else 1
    points = [sum("JQKA".index(c[0]) + 1 for c in hand if c[0] in "JQKA") for hand in hands]
    return 0 if points[0] + points[2] >= points[1] + points[3] else 1


def at_double_dummy(result: ContractResult, analysis: Analysis) -> ContractResult:
    """The same contract with the tricks its declarer takes on best play by all four hands."""
    if result.passed_out:
        return result
    tricks = analysis["tricks"][result.strain][result.declarer]
    return ContractResult(result.level, result.strain, result.doubled, result.declarer, tricks)


@dataclass(frozen=True)
class Comparison:
    """The robots' table against the field on one deal, from the owner's side."""

    imps: float            # average IMPs against every table of the field
    matchpoints: float     # share of the field's tables beaten (ties count half), 0..1
    auction_imps: float    # the same with every contract, ours and theirs, played double dummy
    play_imps: float       # IMPs of our play against double dummy, less the field's average
    robot_tricks_vs_dd: int | None     # declarer's tricks minus double dummy (robots)
    field_tricks_vs_dd: float | None   # the same, averaged over the field's tables


def compare(robots: ContractResult, field: FieldDeal, analysis: Analysis, side: int) -> Comparison:
    sign = 1 if side == 0 else -1

    def score(result: ContractResult) -> int:
        return sign * duplicate_score(result, field.vulnerable)

    ours, ours_dd = score(robots), score(at_double_dummy(robots, analysis))
    theirs = [score(t) for t in field.tables]
    theirs_dd = [score(at_double_dummy(t, analysis)) for t in field.tables]
    n = len(theirs)
    beaten = sum(1.0 if ours > t else 0.5 if ours == t else 0.0 for t in theirs)
    played = [t.tricks - at_double_dummy(t, analysis).tricks for t in field.tables if not t.passed_out]
    return Comparison(
        imps=sum(imps(ours - t) for t in theirs) / n,
        matchpoints=beaten / n,
        auction_imps=sum(imps(ours_dd - t) for t in theirs_dd) / n,
        play_imps=(imps(ours - ours_dd) - sum(imps(t - d) for t, d in zip(theirs, theirs_dd)) / n),
        robot_tricks_vs_dd=None if robots.passed_out else robots.tricks - at_double_dummy(robots, analysis).tricks,
        field_tricks_vs_dd=sum(played) / len(played) if played else None,
    )
