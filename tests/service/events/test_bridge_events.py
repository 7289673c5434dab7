"""Duplicate bridge events: tables of one event play the same cards on each board and compare."""
from __future__ import annotations

from bot.service.table.press import Press
import asyncio
import random
import re
from typing import Any

import pytest

from bot.games.event_records import EventPlayer, EventResult
from bot.errors import UserError
from bot.service.events import desk
from bot.service.events.shared_deals import deals_to_reveal, join_refusal, not_played
from bot.games.base import Action
from bot.games.bridge_events import REPORT_LIMIT, deal_key, event_report, event_standings
from bot.games.bridge_scoring import ContractResult, TableResult, format_results_table, results_table
from bot.storage.interface import Storage
from bot.storage.records import EventState
from bot.storage import open_storage
from bot.service.table.live import LiveTable
from bot.service.tables import TableService
from tests.support.waiting import until

GUILD = 5

_OPEN: list[Storage] = []


@pytest.fixture(autouse=True)
async def _close_storages() -> Any:
    yield
    while _OPEN:
        await _OPEN.pop().close()


class Quiet:
    """Shows nothing; keeps the event reports posted, by channel."""

    def __init__(self) -> None:
        self.posted: list[tuple[int, str]] = []
        self.updated: list[int] = []  # the tables whose message was shown again, in order

    async def update(self, table: LiveTable) -> None:
        self.updated.append(table.id)

    async def closed(self, table: LiveTable, reason: str) -> None:
        return None

    async def announce(self, guild_id: int, channel_id: int, text: str, report: str = "") -> None:
        self.posted.append((channel_id, f"{text}\n{report}"))


async def _service(path: str) -> TableService:
    storage = await open_storage(path)
    _OPEN.append(storage)
    seeds = random.Random(11)
    return TableService(storage, Quiet(), clock=lambda: 1_000_000.0, between_deals=0, offload_bots=False,
                        seeds=lambda _label: "%064x" % seeds.getrandbits(256))


async def _table(service: TableService, channel: int, settings: dict[str, Any]) -> LiveTable:
    users = [channel * 10 + k for k in range(4)]
    live = await service.create(GUILD, channel, "bridge", users[0], f"u{users[0]}", settings)
    for user in users[1:]:
        await live.commands.join(user, f"u{user}")
    await live.commands.start(users[0])
    return live


async def _act(service: TableService, live: LiveTable, action: Action) -> None:
    user = live.table_seat_of(live.engine.to_act()[0]).user_id
    await service.tables[live.id].commands.act(Press(user, live.row.hand_no, live.row.step, action))


async def _play_out(service: TableService, live: LiveTable, calls: list[Action]) -> None:
    """Make these calls, then everyone passes; any play is the lowest legal card (the timeout move)."""
    hand_no = live.row.hand_no
    for call in calls:
        await _act(service, live, call)
    while live.row.hand_no == hand_no and live.row.deal is not None:
        seat = live.engine.to_act()[0]
        await _act(service, live, live.engine.timeout_action(seat))


async def test_an_events_tables_share_each_board_and_compare_results(database: str) -> None:
    service = await _service(database)
    duplicate = {"scoring": "duplicate", "event": "club-night"}
    first = await _table(service, 100, duplicate)
    second = await _table(service, 200, duplicate)
    other_event = await _table(service, 300, {"scoring": "duplicate", "event": "elsewhere"})
    assert first.row.deal.event_key == "1"
    assert first.engine.dealt == second.engine.dealt, "same event, same board: the same cards"
    assert first.row.deal.seed == second.row.deal.seed
    board_one_seed = first.row.deal.seed
    assert first.engine.dealt != other_event.engine.dealt

    await _play_out(service, first, [Action("bid", target="1NT")])
    posted = service.presenter.posted  # type: ignore[attr-defined]
    assert posted == [] and first.withheld, "board 1 is held back while the second table plays it"
    assert "Board 1 done; its results come when every table of event club-night has played it." in first.log
    assert not any("1NT" in line for line in first.log), "the play of the board is not shown"
    service.presenter.updated.clear()  # type: ignore[attr-defined]
    await _play_out(service, second, [])  # passed out: four passes
    await until(lambda: not first.tasks and not second.tasks)  # the refresh of board 1's tables
    assert first.withheld is False and second.withheld is False
    assert first.id in service.presenter.updated, "the first table's message shows board 1 again"  # type: ignore[attr-defined]
    assert not first.tasks, "the refresh was the table's own task while it ran, and let go once done"
    assert sorted(channel for channel, _ in posted) == [100, 200], "both tables' channels get the results"
    assert posted[0][1] == posted[1][1]

    rows = await service.storage.event_results(GUILD, "club-night", "1")
    assert [r.table_id for r in rows] == [first.id, second.id]
    assert rows[0].players[0].name == f"u{100 * 10}"
    expected = results_table(1, [TableResult(f"#{r.table_id}", ContractResult(**r.result)) for r in rows])
    assert rows[1].result["level"] == 0 and expected[1]["ns_score"] == 0
    report = posted[0][1]
    assert report.startswith("Event `club-night`, board 1: every table has played it.")
    for row in expected:
        assert f"{row['ns_mp']:>5} {row['ew_mp']:>5}" in report
    assert expected[0]["ns_mp"] + expected[1]["ns_mp"] == 2  # a top of 2 between two tables
    assert "NS u1000 (N) & u1002 (S), EW u1001 (E) & u1003 (W)" in report

    # The next board follows at both tables, again with the same cards (and not board 1's).
    await service.tick()
    assert first.row.deal.event_key == second.row.deal.event_key == "2"
    assert first.engine.dealt == second.engine.dealt
    assert first.row.deal.seed != board_one_seed and first.engine.board_no == 2
    assert await service.storage.event_results(GUILD, "club-night", "2") == []


async def test_an_event_holds_exactly_the_tables_opened_in_it(database: str) -> None:
    service = await _service(database)
    await _table(service, 50, {"scoring": "rubber"})  # opened first, in no event: table ids and event rows differ
    first = await _table(service, 100, {"scoring": "duplicate", "event": "club-night"})
    second = await _table(service, 200, {"scoring": "duplicate", "event": "club-night"})
    state = await service.storage.event_state(GUILD, "club-night")
    assert state is not None and sorted(state.tables) == [first.id, second.id]
    await _play_out(service, first, [])
    await _play_out(service, second, [])
    await until(lambda: not first.tasks and not second.tasks)
    assert sorted(channel for channel, _ in service.presenter.posted) == [100, 200], \
        "board 1's results once both of the event's tables played it"  # type: ignore[attr-defined]


async def test_duplicate_tables_outside_an_event_deal_their_own_cards(database: str) -> None:
    """Duplicate scoring without an event name shares nothing: two such tables' board 1 differ."""
    service = await _service(database)
    first, second = [await _table(service, c, {"scoring": "duplicate"}) for c in (100, 200)]
    assert first.engine.board_no == second.engine.board_no == 1
    assert first.engine.dealt != second.engine.dealt and first.row.deal.seed != second.row.deal.seed


async def test_an_event_table_resumes_its_shared_board_after_a_restart(database: str) -> None:
    path = database
    service = await _service(path)
    live = await _table(service, 100, {"scoring": "duplicate", "event": "e", "board": 7})
    dealt = live.engine.dealt
    await _act(service, live, Action("bid", target="2C"))
    restarted = await _service(path)
    await restarted.restore()
    again = restarted.tables[live.id]
    assert again.engine.dealt == dealt and again.engine.board_no == 7 and again.row.deal.event_key == "7"
    late = await _table(restarted, 400, {"scoring": "duplicate", "event": "e", "board": 7})
    assert late.engine.dealt == dealt


def test_deal_keys_and_reports() -> None:
    assert deal_key({"scoring": "rubber"}, {}) is None
    assert deal_key({"scoring": "duplicate", "board": 3}, {}) == "3"
    assert deal_key({"scoring": "duplicate", "board": 3}, {"board": 4}) == "4"
    players = tuple(EventPlayer(i, n) for i, n in enumerate("NESW"))
    made = {"level": 4, "strain": "S", "doubled": 0, "declarer": 0, "tricks": 10}
    down = {"level": 4, "strain": "S", "doubled": 1, "declarer": 0, "tricks": 9}
    text = event_report("1", [EventResult("1", 1, 1, players, made), EventResult("1", 2, 1, players, down)])
    assert "Board 1" in text and "4S" in text and "4SX" in text
    assert "420" in text and "100" in text  # 4S made non-vulnerable; one down doubled
    assert "11.00" in text  # 420 - (-100) = 520 -> 11 IMPs


def test_standings_add_each_pairs_matchpoints_and_imps_over_the_boards() -> None:
    def seats(ns: tuple[int, int], ew: tuple[int, int]) -> tuple[EventPlayer, ...]:
        return _seats((ns[0], ew[0], ns[1], ew[1]))

    made = {"level": 4, "strain": "S", "doubled": 0, "declarer": 0, "tricks": 10}   # NS +420
    down = {"level": 4, "strain": "S", "doubled": 0, "declarer": 0, "tricks": 9}    # NS -50
    rows = [
        EventResult("1", 1, 1, seats((1, 2), (3, 4)), made),
        EventResult("1", 2, 1, seats((5, 6), (7, 8)), down),
        # board 2: the pairs swap directions
        EventResult("2", 1, 2, seats((3, 4), (2, 1)), down),
        EventResult("2", 2, 2, seats((7, 8), (6, 5)), made),
        EventResult("3", 1, 3, seats((1, 2), (3, 4)), made),  # one table only
    ]
    text = event_standings(rows)
    lines = text.strip("`\n").splitlines()
    assert lines[0].split() == ["Pair", "Boards", "MP", "%", "IMPs"]
    table = {line[:32].strip(): line[32:].split() for line in lines[1:]}
    # board 1 (nobody vulnerable): +420 against -50 is 470, 10 IMPs; board 2 (NS vulnerable):
    # +620 against -100 is 720, 12 IMPs. Pairs 1-2 and 7-8 won both boards, whatever their direction.
    assert table["p1 & p2"] == ["2", "4", "100.0%", "22.00"]
    assert table["p7 & p8"] == ["2", "4", "100.0%", "22.00"]
    assert table["p3 & p4"] == ["2", "0", "0.0%", "-22.00"]
    assert table["p5 & p6"] == ["2", "0", "0.0%", "-22.00"]
    assert [line[:32].strip() for line in lines[1:3]] == ["p1 & p2", "p7 & p8"]
    assert len(table) == 4, "board 3 was played at one table only: nothing to compare"
    assert event_standings(rows[-1:]) == "No board has been finished at two tables yet."


def test_a_report_of_many_tables_fits_one_message() -> None:
    players = _seats((0, 1, 2, 3), "A rather long player name {}")
    result = {"level": 3, "strain": "NT", "doubled": 0, "declarer": 2, "tricks": 9}
    rows = [EventResult("5", 1000 + t, 1, players, result) for t in range(60)]
    text = event_report("5", rows)
    assert len(text) <= 1900 and text.startswith("```\nBoard 5") and text.count("```") == 2
    assert "#1059" in text, "the newest result is always shown"
    short = event_report("5", rows[:2])
    assert short.count(": NS ") == 2, "with few tables every pair line fits"


def test_standings_of_many_pairs_fit_one_message() -> None:
    made = {"level": 1, "strain": "NT", "doubled": 0, "declarer": 0, "tricks": 7}
    rows = [EventResult("1", t, 1, _seats((4 * t, 4 * t + 1, 4 * t + 2, 4 * t + 3), "Player number {}"), made)
            for t in range(40)]
    text = event_standings(rows)
    assert len(text) <= REPORT_LIMIT and text.endswith("more pairs\n```")
    lines = text.strip("`\n").splitlines()
    more = int(re.fullmatch(r"\.\.\. and (\d+) more pairs", lines[-1])[1])  # type: ignore[index]
    assert len(lines) - 2 + more == 80, "every one of the 80 pairs is listed or counted"
    assert len(text) + len(lines[1]) + 1 > REPORT_LIMIT, "as many pairs are listed as fit"


async def test_a_closed_table_holds_nothing_back_and_a_closed_event_reveals_the_rest(
        database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(desk, "MAX_REPORTS", 1)  # one board revealed at a time: no "and the rest" line
    service = await _service(database)
    posted = service.presenter.posted  # type: ignore[attr-defined]
    duplicate = {"scoring": "duplicate", "event": "pairs"}
    first, second, third = [await _table(service, c, duplicate) for c in (100, 200, 300)]
    await _play_out(service, first, [])
    await _play_out(service, second, [])
    assert posted == [], "the third table still plays board 1"
    await third.commands.cancel(third.row.host_id, can_manage=False)
    assert sorted(c for c, _ in posted) == [100, 200], "a cancelled table no longer holds board 1 back"
    assert all("board 1" in text for _, text in posted)
    with pytest.raises(UserError, match="results are out"):
        await _table(service, 400, duplicate)

    await service.tick()  # board 2 at the two open tables; the first one finishes it
    await _play_out(service, first, [])
    posted.clear()
    closed, revealed = await service.close_event(GUILD, "pairs")
    assert closed == 2 and revealed == ["2"] and service.in_channel(100) is None and service.in_channel(200) is None
    assert sorted(c for c, _ in posted) == [100, 200], "one report in each channel"
    assert all(f"is closed: board 2's results. Not played at #{second.id}, #{third.id}." in text
               for _, text in posted)
    with pytest.raises(UserError, match="closed"):
        await service.close_event(GUILD, "pairs")
    with pytest.raises(UserError, match="^Event `pairs` is closed. Pick a new event name.$"):
        await _table(service, 500, duplicate)


async def test_a_closed_event_reports_boards_a_lobby_held_back_and_a_board_nobody_finished(database: str) -> None:
    """A table still in its lobby holds board 1 back until the event closes, and is not named as
    missing it (it dealt nothing); board 2, in play at the only table that dealt it, has no results."""
    service = await _service(database)
    posted = service.presenter.posted  # type: ignore[attr-defined]
    duplicate = {"scoring": "duplicate", "event": "lobby"}
    first = await _table(service, 100, duplicate)
    await service.create(GUILD, 200, "bridge", 2000, "u2000", duplicate)  # never started
    await _play_out(service, first, [])
    assert posted == [], "the table in its lobby holds board 1 back"
    await service.tick()
    assert first.row.deal is not None and first.row.deal.event_key == "2"
    assert await service.close_event(GUILD, "lobby") == (2, ["1", "2"])
    board_one = event_report("1", await service.storage.event_results(GUILD, "lobby", "1"))
    for channel in (100, 200):
        assert [text for c, text in posted if c == channel] == [
            f"Event `lobby` is closed: board 1's results.\n{board_one}",
            f"Event `lobby` is closed: board 2's results. Not played at #{first.id}.\n"]


async def test_a_closed_event_posts_the_first_boards_and_points_to_the_rest(
        database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``MAX_REPORTS`` boards revealed at once, one line names the rest (the cap made 2 here)."""
    monkeypatch.setattr(desk, "MAX_REPORTS", 2)
    service = await _service(database)
    posted = service.presenter.posted  # type: ignore[attr-defined]
    duplicate = {"scoring": "duplicate", "event": "many"}
    fast, slow = [await _table(service, c, duplicate) for c in (100, 200)]
    for _ in range(3):  # the slow table never finishes board 1: nothing is revealed
        await _play_out(service, fast, [])
        await service.tick()
    assert posted == [] and await service.reveal_event_deals(GUILD, "never-held") == []
    closed, revealed = await service.close_event(GUILD, "many")
    assert (closed, revealed) == (2, ["1", "2", "3", "4"]), "board 4 was dealt at the fast table"
    for channel in (100, 200):
        texts = [text for c, text in posted if c == channel]
        assert [t.split("\n")[0] for t in texts[:2]] == [
            f"Event `many` is closed: board {n}'s results. Not played at #{slow.id}." for n in (1, 2)]
        assert texts[2:] == ["... and boards 3-4: see `/bridge results`.\n"]
        for n in (1, 2):  # each board's report holds that board's results alone
            rows = await service.storage.event_results(GUILD, "many", str(n))
            assert len(rows) == 1 and texts[n - 1].split("\n", 1)[1] == event_report(str(n), rows)


async def test_closing_an_event_skips_a_table_closed_while_it_waited(database: str) -> None:
    """/cancel got a table's lock first: /bridge close-event goes on with the event's other tables."""
    service = await _service(database)
    duplicate = {"scoring": "duplicate", "event": "race"}
    first, second = [await _table(service, c, duplicate) for c in (100, 200)]
    async with first.lock:
        cancel = asyncio.create_task(first.commands.cancel(first.row.host_id, can_manage=False))
        await asyncio.sleep(0.01)
        close = asyncio.create_task(service.close_event(GUILD, "race"))
        await asyncio.sleep(0.01)
    await cancel
    closed, _ = await close
    assert closed == 1 and service.in_channel(100) is None and service.in_channel(200) is None


def test_which_deals_are_revealed() -> None:
    tables = {1: (10, "playing", 3), 2: (20, "playing", 2), 3: (30, "closed", 1)}
    state = EventState(tables, {"1": True, "2": False, "3": False}, {1: {"1", "2"}, 2: {"1"}, 3: {"1"}}, False)
    assert deals_to_reveal(state) == [], "table 2 plays board 2, nobody but table 1 has board 3"
    state.finished[2].add("2")
    assert deals_to_reveal(state) == ["2"], "the closed table 3 holds nothing back"
    state.closed = True
    assert deals_to_reveal(state) == ["2", "3"] and not_played(state, "3") == [1, 2, 3]
    assert join_refusal(None, "x") is None and "closed" in str(join_refusal(state, "x"))
    state.closed = False
    assert join_refusal(state, "x") == ("Event `x` already has boards whose results are out: a new table would play "
                                        "them. Pick a new event name.")
    many = EventState({1: (10, "playing", 10)}, {"2": False, "10": False}, {1: {"2", "10"}}, False)
    assert deals_to_reveal(many) == ["2", "10"], "in play order, not as text"


async def test_the_export_leaves_a_secret_board_out(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    """python -m bot export asks the same rule: a board other tables still play is not printed."""
    from bot.__main__ import _export

    path = database
    service = await _service(path)
    duplicate = {"scoring": "duplicate", "event": "pairs"}
    first, second = [await _table(service, c, duplicate) for c in (100, 200)]
    await _play_out(service, first, [])
    assert await _export(first.id, path) == 0
    printed = capsys.readouterr()
    assert "hand 1: an event board not every table has played yet" in printed.err and "[Board" not in printed.out
    await _play_out(service, second, [])
    assert await _export(first.id, path) == 0
    assert '[Board "1"]' in capsys.readouterr().out


def _seats(ids: tuple[int, int, int, int], names: str = "p{}") -> tuple[EventPlayer, ...]:
    """Players N, E, S, W by user id, named after it."""
    return tuple(EventPlayer(i, names.format(i)) for i in ids)


def _contract(level: int, tricks: int) -> dict[str, Any]:
    """Spades by North, undoubled."""
    return {"level": level, "strain": "S", "doubled": 0, "declarer": 0, "tricks": tricks}


def test_a_report_is_the_boards_table_in_a_code_block_then_who_sat_where() -> None:
    rows = [EventResult("1", t, 1, _seats((t, t + 1, t + 2, t + 3)), _contract(4, 10 - t % 2)) for t in (10, 11)]
    table = format_results_table(1, results_table(1, [TableResult(f"#{r.table_id}", ContractResult(**r.result))
                                                       for r in rows]))
    assert event_report("1", rows) == ("```\n" + table + "\n```"
                                       "\n#10: NS p10 (N) & p12 (S), EW p11 (E) & p13 (W)"
                                       "\n#11: NS p11 (N) & p13 (S), EW p12 (E) & p14 (W)")


@pytest.mark.parametrize("board", ["5", "10001", "100001"])  # headings of 25, 31 and 32 characters
def test_a_report_too_long_for_one_message_keeps_as_many_of_the_newest_results_as_fit(board: str) -> None:
    rows = [EventResult(board, 1000 + t, 1, _seats((1, 2, 3, 4)), _contract(3, 9)) for t in range(60)]
    report = event_report(board, rows)
    shown = re.findall(r"^#\d+ .*$", report, re.MULTILINE)
    assert 10 < len(shown) < 60
    assert [row.split()[0] for row in shown] == [f"#{1000 + t}" for t in range(60 - len(shown), 60)], \
        "the oldest results go first"
    table = report[:report.rindex("```") + 3]
    assert len(report) <= REPORT_LIMIT < len(table) + len(shown[0]) + 1, "one row more would not fit"


def test_who_sat_where_is_shown_for_every_table_while_it_fits_in_the_message() -> None:
    """Names padded so that the whole report takes exactly REPORT_LIMIT characters: every pair
    line fits; one character more and the last table's line is left out."""
    def report(extra: int) -> str:
        names = [f"Player {1 + n % 4}" for n in range(13 * 4)]
        for n in range(extra):                     # a character more to each name in turn
            names[n % len(names)] += "x"
        rows = [EventResult("3", t, 1, tuple(EventPlayer(1 + k, names[4 * (t - 1) + k]) for k in range(4)),
                            _contract(2, 8)) for t in range(1, 14)]
        return event_report("3", rows)

    room = REPORT_LIMIT - len(report(0))
    assert 0 < room < 52 * 20 and report(0).count(": NS ") == 13
    assert len(report(room)) == REPORT_LIMIT and report(room).count(": NS ") == 13
    assert report(room + 1).count(": NS ") == 12


def test_standings_skip_a_board_played_at_one_table_whichever_board_it_is() -> None:
    rows = [EventResult("1", 1, 1, _seats((1, 2, 3, 4)), _contract(4, 10)),
            *(EventResult("2", t, 2, _seats((t, t + 1, t + 2, t + 3)), _contract(4, 10)) for t in (1, 5))]
    lines = event_standings(rows).strip("`\n").splitlines()[1:]
    assert {line[:32].strip(): line[32:].split()[0] for line in lines} == {
        "p1 & p3": "1", "p2 & p4": "1", "p5 & p7": "1", "p6 & p8": "1"}, "board 2's pairs, one board each"


def test_standings_of_three_tables_share_a_top_of_four_and_average_the_imps() -> None:
    """Board 1, nobody vulnerable: NS +420 (4S made), +140 (3S made) and -50 (4S one down). Against
    the others, +420 wins 470 (10 IMPs) and 280 (7 IMPs): 8.5 on average; +140 loses 7 and wins
    190 (5 IMPs): -1; -50 loses 10 and 5: -7.5. Matchpoints: 2 for each table beaten, top 4."""
    long_names = "A player with a long name {}"
    rows = [EventResult("1", 1, 1, _seats((1, 2, 3, 4), long_names), _contract(4, 10)),
            EventResult("1", 2, 1, _seats((5, 6, 7, 8)), _contract(3, 9)),
            EventResult("1", 3, 1, _seats((9, 10, 11, 12)), _contract(4, 9))]
    lines = event_standings(rows).strip("`\n").splitlines()
    assert all(len(line) == len(lines[0]) for line in lines), "names are cut to the Pair column"
    assert [line[32:].split() for line in lines[1:]] == [
        ["1", "4", "100.0%", "8.50"],      # table 1 NS, first: at 100% with more IMPs
        ["1", "4", "100.0%", "7.50"],      # table 3 EW
        ["1", "2", "50.0%", "1.00"],       # table 2 EW
        ["1", "2", "50.0%", "-1.00"],      # table 2 NS
        ["1", "0", "0.0%", "-7.50"],       # table 3 NS
        ["1", "0", "0.0%", "-8.50"],       # table 1 EW
    ]
    assert lines[1].startswith("A player with a long name 1 & A ")
