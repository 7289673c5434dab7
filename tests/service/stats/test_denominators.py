"""Every statistic on the /stats card and every leaderboard period, on histories built so that each
figure's numerator and denominator differ from every other count: a figure divided by the wrong
count (VPIP over the hands that saw a flop, knocks undercut over deals, a month of 31 days) gives
another number here, not the same plausible one. The expected figures are worked out by hand in the
comments, from the hand-made deals of test_stats.py and one more below."""
from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from bot.games.event_records import EventResult
from bot.service.stats import figures
from bot.service.stats.bridge import bridge_stats
from bot.service.stats.gin import gin_stats
from bot.service.stats.invented import invented_stats
from bot.service.stats.leaderboard import leaderboard, leaderboard_view
from bot.service.stats.poker import poker_stats
from bot.service.stats.rating_scale import shown_rating
from bot.storage import open_storage, writes
from bot.storage.records import Standing
from tests.service.stats.test_stats import (HEADS_UP, HOLDEM_HEAD, LIMP_RERAISE, THREE_BET_TO_SHOWDOWN, _gin_view, _hand,
                              _pbn)

RAISE_CALL_FOLD = HOLDEM_HEAD + """actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????',
 'p3 cbr 30', 'p1 cc', 'p2 f', 'd db 2c3d4h', 'p1 cc', 'p3 cbr 40', 'p1 f']
"""
# the button (p3, seat 0) raises, the small blind (p1, seat 1) calls and the big blind (p2, seat 2)
# folds: both faced one raise, neither re-raised. The button's 40 on the flop is not called: the pot
# is 30 + 10 + 30 = 70, all the button's (+40)


def test_poker_figures_each_divide_by_their_own_count() -> None:
    # one player's eleven hold'em hands (facts: vpip pfr 3b-chance 3-bet flop showdown won aggr calls)
    hands = [(THREE_BET_TO_SHOWDOWN, 0, [400, -390, -10]),  # 1 1 0 0 1 1 1 2 2  button, wins 790
             (THREE_BET_TO_SHOWDOWN, 1, [400, -390, -10]),  # 1 1 1 1 1 1 0 2 1  small blind 3-bets, x2
             (THREE_BET_TO_SHOWDOWN, 1, [400, -390, -10]),
             (LIMP_RERAISE, 0, [50, -10, -40]),             # 1 1 1 1 0 0 0 1 1  limp, re-raise, wins 90
             (LIMP_RERAISE, 2, [50, -10, -40]),             # 1 1 0 0 0 0 0 1 0  big blind raises, x2
             (LIMP_RERAISE, 2, [50, -10, -40]),
             (HEADS_UP, 1, [10, -10]),                      # 0 0 0 0 1 1 0 0 0  big blind checks down, loses
             (RAISE_CALL_FOLD, 0, [40, -30, -10]),          # 1 1 0 0 1 0 0 2 0  button raises, wins 70, x2
             (RAISE_CALL_FOLD, 0, [40, -30, -10]),
             (RAISE_CALL_FOLD, 1, [40, -30, -10]),          # 1 0 1 0 1 0 0 0 1  small blind calls the raise
             (RAISE_CALL_FOLD, 2, [40, -30, -10])]          # 0 0 1 0 0 0 0 0 0  big blind folds to it
    stats = poker_stats([_hand(export, seat, deltas, n) for n, (export, seat, deltas) in enumerate(hands, 1)])
    # vpip 1+2+1+2+2+1 = 9, pfr 1+2+1+2+2 = 8, chances 2+1+1+1 = 5, 3-bets 2+1 = 3, flops 1+2+1+2+1 = 7,
    # showdowns 1+2+1 = 4, won 1, aggression 2+4+1+2+4 = 13, calls 2+2+1+1 = 6: no two counts alike
    assert (stats.hands, stats.vpip, stats.pfr, stats.three_bet_chances, stats.three_bets) == (11, 9, 8, 5, 3)
    assert (stats.saw_flop, stats.showdowns, stats.showdowns_won, stats.aggressive, stats.calls) == (7, 4, 1, 13, 6)
    # net 400 - 2*390 + 50 - 2*40 - 10 + 2*40 - 30 - 10 = -380; the biggest pot won is the 790
    assert dict(figures(stats)) == {
        "Hands": "11", "Net chips": "-380",
        "VPIP": "81.8%",              # 9 / 11 hands   (9 / 7 flops would be 128.6%)
        "PFR": "72.7%",               # 8 / 11 hands
        "3-bet": "60.0%",             # 3 / 5 chances  (3 / 11 hands would be 27.3%)
        "Aggression": "2.17",         # 13 / 6 calls   (13 / 11 hands would be 1.18)
        "Went to showdown": "57.1%",  # 4 / 7 flops    (4 / 11 hands would be 36.4%)
        "Won at showdown": "25.0%",   # 1 / 4 showdowns (1 / 7 flops would be 14.3%)
        "Biggest pot won": "790"}


def test_gin_figures_each_divide_by_their_own_count() -> None:
    deals = [_gin_view(0, "knock", "knock", 0, (2, 30)),      # knocks with 2 and wins
             _gin_view(0, "knock", "knock", 0, (3, 25)),      # knocks with 3 and wins
             _gin_view(0, "knock", "undercut", 1, (4, 3)),    # knocks with 4, undercut
             _gin_view(0, "knock", "undercut", 1, (5, 2)),    # knocks with 5, undercut
             _gin_view(0, "knock", "undercut", 1, (9, 8)),    # knocks with 9, undercut
             _gin_view(0, "big_gin", "big_gin", 0, (0, 50)),  # big gin
             _gin_view(1, "knock", "undercut", 0, (1, 6)),    # undercuts the other's knock, x4
             _gin_view(1, "knock", "undercut", 0, (4, 7)),
             _gin_view(1, "knock", "undercut", 0, (2, 9)),
             _gin_view(1, "knock", "undercut", 0, (3, 4)),
             _gin_view(1, "gin", "gin", 1, (20, 0)),          # the other goes gin
             _gin_view(None, None, "draw", None, (0, 0))]     # the stock runs out
    won, lost = ({"deltas": [d, -d], "match_over": True, "ranking": r} for d, r in ((90, [0, 1]), (-90, [1, 0])))
    ends = {6: won, 11: lost}
    stats = gin_stats([_hand(view, 0, [0, 0], n, game="gin", outcome=ends.get(n))
                       for n, view in enumerate(deals, 1)])
    assert (stats.deals, stats.deals_won, stats.gins, stats.undercuts) == (12, 7, 1, 4)  # won: 2 knocks, gin, 4
    assert (stats.knocks, stats.undercut, stats.knock_deadwood, stats.matches, stats.match_wins) == (5, 3, 23, 2, 1)
    assert dict(figures(stats)) == {
        "Deals": "12",
        "Deals won": "58.3%",               # 7 / 12 deals  (7 / 5 knocks would be 140.0%)
        "Gin": "8.3%",                      # 1 / 12 deals  (1 / 5 knocks would be 20.0%)
        "Undercuts made": "33.3%",          # 4 / 12 deals  (4 / 5 knocks would be 80.0%)
        "Knocks": "5",
        "Knocks undercut": "60.0%",         # 3 / 5 knocks  (3 / 12 deals would be 25.0%)
        "Deadwood when knocking": "4.6",    # (2 + 3 + 4 + 5 + 9) / 5 knocks (23 / 12 deals would be 1.9)
        "Matches won": "1 of 2"}


def _event_row(key: str, table: int, hand: int, declarer: int, level: int, strain: str, tricks: int
               ) -> EventResult:
    return EventResult(key, table, hand, (),
                       {"level": level, "strain": strain, "doubled": 0, "declarer": declarer, "tricks": tricks})


def test_bridge_figures_each_divide_by_their_own_count() -> None:
    hands = [_hand(_pbn("N", "4S", 10), 0, [0] * 4, 1, game="bridge"),   # North declares, makes: event board 1
             _hand(_pbn("S", "3NT", 9), 0, [0] * 4, 2, game="bridge"),   # partner declares: event board 2
             _hand(_pbn("N", "2HX", 7), 0, [0] * 4, 3, game="bridge"),   # North goes down
             _hand(_pbn("N", "3C", 8), 0, [0] * 4, 4, game="bridge"),    # North goes down
             _hand('[Board "5"]\n[Contract "Pass"]\n', 0, [0] * 4, 5, game="bridge")]
    # board 1, nobody vulnerable, three tables: +420 here, -50 and +450 elsewhere. Matchpoints: beats
    # -50 (2), loses to 450 (0): 2 of a top of 2 * (3 - 1) = 4. Cross-IMPs: 470 is 10, -30 is -1: 9 / 2 = 4.5
    # board 2, NS vulnerable, two tables: 3NT by South +600 here, one down -100 there: 2 of 2; 700 is 12 IMPs
    boards = {(1, 1): [_event_row("1", 1, 1, 0, 4, "S", 10), _event_row("1", 9, 1, 0, 4, "S", 9),
                       _event_row("1", 8, 1, 0, 4, "S", 11)],
              (1, 2): [_event_row("2", 1, 2, 2, 3, "NT", 9), _event_row("2", 9, 2, 2, 3, "NT", 8)]}
    stats = bridge_stats(hands, boards)
    assert (stats.boards, stats.declared, stats.made, stats.event_boards) == (5, 3, 1, 2)
    assert (stats.matchpoints, stats.tops, stats.imps) == (4, 6, 16.5)
    assert dict(figures(stats)) == {
        "Boards": "5", "Contracts declared": "3",
        "Declared": "60.0%",        # 3 / 5 boards     (3 / 6 tops would be 50.0%)
        "Made": "33.3%",            # 1 / 3 declared   (1 / 5 boards would be 20.0%)
        "Event boards": "2",
        "Matchpoints": "66.7%",     # 4 / (4 + 2) tops (4 / 5 boards would be 80.0%)
        "IMPs per board": "+8.25"}  # (4.5 + 12) / 2 event boards (16.5 / 5 boards would be 3.30)


def test_win_rate_and_average_place_divide_by_the_deals_that_placed() -> None:
    views = [json.dumps({"seats": [{"score": score, "folded": folded}, {"score": 4, "folded": False},
                                   {"score": 3, "folded": False}]})
             for score, folded in ((6, False), (8, True), (None, False), (5, False), (7, False))]
    deltas = [[5, -2, -3],   # first
              [-4, 4, 0],    # third
              [0, 0, 0],     # everyone tied: played, placed nobody
              [2, 2, -4],    # first, tied
              [-1, 3, -2]]   # second
    stats = invented_stats("sigma", [_hand(v, 0, d, n, game="sigma") for n, (v, d) in enumerate(zip(views, deltas), 1)])
    assert (stats.deals, stats.placed, stats.wins, stats.place_total) == (5, 4, 2, 7)
    assert dict(figures(stats)) == {
        "Deals": "5", "Wins": "2",
        "Win rate": "50.0%",        # 2 / 4 placed           (2 / 5 deals would be 40.0%)
        "Average place": "1.75",    # (1 + 3 + 1 + 2) / 4    (7 / 5 deals would be 1.40)
        "Best hand": "7 of 9",      # the folded 8 does not count
        "Net chips": "+2"}          # 5 - 4 + 0 + 2 - 1


DAY = 86400.0
NOW = 1_000 * DAY
GUILD, ANN, BOB = 7, 1, 2
DEALS = [  # (member, days ago, game, net): each period's cut-off falls between two of Ann's deals
    (ANN, 0.5, "holdem", 7), (ANN, 2, "gin", -60), (ANN, 6.5, "holdem", -3), (ANN, 7.5, "holdem", 20),
    (ANN, 29.5, "holdem", 11), (ANN, 30.5, "holdem", 40), (ANN, 45, "holdem", -6),
    (BOB, 1, "holdem", 9), (BOB, 20, "holdem", -1)]


@pytest.mark.parametrize("game, period, expected", [
    # Ann: 7 - 3 = 4 in 2 deals (a week of 8 days would add the 20, of 6 days drop the -3); Bob 9 in 1
    ("holdem", "week", [Standing(BOB, 9, 1, 15.0), Standing(ANN, 4, 2, 10.0)]),
    # Ann adds the gin deal: 4 - 60 = -56 in 3 deals, rated by her best game, gin's 40 - 15 = 25
    (None, "week", [Standing(BOB, 9, 1, 15.0), Standing(ANN, -56, 3, 25.0)]),
    # Ann: 7 - 3 + 20 + 11 = 35 in 4 (31 days would add the 40, 28 days drop the 11); Bob 9 - 1 = 8 in 2
    ("holdem", "month", [Standing(ANN, 35, 4, 10.0), Standing(BOB, 8, 2, 15.0)]),
    # all time: the running totals, older deals than the index included, ranked by rating (Bob 30 - 15)
    ("holdem", "all", [Standing(BOB, 200, 4, 15.0), Standing(ANN, 123, 9, 10.0)]),
    # Ann: 123 - 60 = 63 chips in 9 + 1 deals, best rating 25
    (None, "all", [Standing(ANN, 63, 10, 25.0), Standing(BOB, 200, 4, 15.0)]),
])
async def test_each_leaderboard_period_counts_its_own_deals(database: str, monkeypatch: pytest.MonkeyPatch,
                                                            game: str | None, period: str,
                                                            expected: list[Standing]) -> None:
    storage = await open_storage(database)
    clock = [NOW]
    monkeypatch.setattr(writes, "time", SimpleNamespace(time=lambda: clock[0]))  # when each deal finished
    try:
        async with storage.transaction() as tx:
            for hand_no, (user, days, name, net) in enumerate(DEALS, 1):
                clock[0] = NOW - days * DAY
                await tx.insert_hand_players(GUILD, 1, hand_no, name, [(0, user, net)])
            for user, name, hands, chips, mu in ((ANN, "holdem", 9, 123, 25.0), (ANN, "gin", 1, -60, 40.0),
                                                 (BOB, "holdem", 4, 200, 30.0)):
                await tx.add_result(GUILD, name, user, chips, hands=hands, match=False, win=False, rating=(mu, 5.0))
        page = await leaderboard(storage, GUILD, game, period, ANN, 1, NOW)
    finally:
        await storage.close()
    assert page.lines == list(enumerate(expected, 1)) and page.own is None
    view = leaderboard_view(page, {ANN: "Ann", BOB: "Bob"}, "t", ANN)
    assert [(line["name"], line["chips"], line["deals"], line["rating"]) for line in view["lines"]] == [
        ("Ann" if s.user_id == ANN else "Bob", f"{s.chips_won:+d}", str(s.deals), shown_rating(s.rating)) for s in expected]
