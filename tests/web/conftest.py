"""Every storage a web test opened is closed after the test; the browser, installed once a run."""
from __future__ import annotations

from typing import Any

import pytest

from tests.support.service_rig import OPEN
from tests.web.browser import install_chromium


@pytest.fixture(autouse=True)
async def _close_storages() -> Any:
    yield
    while OPEN:
        await OPEN.pop().close()


@pytest.fixture(scope="session")
def chromium() -> str:
    """Debian's Chromium (installed by the tests when missing: see tests/web/browser.py)."""
    return install_chromium()
