"""Every storage a service test opened is closed after the test."""
from __future__ import annotations

from typing import Any

import pytest

from tests.support.service_rig import OPEN


@pytest.fixture(autouse=True)
async def _close_storages() -> Any:
    yield
    while OPEN:
        await OPEN.pop().close()
