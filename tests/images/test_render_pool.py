"""Pictures are drawn in worker processes, with the same result as drawing them here; a function that
cannot be sent to a process is run in a thread."""
from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import pytest

from bot import render_pool
from images.poker import render_table
from tests.support.image_samples import FOOTER, load
from tests.support.waiting import CEILING


async def test_a_renderer_runs_in_a_worker_process_and_draws_the_same_picture() -> None:
    assert render_pool.workers() == (render_pool.CORES if render_pool.CORES > 1 else 0) == \
        ((os.cpu_count() or 1) if (os.cpu_count() or 1) > 1 else 0)
    table, _ = load("holdem")
    assert await render_pool.render(render_table, table, FOOTER) == render_table(table, FOOTER)
    worker = await render_pool.render(os.getpid)
    assert (worker != os.getpid()) == (render_pool.workers() > 0)


async def test_what_cannot_be_sent_runs_in_a_thread_and_threads_can_be_chosen() -> None:
    here = os.getpid()
    assert await render_pool.render(lambda: os.getpid()) == here
    render_pool.IN_THREADS = True
    try:
        assert await render_pool.render(os.getpid) == here
    finally:
        render_pool.IN_THREADS = False



def die_unless_in(pid: int) -> bytes:
    """A renderer that kills any process but ``pid`` (a worker dying mid-picture)."""
    if os.getpid() != pid:
        os._exit(1)
    return b"drawn in the bot's process"


def refuse(text: str) -> bytes:
    raise ValueError(text)


async def test_a_dead_worker_costs_one_picture_a_thread_and_a_new_worker_takes_over(monkeypatch) -> None:
    monkeypatch.setattr(render_pool, "CORES", 2)
    first = await render_pool.render(os.getpid)
    assert first in render_pool.worker_pids()
    before = set(render_pool.worker_pids())
    assert await render_pool.render(die_unless_in, os.getpid()) == b"drawn in the bot's process"
    assert len(set(render_pool.worker_pids()) & before) == len(before) - 1, "the dead worker is forgotten"
    drawn_by = {await render_pool.render(os.getpid) for _ in range(4)}
    assert os.getpid() not in drawn_by and drawn_by <= set(render_pool.worker_pids())
    assert len(render_pool.worker_pids()) <= 2


async def test_a_renderer_error_reaches_the_caller_and_the_worker_draws_on(monkeypatch) -> None:
    monkeypatch.setattr(render_pool, "CORES", 2)
    with pytest.raises(ValueError, match="no such card"):
        await render_pool.render(refuse, "no such card")
    assert await render_pool.render(os.getpid) in render_pool.worker_pids()


async def test_more_pictures_than_workers_wait_their_turn_and_each_gets_its_own() -> None:
    table, _ = load("holdem")
    footers = [f"footer {n}" for n in range(9)]
    pictures = await asyncio.gather(*(render_pool.render(render_table, table, f) for f in footers))
    assert pictures == [render_table(table, f) for f in footers]
    assert len(render_pool.worker_pids()) <= max(1, render_pool.workers())


async def test_a_tables_pictures_are_drawn_by_one_worker_and_tables_are_shared_out(monkeypatch) -> None:
    """A worker keeps the rows it compressed and the text it measured: a table's next picture is
    mostly its last one, so each table's pictures go to one worker (many at once included)."""
    monkeypatch.setattr(render_pool, "CORES", 2)
    await asyncio.gather(*(render_pool.render(os.getpid) for _ in range(4)))  # both workers started
    drawn_by = await asyncio.gather(*(render_pool.render(os.getpid, affinity=table % 4) for table in range(40)),
                                    *(render_pool.render(os.getpid) for _ in range(10)))
    by_table = {table: {pid for n, pid in enumerate(drawn_by[:40]) if n % 4 == table} for table in range(4)}
    assert all(len(pids) == 1 for pids in by_table.values()), by_table
    assert len(set().union(*by_table.values())) == 2, "tables are shared between the workers"
    assert set(drawn_by) <= set(render_pool.worker_pids())


_FORKED = """
import asyncio, os, sys
from bot import render_pool
render_pool.CORES = 2
async def both():  # every worker the parent may have is started
    await asyncio.gather(*(render_pool.render(os.getpid) for _ in range(4)))
asyncio.run(both())
parents = set(render_pool.worker_pids())
child = os.fork()
if child == 0:
    try:
        worker = asyncio.run(render_pool.render(os.getpid))
    except BaseException:
        os._exit(2)
    os._exit(0 if worker in render_pool.worker_pids() and worker not in parents else 1)
_, status = os.waitpid(child, 0)
sys.exit(os.waitstatus_to_exitcode(status))
"""


def test_a_forked_process_draws_with_workers_of_its_own() -> None:
    """A fork does not share its parent's workers (answers would go to whichever reads first)."""
    done = subprocess.run([sys.executable, "-c", _FORKED], timeout=CEILING, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
