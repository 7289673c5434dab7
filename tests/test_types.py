"""The type checker over the code: mypy, as CI runs the suite, so a call to a method no class has or a
wrong record type cannot come back unseen.

The table service's mixins (``SERVICE_MIXINS``) still call each other's private methods through
``self``, which mypy rightly reports; they leave this list as the service becomes one object per
table, and the list may only shrink.
"""
from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent
SERVICE_MIXINS = ("dealing", "events", "lobby", "settlement", "timers", "tournaments")


def test_the_code_type_checks() -> None:
    exclude = "|".join(rf"bot/service/{name}\.py" for name in SERVICE_MIXINS)
    out, err, status = api.run([
        "--ignore-missing-imports", "--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache"),
        "--exclude", f"^({exclude})$", "--follow-imports", "silent",
        str(ROOT / "bot"), str(ROOT / "cogs"), str(ROOT / "images")])
    assert status == 0, out + err
