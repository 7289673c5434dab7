"""The type checker over the code: mypy, as CI runs the suite, so a call to a method no class has or a
wrong record type cannot come back unseen. Nothing is excluded: the table service's parts are
functions of a typed table and import what they call."""
from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent


def test_the_code_type_checks() -> None:
    out, err, status = api.run([
        "--config-file", str(ROOT / "pyproject.toml"), "--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache"),
        "--follow-imports", "silent", str(ROOT / "bot"), str(ROOT / "cogs"), str(ROOT / "images")])
    assert status == 0, out + err
