"""Season standings computed by hand: each formula, best-k, participation, Funbridge's monthly decay,
shared places, computer players and formats left out; cash sessions placed by net and a bridge event's
pairs by their matchpoint percentage; bounties, masterpoints by place and field size, and strata."""
from __future__ import annotations

import pytest

from bot.service.seasons.finishes import bridge_finishes, cash_finishes, sit_and_go_finishes
from bot.service.seasons.masterpoints import award, placed, stratum
from bot.service.seasons.standings import MONTH, Finish, Knockout, points, standings
from bot.service.seasons.strata import Stratum, held_points, strata
from bot.storage.records import CashLine, DealtChips, EventBoard, SeasonLine, SeasonRule, SitAndGoPlay

DAY = 86400.0


def won(user: int, place: int, entrants: int, *, at: float = 0.0, kind: str = "tournament",
        percent: float | None = None) -> Finish:
    return Finish(kind, f"s{place}{entrants}{at}", user, place, entrants, at, percent)


def test_field_formula_is_100_ln_of_entrants_plus_one_over_place() -> None:
    rule = SeasonRule(formula="field")
    assert points(rule, won(1, 1, 9), 0) == pytest.approx(230.2585, abs=1e-4)  # 100 ln 10
    assert points(rule, won(1, 2, 3), 0) == pytest.approx(69.3147, abs=1e-4)   # 100 ln 4 / 2
    lines = standings(rule, [won(1, 1, 9), won(1, 2, 3), won(2, 2, 9), won(2, 1, 3)], 0)
    # 1: 230.26 + 69.31 = 299.57; 2: 115.13 + 138.63 = 253.76
    assert lines == [SeasonLine(1, 1, 299.57, 2, 2), SeasonLine(2, 2, 253.76, 2, 2)]


def test_fixed_points_per_place_and_participation() -> None:
    rule = SeasonRule(formula="fixed", places=(10.0, 7.0, 5.0), participation=1.0)
    lines = standings(rule, [won(1, 1, 5), won(1, 3, 5), won(2, 2, 5), won(2, 4, 5)], 0)
    assert lines == [SeasonLine(1, 1, 17.0, 2, 2), SeasonLine(2, 2, 9.0, 2, 2)]  # 10 + 5 + 2; 7 + 0 + 2


def test_funbridge_points_lose_a_fifth_each_whole_month() -> None:
    rule = SeasonRule(formula="funbridge")
    fresh = points(rule, won(1, 1, 10), 10 * DAY)
    assert fresh == pytest.approx(41.9180, abs=1e-4)  # 2 x 10 / log10 3
    assert points(rule, won(1, 2, 10), 0) == pytest.approx(29.8974, abs=1e-4)  # 2 x 9 / log10 4
    assert points(rule, won(1, 1, 10), 45 * DAY) == pytest.approx(fresh * 0.8)
    assert points(rule, won(1, 1, 10), 2 * MONTH + 1) == pytest.approx(fresh * 0.64)
    assert standings(rule, [won(1, 1, 10)], 61 * DAY) == [SeasonLine(1, 1, 26.83, 1, 1)]


def test_only_the_best_k_count_but_every_result_earns_participation() -> None:
    rule = SeasonRule(formula="fixed", places=(10.0, 7.0, 5.0), best=2, participation=1.0)
    lines = standings(rule, [won(1, 1, 4), won(1, 3, 4), won(1, 2, 4), won(2, 1, 4)], 0)
    assert lines == [SeasonLine(1, 1, 20.0, 3, 2), SeasonLine(2, 2, 11.0, 1, 1)]  # 10 + 7 + 3 x 1; 10 + 1


def test_equal_points_share_a_place_and_robots_and_other_formats_never_rank() -> None:
    rule = SeasonRule(formats=("sit-and-go",), formula="fixed", places=(10.0, 7.0, 5.0))
    lines = standings(rule, [won(2, 1, 4, kind="sit-and-go"), won(1, 1, 4, kind="sit-and-go"),
                             won(3, 3, 4, kind="sit-and-go"), won(-1, 2, 4, kind="sit-and-go"),
                             won(4, 1, 9, kind="tournament")], 0)
    assert [(line.user_id, line.place, line.points) for line in lines] == [(1, 1, 10.0), (2, 1, 10.0), (3, 3, 5.0)]


def test_bridge_season_ranks_by_the_average_of_the_best_sessions() -> None:
    rule = SeasonRule(formats=("bridge",), formula="percentage", best=2)
    lines = standings(rule, [won(1, 1, 4, kind="bridge", percent=60.0), won(1, 2, 4, kind="bridge", percent=40.0),
                             won(1, 1, 4, kind="bridge", percent=50.0), won(2, 1, 4, kind="bridge", percent=52.5)], 0)
    assert lines == [SeasonLine(1, 1, 55.0, 3, 2), SeasonLine(2, 2, 52.5, 1, 1)]


def test_a_cash_session_places_by_net_equal_nets_sharing() -> None:
    lines = [CashLine(5, "holdem", 1, 40, 10.0), CashLine(5, "holdem", 2, -50, 12.0), CashLine(5, "holdem", 3, 40, 11.0),
             CashLine(6, "gin", 1, 10, 10.0)]  # gin is no poker cash session
    assert [(f.user_id, f.place, f.entrants, f.at) for f in cash_finishes(lines)] == [
        (1, 1, 3, 12.0), (3, 1, 3, 12.0), (2, 3, 3, 12.0)]


def seats(*ids: int) -> tuple[tuple[int, str], ...]:
    return tuple((user, f"p{user}") for user in ids)


def test_a_bridge_event_places_pairs_by_matchpoint_percentage() -> None:
    """Board 1 at two tables: 4S by North made at table 1 (+420), down one at table 2 (-50). Table 1's
    North-South pair tops it (2 of 2 matchpoints: 100%), its East-West pair scores 0%; table 2 the other
    way round. A board one table played does not count."""
    made = {"level": 4, "strain": "S", "doubled": 0, "declarer": 0, "tricks": 10}
    down = dict(made, tricks=9)
    boards = [EventBoard("club", "1", 1, 1, seats(1, 2, 3, 4), made, 10.0),
              EventBoard("club", "1", 2, 1, seats(5, 6, 7, 8), down, 20.0),
              EventBoard("club", "2", 1, 2, seats(1, 2, 3, 4), made, 30.0)]
    found = {(f.user_id, f.place, f.entrants, f.percent, f.at) for f in bridge_finishes(boards)}
    assert found == {(1, 1, 4, 100.0, 30.0), (3, 1, 4, 100.0, 30.0), (6, 1, 4, 100.0, 30.0), (8, 1, 4, 100.0, 30.0),
                     (2, 3, 4, 0.0, 30.0), (4, 3, 4, 0.0, 30.0), (5, 3, 4, 0.0, 30.0), (7, 3, 4, 0.0, 30.0)}


def test_a_sit_and_go_is_placed_from_its_deals_as_its_table_placed_it() -> None:
    """Four entrants: deal 1 knocks out two who began it with 100 and 300 chips (the one who began with
    more finishes higher: 3rd, 4th), deal 2 the third (2nd); the last with chips won. A sit-and-go
    cancelled with players left has no finish."""
    deals = (DealtChips((1, 2, 3, 4), (300, 100, 800, 800), (-300, -100, 200, 200)),
             DealtChips((3, 4), (1000, 1000), (1000, -1000)))
    placed = sit_and_go_finishes(SitAndGoPlay("table:9", deals, 50.0))
    assert sorted((f.user_id, f.place, f.entrants, f.at) for f in placed) == [
        (1, 3, 4, 50.0), (2, 4, 4, 50.0), (3, 1, 4, 50.0), (4, 2, 4, 50.0)]
    assert sit_and_go_finishes(SitAndGoPlay("table:9", deals[:1], 50.0)) == []
    tied = (DealtChips((1, 2, 3), (200, 200, 600), (-200, -200, 400)),)
    assert sorted((f.user_id, f.place) for f in sit_and_go_finishes(SitAndGoPlay("t", tied, 0.0))) == [(1, 2), (2, 2), (3, 1)]


def test_bounty_points_for_each_knockout_in_a_counted_format_only() -> None:
    """Fixed 10, 7, 5 and 5 points a knockout: Ann won (10) and knocked out two players (one a computer
    player: it counts) = 20; Bob second (7) with one knockout = 12; a computer player's knockouts and a
    knockout in a format the season does not count earn nothing; a member who only knocked someone out
    has a line with no result. Without a bounty, knockouts change nothing."""
    rule = SeasonRule(formats=("sit-and-go",), formula="fixed", places=(10.0, 7.0, 5.0), bounty=5.0)
    placed = [won(1, 1, 4, kind="sit-and-go"), won(2, 2, 4, kind="sit-and-go"), won(3, 3, 4, kind="sit-and-go")]
    outs = [Knockout("sit-and-go", "t", 1, 3), Knockout("sit-and-go", "t", 1, -5), Knockout("sit-and-go", "t", 2, 4),
            Knockout("sit-and-go", "t", -5, 2), Knockout("tournament", "m", 3, 9), Knockout("sit-and-go", "u", 6, 7)]
    assert standings(rule, placed, 0, outs) == [SeasonLine(1, 1, 20.0, 1, 1, 2), SeasonLine(2, 2, 12.0, 1, 1, 1),
                                                SeasonLine(3, 3, 5.0, 1, 1, 0), SeasonLine(6, 3, 5.0, 0, 0, 1)]
    plain = SeasonRule(formats=("sit-and-go",), formula="fixed", places=(10.0, 7.0, 5.0))
    assert standings(plain, placed, 0, outs) == standings(plain, placed, 0)
    assert [ln.points for ln in standings(plain, placed, 0, outs)] == [10.0, 7.0, 5.0]


def test_masterpoints_by_place_and_field_size() -> None:
    """First place: 0.25 a pair in the field; each place 70% of the one above, rounded down to the
    hundredth; only the best two fifths (rounded up) placed; a shared place shares the places' awards."""
    assert [award(place, 1, 10) for place in range(1, 6)] == [2.50, 1.75, 1.22, 0.85, 0.0]  # 4 of 10 placed
    assert [placed(pairs) for pairs in (1, 2, 4, 5, 6, 10, 15)] == [1, 1, 2, 2, 3, 4, 6]
    assert [award(place, 1, 4) for place in (1, 2, 3)] == [1.00, 0.70, 0.0]
    assert award(1, 2, 10) == 2.12  # (2.50 + 1.75) / 2 = 2.125, rounded down
    assert award(4, 2, 10) == 0.42  # (0.85 + 0) / 2
    rule = SeasonRule(formats=("bridge",), formula="masterpoints")
    lines = standings(rule, [won(1, 1, 10, kind="bridge"), won(1, 3, 6, kind="bridge"), won(2, 2, 10, kind="bridge")], 0)
    assert lines == [SeasonLine(1, 1, 2.5 + 0.73, 2, 2), SeasonLine(2, 2, 1.75, 1, 1)]  # 6 pairs: 1.50, 1.05, 0.73


def test_strata_by_masterpoints_held_each_ranked_within_its_own() -> None:
    """A from 20 held, B from 5, C below: the standings' order kept within each stratum, equal points
    sharing a place there too. Held points are every bridge finish's award (robots hold none)."""
    assert [stratum(held) for held in (0.0, 4.99, 5.0, 19.99, 20.0, 250.0)] == ["C", "C", "B", "B", "A", "A"]
    finishes = [Finish("bridge", "e1", 1, 1, 10, 0.0, 60.0, 1), Finish("bridge", "e1", 2, 1, 10, 0.0, 60.0, 1),
                Finish("bridge", "e2", 1, 1, 2, 0.0, 55.0, 2), Finish("bridge", "e1", -3, 2, 10, 0.0, 58.0, 1),
                Finish("cash", "t", 4, 1, 2, 0.0)]
    assert held_points(finishes) == {1: 2.5 + 0.25, 2: 2.5}  # a tie of the 2 pairs: (0.50 + 0) / 2
    lines = [SeasonLine(5, 1, 60.0, 3, 3), SeasonLine(6, 2, 58.0, 3, 3), SeasonLine(7, 3, 55.0, 2, 2),
             SeasonLine(8, 4, 54.0, 1, 1), SeasonLine(9, 4, 54.0, 1, 1)]
    held = {5: 3.0, 6: 25.0, 7: 4.0, 8: 7.5, 9: 1.0}
    assert strata(lines, held) == {6: Stratum("A", 25.0, 1), 8: Stratum("B", 7.5, 1), 5: Stratum("C", 3.0, 1),
                                   7: Stratum("C", 4.0, 2), 9: Stratum("C", 1.0, 3)}


def test_lines_and_rules_kept_before_bounties_read_as_none() -> None:
    """Final standings kept before bounties have five fields a line, rules no bounty."""
    assert SeasonLine.from_json([5, 1, 10.0, 2, 1]) == SeasonLine(5, 1, 10.0, 2, 1, 0)
    assert SeasonLine.from_json(SeasonLine(5, 1, 15.0, 2, 1, 1).to_json()) == SeasonLine(5, 1, 15.0, 2, 1, 1)
    old = {"formats": ["sit-and-go"], "formula": "fixed", "places": [10.0], "best": None, "participation": 0.0}
    assert SeasonRule.from_json(old).bounty == 0.0
    assert SeasonRule.from_json(SeasonRule(bounty=2.5).to_json()) == SeasonRule(bounty=2.5)
