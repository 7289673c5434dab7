"""Seasons and achievements on the web: a server's seasons, one's standings (as kept at its end, or
as they stand now, from the same pure rules the commands use) and a player's places and achievements."""
from __future__ import annotations

import time
from typing import Any

from bot.service.seasons.finishes import finishes
from bot.service.seasons.standings import standings
from bot.storage.interface import Storage
from bot.storage.records import Season, SeasonLine
from bot.web.data import missing, unnamed


async def lines_of(storage: Storage, season: Season, now: float) -> list[SeasonLine]:
    """The final standings once it ended, else as they stand from what it counts so far."""
    if season.ended_at is not None:
        return list(season.final)
    sources = await storage.season_sources(season.guild_id, season.starts_at, min(now, season.ends_at))
    return standings(season.rule, finishes(sources), now)


def _season(season: Season) -> dict[str, Any]:
    rule = season.rule
    return {"id": season.id, "name": season.name, "starts_at": season.starts_at, "ends_at": season.ends_at,
            "ended_at": season.ended_at, "formats": list(rule.formats), "formula": rule.formula,
            "best": rule.best, "participation": rule.participation}


async def seasons(storage: Storage, guild_id: int) -> dict[str, Any]:
    return {"seasons": [_season(s) for s in await storage.seasons(guild_id)]}


async def season(storage: Storage, guild_id: int, season_id: int) -> dict[str, Any]:
    found = next((s for s in await storage.seasons(guild_id) if s.id == season_id), None)
    if found is None:
        raise missing(f"There is no season #{season_id} on this server.")
    lines = await lines_of(storage, found, time.time())
    names = await storage.player_names(guild_id, [line.user_id for line in lines])
    return {**_season(found), "final": found.ended_at is not None,
            "lines": [{"place": ln.place, "user_id": str(ln.user_id), "name": names.get(ln.user_id, unnamed(ln.user_id)),
                       "points": ln.points, "results": ln.results, "counted": ln.counted} for ln in lines]}


async def player_seasons(storage: Storage, guild_id: int, user_id: int) -> dict[str, Any]:
    """The member's place in each season they have a line in, and the achievements they earned."""
    now, places = time.time(), []
    for found in await storage.seasons(guild_id):
        line = next((ln for ln in await lines_of(storage, found, now) if ln.user_id == user_id), None)
        if line is not None:
            places.append({"season": found.id, "name": found.name, "place": line.place, "points": line.points,
                           "final": found.ended_at is not None})
    earned = [{"kind": a.kind, "earned_at": a.earned_at, "table": a.table_id, "hand": a.hand_no}
              for a in await storage.achievements(guild_id, user_id)]
    return {"seasons": places, "achievements": earned}
