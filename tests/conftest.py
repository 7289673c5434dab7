"""Shared fixtures: every end-to-end harness is closed after its test, even a failing one."""
from __future__ import annotations

from typing import AsyncIterator

import pytest

from tests.harness import OPEN


@pytest.fixture(autouse=True)
async def _close_harnesses() -> AsyncIterator[None]:
    yield
    while OPEN:
        await OPEN[-1].close()
