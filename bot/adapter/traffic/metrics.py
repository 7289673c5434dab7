"""Prometheus metrics of one bot process, per cluster: served on ``CARDROOM_METRICS_PORT`` when set.

Open tables per game (read at each scrape), actions and their latency (engine and storage) per game,
render time, Discord HTTP errors by status, and rate-limit waits (discord.py's own retries, read from
its ``discord.http`` log). Every series carries a ``cluster`` label (``shards 0,1 of 4``, or ``all``),
so one dashboard sums or compares clusters.
"""
from __future__ import annotations

import logging
import threading
from typing import Any, Awaitable, Callable, Iterator
from wsgiref.simple_server import WSGIServer

import discord
from prometheus_client import CollectorRegistry, Counter, Histogram, start_http_server
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from bot.adapter.protocol import Cardroom

LATENCY = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class _OpenTables(Collector):
    def __init__(self, bot: Cardroom, cluster: str):
        self.bot, self.cluster = bot, cluster

    def collect(self) -> Iterator[GaugeMetricFamily]:
        family = GaugeMetricFamily("cardroom_open_tables", "Tables this process drives, by game",
                                   labels=["cluster", "game"])
        counts: dict[str, int] = {}
        for live in getattr(getattr(self.bot, "service", None), "tables", {}).values():
            counts[live.spec.name] = counts.get(live.spec.name, 0) + 1
        for name, count in sorted(counts.items()):
            family.add_metric([self.cluster, name], count)
        yield family


class _RateLimitLog(logging.Handler):
    """discord.py logs each 429 it waits out, with the seconds it waits as the last argument."""

    def __init__(self, metrics: "Metrics"):
        super().__init__(logging.WARNING)
        self.metrics = metrics

    def emit(self, record: logging.LogRecord) -> None:
        message = str(record.msg)
        args = record.args
        if "rate limit" in message and "Retrying in" in message and isinstance(args, tuple) and args:
            waited = float(str(args[-1]))
            self.metrics.rate_limit_waits.labels(self.metrics.cluster).inc()
            self.metrics.rate_limit_seconds.labels(self.metrics.cluster).inc(waited)


class Metrics:
    """The series of one process, on a registry of its own (tests read it with ``generate_latest``)."""

    def __init__(self, cluster: str, registry: CollectorRegistry | None = None):
        self.cluster = cluster
        self.registry = registry or CollectorRegistry()
        r = self.registry
        self.actions = Counter("cardroom_actions", "Actions applied", ["cluster", "game"], registry=r)
        self.action_seconds = Histogram("cardroom_action_seconds", "Action latency: engine and storage",
                                        ["cluster", "game"], buckets=LATENCY, registry=r)
        self.render_seconds = Histogram("cardroom_render_seconds", "Table and hand image render time",
                                        ["cluster"], buckets=LATENCY, registry=r)
        self.http_errors = Counter("cardroom_discord_http_errors", "Discord HTTP requests that failed, by status",
                                   ["cluster", "status"], registry=r)
        self.rate_limit_waits = Counter("cardroom_discord_rate_limit_waits", "429s discord.py waited out",
                                        ["cluster"], registry=r)
        self.rate_limit_seconds = Counter("cardroom_discord_rate_limit_wait_seconds", "Seconds waited on 429s",
                                          ["cluster"], registry=r)
        self._log = _RateLimitLog(self)
        self._served: tuple[WSGIServer, threading.Thread] | None = None

    def attach(self, bot: Cardroom) -> None:
        """Observe ``bot``: its service's actions, its presenter's renders, its HTTP failures."""
        self.registry.register(_OpenTables(bot, self.cluster))
        bot.service.on_action = self._action
        bot.presenter.on_render = lambda seconds: self.render_seconds.labels(self.cluster).observe(seconds)
        logging.getLogger("discord.http").addHandler(self._log)
        # discord.py builds its HTTPClient itself: its request is wrapped in place, keeping its signature
        bot.http.request = self.counting(bot.http.request)  # type: ignore[method-assign,assignment]

    def counting(self, request: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        """``request`` (discord.py's ``HTTPClient.request``) counting the failures it raises, by status."""

        async def counted(*args: Any, **kwargs: Any) -> Any:
            try:
                return await request(*args, **kwargs)
            except discord.HTTPException as error:
                self.http_errors.labels(self.cluster, str(error.status)).inc()
                raise

        return counted

    def detach(self) -> None:
        """Stop observing and serving: the bot is closing (its port is free again once this returns)."""
        logging.getLogger("discord.http").removeHandler(self._log)
        self.stop()

    def _action(self, game_name: str, seconds: float) -> None:
        self.actions.labels(self.cluster, game_name).inc()
        self.action_seconds.labels(self.cluster, game_name).observe(seconds)

    def serve(self, port: int, addr: str = "0.0.0.0") -> None:
        """Serve ``/metrics`` (all interfaces by default: Prometheus scrapes from elsewhere) in a thread,
        until ``stop``."""
        self.stop()
        self._served = start_http_server(port, addr=addr, registry=self.registry)

    def stop(self) -> None:
        """Stop serving and close the listening socket."""
        if self._served is not None:
            server, thread = self._served
            self._served = None
            server.shutdown()
            server.server_close()
            thread.join()
