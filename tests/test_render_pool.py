"""Pictures are drawn in worker processes, with the same result as drawing them here; a function that
cannot be sent to a process is run in a thread."""
from __future__ import annotations

import os

from bot import render_pool
from images.poker import render_table
from tests.image_samples import FOOTER, load


async def test_a_renderer_runs_in_a_worker_process_and_draws_the_same_picture() -> None:
    assert render_pool.workers() == ((os.cpu_count() or 1) if (os.cpu_count() or 1) > 1 else 0)
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


async def test_a_dead_worker_costs_one_picture_a_thread_and_new_workers_take_over(monkeypatch) -> None:
    monkeypatch.setattr(render_pool.os, "cpu_count", lambda: 2)
    await render_pool.render(os.getpid)
    broken = render_pool.pool()
    assert broken is not None
    assert await render_pool.render(die_unless_in, os.getpid()) == b"drawn in the bot's process"
    assert render_pool.pool() is not broken
    assert await render_pool.render(os.getpid) != os.getpid(), "new workers draw again"
