"""The adapter's direct tests run on the harness's bot (its recorder answers as Discord would, and the
test hands presses and tables to the adapter's objects itself) or, where no Discord call is made, on
the service rig's table service."""
from __future__ import annotations

from pathlib import Path
from typing import AsyncIterator

import pytest

from tests.support.harness import Harness
from tests.support.service_rig import OPEN


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness]:
    harness = await Harness.start(str(tmp_path / "cardroom.db"))
    yield harness
    await harness.close()


@pytest.fixture(autouse=True)
async def _close_storages() -> AsyncIterator[None]:
    """The storages a test opened through the service rig are closed after it."""
    yield
    while OPEN:
        await OPEN.pop().close()
