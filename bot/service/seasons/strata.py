"""Masterpoints held and strata: every award a member won in the server's bridge events
(``masterpoints.award``) until a time, and a bridge season's standings ranked again within each stratum
of points held (``masterpoints.STRATA``), held as of the standings' time (a season's end once it ended),
so kept standings keep their strata."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from bot.service.seasons.finishes import bridge_finishes
from bot.service.seasons.masterpoints import STRATA, award, stratum
from bot.service.seasons.standings import Finish, shared_places
from bot.storage.interface import Storage
from bot.storage.records import Season, SeasonLine


@dataclass(frozen=True)
class Stratum:
    """A member's stratum in a bridge season: its letter, the masterpoints they hold, their place in it."""

    letter: str
    held: float
    place: int


def held_points(finishes: Iterable[Finish]) -> dict[int, float]:
    """Each member's masterpoints from their bridge finishes (computer players hold none)."""
    held: dict[int, int] = {}
    for finish in finishes:
        if finish.format == "bridge" and finish.user_id > 0:
            held[finish.user_id] = held.get(finish.user_id, 0) + round(100 * award(finish.place, finish.tied, finish.entrants))
    return {user: hundredths / 100 for user, hundredths in held.items()}


def strata(lines: Sequence[SeasonLine], held: dict[int, float]) -> dict[int, Stratum]:
    """Each line's stratum and its place among the lines of that stratum (equal points share one)."""
    found: dict[int, Stratum] = {}
    for letter, _ in STRATA:
        mine = [line for line in lines if stratum(held.get(line.user_id, 0.0)) == letter]
        for line, place in zip(mine, shared_places([-line.points for line in mine])):
            found[line.user_id] = Stratum(letter, held.get(line.user_id, 0.0), place)
    return found


async def masterpoints_held(storage: Storage, guild_id: int, until: float) -> dict[int, float]:
    """What every member of the server holds from the bridge events revealed before ``until``."""
    return held_points(bridge_finishes(await storage.event_boards(guild_id, 0.0, until)))


async def season_strata(storage: Storage, season: Season, lines: Sequence[SeasonLine], now: float) -> dict[int, Stratum]:
    """A bridge season's strata (none for a season that counts anything but bridge events)."""
    if season.rule.formats != ("bridge",):
        return {}
    return strata(lines, await masterpoints_held(storage, season.guild_id, min(now, season.ends_at)))
