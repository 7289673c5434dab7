"""The loopback Discord alone, for tests that drive it with discord.py's own clients (no bot)."""
from __future__ import annotations

from typing import AsyncIterator

import aiohttp
import pytest
from discord.http import Route

from tests.support.loopback_discord import LoopbackDiscord


@pytest.fixture
async def server(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[LoopbackDiscord]:
    """A loopback Discord that discord.py's HTTP client talks to (``Route.BASE``)."""
    server = LoopbackDiscord()
    server.start()
    monkeypatch.setattr(Route, "BASE", server.base)
    yield server
    server.stop()


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session
