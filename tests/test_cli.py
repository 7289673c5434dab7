"""``python -m bot``: a clear error without a token, and selfplay through the real service."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def test_run_without_a_token_exits_2_with_one_line(tmp_path: Path) -> None:
    result = _run("run", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "DISCORD_TOKEN" in result.stderr


def test_selfplay_holdem_json_and_export(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    images = tmp_path / "img"
    result = _run("selfplay", "holdem", "--games", "6", "--players", "3", "--seed", "4", "--db", str(db),
                  "--images", str(images), "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    for key in ("game", "games", "hands", "actions", "errors", "chips_conserved", "action_ms_p50",
                "action_ms_p99", "render_ms_p50"):
        assert key in summary
    assert summary["games"] == 6 and summary["errors"] == 0 and summary["chips_conserved"] is True
    assert summary["actions"] > 6
    pngs = list(images.glob("*.png"))
    assert any("table" in p.name for p in pngs) and any("hand" in p.name for p in pngs)
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in pngs)
    exported = _run("export", "1", "--db", str(db), cwd=tmp_path)
    assert exported.returncode == 0
    assert exported.stdout.count("# hand ") == 6 and "variant = " in exported.stdout
