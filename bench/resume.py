"""Time to resume open tables at start, and memory per open table.

    python -m bench.resume [--tables 1000]

Creates N hold'em tables, each in the middle of a hand (three players, a few actions applied),
closes the database, then measures ``TableService.restore()`` on a fresh service over the same file
(load every row, rebuild every engine, replay every action log).
"""
from __future__ import annotations

from bot.service.table.press import Press
import argparse
import asyncio
import os
import platform
import tempfile
import time
import tracemalloc

from bot.games.base import Action
from bot.storage import open_storage
from bot.service.tables import TableService


class Quiet:
    async def update(self, table: object) -> None:
        return None

    async def closed(self, table: object, reason: str) -> None:
        return None


async def build(path: str, tables: int) -> None:
    storage = await open_storage(path, starting_balance=10**9)
    service = TableService(storage, Quiet(), offload_bots=False)
    for n in range(tables):
        live = await service.create(1, 1000 + n, "holdem", 1, "Ann", {}, None)
        await live.commands.join(2, "Bob")
        await live.commands.join(3, "Cat")
        await live.commands.start(1)
        for kind in ("call", "call", "check"):
            user = live.table_seat_of(live.engine.to_act()[0]).user_id
            await service.tables[live.id].commands.act(Press(user, live.row.hand_no, live.row.step, Action(kind)))
    await storage.close()


async def resume(path: str) -> tuple[int, float, int]:
    storage = await open_storage(path)
    service = TableService(storage, Quiet())
    tracemalloc.start()
    started = time.perf_counter()
    count = await service.restore()
    seconds = time.perf_counter() - started
    memory, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    await storage.close()
    return count, seconds, memory


async def main(tables: int) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "resume.db")
        started = time.perf_counter()
        await build(path, tables)
        print(f"built {tables} mid-hand tables in {time.perf_counter() - started:.1f} s")
        count, seconds, memory = await resume(path)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"resumed {count} open tables in {seconds:.2f} s ({seconds / count * 1000:.2f} ms a table)")
    print(f"memory held after resume: {memory / 1e6:.1f} MB ({memory / count / 1024:.1f} KiB a table)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=1000)
    asyncio.run(main(parser.parse_args().tables))
