"""``python -m bot``: one clear line without a token, a network or a valid token, and selfplay through
the real service. The bot's Discord traffic goes to 127.0.0.1 only."""
from __future__ import annotations

import asyncio
import json
import os
import random
import re
import socket
import subprocess
import sys
from pathlib import Path

from aiohttp import web

from bot.games.phh import RoomHandHistory
from bot.storage.records import StoredHand
from tests.support.played_tables import play
from tests.support.pokerstars_checks import check_hand, split_hands
from tests.support.service_rig import GUILD, Clock, open_service

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


def test_selfplay_holdem_json_and_export(tmp_path: Path, database: str) -> None:
    """On both backends: ``--db`` takes an SQLite file or a postgresql:// URL."""
    db = database
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
    hands = list(RoomHandHistory.loads_all(exported.stdout))  # one PHHS file, a table per hand
    assert [h.hand for h in hands] == [1, 2, 3, 4, 5, 6] and {h.variant for h in hands} == {"NT"}


def test_export_as_pokerstars_hand_histories(tmp_path: Path) -> None:
    """``--format pokerstars`` as ``/export format:pokerstars`` writes it: every hand of a table played
    through the service (run it twice among them), for nobody or for ``--hero``, read back by the
    independent reader and checked against the stored record; ``--names seats``; other games refused."""
    db = tmp_path / "c.db"

    async def played() -> tuple[list[tuple[int, StoredHand]], int]:
        service = await open_service(str(db))
        try:
            ((live, hands), *_) = await play(service, Clock(), 1, "holdem", {"run_it_twice": True}, 3, random.Random(3))
            gin = await service.create(GUILD, 99, "gin", 1, "p1", {}, None)
            assert live.id == 1
            return hands, gin.id
        finally:
            await service.storage.close()

    hands, gin = asyncio.run(played())
    hero = hands[0][1].record["users"][0]
    for options, hero_of in (([], None), (["--hero", str(hero)], hero)):
        exported = _run("export", "1", "--db", str(db), "--format", "pokerstars", *options, cwd=tmp_path)
        assert exported.returncode == 0, exported.stderr
        texts = split_hands(exported.stdout)
        assert len(texts) == len(hands) and ("Dealt to" in exported.stdout) == (hero_of is not None)
        for (hand_no, record), text in zip(hands, texts):
            check_hand(text, 1, hand_no, record, hero=hero_of)
    assert "Hand was run twice" in exported.stdout
    seats = _run("export", "1", "--db", str(db), "--format", "pokerstars", "--names", "seats", "--hero", str(hero),
                 cwd=tmp_path)
    seat = hands[0][1].record["seats"][0] + 1
    assert f"Dealt to Seat {seat} [" in seats.stdout and "Seat 1: Seat 1 (" in seats.stdout
    refused = _run("export", str(gin), "--db", str(db), "--format", "pokerstars", cwd=tmp_path)
    assert refused.returncode == 2 and refused.stdout == ""
    assert f"Gin rummy hands export as JSON only (python -m bot export {gin})" in refused.stderr


def _start_against(api: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``python -m bot run`` with a token, its Discord API base pointed at ``api`` (on 127.0.0.1)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "CARDROOM_"))}
    env |= {"PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "x" * 59, "CARDROOM_DB": str(tmp_path / "c.db")}
    wrapper = ("import sys, discord.http\n"
               f"discord.http.Route.BASE = {api!r}\n"
               "from bot.__main__ import main\n"
               "sys.exit(main(['run']))\n")
    return subprocess.run([sys.executable, "-c", wrapper], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)


def _one_error_line(result: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in result.stderr, result.stderr
    errors = [line for line in result.stderr.splitlines() if not re.match(r"\d{4}-\d\d-\d\d ", line)]
    assert len(errors) == 1 and errors[0].startswith("error: "), result.stderr
    return errors[0]


def test_run_without_a_network_prints_one_line(tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port on 127.0.0.1 that nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = _start_against(f"http://127.0.0.1:{port}/api/v10", tmp_path)
    assert result.returncode == 1
    assert "cannot reach Discord" in _one_error_line(result)


async def test_run_with_a_refused_token_prints_one_line(tmp_path: Path) -> None:
    async def unauthorized(request: web.Request) -> web.Response:
        return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", unauthorized)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        result = await asyncio.to_thread(_start_against, f"http://127.0.0.1:{port}/api/v10", tmp_path)
    finally:
        await runner.cleanup()
    assert result.returncode == 2
    assert "refused the token" in _one_error_line(result)
