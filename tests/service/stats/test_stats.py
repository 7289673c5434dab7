"""Statistics from stored hands, on hand-made deals whose figures are worked out by hand in the
comments: poker tracker figures from PHH, gin, bridge (with an event's matchpoints and IMPs) and
the room's own games."""
from __future__ import annotations

import json
from typing import Any

import pytest

from bot import registry
from bot.games.event_records import EventResult
from bot.games.base import Seat
from bot.service.stats import figures
from bot.service.stats.bridge import bridge_stats
from bot.service.stats.gin import gin_stats
from bot.service.stats.invented import invented_stats, place_of
from bot.service.stats.poker import hand_facts, poker_stats
from bot.storage.records import PlayedHand

HOLDEM_HEAD = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 1000, 1000]
seats = [2, 3, 1]
"""
# p1 = engine seat 1 (small blind), p2 = seat 2 (big blind), p3 = seat 0 (button)
THREE_BET_TO_SHOWDOWN = HOLDEM_HEAD + """actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????',
 'p3 cbr 30', 'p1 cbr 90', 'p2 f', 'p3 cc',
 'd db AhKh2c', 'p1 cbr 100', 'p3 cc',
 'd db 3d', 'p1 cc', 'p3 cbr 200', 'p1 cc',
 'd db 4s', 'p1 cc', 'p3 cc', 'p1 sm 9c9d', 'p3 sm AcAd']
"""
# put in: p1 90+100+200 = 390, p2 10, p3 390: a pot of 790, all to the button
FOLD_TO_THE_BIG_BLIND = HOLDEM_HEAD + "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f']\n"
LIMP_RERAISE = HOLDEM_HEAD + """actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????',
 'p3 cc', 'p1 cc', 'p2 cbr 40', 'p3 cbr 120', 'p1 f', 'p2 f']
"""
# the button's 120 is called by nobody: 80 of it comes back; the pot is 40 + 10 + 40 = 90


def _hand(export: str, seat: int, deltas: list[int], n: int = 1, *, game: str = "holdem",
          outcome: dict[str, Any] | None = None) -> PlayedHand:
    outcome = outcome or {"deltas": deltas, "match_over": False, "ranking": None}
    return PlayedHand(table_id=1, hand_no=n, game=game, seat=seat, net=outcome["deltas"][seat], finished_at=float(n),
                      record={"outcome": outcome}, export=export)


def test_a_three_bet_pot_to_showdown_counts_for_each_player() -> None:
    deltas = [400, -390, -10]
    button = hand_facts(THREE_BET_TO_SHOWDOWN, 0, deltas)
    assert (button.vpip, button.pfr, button.three_bet_chance, button.three_bet) == (True, True, False, False)
    assert (button.saw_flop, button.showdown, button.collected, button.pot) == (True, True, 790, 790)
    assert (button.aggressive, button.calls) == (2, 2)  # raise 30 and bet 200; call 90 and call 100
    small_blind = hand_facts(THREE_BET_TO_SHOWDOWN, 1, deltas)
    assert (small_blind.vpip, small_blind.pfr, small_blind.three_bet_chance, small_blind.three_bet) == (True,) * 4
    assert (small_blind.showdown, small_blind.collected, small_blind.aggressive, small_blind.calls) == (True, 0, 2, 1)
    big_blind = hand_facts(THREE_BET_TO_SHOWDOWN, 2, deltas)  # faced two raises: no 3-bet chance
    assert (big_blind.vpip, big_blind.three_bet_chance, big_blind.saw_flop, big_blind.showdown) == (False,) * 4


def test_blinds_are_not_voluntary_and_an_uncalled_bet_comes_back() -> None:
    big_blind = hand_facts(FOLD_TO_THE_BIG_BLIND, 2, [0, -5, 5])
    assert (big_blind.vpip, big_blind.pfr, big_blind.collected, big_blind.pot) == (False, False, 10, 10)
    button = hand_facts(LIMP_RERAISE, 0, [50, -10, -40])
    assert (button.vpip, button.pfr, button.three_bet_chance, button.three_bet) == (True,) * 4  # limp, re-raise
    assert (button.collected, button.pot, button.calls, button.aggressive) == (90, 90, 1, 1)
    small_blind = hand_facts(LIMP_RERAISE, 1, [50, -10, -40])
    assert (small_blind.vpip, small_blind.pfr, small_blind.three_bet_chance) == (True, False, False)


HEADS_UP = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [5, 10]
starting_stacks = [1000, 1000]
actions = ['d dh p1 Th6s', 'd dh p2 Tc7h', 'p2 cc', 'p1 cc', 'd db Ks8d8s', 'p1 cc', 'p2 cc', 'd db 5c',
 'p1 cc', 'p2 cc', 'd db 7s', 'p1 cc', 'p2 cc', 'p1 sm Th6s', 'p2 sm Tc7h']
seats = [2, 1]
"""
# heads-up the button (p2) posts the small blind: its call of 5 is voluntary, the big blind's check is not


def test_heads_up_the_button_posts_the_small_blind() -> None:
    button = hand_facts(HEADS_UP, 0, [10, -10])
    assert (button.vpip, button.calls, button.collected, button.pot) == (True, 1, 20, 20)
    big_blind = hand_facts(HEADS_UP, 1, [10, -10])
    assert (big_blind.vpip, big_blind.calls, big_blind.saw_flop, big_blind.showdown) == (False, 0, True, True)


def test_the_button_over_three_hands() -> None:
    stats = poker_stats([_hand(THREE_BET_TO_SHOWDOWN, 0, [400, -390, -10], 1),
                         _hand(FOLD_TO_THE_BIG_BLIND, 0, [0, -5, 5], 2),
                         _hand(LIMP_RERAISE, 0, [50, -10, -40], 3)])
    assert (stats.hands, stats.vpip, stats.pfr, stats.three_bets, stats.three_bet_chances) == (3, 2, 2, 1, 1)
    assert (stats.saw_flop, stats.showdowns, stats.showdowns_won) == (1, 1, 1)
    assert (stats.aggressive, stats.calls, stats.aggression) == (3, 3, 1.0)
    assert (stats.biggest_pot, stats.net, stats.chips) == (790, 450, [400, 400, 450])
    shown = dict(figures(stats))
    assert shown["VPIP"] == "66.7%" and shown["3-bet"] == "100.0%" and shown["Won at showdown"] == "100.0%"
    assert shown["Net chips"] == "+450" and shown["Biggest pot won"] == "790" and shown["Aggression"] == "1.00"


STUD = """variant = 'F7S'
ante_trimming_status = true
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [200, 200, 200]
actions = ['d dh p1 Tc5h9s', 'd dh p2 2s9h9c', 'd dh p3 6h2d6s', 'p3 pb', 'p1 cc', 'p2 cc', 'd dh p1 3h',
 'd dh p2 7d', 'd dh p3 Td', 'p3 cbr 5', 'p1 f', 'p2 cc', 'd dh p2 Qs', 'd dh p3 Qd', 'p3 cc', 'p2 cc',
 'd dh p2 4d', 'd dh p3 4h', 'p3 cc', 'p2 cc', 'd dh p2 6c', 'd dh p3 5c', 'p3 cc', 'p2 cbr 10', 'p3 cc',
 'p2 sm 2s9h9c7dQs4d6c', 'p3 sm']
seats = [2, 3, 1]
"""
# antes 1 each; bring-in 2 called by both (3 each); fourth street 5 bet and called; seventh 10 and
# called: 18 + 18 + 3 = a pot of 39 to p2 (engine seat 2)


def test_stud_bring_in_is_forced_and_fourth_street_opens_the_later_rounds() -> None:
    deltas = [-18, -3, 21]
    bring_in = hand_facts(STUD, 0, deltas)
    assert (bring_in.vpip, bring_in.pfr, bring_in.saw_flop, bring_in.showdown) == (False, False, True, True)
    assert (bring_in.collected, bring_in.aggressive, bring_in.calls) == (0, 1, 1)  # bet 5 on fourth; called 10
    winner = hand_facts(STUD, 2, deltas)
    assert (winner.vpip, winner.pfr, winner.collected, winner.pot) == (True, False, 39, 39)
    assert (winner.aggressive, winner.calls) == (1, 2)
    folded = hand_facts(STUD, 1, deltas)
    assert (folded.vpip, folded.saw_flop, folded.showdown) == (True, True, False)
    stats = poker_stats([_hand(STUD, 0, deltas), _hand(STUD, 2, deltas, 2)])
    assert (stats.showdowns, stats.showdowns_won, stats.biggest_pot) == (2, 1, 39)


@pytest.mark.parametrize("game", ["holdem", "stud"])
def test_a_hand_nobody_could_bet_still_sees_the_flop_and_the_showdown(game: str) -> None:
    """Both players all in from the forced bets (hold'em's blinds; stud's antes): the board or the
    later streets are dealt with no betting between them, and each player was still in when the next
    cards came (docs/stats.md), so the hand counts as seen the flop, gone to showdown, and won there
    by the one who collected."""
    spec = registry.game(game)
    settings = {**spec.default_settings, "small_blind": 5, "big_blind": 10} if game == "holdem" \
        else dict(spec.default_settings)
    stacks = [Seat("A", 5), Seat("B", 10)] if game == "holdem" else [Seat("A", 1), Seat("B", 1)]
    engine = spec.engine(settings, stacks, "ab" * 32, {})
    assert engine.outcome is not None and not any(engine.outcome.deltas[s] == 0 for s in (0, 1)), \
        "decided by the cards alone, with no move to make"
    export = spec.export(engine)
    hands = [_hand(export, seat, list(engine.outcome.deltas)) for seat in (0, 1)]
    mine, theirs = (poker_stats([hand]) for hand in hands)
    assert (mine.saw_flop, mine.showdowns, theirs.saw_flop, theirs.showdowns) == (1, 1, 1, 1)
    winner = 0 if engine.outcome.deltas[0] > 0 else 1
    assert [poker_stats([hands[winner]]).showdowns_won, poker_stats([hands[1 - winner]]).showdowns_won] == [1, 0]


def _gin_view(knocker: int | None, kind: str | None, line_kind: str, winner: int | None,
              deadwood: tuple[int, int]) -> str:
    shown = None if knocker is None else {"kind": kind, "knocker": knocker}
    return json.dumps({"showdown": shown, "players": [{"deadwood_points": d} for d in deadwood],
                       "score": {"lines": [{"hand": 1, "winner": winner, "kind": line_kind, "points": 10}]}})


def test_gin_rates_deadwood_when_knocking_and_match_wins() -> None:
    deals = [
        _gin_view(0, "knock", "knock", 0, (7, 30)),           # seat 0 knocks with 7 and wins
        _gin_view(0, "knock", "undercut", 1, (9, 5)),         # seat 0 knocks with 9, undercut
        _gin_view(0, "gin", "gin", 0, (0, 40)),               # seat 0 goes gin
        _gin_view(1, "knock", "undercut", 0, (2, 3)),         # seat 0 undercuts seat 1
        _gin_view(None, None, "draw", None, (0, 0)),           # the stock ran out
    ]
    last = {"deltas": [30, -30], "match_over": True, "ranking": [0, 1]}
    hands = [_hand(view, 0, [0, 0], n, game="gin", outcome=last if n == 5 else None)
             for n, view in enumerate(deals, 1)]
    stats = gin_stats(hands)
    assert (stats.deals, stats.gins, stats.knocks, stats.knock_deadwood) == (5, 1, 2, 16)
    assert (stats.undercut, stats.undercuts, stats.deals_won, stats.matches, stats.match_wins) == (1, 1, 3, 1, 1)
    shown = dict(figures(stats))
    assert shown["Gin"] == "20.0%" and shown["Deadwood when knocking"] == "8.0" and shown["Knocks undercut"] == "50.0%"
    assert shown["Matches won"] == "1 of 1"


def _pbn(declarer: str, contract: str, tricks: int) -> str:
    return f'[Board "1"]\n[Declarer "{declarer}"]\n[Contract "{contract}"]\n[Result "{tricks}"]\n'


def test_bridge_contracts_and_an_event_boards_matchpoints_and_imps() -> None:
    hands = [_hand(_pbn("N", "4S", 10), 0, [0] * 4, 1, game="bridge"),    # North declares and makes
             _hand(_pbn("S", "3NT", 8), 0, [0] * 4, 2, game="bridge"),    # partner declares
             _hand(_pbn("N", "2HX", 7), 0, [0] * 4, 3, game="bridge"),    # North goes down doubled
             _hand('[Board "4"]\n[Contract "Pass"]\n', 0, [0] * 4, 4, game="bridge")]
    event = [EventResult("1", 1, 1, (), {"level": 4, "strain": "S", "doubled": 0, "declarer": 0, "tricks": 10}),
             EventResult("1", 9, 1, (), {"level": 4, "strain": "S", "doubled": 0, "declarer": 0, "tricks": 9})]
    # board 1, nobody vulnerable: +420 here, -50 at the other table: a top (2 of 2) and 470 = 10 IMPs
    stats = bridge_stats(hands, {(1, 1): event})
    assert (stats.boards, stats.declared, stats.made) == (4, 2, 1)
    assert (stats.event_boards, stats.matchpoints, stats.tops, stats.imps) == (1, 2, 2, 10.0)
    shown = dict(figures(stats))
    assert shown["Made"] == "50.0%" and shown["Matchpoints"] == "100.0%" and shown["IMPs per board"] == "+10.00"
    east = bridge_stats([_hand(_pbn("N", "4S", 10), 1, [0] * 4, 1, game="bridge")], {(1, 1): event})
    assert (east.declared, east.matchpoints, east.imps) == (0, 0, -10.0)


def test_places_from_a_ranking_or_from_chips_and_ties_place_nobody() -> None:
    assert place_of({"deltas": [0, 0, 0], "ranking": [1, 0, 2]}, 0) == 2
    assert place_of({"deltas": [-1, 6, -5], "ranking": None}, 0) == 2
    assert place_of({"deltas": [-1, 6, -5], "ranking": None}, 2) == 3
    assert place_of({"deltas": [0, 0, 0], "ranking": None}, 1) is None


def test_saint_and_sigma_deals_wins_places_and_best_hands() -> None:
    saint = [json.dumps({"results": [{"hand_names": ["Two Pair", "Flush", "High Card"]},
                                     {"hand_names": ["Full House", "One Pair", "Straight"]}]}),
             json.dumps({"results": [{"hand_names": ["Three of a Kind", "Four of a Kind", "One Pair"]}]})]
    outcomes = [{"deltas": [0, 0, 0], "match_over": True, "ranking": [0, 1, 2]},
                {"deltas": [0, 0, 0], "match_over": True, "ranking": [2, 0, 1]}]
    stats = invented_stats("saint", [_hand(v, 0, [], n, game="saint", outcome=o)
                                     for n, (v, o) in enumerate(zip(saint, outcomes), 1)])
    assert (stats.deals, stats.wins, stats.average_place, stats.best_hand) == (2, 1, 2.0, "Full House")
    sigma = [json.dumps({"seats": [{"score": 7, "folded": False}, {"score": 8, "folded": False}]}),
             json.dumps({"seats": [{"score": 9, "folded": True}, {"score": 3, "folded": False}]}),
             json.dumps({"seats": [{"score": None, "folded": False}, {"score": None, "folded": False}]})]
    deltas = [[-4, 4], [-1, 1], [0, 0]]
    stats = invented_stats("sigma", [_hand(v, 0, d, n, game="sigma") for n, (v, d) in enumerate(zip(sigma, deltas), 1)])
    assert (stats.deals, stats.placed, stats.wins, stats.average_place) == (3, 2, 0, 2.0)
    assert stats.best_hand == "7 of 9" and stats.net == -5  # a folded hand's cells do not count
    assert dict(figures(stats))["Win rate"] == "0.0%"
