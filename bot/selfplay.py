"""Computer players playing complete games through the same service, storage and renderer as Discord.

Used to watch a game without a token (``--images DIR``), to measure speed, and by the tests as a
check that a game always finishes with every chip accounted for.
"""
from __future__ import annotations

import logging
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from bot.games.cards import new_seed
from bot.registry import game
from bot.storage.interface import HOUSE
from bot.storage import open_storage
from bot.service.table.live import LiveTable
from bot.service.tables import TableService

log = logging.getLogger(__name__)
GUILD = 1
CHANNEL = 1


@dataclass
class RenderingPresenter:
    """Renders what Discord would show; writes the PNGs to ``images`` if given."""

    images: Path | None = None
    render_ms: list[float] = field(default_factory=list)
    announced: list[tuple[int, str, str]] = field(default_factory=list)
    """What would be posted in channels: (channel, text, report), e.g. a bridge event's board results."""
    _last_deal: int = 0

    def _render(self, fn: Callable[..., bytes], *args: Any) -> bytes:
        started = time.perf_counter()
        png = fn(*args)
        self.render_ms.append((time.perf_counter() - started) * 1000)
        return png

    async def update(self, live: LiveTable) -> None:
        view = live.public_view()
        if view is None:
            return
        commitment = live.commitment()
        footer = f"Deck SHA-256 {commitment[:24]}…" if commitment else ""
        png = self._render(live.spec.render_table, view, footer)
        if self.images is None:
            return
        deal = live.row.hand_no
        name = f"{live.spec.name}-t{live.id}-h{deal:04d}"
        (self.images / f"{name}-table-{live.row.step:03d}.png").write_bytes(png)
        if deal != self._last_deal:
            self._last_deal = deal
            for seat in range(live.deal_size):
                hand = self._render(live.spec.render_hand, live.engine.view(seat))
                (self.images / f"{name}-seat{seat}-hand.png").write_bytes(hand)

    async def announce(self, guild_id: int, channel_id: int, text: str, report: str = "") -> None:
        self.announced.append((channel_id, text, report))

    async def closed(self, live: LiveTable, reason: str) -> None:
        return None


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3)


async def selfplay(game_name: str, games: int, players: int, seed: int | None = None,
                   db: str | None = None, images: str | None = None,
                   settings: dict[str, Any] | None = None, channel: int = CHANNEL) -> dict[str, Any]:
    """Play ``games`` complete games (deals for cash games, matches otherwise) among computer players.

    Resumes the open table of ``channel`` if the database has one (a restart after a crash)."""
    spec = game(game_name)
    most = spec.max_seats({**spec.default_settings, **(settings or {})})  # a mixed table: the fewest of its games'
    if not spec.min_players <= players <= most:
        raise ValueError(f"{spec.title} takes {spec.min_players}-{most} players.")
    directory = Path(images) if images else None
    if directory:
        directory.mkdir(parents=True, exist_ok=True)
    path = db or str(Path(tempfile.mkdtemp(prefix="cardroom-selfplay-")) / "selfplay.db")
    storage = await open_storage(path)
    presenter = RenderingPresenter(directory)
    clock = [time.time()]
    rng = random.Random(seed)
    service = TableService(storage, presenter, clock=lambda: clock[0], between_deals=0, offload_bots=False,
                           seeds=(lambda _label: "%064x" % rng.getrandbits(256)) if seed is not None else new_seed)
    await service.restore()
    async with storage.transaction() as tx:
        await tx.move_wallet(GUILD, HOUSE, 0)
    chips_before = await storage.total_chips()
    started = time.perf_counter()
    live = service.in_channel(channel) or await service.create(
        GUILD, channel, spec.name, HOUSE, "Selfplay", dict(settings or {}), seat_host=False)
    while len(live.row.seats) < players:
        await live.commands.add_bot(HOUSE)
    errors = 0
    while _finished(service, spec.chips) < games and errors <= 10:
        try:
            if live.row.status == "lobby":
                await live.commands.start(HOUSE)
            elif live.row.deadline is None:
                raise RuntimeError("the table is stuck: playing, but no deal and no timer")
            else:
                clock[0] += 3600
                await service.tick()
        except Exception:
            log.exception("selfplay step failed")
            errors += 1
    elapsed = time.perf_counter() - started
    await live.commands.cancel(HOUSE, can_manage=True)
    await service.deadlines.stop()
    chips_after = await storage.total_chips()
    await storage.close()
    return {
        "game": spec.name, "games": _finished(service, spec.chips), "hands": service.deals_finished, "actions": len(service.action_ms),
        "errors": errors, "chips_conserved": chips_before == chips_after,
        "chips_before": chips_before, "chips_after": chips_after,
        "action_ms_p50": _percentile(list(service.action_ms), 0.5),
        "action_ms_p99": _percentile(list(service.action_ms), 0.99),
        "render_ms_p50": _percentile(presenter.render_ms, 0.5),
        "seconds": round(elapsed, 3), "hands_per_second": round(service.deals_finished / elapsed, 2) if elapsed else 0.0,
        "db": path,
    }


def _finished(service: TableService, cash_game: bool) -> int:
    """Games completed: deals in a cash game, matches otherwise."""
    return service.deals_finished if cash_game else service.matches_finished
