"""A season's end, kept by the service's one clock (``bot.service.clock.Timer``): when a season's end
comes, its standings are computed as they stand then, kept (``Tx.end_season``, once: a second process
finds it ended and writes nothing) and posted in the channel it was made in."""
from __future__ import annotations

import math
from typing import Callable, Protocol

from bot.service.seasons.strata import season_strata
from bot.service.seasons.views import current, standings_text
from bot.service.table.live import Presenter
from bot.storage.interface import Storage
from bot.storage.records import Season

LOOK_AGAIN = 60.0
"""Seconds between looks at the seasons when none is due sooner: a season made by another process
of a cluster is seen this late at most."""
ENDED = "**Season over**"


class SeasonRoom(Protocol):
    """What the seasons' end uses of the table service."""

    storage: Storage
    presenter: Presenter
    clock: Callable[[], float]

    def owns(self, guild_id: int) -> bool: ...


class SeasonEnds:
    """The clock's timer of every season's end (one per process)."""

    def __init__(self, room: SeasonRoom):
        self.room = room
        self._next = -math.inf  # the next time to look: at once, then the next end or LOOK_AGAIN

    def next_time(self) -> float | None:
        return self._next

    def changed(self) -> None:
        self._next = -math.inf

    async def tick(self) -> None:
        now = self.room.clock()
        if now < self._next:
            return
        self._next = now + LOOK_AGAIN  # a failed look is not retried at once
        for season in await self.room.storage.due_seasons(now):
            if self.room.owns(season.guild_id):
                await self.end(season, now)
        upcoming = await self.room.storage.next_season_end()
        if upcoming is not None and upcoming > now:  # one due now is another process's server's
            self._next = min(self._next, upcoming)

    async def end(self, season: Season, now: float) -> None:
        """Keep the season's final standings and post them, once."""
        storage = self.room.storage
        lines = await current(storage, season, season.ends_at)
        async with storage.transaction() as tx:
            kept = await tx.end_season(season.id, now, lines)
        if kept:
            names = await storage.player_names(season.guild_id, [line.user_id for line in lines])
            strata = await season_strata(storage, season, lines, season.ends_at)
            await self.room.presenter.announce(season.guild_id, season.channel_id, ENDED, f"{season.name}: final standings\n"
                                               f"{standings_text(season, lines, names, strata=strata)}")
