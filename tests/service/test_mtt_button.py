"""The button and the blinds at a multi-table tournament's tables (``docs/tournaments.md``, "The button
and the blinds"): the big blind moves one occupied chair forward every hand, the small blind is the
chair that had the big blind, the button the chair that had the small blind, dead when its player is
gone. Checked from the hands as stored (who pokerkit made post what), across knock-outs, arrivals from
late registration and broken tables, balancing moves and a break."""
from __future__ import annotations

from dataclasses import dataclass

from pokerkit import BlindOrStraddlePosting

from bot.games.base import Seat
from bot.registry import game
from bot.service import mtt_register
from bot.service.live import LiveTable
from bot.service.mtt import Tournament
from bot.service.seats import unseat
from bot.service.tables import TableService
from bot.storage.records import StoredHand
from tests.service.test_mtt import settings
from tests.support.mtt_rig import RecordingMttPresenter
from tests.support.service_rig import GUILD, Clock, open_service


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
    """The blinds pokerkit posted in a stored hold'em hand, rebuilt from its record."""
    record = stored.record
    seats = [Seat(name=n, stack=s, is_bot=b) for n, s, b in zip(record["names"], record["stacks"], record["bots"])]
    engine = game(stored.game).engine(dict(record["settings"]), seats, stored.seed, dict(record["carry"]))
    users = record["users"]
    posts = sorted((op for op in engine.state.operations if isinstance(op, BlindOrStraddlePosting)),
                   key=lambda op: op.amount)
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
    await mtt_register.add_bots(mtt, 4)
    await mtt_register.start(mtt)
    [table] = mtt.live_tables()
    await play_until(service, clock, watch, mtt, table, 1)
    [first] = await watch.hands(service, table.id)
    assert first.small_blind is not None
    knock_out(mtt, table, first.dealer)
    await mtt_register.add_bots(mtt, 3)  # late registrants: the table's empty chairs fill around the button's
    await play_until(service, clock, watch, mtt, table, 2)
    second = (await watch.hands(service, table.id))[1]
    assert second.small_blind != first.small_blind, "nobody posts the small blind twice in a row"
    assert second.small_blind == first.big_blind, "the small blind is the chair that had the big blind"
    assert second.big_blind_chair == next_occupied(second.chairs, first.big_blind_chair), \
        "the big blind moves one occupied chair forward"


def next_occupied(chairs: dict[int, int], after: int) -> int:
    """The first chair clockwise after ``after`` with a player dealt in."""
    taken = sorted(chairs.values())
    return next((c for c in taken if c > after), taken[0])
