"""The robots' simulations solve every deal they sample here (no time budget), so a robot's call
in a test is the same on a loaded machine as on an idle one."""
from __future__ import annotations

import math

import pytest

from bot.ai.bridge_system import judgment


@pytest.fixture(autouse=True)
def _no_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(judgment, "BUDGET", math.inf)
