"""Where pictures are drawn: worker processes, one per core, each fed through its own pipe.

Renderers are pure functions of a view (``images``), so they can run in another process: the view
goes there pickled (a few KB) and the PNG comes back. Threads cannot do this job: Pillow's drawing
and the renderers' Python hold the GIL, so rendering threads shared one core with the event loop
(bench/capacity.py measured it).

The event loop talks to the workers itself: it writes a job to an idle worker's pipe and its selector
wakes it when the answer is there. ``concurrent.futures.ProcessPoolExecutor`` did this through two
threads of the bot's process (its manager and its queue's feeder); each hand-off let them take the
GIL from the event loop, and on a busy machine a thread holding it can lose its core: the profile of
bench/capacity.py found the loop waiting in those hand-offs for a fifth of a run.

Workers start on first use with the "spawn" method (no copy of the bot's threads or connections) and
last as long as the process: bots opened one after another (the tests) share them; a worker whose
pipe closes (the bot is gone) exits. On a one-core machine, or for a function that cannot be sent to
a process (a test's stand-in), pictures are drawn in a thread; so is a picture whose worker died,
and a new worker takes its place. A script that opens a bot must guard its start with
``if __name__ == "__main__":``, as spawned workers import the main module.
"""
from __future__ import annotations

import asyncio
import logging
import os
import pickle
from collections import deque
from dataclasses import dataclass
from multiprocessing import get_context
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Callable

log = logging.getLogger(__name__)

IN_THREADS = False
"""Draw in threads instead (bench/capacity.py compares the two in one run)."""


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    pipe: Connection


_workers: list[_Worker] = []
_idle: list[_Worker] = []
_waiting: deque[asyncio.Future[None]] = deque()


def workers() -> int:
    """Processes drawing: one per core (0: draw in threads)."""
    cores = os.cpu_count() or 1
    return cores if cores > 1 and not IN_THREADS else 0


def worker_pids() -> list[int]:
    """The running workers' process ids (bench/capacity.py reads their CPU time)."""
    return [w.process.pid for w in _workers if w.process.pid is not None]


def _serve(pipe: Connection) -> None:
    """A worker's life: run each job it is sent, answer (True, result) or (False, the exception)."""
    while True:
        try:
            fn, args = pipe.recv()
        except EOFError:  # the bot is gone
            return
        try:
            answer: tuple[bool, Any] = (True, fn(*args))
        except Exception as error:  # the caller raises it, as if drawn at home
            answer = (False, error)
        pipe.send(answer)


def _start() -> _Worker:
    context = get_context("spawn")
    ours, theirs = context.Pipe()
    process = context.Process(target=_serve, args=(theirs,), daemon=True, name="cardroom-render")
    process.start()
    theirs.close()
    worker = _Worker(process, ours)
    _workers.append(worker)
    return worker


def _sendable(fn: Callable[..., Any]) -> bool:
    try:
        pickle.dumps(fn)
    except (pickle.PicklingError, AttributeError, TypeError):
        return False
    return True


async def render(fn: Callable[..., bytes], *args: Any) -> bytes:
    """``fn(*args)`` (a renderer: a view in, PNG bytes out) in a worker process."""
    if not workers() or not _sendable(fn):
        return await asyncio.to_thread(fn, *args)
    worker = await _acquire()
    try:
        ok, value = await _ask(worker, fn, args)
    except (EOFError, OSError):
        log.exception("a render worker died; drawing this picture in a thread, a new worker takes its place")
        _drop(worker)
        return await asyncio.to_thread(fn, *args)
    except BaseException:  # cancelled while the worker draws: its answer would reach the next job
        _drop(worker)
        raise
    _release(worker)
    if not ok:
        raise value
    return value  # type: ignore[no-any-return]


async def _ask(worker: _Worker, fn: Callable[..., bytes], args: tuple[Any, ...]) -> tuple[bool, Any]:
    """Send the job, wait (in the event loop's selector) until the answer can be read, read it."""
    loop = asyncio.get_running_loop()
    readable = loop.create_future()
    worker.pipe.send((fn, args))
    fd = worker.pipe.fileno()
    loop.add_reader(fd, lambda: readable.done() or readable.set_result(None))
    try:
        await readable
    finally:
        loop.remove_reader(fd)
    return worker.pipe.recv()  # type: ignore[no-any-return]


async def _acquire() -> _Worker:
    while True:
        if _idle:
            return _idle.pop()
        if len(_workers) < workers():
            return _start()
        waiter = asyncio.get_running_loop().create_future()
        _waiting.append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                _wake_one()  # it was woken for a worker it will not take: pass the turn on
            raise


def _release(worker: _Worker) -> None:
    _idle.append(worker)
    _wake_one()


def _wake_one() -> None:
    while _waiting:
        waiter = _waiting.popleft()
        if not waiter.done() and not waiter.get_loop().is_closed():
            waiter.set_result(None)
            return


def _drop(worker: _Worker) -> None:
    """Forget a worker that died or holds an answer nobody will read; the next job starts another."""
    if worker in _workers:
        _workers.remove(worker)
    worker.pipe.close()
    worker.process.kill()
    worker.process.join(1)
    _wake_one()
