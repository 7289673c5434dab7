"""A manager's hand on a multi-table tournament: pause and resume its clock, and cancel it.

A pause stops the clock (the blinds, the breaks, late registration) and every table's next deal; the
hands in progress are played out. A cancel gives every entrant their buy-ins back, as the sit-and-go
does; once a prize has been paid the pool no longer holds every buy-in, so a tournament in the money
is played out (or paused), not cancelled.
"""
from __future__ import annotations

from contextlib import AsyncExitStack

from bot.errors import UserError
from bot.service.table.live import LiveTable
from bot.service.tournament.multi_table import Tournament

CANCEL_IN_THE_MONEY = ("{name} is in the money: prizes have been paid, so it can't be cancelled with every "
                       "buy-in back. Pause it, or let it be played out.")


async def pause(mtt: Tournament) -> str:
    async with mtt.lock:
        if mtt.row.status != "playing":
            raise UserError(f"{mtt.row.name} is not being played.")
        if mtt.paused():
            raise UserError(f"{mtt.row.name} is already paused.")
        mtt.state.pauses.append((mtt.service.clock(), None))
        async with mtt.service.storage.transaction() as tx:
            await tx.save_mtt(mtt.row)
    mtt.spawn(mtt.presenter.show_mtt(mtt))
    mtt.spawn(mtt.presenter.announce_mtt(mtt, "paused"))
    return f"{mtt.row.name} is paused."


async def resume(mtt: Tournament) -> str:
    async with mtt.lock:
        if not mtt.paused():
            raise UserError(f"{mtt.row.name} is not paused.")
        mtt.state.pauses[-1] = (mtt.state.pauses[-1][0], mtt.service.clock())
        async with mtt.service.storage.transaction() as tx:
            await tx.save_mtt(mtt.row)
        mtt.wake_all()
    mtt.spawn(mtt.presenter.show_mtt(mtt))
    mtt.spawn(mtt.presenter.announce_mtt(mtt, "resumed"))
    return f"{mtt.row.name} goes on."


async def cancel(mtt: Tournament) -> str:
    """Every table closed (a hand in progress is void: its chips don't matter, they are tournament
    chips), every entry's buy-ins back in its wallet, in one transaction."""
    async with mtt.lock:
        if mtt.row.status not in ("registering", "playing"):
            raise UserError(f"{mtt.row.name} is over.")
        if any(e.prize for e in mtt.entries.values()):
            raise UserError(CANCEL_IN_THE_MONEY.format(name=mtt.row.name))
        tables = mtt.live_tables()
        buy_in = mtt.settings.buy_in
        async with AsyncExitStack() as held:
            for table in tables:  # no table moves on while it closes
                await held.enter_async_context(table.lock)
            await _close(mtt, tables, buy_in)
        for table in tables:
            mtt.service.forget(table)
    reason = "The tournament was cancelled by a manager; every entrant's buy-in is back in their wallet."
    for table in tables:
        await mtt.service.presenter.closed(table, reason)
        await mtt.presenter.archive_thread(mtt.row.guild_id, table.row.channel_id)
    await mtt.presenter.show_mtt(mtt)
    await mtt.presenter.announce_mtt(mtt, "cancelled")
    mtt.close()
    return reason


async def _close(mtt: Tournament, tables: list[LiveTable], buy_in: int) -> None:
    async with mtt.service.storage.transaction() as tx:
        for entry in mtt.entries.values():
            await mtt.into_pool(tx, entry, -entry.entries * buy_in)
            entry.table_id, entry.chips = None, 0
        for table in tables:
            for seat in table.row.seats:
                seat.stack = 0
            table.row.deal, table.row.deadline, table.row.status = None, None, "closed"
            await tx.clear_actions(table.id)
            await tx.save_table(table.row)
        mtt.row.status = "cancelled"
        await tx.save_mtt(mtt.row, list(mtt.entries.values()))
