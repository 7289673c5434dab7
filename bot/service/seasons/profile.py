"""A member's profile card: their games (hands and rating, as /stats shows ratings: from 1,000 and
never below 0), the masterpoints they hold from bridge events and their stratum, their places in the
server's seasons, and their achievements; the view ``images.profile_card`` draws, and the same in one
line of text."""
from __future__ import annotations

from typing import Any, Mapping

from bot.service.seasons.achievements import ACHIEVEMENTS
from bot.service.seasons.awards import catch_up
from bot.service.seasons.masterpoints import stratum
from bot.service.seasons.strata import masterpoints_held
from bot.service.seasons.views import current, figure
from bot.service.stats.rating_scale import shown_rating
from bot.storage.interface import Storage


async def profile_view(storage: Storage, guild_id: int, user_id: int, name: str, titles: Mapping[str, str],
                       now: float) -> dict[str, Any]:
    """Everything the card shows of the member on this server (achievements caught up first)."""
    rows = await storage.stats(guild_id, user_id)
    await catch_up(storage, guild_id, user_id, [game for game, *_ in rows], now)
    seasons = []
    for season in await storage.seasons(guild_id):
        lines = await current(storage, season, now)
        mine = next((line for line in lines if line.user_id == user_id), None)
        if mine is not None:
            seasons.append([season.name, f"{mine.place} of {len(lines)}", figure(season, mine)])
    ratings = [rating for *_, rating in rows if rating is not None]
    earned = {a.kind for a in await storage.achievements(guild_id, user_id)}
    held = (await masterpoints_held(storage, guild_id, now)).get(user_id)
    return {"player": name, "title": "Profile",
            "figures": [("Hands", f"{sum(r[1] for r in rows):,}"), ("Games", str(len(rows))),
                        ("Matches won", str(sum(r[4] for r in rows))),
                        ("Best rating", shown_rating(max(ratings) if ratings else None))],
            "masterpoints": [f"{held:g}", stratum(held)] if held else None,
            "games": [[titles.get(game, game), f"{hands:,}", shown_rating(rating)]
                      for game, hands, _, _, _, rating in sorted(rows, key=lambda r: -r[1])],
            "seasons": seasons,
            "achievements": [title for kind, title in ACHIEVEMENTS.items() if kind in earned]}


def profile_text(view: Mapping[str, Any]) -> str:
    """The card in a few words, for readers without images."""
    figures = ", ".join(f"{label} {value}" for label, value in view["figures"])
    seasons = "; ".join(f"{name}: {place}" for name, place, _ in view["seasons"])
    earned = ", ".join(view["achievements"]) or "none yet"
    held = f" Masterpoints: {view['masterpoints'][0]} (stratum {view['masterpoints'][1]})." if view.get("masterpoints") else ""
    return f"{figures}.{held}" + (f" Seasons: {seasons}." if seasons else "") + f" Achievements: {earned}."
