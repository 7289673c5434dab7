"""A multi-table tournament of computer players played to the end with late registrations and
re-entries during play, its tables finishing hands concurrently (the service's tick runs every due
table at once), and restarts (everything reloaded from storage) while registration is open and in the
money, with every invariant checked after every step:

- chips: the chips at its tables and on their way between them are every buy-in's stack;
- seats: every player still in sits at exactly one open table, or is on the way to one;
- balance: a table that deals owes no player to a table with two fewer (``mtt_seating.balance``: the
  fullest tables give theirs first), unless a table is about to break and bring its players;
- blinds: every table deals at the tournament's level;
- places: none given and no prize paid while registration is open; at the end one place per entrant,
  1..N in order of elimination (equal stacks knocked out in one hand share a place);
- prizes: each place's prize from the final pool, the winner's exactly the first; they add up to the
  pool paid in, and the pool ends empty;
- wallets + pool: the same in storage after every step, and the pool in storage is the one in memory.
"""
from __future__ import annotations

from typing import Any

import pytest

from bot.service import mtt_places, mtt_register, mtt_seating, mtt_tables
from bot.service.live import LiveTable
from bot.service.mtt import Tournament
from bot.service.tables import TableService
from tests.service.test_mtt import settings
from tests.support.mtt_rig import RecordingMttPresenter, check_chips
from tests.support.service_rig import GUILD, Clock, open_service


def check_seats(mtt: Tournament) -> None:
    """Every player still in is at exactly one open table or on the way to one; nobody else sits."""
    seated: dict[int, int] = {}
    for table in mtt.live_tables():
        for seat in table.row.seats:
            assert seat.user_id not in seated, f"{seat.user_id} sits at two tables"
            seated[seat.user_id] = table.id
    alive = {e.user_id: e for e in mtt.alive()}
    assert set(seated) <= set(alive), "only players still in sit"
    for user, entry in alive.items():
        if user in seated:
            assert entry.table_id == seated[user] and entry.chips == 0
        else:
            assert entry.chips > 0, f"{user} is in, seated nowhere and carries no chips"
            assert entry.table_id is None or entry.table_id in {t.id for t in mtt.live_tables()} \
                or mtt.service.tables.get(entry.table_id) is None  # a table opened for them, dealing soon


def check_places(mtt: Tournament, buy_in: int) -> None:
    """No place or prize before the field is fixed; places and prizes as the prize table says after."""
    if not mtt_places.field_fixed(mtt):
        assert all(e.place is None and e.prize == 0 for e in mtt.entries.values())
        assert mtt.row.pool == mtt.entries_paid() * buy_in
        return
    table = mtt.prize_table()
    placed = [e for e in mtt.entries.values() if e.place is not None]
    for place in {e.place for e in placed}:
        sharing = [e for e in placed if e.place == place]
        assert place is not None and sum(e.prize for e in sharing) == sum(table[place - 1:place - 1 + len(sharing)])
    assert sum(e.prize for e in placed) + mtt.row.pool == mtt.entries_paid() * buy_in


def check_final(mtt: Tournament, buy_in: int) -> None:
    places = sorted(e.place for e in mtt.entries.values() if e.place is not None)
    assert len(places) == len(mtt.entries), "one place per entrant"
    assert all(place == places.index(place) + 1 for place in places), f"places 1..N: {places}"
    winner = next(e for e in mtt.entries.values() if e.place == 1)
    assert winner.prize == mtt.prize_table()[0], "the winner gets exactly the first prize"
    assert sum(e.prize for e in mtt.entries.values()) == mtt.entries_paid() * buy_in and mtt.row.pool == 0


class BalanceCheck:
    """Wraps ``mtt_tables.before_deal``: a table that deals at a boundary owes no player for balance
    (counting players on their way), unless a table is to break; and it deals at the tournament's
    level."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.dealt = 0
        self.original = mtt_tables.before_deal
        monkeypatch.setattr(mtt_tables, "before_deal", self)

    async def __call__(self, table: LiveTable) -> tuple[dict[str, Any] | None, float | None]:
        stakes, later = await self.original(table)
        if stakes is not None:
            mtt = mtt_tables.tournament_of(table)
            tables = mtt.seating()
            if mtt_seating.table_to_break(tables, mtt.seats_per_table) is None:
                pending = [m for m in mtt_seating.balance(tables) if m.from_table == table.id]
                assert not pending, {t.id: len(t.players) for t in tables}
            assert stakes == mtt.stakes()
            self.dealt += 1
        return stakes, later


async def _reopen(service: TableService, path: str, clock: Clock, mtt: Tournament) -> tuple[TableService, Tournament]:
    """A restart: the service and its tournament loaded from storage (threads opened by the same Discord)."""
    await service.storage.close()
    service = await open_service(path, clock, mtt_presenter=service.mtts.presenter)
    return service, service.mtts.running[mtt.id]


async def test_a_tournament_with_late_entries_and_re_entries_keeps_every_invariant_to_the_end(
        tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, clock = str(tmp_path / "mtt.db"), Clock()
    balance = BalanceCheck(monkeypatch)
    service = await open_service(path, clock, mtt_presenter=RecordingMttPresenter())
    mtt = await service.mtts.create(GUILD, 80, 1, "Late", "holdem",
                                    settings(seats=6, late_levels=2, minutes=3, reentry=True, prizes=None))
    await mtt_register.add_bots(mtt, 27)
    wallets = await service.storage.total_chips()
    await mtt_register.start(mtt)
    restarts: list[str] = []
    late = reentered = placed_while_waiting = 0
    for step in range(20_000):
        clock.now += 1
        await service.tick()
        if mtt.registration_open():
            if step % 15 == 0:  # a newcomer
                late += len(await mtt_register.add_bots(mtt, 1))
            for user in sorted(mtt.waiting())[:1]:  # the first one waiting buys in again, up to twice
                if mtt.entries[user].entries < 3:
                    await mtt_register.register(mtt, user, mtt.entries[user].name, is_bot=True)
                    reentered += 1
        check_chips(mtt)
        check_seats(mtt)
        check_places(mtt, 100)
        stored = await service.storage.mtt(mtt.id)
        assert stored is not None and stored.pool == mtt.row.pool
        assert await service.storage.total_chips() == wallets
        placed_while_waiting |= bool(mtt.waiting()) and mtt_places.field_fixed(mtt)
        if mtt.row.status == "finished":
            break
        in_the_money = any(e.prize for e in mtt.entries.values())
        moment = "waiting" if mtt.waiting() and mtt.registration_open() else "in the money" if in_the_money else None
        if moment is not None and moment not in restarts:
            restarts.append(moment)
            service, mtt = await _reopen(service, path, clock, mtt)
            check_chips(mtt)
    assert mtt.row.status == "finished", f"not over after {step} seconds"
    assert late >= 3 and reentered >= 3 and restarts == ["waiting", "in the money"], (late, reentered, restarts)
    assert not placed_while_waiting and balance.dealt > 100
    assert mtt.entries_paid() > len(mtt.entries) > 27, "re-entries and late entrants both played"
    assert any(e.entries > 1 and e.prize for e in mtt.entries.values()), "a player who re-entered was paid"
    check_final(mtt, 100)
    stored_entries = {e.user_id: (e.place, e.prize) for e in await service.storage.mtt_entries(mtt.id)}
    assert stored_entries == {e.user_id: (e.place, e.prize) for e in mtt.entries.values()}, "as stored"
    assert await service.storage.total_chips() == wallets
