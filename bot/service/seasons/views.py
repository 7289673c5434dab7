"""A season's standings as people read them: the lines (``current``: the kept final standings of a
season that ended, else computed now from what is stored), a text, and the view ``images.stats_card``
draws as a sheet of rows (the same sheet as /stats's overview, in Discord's 400 x 300 box)."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Mapping, Sequence

from bot.service.seasons.finishes import finishes
from bot.service.seasons.standings import standings
from bot.storage.interface import Storage
from bot.storage.records import Season, SeasonLine

FORMULA_WORDS = {"field": "100 x ln(entrants + 1) / place", "fixed": "fixed points per place",
                 "funbridge": "Funbridge points, 20% off a month", "percentage": "average session percentage"}


async def current(storage: Storage, season: Season, now: float) -> list[SeasonLine]:
    """The season's standings: as kept at its end, or as they stand at ``now`` (its end at the latest)."""
    if season.ended_at is not None:
        return list(season.final)
    sources = await storage.season_sources(season.guild_id, season.starts_at, min(now, season.ends_at))
    return standings(season.rule, finishes(sources), min(now, season.ends_at))


def day(at: float) -> str:
    return datetime.fromtimestamp(at, timezone.utc).strftime("%Y-%m-%d")


def describe(season: Season) -> str:
    """One line: when it runs, what it counts and how."""
    rule = season.rule
    counted = "all results" if rule.best is None else f"the best {rule.best} results"
    extra = f", {rule.participation:g} points a result played" if rule.participation else ""
    state = f"ended {day(season.ended_at)}" if season.ended_at is not None else f"{day(season.starts_at)} to {day(season.ends_at)}"
    return f"{season.name}: {state}; {', '.join(rule.formats)}; {FORMULA_WORDS[rule.formula]}, {counted}{extra}"


def figure(season: Season, line: SeasonLine) -> str:
    return f"{line.points:.2f}%" if season.rule.formula == "percentage" else f"{line.points:g}"


def standings_text(season: Season, lines: Sequence[SeasonLine], names: Mapping[int, str], limit: int = 20) -> str:
    """The standings as lines of text ("1. Ann: 230.26 (3 results, 2 counted)"), the first ``limit``."""
    if not lines:
        return "No results yet."
    shown = [f"{line.place}. {names.get(line.user_id, 'A member')}: {figure(season, line)}"
             f" ({line.results} result{'s' if line.results != 1 else ''}"
             f"{f', {line.counted} counted' if line.counted != line.results else ''})" for line in lines[:limit]]
    if len(lines) > limit:
        shown.append(f"... and {len(lines) - limit} more")
    return "\n".join(shown)


def standings_view(season: Season, lines: Sequence[SeasonLine], names: Mapping[int, str]) -> dict[str, Any]:
    """The picture's view: a row a member (place and name, points, results, counted)."""
    title = "Final standings" if season.ended_at is not None else "Standings"
    score = "Average" if season.rule.formula == "percentage" else "Points"
    return {"player": season.name, "game": title, "columns": ["Player", score, "Results", "Counted"],
            "rows": [[f"{line.place}. {names.get(line.user_id, 'A member')}", figure(season, line), str(line.results),
                      str(line.counted)] for line in lines]}
