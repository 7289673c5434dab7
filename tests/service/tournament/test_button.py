"""The button and the blinds at a multi-table tournament's tables (``docs/tournaments.md``, "The button
and the blinds"): the big blind moves one occupied chair forward every hand, the small blind is the
chair that had the big blind, the button the chair that had the small blind, dead when its player is
gone. Checked from the hands as stored (who pokerkit made post what), across knock-outs, arrivals from
late registration and broken tables, balancing moves and a break."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from pokerkit import BlindOrStraddlePosting

from bot.games.base import Seat
from bot.exports import pokerstars_hand
from bot.registry import game
from bot.service.table import presence
from bot.service.tournament import dead_button, register
from bot.service.tournament.dead_button import between
from bot.service.table.live import LiveTable
from bot.service.tournament.multi_table import Tournament
from bot.service.table.seats import unseat
from bot.service.tables import TableService
from bot.storage.records import StoredHand
from tests.service.tournament.test_multi_table import settings
from tests.support.mtt_rig import RecordingMttPresenter
from tests.support.service_rig import ALICE, CHANNEL, GUILD, Clock, open_service


@dataclass(frozen=True)
class Posted:
    """Who posted what in one stored hand, by player and by chair."""

    hand_no: int
    small_blind: int | None
    big_blind: int
    dealer: int
    chairs: dict[int, int]  # every player dealt in -> their chair

    @property
    def big_blind_chair(self) -> int:
        return self.chairs[self.big_blind]


def posted(hand_no: int, stored: StoredHand, chairs: dict[int, int]) -> Posted:
    """The blinds pokerkit posted in a stored hand of a game with blinds, rebuilt from its record."""
    record = stored.record
    seats = [Seat(name=n, stack=s, is_bot=b) for n, s, b in zip(record["names"], record["stacks"], record["bots"])]
    engine = game(stored.game).engine(dict(record["settings"]), seats, stored.seed, dict(record["carry"]))
    users = record["users"]
    blinds = engine.state.blinds_or_straddles  # by player; heads-up pokerkit reads them the other way round
    nominal = (lambda p: blinds[p]) if len(users) > 2 else (lambda p: blinds[1 - p])
    posts = sorted((op for op in engine.state.operations if isinstance(op, BlindOrStraddlePosting)),
                   key=lambda op: nominal(op.player_index))  # a short big blind may post less than the small
    by_user = [users[engine._seat_of(op.player_index)] for op in posts]
    small = by_user[0] if len(posts) == 2 else None
    return Posted(hand_no, small, by_user[-1], users[engine.dealer], {u: chairs[u] for u in users})


class Watch:
    """Each chair's player as last seen (a player knocked out leaves with the hand that ended it)."""

    def __init__(self) -> None:
        self.chairs: dict[int, int] = {}

    def look(self, mtt: Tournament) -> None:
        for table in mtt.live_tables():
            for seat in table.row.seats:
                assert seat.chair is not None
                self.chairs[seat.user_id] = seat.chair

    async def hands(self, service: TableService, table_id: int) -> list[Posted]:
        return [posted(hand_no, stored, self.chairs) for hand_no, stored in await service.storage.hand_records(table_id)]


async def play_until(service: TableService, clock: Clock, watch: Watch, mtt: Tournament, table: LiveTable,
                     hands: int) -> None:
    """Tick the service until ``table`` has finished ``hands`` hands."""
    for _ in range(10_000):
        if table.row.hand_no >= hands and table.row.deal is None:
            return
        watch.look(mtt)
        clock.now += 1
        await service.tick()
        watch.look(mtt)
    raise AssertionError(f"table {table.id} did not finish {hands} hands")


def knock_out(mtt: Tournament, table: LiveTable, user: int) -> None:
    """``user`` leaves the table as a player knocked out does between hands (their chips to another
    player of the table, so that the tournament's chips stay whole)."""
    index = table.seat_index(user)
    assert index is not None
    heir = next(s for s in table.row.seats if s.user_id != user)
    heir.stack += table.row.seats[index].stack
    unseat(table, index)
    entry = mtt.entries[user]
    entry.table_id, entry.place = None, len(mtt.entries)


async def test_a_knocked_out_button_and_arrivals_around_it_move_neither_the_button_back_nor_a_blind_twice(
        tmp_path) -> None:
    clock, watch = Clock(), Watch()
    service = await open_service(str(tmp_path / "mtt.db"), clock, mtt_presenter=RecordingMttPresenter())
    mtt = await service.mtts.create(GUILD, 80, 1, "Button", "holdem", settings(seats=6, late_levels=3))
    await register.add_bots(mtt, 4)
    await register.start(mtt)
    [table] = mtt.live_tables()
    await play_until(service, clock, watch, mtt, table, 1)
    [first] = await watch.hands(service, table.id)
    assert first.small_blind is not None
    knock_out(mtt, table, first.dealer)
    await register.add_bots(mtt, 3)  # late registrants: the table's empty chairs fill around the button's
    await play_until(service, clock, watch, mtt, table, 2)
    second = (await watch.hands(service, table.id))[1]
    assert second.small_blind != first.small_blind, "nobody posts the small blind twice in a row"
    assert second.small_blind == first.big_blind, "the small blind is the chair that had the big blind"
    assert second.big_blind_chair == next_occupied(second.chairs, first.big_blind_chair), \
        "the big blind moves one occupied chair forward"


async def test_a_knocked_out_big_blind_leaves_a_dead_small_blind_and_the_table_is_told(tmp_path) -> None:
    clock, watch = Clock(), Watch()
    service = await open_service(str(tmp_path / "mtt.db"), clock, mtt_presenter=RecordingMttPresenter())
    mtt = await service.mtts.create(GUILD, 80, 1, "Dead", "holdem", settings(seats=6))
    await register.add_bots(mtt, 5)
    await register.start(mtt)
    [table] = mtt.live_tables()
    notes: list[str] = []
    keep = table.note
    table.note = lambda line: (notes.append(line), keep(line))[-1]  # type: ignore[method-assign]
    await play_until(service, clock, watch, mtt, table, 1)
    [first] = await watch.hands(service, table.id)
    knock_out(mtt, table, first.big_blind)
    await play_until(service, clock, watch, mtt, table, 2)
    second = (await watch.hands(service, table.id))[1]
    assert second.small_blind is None, "nobody posts the small blind of a player who is out"
    assert second.dealer == first.small_blind, "the button goes to last hand's small blind"
    assert second.big_blind_chair == next_occupied(second.chairs, first.big_blind_chair)
    assert "No small blind this hand: the player who had the big blind no longer plays at this table (a dead " \
           "small blind)." in notes


def next_occupied(chairs: dict[int, int], after: int) -> int:
    """The first chair clockwise after ``after`` with a player dealt in."""
    taken = sorted(chairs.values())
    return next((c for c in taken if c > after), taken[0])


@dataclass
class Dealt:
    """A deal as it started: its positions, and every player with chips at the table by chair."""

    table_id: int
    hand_no: int
    positions: dead_button.Positions
    chairs: dict[int, int]  # player with chips -> chair
    dealt: set[int]
    posted: Posted | None = None


@dataclass
class Deals:
    """Every deal of a tournament as it started, by table (``presence.place_the_button`` watched)."""

    by_table: dict[int, list[Dealt]] = field(default_factory=dict)

    def watch(self, monkeypatch: pytest.MonkeyPatch) -> None:
        place = presence.place_the_button

        def watched(table: LiveTable, candidates: list[int], carry: dict[str, Any]) -> list[int]:
            dealt = place(table, candidates, carry)
            seats = table.row.seats
            chairs = {s.user_id: dead_button.chair_of(table, i) for i, s in enumerate(seats) if s.stack > 0}
            self.by_table.setdefault(table.id, []).append(Dealt(
                table.id, table.row.hand_no + 1, dead_button.Positions(*carry[dead_button.KEY]), chairs,
                {seats[i].user_id for i in dealt}))
            return dealt
        monkeypatch.setattr(presence, "place_the_button", watched)


def check_table(deals: list[Dealt]) -> tuple[int, int, int]:
    """Every deal of one table against the dead-button rule and the blinds pokerkit posted, each
    against the one before: (deals, dead small blinds, dead buttons)."""
    dead_small = dead_buttons = 0
    for last, deal in zip([None, *deals], deals):
        assert deal.posted is not None, f"table {deal.table_id} hand {deal.hand_no} was not stored"
        position, posted, where = deal.positions, deal.posted, f"table {deal.table_id} hand {deal.hand_no}"
        at = {chair: user for user, chair in deal.chairs.items()}
        assert posted.big_blind == at[position.big_blind], f"{where}: the big blind is posted on its chair"
        if len(deal.dealt) > 2 and position.small_blind not in at:
            dead_small += 1
            assert posted.small_blind is None, f"{where}: a dead small blind is posted by nobody"
        else:
            assert posted.small_blind == at[position.small_blind], f"{where}: the small blind is posted on its chair"
        dead_buttons += len(deal.dealt) > 2 and position.button not in at
        if last is None or last.hand_no != deal.hand_no - 1:
            continue
        assert last.posted is not None
        stayed = set(last.chairs) & set(deal.chairs)
        stayed = {u for u in stayed if last.chairs[u] == deal.chairs[u]}
        assert not any(between(last.positions.big_blind, deal.chairs[u], position.big_blind) for u in stayed), \
            f"{where}: the big blind moved one occupied chair, skipping nobody who stayed"
        assert posted.big_blind != last.posted.big_blind, f"{where}: nobody posts the big blind twice in a row"
        if len(deal.dealt) > 2:  # going heads-up the button's small blind may repeat (the TDA allows it)
            assert posted.small_blind is None or posted.small_blind != last.posted.small_blind, \
                f"{where}: nobody posts the small blind twice in a row"
    return len(deals), dead_small, dead_buttons


def check_pokerstars(deal: Dealt, text: str) -> None:
    """A PokerStars file of the deal numbers its players by their seats, the button's seat even when
    nobody sits in it, and names the blinds by who posted them."""
    dealt_chairs = {deal.chairs[u] for u in deal.dealt}
    assert {int(line.split(":")[0].split()[1]) - 1 for line in text.splitlines()
            if line.startswith("Seat ") and " in chips)" in line} == dealt_chairs
    assert f"Seat #{deal.positions.button + 1} is the button" in text
    if len(deal.dealt) > 2 and deal.positions.button not in dealt_chairs:
        assert "(button)" not in text, "a dead button is nobody's"
    if len(deal.dealt) > 2 and deal.positions.small_blind not in dealt_chairs:
        assert "posts small blind" not in text


async def test_the_blinds_move_by_the_rule_through_knock_outs_moves_arrivals_a_break_and_a_restart(
        tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    deals = Deals()
    deals.watch(monkeypatch)
    path, clock = str(tmp_path / "mtt.db"), Clock()
    service = await open_service(path, clock, mtt_presenter=RecordingMttPresenter())
    mtt = await service.mtts.create(GUILD, 80, 1, "Orbit", "holdem",
                                    settings(seats=6, stack=3000, late_levels=3, break_every=1, break_minutes=1))
    await register.add_bots(mtt, 14)
    await register.start(mtt)
    late = restarted = False
    breaks = 0
    for step in range(20_000):
        clock.now += 1
        await service.tick()
        breaks += mtt.schedule.on_break(mtt.clock_seconds()) and step % 30 == 0
        if not late and step == 150 and mtt.registration_open():  # late registrants, to the tables with the fewest
            await register.add_bots(mtt, 6)
            late = True
        if not restarted and late and len(mtt.alive()) <= 10:
            await service.storage.close()
            service = await open_service(path, clock, mtt_presenter=RecordingMttPresenter())
            mtt = service.mtts.running[mtt.id]
            restarted = True
        if mtt.row.status == "finished":
            break
    assert mtt.row.status == "finished" and late and restarted and breaks
    assert mtt.state.moves["balance"] > 0 and mtt.state.moves["break"] > 0, mtt.state.moves
    totals = [0, 0, 0]
    for table_id, table_deals in deals.by_table.items():
        stored = dict(await service.storage.hand_records(table_id))
        for deal in table_deals:
            deal.posted = posted(deal.hand_no, stored[deal.hand_no], deal.chairs)
            check_pokerstars(deal, pokerstars_hand(table_id, deal.hand_no, stored[deal.hand_no], max_seats=6))
        totals = [a + b for a, b in zip(totals, check_table(table_deals))]
    hands, dead_small, dead_buttons = totals
    assert hands > 100 and dead_small > 0 and dead_buttons > 0, totals


@pytest.mark.parametrize("game_name", ["holdem", "omaha", "draw"])
async def test_a_sit_and_go_moves_its_blinds_by_the_same_rule(tmp_path, monkeypatch: pytest.MonkeyPatch,
                                                             game_name: str) -> None:
    deals = Deals()
    deals.watch(monkeypatch)
    clock = Clock()
    service = await open_service(str(tmp_path / "sng.db"), clock)
    settings = {"mode": "tournament", "buy_in": 200, "min_buy_in": 200, "level_hands": 2, "small_blind": 5,
                "big_blind": 10}
    live = await service.create(GUILD, CHANNEL, game_name, ALICE, "Ann", settings, None)
    for _ in range(6):
        await live.commands.add_bot(ALICE)
    await live.commands.start(ALICE)
    await live.commands.sit_out(ALICE)
    for _ in range(2000):
        if service.in_channel(CHANNEL) is None:
            break
        clock.now += 200
        await service.tick()
    assert service.in_channel(CHANNEL) is None, "the sit-and-go finished"
    stored = dict(await service.storage.hand_records(live.id))
    for deal in deals.by_table[live.id]:
        deal.posted = posted(deal.hand_no, stored[deal.hand_no], deal.chairs)
    hands, dead_small, dead_buttons = check_table(deals.by_table[live.id])
    assert hands == live.row.hand_no and dead_small + dead_buttons > 0, (hands, dead_small, dead_buttons)
