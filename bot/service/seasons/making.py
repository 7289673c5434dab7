"""A season made by a manager: its words checked once (``UserError`` says what is wrong), stored, and
the clock told a new end may be the next."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Sequence

from bot.errors import UserError
from bot.storage.interface import Storage
from bot.storage.records import FORMATS, FORMULAS, Season, SeasonRule

MAX_SEASONS = 20
"""Seasons a server may have running at once."""


def parse_day(text: str, what: str) -> float:
    """A day written YYYY-MM-DD, as the unix time of its midnight (UTC)."""
    try:
        return datetime.strptime(text.strip(), "%Y-%m-%d").replace(tzinfo=timezone.utc).timestamp()
    except ValueError:
        raise UserError(f"The {what} is a day written YYYY-MM-DD (like 2026-01-31), not “{text[:20]}”.") from None


def parse_places(text: str | None) -> tuple[float, ...]:
    """The fixed formula's points per place, "10, 7, 5" (the default when None)."""
    if text is None:
        return SeasonRule().places
    try:
        points = tuple(float(part) for part in text.replace(";", ",").split(",") if part.strip())
    except ValueError:
        raise UserError("Points per place are numbers separated by commas, like 10, 7, 5, 3.") from None
    if not points or len(points) > 50 or any(p < 0 or p > 10**6 for p in points):
        raise UserError("Give between 1 and 50 points per place, none below 0.")
    return points


def rule_of(formats: Sequence[str], formula: str, places: str | None, best: int | None,
            participation: float, bounty: float = 0.0) -> SeasonRule:
    chosen = tuple(f for f in FORMATS if f in formats)
    if not chosen:
        raise UserError("Choose at least one kind of game the season counts (tournaments, sit-and-gos, cash, bridge).")
    if formula not in FORMULAS:
        raise UserError(f"The points rule is one of {', '.join(FORMULAS)}.")
    if formula == "percentage" and (chosen != ("bridge",) or participation):
        raise UserError("A season ranked by session percentage counts bridge events only, without participation points.")
    if formula == "masterpoints" and chosen != ("bridge",):
        raise UserError("A season scored in masterpoints counts bridge events only.")
    if places is not None and formula != "fixed":
        raise UserError("Points per place go with the fixed points rule only.")
    if bounty and not {"tournament", "sit-and-go"} & set(chosen):
        raise UserError("Bounties are for knockouts: count tournaments or sit-and-gos to give them.")
    return SeasonRule(chosen, formula, parse_places(places), best, participation, bounty)


async def create_season(storage: Storage, guild_id: int, channel_id: int, name: str, start: str, end: str,
                        rule: SeasonRule, now: float) -> Season:
    """Store a new season of the server (its final standings will be posted in ``channel_id``)."""
    name = " ".join(name.split())[:40]
    starts_at, ends_at = parse_day(start, "start"), parse_day(end, "end")
    if ends_at <= starts_at:
        raise UserError("A season ends after the day it starts.")
    if ends_at <= now:
        raise UserError("That end is already past: a season ends in the future.")
    if not name:
        raise UserError("Give the season a name.")
    if await storage.season_named(guild_id, name) is not None:
        raise UserError(f"This server already has a season named {name}.")
    if sum(s.ended_at is None for s in await storage.seasons(guild_id)) >= MAX_SEASONS:
        raise UserError(f"A server runs at most {MAX_SEASONS} seasons at once.")
    async with storage.transaction() as tx:
        season_id = await tx.insert_season(guild_id, channel_id, name, starts_at, ends_at, rule)
    return Season(season_id, guild_id, channel_id, name, starts_at, ends_at, rule)
