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

Each worker is given up to ``DEPTH`` jobs at once, so that it starts on the next picture as soon as
it has sent one, without waiting for a busy event loop to read the answer and send it more work: a
worker is sent new jobs only as the loop comes round, so it draws at most ``DEPTH`` pictures a turn
of the loop.
A picture of a table goes to the same worker every time (``affinity``: the table's id): a worker keeps
the compressed rows of the pictures it drew (``images.png_bands``) and the text it measured, and a
table's next picture is mostly the rows of its last one. Shared out at random, every worker had to
keep every table's rows, and with 200 tables a third of each picture's rows were compressed again.
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
from dataclasses import dataclass, field
from functools import lru_cache
from multiprocessing import get_context
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Callable

log = logging.getLogger(__name__)

IN_THREADS = False
"""Draw in threads instead (bench/capacity.py compares the two in one run)."""


DEPTH = 8
"""Jobs sent to one worker before it has answered the first. With 2, a loop turning every 20-30 ms
(400 tables, two busy cores) let each worker draw 70-100 pictures a second, fewer than the tables
asked, and pictures waited 0.7 s in the median for their turn (bench/discord_limits.py). A job is a
view of 1-2 KB: eight never fill the pipe enough to block the loop's write."""


class WorkerDied(Exception):
    """The worker drawing a picture exited (killed, out of memory)."""


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    pipe: Connection
    pending: deque[asyncio.Future[tuple[bool, Any]]] = field(default_factory=deque)
    loop: asyncio.AbstractEventLoop | None = None  # whose selector watches the pipe while jobs are pending
    waiting: deque[asyncio.Future[None]] = field(default_factory=deque)  # jobs bound to this worker, for a turn


_workers: list[_Worker] = []
_waiting: deque[asyncio.Future[None]] = deque()


CORES = os.cpu_count() or 1
"""Cores of the machine, read once (``os.cpu_count`` reads /sys on every call, and is asked per picture)."""


def workers() -> int:
    """Processes drawing: one per core (0: draw in threads)."""
    return CORES if CORES > 1 and not IN_THREADS else 0


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


@lru_cache(maxsize=256)
def _sendable(fn: Callable[..., Any]) -> bool:
    """Whether ``fn`` can be sent to a worker (renderers are module functions: asked once each)."""
    try:
        pickle.dumps(fn)
    except (pickle.PicklingError, AttributeError, TypeError):
        return False
    return True


async def render(fn: Callable[..., bytes], *args: Any, affinity: int | None = None) -> bytes:
    """``fn(*args)`` (a renderer: a view in, PNG bytes out) in a worker process; pictures of the same
    ``affinity`` (a table id) in the same worker while it lives."""
    if not workers() or not _sendable(fn):
        return await asyncio.to_thread(fn, *args)
    try:
        ok, value = await _submit(await _acquire(affinity), fn, args)
    except WorkerDied:
        log.exception("a render worker died; drawing this picture in a thread, a new worker takes its place")
        return await asyncio.to_thread(fn, *args)
    if not ok:
        raise value
    picture: bytes = value  # what fn returned, unpickled from the worker's pipe
    return picture


async def _acquire(affinity: int | None) -> _Worker:
    """The worker bound to ``affinity`` (``None``: the one with the fewest jobs), once it has fewer than
    ``DEPTH`` jobs (jobs wait their turn)."""
    loop = asyncio.get_running_loop()
    while True:
        for worker in list(_workers):
            if worker.pending and worker.loop is not loop:  # answers for a loop that is gone
                _drop(worker, WorkerDied("its answers were for another event loop"))
        if len(_workers) < workers():
            return _start()
        if affinity is None:
            worker, queue = min(_workers, key=lambda w: len(w.pending)), _waiting
        else:
            worker = _workers[affinity % len(_workers)]
            queue = worker.waiting
        if len(worker.pending) < DEPTH:
            return worker
        waiter = loop.create_future()
        queue.append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                _wake_one(worker)  # it was woken for a turn it will not take: pass it on
            raise


async def _submit(worker: _Worker, fn: Callable[..., bytes], args: tuple[Any, ...]) -> tuple[bool, Any]:
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[tuple[bool, Any]] = loop.create_future()
    try:
        worker.pipe.send((fn, args))
    except OSError as error:  # its pipe is closed: it died while idle
        _drop(worker, WorkerDied(str(error)))
        raise WorkerDied(str(error)) from error
    if not worker.pending:
        worker.loop = loop
        loop.add_reader(worker.pipe.fileno(), _answered, worker)
    worker.pending.append(answer)
    return await answer  # cancelled, the caller goes; its answer is still read, in turn, and dropped


def _answered(worker: _Worker) -> None:
    """The worker's pipe is readable: hand every answer there to its job, in the order sent."""
    try:
        while worker.pending and worker.pipe.poll():
            answer = worker.pipe.recv()
            job = worker.pending.popleft()
            if not job.done():
                job.set_result(answer)
            _wake_one(worker)  # a turn is free
    except (EOFError, OSError) as error:
        _drop(worker, WorkerDied(str(error) or "its pipe closed"))
        return
    if not worker.pending and worker.loop is not None:
        worker.loop.remove_reader(worker.pipe.fileno())
        worker.loop = None


def _wake_one(worker: _Worker | None) -> None:
    """A turn is free at ``worker`` (``None``: a worker is gone): the next job bound to it takes it,
    else the next job that takes any worker."""
    for queue in ((worker.waiting, _waiting) if worker is not None else (_waiting,)):
        while queue:
            waiter = queue.popleft()
            if not waiter.done() and not waiter.get_loop().is_closed():
                waiter.set_result(None)
                return


def _drop(worker: _Worker, error: WorkerDied) -> None:
    """Forget a worker that died (its jobs fail with ``error``); the next job starts another."""
    if worker in _workers:
        _workers.remove(worker)
    if worker.loop is not None and not worker.loop.is_closed():
        worker.loop.remove_reader(worker.pipe.fileno())
    worker.loop = None
    while worker.pending:
        job = worker.pending.popleft()
        if not job.done() and not job.get_loop().is_closed():
            job.set_exception(error)
    worker.pipe.close()
    worker.process.kill()
    worker.process.join(1)
    for waiter in worker.waiting:  # bound to a worker that is gone: they take whichever is next
        if not waiter.done() and not waiter.get_loop().is_closed():
            waiter.set_result(None)
    worker.waiting.clear()
    _wake_one(None)


def _forget_after_fork() -> None:
    """A forked child does not share its parent's workers: answers on a shared pipe would go to
    whichever process reads first. The child starts workers of its own on first use (mutation
    testing forks the test process, see docs/testing.md)."""
    for worker in _workers:
        worker.pipe.close()  # the child's copy; the parent's stays open
    _workers.clear()
    _waiting.clear()


os.register_at_fork(after_in_child=_forget_after_fork)
