"""A season's standings as people read them: the lines (``current``: the kept final standings of a
season that ended, else computed now from what is stored), a text, and the view ``images.stats_card``
draws as a sheet of rows (the same sheet as /stats's overview, in Discord's 400 x 300 box); a season
with bounties shows each member's knockouts, a bridge season each member's stratum (``strata``)."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Mapping, Sequence

from bot.service.seasons.bounties import season_knockouts
from bot.service.seasons.finishes import finishes
from bot.service.seasons.standings import standings
from bot.service.seasons.strata import Stratum
from bot.storage.interface import Storage
from bot.storage.records import Season, SeasonLine

FORMULA_WORDS = {"field": "100 x ln(entrants + 1) / place", "fixed": "fixed points per place",
                 "funbridge": "Funbridge points, 20% off a month", "percentage": "average session percentage",
                 "masterpoints": "masterpoints by place and field size"}


async def current(storage: Storage, season: Season, now: float) -> list[SeasonLine]:
    """The season's standings: as kept at its end, or as they stand at ``now`` (its end at the latest)."""
    if season.ended_at is not None:
        return list(season.final)
    until = min(now, season.ends_at)
    found = finishes(await storage.season_sources(season.guild_id, season.starts_at, until))
    return standings(season.rule, found, until, await season_knockouts(storage, season, until, found))


def day(at: float) -> str:
    return datetime.fromtimestamp(at, timezone.utc).strftime("%Y-%m-%d")


def describe(season: Season) -> str:
    """One line: when it runs, what it counts and how."""
    rule = season.rule
    counted = "all results" if rule.best is None else f"the best {rule.best} results"
    extra = f", {rule.participation:g} points a result played" if rule.participation else ""
    extra += f", {rule.bounty:g} points a knockout" if rule.bounty else ""
    state = f"ended {day(season.ended_at)}" if season.ended_at is not None else f"{day(season.starts_at)} to {day(season.ends_at)}"
    return f"{season.name}: {state}; {', '.join(rule.formats)}; {FORMULA_WORDS[rule.formula]}, {counted}{extra}"


def figure(season: Season, line: SeasonLine) -> str:
    return f"{line.points:.2f}%" if season.rule.formula == "percentage" else f"{line.points:g}"


def standings_text(season: Season, lines: Sequence[SeasonLine], names: Mapping[int, str], limit: int = 20,
                   strata: Mapping[int, Stratum] | None = None) -> str:
    """The standings as lines of text ("1. Ann: 230.26 (3 results, 2 counted, 2 knockouts) · stratum B:
    1st, 7.5 masterpoints"), the first ``limit``."""
    if not lines:
        return "No results yet."
    shown = [f"{line.place}. {names.get(line.user_id, 'A member')}: {figure(season, line)}"
             f" ({line.results} result{'s' if line.results != 1 else ''}"
             f"{f', {line.counted} counted' if line.counted != line.results else ''}"
             f"{f', {line.knockouts} knockout' + ('s' if line.knockouts != 1 else '') if season.rule.bounty else ''})"
             f"{_stratum_text((strata or {}).get(line.user_id))}" for line in lines[:limit]]
    if len(lines) > limit:
        shown.append(f"... and {len(lines) - limit} more")
    return "\n".join(shown)


def _stratum_text(found: Stratum | None) -> str:
    return "" if found is None else f" · stratum {found.letter}: {found.place}, {found.held:g} masterpoints"


def standings_view(season: Season, lines: Sequence[SeasonLine], names: Mapping[int, str],
                   strata: Mapping[int, Stratum] | None = None) -> dict[str, Any]:
    """The picture's view: a row a member (place and name, points, results, counted; knockouts where
    the season gives bounties; stratum and place in it, and masterpoints held, for a bridge season)."""
    title = "Final standings" if season.ended_at is not None else "Standings"
    score = "Average" if season.rule.formula == "percentage" else "Points"
    columns = ["Player", score, "Results", "Counted"] + (["Knockouts"] if season.rule.bounty else [])
    rows = [[f"{line.place}. {names.get(line.user_id, 'A member')}", figure(season, line), str(line.results),
             str(line.counted)] + ([str(line.knockouts)] if season.rule.bounty else []) for line in lines]
    if strata:
        columns += ["Stratum", "Held"]
        for row, line in zip(rows, lines):
            found = strata.get(line.user_id)
            row += [f"{found.letter} {found.place}", f"{found.held:g}"] if found else ["", ""]
    return {"player": season.name, "game": title, "columns": columns, "rows": rows}
