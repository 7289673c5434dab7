"""The database keeps a table's writes to one process and survives deadlocks, on the embedded PostgreSQL.

Fencing: a process whose shards were taken over while it was paused (its lock connection gone without
it noticing) has its next action refused by PostgreSQL and nothing moves; the process that took over
goes on. Deadlocks: two transactions crossing the same two wallets deadlock for real; PostgreSQL aborts
one, which is run again whole, and both transfers land exactly once."""
from __future__ import annotations

from bot.service.table.press import Press
import asyncio
import random
from typing import Any

import asyncpg
import pytest

from bot.games.base import Action
from bot.service.tables import TableService
from bot.storage import open_storage
from bot.storage.guard import ShardGuard
from bot.storage.interface import NotOwner
from bot.storage.postgres import PostgresStorage
from tests.support.postgres import migrated
from tests.support.waiting import CEILING, until

GUILD = 7 << 22
ANN, BOB = 1, 2


class Quiet:
    async def update(self, table: Any) -> None:
        return None

    async def closed(self, table: Any, reason: str) -> None:
        return None


async def _process(url: str, guard: ShardGuard) -> tuple[PostgresStorage, TableService, list[str]]:
    """A cluster process's storage and service, fenced by ``guard``'s shards; the list collects the
    times it was told it lost them."""
    storage = await open_storage(url)
    assert isinstance(storage, PostgresStorage) and guard.fence is not None
    told: list[str] = []
    storage.fence, storage.on_fenced = guard.fence, lambda: told.append("fenced")
    seeds = random.Random(3)
    service = TableService(storage, Quiet(), clock=lambda: 1_000_000.0, between_deals=0, offload_bots=False,
                           seeds=lambda _label: "%064x" % seeds.getrandbits(256))
    return storage, service, told


async def _counts(storage: PostgresStorage, table_id: int) -> tuple[int, int, int, int]:
    """The table's step, its action rows, its finished hands and every chip there is."""
    (actions,), = await storage._db.fetch("SELECT COUNT(*) FROM actions WHERE table_id = ?", table_id)
    (hands,), = await storage._db.fetch("SELECT COUNT(*) FROM hands WHERE table_id = ?", table_id)
    row = await storage.table(table_id)
    assert row is not None
    return row.step, int(actions), int(hands), await storage.total_chips()


async def test_a_process_that_lost_its_shards_cannot_write_and_the_new_owner_goes_on(postgres_url: str) -> None:
    url = await migrated(postgres_url)
    first_guard = ShardGuard(url, (0,), 1)
    assert await first_guard.try_acquire()
    first_storage, first, told = await _process(url, first_guard)
    live = await first.create(GUILD, 11, "holdem", ANN, "Ann", {}, None)
    await live.commands.join(BOB, "Bob")
    await live.commands.start(ANN)
    assert first_guard.conn is not None
    # The first process pauses; meanwhile its lock connection is cut, and it does not hear of it.
    killer = await asyncpg.connect(url)
    # pg_terminate_backend only signals unless given a timeout: wait (up to the ceiling) until the
    # backend is gone and its advisory locks with it, however slow the machine.
    await killer.execute("SELECT pg_terminate_backend($1, $2)", first_guard.conn.get_server_pid(), int(CEILING * 1000))
    await killer.close()
    second_guard = ShardGuard(url, (0,), 1)
    assert await second_guard.try_acquire()
    assert second_guard.fence is not None and first_guard.fence is not None
    assert second_guard.fence.generations[0] == first_guard.fence.generations[0] + 1
    second_storage, second, _ = await _process(url, second_guard)
    assert await second.restore() == 1
    before = await _counts(second_storage, live.id)
    ann_before = await second_storage.balance(GUILD, ANN)

    # The first process wakes up and acts at the table it no longer owns: refused, nothing written.
    user = live.table_seat_of(live.engine.to_act()[0]).user_id
    with pytest.raises(NotOwner, match="run by another part of the bot"):
        await first.tables[live.id].commands.act(Press(user, live.row.hand_no, live.row.step, Action("fold")))
    assert told == ["fenced"]
    assert await _counts(second_storage, live.id) == before
    with pytest.raises(NotOwner):  # any write at all: a wallet too
        async with first_storage.transaction() as tx:
            await tx.move_wallet(GUILD, ANN, 5)
    assert await second_storage.balance(GUILD, ANN) == ann_before
    assert await _counts(second_storage, live.id) == before

    # The process that took over drives the table on from the state the first one left.
    taken = second.tables[live.id]
    await second.tables[taken.id].commands.act(Press(user, taken.row.hand_no, taken.row.step, Action("fold")))
    step, actions, hands, chips = await _counts(second_storage, live.id)
    assert hands == before[2] + 1 and chips == before[3]  # the fold ended the hand and paid the pot
    for closing in (first_storage, second_storage):
        await closing.close()
    await second_guard.release()
    await first_guard.release()


async def test_a_deadlock_victim_is_run_again_whole_and_both_transfers_land_once(postgres_url: str) -> None:
    url = await migrated(postgres_url) + "&deadlock_timeout=100ms"  # PostgreSQL looks for it sooner
    storage = await open_storage(url)
    assert isinstance(storage, PostgresStorage)
    async with storage.transaction() as tx:
        for user in (ANN, BOB):
            await tx.move_wallet(GUILD, user, 0)  # both wallets exist, 1000 each
    holding = {ANN: asyncio.Event(), BOB: asyncio.Event()}

    async def transfer(payer: int, payee: int, amount: int) -> None:
        async with storage.transaction() as tx:
            await tx.move_wallet(GUILD, payer, -amount)  # holds the payer's row...
            holding[payer].set()
            await holding[payee].wait()  # ...until the other holds the payee's: each waits on the other
            await tx.move_wallet(GUILD, payee, amount)

    await asyncio.wait_for(asyncio.gather(transfer(ANN, BOB, 100), transfer(BOB, ANN, 30)), CEILING)
    # a rerun may race the winner for the row the victim let go and deadlock again: still bounded
    assert storage.retries >= 1, "PostgreSQL aborted one of the two, which ran again"
    assert await storage.balance(GUILD, ANN) == 1000 - 100 + 30
    assert await storage.balance(GUILD, BOB) == 1000 + 100 - 30
    await storage.close()


async def test_a_replay_that_would_differ_gives_up_and_writes_nothing(postgres_url: str) -> None:
    """The victim's first statement read a wallet the winner then changed: its replay cannot stand for
    the first run, so the deadlock error is raised and the victim's writes are all gone."""
    url = await migrated(postgres_url) + "&deadlock_timeout=100ms"
    storage = await open_storage(url)
    assert isinstance(storage, PostgresStorage)
    async with storage.transaction() as tx:
        for user in (ANN, BOB):
            await tx.move_wallet(GUILD, user, 0)
    holding = {ANN: asyncio.Event(), BOB: asyncio.Event()}

    async def reads_then_pays(reader: int, other: int) -> None:
        async with storage.transaction() as tx:
            await tx._db.fetch("SELECT balance FROM wallets WHERE guild_id = ? AND user_id = ? FOR UPDATE",
                               GUILD, reader)
            holding[reader].set()
            await holding[other].wait()
            await tx.move_wallet(GUILD, other, 10)
            await tx.move_wallet(GUILD, reader, -10)

    done = await asyncio.wait_for(asyncio.gather(reads_then_pays(ANN, BOB), reads_then_pays(BOB, ANN),
                                                 return_exceptions=True), CEILING)
    failed = [d for d in done if isinstance(d, BaseException)]
    assert len(failed) == 1 and isinstance(failed[0], asyncpg.DeadlockDetectedError), done
    assert storage.retries >= 1  # more than one when a rerun raced the winner and deadlocked again
    balances = sorted([await storage.balance(GUILD, ANN), await storage.balance(GUILD, BOB)])
    assert balances == [990, 1010], "only the winner's transfer landed"
    await storage.close()


async def test_a_member_pressing_at_a_process_that_lost_its_shards_is_told_and_nothing_moves(
        postgres_url: str) -> None:
    """Through the Discord client: the bot's shards were taken over while it was paused; a member's press
    reaches it anyway. The database refuses the write, the member is told plainly, the table is as it
    was, and the bot stops."""
    from tests.support.harness import CHANNEL_ID, Harness, User

    alice, bob = User(1001, "Alice"), User(1002, "Bob")
    url = await migrated(postgres_url)
    guard = ShardGuard(url, (0,), 1)
    assert await guard.try_acquire()
    h = await Harness.start(url)
    assert isinstance(h.bot.storage, PostgresStorage)
    h.bot.storage.fence, h.bot.storage.on_fenced = guard.fence, h.bot._guard_lost
    await h.command(alice, "holdem", "create")
    await h.command(bob, "holdem", "join")
    await h.command(alice, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None
    taker = ShardGuard(url, (0,), 1)
    await guard.release()  # the lock's connection ends; the bot does not hear of it (no listener)
    assert await taker.try_acquire()
    reader = await open_storage(url)
    before = await _counts(reader, live.id)  # type: ignore[arg-type]
    to_act = alice if live.table_seat_of(live.engine.to_act()[0]).user_id == alice.id else bob
    token = await h.press_label(to_act, "Fold")
    assert "run by another part of the bot: nothing was changed" in h.ephemeral_text(token)
    assert await _counts(reader, live.id) == before  # type: ignore[arg-type]
    assert h.bot.guard_lost
    await until(h.bot.is_closed)  # the bot closes itself
    await h.close()
    await reader.close()
    await taker.release()
