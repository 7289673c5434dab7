"""Prometheus metrics through the real bot: a hand played by members shows its actions, their latency,
the renders and the open table; a Discord HTTP failure and a 429 wait are counted; and the endpoint
serves them over HTTP on 127.0.0.1."""
from __future__ import annotations

import logging
import socket
import urllib.request
from typing import Any

import discord
import pytest
from prometheus_client import generate_latest

from bot.adapter.traffic.metrics import Metrics
from tests.support.harness import Harness, User

ALICE, BOB = User(1001, "Alice"), User(1002, "Bob")


def _value(text: str, name: str, **labels: str) -> float:
    for line in text.splitlines():
        if line.startswith(name + "{") and all(f'{k}="{v}"' in line for k, v in labels.items()):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


async def test_a_hand_shows_in_the_metrics(tmp_path: Any) -> None:
    h = await Harness.start(str(tmp_path / "m.db"))
    metrics = Metrics("shards 0,1 of 4")
    metrics.attach(h.bot)
    try:
        await h.command(ALICE, "holdem", "create")
        await h.command(BOB, "holdem", "join")
        await h.command(ALICE, "holdem", "start")
        text = generate_latest(metrics.registry).decode()
        assert _value(text, "cardroom_open_tables", cluster="shards 0,1 of 4", game="holdem") == 1
        live = next(iter(h.bot.service.tables.values()))
        to_act = ALICE if live.table_seat_of(live.engine.to_act()[0]).user_id == ALICE.id else BOB
        await h.press_label(to_act, "Fold")
        text = generate_latest(metrics.registry).decode()
        assert _value(text, "cardroom_actions_total", game="holdem") == 1
        assert _value(text, "cardroom_action_seconds_count", game="holdem") == 1
        assert _value(text, "cardroom_render_seconds_count") >= 1

        async def refused(*args: Any, **kwargs: Any) -> Any:
            raise discord.HTTPException(type("Response", (), {"status": 503, "reason": "down"})(), "down")

        with pytest.raises(discord.HTTPException):
            await metrics.counting(refused)("PATCH", "/x")
        logging.getLogger("discord.http").warning(
            "We are being rate limited. %s %s responded with 429. Retrying in %.2f seconds.", "PATCH", "/x", 1.5)
        text = generate_latest(metrics.registry).decode()
        assert _value(text, "cardroom_discord_rate_limit_waits_total") == 1
        assert _value(text, "cardroom_discord_rate_limit_wait_seconds_total") == 1.5
        assert _value(text, "cardroom_discord_http_errors_total", status="503") == 1
        with socket.socket() as probe:  # a free port on 127.0.0.1
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        metrics.serve(port, addr="127.0.0.1")
        direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never through a proxy
        with direct.open(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
            served = response.read().decode()
        assert 'cardroom_actions_total{cluster="shards 0,1 of 4",game="holdem"} 1.0' in served
    finally:
        metrics.detach()
        await h.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_the_bot_serves_its_metrics_until_it_closes(tmp_path: Any) -> None:
    port = _free_port()
    h = await Harness.start(str(tmp_path / "m.db"), metrics_port=port, metrics_addr="127.0.0.1")
    await h.command(ALICE, "holdem", "create")
    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never through a proxy
    with direct.open(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        served = response.read().decode()
    assert _value(served, "cardroom_open_tables", cluster="all", game="holdem") == 1
    await h.close()
    with pytest.raises(OSError):  # nothing listens any more (refused)
        direct.open(f"http://127.0.0.1:{port}/metrics", timeout=5)
    restarted = Metrics("all")  # and a restarted bot can serve on the same port
    restarted.serve(port, addr="127.0.0.1")
    restarted.stop()
