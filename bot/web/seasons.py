"""Seasons and achievements on the web: a server's seasons, one's standings (as kept at its end, or
as they stand now, read as the commands read them: ``bot.service.seasons.views.current``, with a bridge
season's strata) and a player's places and achievements."""
from __future__ import annotations

import time
from typing import Any

from bot.service.seasons.masterpoints import stratum
from bot.service.seasons.strata import masterpoints_held, season_strata
from bot.service.seasons.views import current
from bot.storage.interface import Storage
from bot.storage.records import Season
from bot.web.data import missing, unnamed


def _season(season: Season) -> dict[str, Any]:
    rule = season.rule
    return {"id": season.id, "name": season.name, "starts_at": season.starts_at, "ends_at": season.ends_at,
            "ended_at": season.ended_at, "formats": list(rule.formats), "formula": rule.formula,
            "best": rule.best, "participation": rule.participation, "bounty": rule.bounty}


async def seasons(storage: Storage, guild_id: int) -> dict[str, Any]:
    return {"seasons": [_season(s) for s in await storage.seasons(guild_id)]}


async def season(storage: Storage, guild_id: int, season_id: int) -> dict[str, Any]:
    found = next((s for s in await storage.seasons(guild_id) if s.id == season_id), None)
    if found is None:
        raise missing(f"There is no season #{season_id} on this server.")
    now = time.time()
    lines = await current(storage, found, now)
    strata = await season_strata(storage, found, lines, now)
    names = await storage.player_names(guild_id, [line.user_id for line in lines])
    return {**_season(found), "final": found.ended_at is not None,
            "lines": [{"place": ln.place, "user_id": str(ln.user_id), "name": names.get(ln.user_id, unnamed(ln.user_id)),
                       "points": ln.points, "results": ln.results, "counted": ln.counted, "knockouts": ln.knockouts}
                      | ({"stratum": strata[ln.user_id].letter, "stratum_place": strata[ln.user_id].place,
                          "masterpoints": strata[ln.user_id].held} if ln.user_id in strata else {}) for ln in lines]}


async def player_seasons(storage: Storage, guild_id: int, user_id: int) -> dict[str, Any]:
    """The member's place in each season they have a line in, the masterpoints they hold from bridge
    events and their stratum (as ``/profile`` shows them), and the achievements they earned."""
    now, places = time.time(), []
    for found in await storage.seasons(guild_id):
        line = next((ln for ln in await current(storage, found, now) if ln.user_id == user_id), None)
        if line is not None:
            places.append({"season": found.id, "name": found.name, "place": line.place, "points": line.points,
                           "final": found.ended_at is not None})
    earned = [{"kind": a.kind, "earned_at": a.earned_at, "table": a.table_id, "hand": a.hand_no}
              for a in await storage.achievements(guild_id, user_id)]
    held = (await masterpoints_held(storage, guild_id, now)).get(user_id, 0.0)
    return {"seasons": places, "masterpoints": held, "stratum": stratum(held) if held else None, "achievements": earned}
