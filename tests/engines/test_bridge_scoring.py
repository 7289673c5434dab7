"""Bridge scoring: duplicate scores against endplay, the rubber score sheet, matchpoints, IMPs."""
from __future__ import annotations

import itertools

import pytest
from endplay.types import Contract, Denom, Penalty, Player, Vul

from bot.games.bridge_scoring import (
    STRAINS, ContractResult, RubberState, TableResult, board_dealer, board_vulnerability,
    cross_imps, duplicate_score, format_results_table, honours, imps, matchpoints,
    RubberPoints, record_rubber_board, results_table, rubber_points, settle_unfinished,
)

NS_DECLARER, EW_DECLARER = 0, 1


def endplay_score(level: int, strain: str, doubled: int, declarer: int, tricks: int,
                  vul: Vul) -> int:
    contract = Contract(level=level, denom=Denom.find(strain), declarer=Player(declarer),
                        penalty=(Penalty.passed, Penalty.doubled, Penalty.redoubled)[doubled],
                        result=tricks - 6 - level)
    return contract.score(vul)


ALL_RESULTS = list(itertools.product(range(1, 8), STRAINS, range(3), range(14)))


@pytest.mark.parametrize("vulnerable", [False, True])
def test_rubber_split_adds_up_to_endplays_duplicate_score(vulnerable: bool) -> None:
    """Every level, denomination, (re)double and trick count: below + above + the duplicate
    game/part-score bonus is endplay's score when made; -penalty when defeated."""
    vul = Vul.both if vulnerable else Vul.none
    for level, strain, doubled, tricks in ALL_RESULTS:
        result = ContractResult(level, strain, doubled, NS_DECLARER, tricks)
        points = rubber_points(result, vulnerable)
        expected = endplay_score(level, strain, doubled, NS_DECLARER, tricks, vul)
        if result.overtricks >= 0:
            bonus = (500 if vulnerable else 300) if points.below >= 100 else 50
            assert points.below + points.above + bonus == expected, result
            assert points.penalty == 0
        else:
            assert -points.penalty == expected, result
            assert points.below == points.above == 0


def test_duplicate_score_is_from_ns_point_of_view() -> None:
    for level, strain, doubled, tricks in ALL_RESULTS[::7]:
        for vulnerable in ((False, False), (True, False), (False, True), (True, True)):
            ns = ContractResult(level, strain, doubled, 2, tricks)
            ew = ContractResult(level, strain, doubled, 3, tricks)
            ns_vul = Vul.ns if vulnerable[0] else Vul.none
            ew_vul = Vul.ew if vulnerable[1] else Vul.none
            assert duplicate_score(ns, vulnerable) == endplay_score(
                level, strain, doubled, 2, tricks, ns_vul)
            assert duplicate_score(ew, vulnerable) == -endplay_score(
                level, strain, doubled, 3, tricks, ew_vul)


@pytest.mark.parametrize("text, vulnerable, score", [
    ("4H 0 S 11", False, 450),
    ("3NT 0 N 9", False, 400),
    ("3NT 0 N 9", True, 600),
    ("1NT 1 N 7", False, 180),
    ("2S 1 N 8", True, 670),
    ("7NT 2 S 13", True, 2980),
    ("6C 0 S 11", True, -100),
    ("3NT 1 S 5", False, -800),
    ("4S 2 N 7", False, -1000),
    ("1C 0 N 7", False, 70),
    ("6H 0 N 12", False, 980),
    ("7S 0 S 13", True, 2210),
])
def test_known_duplicate_scores(text: str, vulnerable: bool, score: int) -> None:
    contract, doubled, by, tricks = text.split()
    result = ContractResult(int(contract[0]), contract[1:], int(doubled), "NESW".index(by),
                            int(tricks))
    assert duplicate_score(result, (vulnerable, vulnerable)) == score


def test_passed_out_scores_nothing() -> None:
    assert duplicate_score(ContractResult(0), (True, True)) == 0
    assert ContractResult(0).text() == "Passed out"


def test_result_text() -> None:
    assert ContractResult(4, "H", 1, 2, 11).text() == "4HX by S making 5"
    assert ContractResult(3, "NT", 0, 1, 7).text() == "3NT by E down 2"
    assert ContractResult(2, "S", 2, 3, 8).contract_text() == "2SXX"


def test_standard_board_rotation() -> None:
    dealers = "NESWNESWNESWNESW"
    vuls = ["None", "NS", "EW", "All", "NS", "EW", "All", "None",
            "EW", "All", "None", "NS", "All", "None", "NS", "EW"]
    as_flags = {"None": (False, False), "NS": (True, False), "EW": (False, True),
                "All": (True, True)}
    for board in range(1, 33):
        assert "NESW"[board_dealer(board)] == dealers[(board - 1) % 16]
        assert board_vulnerability(board) == as_flags[vuls[(board - 1) % 16]]


HONOUR_HANDS = [
    "As Ks Qs Js Ts Ah Kh Qh Jh Ad Kd Qd Ac".split(),
    "9s 8s 7s 6s 5s Th 9h 8h Jd Td 9d Kc Qc".split(),
    "4s 3s 2s 7h 6h 5h 8d 7d 6d 5d Jc Tc 9c".split(),
    "4h 3h 2h 4d 3d 2d 8c 7c 6c 5c 4c 3c 2c".split(),
]


def test_honours() -> None:
    assert honours(HONOUR_HANDS, "S") == [150, 0]       # all five spade honours with North
    assert honours(HONOUR_HANDS, "H") == [100, 0]       # four of the five
    assert honours(HONOUR_HANDS, "NT") == [150, 0]      # four aces
    assert honours(HONOUR_HANDS, "D") == [0, 0]         # three in one hand count for nothing
    # Defenders score their honours too: swap North's and East's hands.
    swapped = [HONOUR_HANDS[1], HONOUR_HANDS[0], HONOUR_HANDS[2], HONOUR_HANDS[3]]
    assert honours(swapped, "S") == [0, 150]


def made(level: int, strain: str, declarer: int, tricks: int, doubled: int = 0) -> ContractResult:
    return ContractResult(level, strain, doubled, declarer, tricks)


def test_part_scores_add_up_to_a_game_and_reset_the_opponents() -> None:
    state = RubberState()
    state, _ = record_rubber_board(state, made(2, "S", EW_DECLARER, 8))        # EW 60 part score
    state, _ = record_rubber_board(state, made(2, "H", NS_DECLARER, 8))        # NS 60
    state, entry = record_rubber_board(state, made(2, "D", NS_DECLARER, 8))    # NS 60 + 40 = game
    assert entry["game_over"] and "NS win a game" in entry["notes"]
    assert state.games == (1, 0)
    assert state.part == (0, 0)                   # EW's 60 no longer counts toward a game
    assert state.below == (100, 60)
    assert state.vulnerable == (True, False)
    assert state.dealer == 3 and state.boards == 3


def test_two_nil_rubber_with_honours_scores_700() -> None:
    state = RubberState()
    state, _ = record_rubber_board(state, made(4, "S", NS_DECLARER, 11), [150, 0])  # 120 +30, hon
    assert not state.finished
    state, entry = record_rubber_board(state, made(3, "NT", 2, 9), [0, 0])          # 100 below
    assert state.finished
    assert entry["notes"] == ["NS win a game", "NS win the rubber 700"]
    assert state.above == (30 + 150 + 700, 0)
    assert state.below == (220, 0)
    assert state.totals == (1100, 0)
    assert state.winner == 0


def test_two_one_rubber_scores_500_and_vulnerable_penalties() -> None:
    state = RubberState()
    state, _ = record_rubber_board(state, made(4, "H", NS_DECLARER, 10))       # NS game
    state, _ = record_rubber_board(state, made(5, "C", EW_DECLARER, 11))       # EW game
    assert state.vulnerable == (True, True)
    state, _ = record_rubber_board(state, made(4, "S", EW_DECLARER, 8, doubled=1), [100, 0])
    assert state.above == (500 + 100, 0)        # 4SX vulnerable down 2, NS honours
    state, entry = record_rubber_board(state, made(3, "NT", NS_DECLARER, 10))  # NS 2nd game
    assert "NS win the rubber 500" in entry["notes"]
    assert state.above == (600 + 30 + 500, 0)
    assert state.below == (120 + 100, 100)
    assert state.totals == (1350, 100)
    with pytest.raises(ValueError):
        record_rubber_board(state, made(1, "C", 0, 7))


def test_doubled_contract_makes_game_and_scores_insult_above() -> None:
    state, entry = record_rubber_board(RubberState(), made(2, "H", NS_DECLARER, 9, doubled=1))
    assert entry["below"] == [120, 0]            # 2 x 60: doubled into game
    assert entry["above"] == [100 + 50, 0]       # one doubled overtrick not vulnerable + insult
    assert state.games == (1, 0)


def test_passed_out_board_moves_the_deal_only() -> None:
    state, entry = record_rubber_board(RubberState(dealer=3, boards=4), ContractResult(0))
    assert state.dealer == 0 and state.boards == 5
    assert state.totals == (0, 0) and entry["result"] == "Passed out"


def test_unfinished_rubber() -> None:
    state = RubberState()
    state, _ = record_rubber_board(state, made(4, "S", NS_DECLARER, 10))   # NS game
    state, _ = record_rubber_board(state, made(2, "C", EW_DECLARER, 8))    # EW part score 40
    settled = settle_unfinished(state)
    assert settled.finished
    assert settled.above == (300, 100)
    assert settled.totals == (300 + 120, 100 + 40)
    assert settled.winner == 0
    assert settle_unfinished(settled) is settled


def test_rubber_state_round_trips_through_json() -> None:
    state = RubberState()
    state, _ = record_rubber_board(state, made(4, "S", NS_DECLARER, 10), [100, 0])
    state, _ = record_rubber_board(state, made(1, "NT", EW_DECLARER, 5))
    assert RubberState.from_json(state.to_json()) == state
    assert RubberState.from_json({}) == RubberState()


@pytest.mark.parametrize("difference, expected", [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (420, 9), (430, 10), (620, 12), (1430, 16),
    (3990, 23), (4000, 24), (7600, 24), (-620, -12), (-10, 0),
])
def test_imp_scale(difference: int, expected: int) -> None:
    assert imps(difference) == expected


def test_matchpoints_with_ties() -> None:
    assert matchpoints([420, 420, 170, -50]) == [5, 5, 2, 0]
    assert matchpoints([100]) == [0]
    assert cross_imps([420, 170]) == [6.0, -6.0]
    assert cross_imps([620, 170, -100]) == [(10 + 12) / 2, (-10 + 7) / 2, (-12 - 7) / 2]


def test_duplicate_board_across_two_tables() -> None:
    """Board 5 (dealer N, NS vulnerable): 4S+1 at one table, 6S= at the other."""
    rows = results_table(5, [
        TableResult("Table 1", ContractResult(4, "S", 0, 0, 11)),
        TableResult("Table 2", ContractResult(6, "S", 0, 0, 12)),
    ])
    assert [r["ns_score"] for r in rows] == [650, 1430]
    assert [r["ns_mp"] for r in rows] == [0, 2]
    assert [r["ew_mp"] for r in rows] == [2, 0]
    assert [r["ns_imps"] for r in rows] == [-13.0, 13.0]
    assert [r["ew_imps"] for r in rows] == [13.0, -13.0]
    text = format_results_table(5, rows)
    assert "Board 5  dealer N  vul NS" in text
    assert "6S" in text and "1430" in text


def test_every_sheet_line_of_a_rubber_won_by_east_west() -> None:
    """Each line holds only what that board added, penalties add to points already above the line,
    and the side winning its second game (here East-West) scores the rubber."""
    boards = [made(2, "H", NS_DECLARER, 9), made(4, "S", EW_DECLARER, 9), made(4, "H", EW_DECLARER, 10),
              made(3, "NT", EW_DECLARER, 9)]
    lines = [([60, 0], [30, 0], [], False),                  # 2H+1: a part score, an overtrick
             ([0, 0], [50, 0], [], False),                   # 4S-1: NS already had 30 above
             ([0, 120], [0, 0], ["EW win a game"], True),
             ([0, 100], [0, 700], ["EW win a game", "EW win the rubber 700"], True)]
    state = RubberState()
    for number, (result, (below, above, notes, game_over)) in enumerate(zip(boards, lines), start=1):
        state, entry = record_rubber_board(state, result)
        assert entry == {"board": number, "result": result.text(), "below": below, "above": above,
                         "notes": notes, "game_over": game_over}
        assert state.sheet[-1] == entry and len(state.sheet) == number
    assert state == RubberState(above=(80, 700), below=(60, 220), part=(0, 0), games=(0, 2), dealer=0,
                                boards=4, finished=True, sheet=state.sheet)
    assert state.winner == 1
    with pytest.raises(ValueError, match="^This rubber is already finished.$"):
        record_rubber_board(state, made(1, "C", NS_DECLARER, 7))


def test_an_unfinished_rubber_adds_one_line_with_its_bonuses() -> None:
    state = RubberState()
    for result in (made(4, "S", NS_DECLARER, 11), made(1, "C", NS_DECLARER, 7), made(2, "C", EW_DECLARER, 8)):
        state, _ = record_rubber_board(state, result)
    assert state.part == (20, 40) and state.above == (30, 0)
    settled = settle_unfinished(state)
    entry = {"board": 3, "result": "Unfinished rubber", "below": [0, 0], "above": [400, 100],
             "notes": ["NS one game 300", "NS part score 100", "EW part score 100"], "game_over": False}
    assert settled == RubberState(above=(430, 100), below=state.below, part=state.part, games=(1, 0),
                                  dealer=state.dealer, boards=3, finished=True, sheet=state.sheet + (entry,))


def test_a_finished_rubber_with_part_scores_round_trips_through_json() -> None:
    state = RubberState(above=(30, 50), below=(60, 40), part=(60, 40), games=(1, 0), dealer=2, boards=3,
                        finished=True)
    assert RubberState.from_json(state.to_json()) == state


def test_honours_at_notrump_go_to_the_side_holding_the_four_aces() -> None:
    west = [HONOUR_HANDS[3], HONOUR_HANDS[1], HONOUR_HANDS[2], HONOUR_HANDS[0]]  # North's hand with West
    assert honours(west, "NT") == [0, 150]


def test_a_passed_out_board_scores_no_rubber_points() -> None:
    assert rubber_points(ContractResult(0), vulnerable=True) == RubberPoints(0, 0, 0)


def test_defenders_honours_are_written_on_the_line() -> None:
    _, entry = record_rubber_board(RubberState(), made(4, "S", NS_DECLARER, 10), [0, 100])
    assert entry["above"] == [0, 100] and entry["notes"] == ["EW honours 100", "NS win a game"]


@pytest.mark.parametrize("board, header", [
    (1, "Board 1  dealer N  vul None"),
    (2, "Board 2  dealer E  vul NS"),
    (3, "Board 3  dealer S  vul EW"),
    (4, "Board 4  dealer W  vul All"),
    (20, "Board 20  dealer W  vul All"),     # the 16-board cycle again: as board 4
])
def test_a_results_tables_heading_names_the_dealer_and_the_vulnerability(board: int, header: str) -> None:
    assert format_results_table(board, []).splitlines()[0] == header


# Board 3 (dealer S, East-West vulnerable) at four tables. Scores by the Laws: 4S= by N not vulnerable
# 120 + 300 = 420; passed out 0; 3NT-1 by E vulnerable: NS +100; 2HX= by W vulnerable 120 + 500 + 50 = 670.
# Matchpoints (2 a table beaten, 1 a tie; top 6): 6, 2, 4, 0. Cross-IMPs, averaged over the other three
# tables: 420 against 0, 100, -670 is 9 + 8 + 14 = 31 / 3; 0: -9 - 3 + 12 = 0; 100: -8 + 3 + 13 = 8 / 3;
# -670: -14 - 12 - 13 = -39 / 3.
FOUR_TABLES = [
    TableResult("Table 1", ContractResult(4, "S", 0, 0, 10)),
    # A passed-out board's other fields mean nothing.
    TableResult("The Long Table Name", ContractResult(0, "S", 0, 2, 7)),
    TableResult("Table 3", ContractResult(3, "NT", 0, 1, 8)),
    TableResult("Table 4", ContractResult(2, "H", 1, 3, 8)),
]


def test_every_row_of_a_board_at_four_tables() -> None:
    rows = results_table(3, FOUR_TABLES)
    assert [(r["table"], r["contract"], r["by"], r["tricks"], r["result"]) for r in rows] == [
        ("Table 1", "4S", "N", 10, "4S by N making 4"),
        ("The Long Table Name", "Pass", "", 0, "Passed out"),
        ("Table 3", "3NT", "E", 8, "3NT by E down 1"),
        ("Table 4", "2HX", "W", 8, "2HX by W making 2"),
    ]
    assert [(r["ns_score"], r["ew_score"]) for r in rows] == [(420, -420), (0, 0), (100, -100), (-670, 670)]
    assert [(r["ns_mp"], r["ew_mp"]) for r in rows] == [(6, 0), (2, 4), (4, 2), (0, 6)]
    # Averages are kept to the hundredth the table shows, so an event's running IMP totals add up
    # to what its players read board by board.
    assert [r["ns_imps"] for r in rows] == [10.33, 0.0, 2.67, -13.0]
    assert [r["ew_imps"] for r in rows] == [-10.33, 0.0, -2.67, 13.0]


def test_the_results_table_as_the_channel_shows_it() -> None:
    assert format_results_table(3, results_table(3, FOUR_TABLES)).splitlines() == [
        "Board 3  dealer S  vul EW",
        "Table        Contract By Tr     NS     EW MP NS MP EW IMPs NS",
        "Table 1      4S       N  10    420            6     0   10.33",
        "The Long Tab Pass         0                   2     4    0.00",
        "Table 3      3NT      E   8    100            4     2    2.67",
        "Table 4      2HX      W   8           670     0     6  -13.00",
    ]


def test_a_board_played_at_one_table_scores_no_matchpoints_or_imps() -> None:
    (row,) = results_table(1, [TableResult("Table 1", ContractResult(3, "NT", 0, 0, 9))])
    assert (row["ns_score"], row["ns_mp"], row["ew_mp"], row["ns_imps"], row["ew_imps"]) == (400, 0, 0, 0.0, 0.0)
    assert cross_imps([]) == []


def test_a_tied_board_gives_no_imps_to_either_side() -> None:
    rows = results_table(1, [TableResult(name, ContractResult(3, "NT", 0, 0, 9)) for name in ("A", "B")])
    assert [(r["ns_mp"], r["ew_mp"], r["ns_imps"], r["ew_imps"]) for r in rows] == [(1, 1, 0.0, 0.0)] * 2


def test_contract_text_reads_back() -> None:
    for text, doubled in (("4HX", 1), ("3NT", 0), ("3NTXX", 2), ("7C", 0)):
        result = ContractResult.of_text(text, 2, 9)
        assert (result.strain, result.doubled, result.declarer, result.tricks) == (text[1:].rstrip("X"), doubled, 2, 9)
        assert result.contract_text() == text
