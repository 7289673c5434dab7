"""A multi-table tournament of computer players played to the end with late registrations and
re-entries during play, its tables finishing hands concurrently (the service's tick runs every due
table at once), and restarts (everything reloaded from storage) while registration is open and in the
money, with every invariant checked after every hand and every step (``tests.support.mtt_rig``):

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

import pytest

from bot.service.tournament import places as mtt_places, register as mtt_register
from bot.service.tournament.multi_table import Tournament
from bot.service.tables import TableService
from tests.service.tournament.test_multi_table import settings
from tests.support.mtt_rig import RecordingMttPresenter, Watch, check_chips, check_final, check_places, check_seats
from tests.support.service_rig import GUILD, Clock, open_service


async def _reopen(service: TableService, path: str, clock: Clock, mtt: Tournament) -> tuple[TableService, Tournament]:
    """A restart: the service and its tournament loaded from storage (threads opened by the same Discord)."""
    await service.storage.close()
    service = await open_service(path, clock, mtt_presenter=service.mtts.presenter)
    return service, service.mtts.running[mtt.id]


async def test_a_tournament_with_late_entries_and_re_entries_keeps_every_invariant_to_the_end(
        tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, clock = str(tmp_path / "mtt.db"), Clock()
    watch = Watch(monkeypatch.setattr)
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
        check_places(mtt)
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
    assert not placed_while_waiting and watch.dealt > 100 and watch.checks > 100
    assert watch.most >= 2, "tables ended deals at once"
    assert mtt.entries_paid() > len(mtt.entries) > 27, "re-entries and late entrants both played"
    assert any(e.entries > 1 and e.prize for e in mtt.entries.values()), "a player who re-entered was paid"
    check_final(mtt)
    stored_entries = {e.user_id: (e.place, e.prize) for e in await service.storage.mtt_entries(mtt.id)}
    assert stored_entries == {e.user_id: (e.place, e.prize) for e in mtt.entries.values()}, "as stored"
    assert await service.storage.total_chips() == wallets
