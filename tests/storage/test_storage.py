"""Storage, on both backends: an action is one write, its appended row; a table loads its step,
deadline and seats from its last action rows; databases of older schemas (actions inside tables.hand;
action rows beside an updated tables row) migrate and resume their deals as they were; a transaction
holds no connection while the code inside it works, and one that fails at its commit leaves nothing;
concurrent buy-ins of one member never overdraw, on PostgreSQL's separate connections too."""
from __future__ import annotations

from bot.service.table.press import Press
import asyncio
import json
import random
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

import pytest

from bot.games.base import Action
from bot.storage import open_storage
from bot.storage.batch import Batch
from bot.storage.interface import InsufficientChips, Storage
from bot.storage.records import seats_json
from bot.service.table.live import LiveTable
from bot.service.tables import TableService
from tests.support.waiting import CEILING

GUILD, CHANNEL = 7, 70


class Quiet:
    async def update(self, table: Any) -> None:
        return None

    async def closed(self, table: Any, reason: str) -> None:
        return None


class Spy:
    """Wraps a storage: every ``Tx`` method called inside its transactions, by name."""

    def __init__(self, storage: Storage):
        self.storage = storage
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.storage, name)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Any]:
        async with self.storage.transaction() as tx:
            yield _SpyTx(tx, self.calls)


class _SpyTx:
    def __init__(self, tx: Any, calls: list[str]):
        self._tx, self._calls = tx, calls

    def __getattr__(self, name: str) -> Any:
        self._calls.append(name)
        return getattr(self._tx, name)


async def _service(storage: Any, clock: list[float] | None = None) -> TableService:
    """A service over ``storage`` whose clock reads ``clock[0]`` (default: it stands still)."""
    seeds = random.Random(3)
    now = clock or [1_000_000.0]
    service = TableService(storage, Quiet(), clock=lambda: now[0], between_deals=2, offload_bots=False,
                           seeds=lambda _label: "%064x" % seeds.getrandbits(256))
    await service.restore()
    return service


async def _dealt_table(service: TableService, actions: tuple[Action, ...]) -> LiveTable:
    live = await service.create(GUILD, CHANNEL, "holdem", 1, "Ann", {}, None)
    for user in (2, 3):
        await live.commands.join(user, f"p{user}")
    await live.commands.start(1)
    for action in actions:
        user = live.table_seat_of(live.engine.to_act()[0]).user_id
        await service.tables[live.id].commands.act(Press(user, live.row.hand_no, live.row.step, action))
    return live


async def _stored(storage: Any, table_id: int) -> tuple[dict[str, Any], list[tuple[int, int, dict[str, Any]]]]:
    """The table's stored deal header and action rows, read by SQL (the backend's own connection)."""
    (hand,) = (await storage._db.fetch("SELECT hand FROM tables WHERE id = ?", table_id))[0]
    rows = await storage._db.fetch("SELECT step, seat, action FROM actions WHERE table_id = ? ORDER BY step",
                                   table_id)
    return json.loads(hand) if hand else {}, [(step, seat, json.loads(action)) for step, seat, action in rows]


async def test_an_action_appends_one_row_and_rewrites_nothing(database: str, monkeypatch: Any) -> None:
    spy = Spy(await open_storage(database))
    service = await _service(spy)
    live = await _dealt_table(service, (Action("call"),))
    spy.calls.clear()
    reads: list[str] = []
    original = Batch.fetch
    monkeypatch.setattr(Batch, "fetch", lambda self, sql, *args: reads.append(sql) or original(self, sql, *args))
    await service.tables[live.id].commands.act(Press(live.table_seat_of(live.engine.to_act()[0]).user_id, 1, 1, Action("call")))
    assert spy.calls == ["append_action"], "an action mid-deal is one appended row, not a rewritten table"
    assert reads == [], "nothing is read inside the transaction: it is one trip to the database"
    monkeypatch.undo()
    assert (await spy.storage._db.fetch("SELECT step FROM tables WHERE id = ?", live.id))[0][0] == 0, \
        "the table row is not written: it stays as the deal's start saved it"
    (deadline,) = (await spy.storage._db.fetch("SELECT deadline FROM actions WHERE table_id = ? AND step = 2",
                                                live.id))[0]
    assert deadline == live.row.deadline, "the action row carries the deadline of the turn after it"
    hand, rows = await _stored(spy.storage, live.id)
    assert "actions" not in hand and hand["seed"] == live.row.deal.seed
    assert rows == [(step, move.deal_seat, move.action.to_json()) for step, move in enumerate(live.row.deal.actions, 1)]
    assert [kind["kind"] for _, _, kind in rows] == ["call", "call"]
    rng = random.Random(1)
    while live.row.deal is not None:  # play the deal out: its record moves to hands, its rows go
        seat = live.engine.to_act()[0]
        action = live.spec.choose(live.engine.view(seat), live.engine.legal_actions(seat), rng)
        await service.tables[live.id].commands.act(Press(live.table_seat_of(seat).user_id, 1, live.row.step, action))
    record = await spy.storage.hand_record(live.id, 1)
    assert record is not None and record.record["actions"][:2] == [[s, a] for _, s, a in rows]
    assert await _stored(spy.storage, live.id) == ({}, [])
    await spy.storage.close()


async def test_a_database_of_the_old_schema_opens_and_resumes(new_database: Any) -> None:
    """A deal in progress stored the old way (its action log inside tables.hand, schema version 2)
    moves to action rows at open and resumes exactly where it was."""
    new_path, old_path = await new_database(), await new_database()
    storage = await open_storage(new_path)
    live = await _dealt_table(await _service(storage), (Action("call"), Action("raise", amount=60)))
    old = await open_storage(old_path, schema_version=2)
    for table in ("wallets", "tables"):
        for row in await storage._db.fetch(f"SELECT * FROM {table}"):
            await old._db.execute(f"INSERT INTO {table} VALUES ({','.join('?' * len(row))})", *row)
    logged = [[seat, json.loads(action)] for seat, action in await storage._db.fetch(
        "SELECT seat, action FROM actions WHERE table_id = ? ORDER BY step", live.id)]
    hand, _ = await _stored(storage, live.id)
    await old._db.execute("UPDATE tables SET hand = ?, step = ?, deadline = ? WHERE id = ?",  # as it was then
                          json.dumps({**hand, "actions": logged}), live.row.step, live.row.deadline, live.id)
    assert await old._db.fetch("SELECT hand_no FROM tables") and len(logged) == 2
    await old.close()
    await storage.close()

    resumed_storage = await open_storage(old_path)
    resumed = (await _service(resumed_storage)).in_channel(CHANNEL)
    assert resumed is not None and resumed.row.step == 2 and resumed.row.deadline == live.row.deadline
    assert resumed.row.deal.actions == live.row.deal.actions
    assert resumed.engine.view(None) == live.engine.view(None)
    assert resumed.engine.to_act() == live.engine.to_act()
    hand, rows = await _stored(resumed_storage, live.id)
    assert "actions" not in hand and [[s, a] for _, s, a in rows] == [move.to_json() for move in live.row.deal.actions]
    await resumed_storage.close()
    again = await open_storage(old_path)  # every migration ran once: opening again changes nothing
    assert await _stored(again, live.id) == (hand, rows)
    await again.close()


async def test_a_table_loads_step_deadline_and_seats_from_its_last_actions(database: str) -> None:
    """A timed-out turn changes the seat records: its action row carries them, and a restart sees
    the timeout count, the step and the deadline of the last action, not what the deal's start saved."""
    clock = [1_000_000.0]
    storage = await open_storage(database)
    service = await _service(storage, clock)
    live = await _dealt_table(service, (Action("call"),))
    clock[0] = live.row.deadline + 1
    assert await service.tick() == 1
    timed_out = [s.name for s in live.row.seats if s.timeouts]
    assert len(timed_out) == 1 and live.row.step == 2 and live.row.deal is not None
    (saved_step, saved_seats) = (await storage._db.fetch("SELECT step, seats FROM tables WHERE id = ?", live.id))[0]
    assert saved_step == 0 and not any(s["timeouts"] for s in json.loads(saved_seats))
    await storage.close()

    again = await open_storage(database)
    restored = (await _service(again, clock)).in_channel(CHANNEL)
    assert restored is not None and restored.row.step == 2 and restored.row.deadline == live.row.deadline
    assert restored.row.seats == live.row.seats and restored.engine.view(None) == live.engine.view(None)
    loaded = await again.table(live.id)
    assert loaded is not None and (loaded.step, loaded.deadline, loaded.seats) == (2, live.row.deadline, live.row.seats)
    await again.close()


async def test_a_database_of_schema_4_opens_and_resumes(new_database: Any) -> None:
    """A deal in progress stored before an action was one write (its rows beside a tables row whose
    step, deadline and seats each action updated) resumes exactly where it was, and plays on."""
    new_path, old_path = await new_database(), await new_database()
    clock = [1_000_000.0]
    storage = await open_storage(new_path)
    service = await _service(storage, clock)
    live = await _dealt_table(service, (Action("call"),))
    clock[0] = live.row.deadline + 1
    assert await service.tick() == 1  # a timeout: the seats changed with the action
    old = await open_storage(old_path, schema_version=4)
    for table in ("wallets", "tables"):
        for row in await storage._db.fetch(f"SELECT * FROM {table}"):
            await old._db.execute(f"INSERT INTO {table} VALUES ({','.join('?' * len(row))})", *row)
    for row in await storage._db.fetch("SELECT table_id, hand_no, step, seat, action, at FROM actions"):
        await old._db.execute("INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)", *row)
    await old._db.execute("UPDATE tables SET step = ?, deadline = ?, seats = ? WHERE id = ?",  # as it was then
                          live.row.step, live.row.deadline, json.dumps(seats_json(live.row.seats)), live.id)
    await old.close()
    await storage.close()

    migrated = await open_storage(old_path)
    resumed_service = await _service(migrated, clock)
    resumed = resumed_service.in_channel(CHANNEL)
    assert resumed is not None and (resumed.row.step, resumed.row.deadline) == (2, live.row.deadline)
    assert resumed.row.seats == live.row.seats and resumed.engine.view(None) == live.engine.view(None)
    seat = resumed.engine.to_act()[0]
    kind = "check" if "check" in {spec.kind for spec in resumed.engine.legal_actions(seat)} else "call"
    await resumed_service.tables[resumed.id].commands.act(Press(resumed.table_seat_of(seat).user_id, resumed.row.hand_no, 2, Action(kind)))
    await migrated.close()
    again = await open_storage(old_path)
    replayed = (await _service(again, clock)).in_channel(CHANNEL)
    assert replayed is not None and replayed.row.step == 3 and replayed.row.deadline == resumed.row.deadline
    assert replayed.engine.view(None) == resumed.engine.view(None)
    await again.close()


async def test_a_transaction_holds_no_connection_while_the_code_inside_works(database: str) -> None:
    """A transaction whose code is still working (awaiting the engine, other tables' turns) does not
    make another table's transaction wait: its writes go to the database at its commit."""
    storage = await open_storage(database)
    inside, working = asyncio.Event(), asyncio.Event()

    async def slow() -> None:
        async with storage.transaction() as tx:
            await tx.set_guild_settings(1, 500, 50)
            inside.set()
            await working.wait()

    task = asyncio.create_task(slow())
    await inside.wait()

    async def quick() -> None:
        async with storage.transaction() as tx:
            await tx.set_guild_settings(2, 600, 60)

    await asyncio.wait_for(quick(), CEILING)  # only a transaction waiting for the slow one reaches it
    assert await storage.guild_settings(2) == (600, 60)
    assert await storage.guild_settings(1) == (1000, 200), "the slow one has not committed yet"
    working.set()
    await task
    assert await storage.guild_settings(1) == (500, 50)
    await storage.close()


async def test_a_write_that_fails_at_the_commit_rolls_back_the_whole_transaction(database: str) -> None:
    """The writes wait for the commit, so a broken constraint shows there: everything of the
    transaction is undone, the chips moved by an earlier read-and-write too, and the store goes on."""
    storage = await open_storage(database)
    async with storage.transaction() as tx:
        await tx.insert_hand(5, 1, "holdem", "s", "c", {}, "")
    with pytest.raises(Exception) as failed:
        async with storage.transaction() as tx:
            assert await tx.move_wallet(GUILD, 42, -300) == 700  # a read: this went to the database
            await tx.set_guild_settings(GUILD, 10, 1)
            await tx.insert_hand(5, 1, "holdem", "s", "c", {}, "")  # the same hand again: refused
    assert "unique" in str(failed.value).lower() or "duplicate" in str(failed.value).lower()
    assert await storage.balance(GUILD, 42) == 1000 and await storage.guild_settings(GUILD) == (1000, 200)
    with pytest.raises(RuntimeError, match="inside"):
        async with storage.transaction() as tx:
            await tx.move_wallet(GUILD, 42, -300)
            raise RuntimeError("inside")
    assert await storage.balance(GUILD, 42) == 1000
    async with storage.transaction() as tx:
        assert await tx.move_wallet(GUILD, 42, -300) == 700
    assert await storage.balance(GUILD, 42) == 700
    await storage.close()


async def test_concurrent_buy_ins_of_one_member_never_overdraw(database: str) -> None:
    """Ten transactions at once each take 300 of a 1000-chip wallet: exactly three succeed. On
    PostgreSQL they run on ten connections, so only the database can refuse the rest."""
    storage = await open_storage(database)
    opened = [storage] + [await open_storage(database) for _ in range(2)]  # several processes' pools
    entered = asyncio.Event()
    waiting = [0]

    async def buy_in(store: Storage) -> int:
        async with store.transaction() as tx:
            waiting[0] += 1
            if waiting[0] >= 3:
                entered.set()
            if database.startswith("postgresql"):  # hold each open until three are: they overlap
                await asyncio.wait_for(entered.wait(), CEILING)
            return await tx.move_wallet(7, 42, -300)

    results = await asyncio.gather(*(buy_in(opened[k % 3]) for k in range(10)), return_exceptions=True)
    refused = [r for r in results if isinstance(r, InsufficientChips)]
    assert sorted(r for r in results if isinstance(r, int)) == [100, 400, 700] and len(refused) == 7
    assert await storage.balance(7, 42) == 100
    with pytest.raises(InsufficientChips, match="You have 100 chips; that needs 300"):
        async with storage.transaction() as tx:
            await tx.move_wallet(7, 42, -300)
    for store in opened:
        await store.close()


async def test_a_hands_seat_holders_come_from_the_hand_index_for_that_hand_only(database: str) -> None:
    """What a replay of a hand recorded without its members reads: the member in each deal seat."""
    storage = await open_storage(database)
    record = {"seats": [0, 1, 2], "names": ["A", "B", "C"], "outcome": {"deltas": [5, -5, 0]}}
    async with storage.transaction() as tx:
        for hand, members in ((1, [(0, 101, 5), (2, 103, 0)]), (2, [(1, 102, -5)])):
            await tx.insert_hand(9, hand, "holdem", "ab" * 32, "c", record, "")
            await tx.insert_hand_players(1, 9, hand, "holdem", members)
    assert await storage.hand_seat_holders(9, 1) == {0: 101, 2: 103}  # seat 1 a computer player
    assert await storage.hand_seat_holders(9, 2) == {1: 102} and await storage.hand_seat_holders(8, 1) == {}
    await storage.close()


async def test_transactions_queued_behind_one_of_several_trips_go_on_together_and_apart(tmp_path: Any) -> None:
    """SQLite has one connection: while a transaction that read something is open, the others wait
    (their statements would land inside it). When it ends, everything queued behind it goes to the
    connection's thread in the same turn of the event loop, not one per turn (200 tables pressing
    queued up to 200 actions behind each settlement), and a rollback of the open one undoes none of
    theirs."""
    storage = await open_storage(str(tmp_path / "gate.db"))
    loop = asyncio.get_running_loop()
    turns = [0]

    def count() -> None:  # one call per turn of the event loop
        turns[0] += 1
        loop.call_soon(count)

    sent_in_turn: list[int] = []
    submit = storage.thread.submit

    def counted_submit(work: Any) -> Any:
        sent_in_turn.append(turns[0])
        return submit(work)

    storage.thread.submit = counted_submit  # type: ignore[method-assign]
    reading, ending = asyncio.Event(), asyncio.Event()

    async def reader_that_fails() -> None:
        async with storage.transaction() as tx:
            assert await tx.move_wallet(GUILD, 1, -100) == 900  # a read: the transaction is open
            reading.set()
            await ending.wait()
            raise RuntimeError("called off")

    async def writer(member: int) -> None:
        async with storage.transaction() as tx:
            await tx.set_guild_settings(1000 + member, member, 1)

    holder = asyncio.create_task(reader_that_fails())
    await reading.wait()
    writers = [asyncio.create_task(writer(n)) for n in range(30)]
    await asyncio.sleep(0.05)
    assert not any(w.done() for w in writers), "nothing is sent while the reading transaction is open"
    loop.call_soon(count)
    del sent_in_turn[:]
    ending.set()
    with pytest.raises(RuntimeError, match="called off"):
        await holder
    await asyncio.gather(*writers)
    assert len(sent_in_turn) == 31, "the rollback, then one trip per writer"
    assert len(set(sent_in_turn)) == 1, f"sent one per turn: {sent_in_turn}"
    assert await storage.balance(GUILD, 1) == 1000, "the open transaction was rolled back"
    assert [await storage.guild_settings(1000 + n) for n in range(30)] == [(n, 1) for n in range(30)]
    await storage.close()
