"""Where pictures are drawn: a pool of worker processes, one per core.

Renderers are pure functions of a view (``images``), so they can run in another process: the view
goes there pickled (a few KB) and the PNG comes back. Threads cannot do this job: Pillow's drawing
and the renderers' Python hold the GIL, so rendering threads shared one core with the event loop
(bench/capacity.py measured it). The pool starts on first use with the "spawn" method (no copy of the
bot's threads or connections) and lasts as long as the process: bots opened one after another (the
tests) share it. On a one-core machine, or for a function that cannot be sent to a process (a test's
stand-in), pictures are drawn in a thread as before; so is a picture whose worker died, and the
next one starts new workers. A script that opens a bot must guard its start with
``if __name__ == "__main__":``, as spawned workers import the main module.
"""
from __future__ import annotations

import asyncio
import logging
import os
import pickle
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Any, Callable

log = logging.getLogger(__name__)
_pool: ProcessPoolExecutor | None = None
_lock = threading.Lock()


IN_THREADS = False
"""Draw in threads instead (bench/capacity.py compares the two in one run)."""


def workers() -> int:
    """Processes in the pool: one per core (0: draw in threads)."""
    cores = os.cpu_count() or 1
    return cores if cores > 1 and not IN_THREADS else 0


def pool() -> ProcessPoolExecutor | None:
    """The running pool, if any (bench/capacity.py reads its workers' CPU time)."""
    return _pool


def _executor() -> ProcessPoolExecutor | None:
    global _pool
    with _lock:
        if _pool is None and workers():
            _pool = ProcessPoolExecutor(workers(), mp_context=get_context("spawn"))
        return _pool


def _sendable(fn: Callable[..., Any]) -> bool:
    try:
        pickle.dumps(fn)
    except (pickle.PicklingError, AttributeError, TypeError):
        return False
    return True


async def render(fn: Callable[..., bytes], *args: Any) -> bytes:
    """``fn(*args)`` (a renderer: a view in, PNG bytes out) in a worker process."""
    pool = None if IN_THREADS else _executor()
    if pool is None or not _sendable(fn):
        return await asyncio.to_thread(fn, *args)
    try:
        return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)
    except BrokenProcessPool:
        log.exception("a render worker died; starting new workers and drawing this picture in a thread")
        _discard(pool)
        return await asyncio.to_thread(fn, *args)


def _discard(broken: ProcessPoolExecutor) -> None:
    """Forget a pool whose worker died (killed, out of memory): the next render starts a new one."""
    global _pool
    with _lock:
        if _pool is broken:
            _pool = None
    broken.shutdown(wait=False, cancel_futures=True)

