"""The field bench's reading of tournament PBN files and its scoring of a robot table against the
field: the figures it prints rest on these."""
from __future__ import annotations

from pathlib import Path

from bench.bridge_field_data import at_double_dummy, compare, north_first, owner, parse_contract, read_field
from bot.games.bridge_analysis import Analysis
from bot.games.bridge_scoring import ContractResult

DEAL = "N:AKQJ.AKQ.AK2.432 T987.JT9.QJT.AKQ 6543.8765.987.65 2.432.6543.JT987"


def _record(contract: str, declarer: str, result: str, deal: str = DEAL) -> str:
    return (f'[Board "1"]\n[North "Ada"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'
            f'[Contract "{contract}"]\n[Declarer "{declarer}"]\n[Result "{result}"]\n')


def _analysis(ns_tricks_in_nt: int, par_score: int) -> Analysis:
    tricks = {strain: [7, 6, 7, 6] for strain in ("S", "H", "D", "C")}
    tricks["NT"] = [ns_tricks_in_nt, 13 - ns_tricks_in_nt, ns_tricks_in_nt, 13 - ns_tricks_in_nt]
    return Analysis(tricks=tricks, par_score=par_score, par_contracts=[], par_pbn="")


def test_contracts_are_read_as_tables_record_them() -> None:
    assert parse_contract("3NT", "S", "10") == ContractResult(3, "NT", 0, 2, 10)
    assert parse_contract("4sx", "w", "8") == ContractResult(4, "S", 1, 3, 8)
    assert parse_contract("2H*", "E", "8") == ContractResult(2, "H", 1, 1, 8)
    assert parse_contract("Pass", "", "") == ContractResult(0)
    assert parse_contract("ADJ", "N", "") is None


def test_a_deal_given_from_another_seat_is_turned_to_start_with_north() -> None:
    assert north_first("E:a b c d") == "N:d a b c"
    assert north_first("N:a b c d") == "N:a b c d"


def test_deals_group_their_tables_and_too_small_a_field_is_left_out(tmp_path: Path) -> None:
    rotated = "E:" + " ".join(DEAL[2:].split()[1:] + DEAL[2:].split()[:1])
    records = [_record("3NT", "N", "9"), _record("3NT", "S", "10"), _record("4S", "N", "9"),
               _record("2H", "E", "7", deal=rotated), _record("ADJ", "N", "")]
    other = "N:" + " ".join(reversed(DEAL[2:].split()))
    records += [_record("1NT", "N", "7", deal=other)] * 3
    (tmp_path / "event.pbn").write_text("\r\n\r\n".join(r.replace("\n", "\r\n") for r in records))
    deals = read_field([tmp_path / "event.pbn"])
    assert len(deals) == 1, "the second deal was played at three tables only"
    assert deals[0].deal == DEAL and deals[0].dealer == 0 and deals[0].vulnerable == (False, False)
    assert [t.contract_text() for t in deals[0].tables] == ["3NT", "3NT", "4S", "2H"]


def test_the_robots_are_scored_from_the_side_that_owns_the_deal(tmp_path: Path) -> None:
    (tmp_path / "e.pbn").write_text("\n\n".join([_record("3NT", "N", "9")] * 2 + [_record("1NT", "N", "9")] * 2))
    field = read_field([tmp_path / "e.pbn"])[0]
    analysis = _analysis(ns_tricks_in_nt=9, par_score=400)
    assert owner(analysis, [[], [], [], []]) == 0
    game = compare(ContractResult(3, "NT", 0, 0, 9), field, analysis, side=0)
    assert game.imps == (0 + 0 + 6 + 6) / 4 and game.matchpoints == (0.5 + 0.5 + 1 + 1) / 4
    short = compare(ContractResult(3, "NT", 0, 0, 8), field, analysis, side=0)
    assert short.auction_imps == game.auction_imps, "the auction is judged with every contract played double dummy"
    assert short.play_imps < 0 and short.robot_tricks_vs_dd == -1
    assert compare(ContractResult(3, "NT", 0, 0, 9), field, analysis, side=1).imps == -game.imps
    assert at_double_dummy(ContractResult(1, "NT", 0, 2, 4), analysis).tricks == 9
