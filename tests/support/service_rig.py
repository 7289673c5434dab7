"""The table service without Discord, for the service tests: a presenter that remembers what it was
asked to show, a clock a test moves, and a service over a test database (closed after each test by
``tests/service/conftest.py``)."""
from __future__ import annotations

import asyncio
import random

from bot.service.table.live import LiveTable
from bot.service.tournament.multi_table import MttPresenter
from bot.service.tables import TableService
from bot.storage import open_storage
from bot.storage.interface import Storage

GUILD, CHANNEL = 7, 70
ALICE, BOB, CAROL = 1, 2, 3
OPEN: list[Storage] = []
"""Storages the tests opened, closed after each test."""


class RecordingPresenter:
    """A presenter that remembers what it was asked to show."""

    def __init__(self) -> None:
        self.updates = 0
        self.reasons: list[str] = []
        self.last: LiveTable | None = None

    async def update(self, table: LiveTable) -> None:
        self.updates += 1
        self.last = table

    async def closed(self, table: LiveTable, reason: str) -> None:
        self.reasons.append(reason)


class Clock:
    """The service's time, moved by the test. Setting ``now`` moves it silently (what is due is
    handled at the next ``tick``); ``advance`` moves it as the wall clock would: the clock loop's sleep
    (``bot.service.clock``) ends once the time reaches what it sleeps until, and nothing falls due
    between the test's moves."""

    def __init__(self) -> None:
        self.now = 1_000_000.0
        self._moved: float | None = None  # where ``advance`` took the time, until a sleep ends on it
        self._sleepers: list[tuple[float, asyncio.Future[bool]]] = []

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
        self._moved = self.now
        for when, sleeper in self._sleepers:
            if when <= self.now and not sleeper.done():
                sleeper.set_result(True)
                self._moved = None

    def asleep_until(self) -> float | None:
        """What the clock loop sleeps until now, if it sleeps."""
        return min((when for when, _ in self._sleepers), default=None)

    async def sleep_until(self, when: float, changed: asyncio.Event) -> bool:
        """Until ``advance`` has moved the time to ``when`` (a move made while the loop was awake
        counts) or ``changed`` is set."""
        if self._moved is not None and when <= self._moved:
            self._moved = None
            return True
        reached: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        woken = asyncio.ensure_future(changed.wait())
        self._sleepers.append((when, reached))
        try:
            await asyncio.wait((reached, woken), return_when=asyncio.FIRST_COMPLETED)
        finally:
            woken.cancel()
            self._sleepers.remove((when, reached))
        return reached.done()


async def open_service(path: str, clock: Clock | None = None, seed: str | None = None,
                       mtt_presenter: MttPresenter | None = None) -> TableService:
    """A service over the database at ``path`` (its open tables and tournaments restored), dealing
    from fixed seeds (``seed``: every deal from that one)."""
    storage = await open_storage(path)
    OPEN.append(storage)
    seeds = random.Random(5)
    service = TableService(storage, RecordingPresenter(), clock=clock or Clock(), between_deals=2,
                           offload_bots=False, seeds=lambda _label: seed or "%064x" % seeds.getrandbits(256))
    service.mtts.presenter = mtt_presenter
    await service.restore()
    return service


async def holdem_table(service: TableService, players: tuple[int, ...] = (ALICE, BOB)) -> LiveTable:
    """A hold'em table in the lobby, hosted by the first player, the others seated."""
    live = await service.create(GUILD, CHANNEL, "holdem", players[0], f"p{players[0]}", {}, None)
    for user in players[1:]:
        await live.commands.join(user, f"p{user}")
    return live
