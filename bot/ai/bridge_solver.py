"""The bridge robots' double-dummy work runs here, in one separate process at a lower priority.

Sampling and solving take tens to hundreds of milliseconds of CPU per card: in the bot's own process
the solver releases the GIL but the sampling around it does not, and the solver's threads take the
cores at the event loop's priority, so the loop that serves every table would wait (see
``bench/bridge_loop.py``).
"""
from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, TypeVar

SOLVER_NICE = 10
"""How much lower the solver process's CPU priority is than the bot's (Unix nice)."""

T = TypeVar("T")
_solver_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()


def in_solver(work: Callable[..., T], *args: Any) -> T:
    """``work(*args)`` in the solver process; the calling thread waits with the GIL free. One
    worker: the DDS library keeps global state, one solve at a time per process. A worker that
    died is replaced at the next call."""
    global _solver_pool
    with _pool_lock:
        if _solver_pool is None:
            _solver_pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                               initializer=_start_solver, initargs=(os.getpid(),))
        pool = _solver_pool
    try:
        return pool.submit(work, *args).result()
    except BrokenProcessPool:
        with _pool_lock:
            if _solver_pool is pool:
                _solver_pool = None
        raise


def _start_solver(bot_pid: int) -> None:
    """In the solver process: the bot's event loop goes first for the CPU, and the solver ends
    with the bot, even one killed outright (SIGKILL leaves no chance to shut the pool down)."""
    if hasattr(os, "nice"):
        os.nice(SOLVER_NICE)
    threading.Thread(target=_exit_with, args=(bot_pid,), name="solver-watchdog", daemon=True).start()


def _exit_with(bot_pid: int, interval: float = 0.5) -> None:
    """Exit as soon as the bot's process is gone (this process is then re-parented)."""
    while os.getppid() == bot_pid:
        time.sleep(interval)
    os._exit(0)
