"""The type checker over the code: mypy, as CI runs the suite, so a call to a method no class has or a
wrong record type cannot come back unseen. Nothing is excluded: the table service's parts are
functions of a typed table and import what they call. And pyflakes over everything in the
repository, so an import or a name left behind by a change is seen the day it is left."""
from __future__ import annotations

import io
from pathlib import Path

from mypy import api
from pyflakes import api as flakes
from pyflakes.reporter import Reporter

ROOT = Path(__file__).resolve().parent.parent


def test_the_code_type_checks() -> None:
    out, err, status = api.run([
        "--config-file", str(ROOT / "pyproject.toml"), "--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache"),
        "--follow-imports", "silent", str(ROOT / "bot"), str(ROOT / "cogs"), str(ROOT / "images")])
    assert status == 0, out + err


def test_nothing_is_imported_or_assigned_for_nothing() -> None:
    found = io.StringIO()
    count = flakes.checkRecursive([str(ROOT / d) for d in ("bot", "cogs", "images", "tests", "bench")],
                                  Reporter(found, found))
    assert count == 0, found.getvalue()
