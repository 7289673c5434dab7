"""Two tables of one tournament writing it at once (`bot/storage/mtt_store.py`): their transactions'
writes are queued and sent at commit, so one table's transaction can commit after another's although it
took its copy of the tournament first. What is stored after both commit must be the tournament as it
is: the pool moved by deltas with the wallet chips, the row and the entries never overwritten by an
older copy; a reload (a restart) finds the pool, the state and the places as they are in memory."""
from __future__ import annotations

import asyncio

from bot.service.tournament import places as mtt_places, register
from bot.service.tournament.multi_table import Tournament
from bot.service.tables import TableService
from tests.service.tournament.test_multi_table import settings
from tests.support.mtt_rig import RecordingMttPresenter
from tests.support.service_rig import GUILD, Clock, open_service


async def _started(tmp_path, players: int = 27) -> tuple[TableService, Tournament, str]:
    path = str(tmp_path / "mtt.db")
    service = await open_service(path, Clock(), mtt_presenter=RecordingMttPresenter())
    mtt = await service.mtts.create(GUILD, 80, 1, "Bubble", "holdem", settings())
    await register.add_bots(mtt, players)
    await register.start(mtt)
    return service, mtt, path


async def test_a_table_committing_after_another_never_writes_back_an_older_pool_state_or_entry(tmp_path) -> None:
    service, mtt, path = await _started(tmp_path)
    wallets = await service.storage.total_chips()
    paid, moved = mtt.entries[-14], mtt.entries[-3]
    paid.table_id = None  # knocked out at table A on the bubble

    async def table_a() -> None:  # its deal pays a place from the pool; its first trip holds the connection
        async with service.storage.transaction() as tx:
            await mtt_places.pay(mtt, tx, [(paid.user_id, 14, 108)])
            mtt.state.knockouts = 5  # after the prize
            await tx.save_mtt(mtt.row, [paid, moved])

    async def table_b() -> None:  # took its copy before A paid, and commits after A
        async with service.storage.transaction() as tx:
            mtt.state.bots = 7  # before the prize
            await tx.save_mtt(mtt.row, [moved])

    await asyncio.gather(table_a(), table_b())
    assert mtt.row.pool == 2700 - 108
    stored = await service.storage.mtt(mtt.id)
    assert stored is not None and stored.pool == mtt.row.pool, "the pool in storage is what is left"
    assert (stored.state.knockouts, stored.state.bots) == (5, 7)
    assert await service.storage.total_chips() == wallets, "wallets and pool: no chip created"
    await service.storage.close()
    again = await open_service(path, Clock(), mtt_presenter=RecordingMttPresenter())
    reloaded = again.mtts.running[mtt.id]
    assert reloaded.row.pool == 2700 - 108 and reloaded.entries[-14].place == 14
    assert reloaded.entries[-14].prize == 108 and reloaded.state.knockouts == 5
